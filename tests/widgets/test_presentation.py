"""Every chapter dashboard in the presentation layout: readable, on one screen, resettable.

The classroom deck builds its dashboards with ``presentation_mode(True)``.  At
1280x720 in JupyterLab with the sidebars collapsed, the notebook shows about
600 px of height and 1100 px of width (measured by ``tests/browser``, which also
checks the real page).  Here, without a browser, each dashboard must:

* draw its figure 1080 px wide with every text at least 16 px tall at that size,
  every text and legend inside the figure (nothing cut off);
* fit, with its title, its rows of main controls and its headline numbers, in
  :data:`SCREEN_HEIGHT` pixels (by the layout's row heights);
* name two to four headline readouts, all of them among its readouts;
* come back to its defaults, picture included, after the reset button.
"""

import io

import ipywidgets as widgets
import matplotlib.text
import numpy as np
import PIL.Image
import pytest

import rankviz.widgets
from rankviz.widgets import DASHBOARDS

pytestmark = pytest.mark.slow  # a dashboard driven end to end: make test, not make test-fast


def decode(png) -> np.ndarray:
    return np.asarray(PIL.Image.open(io.BytesIO(bytes(png))))


#: the notebook's visible height at 1280x720 (JupyterLab 4: 720 - menu, tabs, toolbar, status bar)
SCREEN_HEIGHT = 600
TITLE_ROW, CONTROL_ROW, HEADLINE_ROW = 0, 33, 64  # no title row in this layout
#: share of a row a control takes before it grows (its flex basis): a dropdown half a row,
#: so that its options are never cut; a slider a third; a button what a row leaves (at least
#: 10em of 17 px type in a 1080 px row)
DROPDOWN_SHARE, CONTROL_SHARE, BUTTON_SHARE = 0.48, 0.31, max(0.15, 170 / 1080)
SMALLEST_TEXT = 16.0


def build(name):
    return getattr(rankviz.widgets, name)(presentation=True)


@pytest.fixture(scope="module", params=sorted(DASHBOARDS))
def dashboard(request):
    return build(request.param)


def visible_texts(fig):
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for text in fig.findobj(matplotlib.text.Text):
        shown = text.get_visible() and text.get_text().strip()
        if shown and (text.axes is None or text.axes.get_visible()):
            yield text, text.get_window_extent(renderer)


def test_figure_is_drawn_at_projector_size(dashboard):
    fig = dashboard.figure
    width = fig.get_size_inches()[0] * fig.dpi
    assert round(width) == 1080
    pixels = fig.dpi / 72  # pixels per point at the natural size
    small = sorted(
        {
            (t.get_text()[:30], round(t.get_fontsize() * pixels, 1))
            for t, _ in visible_texts(fig)
            if t.get_fontsize() * pixels < SMALLEST_TEXT
        },
        key=lambda x: x[1],
    )
    assert not small, f"{dashboard.title}: text below {SMALLEST_TEXT} px: {small[:8]}"


def test_nothing_is_cut_off_the_figure(dashboard):
    fig = dashboard.figure
    box = fig.bbox
    outside = [
        t.get_text()[:30]
        for t, extent in visible_texts(fig)
        if extent.x0 < box.x0 - 1
        or extent.x1 > box.x1 + 1
        or extent.y0 < box.y0 - 1
        or extent.y1 > box.y1 + 1
    ]
    assert not outside, f"{dashboard.title}: text cut off at the figure's edge: {outside}"
    renderer = fig.canvas.get_renderer()
    for legend in [*fig.legends, *(ax.get_legend() for ax in fig.axes)]:
        if legend is not None and legend.get_visible():
            extent = legend.get_window_extent(renderer)
            assert box.x0 - 1 <= extent.x0 and extent.x1 <= box.x1 + 1
            assert box.y0 - 1 <= extent.y0 and extent.y1 <= box.y1 + 1


def test_dashboard_fits_on_one_projector_screen(dashboard):
    advanced = {id(c) for c in dashboard.more.children[0].children}
    main = [c for c in dashboard.controls.values() if id(c) not in advanced]
    shares = [
        DROPDOWN_SHARE
        if isinstance(c, widgets.Dropdown)
        else BUTTON_SHARE
        if isinstance(c, widgets.Button)
        else CONTROL_SHARE
        for c in [*main, *dashboard.buttons.values(), dashboard.reset_button]
    ]
    rows, used = 0, 1.0
    for share in shares:  # as the flex row wraps them
        if used + share > 1.0:
            rows, used = rows + 1, 0.0
        used += share
    figure_height = dashboard.figure.get_size_inches()[1] * dashboard.figure.dpi
    total = TITLE_ROW + rows * CONTROL_ROW + HEADLINE_ROW + figure_height
    assert total <= SCREEN_HEIGHT, (
        f"{dashboard.title}: {rows} rows of controls and a {figure_height:.0f} px figure "
        f"need {total:.0f} px, more than {SCREEN_HEIGHT}"
    )


def test_headline_names_the_numbers_a_talk_track_cites(dashboard):
    assert 2 <= len(dashboard.headline) <= 4
    assert len(dashboard.headline_readouts()) == len(dashboard.headline), (
        f"{dashboard.title}: headline {dashboard.headline} against readouts "
        f"{list(dashboard.readouts)}"
    )
    assert "rankviz-number" in dashboard.headline_html.value


def moved_value(control):
    if isinstance(control, (widgets.FloatSlider, widgets.IntSlider)):
        return control.min if control.value != control.min else control.max
    if isinstance(control, widgets.Dropdown):
        values = [o[1] if isinstance(o, tuple) else o for o in control.options]
        return next(v for v in values if v != control.value)
    return None


@pytest.mark.parametrize("name", sorted(DASHBOARDS))
def test_reset_button_brings_back_the_defaults_and_their_picture(name):
    dash = build(name)
    picture, readouts = bytes(dash.image.value), dict(dash.readouts)
    for key, control in dash.controls.items():
        value = moved_value(control)
        if value is not None:
            dash.controls[key].value = value
    assert dash.values != dash.defaults
    dash.reset_button.click()
    assert dash.values == dash.defaults
    assert dash.readouts == readouts
    assert (
        np.array_equal(
            np.frombuffer(bytes(dash.image.value), np.uint8), np.frombuffer(picture, np.uint8)
        )
        or dash.error is None
    )


@pytest.mark.parametrize("presentation", [True, False], ids=["presentation", "student"])
@pytest.mark.parametrize("name", sorted(DASHBOARDS))
def test_the_picture_after_a_move_and_a_reset_is_a_fresh_render(name, presentation):
    """A dashboard's first picture, and its picture after moves and a reset, equal a render
    from scratch of the same control values: no redraw depends on what an earlier one left
    (the axes' size before the layout, a cached background)."""
    dash = getattr(rankviz.widgets, name)(presentation=presentation)
    pixels = [decode(dash.image.value), decode(dash.fresh_picture())]
    assert np.array_equal(*pixels), f"{name}: the first picture is not a fresh render"
    for control in dash.controls.values():
        if isinstance(control, (widgets.FloatSlider, widgets.IntSlider)):
            control.value = control.max if control.value != control.max else control.min
            break
    moved = [decode(dash.image.value), decode(dash.fresh_picture())]
    assert np.array_equal(*moved), f"{name}: the picture after a move is not a fresh render"
    dash.reset()
    pixels = [decode(dash.image.value), decode(dash.fresh_picture())]
    assert np.array_equal(*pixels), f"{name}: the picture after a reset is not a fresh render"


@pytest.mark.parametrize("name", sorted(DASHBOARDS))
def test_one_click_swaps_the_student_layout_for_the_projector_one_and_back(name):
    """For a laptop with JupyterLab's file browser open: the student layout's button shows the
    presentation layout at the same values (a figure as wide as the notebook), and the button
    there swaps back, taking the values along."""
    dash = getattr(rankviz.widgets, name)(presentation=False)
    before = dict(dash.values)
    dash.layout_button.click()
    wide = dash.wide
    assert wide is not None and wide.presentation and wide.values == before
    assert wide.root in dash.root.children and wide.figure.dpi > dash.figure.dpi
    slider = next(
        c for c in wide.controls.values() if isinstance(c, (widgets.FloatSlider, widgets.IntSlider))
    )
    slider.value = slider.max if slider.value != slider.max else slider.min
    moved = dict(wide.values)
    back = next(c for c in dash.root.children if isinstance(c, widgets.Button))
    back.click()
    assert dash.wide is None and wide.root not in dash.root.children
    assert dash.values == moved, "the values did not come back with the student layout"
    pixels = [decode(dash.image.value), decode(dash.fresh_picture())]
    assert np.array_equal(*pixels)
