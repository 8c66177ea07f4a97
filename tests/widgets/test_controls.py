"""Values set on a dashboard from code (issue 31, defect 6), and the one declaration of controls.

Every dashboard declares its controls once (``<NAME>_CONTROLS``, a
:class:`rankviz.widgets.controls.Controls`); the sliders, the checks of the factory's keywords,
of ``Dashboard.set`` and of the ``draw_*`` function's keywords all come from it.  So for every
dashboard and every control: a value the control cannot take (beyond a slider's ends, NaN,
infinity, a wrong type, an option a dropdown lacks) raises a ``ValueError``/``TypeError``
naming the keyword and what it allows, from all three entry points, and changes nothing; the
limits the draw function checks are exactly the slider's; a value between two steps goes to
the nearest step.
"""

import importlib
import math

import ipywidgets as widgets
import pytest
from matplotlib.figure import Figure

import rankviz.widgets
from rankviz.widgets import DASHBOARDS
from rankviz.widgets.controls import Choice, Controls, Slider, Text


def declaration(name) -> Controls:
    return getattr(importlib.import_module(DASHBOARDS[name]), f"{name.upper()}_CONTROLS")


def draw_call(name):
    """``draw(**values)``: the dashboard's draw function on the handles of its setup."""
    module = importlib.import_module(DASHBOARDS[name])
    defaults = declaration(name).defaults
    handles = getattr(module, f"setup_{name}")(Figure(), **defaults)
    draw = getattr(module, f"draw_{name}")
    return lambda **changed: draw(handles, **{**defaults, **changed})


def bad_values(spec):
    """Values the declared control cannot take: (value, error type)."""
    if isinstance(spec, Slider):
        out = [
            (spec.min - spec.step, ValueError),
            (spec.max + spec.step, ValueError),
            (10**9 if spec.integer else 1e9, ValueError),
            ("0.5", TypeError),
            (None, TypeError),
            (True, TypeError),
        ]
        if spec.integer:
            out += [(2.5, TypeError), (math.nan, TypeError)]
        else:
            out += [(math.nan, ValueError), (math.inf, ValueError), (-math.inf, ValueError)]
        return out
    if isinstance(spec, Choice):
        return [("NOPE", ValueError), (3, TypeError), (None, TypeError)]
    return [(3, TypeError), (None, TypeError)]  # a text box takes text only


def cases():
    return [
        (name, keyword, value, error)
        for name in sorted(DASHBOARDS)
        for keyword, spec in declaration(name).items()
        for value, error in bad_values(spec)
    ]


@pytest.fixture(scope="module")
def built():
    """Each dashboard built once with its defaults."""
    return {name: getattr(rankviz.widgets, name)(presentation=False) for name in DASHBOARDS}


@pytest.fixture(scope="module")
def draws():
    return {name: draw_call(name) for name in DASHBOARDS}


def test_every_dashboard_declares_its_controls_once_and_builds_them_from_the_declaration(built):
    for name, dash in built.items():
        controls = declaration(name)
        assert isinstance(controls, Controls), name
        assert set(dash.controls) == set(controls), name
        assert dash.defaults == controls.defaults, name
        module = importlib.import_module(DASHBOARDS[name])
        assert getattr(module, f"{name.upper()}_DEFAULTS") == controls.defaults, name
        # the factory's docstring lists every control with what it allows
        doc = getattr(rankviz.widgets, name).__doc__
        for keyword, spec in controls.items():
            assert f"``{keyword}``: {spec.label}, {spec.allowed()}" in doc, (name, keyword)


def test_validation_limits_equal_the_sliders_limits(built, draws):
    """The limits the factory, ``.set`` and ``draw_*`` check are those of the slider shown."""
    for name, dash in built.items():
        for keyword, control in dash.controls.items():
            spec = declaration(name)[keyword]
            if isinstance(control, widgets.Dropdown):
                shown = [o[1] if isinstance(o, tuple) else o for o in control.options]
                assert shown == list(spec.values), (name, keyword)
                continue
            if not isinstance(control, (widgets.FloatSlider, widgets.IntSlider)):
                assert isinstance(spec, Text), (name, keyword)
                continue
            assert (control.min, control.max, control.step) == (spec.min, spec.max, spec.step)
            # just beyond either end, by far less than a step: refused by all three
            span = 1e-6 * (control.max - control.min)
            beyond = (
                [control.min - 1, control.max + 1]
                if isinstance(control, widgets.IntSlider)
                else [control.min - span, control.max + span]
            )
            for value in beyond:
                for _entry, call in (
                    ("draw", lambda v=value, k=keyword, n=name: draws[n](**{k: v})),
                    ("set", lambda v=value, k=keyword, d=dash: d.set(**{k: v})),
                    (
                        "factory",
                        lambda v=value, k=keyword, n=name: getattr(rankviz.widgets, n)(
                            presentation=False, **{k: v}
                        ),
                    ),
                ):
                    with pytest.raises(ValueError, match=rf"^{keyword} must be .*from"):
                        call()
            # at either end: accepted by the declaration the three share
            assert declaration(name).check({keyword: control.min})[keyword] == control.min
            assert declaration(name).check({keyword: control.max})[keyword] == control.max


@pytest.mark.parametrize(("name", "keyword", "value", "error"), cases())
def test_a_value_its_control_cannot_take_is_refused_by_set_factory_and_draw(
    built, draws, name, keyword, value, error
):
    dash = built[name]
    before, updates = dash.values, dash.update_count
    with pytest.raises(error, match=rf"^{keyword}\b") as raised:
        dash.set(**{keyword: value})
    message = str(raised.value)
    spec = declaration(name)[keyword]
    assert spec.allowed() in message, message  # the range or the options
    assert dash.values == before and dash.update_count == updates  # nothing moved, no redraw
    with pytest.raises(error, match=rf"^{keyword}\b"):
        getattr(rankviz.widgets, name)(presentation=False, **{keyword: value})
    with pytest.raises((TypeError, ValueError), match=rf"^{keyword}\b"):
        draws[name](**{keyword: value})


def test_a_value_between_two_steps_goes_to_the_nearest_step(built):
    """The documented choice: snapped to the step the browser's slider would show, not refused."""
    for name, dash in built.items():
        sliders = [
            (keyword, spec)
            for keyword, spec in declaration(name).items()
            if isinstance(spec, Slider) and (not spec.integer or spec.step >= 3)
        ]
        if not sliders:
            continue
        keyword, spec = sliders[0]
        off_grid = spec.min + (spec.step // 3 if spec.integer else 0.4 * spec.step)
        dash.set(**{keyword: off_grid})
        assert dash.values[keyword] == spec.min, (name, keyword)
        dash.reset()


# -- the defect as the issue reports it ---------------------------------------------------------


def test_roc_explorer_refuses_a_sample_size_beyond_its_slider_instead_of_clamping():
    from rankviz.widgets import roc_explorer

    dash = roc_explorer()
    with pytest.raises(ValueError, match=r"^n must be an integer from 20 to 5000"):
        dash.set(n=10**9)
    assert dash.values["n"] == 200
    with pytest.raises(ValueError, match=r"^prevalence must be a number .* got nan"):
        dash.set(prevalence=math.nan)
    # the factory names the keyword, not the slider's label
    with pytest.raises(ValueError, match=r"^prevalence must be a number from 0.02 to 0.98"):
        roc_explorer(prevalence=1.0)


def test_draw_ranking_playground_and_draw_calibration_explorer_check_their_values():
    from rankviz.widgets.calibration import (
        CALIBRATION_EXPLORER_DEFAULTS,
        draw_calibration_explorer,
        setup_calibration_explorer,
    )
    from rankviz.widgets.ranking import (
        RANKING_PLAYGROUND_DEFAULTS,
        draw_ranking_playground,
        setup_ranking_playground,
    )

    handles = setup_ranking_playground(Figure(), **RANKING_PLAYGROUND_DEFAULTS)
    with pytest.raises(ValueError, match=r"^grade_A must be an integer from 0 to 4"):
        draw_ranking_playground(handles, **dict(RANKING_PLAYGROUND_DEFAULTS, grade_A=5))
    handles = setup_calibration_explorer(Figure(), **CALIBRATION_EXPLORER_DEFAULTS)
    with pytest.raises(ValueError, match=r"^weight_a must be a number from 0 to 1"):
        draw_calibration_explorer(handles, **dict(CALIBRATION_EXPLORER_DEFAULTS, weight_a=-1.0))


def test_a_slider_set_directly_refuses_a_value_beyond_its_range():
    from rankviz.widgets import roc_explorer

    dash = roc_explorer()
    with pytest.raises(ValueError, match=r"^n must be an integer from 20 to 5000"):
        dash.controls["n"].value = 10**6
    assert dash.values["n"] == 200
