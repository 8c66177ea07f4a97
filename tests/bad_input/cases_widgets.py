"""Bad-input cases for the dashboards (rankviz.widgets.*) and rankviz.permutations.format_order.

Each dashboard's ``setup_*`` gets a bare Matplotlib figure (nothing is rendered), each ``draw_*``
the handles its ``setup_*`` returned and small control values, every control a keyword the
harness mutates.  Values set on a dashboard from code: a dashboard factory takes its control
values through ``**initial``, which the harness does not mutate, so its case calls it through
:func:`_from_code`, a function whose keywords are the dashboard's controls (from its one
declaration, ``<NAME>_CONTROLS``); each call tries the value both as a factory keyword and
through ``Dashboard.set`` on a dashboard built once, and both must refuse it alike.
"""

from __future__ import annotations

import functools
import inspect

from matplotlib.figure import Figure

from bad_input.harness import Call, Case
from rankviz.permutations import format_order
from rankviz.widgets import (
    aggregation,
    calibration,
    consistency,
    controls,
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


def _with_keywords(function, declared, *leading):
    """``function`` behind a signature whose keyword-only parameters are the declared controls
    (with their defaults), after the positional ``leading`` names: the harness mutates each."""

    def call(*args, **kwargs):
        return function(*args, **{**declared.defaults, **kwargs})

    parameters = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_ONLY) for name in leading]
    parameters += [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=spec.default)
        for name, spec in declared.items()
    ]
    call.__signature__ = inspect.Signature(parameters)
    return call


@functools.cache
def _built(factory):
    return factory(presentation=False)


def _from_code(module, name):
    """A dashboard's control values set from code: as factory keywords and through ``.set``.

    Both entry points must refuse a bad value (a ``ValueError``/``TypeError`` naming the
    keyword); one refusing while the other takes it is reported as a defect.
    """
    factory = getattr(module, name)
    declared = getattr(module, f"{name.upper()}_CONTROLS")

    def both(**values):
        errors = []
        for entry in (
            lambda: factory(presentation=False, **values),
            lambda: _built(factory).set(**values),
        ):
            try:
                entry()
            except (TypeError, ValueError) as exc:
                errors.append(exc)
        if len(errors) == 1:
            raise AssertionError(f"the factory and .set disagree about {values}: {errors[0]}")
        if errors:
            raise errors[0]
        return None

    return Call(_with_keywords(both, declared))


def _draw_with_keywords(module, name):
    """A ``draw_*`` that takes its control values as ``**values``, behind explicit keywords."""
    declared = getattr(module, f"{name.upper()}_CONTROLS")
    draw = getattr(module, f"draw_{name}")
    handles = _handles(module, name, tuple(sorted(declared.defaults.items())))
    return Call(_with_keywords(draw, declared, "handles"), handles)


_SLIDER = controls.Slider("slope", 1.0, -2.0, 2.0, 0.5)
_CHOICE = controls.Choice("kind", ["line", "dots"])
_TEXT = controls.Text("ranking", "A B")
_CONTROLS = controls.Controls("demo", slope=_SLIDER, kind=_CHOICE)

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
    "rankviz.widgets._layouts.presentation_mode": Case(
        lambda: Call(dashboard.presentation_mode, None)
    ),
    "rankviz.widgets.dashboard.serialized": Case(lambda: Call(dashboard.serialized, print)),
    "rankviz.widgets._layouts.presentation_enabled": Case(
        lambda: Call(dashboard.presentation_enabled, False)
    ),
    "rankviz.widgets.controls.float_slider": Case(
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
    "rankviz.widgets.controls.int_slider": Case(
        lambda: Call(dashboard.int_slider, "n", 3, 1, 9, 2, continuous_update=False),
        # a slider may start below zero
        valid={"min": {"negative"}, "description": {"unknown string"}},
        extra={"value": {"outside the range": 11}, "min": {"above max": 10}},
    ),
    "rankviz.widgets.controls.dropdown": Case(
        lambda: Call(dashboard.dropdown, "kind", ["line", "dots"], "dots"),
        valid={"description": {"unknown string"}},  # any text is a label
        extra={
            "options": {"empty list": [], "a number among them": ["line", 3]},
            "value": {"not an option": "bars"},
        },
    ),
    "rankviz.widgets.controls.initial_values": Case(
        lambda: Call(dashboard.initial_values, "demo", {"a": 1, "b": 2}, {"b": 5}),
        valid={"dashboard": {"unknown string"}},  # any text names the dashboard
        extra={
            "initial": {"unknown control": {"z": 1}, "a list": [("b", 5)]},
            "defaults": {"a list": [("a", 1)]},
        },
    ),
    # --- rankviz.widgets.controls: the declarations ---------------------------------------------
    "rankviz.widgets.controls.Slider": Case(
        lambda: Call(
            controls.Slider,
            "n",
            3,
            1,
            9,
            2,
            integer=True,
            readout_format=".2f",
            continuous_update=False,
        ),
        # an integer slider has no readout format to check
        valid={
            "label": {"unknown string"},
            "min": {"negative"},
            "readout_format": {"int", "unknown string"},
        },
        extra={"default": {"outside the range": 11}, "min": {"above max": 10}},
    ),
    "rankviz.widgets.controls.Slider.allowed": Case(lambda: Call(_SLIDER.allowed)),
    "rankviz.widgets.controls.Slider.check": Case(
        lambda: Call(_SLIDER.check, 0.5, "slope", snap=True),
        valid={"name": {"unknown string"}},
        extra={"value": {"beyond the range": 2.5}},
        names={"value": "slope"},  # the message names the keyword the value is set under
    ),
    "rankviz.widgets.controls.Slider.widget": Case(
        lambda: Call(_SLIDER.widget, 0.5, "slope"),
        valid={"name": {"unknown string"}, "value": {"none"}},  # None: the default
        names={"value": "slope"},
    ),
    "rankviz.widgets.controls.Choice": Case(
        lambda: Call(controls.Choice, "kind", ["line", "dots"], "dots"),
        valid={"label": {"unknown string"}},
        extra={"options": {"empty list": []}, "default": {"not an option": "bars"}},
    ),
    "rankviz.widgets.controls.Choice.allowed": Case(lambda: Call(_CHOICE.allowed)),
    "rankviz.widgets.controls.Choice.check": Case(
        lambda: Call(_CHOICE.check, "dots", "kind", snap=True),
        valid={"name": {"unknown string"}},
        names={"value": "kind"},
    ),
    "rankviz.widgets.controls.Choice.widget": Case(
        lambda: Call(_CHOICE.widget, "dots", "kind"),
        valid={"name": {"unknown string"}, "value": {"none"}},
        names={"value": "kind"},
    ),
    "rankviz.widgets.controls.Text": Case(
        lambda: Call(
            controls.Text, "ranking", "B A", None, allowed="A and B", description_width="9em"
        ),
        valid={
            "label": {"unknown string"},
            "default": {"unknown string"},
            "allowed": {"unknown string"},
            "description_width": {"unknown string"},
        },
    ),
    "rankviz.widgets.controls.Text.allowed": Case(lambda: Call(_TEXT.allowed)),
    "rankviz.widgets.controls.Text.check": Case(
        lambda: Call(_TEXT.check, "B A", "order", snap=True),
        valid={"name": {"unknown string"}, "value": {"unknown string"}},
        names={"value": "order"},
    ),
    "rankviz.widgets.controls.Text.widget": Case(
        lambda: Call(_TEXT.widget, "B A", "order"),
        valid={"name": {"unknown string"}, "value": {"unknown string", "none"}},
        names={"value": "order"},
    ),
    "rankviz.widgets.controls.Controls": Case(
        lambda: Call(controls.Controls, "demo", slope=_SLIDER, kind=_CHOICE),
        valid={"dashboard": {"unknown string"}},
    ),
    "rankviz.widgets.controls.Controls.check": Case(
        lambda: Call(_CONTROLS.check, {"slope": 0.5, "kind": "line"}, snap=False)
    ),
    "rankviz.widgets.controls.Controls.initial": Case(lambda: Call(_CONTROLS.initial, slope=0.5)),
    "rankviz.widgets.controls.Controls.build": Case(
        lambda: Call(_CONTROLS.build, {"slope": 0.5}, order=("kind", "slope")),
        extra={"order": {"unknown control": ("speed",)}},
    ),
    "rankviz.widgets.controls.Controls.describe": Case(lambda: Call(_CONTROLS.describe)),
    "rankviz.widgets.controls.document_controls": Case(
        lambda: Call(controls.document_controls, _CONTROLS, "{controls}"),
        valid={"marker": {"unknown string"}},
    ),
    "rankviz.widgets.controls.check_control_value": Case(
        lambda: Call(
            controls.check_control_value, dashboard.float_slider("s", 0.0, -2.0, 2.0, 0.5), "s", 1.0
        ),
        valid={"name": {"unknown string"}},
        extra={"value": {"beyond the slider": 3.0}},
        names={"value": "s"},
        skip={"control": "any widget: one without a declaration gets its value unchecked"},
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
    # --- the dashboards: their control values set from code (factory keywords and .set) -------
    **{
        f"rankviz.widgets.{module.__name__.rsplit('.', 1)[1]}.{name}": Case(
            (lambda module=module, name=name: _from_code(module, name)),
            # a text box takes any string its check accepts: "NOPE" is no ranking or label
            extra=extra,
        )
        for module, name, extra in (
            (aggregation, "aggregation_explorer", {}),
            (calibration, "calibration_explorer", {"weight_a": {"negative": -1.0}}),
            (consistency, "low_noise_explorer", {"w01": {"beyond the slider": 10.5}}),
            (margins, "margin_bound_explorer", {"m": {"below the slider": 40}}),
            (preference, "tournament_explorer", {"n": {"beyond the slider": 10}}),
            (rankboost, "rankboost_stepper", {"round": {"beyond the run": 61}}),
            (ranking, "ranking_playground", {"grade_A": {"above the scale": 5}}),
            (roc, "roc_explorer", {"n": {"beyond the slider": 10**9}}),
            (scheduling, "schedule_explorer", {"seed": {"beyond the slider": 100}}),
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
        lambda: _draw_with_keywords(calibration, "calibration_explorer"),
        extra={
            "handles": {"a figure, not handles": Figure()},
            "weight_a": {"negative": -1.0},
            "label_a": {"grades for MAP": "2 0 1 0"},
        },
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
        extra={**WRONG_HANDLES, "round": {"beyond the run": rankboost.STEPPER_ROUNDS + 1}},
    ),
    # --- chapter 01: ranking ---------------------------------------------------------------------
    "rankviz.widgets.ranking.setup_ranking_playground": Case(
        lambda: Call(ranking.setup_ranking_playground, Figure(), gain="exponential", wide=False),
        extra=WRONG_FIGURE,
    ),
    "rankviz.widgets.ranking.draw_ranking_playground": Case(
        lambda: _draw_with_keywords(ranking, "ranking_playground"),
        extra={
            "handles": {"a figure, not handles": Figure()},
            "k": {"beyond the documents": 9},
            "relevant_from": {"zero": 0},
            "grade_A": {"above the scale": 5},
            "order": {"a document twice": "A A C D E F G H"},
        },
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
