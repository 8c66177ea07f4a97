"""Checkers for the exercises of chapter 02 (ROC curves and the AUC)."""

from __future__ import annotations

import math

from rankviz.exercises._registry import exercise, read_numbers, right, wrong
from rankviz.metrics import auc, pairwise_misranking

__all__ = []  # the checkers are reached through rankviz.exercises.check

# ---- 02.1 · by hand ------------------------------------------------------------------------------

_BY_HAND_LABELS = [1, 1, 1, 0, 0]
_BY_HAND_SCORES = [3, 2, 2, 2, 1]
_CONVENTIONS = ("strict", "half", "mohri")


@exercise("02.1", "a tuple of four numbers: the AUC with ties 'strict', 'half' and 'mohri', "
                  "then the misranking (10.21)")
def _by_hand(answer):
    given = read_numbers(answer, 4, "your answer")
    truth = [auc(_BY_HAND_LABELS, _BY_HAND_SCORES, ties=t) for t in _CONVENTIONS]
    truth.append(pairwise_misranking(_BY_HAND_LABELS, _BY_HAND_SCORES))
    names = [f"the AUC with ties={t!r}" for t in _CONVENTIONS] + ["the misranking (10.21)"]
    off = [name for name, g, t in zip(names, given, truth, strict=True)
           if not math.isclose(g, t, abs_tol=5e-3)]
    if not off:
        return right("of the six (positive, negative) pairs, 4 are ordered correctly, 2 are tied "
                     "and none is reversed; the three conventions differ only in what a tie is "
                     "worth (0, 1/2, 1).")
    first = off[0]
    if first.startswith("the AUC"):
        return wrong(f"{first} is off: count the six (positive, negative) pairs as correct, "
                     "tied or reversed, then give a tie the credit that convention gives it.")
    return wrong("the misranking (10.21) is off: it counts only the pairs where the negative "
                 "scores strictly higher; a tie is not charged.")
