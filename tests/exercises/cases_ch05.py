"""Right, wrong and malformed answers to chapter 05's exercises."""

from exercises.cases import Cases

CYCLE = [[0.5, 1, 0], [0, 0.5, 1], [1, 0, 0.5]]  # h(0, 1) = h(1, 2) = h(2, 0) = 1
REVERSED_CYCLE = [[0.5, 0, 1], [1, 0.5, 0], [0, 1, 0.5]]
TRANSITIVE = [[0.5, 1, 1], [0, 0.5, 1], [0, 0, 0.5]]


def _order_with_flip(u, v):
    """0 > 1 > 2 > 3 > 4 with the pair (u, v) reversed, as a 5 x 5 tournament."""
    H = [[0.5 if a == b else float(a < b) for b in range(5)] for a in range(5)]
    if u is not None:
        H[u][v], H[v][u] = H[v][u], H[u][v]
    return H


TRANSITIVE_5 = _order_with_flip(None, None)
ONE_FLIP_5 = _order_with_flip(0, 4)
FLIP_ADJACENT_5 = _order_with_flip(0, 1)
FLIP_NEAR_5 = _order_with_flip(0, 3)
REGULAR_5 = [[0.5 if a == b else float((b - a) % 5 in (1, 2)) for b in range(5)] for a in range(5)]

CASES = {
    "05.1": Cases(
        right=[(4 / 9, 1 / 3), [0.444, 0.333], (0.4444, 0.3333)],
        wrong=[
            (2 / 3, 1 / 3),  # one unlucky output, not the average
            (4 / 9, 2 / 3),  # h charged on two pairs
            (1 / 3, 1 / 3),  # QuickSort taken to lose exactly L(h), the bipartite identity
            (4 / 3, 1),
        ],  # counts instead of losses
        malformed=[4 / 9, (4 / 9, 1 / 3, 4 / 3), "4/9, 1/3", (4 / 9, None)],
    ),
    "05.2": Cases(
        right=[
            (12 / 7, 1.0),
            [1.714, 1],
            (2 * 6 / 7, 1),
            (1.7, 1),
        ],  # 12/7 cut to one decimal: within 1%
        wrong=[
            (6, 1.0),  # an extreme pivot's cost, not weighted by its probability
            (12 / 7 / 21, 1.0),  # the normalised loss
            (12 / 7, 2 - 2 / 7),  # the adjacent flip taken for a worst case
            (6 / 7, 1.0),  # only one extreme pivot counted
            (1.6, 1.0),
        ],  # too coarse: within 7% of 12/7
        malformed=[12 / 7, [12 / 7], "12/7", (12 / 7, [1, 2])],
    ),
    "05.3": Cases(
        right=[(1 / 6, 1 / 6), [0.1667, 0.1667]],
        wrong=[
            (1 / 3, 1 / 3),  # expected losses, not regrets
            (1 / 4, 1 / 4),  # the 1 - AUC normalisation
            (1 / 3, 1 / 6),  # QuickSort's minimum forgotten
            (0, 0),
        ],
        malformed=[1 / 6, (1 / 6,), "1/6", ((1 / 6, 1 / 6),)],
    ),
    "05.4": Cases(
        right=[(0.5, 5 / 3), [0.5, 1.667], (0.5, 1.66), (0.5, 1.67)],  # 5/3 cut or rounded
        wrong=[
            (1.0, 10 / 3),  # the fixed tie rule
            (0.5, 0.5),  # ratio not divided by L(h)
            (0.5, 2.0),
            (0.3, 1.0),
            (0.5, 1.6),
        ],  # 5/3 to one decimal: 4% off
        malformed=[0.5, (0.5, 5 / 3, 2), "0.5", (0.5, "5/3")],
    ),
    "05.5": Cases(
        right=[(4199.9, 20880.0), (4200, 20880), (4199.9, 20880.4)],
        wrong=[
            (4000, 20880),  # 2n, the formula
            (4199.9, 2 * 2000 + 2 * 2000 * 15.2018),  # 2n + 2k ln k at k = n
            (4199.9, 24700),  # the classical mean of a full sort
            (-4200, 20880),
            (4214.4, 20880),  # the mean for k = 10, not k = 1
            (3984, 20880),
        ],  # the expectation 2n - 2H_n, not the measurement
        malformed=[4200, (4200,), "4200, 20880", (4200, None)],
    ),
    "05.6": Cases(
        right=[
            ([2, 1, 0], CYCLE),
            ((0, 1, 2), REVERSED_CYCLE),
            ([5, 3, 1], [[0.5, 0.9, 0.2], [0.1, 0.5, 0.9], [0.8, 0.1, 0.5]]),
        ],
        wrong=[
            ([2, 1, 0], TRANSITIVE),  # transitive: QuickSort loses exactly L(h)
            ([1, 1, 0], CYCLE),  # two grades: the triangles cancel
            ([0, 1, 2], CYCLE),  # the cycle against the reversed order: QuickSort loses less
            ([2, 2, 2], CYCLE),
        ],
        malformed=[
            ([2, 1, 0],),
            ([2, 1], CYCLE),
            ([2, 1, 0], [[0.5, 0.7], [0.7, 0.5]]),
            ([2, 1, 0], [[0.5, 0.7, 0.5], [0.7, 0.5, 0.5], [0.5, 0.5, 0.5]]),
            ([2.5, 1, 0], CYCLE),
            ([2, 1, 0], [[0.5, 2, -1], [-1, 0.5, 2], [2, -1, 0.5]]),
        ],
    ),
    "05.7": Cases(
        right=[
            ONE_FLIP_5,  # 0 > 1 > 2 > 3 > 4 with the arc between 0 and 4 reversed: 9/5
            [
                [0.5, 0, 0, 0, 1],
                [1, 0.5, 0, 0, 0],
                [1, 1, 0.5, 0, 0],
                [1, 1, 1, 0.5, 0],
                [0, 1, 1, 1, 0.5],
            ],
        ],
        wrong=[
            TRANSITIVE_5,  # cost 0 = OPT
            FLIP_ADJACENT_5,  # still transitive: 1 > 0 > 2 > 3 > 4
            FLIP_NEAR_5,  # the arc between 0 and 3 reversed: ratio 3/2, not more
            REGULAR_5,  # every item beats the next two: ratio 1 (cost 3 = OPT)
        ],
        malformed=[
            [[0.5, 0.7], [0.3, 0.5]],  # 2 items
            [[0.5] * 5] * 5,  # fractional: not a tournament
            [[0.5, 1, 1, 1, 1]] * 5,  # not pairwise consistent
            "0 > 1 > 2 > 3 > 4",
        ],
    ),
}
