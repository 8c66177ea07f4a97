"""Chapter 05 dashboard: the tournament explorer (sort-by-degree and randomized QuickSort)."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import numpy as np

from rankviz._validation import check_bool
from rankviz.pairwise import emphasis_top_k, emphasis_uniform
from rankviz.plotting import (
    ARROW_STYLES,
    NODE_STYLES,
    REFERENCE_STYLES,
    SAMPLE_COLOR,
    plot_legend,
    plot_run_histogram,
    plot_tournament,
    style_run_histogram_axes,
)
from rankviz.preference import (
    bipartite_target,
    cyclic_triangles,
    flip_pair,
    preference_loss,
    random_preference,
    ranking_loss,
)
from rankviz.quicksort import (
    classical_quicksort_calls,
    expected_quicksort_calls,
    expected_quicksort_loss,
    quicksort_loss_monte_carlo,
    sort_by_degree,
)
from rankviz.widgets._shell import check_figure, check_handles
from rankviz.widgets.controls import Choice, Controls, Slider, document_controls
from rankviz.widgets.dashboard import PRESENTATION_WIDTH, Dashboard, presentation_enabled

__all__ = [
    "ADVANCED",
    "CALLS_READOUT",
    "HEADLINE",
    "QUICKSORT_RUNS",
    "TOURNAMENT_EXPLORER_CONTROLS",
    "TOURNAMENT_EXPLORER_DEFAULTS",
    "draw_tournament_explorer",
    "setup_tournament_explorer",
    "tournament_explorer",
    "tournament_instance",
]

#: QuickSort runs behind each histogram (enough for a 95% interval of about +-0.01).
QUICKSORT_RUNS = 400

#: Name of the readout "exact expected calls of QuickSort, of the n(n-1)/2 pairs".
CALLS_READOUT = "QuickSort calls to h (expected)"
#: The readouts the deck's talk track cites, shown large in the presentation layout.
HEADLINE = ("L(h, σ*)", "E[L(QuickSort)] exact", "sort-by-degree loss", CALLS_READOUT)
#: Controls the talk track does not move, folded under "more" in the presentation layout.
ADVANCED = ("seed",)
#: Height in inches of the presentation figure: two rows of main controls leave
#: 600 - 40 - 2 * 33 - 60 = 434 px for it at 72 dpi.
PRESENTATION_HEIGHT = 6.0

_TARGETS = [  # labels of at most 22 characters: the dropdown shows them uncut
    ("order 0 > 1 > … > n−1", "order"),
    ("bipartite (1 − AUC)", "bipartite"),
    ("order, top-2 emphasis", "top2"),
]
_FLIPS = [
    ("no flip", "none"),
    ("top vs bottom (0, n−1)", "extremes"),
    ("top two (0, 1)", "top"),
    ("bottom two (n−2, n−1)", "bottom"),
]
_LOSS_STYLES = REFERENCE_STYLES[:4]  # L(h), exact E[L(QuickSort)], 2 L(h), sort-by-degree
_CALL_STYLES = (REFERENCE_STYLES[3], REFERENCE_STYLES[4])  # sort-by-degree, classical mean


#: The controls of :func:`tournament_explorer`, declared once: the widgets, and the checks of the
#: factory's keywords, of ``Dashboard.set`` and of the draw function.
TOURNAMENT_EXPLORER_CONTROLS = Controls(
    "tournament_explorer",
    n=Slider("items n", 6, 4, 9, integer=True),
    intransitivity=Slider("intransitivity", 0.5, 0.0, 1.0, 0.05),
    seed=Slider("random seed", 0, 0, 99, integer=True),
    target=Choice("target σ*", _TARGETS, "order"),
    flip=Choice("flip a preference", _FLIPS, "none"),
)
#: Default control values of :func:`tournament_explorer`.
TOURNAMENT_EXPLORER_DEFAULTS = TOURNAMENT_EXPLORER_CONTROLS.defaults


def tournament_instance(n, intransitivity, seed, target, flip):
    """The preference, target and emphasis that the explorer shows for given control values.

    Parameters
    ----------
    n : int
        Number of items.
    intransitivity, seed
        Passed to :func:`rankviz.preference.random_preference` (it perturbs the
        order ``0 > 1 > ... > n-1``).
    target : {"order", "bipartite", "top2"}
        The identity order with uniform emphasis; the top ``n // 2`` items
        positive with the 1 - AUC emphasis; the identity order with the top-2
        emphasis.
    flip : {"none", "extremes", "top", "bottom"}
        A pair to reverse after drawing: (0, n-1), (0, 1) or (n-2, n-1).

    Returns
    -------
    types.SimpleNamespace
        ``H``, ``sigma_star``, ``omega``, ``positive`` (bool array or None) and
        ``flipped`` (the reversed pair or None).

    Raises
    ------
    ValueError, TypeError
        If a value is invalid for :func:`rankviz.preference.random_preference`
        or ``target``/``flip`` is unknown.
    """
    checked = TOURNAMENT_EXPLORER_CONTROLS.check(
        {"n": n, "intransitivity": intransitivity, "seed": seed, "target": target, "flip": flip}
    )
    n, intransitivity, seed, target, flip = checked.values()
    H = random_preference(n, intransitivity, seed)
    pairs = {"none": None, "extremes": (0, n - 1), "top": (0, 1), "bottom": (n - 2, n - 1)}
    if flip not in pairs:
        raise ValueError(f"flip must be one of {sorted(pairs)}, got {flip!r}")
    if pairs[flip] is not None:
        H = flip_pair(H, *pairs[flip])
    positive = None
    if target == "bipartite":
        positive = np.arange(n) < n // 2
        sigma_star, omega = bipartite_target(positive)
    elif target in ("order", "top2"):
        sigma_star = np.arange(n)
        omega = emphasis_uniform(n) if target == "order" else emphasis_top_k(n, 2)
    else:
        raise ValueError(f"target must be one of ['bipartite', 'order', 'top2'], got {target!r}")
    return SimpleNamespace(
        H=H, sigma_star=sigma_star, omega=omega, positive=positive, flipped=pairs[flip]
    )


#: x-range of the calls panel: calls as a share of all pairs (sort-by-degree asks them all)
_CALL_SHARE_LIMITS = (0.0, 1.08)


def setup_tournament_explorer(fig, *, wide=False, **_values):
    """Build the static part: the tournament panel, two histograms and their legends.

    Nothing here depends on the controls, so that every change, the number of
    items included, is a blit: the tournament is drawn at each update, and the
    calls are shown as a share of the ``n (n - 1) / 2`` pairs, whose axis is
    the same for every ``n``.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    wide : bool, default False
        The presentation layout (a wide, low figure at projector type size):
        the tournament and the histogram of QuickSort's losses side by side,
        one legend under both.  The histogram of the calls is dropped: the
        presentation layout shows the exact expected number of calls against
        the ``n (n - 1) / 2`` pairs as a headline number.
    **_values
        The control values (the layout does not depend on them).

    Returns
    -------
    types.SimpleNamespace
        The axes ``graph``, ``losses`` and ``calls`` (None in the wide layout).
    """
    fig = check_figure(fig)
    wide = check_bool(wide, "wide")
    if wide:
        graph, losses = fig.subplots(1, 2, width_ratios=(1.0, 1.9))
        graph.set(
            xlim=(-1.3, 1.3),
            ylim=(-1.3, 1.3),
            xticks=[],
            yticks=[],
            aspect="equal",
            title="h: arrow u → v if h(u, v) > 1/2",
        )
        graph.set_autoscale_on(False)
        style_run_histogram_axes(
            losses, xlabel="loss L(σ, σ*) of one QuickSort run", xlim=(-0.02, 1.02)
        )
        losses.set_title(f"losses of {QUICKSORT_RUNS} QuickSort runs")
        losses.set_xticks(np.linspace(0.0, 1.0, 6))  # no tick label beyond the limits
        losses.set_yticks(np.linspace(0.0, 1.0, 6))
        plot_legend(
            fig,
            [
                ("h agrees with σ*", ARROW_STYLES["agree"]),
                ("h contradicts σ*", ARROW_STYLES["contradict"]),
                ("same class: free", ARROW_STYLES["free"]),
                ("flipped pair", ARROW_STYLES["highlight"]),
                ("positive (bipartite)", NODE_STYLES["positive"]),
                ("negative (bipartite)", NODE_STYLES["negative"]),
                ("QuickSort runs", {"patch": True, "color": SAMPLE_COLOR, "alpha": 0.75}),
                ("L(h, σ*)", _LOSS_STYLES[0]),
                ("E[L(QuickSort)], exact", _LOSS_STYLES[1]),
                ("2 L(h, σ*)", _LOSS_STYLES[2]),
                ("sort-by-degree", _LOSS_STYLES[3]),
            ],
            loc="outside lower center",
            ncols=4,
            fontsize=None,
        )
        return SimpleNamespace(graph=graph, losses=losses, calls=None)
    grid = fig.add_gridspec(2, 2, width_ratios=(1.05, 1))
    graph = fig.add_subplot(grid[:, 0])
    losses = fig.add_subplot(grid[0, 1])
    calls = fig.add_subplot(grid[1, 1])
    graph.set(
        xlim=(-1.3, 1.3),
        ylim=(-1.3, 1.3),
        xticks=[],
        yticks=[],
        aspect="equal",
        title="preference h: arrow u → v when h(u, v) > 1/2",
    )
    graph.set_autoscale_on(False)
    entries = [
        ("h agrees with the target", ARROW_STYLES["agree"]),
        ("h contradicts the target", ARROW_STYLES["contradict"]),
        ("same class: costs nothing", ARROW_STYLES["free"]),
        ("flipped pair", ARROW_STYLES["highlight"]),
        ("positive (bipartite target)", NODE_STYLES["positive"]),
        ("negative (bipartite target)", NODE_STYLES["negative"]),
    ]
    plot_legend(graph, entries, loc="upper center", bbox_to_anchor=(0.5, -0.01), ncols=2)
    style_run_histogram_axes(losses, xlabel="loss L(σ, σ*) of one run", xlim=(-0.02, 1.02))
    losses.set_title(f"losses of {QUICKSORT_RUNS} QuickSort runs")
    plot_legend(
        losses,
        [
            ("QuickSort runs", {"patch": True, "color": SAMPLE_COLOR, "alpha": 0.75}),
            ("L(h, σ*)", _LOSS_STYLES[0]),
            ("E[L(QuickSort)], exact", _LOSS_STYLES[1]),
            ("2 L(h, σ*)", _LOSS_STYLES[2]),
            ("sort-by-degree", _LOSS_STYLES[3]),
        ],
        loc="upper right",
    )
    style_run_histogram_axes(
        calls,
        xlabel="calls to h in one run, as a share of the n(n−1)/2 pairs",
        xlim=_CALL_SHARE_LIMITS,
    )
    calls.set_title("calls to h")
    plot_legend(
        calls,
        [
            ("QuickSort runs", {"patch": True, "color": SAMPLE_COLOR, "alpha": 0.75}),
            ("sort-by-degree: n(n−1)/2", _CALL_STYLES[0]),
            ("classical QuickSort mean", _CALL_STYLES[1]),
        ],
        loc="upper left",
    )
    return SimpleNamespace(graph=graph, losses=losses, calls=calls)


def draw_tournament_explorer(axes, *, n, intransitivity, seed, target, flip):
    """Draw the changing artists of the tournament explorer and return its readouts.

    Parameters
    ----------
    axes : types.SimpleNamespace
        As returned by :func:`setup_tournament_explorer`.
    n, intransitivity, seed, target, flip
        See :func:`tournament_instance`.

    Returns
    -------
    dict
        Cyclic triangles, the losses of h, of sort-by-degree and of QuickSort
        (exact expectation and Monte Carlo with a 95% interval), and the calls
        (sort-by-degree's, QuickSort's Monte Carlo mean, and under
        :data:`CALLS_READOUT` QuickSort's exact expectation "c of n(n-1)/2").

    Raises
    ------
    ValueError, TypeError
        As :func:`tournament_instance`.
    """
    axes = check_handles(axes, "axes", "graph", "losses", "calls")
    checked = TOURNAMENT_EXPLORER_CONTROLS.check(
        {"n": n, "intransitivity": intransitivity, "seed": seed, "target": target, "flip": flip}
    )
    n, intransitivity, seed, target, flip = checked.values()
    inst = tournament_instance(n, intransitivity, seed, target, flip)
    loss_h = preference_loss(inst.H, inst.sigma_star, inst.omega)
    by_degree = sort_by_degree(inst.H)
    loss_degree = ranking_loss(by_degree.sigma, inst.sigma_star, inst.omega)
    exact = expected_quicksort_loss(inst.H, inst.sigma_star, inst.omega)
    mc = quicksort_loss_monte_carlo(
        inst.H, inst.sigma_star, inst.omega, n_runs=QUICKSORT_RUNS, rng=seed
    )
    plot_tournament(
        axes.graph,
        inst.H,
        sigma_star=inst.sigma_star,
        positive=inst.positive,
        highlight=inst.flipped,
        legend=False,
    )
    plot_run_histogram(
        axes.losses,
        mc.losses,
        xlabel="loss L(σ, σ*) of one run",
        references={
            "L(h)": loss_h,
            "exact": exact,
            "2 L(h)": 2 * loss_h,
            "sort-by-degree": loss_degree,
        },
        styles=_LOSS_STYLES,
        xlim=(-0.02, 1.02),
        legend=False,
    )
    classical = classical_quicksort_calls(n)
    pairs = n * (n - 1) // 2
    calls = expected_quicksort_calls(inst.H)
    if axes.calls is not None:
        plot_run_histogram(
            axes.calls,
            mc.calls / pairs,
            xlabel="calls to h in one run, as a share of the n(n−1)/2 pairs",
            references={"sort-by-degree": by_degree.calls / pairs, "classical": classical / pairs},
            styles=_CALL_STYLES,
            xlim=_CALL_SHARE_LIMITS,
            legend=False,
        )
    return {
        "cyclic triangles in h": cyclic_triangles(inst.H),
        "L(h, σ*)": loss_h,
        "sort-by-degree loss": loss_degree,
        "E[L(QuickSort)] exact": exact,
        f"QuickSort, {QUICKSORT_RUNS} runs": f"{mc.mean:.3f} ± {mc.high - mc.mean:.3f}",
        "2 L(h, σ*)": 2 * loss_h,
        "calls: sort-by-degree": by_degree.calls,
        "calls: QuickSort (mean)": float(mc.calls.mean()),
        CALLS_READOUT: f"{calls:.1f} of {pairs}",
        "classical QuickSort mean": classical,
    }


@document_controls(TOURNAMENT_EXPLORER_CONTROLS)
def tournament_explorer(*, presentation: bool | None = None, **initial):
    """Dashboard: a random tournament, sort-by-degree and many runs of randomized QuickSort.

    Sliders set the number of items (4 to 9), how far the preference is from
    the order ``0 > 1 > ... > n-1`` (intransitivity 0: that order; 1: a
    uniformly random tournament) and the seed; dropdowns choose the target
    (a total order, a bipartite labelling, or a top-2 emphasis) and flip one
    chosen preference.  The figure shows the tournament (arrows that
    contradict the target in colour), the histogram of QuickSort's losses over
    :data:`QUICKSORT_RUNS` runs against ``L(h)``, ``2 L(h)``, the exact
    expectation and the sort-by-degree loss, and the histogram of QuickSort's
    calls to ``h`` against sort-by-degree's ``n (n - 1) / 2`` and the mean of
    classical QuickSort (a transitive preference), ``2 (n + 1) H_n - 4 n``.

    Parameters
    ----------
    presentation : bool, optional
        Lay the dashboard out for a projector (see
        :mod:`rankviz.widgets.dashboard`); by default, whatever
        :func:`~rankviz.widgets.dashboard.presentation_mode` says.  The
        presentation figure shows the tournament and the losses side by side,
        without the calls histogram (the exact expected calls are a headline
        number, :data:`HEADLINE`); the seed is folded (:data:`ADVANCED`).
    **initial
        Initial control values overriding :data:`TOURNAMENT_EXPLORER_DEFAULTS`, the same
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
    Mohri et al. (2018), section 10.6, eqs. (10.30), (10.33), (10.35).

    Examples
    --------
    >>> dash = tournament_explorer(intransitivity=0.0)
    >>> dash.readouts["L(h, σ*)"], dash.readouts["E[L(QuickSort)] exact"]
    (0.0, 0.0)
    >>> dash.controls["target"].value = "bipartite"
    >>> dash.controls["intransitivity"].value = 1.0
    >>> abs(dash.readouts["E[L(QuickSort)] exact"] - dash.readouts["L(h, σ*)"]) < 1e-12
    True
    """
    controls = TOURNAMENT_EXPLORER_CONTROLS.build(initial)
    wide = presentation_enabled(presentation)
    return Dashboard(
        "Tournament explorer: sort-by-degree and randomized QuickSort",
        controls,
        draw_tournament_explorer,
        setup=partial(setup_tournament_explorer, wide=wide),
        figsize=(11.0, 6.8),
        presentation=wide,
        presentation_figsize=(PRESENTATION_WIDTH, PRESENTATION_HEIGHT),
        headline=HEADLINE,
        advanced=ADVANCED,
        note="Set intransitivity to 0, then flip the top-vs-bottom pair: QuickSort's expected "
        "loss rises towards 2 L(h). Switch the target to bipartite: it equals L(h).",
        rebuild=tournament_explorer,
    )
