"""Bad-input cases for rankviz.plackett_luce and rankviz.rank_centrality (chapter 08, beyond pairs).

Each valid call is tiny (3 or 4 items, a few rankings or comparisons).
"""

import numpy as np

from bad_input.harness import Call, Case
from rankviz.plackett_luce import (
    plackett_luce_log_likelihood,
    plackett_luce_maximum_likelihood,
    rank_breaking_wins,
    simulate_plackett_luce_rankings,
)
from rankviz.rank_centrality import (
    rank_centrality_chain,
    rank_centrality_errors,
    rank_centrality_scores,
)

# three full rankings of 3 items in which every item lost once: the MLE exists
RANKINGS = np.array([[0, 1, 2], [1, 2, 0], [2, 0, 1]])
BAD_RANKINGS = {
    "repeated item": np.array([[0, 0, 2], [1, 2, 0]]),
    "id out of range": np.array([[0, 1, 7], [1, 2, 0]]),
    "negative id": np.array([[0, -1, 2], [1, 2, 0]]),
    "one item per row": np.array([[0], [1]]),
}
WINS = np.array([[0, 3, 1], [1, 0, 2], [2, 1, 0]])
BAD_WINS = {
    "negative count": np.array([[0, -1, 1], [1, 0, 2], [2, 1, 0]]),
    "nonzero diagonal": np.array([[1, 3, 1], [1, 0, 2], [2, 1, 0]]),
    "no comparison": np.zeros((3, 3)),
    "disconnected": np.array([[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]]),
}
SEED_OK = {"rng": {"huge"}}
SHORTER_OK = {"one entry fewer"}  # one item, ranking or k fewer: a smaller valid problem

CASES = {
    "rankviz.plackett_luce.simulate_plackett_luce_rankings": Case(
        lambda: Call(simulate_plackett_luce_rankings, [1.0, 0.0, -1.0], 5, 0, top=2),
        valid={"strengths": SHORTER_OK, **SEED_OK},
        extra={"strengths": {"one item": [1.0]}, "top": {"above n": 4, "zero": 0}},
    ),
    "rankviz.plackett_luce.plackett_luce_log_likelihood": Case(
        lambda: Call(plackett_luce_log_likelihood, [1.0, 0.0, -1.0], RANKINGS),
        valid={"rankings": SHORTER_OK},
        extra={
            "strengths": {
                "one item": [1.0],
                "too few for the ids": [1.0, 0.0],
                "beyond MAX_MAGNITUDE": [1e308, -1e308, 0.0],
            },
            "rankings": BAD_RANKINGS,
            "unlisted": {"unknown": "above"},
        },
    ),
    "rankviz.plackett_luce.rank_breaking_wins": Case(
        lambda: Call(rank_breaking_wins, RANKINGS, 3, unlisted="below"),
        # a top-1 list is a valid row when the unlisted items come below
        valid={"rankings": SHORTER_OK | {"one item per row"}},
        extra={"rankings": BAD_RANKINGS, "n_items": {"one": 1, "fewer than the ids": 2}},
    ),
    "rankviz.plackett_luce.plackett_luce_maximum_likelihood": Case(
        lambda: Call(plackett_luce_maximum_likelihood, RANKINGS, 3, alpha=0.5),
        valid={"rankings": SHORTER_OK},
        extra={
            "rankings": BAD_RANKINGS,
            "n_items": {"one": 1},
            "alpha": {"negative": -1.0},
        },
        # 1000 items, 100 full rankings: 10^11 per Newton step, refused by MAX_NEWTON_WORK
        large=lambda: Call(
            plackett_luce_maximum_likelihood, np.tile(np.arange(1000), (100, 1)), 1000, alpha=0.1
        ),
    ),
    "rankviz.rank_centrality.rank_centrality_chain": Case(
        lambda: Call(rank_centrality_chain, WINS),
        extra={"wins": {k: v for k, v in BAD_WINS.items() if k != "disconnected"}},
    ),
    "rankviz.rank_centrality.rank_centrality_scores": Case(
        lambda: Call(rank_centrality_scores, WINS),
        extra={
            "wins": {
                **BAD_WINS,
                "two groups never lose": np.array([[0, 0, 1], [0, 0, 1], [0, 0, 0]]),
            }
        },
    ),
    "rankviz.rank_centrality.rank_centrality_errors": Case(
        lambda: Call(rank_centrality_errors, [1.0, 0.0, -1.0], [5, 50], 2, 0, observed=1.0),
        valid={"strengths": SHORTER_OK, "comparisons_per_pair": SHORTER_OK, **SEED_OK},
        extra={
            "strengths": {"one item": [1.0], "too wide": [100.0, 0.0, -1.0]},
            "comparisons_per_pair": {"zero": [0, 5]},
            "observed": {"zero": 0.0},
        },
    ),
}
