"""rankviz: the companion module of the course on the theory of learning to rank.

The chapters' notebooks import what they compute, draw and check from the modules below, each
listed under the chapter whose notebook first uses it. ``help(rankviz.metrics)`` shows a module's
functions with their parameters and examples, and the course website's API reference has a page
for each module (``make site`` builds it into ``build/site/api/``).

The start page: Start here
    exercises                Checkers for the chapters' exercises: write your answer, run
                             ``check``, read what holds.
Chapter 01: The ranking problem: data, losses and measures
    bayes                    Ranking losses, loss matrices and Bayes-optimal permutations, computed
                             exactly for small n.
    measures                 Measures of a ranked list (chapter 01): precision@k, AP and MAP, DCG
                             and NDCG, ERR.
    metrics                  Chapter 02: ROC and precision-recall curves, AUC, bipartite misranking
                             and ties.
    pairwise                 Pairwise losses: disagreement with a preference graph, emphasis
                             functions and ``L_omega``.
    permutations             One convention for rankings, used by every chapter.
    plotting                 Drawing functions for the chapters and their dashboards, one module
                             per chapter.
    retrieval_measures       What retrieval evaluations report (chapter 01): reciprocal rank,
                             recall@k, R-precision, averages.
    samples                  The three kinds of supervision for ranking, and how each becomes a
                             preference graph.
    widgets                  Interactive dashboards, one module per chapter, on one shared
                             mechanism.
Chapter 02: ROC curves and the AUC
    auc_inference            Chapter 02: the uncertainty of an empirical AUC, intervals, paired
                             tests and the partial AUC.
    bounds                   Generalization and deviation bounds for ranking.
    distributions            Score distributions with exact ROC curves, for checking the sampled
                             ones.
Chapter 03: RankBoost
    additive                 Additive scores on the xor problem: how many of its pairs a sum of
                             one-feature terms orders.
    multipartite             Multipartite (k-partite) ranking and an efficient RankBoost for it.
    pair_problems            Pairwise problems that put RankBoost's training-error bounds to the
                             test.
    rankboost                RankBoost: boosting threshold stumps for pairwise and bipartite
                             ranking.
    real_rankboost           RankBoost with real-valued base rankers: the step found numerically.
    stumps                   Threshold stumps, RankBoost's base rankers, and the exact search over
                             all of them.
Chapter 04: Margin bounds and ranking SVMs
    max_margin               The largest pairwise margin of a linear score: the rank perceptron and
                             the margin LP.
    ranksvm                  Ranking SVMs for pairwise ranking (the rank perceptron and the margin
                             LP: rankviz.max_margin).
Chapter 05: The preference-based setting: sort-by-degree and randomized QuickSort
    kwiksort                 KwikSort as an approximation algorithm: feedback arc sets in
                             tournaments.
    preference               The preference-based setting: preference functions, tournaments and
                             their losses.
    quicksort                The second stage of the preference-based setting: from a preference
                             function to a ranking.
    second_stage             Worst cases and regrets of the second stage: how much sort-by-degree
                             can lose, searched exactly.
Chapter 06: Calibration and consistency of surrogate losses
    calibration              Calibration of a surrogate: is pred of its minimiser Bayes-optimal?
                             (Chapter 06.)
    disagreement             The pairwise-disagreement loss: its risk, its Bayes orders and seed
                             002's least-squares preds.
    suboptimality            Duchi et al.'s suboptimality function H(epsilon) of eq. (8), for
                             least-squares surrogates.
    surrogates               Convex surrogates of ranking losses: one vocabulary for chapters 06
                             and 07.
Chapter 07: Inconsistency of pairwise surrogates, even in low noise
    consistency              Low noise: distributions over preference DAGs, their mean and
                             difference graphs.
    counterexamples          Counterexamples to the consistency of pairwise surrogates in low
                             noise, and their certificates.
    h_surrogates             Duchi et al.'s surrogates (12) and (13) with a general function ``h``
                             of the weights.
    hinge_lp                 The hinge's pairwise risk (12) as a linear programme: a vertex
                             minimiser, the whole optimal set.
Chapter 08: Rank aggregation and U-statistic risks
    aggregation              Rank aggregation: pairwise outcomes turned into one score per item
                             (section 5.1).
    cascade                  The cascade click model of section 5.2: simulated sessions, likelihood
                             and closed-form MLE.
    lipschitz                How strongly least-squares scores (22) react to the data: the
                             Lipschitz constant of a mask.
    plackett_luce            The Plackett-Luce model: rankings built by successive choices, and its
                             maximum likelihood.
    rank_centrality          Rank Centrality: BTL scores as the stationary distribution of a random
                             walk on the comparisons.
    round_robins             Round robins: when least squares on log-odds and the BTL maximum
                             likelihood agree (section 5.1).
    ustatistics              U-statistic risks (sections 4 and 6): aggregate judgments into
                             structures, then fit.
    ustatistics_experiment   The experiment of section 6.2 (Figure 3): does aggregating judgments
                             pay?
Chapter 09: Task scheduling by clustering a ranking
    order_margins            When do optimal schedules respect an order? Margins, the conditions
                             (M1)-(M3), and searches.
    orders                   The difference graph of a task graph and its topological orders: list
                             them, count them.
    scheduling               Task scheduling by clustering a ranking: the loss, its exact optimum
                             and two algorithms.
Chapter 10: Listwise surrogates: from RankNet to LambdaMART
    lambdamart               LambdaMART (chapter 10): gradient boosting of regression trees on
                             LambdaRank's lambdas.
    listwise                 RankNet, ListNet and LambdaRank (chapter 10): losses of one query and
                             their gradients.
    ndcg_consistency         Which listwise surrogates are NDCG-consistent: exact minimizers
                             against NDCG's Bayes set.
    query_data               Synthetic query data for learning to rank (chapter 10): queries,
                             documents, graded labels.
Supporting modules (no notebook imports them)
    chapters                 The course's chapters, in reading order: the one list every other list
                             of chapters is read from.
    doctor                   Pre-class check: ``python -m rankviz doctor``.

The package itself offers ``SolverError``, the one exception a function that calls a convex solver
raises when the solver fails, and ``__version__``.
"""

from rankviz._solvers import SolverError

__all__ = ["SolverError", "__version__"]

__version__ = "0.1.0"
