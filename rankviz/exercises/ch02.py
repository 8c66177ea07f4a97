"""Checkers for the exercises of chapter 02 (ROC curves and the AUC)."""

from __future__ import annotations

import math

import numpy as np
from scipy import stats

from rankviz.auc_inference import auc_confidence_interval, hanley_mcneil_variance, placement_values
from rankviz.bounds import auc_deviation_bound
from rankviz.distributions import Binormal
from rankviz.exercises._registry import (
    Malformed,
    exercise,
    read_choice,
    read_integer,
    read_number,
    read_numbers,
    read_sequence,
    right,
    wrong,
)
from rankviz.metrics import auc, pairwise_misranking, roc_curve

__all__ = []  # the checkers are reached through rankviz.exercises.check

# ---- 02.1 · by hand ------------------------------------------------------------------------------

_BY_HAND_LABELS = [1, 1, 1, 0, 0]
_BY_HAND_SCORES = [3, 2, 2, 2, 1]
_CONVENTIONS = ("strict", "half", "mohri")


@exercise(
    "02.1",
    "a tuple of four numbers: the AUC with ties 'strict', 'half' and 'mohri', "
    "then the misranking (10.21)",
)
def _by_hand(answer):
    given = read_numbers(answer, 4, "your answer")
    truth = [auc(_BY_HAND_LABELS, _BY_HAND_SCORES, ties=t) for t in _CONVENTIONS]
    truth.append(pairwise_misranking(_BY_HAND_LABELS, _BY_HAND_SCORES))
    names = [f"the AUC with ties={t!r}" for t in _CONVENTIONS] + ["the misranking (10.21)"]
    off = [
        name
        for name, g, t in zip(names, given, truth, strict=True)
        if not math.isclose(g, t, abs_tol=5e-3)
    ]
    if not off:
        return right(
            "of the six (positive, negative) pairs, 4 are ordered correctly, 2 are tied "
            "and none is reversed; the three conventions differ only in what a tie is "
            "worth (0, 1/2, 1)."
        )
    first = off[0]
    if first.startswith("the AUC"):
        return wrong(
            f"{first} is off: count the six (positive, negative) pairs as correct, "
            "tied or reversed, then give a tie the credit that convention gives it."
        )
    return wrong(
        "the misranking (10.21) is off: it counts only the pairs where the negative "
        "scores strictly higher; a tie is not charged."
    )


# ---- 02.2 · the AUC of a classifier --------------------------------------------------------------

# a classifier's 0/1 outputs on 5 positives (TPR 4/5) and 5 negatives (FPR 2/5)
_CLASSIFIER_LABELS = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
_CLASSIFIER_OUTPUTS = [1, 1, 1, 1, 0, 1, 1, 0, 0, 0]


@exercise(
    "02.2",
    "a tuple (half AUC, mohri AUC, convention): the two AUCs of the classifier with "
    "TPR 0.8 and FPR 0.4, then 'half' or 'mohri', the convention that calls the "
    "always-positive classifier a perfect ranker",
)
def _classifier_auc(answer):
    half_given, mohri_given, convention = read_sequence(answer, 3, "your answer")
    half_given = read_number(half_given, "the half AUC (first entry)", lo=0, hi=1)
    mohri_given = read_number(mohri_given, "the mohri AUC (second entry)", lo=0, hi=1)
    convention = read_choice(convention, ("half", "mohri"), "the convention (third entry)")
    half = auc(_CLASSIFIER_LABELS, _CLASSIFIER_OUTPUTS, ties="half")
    mohri = auc(_CLASSIFIER_LABELS, _CLASSIFIER_OUTPUTS, ties="mohri")
    if not math.isclose(half_given, half, abs_tol=5e-3):
        if math.isclose(half_given, mohri, abs_tol=5e-3):
            return wrong(
                "your half AUC is the value of the other convention: with half credit a "
                "tied pair (both outputs 0 or both 1) is worth 1/2, not 1."
            )
        return wrong(
            "the half AUC is off: sort the pairs into correct (TPR·TNR), tied "
            "(TPR·FPR + FNR·TNR) and reversed (FNR·FPR), then credit a tie 1/2; it "
            "simplifies to the balanced accuracy."
        )
    if not math.isclose(mohri_given, mohri, abs_tol=5e-3):
        return wrong(
            "the mohri AUC is off: with full credit for ties only the reversed pairs "
            "(positive said 0, negative said 1) are lost."
        )
    always_positive = np.ones(len(_CLASSIFIER_LABELS))
    perfect = [
        t for t in ("half", "mohri") if auc(_CLASSIFIER_LABELS, always_positive, ties=t) == 1
    ]
    if convention not in perfect:
        return wrong(
            f"under {convention!r} the always-positive classifier does not get AUC 1: "
            "all its pairs are tied; which convention counts a tie as a success?"
        )
    return right(
        f"half AUC {half:.2f} = (TPR + TNR)/2 and mohri AUC {mohri:.2f} = 1 − FNR·FPR; "
        "the always-positive classifier ties every pair, so full credit for ties calls it "
        "a perfect ranker while its balanced accuracy is 1/2."
    )


# ---- 02.3 · an improper ROC curve ----------------------------------------------------------------

_IMPROPER = Binormal(0.0, 2.0, 0.0, 0.5)


@exercise(
    "02.3",
    "a tuple (AUC, f, side): the AUC of the binormal scorer with equal means and "
    "spreads 2 and 0.5, a false positive rate f strictly between 0 and 1 where its "
    "ROC curve crosses the diagonal, and 'above' or 'below', where the curve is for "
    "small false positive rates",
)
def _improper_roc(answer):
    auc_given, crossing, side = read_sequence(answer, 3, "your answer")
    auc_given = read_number(auc_given, "the AUC (first entry)", lo=0, hi=1)
    crossing = read_number(crossing, "the crossing false positive rate (second entry)", lo=0, hi=1)
    side = read_choice(side, ("above", "below"), "the side (third entry)")
    if not math.isclose(auc_given, _IMPROPER.auc(), abs_tol=5e-3):
        return wrong(
            "the AUC is off: it is the probability that S+ − S− > 0, and with equal "
            "means S+ − S− is a normal variable centred at 0."
        )
    if not 0.01 <= crossing <= 0.99:
        return wrong(
            "every ROC curve meets the diagonal at (0, 0) and (1, 1); the exercise asks "
            "for the crossing strictly in between."
        )
    gap = float(_IMPROPER.roc([crossing])[0] - crossing)
    if abs(gap) > 5e-3:
        return wrong(
            f"at false positive rate {crossing:g} the curve is {abs(gap):.3f} "
            f"{'above' if gap > 0 else 'below'} the diagonal, so it does not cross there; "
            "solve a + b z = z for z = Φ⁻¹(f)."
        )
    low_gap = float(_IMPROPER.roc([0.05])[0] - 0.05)
    actual = "above" if low_gap > 0 else "below"
    if side != actual:
        return wrong(
            f"at small false positive rates the curve is {actual} the diagonal, not "
            f"{side}: a high threshold catches only the tail of the wider class."
        )
    return right(
        f"the AUC is Φ(0) = {_IMPROPER.auc():.2f}, yet the curve is above the diagonal "
        "for small f and below it for large f, crossing once at f = 1/2: the two areas "
        "cancel, and the scorer is informative at both ends."
    )


# ---- 02.4 · sample size for a target precision ---------------------------------------------------

_TARGET, _DELTA, _PLENTY = 0.02, 0.05, 10**6
_MAX_SIZE = 10**9


def _smallest_size_verdict(k: int, n: int | None, what: str):
    """None if k is the smallest size (k = m, and n = k or n given) with bound <= 0.02; else a
    wrong Verdict."""

    def bound(size):
        return auc_deviation_bound(size, size if n is None else n, _DELTA)

    if bound(k) > _TARGET:
        return wrong(
            f"{what}: with {k} the Hoeffding bound is still {bound(k):.7f} > 0.02; "
            "solve sqrt(log(2/δ)/(2k)) ≤ 0.02 for k = min(m, n)."
        )
    if k > 1 and bound(k - 1) <= _TARGET:
        return wrong(
            f"{what}: {k} is enough, but a smaller size is too: the exercise asks for "
            "the smallest one; solve the inequality exactly and round up, not further."
        )
    return None


@exercise(
    "02.4",
    "a tuple of two whole numbers: the smallest k = m = n for which Hoeffding's "
    "bound (δ = 0.05) is at most 0.02, then the smallest number of positives m "
    "that suffices when there are n = 1,000,000 negatives",
)
def _sample_size(answer):
    balanced, few_positives = read_sequence(answer, 2, "your answer")
    balanced = read_integer(balanced, "the balanced size (first entry)", lo=1, hi=_MAX_SIZE)
    few_positives = read_integer(
        few_positives, "the number of positives (second entry)", lo=1, hi=_MAX_SIZE
    )
    problem = _smallest_size_verdict(balanced, None, "the balanced size")
    if problem is not None:
        return problem
    problem = _smallest_size_verdict(few_positives, _PLENTY, "the number of positives")
    if problem is not None:
        return problem
    return right(
        f"k ≥ log(2/δ)/(2t²) ≈ {math.log(2 / _DELTA) / (2 * _TARGET**2):.1f}, so "
        f"{balanced} points per class; a million negatives change nothing, since only "
        "min(m, n) enters: the smaller class sets the precision."
    )


# ---- 02.5 · invariance to prevalence -------------------------------------------------------------

_QUANTITIES = {
    "auc": "the AUC",
    "roc": "the ROC curve",
    "misranking": "the misranking (10.21)",
    "precision": "precision at a fixed threshold",
}
_SYNONYMS = {
    "auc": "auc",
    "the auc": "auc",
    "roc": "roc",
    "roc curve": "roc",
    "the roc curve": "roc",
    "misranking": "misranking",
    "the misranking": "misranking",
    "precision": "precision",
    "precision at a fixed threshold": "precision",
    "precision at a threshold": "precision",
}


def _read_names(answer) -> set[str]:
    """The answer as a set of quantity names (a list, tuple or set of strings)."""
    names = ", ".join(repr(k) for k in _QUANTITIES)
    if not isinstance(answer, (list, tuple, set, frozenset)):
        raise Malformed(
            f"your answer should be a list of names among {names} (possibly empty), "
            f"got {type(answer).__name__}."
        )
    if len(answer) > len(_SYNONYMS):
        raise Malformed(
            f"your answer lists {len(answer)} entries; there are only four "
            "quantities to choose from."
        )
    chosen = set()
    for entry in answer:
        if not isinstance(entry, str) or entry.strip().lower() not in _SYNONYMS:
            raise Malformed(f"each entry should be one of {names}, got {entry!r}.")
        chosen.add(_SYNONYMS[entry.strip().lower()])
    return chosen


def _what_changes() -> set[str]:
    """Which quantities move when every negative of a binormal sample is repeated ten times."""
    y, s = Binormal(1.0, 1.0, 0.0, 1.0, 0.3).sample(60, rng=1)
    negative = y == 0
    y10, s10 = np.r_[y, np.repeat(y[negative], 9)], np.r_[s, np.repeat(s[negative], 9)]
    changed = set()
    if auc(y, s) != auc(y10, s10):
        changed.add("auc")
    if any(
        not np.array_equal(a, b) for a, b in zip(roc_curve(y, s), roc_curve(y10, s10), strict=True)
    ):
        changed.add("roc")
    if pairwise_misranking(y, s) != pairwise_misranking(y10, s10):
        changed.add("misranking")
    if y[s >= 0.5].mean() != y10[s10 >= 0.5].mean():
        changed.add("precision")
    return changed


@exercise(
    "02.5",
    "a list of the quantities that change, named among 'auc', 'roc', "
    "'misranking' and 'precision' (an empty list if none does)",
)
def _prevalence(answer):
    claimed = _read_names(answer)
    changed = _what_changes()
    wrongly_moved = sorted(claimed - changed)
    if wrongly_moved:
        name = _QUANTITIES[wrongly_moved[0]]
        return wrong(
            f"{name} does not change: it is computed within each class (rates among "
            "positives, rates among negatives), and each class's scores stay the same."
        )
    missed = sorted(changed - claimed)
    if missed:
        return wrong(
            f"{_QUANTITIES[missed[0]]} does change: which of the four quantities mixes "
            "the two classes in one ratio?"
        )
    return right(
        "only precision moves: TP/(TP + 10 FP) falls wherever the threshold has both "
        "true and false positives; the ROC curve, the AUC and the misranking are "
        "computed within each class and cannot see the class balance."
    )


# ---- 02.6 · a DeLong interval by hand ------------------------------------------------------------

_HAND_LABELS = [1, 1, 1, 1, 0, 0, 0]
_HAND_SCORES = [0.9, 0.8, 0.6, 0.4, 0.7, 0.5, 0.3]
#: three decimals: the slips the checker names move the standard error by 0.004 or more
_HAND_TOLERANCE = 1e-3


@exercise(
    "02.6",
    "a tuple of four numbers: the AUC, DeLong's standard error, then the low and high ends "
    "of the 95 % Wald interval, clipped to [0, 1]",
)
def _delong_by_hand(answer):
    given = read_numbers(answer, 4, "your answer")
    truth = auc_confidence_interval(_HAND_LABELS, _HAND_SCORES)
    v10, v01 = placement_values(_HAND_LABELS, _HAND_SCORES)
    if not math.isclose(given[0], truth.auc, abs_tol=_HAND_TOLERANCE):
        return wrong(
            "the AUC is off: average the positives' placements (the share of negatives below "
            "each positive)."
        )
    if not math.isclose(given[1], truth.standard_error, abs_tol=_HAND_TOLERANCE):
        divisor_n = math.sqrt(v10.var() / v10.size + v01.var() / v01.size)
        if math.isclose(given[1], divisor_n, abs_tol=_HAND_TOLERANCE):
            return wrong(
                "the standard error is off: DeLong's sample variances divide by m - 1 and "
                "n - 1, not by m and n."
            )
        return wrong(
            "the standard error is off (three decimals are enough): it is the square root of "
            "var(positive placements)/m + var(negative placements)/n, each variance with "
            "divisor (count - 1)."
        )
    low, high = given[2], given[3]
    if high > 1 + 1e-9:
        return wrong("the interval's high end is above 1: an AUC cannot exceed 1, so clip it.")
    if not (
        math.isclose(low, truth.low, abs_tol=_HAND_TOLERANCE)
        and math.isclose(high, truth.high, abs_tol=1e-9)
    ):
        return wrong("the interval is off: it is AUC ± 1.96 × standard error, clipped to [0, 1].")
    return right(
        f"placements {np.round(v10, 3).tolist()} and {np.round(v01, 3).tolist()} both average "
        f"{truth.auc:.2f}; the standard error {truth.standard_error:.3f} is large with 4 and 3 "
        "points, and the interval, clipped at 1, spans most of the possible AUCs."
    )


# ---- 02.7 · do the two scorers differ? ----------------------------------------------------------

_AUC_A, _AUC_B, _SE_A, _SE_B, _CORRELATION = 0.82, 0.76, 0.040, 0.042, 0.8
_VERDICTS = ("differ", "no evidence")


@exercise(
    "02.7",
    "a tuple (z, verdict): the paired z statistic of A − B, then 'differ' or 'no evidence' "
    "at the 5 % level",
)
def _paired_decision(answer):
    z_given, verdict = read_sequence(answer, 2, "your answer")
    z_given = read_number(z_given, "z (first entry)", lo=-1e6, hi=1e6)
    verdict = read_choice(verdict, _VERDICTS, "the verdict (second entry)")
    covariance = _CORRELATION * _SE_A * _SE_B
    se = math.sqrt(_SE_A**2 + _SE_B**2 - 2 * covariance)
    z = (_AUC_A - _AUC_B) / se
    unpaired = (_AUC_A - _AUC_B) / math.hypot(_SE_A, _SE_B)
    if not math.isclose(z_given, z, abs_tol=0.02):
        if math.isclose(-z_given, z, abs_tol=0.02):
            return wrong("z of A − B is positive (A has the larger AUC); you computed B − A.")
        if math.isclose(z_given, unpaired, abs_tol=0.02):
            return wrong(
                "z is off: that is the z of two independent samples; on one sample the AUCs are "
                "correlated, and the variance of the difference subtracts 2 × their covariance."
            )
        return wrong("z is off: divide the difference by sqrt(se_A² + se_B² − 2 ρ se_A se_B).")
    p_value = 2 * float(stats.norm.sf(abs(z)))
    expected = "differ" if p_value < 0.05 else "no evidence"
    if verdict != expected:
        return wrong(
            "the verdict does not follow from z: compare |z| with 1.96 (two-sided 5 % test)."
        )
    return right(
        f"z = {z:.2f}, p = {p_value:.3f}: the scorers differ, although their separate 95 % "
        "intervals overlap; the correlation 0.8 makes the difference much more precise than "
        f"either AUC (standard error {se:.3f} against {_SE_A} and {_SE_B})."
    )


# ---- 02.8 · how many points for a given interval width? ----------------------------------------

_WIDTH_AUC, _HALF_WIDTH = 0.8, 0.05


def _half_width(k: int) -> float:
    return float(stats.norm.ppf(0.975)) * math.sqrt(hanley_mcneil_variance(_WIDTH_AUC, k, k))


@exercise(
    "02.8",
    "a whole number: the smallest number k of points per class (m = n = k) for which the "
    "95 % interval of an AUC near 0.8 has half-width at most 0.05 by Hanley and McNeil's formula",
)
def _points_for_a_width(answer):
    k = read_integer(answer, "your answer", lo=1, hi=_MAX_SIZE)
    if _half_width(k) > _HALF_WIDTH:
        if k in _naive_answers():
            return wrong(
                f"with {k} per class the half-width is {_half_width(k):.4f}: θ(1 − θ)/(mn) "
                "treats the mn pairs as independent; keep the terms in Q1 and Q2, which are of "
                "order 1/m and 1/n."
            )
        return wrong(f"with {k} per class the half-width is still {_half_width(k):.4f} > 0.05.")
    if k > 1 and _half_width(k - 1) <= _HALF_WIDTH:
        return wrong(f"{k} is enough, but {k - 1} is too: the exercise asks for the smallest.")
    return right(
        f"{k} per class gives half-width {_half_width(k):.4f} and {k - 1} gives "
        f"{_half_width(k - 1):.4f}: the precision grows like the square root of the smaller class."
    )


def _naive_answers() -> range:
    """The answer of θ(1 − θ)/k² (the k² pairs read as independent), and one above it."""
    z = float(stats.norm.ppf(0.975))
    smallest = math.ceil(z * math.sqrt(_WIDTH_AUC * (1 - _WIDTH_AUC)) / _HALF_WIDTH)
    return range(smallest, smallest + 2)
