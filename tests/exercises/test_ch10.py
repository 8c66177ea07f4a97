"""Chapter 10's checkers verify by the property asked for: every answer with it is right."""

import numpy as np

from rankviz.exercises import check
from rankviz.exercises.ch10 import LISTNET_LABELS
from rankviz.listwise import listnet_loss
from rankviz.measures import ndcg


def test_10_3_accepts_exactly_the_pairs_on_which_listnet_and_ndcg_disagree():
    rng = np.random.default_rng(3)
    verdicts = set()
    for _ in range(300):
        a, b = rng.normal(scale=rng.choice([0.1, 1.0, 10.0]), size=(2, 3))
        disagree = listnet_loss(a, LISTNET_LABELS) < listnet_loss(b, LISTNET_LABELS) - 1e-9 and (
            ndcg(LISTNET_LABELS, a) < ndcg(LISTNET_LABELS, b) - 1e-9
        )
        assert check("10.3", (a, b)).correct == disagree
        verdicts.add(disagree)
    assert verdicts == {True, False}


def test_10_1_and_10_2_accept_answers_within_the_stated_rounding_only():
    assert check("10.1", [-1.0, -0.612, 1.612]).correct
    assert not check("10.1", [-1.0, -0.62, 1.612]).correct
    assert check("10.2", [-0.347, 0.365, -0.018]).correct
    assert not check("10.2", [-0.347, 0.365, -0.03]).correct
