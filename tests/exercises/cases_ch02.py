"""Right, wrong and malformed answers to chapter 02's exercises."""

from exercises.cases import Cases

CASES = {
    "02.1": Cases(
        right=[(2 / 3, 5 / 6, 1.0, 0.0), [0.667, 0.833, 1, 0], (4 / 6, 5 / 6, 6 / 6, 0)],
        wrong=[
            (5 / 6, 2 / 3, 1.0, 0.0),  # strict and half swapped
            (2 / 3, 5 / 6, 1.0, 1 / 3),  # ties charged in the misranking
            (0.5, 0.5, 0.5, 0.5),
            (1.0, 1.0, 1.0, 0.0),
        ],
        malformed=[(2 / 3, 5 / 6, 1.0), "0.667, 0.833, 1, 0", (2 / 3, 5 / 6, 1.0, None)],
    ),
    "02.2": Cases(
        right=[(0.7, 0.92, "mohri"), [0.70, 0.92, "Mohri "], (0.7, 1 - 0.2 * 0.4, "mohri")],
        wrong=[
            (0.92, 0.7, "mohri"),  # the two conventions swapped
            (0.48, 0.92, "mohri"),  # strict credit (TPR·TNR) in place of half
            (0.7, 0.6, "mohri"),  # mohri read as 1 - FPR
            (0.7, 0.92, "half"),
        ],  # the convention that rewards the all-positive classifier
        malformed=[(0.7, 0.92), (0.7, 0.92, "strict"), (0.7, 0.92, 1), (1.7, 0.92, "mohri")],
    ),
    "02.3": Cases(
        right=[(0.5, 0.5, "above"), (0.5, 0.501, "Above"), [0.5, 0.499, "above"]],
        wrong=[
            (0.5, 0.5, "below"),  # the side of the wider class's tail
            (0.5, 0.0, "above"),  # an end point, not a crossing
            (0.5, 0.25, "above"),  # not on the diagonal
            (0.75, 0.5, "above"),
        ],
        malformed=[(0.5, 0.5), (0.5, 1.5, "above"), (0.5, 0.5, "left"), ("0.5", 0.5, "above")],
    ),
    "02.4": Cases(
        right=[(4612, 4612), (4612.0, 4612), [4612, 4612]],
        wrong=[
            (4611, 4611),  # rounded down
            (3745, 3745),  # log(1/delta) in place of log(2/delta)
            (9223, 9223),  # McDiarmid's bound
            (68, 68),  # the mn pairs read as independent
            (4612, 5),
        ],  # the million negatives taken to help
        malformed=[4612, (4612.5, 4612), (0, 4612), (4612, "many")],
    ),
    "02.5": Cases(
        right=[["precision"], ("Precision",), {"precision at a fixed threshold"}],
        wrong=[
            [],  # nothing changes
            ["precision", "auc"],  # the AUC read as prevalence-dependent
            ["roc", "auc", "misranking", "precision"],
            ["misranking"],
        ],
        malformed=["precision", ["precision", "recall"], [1], ["precision", None]],
    ),
}
