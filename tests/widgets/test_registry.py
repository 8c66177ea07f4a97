"""Every dashboard of the registry (rankviz.widgets.DASHBOARDS), driven as a reader drives it.

Two promises every chapter dashboard keeps, tested once for all of them:

* the picture the dashboard shows after a series of changes (its static part rendered once and
  the changing artists blitted on top) is the picture a full render of its figure gives;
* it survives every value its controls allow: each slider at its minimum and maximum, each
  dropdown at each option, one control at a time from the defaults, draws without an error,
  and at least one of those values changes what is shown (the picture or the readouts).
"""

import importlib
import io

import ipywidgets as widgets
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

import rankviz.widgets
from rankviz.widgets import DASHBOARDS

pytestmark = pytest.mark.slow  # a dashboard driven end to end: make test, not make test-fast

#: share of pixels allowed to differ by more than 2 levels between the blitted picture and a
#: full render (antialiased edges of blitted artists over their static frame)
BLIT_TOLERANCE = 0.005

#: controls whose values cannot change what the defaults show, with the reason
INERT_AT_DEFAULTS = {
    ("aggregation_explorer", "draws"): "used by method 'btl_mle' only, not the default",
    ("ranking_playground", "noise"): "used by the rule 'noisy grade' only; the default is 'manual'",
    ("ranking_playground", "selected"): "chooses the document the move buttons move; draws nothing",
    ("ranking_playground", "seed"): "used by the rule 'noisy grade' only; the default is 'manual'",
}


def build(name):
    return getattr(rankviz.widgets, name)()


def decode(png) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGB")).astype(int)


def full_render(fig) -> np.ndarray:
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[..., :3].astype(int)


def extremes(control) -> list:
    """The values a reader can give a control: a slider's ends, every option of a dropdown."""
    if isinstance(control, widgets.Dropdown):
        return [option[1] if isinstance(option, tuple) else option for option in control.options]
    if hasattr(control, "min") and hasattr(control, "max"):
        return [control.min, control.max]
    return []  # a text box: its values are tested by the widget's own test file


def another_value(control):
    """A value other than the current one, inside the control's range."""
    if isinstance(control, widgets.Dropdown):
        values = extremes(control)
        return values[-1] if values[-1] != control.value else values[0]
    low, high = control.min, control.max
    value = low + 0.37 * (high - low)
    if isinstance(control, widgets.IntSlider):
        value = round(value)
    return value if value != control.value else high


def shown(dash):
    return bytes(dash.image.value), dash.readout.value


@pytest.fixture(scope="module", params=sorted(DASHBOARDS))
def dash(request):
    return build(request.param)


def test_every_registry_entry_builds_a_dashboard_whose_controls_are_driven(dash):
    assert dash.error is None
    assert bytes(dash.image.value).startswith(b"\x89PNG")
    assert any(extremes(control) for control in dash.controls.values())


@pytest.mark.parametrize("key", sorted(DASHBOARDS))
def test_blitted_picture_equals_a_full_render(key):
    dash = build(key)
    moved = 0
    for control in dash.controls.values():
        if not extremes(control):
            continue
        control.value = another_value(control)
        assert dash.error is None, f"{key}: {control.description}: {dash.error}"
        moved += 1
    assert moved
    blitted, reference = decode(dash.image.value), full_render(dash.figure)
    assert blitted.shape == reference.shape
    assert np.mean(np.any(np.abs(blitted - reference) > 2, axis=-1)) < BLIT_TOLERANCE


@pytest.mark.parametrize("key", sorted(DASHBOARDS))
def test_every_control_survives_every_value_it_allows(key):
    dash = build(key)
    for control_name, control in dash.controls.items():
        values = extremes(control)
        if not values:
            continue
        dash.reset()
        before = shown(dash)
        changed = False
        for value in values:
            control.value = value
            assert dash.error is None, f"{key}: {control_name}={value!r}: {dash.error}"
            assert bytes(dash.image.value).startswith(b"\x89PNG")
            changed |= shown(dash) != before
        if (key, control_name) in INERT_AT_DEFAULTS:
            assert not changed, f"{key}: {control_name} is no longer inert; update the table"
        else:
            assert changed, f"{key}: no value of {control_name} changed what is shown"
    dash.reset()


@pytest.mark.parametrize("key", sorted(DASHBOARDS))
def test_the_draw_function_accepts_every_value_its_controls_allow(key):
    """The ranges a draw function checks (its module's _RANGES) contain its sliders' ranges."""
    ranges = getattr(importlib.import_module(DASHBOARDS[key]), "_RANGES", {})
    dash = build(key)
    for name, control in dash.controls.items():
        if name not in ranges:
            continue
        kind, *limits = ranges[name]
        if kind == "choice":
            assert set(extremes(control)) <= set(limits[0]), (key, name)
        else:
            low, high = limits
            assert low <= control.min and control.max <= high, (key, name, limits)
