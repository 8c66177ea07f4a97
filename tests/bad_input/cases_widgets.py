"""Bad-input cases for the dashboards (rankviz.widgets.*) and rankviz.permutations.format_order.

Each dashboard's ``setup_*`` gets a bare Matplotlib figure (nothing is rendered), each ``draw_*``
the handles its ``setup_*`` returned and small control values.  A dashboard constructor's
control values arrive through ``**initial`` (not mutated by the harness; the control factories'
own cases cover their checks), so its case mutates ``presentation``.
"""

from __future__ import annotations

import functools

from matplotlib.figure import Figure

from bad_input.harness import Call, Case
from rankviz.permutations import format_order
from rankviz.widgets import (
    aggregation,
    calibration,
    consistency,
    dashboard,
    margins,
    preference,
    rankboost,
    ranking,
    roc,
    scheduling,
    slides,
    snapshot,
)

# --- the shared mechanism: a toy dashboard ------------------------------------------------------


def _controls():
    return {
        "slope": dashboard.float_slider("slope", 1.0, -2.0, 2.0, 0.25),
        "kind": dashboard.dropdown("kind", ["line", "dots"]),
    }


def _setup_line(fig, **_):
    ax = fig.subplots()
    ax.set(xlim=(0, 1), ylim=(-2, 2))
    return ax


def _draw_line(ax, slope, kind):
    ax.plot([0, 1], [0, slope], "-" if kind == "line" else "o")
    return {"slope": slope, "kind": kind}


def _toy():
    return dashboard.Dashboard(
        "toy",
        _controls(),
        _draw_line,
        setup=_setup_line,
        figsize=(2.0, 1.5),
        dpi=40,
        headline=("slope",),
    )


def _call(function, /, *args, **kwargs):
    """A :class:`Call` whose keywords may include ``target`` (a control of the tournament)."""
    call = object.__new__(Call)
    for field, value in (("target", function), ("args", args), ("kwargs", kwargs)):
        object.__setattr__(call, field, value)
    return call


@functools.cache
def _handles(module, name, values):
    """The handles of a dashboard's setup on a bare figure, built once per process (a case's
    mutations then only draw, which keeps the widgets group fast)."""
    return getattr(module, f"setup_{name}")(Figure(), **dict(values))


def _setup(module, name, **values):
    """A draw function's valid call: the handles of its setup on a bare figure, and values."""
    draw = getattr(module, f"draw_{name}")
    return _call(draw, _handles(module, name, tuple(sorted(values.items()))), **values)


# a figure or handles of the wrong kind, beyond the automatic "abc", 7 and None
WRONG_FIGURE = {"fig": {"axes, not a figure": Figure().subplots()}}
WRONG_HANDLES = {"axes": {"a figure, not handles": Figure()}}

AGGREGATION = dict(
    n_items=4, n_per_pair=2, observed=1.0, noise=1.0, c=0.5, method="borda", seed=0, draws=0
)
CALIBRATION_LABELS = dict(label_a="1 0", label_b="0 1", label_c="1 1")
CALIBRATION = dict(
    loss="map",
    surrogate="ls_relevance",
    **CALIBRATION_LABELS,
    weight_a=0.4,
    weight_b=0.5,
    weight_c=0.1,
)
LOW_NOISE = dict(
    p=0.5,
    w01=1.0,
    w02=10.0,
    w12=4.0,
    w10=0.0,
    w20=4.0,
    w21=0.0,
    phi="squared_hinge",
    form="pairwise",
)
MARGINS = dict(m=60, noise=0.1, log10_C=0.0, seed=0, rho=0.3, delta=0.05, form="fixed")
TOURNAMENT = dict(n=4, intransitivity=0.5, seed=0, target="order", flip="none")
STEPPER = dict(data="ring", seed=0, round=2)
ROC = dict(
    mu_pos=1.0,
    sigma_pos=1.0,
    mu_neg=0.0,
    sigma_neg=1.0,
    prevalence=0.3,
    n=40,
    seed=0,
    threshold=0.5,
)
SCHEDULE = dict(r=4, density=0.4, scale=1.0, seed=16, c1=0.0, slope=0.6)

CASES = {
    # --- rankviz.permutations.format_order (this helper's addition) -----------------------------
    "rankviz.permutations.format_order": Case(
        lambda: Call(format_order, [2, 0, 1], "ABC", sep=" > ", tied=[False, True], tie_sep="="),
        # any string is a valid name list of one character per item (here "NOPE" names items
        # 0-3) and a valid separator
        valid={
            "names": {"unknown string"},
            "sep": {"unknown string"},
            "tie_sep": {"unknown string"},
        },
        extra={
            "order": {"repeated item": [2, 2, 1], "item without a name": [3, 0, 1]},
            "names": {"a number among the names": ["A", 1, "C"]},
            "tied": {"too long": [False, True, True]},
        },
    ),
    # --- rankviz.widgets.dashboard --------------------------------------------------------------
    "rankviz.widgets.dashboard.presentation_mode": Case(
        lambda: Call(dashboard.presentation_mode, None)
    ),
    "rankviz.widgets.dashboard.serialized": Case(lambda: Call(dashboard.serialized, print)),
    "rankviz.widgets.dashboard.presentation_enabled": Case(
        lambda: Call(dashboard.presentation_enabled, False)
    ),
    "rankviz.widgets.dashboard.float_slider": Case(
        lambda: Call(
            dashboard.float_slider,
            "p",
            0.5,
            0.0,
            1.0,
            0.05,
            readout_format=".2f",
            continuous_update=True,
        ),
        valid={"description": {"unknown string"}},  # any text is a label
        extra={
            "value": {"outside the range": 2.0},
            "step": {"zero": 0.0},
            "max": {"below min": -1.0},
            "readout_format": {"not a format": "%d%"},
        },
    ),
    "rankviz.widgets.dashboard.int_slider": Case(
        lambda: Call(dashboard.int_slider, "n", 3, 1, 9, 2, continuous_update=False),
        # a slider may start below zero
        valid={"min": {"negative"}, "description": {"unknown string"}},
        extra={"value": {"outside the range": 11}, "min": {"above max": 10}},
    ),
    "rankviz.widgets.dashboard.dropdown": Case(
        lambda: Call(dashboard.dropdown, "kind", ["line", "dots"], "dots"),
        valid={"description": {"unknown string"}},  # any text is a label
        extra={
            "options": {"empty list": [], "a number among them": ["line", 3]},
            "value": {"not an option": "bars"},
        },
    ),
    "rankviz.widgets.dashboard.initial_values": Case(
        lambda: Call(dashboard.initial_values, "demo", {"a": 1, "b": 2}, {"b": 5}),
        valid={"dashboard": {"unknown string"}},  # any text names the dashboard
        extra={
            "initial": {"unknown control": {"z": 1}, "a list": [("b", 5)]},
            "defaults": {"a list": [("a", 1)]},
        },
    ),
    "rankviz.widgets.dashboard.Dashboard": Case(
        lambda: Call(
            dashboard.Dashboard,
            "toy",
            _controls(),
            _draw_line,
            setup=_setup_line,
            layout_controls=("kind",),
            figsize=(2.0, 1.5),
            dpi=40,
            note="a note",
            headline=("slope",),
            advanced=("kind",),
            presentation=False,
            presentation_figsize=(3.0, 2.0),
        ),
        valid={"title": {"unknown string"}, "note": {"unknown string"}},  # any text
        extra={
            "controls": {"empty": {}, "not widgets": {"slope": 1.0}},
            "layout_controls": {"unknown control": ("speed",)},
            "headline": {"not a readout name": (3,)},
            "advanced": {"unknown control": ("speed",)},
            "figsize": {"negative": (-2.0, 1.5), "one number": (2.0,)},
            "presentation_figsize": {"negative": (-3.0, 2.0)},
        },
    ),
    "rankviz.widgets.dashboard.Dashboard.set": Case(lambda: Call(_toy().set, slope=0.5)),
    "rankviz.widgets.dashboard.Dashboard.reset": Case(lambda: Call(_toy().reset)),
    "rankviz.widgets.dashboard.Dashboard.headline_readouts": Case(
        lambda: Call(_toy().headline_readouts)
    ),
    "rankviz.widgets.dashboard.Dashboard.snapshot": Case(lambda: Call(_toy().snapshot)),
    "rankviz.widgets.dashboard.Dashboard.update": Case(lambda: Call(_toy().update)),
    "rankviz.widgets.dashboard.Dashboard.fresh_picture": Case(lambda: Call(_toy().fresh_picture)),
    # a chapter dashboard in the student layout: the toy has no other layout to swap in
    "rankviz.widgets.dashboard.Dashboard.swap_layout": Case(
        lambda: Call(roc.roc_explorer(presentation=False).swap_layout)
    ),
    "rankviz.widgets.slides.slideshow_keys": Case(lambda: Call(slides.slideshow_keys)),
    "rankviz.widgets.snapshot.DashboardSnapshot": Case(
        lambda: Call(snapshot.DashboardSnapshot, "toy", b"png bytes", [("slope", "1.000")]),
        valid={"title": {"unknown string"}},  # any text
        extra={"readouts": {"a number, not text": [("slope", 1.0)], "not pairs": ["slope"]}},
    ),
    "rankviz.widgets.snapshot.DashboardSnapshot.picture": Case(
        lambda: Call(_toy().snapshot().picture)
    ),
    "rankviz.widgets.snapshot.DashboardSnapshot.readout_text": Case(
        lambda: Call(_toy().snapshot().readout_text)
    ),
    "rankviz.widgets.snapshot.DashboardSnapshot.readout_html": Case(
        lambda: Call(_toy().snapshot().readout_html)
    ),
    # --- the dashboards --------------------------------------------------------------------------
    **{
        f"rankviz.widgets.{module.__name__.rsplit('.', 1)[1]}.{name}": Case(
            (
                lambda module=module, name=name, kwargs=kwargs: Call(
                    getattr(module, name), presentation=False, **kwargs
                )
            ),
        )
        for module, name, kwargs in (
            (aggregation, "aggregation_explorer", {"n_items": 4}),
            (calibration, "calibration_explorer", CALIBRATION_LABELS),
            (consistency, "low_noise_explorer", {}),
            (margins, "margin_bound_explorer", {"m": 50}),
            (preference, "tournament_explorer", {"n": 4}),
            (rankboost, "rankboost_stepper", {}),
            (ranking, "ranking_playground", {}),
            (roc, "roc_explorer", {"n": 20}),
            (scheduling, "schedule_explorer", {"r": 4}),
        )
    },
    # --- chapter 08: aggregation ------------------------------------------------------------------
    "rankviz.widgets.aggregation.setup_aggregation_explorer": Case(
        lambda: Call(aggregation.setup_aggregation_explorer, Figure(), n_items=4, wide=False),
        extra={**WRONG_FIGURE, "n_items": {"one item": 1}},
    ),
    "rankviz.widgets.aggregation.draw_aggregation_explorer": Case(
        lambda: _setup(aggregation, "aggregation_explorer", **AGGREGATION),
        extra={**WRONG_HANDLES, "n_items": {"other than setup's": 5}, "observed": {"above 1": 1.5}},
    ),
    "rankviz.widgets.aggregation.explorer_strengths": Case(
        lambda: Call(aggregation.explorer_strengths, 4, noise=0.5),
        extra={"n_items": {"one item": 1}},
    ),
    # --- chapter 06: calibration ------------------------------------------------------------------
    "rankviz.widgets.calibration.setup_calibration_explorer": Case(
        lambda: Call(
            calibration.setup_calibration_explorer, Figure(), wide=False, **CALIBRATION_LABELS
        ),
        extra={**WRONG_FIGURE, "label_a": {"three items": "1 0 1", "a word": "one zero"}},
    ),
    "rankviz.widgets.calibration.draw_calibration_explorer": Case(
        lambda: Call(
            calibration.draw_calibration_explorer,
            calibration.setup_calibration_explorer(Figure(), **CALIBRATION),
            **CALIBRATION,
        ),
        extra={"handles": {"a figure, not handles": Figure()}},
    ),
    "rankviz.widgets.calibration.explorer_case": Case(
        lambda: Call(calibration.explorer_case, "map", "ls_relevance", "1 0", "0 1", "1 1"),
        extra={"label_a": {"grades for a binary loss": "2 0", "three items": "1 0 1"}},
    ),
    "rankviz.widgets.calibration.parse_label": Case(
        lambda: Call(calibration.parse_label, "1 0 2", name="label a"),
        extra={"text": {"a word": "one", "negative grade": "1 -1", "nan": "1 nan", "blank": "   "}},
        valid={"name": {"unknown string"}},  # any text names the label in messages
        names={"text": "label a"},  # the messages name the label as the caller calls it
    ),
    # --- chapter 07: low noise -------------------------------------------------------------------
    "rankviz.widgets.consistency.setup_low_noise_explorer": Case(
        lambda: Call(consistency.setup_low_noise_explorer, Figure(), wide=False),
        extra=WRONG_FIGURE,
    ),
    "rankviz.widgets.consistency.draw_low_noise_explorer": Case(
        lambda: Call(
            consistency.draw_low_noise_explorer,
            consistency.setup_low_noise_explorer(Figure()),
            search_note=None,
            **LOW_NOISE,
        ),
        valid={"search_note": {"string"}},  # any text is a note
        extra={**WRONG_HANDLES, "p": {"above 1": 1.5}, "w01": {"negative": -1.0}},
    ),
    "rankviz.widgets.consistency.explorer_distribution": Case(
        lambda: Call(consistency.explorer_distribution, 0.5, 1.0, 10.0, 4.0, 0.0, 4.0, 0.0),
        # a weight of 0 removes the edge: a valid graph
        extra={"p": {"above 1": 1.5}, "w01": {"negative": -2.0}},
    ),
    # --- chapter 04: margins ---------------------------------------------------------------------
    "rankviz.widgets.margins.setup_margin_bound_explorer": Case(
        lambda: Call(margins.setup_margin_bound_explorer, Figure(), wide=False),
        extra=WRONG_FIGURE,
    ),
    "rankviz.widgets.margins.draw_margin_bound_explorer": Case(
        lambda: _setup(margins, "margin_bound_explorer", **MARGINS),
        extra={
            **WRONG_HANDLES,
            "rho": {"above 1": 1.5},
            "delta": {"one": 1.0},
            "noise": {"one half": 0.5},
            "log10_C": {"beyond the limit": 5.0},
        },
    ),
    # --- chapter 05: preference ------------------------------------------------------------------
    "rankviz.widgets.preference.setup_tournament_explorer": Case(
        lambda: Call(preference.setup_tournament_explorer, Figure(), wide=False),
        extra=WRONG_FIGURE,
    ),
    "rankviz.widgets.preference.draw_tournament_explorer": Case(
        lambda: _setup(preference, "tournament_explorer", **TOURNAMENT),
        extra={**WRONG_HANDLES, "intransitivity": {"above 1": 1.5}, "n": {"one item": 1}},
    ),
    "rankviz.widgets.preference.tournament_instance": Case(
        lambda: Call(preference.tournament_instance, 4, 0.5, 0, "bipartite", "top"),
        extra={"n": {"one item": 1}},
    ),
    # --- chapter 03: RankBoost -------------------------------------------------------------------
    "rankviz.widgets.rankboost.setup_rankboost_stepper": Case(
        lambda: Call(rankboost.setup_rankboost_stepper, Figure(), wide=False),
        extra=WRONG_FIGURE,
    ),
    "rankviz.widgets.rankboost.draw_rankboost_stepper": Case(
        lambda: _setup(rankboost, "rankboost_stepper", **STEPPER),
        extra={**WRONG_HANDLES, "round": {"beyond the run": rankboost.MAX_ROUNDS + 1}},
    ),
    # --- chapter 01: ranking ---------------------------------------------------------------------
    "rankviz.widgets.ranking.setup_ranking_playground": Case(
        lambda: Call(ranking.setup_ranking_playground, Figure(), gain="exponential", wide=False),
        extra=WRONG_FIGURE,
    ),
    "rankviz.widgets.ranking.draw_ranking_playground": Case(
        lambda: _setup(ranking, "ranking_playground", **ranking.RANKING_PLAYGROUND_DEFAULTS),
        extra={**WRONG_HANDLES, "k": {"beyond the documents": 9}, "relevant_from": {"zero": 0}},
    ),
    "rankviz.widgets.ranking.ranking_of": Case(
        lambda: Call(ranking.ranking_of, dict(ranking.RANKING_PLAYGROUND_DEFAULTS)),
        extra={"values": {"missing grades": {"rule": "manual"}}},
    ),
    # --- chapter 02: ROC -------------------------------------------------------------------------
    "rankviz.widgets.roc.setup_roc_explorer": Case(
        lambda: Call(roc.setup_roc_explorer, Figure(), wide=False),
        extra=WRONG_FIGURE,
    ),
    "rankviz.widgets.roc.draw_roc_explorer": Case(
        lambda: _setup(roc, "roc_explorer", **ROC),
        extra={
            **WRONG_HANDLES,
            "prevalence": {"one": 1.0, "zero": 0.0},
            "sigma_pos": {"zero": 0.0},
            "n": {"one point": 1},
        },
    ),
    "rankviz.widgets.roc.roc_explorer_controls": Case(
        lambda: Call(roc.roc_explorer_controls, n=40)
    ),
    # --- chapter 09: scheduling ------------------------------------------------------------------
    "rankviz.widgets.scheduling.setup_schedule_explorer": Case(
        lambda: Call(scheduling.setup_schedule_explorer, Figure(), wide=False),
        extra=WRONG_FIGURE,
    ),
    "rankviz.widgets.scheduling.draw_schedule_explorer": Case(
        lambda: _setup(scheduling, "schedule_explorer", **SCHEDULE),
        extra={**WRONG_HANDLES, "density": {"above 1": 1.5}, "r": {"one task": 1}},
    ),
    "rankviz.widgets.scheduling.schedule_costs": Case(
        lambda: Call(scheduling.schedule_costs, 4, 0.0, 0.6),
    ),
}
