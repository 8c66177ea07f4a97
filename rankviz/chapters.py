"""The course's chapters, in reading order: the one list every other list of chapters is read from.

Each chapter is a notebook ``notebooks/NN_slug.ipynb`` and its lecture note
``lectures/NN_slug.md``; the start page (``notebooks/00_start_here.ipynb``) comes first and the
instructors' deck (chapter 11) last. What reads this list:

* the README's chapter table, a committed text that GitHub shows: ``python -m rankviz chapters``
  prints it (:func:`chapter_table`) and ``tests/test_chapters.py`` requires the two to be equal;
* the website (``site/``): the landing page's table, the menus, the API reference's grouping by
  chapter and the order of the course PDF;
* the start page's reading order (``tests/test_start_page.py`` checks its rows);
* the pre-class check ``python -m rankviz doctor`` (one tiny computation per chapter);
* the tests: every notebook and lecture on disk is a chapter here and every chapter is on disk,
  each chapter's dashboards are registered in ``rankviz.widgets`` and shown in the deck, and
  its exercise checkers are in ``rankviz/exercises/chNN.py``.

Adding a chapter starts here (CONTRIBUTING.md, "Recipe: add a chapter").
"""

from __future__ import annotations

from dataclasses import dataclass

from rankviz._validation import check_int

__all__ = [
    "CHAPTERS",
    "COURSE",
    "DECK",
    "START_PAGE",
    "Chapter",
    "chapter",
    "chapter_table",
]


@dataclass(frozen=True)
class Chapter:
    """One chapter of the course: its files, titles and dashboards.

    Attributes
    ----------
    number : int
        The chapter's number, 1 to 11 (11 is the instructors' deck).
    slug : str
        The rest of its files' names: ``notebooks/01_ranking_problem.ipynb`` has slug
        ``"ranking_problem"``.
    title : str
        The full title (the README's table, the website's menus and the API reference).
    short_title : str
        The title on the start page's reading order and in the doctor's report.
    summary : str
        What a student learns, one sentence (the "you learn" column of the README's table).
    prerequisites : tuple of int
        The chapters to read first (the start page's "needs" column).
    dashboards : tuple of str
        The dashboards of ``rankviz.widgets`` the chapter's notebook introduces (the deck shows
        them all again, one section each).
    """

    number: int
    slug: str
    title: str
    short_title: str
    summary: str
    prerequisites: tuple[int, ...] = ()
    dashboards: tuple[str, ...] = ()

    @property
    def stem(self) -> str:
        """The name its notebook and lecture share, e.g. ``"01_ranking_problem"``."""
        return f"{self.number:02d}_{self.slug}"

    @property
    def notebook(self) -> str:
        """The notebook's path in the checkout, e.g. ``"notebooks/01_ranking_problem.ipynb"``."""
        return f"notebooks/{self.stem}.ipynb"

    @property
    def lecture(self) -> str:
        """The lecture note's path in the checkout, e.g. ``"lectures/01_ranking_problem.md"``."""
        return f"lectures/{self.stem}.md"

    @property
    def is_deck(self) -> bool:
        """Whether this is the instructors' deck (questions, no exercises)."""
        return self.number == _DECK_NUMBER

    @property
    def exercises(self) -> str | None:
        """The module of its exercise checkers (``"rankviz.exercises.ch01"``); None for the deck."""
        return None if self.is_deck else f"rankviz.exercises.ch{self.number:02d}"


#: the students' start page: the first notebook, the one ``make lab`` opens (not a chapter)
START_PAGE = "notebooks/00_start_here.ipynb"
_DECK_NUMBER = 11

#: the chapters proper, in reading order
CHAPTERS: tuple[Chapter, ...] = (
    Chapter(
        1,
        "ranking_problem",
        "The ranking problem: data, losses and measures",
        "The ranking problem",
        "what a ranking problem is (relevance labels, graded labels, preferences), how a "
        "ranking's quality is measured (Precision@k, average precision, NDCG, ERR, pairwise "
        "disagreement), why these measures disagree about the same ranking, what the best "
        "possible ranking is, and what evaluations report over a set of queries (MRR, recall@k, "
        "R-precision; macro or micro averages; queries without a relevant document)",
        (),
        ("ranking_playground",),
    ),
    Chapter(
        2,
        "roc_auc",
        "ROC curves and the AUC",
        "ROC curves and the AUC",
        "how to read an ROC curve, why the AUC is the probability that a random positive is "
        "scored above a random negative, what happens with tied scores, what the AUC ignores "
        "(monotone transformations, class balance) and what it does not, how far the AUC "
        "measured on a sample can be from the truth, how to put a confidence interval on it, "
        "how to tell whether two scorers on the same test set really differ, and the partial "
        "AUC",
        (),
        ("roc_explorer",),
    ),
    Chapter(
        3,
        "rankboost",
        "RankBoost",
        "RankBoost",
        "how boosting combines simple threshold rules into a ranking, where its step size comes "
        "from, why its training error falls exponentially, how to run it fast when the task is "
        "positives against negatives, and how it relates to AdaBoost",
        (2,),
        ("rankboost_stepper",),
    ),
    Chapter(
        4,
        "margin_bounds",
        "Margin bounds and ranking SVMs",
        "Margin bounds and ranking SVMs",
        "what a generalization bound for ranking says term by term, how to choose the margin "
        "without cheating, what a simulation of the guarantee can and cannot show, and how the "
        "ranking SVM follows from the bound (primal, dual, kernels, an on-line version)",
        (3,),
        ("margin_bound_explorer",),
    ),
    Chapter(
        5,
        "preference_ranking",
        "The preference-based setting: sort-by-degree and randomized QuickSort",
        "Ranking from a preference",
        "how to turn a learned preference between pairs, which may contain cycles, into a "
        "ranking; why sorting by wins loses at most twice the preference's error, why randomized "
        "QuickSort does as well on average with far fewer comparisons, and why no deterministic "
        "method can guarantee better than that factor 2; and why the same QuickSort (KwikSort) "
        "finds an order within 3 times the fewest backward arcs of a tournament",
        (1,),
        ("tournament_explorer",),
    ),
    Chapter(
        6,
        "calibration",
        "Calibration and consistency of surrogate losses",
        "Calibration and consistency",
        "why learning algorithms minimize a convex surrogate instead of the measure itself, how "
        "to decide whether that still gives the best ranking for a measure (consistency), which "
        "surrogates work for which measures, and how fast the surrogate's regret controls the "
        "measure's",
        (1,),
        ("calibration_explorer",),
    ),
    Chapter(
        7,
        "low_noise_inconsistency",
        "Inconsistency of pairwise surrogates, even in low noise",
        "Inconsistency in low noise",
        "why the natural pairwise surrogates (hinge, logistic, exponential) can fail to find the "
        "best ranking even when the data are nearly noise-free, with counterexamples you can "
        "build and certify yourself, and a surrogate that does not fail",
        (6,),
        ("low_noise_explorer",),
    ),
    Chapter(
        8,
        "rank_aggregation",
        "Rank aggregation and U-statistic risks",
        "Rank aggregation and U-statistics",
        "how to combine many partial preferences into one ranking (least squares, Bradley–Terry, "
        "Borda, eigenvectors), how whole rankings are modelled and fitted (Plackett–Luce) and "
        "why a ranking is not the bag of its pairs, how a random walk on the comparisons recovers "
        "BTL scores (Rank Centrality), and why fitting to aggregates of many comparisons, with a "
        "number that grows with the data, makes a surrogate consistent again",
        (1, 6, 7),
        ("aggregation_explorer",),
    ),
    Chapter(
        9,
        "task_scheduling",
        "Task scheduling by clustering a ranking",
        "Task scheduling by clustering a ranking",
        "how scheduling tasks in rounds becomes a ranking problem with ties, how to solve it "
        "exactly on small instances and greedily on large ones, and how to test an unfinished "
        "draft's lemmas: which hold, which fail, and a corrected one",
        (7,),
        ("schedule_explorer",),
    ),
    Chapter(
        10,
        "listwise_surrogates",
        "Listwise surrogates: from RankNet to LambdaMART",
        "From RankNet to LambdaMART",
        "how the surrogates practice trains on sort into pointwise, pairwise and listwise; "
        "RankNet's pairwise logistic loss and ListNet's top-one cross-entropy with their "
        "gradients; why LambdaRank's NDCG-weighted gradients are the gradient of no continuous "
        "loss; how LambdaMART boosts regression trees on them, next to LightGBM's lambdarank on "
        "the same data; and which listwise surrogates are consistent for NDCG",
        (1, 6),
        ("listwise_explorer",),
    ),
)

#: the instructors' deck: one live demonstration per chapter, after the chapters
DECK = Chapter(
    _DECK_NUMBER,
    "classroom_demos",
    "Classroom demos (for instructors)",
    "Classroom demos",
    "one live demonstration per chapter: its main dashboard, a talk track (what to move, what to "
    "notice, a question with its answer) and a rehearsal cell that checks the dashboard still "
    "shows what the talk track promises; the same notebook is a slideshow",
    tuple(c.number for c in CHAPTERS),
    tuple(name for c in CHAPTERS for name in c.dashboards),
)

#: every notebook with a lecture note: the chapters, then the deck
COURSE: tuple[Chapter, ...] = (*CHAPTERS, DECK)


def chapter(number: int) -> Chapter:
    """The chapter (or the deck) with this number.

    Parameters
    ----------
    number : int
        1 to 11.

    Returns
    -------
    Chapter

    Raises
    ------
    TypeError
        If ``number`` is not an integer.
    ValueError
        If no chapter has that number.

    Examples
    --------
    >>> chapter(2).notebook
    'notebooks/02_roc_auc.ipynb'
    >>> chapter(11).is_deck
    True
    """
    number = check_int(number, "number", minimum=COURSE[0].number, maximum=COURSE[-1].number)
    return next(c for c in COURSE if c.number == number)


def chapter_table() -> str:
    """The README's chapter table, in Markdown: a row per chapter and one for the deck.

    The README holds this text between its ``<!-- chapter table: start -->`` and
    ``<!-- chapter table: end -->`` markers; ``python -m rankviz chapters`` prints it to paste
    there after a change to :data:`COURSE`.

    Returns
    -------
    str
        The table's lines, without the markers and without a final newline.

    Examples
    --------
    >>> print(chapter_table().splitlines()[0])
    | # | chapter | notebook | lecture note | you learn |
    >>> chapter_table().splitlines()[3].startswith("| 02 | ROC curves and the AUC |")
    True
    """
    lines = [
        "| # | chapter | notebook | lecture note | you learn |",
        "|---|---|---|---|---|",
    ]
    for c in COURSE:
        lines.append(
            f"| {c.number:02d} | {c.title} | [{c.notebook}]({c.notebook}) "
            f"| [{c.lecture}]({c.lecture}) | {c.summary} |"
        )
    return "\n".join(lines)
