"""Right, wrong and malformed answers to chapter 08's exercises."""

import math

import numpy as np

from exercises.cases import Cases

_DELTA = math.log(3) / 3
_GAINS = np.array([2**_DELTA, 2**-_DELTA, 1.0, 1.0])
_Z = np.sort(_GAINS)[::-1] @ (1 / np.log2(np.arange(2, 6)))
_P = np.array([0.5, 0.1, 0.35, 0.05, 0.6, 0.2, 0.25, 0.15])
_EXAMINED = np.r_[1.0, np.cumprod(1 - _P)[:-1]]

CASES = {
    "08.1": Cases(
        right=[[1.0, -0.25, 0.0, -0.75], (1, -0.25, 0, -0.75), np.array([1.0, -0.25, 0.0, -0.75])],
        wrong=[
            [4, -1, 0, -3],  # Borda A 1, without the 1/m
            [-1.0, 0.25, 0.0, 0.75],  # the transpose: orders reversed
            [2.0, 0.75, 1.0, 0.25],  # shifted, not centred
            [1.0, 0.0, -0.25, -0.75],
        ],  # two scores swapped
        malformed=[[1.0, -0.25, 0.0], "1, -0.25, 0, -0.75", [[1.0, -0.25], [0.0, -0.75]]],
    ),
    "08.2": Cases(
        right=[
            [[0, 0, 1, 0], [0, 0, 1, 3], [0, 0, 0, 0], [0, 1, 0, 0]],
            np.array([[0, 0, 2, 0], [0, 0, 2, 3], [0, 0, 0, 0], [0, 1, 0, 0]]),
        ],
        wrong=[
            [[0, 1, 1], [1, 0, 1], [1, 1, 0]],  # every pair compared: the conventions coincide
            [[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [0, 0, 0, 0]],  # a chain: same order
            [[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],  # items 2, 3 met no one
            [[0, 0, 1, 0], [0, 0, 1, 1], [0, 0, 0, 0], [0, 1, 0, 0]],
        ],  # Borda ties 0 and 1
        malformed=[
            [[0, 1], [1, 0]],
            [[0, -1, 1], [1, 0, 1], [1, 1, 0]],
            [[1, 1, 1], [1, 0, 1], [1, 1, 0]],
            [[0, 0.5, 1], [1, 0, 1], [1, 1, 0]],
            [[0, 1, 1], [1, 0, 1]],
        ],
    ),
    "08.3": Cases(
        right=[_EXAMINED.tolist(), [1, 0.5, 0.45, 0.2925, 0.2779, 0.1112, 0.0889, 0.0667]],
        wrong=[
            np.cumprod(1 - _P).tolist(),  # one factor too many (the item's own)
            [1.0] * 8,  # every position examined, as with a random order's intuition
            np.r_[0.5, _EXAMINED[1:]].tolist(),  # the top not always examined
            (1 - _P).tolist(),
        ],
        malformed=[_EXAMINED[:7].tolist(), "1, 0.5, 0.45", [[1, 0.5, 0.45, 0.29]] * 2],
    ),
    "08.4": Cases(
        right=[tuple(_GAINS[:3] / _Z), [0.468, 0.2817, 0.3631]],
        wrong=[
            tuple(_GAINS[:3]),  # the gains, not normalised
            tuple(_GAINS[:3] / _GAINS.sum()),  # normalised by the sum, not the ideal DCG
            tuple(
                np.array([2 ** (3 * _DELTA), 2 ** (-3 * _DELTA), 1.0])
                / (
                    np.sort([2 ** (3 * _DELTA), 2 ** (-3 * _DELTA), 1, 1])[::-1]
                    @ (1 / np.log2(np.arange(2, 6)))
                )
            ),  # delta without / (m - 1)
            (0.2817, 0.468, 0.3631),
        ],  # winner and loser swapped
        malformed=[(0.468, 0.2817), "0.468, 0.2817, 0.3631", (0.468, 0.2817, None)],
    ),
    "08.5": Cases(
        right=[4 / (2 - math.sqrt(2)) ** 2, 11.66, np.float64(11.657), np.array([11.66])],
        wrong=[
            0.25,  # 1/m, the constant of full observation
            4 / (2 - math.sqrt(2)),  # m / lambda_2, not squared
            2 / (2 - math.sqrt(2)),  # sqrt(m) / lambda_2
            4.0,  # lambda_2 taken as 1
            2.0,
        ],  # the path's worst case, not the bound's constant
        malformed=["11.66", [11.66, 0.25], complex(11.66, 0)],
    ),
    "08.6": Cases(
        right=[(1, 6), [1.0, 6.0], (1.0, 6.001)],
        wrong=[
            (1, 1),  # (20) read as unbiased as printed
            (1, 2),  # E[n_q] of one query only
            (6, 6),  # (19) also taken n times too large
            (1 / 6, 1),
        ],
        malformed=[(1,), "1, 6", (1, 6, 4)],
    ),
    "08.7": Cases(
        right=[1 / 12, 0.0833, np.float64(1 / 12)],
        wrong=[
            1 / 15,  # the product of the three pair probabilities
            1 / 18,  # the second choice over all the weights
            1 / 3,  # only the first place
            1 / 6,  # the ranking 0, 2, 1 read instead
        ],
        malformed=["1/12", [1 / 12, 1 / 15], None],
    ),
    "08.8": Cases(
        right=[[3 / 7, 1 / 7, 3 / 7], (0.4286, 0.1429, 0.4286), np.array([3, 1, 3]) / 7],
        wrong=[
            [1 / 3, 1 / 3, 1 / 3],  # the right eigenvector of P
            [3, 1, 3],  # not normalised
            [0.2, 0.6, 0.2],  # the walk towards the losers
            [0.5, 0.25, 0.25],
        ],  # the win rates, normalised
        malformed=[[3 / 7, 1 / 7], "3/7, 1/7, 3/7", [[3 / 7, 1 / 7, 3 / 7]] * 2],
    ),
    "08.9": Cases(
        right=[
            (np.log([5, 3, 2]) - np.log([5, 3, 2]).mean()).tolist(),
            [0.4757, -0.0351, -0.4406],
        ],
        wrong=[
            np.log([5, 3, 2]).tolist(),  # not centred
            [5, 3, 2],  # the counts, not their logs
            [0.5, 0.3, 0.2],  # the shares
            [1.0, 0.0, -1.0],
        ],  # an order, not the maximiser
        malformed=[[0.5, -0.5], "0.5, 0, -0.5", [[0.5, 0.0, -0.5]] * 2],
    ),
}
