"""Checkers for the exercises of chapter 09 (task scheduling by clustering a ranking).

Every instance an exercise names is built here from its statement, and every value is computed
with :mod:`rankviz.scheduling` and :mod:`rankviz.orders` when an answer is checked, never typed in.
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np

from rankviz._graphs import digraph_from_weights
from rankviz.consistency import difference_graph
from rankviz.exercises._registry import (
    exercise,
    read_bool,
    read_integer,
    read_number,
    read_numbers,
    read_permutation,
    read_sequence,
    right,
    wrong,
)
from rankviz.orders import count_orders, random_task_weights
from rankviz.scheduling import (
    brute_force_schedule,
    merge_cost,
    optimal_contiguous_clustering,
    schedule_loss,
    schedule_loss_parts,
)

__all__ = []  # the checkers are reached through rankviz.exercises.check

TOL = 5e-3  # hand computation


# ---- 09.1 · by hand ------------------------------------------------------------------------------


def _by_hand_instance():
    w = np.zeros((3, 3))
    w[0, 1], w[0, 2], w[1, 2] = 3.0, 1.0, 2.0
    return w, np.array([0.0, 2.0, 2.0])


@exercise(
    "09.1",
    "a tuple of three numbers: the loss of m = (1, 2, 2), the loss of m = (1, 1, 2), "
    "then the optimal loss",
)
def _by_hand(answer):
    given = read_numbers(answer, 3, "your answer")
    w, c = _by_hand_instance()
    first = schedule_loss_parts([1, 2, 2], w, c)
    second = schedule_loss_parts([1, 1, 2], w, c)
    best = brute_force_schedule(w, c).loss
    truth = (first.total, second.total, best)
    names = ("the loss of (1, 2, 2)", "the loss of (1, 1, 2)", "the optimal loss")
    off = [k for k in range(3) if not math.isclose(given[k], truth[k], abs_tol=TOL)]
    if not off:
        return right(
            "(1, 2, 2) pays only the edge 1 -> 2 inside round 2 and two rounds, "
            "(1, 1, 2) the heavier edge 0 -> 1 inside round 1; three rounds violate "
            "nothing and cost as much as (1, 2, 2), so both are optimal."
        )
    k = off[0]
    if k < 2:
        rounds = ((1, 2, 2), (1, 1, 2))[k]
        parts = (first, second)[k]
        if math.isclose(given[k], parts.disagreement + parts.clustering, abs_tol=TOL):
            return wrong(
                f"{names[k]} is off: you have the edges it pays, but eq. (1) also "
                "charges c_1 + ... + c_depth for the rounds used."
            )
        return wrong(
            f"{names[k]} is off: go through the three edges of {rounds} (backward, "
            "inside one round, or satisfied), then add c_1 + ... + c_depth."
        )
    if given[2] > min(first.total, second.total) + TOL:
        return wrong(
            "the optimal loss cannot exceed the loss of a schedule you have already "
            "computed: the optimum is the least loss over all schedules, those two "
            "included."
        )
    if given[2] > best + TOL:
        return wrong(
            "the optimal loss is lower: besides the two schedules given, try one round "
            "for all tasks and one round per task."
        )
    return wrong(
        "no schedule reaches that loss: every schedule either ties or reverses an edge, "
        "or pays for more rounds; list the few candidates and add their parts."
    )


# ---- 09.2 · Lemma 4: the merge costs after a merge -----------------------------------------------


def _worked_example():
    w = np.zeros((5, 5))
    for (i, j), value in {
        (1, 2): 100,
        (2, 4): 100,
        (1, 3): 100,
        (3, 5): 99,
        (1, 4): 200,
        (1, 5): 300,
    }.items():
        w[i - 1, j - 1] = value
    return w, np.array([0.0, 1.0, 1.0, 1.0, 1.0])


@exercise(
    "09.2",
    "a tuple of two numbers: the merge cost of the merged round with the round "
    "before it, then with the round after it",
)
def _merge_costs_after(answer):
    left, right_cost = read_numbers(answer, 2, "your answer")
    w, c = _worked_example()
    before = np.arange(1, 6)  # sigma_1 = (1, 2, 3, 4, 5): task k of the draft in round k
    after = np.array([1, 2, 2, 3, 4])  # draft tasks 2 and 3 merged into round 2
    old_left = merge_cost(before, w, c, 1).pairwise
    old_right = merge_cost(before, w, c, 3).pairwise
    new_left = merge_cost(after, w, c, 1).pairwise
    new_right = merge_cost(after, w, c, 2).pairwise
    ok_left = math.isclose(left, new_left, abs_tol=TOL)
    ok_right = math.isclose(right_cost, new_right, abs_tol=TOL)
    if ok_left and ok_right:
        return right(
            "each new cost is an old one plus the weight the other half of the merged "
            "round adds (task 1 -> 3 on the left, 3 -> 4 on the right), so neither can "
            "drop below the cost it replaces: Lemma 4's step."
        )
    if math.isclose(left, old_left, abs_tol=TOL) and math.isclose(
        right_cost, old_right, abs_tol=TOL
    ):
        return wrong(
            "those are the costs before the merge: the merged round now holds two "
            "tasks, so sum the weights from (or to) both of them."
        )
    changes = (merge_cost(after, w, c, 1).change, merge_cost(after, w, c, 2).change)
    if any(
        math.isclose(given, change, abs_tol=TOL)
        for given, change in zip((left, right_cost), changes, strict=True)
    ):
        return wrong(
            "you give the change in loss of a merge (the pairwise part minus the cost "
            "of the round saved) where the merge cost is asked for: that is the pairwise "
            "part only."
        )
    side = "before" if not ok_left else "after"
    return wrong(
        f"the cost with the round {side} is off: it is the sum of y_ab over a in the "
        "earlier round and b in the later one, with the merged round holding draft "
        "tasks 2 and 3."
    )


# ---- 09.3 · counting orders ---------------------------------------------------------------------


def _chains(lengths):
    r = sum(lengths)
    w = np.zeros((r, r))
    start = 0
    for length in lengths:
        for i in range(start, start + length - 1):
            w[i, i + 1] = 1.0
        start += length
    return w


def _first_even_r_where_draft_fails():
    r = 2
    while count_orders(_chains((r // 2, r // 2))) == math.factorial(r // 2 + 1):
        r += 2
    return r


@exercise(
    "09.3",
    "a tuple of two whole numbers: the smallest even r at which (r/2 + 1)! is wrong, "
    "then the number of topological orders of three disjoint chains of 3 tasks",
)
def _counting(answer):
    r_given, count_given = read_sequence(answer, 2, "your answer")
    r_given = read_integer(r_given, "the smallest even r", lo=2)
    count_given = read_integer(count_given, "the number of orders", lo=1)
    r_true = _first_even_r_where_draft_fails()
    count_true = count_orders(_chains((3, 3, 3)))
    if r_given == r_true and count_given == count_true:
        return right(
            f"at r = {r_true} two chains of {r_true // 2} have "
            f"{count_orders(_chains((r_true // 2,) * 2))} orders, C(r, r/2), not "
            f"{math.factorial(r_true // 2 + 1)}; three chains interleave in "
            "9! / (3! 3! 3!) ways."
        )
    if r_given != r_true:
        if r_given % 2:
            return wrong(
                "the draft's formula is about even r (two chains of r/2 tasks); "
                "compare C(r, r/2) with (r/2 + 1)! for r = 2, 4, 6, ..."
            )
        half = r_given // 2
        if r_given < r_true:
            return wrong(
                f"at r = {r_given} the two counts agree (C({r_given}, {half}) = "
                f"(r/2 + 1)!); go on to the next even r."
            )
        return wrong(
            f"the formula already fails before r = {r_given}: compare C(r, r/2) with "
            "(r/2 + 1)! for every smaller even r."
        )
    return wrong(
        "the count for three chains of 3 is off: an order is fixed by which positions "
        "each chain takes, a multinomial coefficient, not a product of factorials."
    )


# ---- 09.4 · free rounds -------------------------------------------------------------------------


def _free_rounds_instance():
    w = random_task_weights(6, 0.5, rng=1) + 0.1 * np.tril(np.ones((6, 6)), -1)
    return w, np.zeros(6)


def _difference_cycle(w):
    """A cycle of the difference graph of ``w`` as text, e.g. '0 -> 2 -> 1 -> 0'."""
    edges = nx.find_cycle(digraph_from_weights(difference_graph(w)))
    return " -> ".join(str(u) for u, _ in edges) + f" -> {edges[0][0]}"


@exercise(
    "09.4",
    "an order of the 6 tasks, first to last (a list of the task numbers 0 to 5), "
    "whose one-task-per-round schedule is optimal when all costs are zero",
)
def _free_rounds(answer):
    order = read_permutation(answer, 6, "your order")
    w, c = _free_rounds_instance()
    best = brute_force_schedule(w, c).loss
    rounds = np.empty(6, dtype=int)
    rounds[order] = np.arange(1, 7)
    loss = float(schedule_loss(rounds, w, c))
    if loss <= best + 1e-9:
        return right(
            f"one task per round in this order pays only the weights it runs backwards "
            f"({loss:.2f}), as little as the best schedule of all: with free rounds, "
            "splitting a round never costs more."
        )
    as_positions = np.asarray(order) + 1  # the answer read as positions sigma, rounds sigma + 1
    if float(schedule_loss(as_positions, w, c)) <= best + 1e-9:
        return wrong(
            "read as positions (sigma[i] = place of task i) your list would be optimal, "
            "but an order lists the tasks first to last: invert it."
        )
    return wrong(
        f"this order pays {loss - best:.2f} more than the optimum. With zero costs the "
        "loss of a total order is the weight it runs backwards, and no order runs "
        "every pair the heavier way (the difference graph has the cycle "
        f"{_difference_cycle(w)}): move one task a place earlier or later and see "
        "whether the loss drops, or compare with brute_force_schedule."
    )


# ---- 09.5 · the completion loss on the star ------------------------------------------------------

_STAR_COSTS = np.array([0.0, 1.0, 1.0, 1.0, 1.0])


def _star(x):
    s = np.zeros((5, 5))
    s[0, 1:] = x
    return s


def _one_round_optimal(x):
    w = _star(x)
    one = float(schedule_loss(np.ones(5, dtype=int), w, _STAR_COSTS, "completion"))
    return one <= brute_force_schedule(w, _STAR_COSTS, "completion").loss + 1e-9


def _largest_one_round_weight():
    """The largest x at which one round is optimal, by bisection on that property."""
    lo, hi = 0.0, 1.0
    while _one_round_optimal(hi):
        lo, hi = hi, 2.0 * hi
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if _one_round_optimal(mid) else (lo, mid)
    return lo


def _dp_always_optimal():
    # the tie x = 1 and the ends of the range are tried too, not only a grid
    for x in np.concatenate(([0.0, 1.0, 1e3, 1e6], np.linspace(0.25, 3.0, 12))):
        w = _star(x)
        dp = optimal_contiguous_clustering(w, _STAR_COSTS, range(5), "completion").loss
        if not math.isclose(
            dp, brute_force_schedule(w, _STAR_COSTS, "completion").loss, rel_tol=1e-12, abs_tol=1e-9
        ):
            return False
    return True


@exercise(
    "09.5",
    "a tuple (x, finds): the largest edge weight x at which the completion loss "
    "still prefers one round, and True or False: does the DP over the order "
    "(0, 1, 2, 3, 4) find the optimum for every x",
)
def _completion(answer):
    x, finds = read_sequence(answer, 2, "your answer")
    x = read_number(x, "the weight x", lo=0.0, hi=1e6)
    finds = read_bool(finds, "the second entry (does the DP find the optimum?)")
    # accepted: |x - x*| <= TOL, a symmetric window (1e-9 absorbs the bisection and float noise)
    largest = _largest_one_round_weight()
    if x > largest + TOL + 1e-9:
        return wrong(
            "at this weight one round is no longer optimal: compare 4x (four ties) "
            "with what two rounds cost the four leaves under the completion loss."
        )
    if x < largest - TOL - 1e-9:
        return wrong(
            "one round is still optimal at a slightly larger weight: the largest x is "
            "where 4x meets the cost of the second round to the four leaves."
        )
    if finds != _dp_always_optimal():
        return wrong(
            "the weight is right, but look again at the DP: for each x, is at least "
            "one optimal schedule on the star made of contiguous blocks of "
            "(0, 1, 2, 3, 4)?"
        )
    tie = round(largest, 6)
    n_tied = len(brute_force_schedule(_star(tie), _STAR_COSTS, "completion").schedules)
    return right(
        f"with task 0 in round 1 and k leaves in round 2 the loss is (4 - k)x + k: one "
        f"round wins for x < {tie:g}, {{0}} then {{1, 2, 3, 4}} for x > {tie:g}, and at "
        f"x = {tie:g} all {n_tied} such schedules tie. One round and {{0}} then the "
        "leaves are contiguous blocks of (0, 1, 2, 3, 4), so the DP over it finds the "
        "optimum for every x."
    )
