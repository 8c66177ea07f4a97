"""Chapter 03 dashboard: the RankBoost stepper.

The model :func:`rankviz.rankboost.bipartite_rankboost` returns for a two-feature toy
sample is computed once per (data set, seed) and cached; the round slider
then only draws: the weights D_t^+ / D_t^- and the stump h_t of round t, the
normalized score f_t / ||alpha||_1 after it, the ROC curves of f_t on the
training and the test sample, and Theorem 10.3's bounds up to round t, on a
logarithmic axis (the product of the Z_t shrinks geometrically).
"""

from __future__ import annotations

from functools import lru_cache, partial
from types import SimpleNamespace

import numpy as np
from sklearn.datasets import make_gaussian_quantiles, make_moons

from rankviz._validation import check_bool
from rankviz.metrics import auc, roc_curve
from rankviz.plotting import (
    BOOSTING_BOUND_STYLES,
    GUIDE_COLOR,
    HIGHLIGHT_COLOR,
    NEGATIVE_COLOR,
    POSITIVE_COLOR,
    SAMPLE_COLOR,
    plot_boosting_bounds,
    plot_legend,
    plot_roc,
    plot_score_surface,
    plot_stump,
    plot_weighted_points,
    style_boosting_axes,
    style_roc_axes,
)
from rankviz.rankboost import RankBoostModel, bipartite_rankboost
from rankviz.widgets._shell import check_figure, check_handles
from rankviz.widgets.controls import Choice, Controls, Slider, document_controls
from rankviz.widgets.dashboard import PRESENTATION_WIDTH, Dashboard, presentation_enabled

__all__ = [
    "RANKBOOST_STEPPER_CONTROLS",
    "RANKBOOST_STEPPER_DEFAULTS",
    "STEPPER_DATA",
    "draw_rankboost_stepper",
    "rankboost_stepper",
    "setup_rankboost_stepper",
]

#: The toy samples the stepper offers (label -> description).
STEPPER_DATA = {
    "ring": "positives outside a circle (Gaussian quantiles)",
    "moons": "two interleaved half-moons",
    "blobs": "two overlapping Gaussian blobs",
    "xor": "opposite quadrants (hard for sums of one-feature stumps)",
}

#: Rounds the stepper computes per run (the round slider's maximum), not a limit like
#: rankboost.MAX_BOOSTING_ROUNDS.
STEPPER_ROUNDS = 60
#: Points per sample (train and test each).
SAMPLE_SIZE = 160
#: The square shown, in standardized feature units.
WINDOW = (-3.2, 3.2)
_GRID = np.linspace(*WINDOW, 90)
_GRID_POINTS = np.column_stack([a.ravel() for a in np.meshgrid(_GRID, _GRID)])


#: The controls of :func:`rankboost_stepper`, declared once: the widgets, and the checks of the
#: factory's keywords, of ``Dashboard.set`` and of the draw function.
RANKBOOST_STEPPER_CONTROLS = Controls(
    "rankboost_stepper",
    data=Choice("toy sample", list(STEPPER_DATA), "ring"),
    seed=Slider("sample seed", 0, 0, 9, integer=True, continuous_update=False),
    round=Slider("round t", 1, 1, STEPPER_ROUNDS, integer=True),
)
#: Default control values of :func:`rankboost_stepper`.
RANKBOOST_STEPPER_DEFAULTS = RANKBOOST_STEPPER_CONTROLS.defaults


def _toy_points(data: str, seed: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Two-feature points and 0/1 labels of one of the :data:`STEPPER_DATA` samples."""
    if data == "ring":
        X, y = make_gaussian_quantiles(n_samples=size, n_features=2, n_classes=2, random_state=seed)
    elif data == "moons":
        X, y = make_moons(n_samples=size, noise=0.3, random_state=seed)
    else:
        rng = np.random.default_rng(seed)
        if data == "blobs":
            y = rng.permutation(np.arange(size) % 2)
            X = rng.normal(size=(size, 2)) * 1.2 + np.where(y[:, None] == 1, 0.8, -0.8)
        else:  # xor
            X = rng.uniform(-2.0, 2.0, size=(size, 2))
            y = (X[:, 0] * X[:, 1] > 0).astype(int)
            flip = rng.random(size) < 0.08
            y[flip] = 1 - y[flip]
    return X, y


def _toy_sample(data: str, seed: int):
    """The standardized training positives and negatives and the test sample (points, labels).

    Training and test points are drawn together and split alternately; both are
    standardized with the training sample's mean and standard deviation.
    """
    X, y = _toy_points(data, seed, 2 * SAMPLE_SIZE)
    train = np.arange(X.shape[0]) % 2 == 0
    center, scale = X[train].mean(axis=0), X[train].std(axis=0)
    X = (X - center) / scale
    return X[train & (y == 1)], X[train & (y == 0)], X[~train], y[~train]


@lru_cache(maxsize=16)
def _fitted(data: str, seed: int) -> RankBoostModel:
    """The run the stepper shows: :func:`~rankviz.rankboost.bipartite_rankboost`'s own model.

    Cached per (data, seed): moving the round slider only asks the model for round t.
    """
    X_pos, X_neg, _, _ = _toy_sample(data, seed)
    return bipartite_rankboost(X_pos, X_neg, STEPPER_ROUNDS)


#: The figure's legend: the points, the stump, the ROC curves and Theorem 10.3's lines.
_LEGEND = (
    ("positives", {"marker": "s", "color": POSITIVE_COLOR, "lw": 0}),
    ("negatives", {"marker": "o", "color": NEGATIVE_COLOR, "lw": 0}),
    ("stump $h_t$ (shaded: $h_t = 1$)", {"color": HIGHLIGHT_COLOR}),
    ("train ROC", {"color": SAMPLE_COLOR}),
    ("test ROC", {"color": GUIDE_COLOR, "ls": "--"}),
    ("pairwise error (ties count)", {"color": BOOSTING_BOUND_STYLES["error"]["color"]}),
    ("$\\prod_s Z_s$", {"color": BOOSTING_BOUND_STYLES["product_Z"]["color"]}),
    (
        "$\\exp(-2\\sum_s\\gamma_s^2)$",
        {"color": BOOSTING_BOUND_STYLES["edge_bound"]["color"], "ls": "--"},
    ),
)


def setup_rankboost_stepper(fig, *, wide=False, **_values):
    """Build the static part of the stepper: axes with fixed limits, a colorbar, a legend.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    wide : bool, default False
        The presentation layout: one row of three panels (the weights and the
        stump, the ROC curves, Theorem 10.3) for a wide, low figure, with the
        legend on the right.  The panel of the normalized score
        f_t / ||alpha||_1, which the classroom talk track does not use, is left out.
    **_values
        The control values (the layout does not depend on them).

    Returns
    -------
    types.SimpleNamespace
        The axes ``weights``, ``surface`` (None in the wide layout), ``roc`` and ``bounds``.
        Theorem 10.3's panel has a logarithmic vertical axis in both layouts.
    """
    fig = check_figure(fig)
    wide = check_bool(wide, "wide")
    if wide:
        weights, roc, bounds = fig.subplots(1, 3, width_ratios=(1.0, 1.0, 1.6))
        weights.set(
            xlim=WINDOW,
            ylim=WINDOW,
            xlabel="feature x0",
            ylabel="feature x1",
            title="weights $D_t$, stump $h_t$",
        )
        weights.set_aspect("equal")
        style_roc_axes(roc).set_title("ROC of $f_t$")
        style_boosting_axes(bounds, STEPPER_ROUNDS, log=True).set_title("Theorem 10.3")
        bounds.set_xticks(np.arange(0, STEPPER_ROUNDS + 1, 10))  # none beyond the axis
        # the readouts' names, in plain text: mathtext sets the product's index below it
        plain = {
            "$\\prod_s Z_s$": "∏ Z_s",
            "$\\exp(-2\\sum_s\\gamma_s^2)$": "exp(−2 Σ γ_s²)",
            "pairwise error (ties count)": "training pairwise error",
        }
        entries = [(plain.get(label, label), style) for label, style in _LEGEND]
        plot_legend(
            fig,
            entries,
            loc="outside lower center",
            ncols=4,
            fontsize=None,
            columnspacing=1.2,
            handlelength=1.5,
            borderpad=0.3,
            labelspacing=0.3,
        )
        return SimpleNamespace(weights=weights, surface=None, roc=roc, bounds=bounds)
    weights, surface, roc, bounds = fig.subplots(2, 2).ravel()
    for ax, title in (
        (weights, "round t: weights $D_t^\\pm$ and the chosen stump $h_t$"),
        (surface, "score after round t: $f_t / \\|\\alpha\\|_1$"),
    ):
        ax.set(xlim=WINDOW, ylim=WINDOW, xlabel="feature x0", ylabel="feature x1", title=title)
        ax.set_aspect("equal")
    style_roc_axes(roc).set_title("ROC of $f_t$: training and test samples")
    style_boosting_axes(bounds, STEPPER_ROUNDS, log=True).set_title("Theorem 10.3 up to round t")
    image = plot_score_surface(surface, np.zeros((2, 2)), (*WINDOW, *WINDOW))
    fig.colorbar(image, ax=surface, shrink=0.8, label="normalized score")
    image.remove()
    plot_legend(fig, _LEGEND, loc="outside lower center", ncols=4)
    return SimpleNamespace(weights=weights, surface=surface, roc=roc, bounds=bounds)


def draw_rankboost_stepper(axes, *, data, seed, round):
    """Draw round ``round`` of the cached run and return the readouts.

    Parameters
    ----------
    axes : types.SimpleNamespace
        As returned by :func:`setup_rankboost_stepper`.
    data : str
        One of :data:`STEPPER_DATA`.
    seed : int
        Seed of the sample.
    round : int
        1 <= round <= :data:`STEPPER_ROUNDS`.

    Returns
    -------
    dict
        The stump, alpha_t, eps^+, eps^-, eps^0, Z_t, the pairwise error, the
        two bounds, and the training and test AUC of f_t.

    Raises
    ------
    TypeError, ValueError
        If a value is one its control (:data:`RANKBOOST_STEPPER_CONTROLS`) cannot take.
    """
    axes = check_handles(axes, "axes", "weights", "surface", "roc", "bounds")
    data, seed, round = RANKBOOST_STEPPER_CONTROLS.check(
        {"data": data, "seed": seed, "round": round}
    ).values()
    t = round - 1
    X_pos, X_neg, X_test, y_test = _toy_sample(data, seed)
    model = _fitted(data, seed)
    history, stump = model.history, model.rankers[t]
    d_pos, d_neg = model.class_distributions(X_pos, X_neg, round=round)
    plot_weighted_points(axes.weights, X_pos, X_neg, d_pos, d_neg, legend=False)
    plot_stump(axes.weights, stump, legend=False)
    if axes.surface is not None:
        norm = model.alpha_l1(round)
        surface = model.decision_function(_GRID_POINTS, rounds=round) / (norm if norm > 0 else 1)
        plot_score_surface(
            axes.surface, surface.reshape(_GRID.size, _GRID.size), (*WINDOW, *WINDOW)
        )
        plot_weighted_points(axes.surface, X_pos, X_neg, legend=False)
    y_train = np.r_[np.ones(len(X_pos), dtype=int), np.zeros(len(X_neg), dtype=int)]
    train_scores = model.decision_function(np.vstack([X_pos, X_neg]), rounds=round)
    test_scores = model.decision_function(X_test, rounds=round)
    fpr, tpr, _ = roc_curve(y_train, train_scores)
    plot_roc(axes.roc, fpr, tpr, label="train", color=SAMPLE_COLOR, legend=False)
    fpr, tpr, _ = roc_curve(y_test, test_scores)
    plot_roc(axes.roc, fpr, tpr, label="test", color=GUIDE_COLOR, ls="--", legend=False)
    plot_boosting_bounds(axes.bounds, history, rounds=round, legend=False)
    return {
        "round t": round,
        "stump h_t": str(stump) + (" (smoothed step)" if history.smoothed[t] else ""),
        "α_t": float(model.alphas[t]),
        "ε⁺ (pairs ranked right)": float(history.eps_plus[t]),
        "ε⁻ (pairs ranked wrong)": float(history.eps_minus[t]),
        "ε⁰ (pairs tied)": float(history.eps_zero[t]),
        "Z_t": float(history.Z[t]),
        "training pairwise error": float(history.error[t]),
        "∏ Z_s": float(history.product_Z[t]),
        "exp(−2 Σ γ_s²)": float(history.edge_bound[t]),
        "training AUC": auc(y_train, train_scores),
        "test AUC": auc(y_test, test_scores),
    }


@document_controls(RANKBOOST_STEPPER_CONTROLS)
def rankboost_stepper(*, presentation: bool | None = None, **initial):
    """Dashboard: step through a bipartite RankBoost run, one round per slider position.

    The run (:data:`STEPPER_ROUNDS` rounds on a two-feature toy sample) is
    computed once per data set and seed; moving the round slider only draws.
    Panels: the weights D_t^+ and D_t^- as marker areas with the stump chosen
    in round t; the normalized score f_t / ||alpha||_1 after the round; the ROC
    curves of f_t on the training and on a test sample; and the empirical
    pairwise error with the two bounds of Theorem 10.3 up to round t, on a
    logarithmic axis.

    Parameters
    ----------
    presentation : bool, optional
        The presentation layout (for a projector): the round slider and the
        toy sample above one row of three panels (the score panel is left
        out), the training error, the product of the Z_s, and the training
        and test AUC shown large; the sample seed folded under "more".  By
        default, whatever :func:`~rankviz.widgets.dashboard.presentation_mode` says.
    **initial
        Initial control values overriding :data:`RANKBOOST_STEPPER_DEFAULTS`, the same
        keywords as ``Dashboard.set`` takes (a value between two steps of a slider goes
        to the nearest step):

        {controls}

    Returns
    -------
    rankviz.widgets.dashboard.Dashboard

    Raises
    ------
    TypeError
        If an unknown control name is given, or a value of the wrong type.
    ValueError
        If an initial value is outside its control's range or options (the message
        names the keyword and what the control allows).

    References
    ----------
    Mohri et al. (2018), Theorem 10.3 and section 10.5.1.

    Examples
    --------
    >>> dash = rankboost_stepper()
    >>> dash.readouts["stump h_t"]
    '1[x1 <= -0.8997]'
    >>> dash.controls["round"].value = 60
    >>> dash.readouts["training pairwise error"] <= dash.readouts["∏ Z_s"]
    True
    """
    controls = RANKBOOST_STEPPER_CONTROLS.build(initial)
    wide = presentation_enabled(presentation)
    return Dashboard(
        "RankBoost, round by round",
        controls,
        draw_rankboost_stepper,
        setup=partial(setup_rankboost_stepper, wide=wide),
        figsize=(10.0, 9.0),
        presentation=presentation,
        presentation_figsize=(PRESENTATION_WIDTH, 6.4),
        headline=("training pairwise error", "∏ Z_s", "training AUC", "test AUC"),
        advanced=("seed",),
        note="Drag the round slider: watch the weights move to the pairs the ensemble still "
        "gets wrong, and the error stay under both bounds.",
        rebuild=rankboost_stepper,
    )
