"""Right, wrong and malformed answers to chapter 02's exercises."""

from exercises.cases import Cases

CASES = {
    "02.1": Cases(
        right=[(2 / 3, 5 / 6, 1.0, 0.0), [0.667, 0.833, 1, 0], (4 / 6, 5 / 6, 6 / 6, 0)],
        wrong=[(5 / 6, 2 / 3, 1.0, 0.0),  # strict and half swapped
               (2 / 3, 5 / 6, 1.0, 1 / 3),  # ties charged in the misranking
               (0.5, 0.5, 0.5, 0.5), (1.0, 1.0, 1.0, 0.0)],
        malformed=[(2 / 3, 5 / 6, 1.0), "0.667, 0.833, 1, 0", (2 / 3, 5 / 6, 1.0, None)],
    ),
}
