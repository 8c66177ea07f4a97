"""rankviz.widgets.dashboard: the redraw mechanism every chapter dashboard shares."""

import io

import ipywidgets as widgets
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

from rankviz.widgets.dashboard import Dashboard, dropdown, float_slider, int_slider


def decode(png) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGB")).astype(int)


def full_render(fig) -> np.ndarray:
    """Render a figure from scratch, as savefig would, for comparison with the blitted picture."""
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[..., :3].astype(int)


def slope_controls(value=1.0):
    return {
        "slope": float_slider("slope", value, -2.0, 2.0, 0.25),
        "kind": dropdown("kind", ["line", "dots"]),
    }


def setup_line(fig, **_):
    ax = fig.subplots()
    ax.set(xlim=(0, 1), ylim=(-2, 2), xlabel="x", ylabel="y", title="static title")
    ax.axhline(0, color="0.5")
    return ax


def draw_line(ax, slope, kind):
    ax.plot([0, 1], [0, slope], "-" if kind == "line" else "o", color="C1", lw=3)
    return {"slope": slope, "kind": kind}


# --------------------------------------------------------------------------- #
# simple mode
# --------------------------------------------------------------------------- #
def test_simple_mode_redraws_everything_on_each_change():
    calls = []

    def draw(fig, slope, kind):
        calls.append(slope)
        ax = fig.subplots()
        ax.plot([0, 1], [0, slope])
        return {"slope": slope}

    dash = Dashboard("simple", slope_controls(), draw)
    dash.controls["slope"].value = 1.5
    assert calls == [1.0, 1.5]
    assert dash.readouts == {"slope": 1.5}
    assert dash.update_count == dash.full_render_count == 2
    assert len(dash.figure.axes) == 1  # cleared, not accumulated
    assert bytes(dash.image.value).startswith(b"\x89PNG")


# --------------------------------------------------------------------------- #
# fast mode
# --------------------------------------------------------------------------- #
def test_fast_mode_renders_the_static_part_once_and_blits_the_rest():
    dash = Dashboard("fast", slope_controls(), draw_line, setup=setup_line, figsize=(4, 3))
    first = bytes(dash.image.value)
    for value in (1.5, -0.5, 2.0, -2.0):
        dash.controls["slope"].value = value
    assert dash.update_count == 5 and dash.full_render_count == 1
    ax = dash.figure.axes[0]
    assert len(ax.lines) == 2  # the static axhline and only the latest dynamic line
    assert ax.lines[1].get_ydata()[1] == -2.0
    assert bytes(dash.image.value) != first


def test_safety_net_re_renders_when_draw_changes_the_static_part():
    def draw(ax, slope, kind):
        ax.plot([0, 1], [0, slope])
        ax.set_title(f"slope {slope}")  # a static element that draw changes
        return None

    dash = Dashboard("net", slope_controls(), draw, setup=setup_line, figsize=(4, 3))
    dash.controls["slope"].value = 0.5
    assert dash.full_render_count == 2
    assert dash.figure.axes[0].get_title() == "slope 0.5"
    reference = full_render(dash.figure)
    assert np.mean(np.any(decode(dash.image.value) != reference, axis=-1)) < 0.002


def test_axis_without_ticks_may_change_its_limits_in_draw():
    def setup(fig, **_):
        ax = fig.subplots()
        ax.set_yticks([])
        ax.set_xlim(0, 1)
        return ax

    def draw(ax, slope, kind):
        ax.plot([0, 1], [0, abs(slope) + 0.1])
        ax.set_ylim(0, abs(slope) + 0.2)

    dash = Dashboard("free y", slope_controls(), draw, setup=setup, figsize=(4, 3))
    dash.controls["slope"].value = 2.0
    assert dash.full_render_count == 1
    reference = full_render(dash.figure)
    assert np.mean(np.any(decode(dash.image.value) != reference, axis=-1)) < 0.002


def test_layout_controls_rerun_setup():
    setups = []

    def setup(fig, slope, kind):
        setups.append(kind)
        return setup_line(fig)

    dash = Dashboard(
        "layout", slope_controls(), draw_line, setup=setup, layout_controls=["kind"], figsize=(4, 3)
    )
    dash.controls["slope"].value = 0.25
    dash.controls["kind"].value = "dots"
    assert setups == ["line", "dots"]
    assert len(dash.figure.axes) == 1


def test_set_changes_several_controls_with_one_redraw():
    dash = Dashboard("set", slope_controls(), draw_line, setup=setup_line, figsize=(4, 3))
    dash.set(slope=-1.0, kind="dots")
    assert dash.update_count == 2
    assert dash.readouts == {"slope": -1.0, "kind": "dots"}
    with pytest.raises(TypeError, match="unknown controls"):
        dash.set(intercept=1.0)


def test_a_value_error_is_shown_and_the_dashboard_recovers():
    def draw(ax, slope, kind):
        if slope < 0:
            raise ValueError("slope must be >= 0 in this demo")
        return draw_line(ax, slope, kind)

    dash = Dashboard("errors", slope_controls(), draw, setup=setup_line, figsize=(4, 3))
    dash.controls["slope"].value = -1.0
    assert dash.error == "slope must be >= 0 in this demo"
    assert "Cannot draw" in dash.message.value and dash.readouts == {}
    dash.controls["slope"].value = 1.0
    assert dash.error is None and dash.message.value == ""
    assert dash.readouts["slope"] == 1.0
    assert len(dash.figure.axes[0].lines) == 2


def test_other_exceptions_are_not_swallowed():
    def draw(ax, slope, kind):
        if slope > 1:
            raise ZeroDivisionError("a bug")

    dash = Dashboard("bug", slope_controls(), draw, setup=setup_line)
    with pytest.raises(ZeroDivisionError):
        dash.controls["slope"].value = 2.0


def test_buttons_run_their_callback_then_redraw_once():
    dash = Dashboard(
        "buttons",
        slope_controls(),
        draw_line,
        setup=setup_line,
        figsize=(4, 3),
        buttons={"flip": lambda d: d.set(slope=-d.values["slope"])},
    )
    dash.buttons["flip"].click()
    assert dash.values["slope"] == -1.0
    assert dash.update_count == 2


def test_a_value_error_in_a_button_callback_is_shown_not_raised():
    def refuse(_dash):
        raise ValueError("nothing to find here")

    dash = Dashboard(
        "buttons",
        slope_controls(),
        draw_line,
        setup=setup_line,
        figsize=(4, 3),
        buttons={"search": refuse},
    )
    picture = bytes(dash.image.value)
    dash.buttons["search"].click()
    assert dash.error == "nothing to find here"
    assert "nothing to find here" in dash.message.value
    assert bytes(dash.image.value) == picture and dash.update_count == 1
    dash.controls["slope"].value = 0.5  # the next change clears the message
    assert dash.error is None and dash.message.value == ""


def test_readout_table_and_repr():
    dash = Dashboard("table", slope_controls(), draw_line, setup=setup_line, figsize=(4, 3))
    assert "<td style='text-align:right'><b>1.000</b></td>" in dash.readout.value
    assert repr(dash) == "<Dashboard 'table': slope=1.000, kind=line>"
    bundle = dash._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == repr(dash)
    assert "application/vnd.jupyter.widget-view+json" in data
    assert isinstance(dash.root, widgets.VBox)
    assert dash.snapshot().data == bytes(dash.image.value)


def test_construction_errors():
    with pytest.raises(TypeError, match="draw must be callable"):
        Dashboard("x", slope_controls(), draw=None)
    with pytest.raises(TypeError, match="setup must be callable"):
        Dashboard("x", slope_controls(), draw_line, setup=3)
    with pytest.raises(ValueError, match="controls must not be empty"):
        Dashboard("x", {}, draw_line)
    with pytest.raises(TypeError, match=r"controls\['b'\] must be an ipywidgets value widget"):
        Dashboard("x", {"b": widgets.Button()}, draw_line)
    with pytest.raises(ValueError, match="layout_controls names unknown controls"):
        Dashboard("x", slope_controls(), draw_line, setup=setup_line, layout_controls=["n"])


def test_control_factories_validate_their_ranges():
    assert int_slider("n", 5, 1, 10).continuous_update
    assert not float_slider("a", 0.5, 0.0, 1.0, 0.1, continuous_update=False).continuous_update
    with pytest.raises(ValueError, match="min must be < max"):
        float_slider("a", 0.0, 1.0, 0.0, 0.1)
    with pytest.raises(ValueError, match="step must be > 0"):
        int_slider("n", 1, 0, 5, 0)
    with pytest.raises(ValueError, match="value must be an integer from 0 to 5"):
        int_slider("n", 9, 0, 5)
    with pytest.raises(ValueError, match="options of 'k' must not be empty"):
        dropdown("k", [])
    with pytest.raises(ValueError, match="must be one of"):
        dropdown("k", ["a", "b"], "c")
    assert dropdown("k", [("A", 1), ("B", 2)], 2).value == 2


# -- values set from the kernel, reset, and the presentation layout ------------------------------


def test_sliders_round_every_value_to_their_step():
    slider = float_slider("p", 0.5, 0.05, 0.95, 0.05)
    slider.value = 0.6000000000000001  # what 0.2 * 3 or 1 - 0.4 give
    assert repr(slider.value) == "0.6"
    slider.value = 0.62
    assert slider.value == 0.6
    slider.value = 0.63
    assert slider.value == 0.65
    with pytest.raises(ValueError, match=r"p must be a number from 0.05 to 0.95 .* got 2"):
        slider.value = 2.0  # refused, not clamped to 0.95
    assert slider.value == 0.65
    fine = float_slider("q", 0.1, 0.0, 1.0, 0.001)
    fine.value = 0.1 + 0.2
    assert repr(fine.value) == "0.3"
    whole = int_slider("n", 4, 4, 20, 2)
    whole.value = 7
    assert whole.value in (6, 8)


def test_reset_restores_the_initial_values_with_one_redraw():
    seen = []
    dash = Dashboard(
        "demo",
        slope_controls(0.5),
        draw_line,
        setup=setup_line,
        on_reset=lambda d: seen.append(dict(d.values)),
    )
    dash.set(slope=-1.5, kind="dots")
    count = dash.update_count
    dash.reset_button.click()
    assert dash.values == {"slope": 0.5, "kind": "line"} == dash.defaults
    assert dash.update_count == count + 1
    assert seen == [{"slope": -1.5, "kind": "dots"}]  # on_reset runs before the controls move


def test_presentation_layout_shows_the_headline_large_and_folds_the_advanced_controls():
    controls = {**slope_controls(), "seed": int_slider("seed", 0, 0, 9)}

    def draw(ax, slope, kind, seed):
        return {"slope": slope, "kind": kind, "seed": seed, "slope×2": 2 * slope}

    dash = Dashboard(
        "demo",
        controls,
        draw,
        setup=setup_line,
        headline=("slope×", "kind"),
        advanced=("seed",),
        presentation=True,
    )
    assert dash.presentation and "rankviz-presentation" in dash.root._dom_classes
    assert list(dash.headline_readouts()) == ["slope×2", "kind"]
    assert "rankviz-number" in dash.headline_html.value and ">2.000<" in dash.headline_html.value
    assert controls["seed"] in dash.more.children[0].children and dash.more.selected_index is None
    width, _ = dash.figure.get_size_inches() * dash.figure.dpi
    assert round(width) == 1080
    student = Dashboard("demo", slope_controls(), draw_line, setup=setup_line, presentation=False)
    assert student.headline_html.value == "" and not student.presentation


def test_presentation_mode_is_the_default_of_dashboards_built_afterwards():
    from rankviz.widgets import presentation_mode

    assert presentation_mode() is False
    try:
        presentation_mode(True)
        assert Dashboard("demo", slope_controls(), draw_line, setup=setup_line).presentation
        assert not Dashboard(
            "demo", slope_controls(), draw_line, setup=setup_line, presentation=False
        ).presentation
    finally:
        presentation_mode(False)
    assert not Dashboard("demo", slope_controls(), draw_line, setup=setup_line).presentation
    with pytest.raises(TypeError, match="on must be True or False"):
        presentation_mode("yes")
    with pytest.raises(ValueError, match="advanced names unknown"):
        Dashboard("demo", slope_controls(), draw_line, advanced=("nope",))


# --------------------------------------------------------------------------- #
# bad arguments: a clear error naming the argument
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: float_slider("p", "0.5", 0.0, 1.0, 0.1), TypeError, "value must be a number"),
        (lambda: float_slider("p", 0.5, 0.0, float("inf"), 0.1), ValueError, "max must be finite"),
        (lambda: float_slider("p", 0.5, 0.0, 1.0, 1e-9), ValueError, "MAX_SLIDER_POSITIONS"),
        (
            lambda: float_slider("p", 0.5, 0.0, 1.0, 0.1, readout_format="%d%"),
            ValueError,
            "readout_format must be a number format",
        ),
        (
            lambda: float_slider("p", 0.5, 0.0, 1.0, 0.1, continuous_update=None),
            TypeError,
            "continuous_update must be True or False",
        ),
        (lambda: int_slider("n", 3, 1, 10**12), ValueError, "MAX_SLIDER_POSITIONS"),
        (lambda: int_slider("n", 3, 1, 9, step=20), ValueError, "step must be <= max - min"),
        (lambda: int_slider(None, 3, 1, 9), TypeError, "description must be a string"),
        (lambda: dropdown("kind", "abc"), TypeError, "options of 'kind' must be a sequence"),
        (lambda: dropdown("kind", ["a", 3]), TypeError, "string labels"),
        (
            lambda: Dashboard(
                "demo", slope_controls(), draw_line, setup=setup_line, figsize=(1e4, 1.0)
            ),
            ValueError,
            "figsize times dpi",
        ),
        (
            lambda: Dashboard(
                "demo", slope_controls(), draw_line, setup=setup_line, figsize=(4.0, 1e-300)
            ),
            ValueError,
            "MIN_FIGURE_PIXELS",
        ),
        (
            lambda: Dashboard("demo", slope_controls(), draw_line, setup=setup_line, dpi=2.5),
            TypeError,
            "dpi must be an integer",
        ),
        (
            lambda: Dashboard(
                "demo", slope_controls(), draw_line, setup=setup_line, headline="slope"
            ),
            TypeError,
            "headline must be a sequence of names",
        ),
        (lambda: Dashboard(3, slope_controls(), draw_line), TypeError, "title must be a string"),
    ],
)
def test_bad_arguments_raise_a_clear_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_set_refuses_a_value_its_control_cannot_take():
    dash = Dashboard("demo", slope_controls(), draw_line, setup=setup_line)
    with pytest.raises(TypeError, match=r"slope must be a number from -2 to 2 .* got str"):
        dash.set(slope="steep")


# -- events on two threads at once (ipykernel 7 delivers widget messages on a subshell thread) --
WAIT_S = 0.5  # how long a blocked redraw waits for the other thread before it goes on


def test_two_threads_never_interleave_redraws_and_the_last_state_wins():
    """A redraw that is slow while another thread moves a control must not overwrite the
    newer picture: the first redraw waits (up to WAIT_S) for the other thread's redraw, as it
    would when interleaved; serialized, the other thread's redraw comes after it instead."""
    import threading

    other_done = threading.Event()
    in_slow_redraw = threading.Event()

    def draw(fig, x, y):
        if x == 1.0 and y == 0.0:  # the stale state, on the first thread
            in_slow_redraw.set()
            other_done.wait(WAIT_S)
        ax = fig.subplots()
        ax.plot([0, 1], [x, y])
        ax.set(xlim=(0, 1), ylim=(-2, 2))
        return {"x": x, "y": y}

    controls = {
        "x": float_slider("x", 0.0, -2.0, 2.0, 0.5),
        "y": float_slider("y", 0.0, -2.0, 2.0, 0.5),
    }
    dash = Dashboard("race", controls, draw)

    def move_y():
        in_slow_redraw.wait(5)
        dash.controls["y"].value = 1.5
        other_done.set()

    other = threading.Thread(target=move_y)
    other.start()
    dash.controls["x"].value = 1.0
    other.join(10)
    assert dash.values == {"x": 1.0, "y": 1.5}
    assert dash.readouts == {"x": 1.0, "y": 1.5}, "a stale redraw overwrote the newer one"
    fresh = Dashboard(
        "race",
        {"x": float_slider("x", 1.0, -2.0, 2.0, 0.5), "y": float_slider("y", 1.5, -2.0, 2.0, 0.5)},
        draw,
    )
    assert np.array_equal(decode(dash.image.value), decode(fresh.image.value))


@pytest.mark.slow
def test_presentation_sizes_never_leak_into_rcparams_from_two_threads():
    """Two presentation dashboards redrawn on two threads at once leave rcParams as they were."""
    import threading

    import matplotlib

    before = dict(matplotlib.rcParams)
    first_inside, second_inside = threading.Event(), threading.Event()

    def draw_first(fig, x):
        if x == 1.0:
            first_inside.set()
            second_inside.wait(WAIT_S)  # interleaved: the second enters before the first leaves
        fig.subplots().plot([0, 1], [0, x])
        return {"x": x}

    def draw_second(fig, x):
        if x == 1.0:
            second_inside.set()
            first_inside.wait(WAIT_S)
            threading.Event().wait(0.1)  # interleaved: the first has left; leave last
        fig.subplots().plot([0, 1], [0, x])
        return {"x": x}

    first = Dashboard(
        "one", {"x": float_slider("x", 0.0, -2.0, 2.0, 0.5)}, draw_first, presentation=True
    )
    second = Dashboard(
        "two", {"x": float_slider("x", 0.0, -2.0, 2.0, 0.5)}, draw_second, presentation=True
    )

    def move_second():
        first_inside.wait(5)
        second.controls["x"].value = 1.0

    other = threading.Thread(target=move_second)
    other.start()
    first.controls["x"].value = 1.0
    other.join(10)
    changed = {key for key, value in matplotlib.rcParams.items() if before.get(key) != value}
    assert not changed, f"rcParams changed by drawing: {sorted(changed)}"


def test_presentation_sizes_belong_to_the_figure_while_it_draws():
    """While a presentation dashboard draws, rcParams keep their values (a plot drawn at that
    moment on another thread is unaffected), yet its text and lines come out at projector size."""
    import matplotlib

    from rankviz.widgets.dashboard import PRESENTATION_DPI, PRESENTATION_SCALE

    outside = dict(matplotlib.rcParams)
    inside = {}

    def draw(fig, x):
        inside.update(matplotlib.rcParams)  # what another thread's plot would see meanwhile
        ax = fig.subplots()
        ax.plot([0, 1], [0, x], label="line")
        ax.set(title="title", xlabel="x")
        ax.legend()
        return {"x": x}

    dash = Dashboard(
        "sizes", {"x": float_slider("x", 0.0, -2.0, 2.0, 0.5)}, draw, presentation=True
    )
    changed = {key for key, value in inside.items() if outside.get(key) != value}
    assert not changed, f"rcParams changed while drawing: {sorted(changed)}"
    ax = dash.figure.axes[0]
    pixels = dash.figure.dpi / 72  # pixels per point
    assert dash.figure.dpi == pytest.approx(PRESENTATION_DPI * PRESENTATION_SCALE)
    sizes = {
        "title": ax.title.get_fontsize(),
        "label": ax.xaxis.label.get_fontsize(),
        "tick": ax.get_xticklabels()[0].get_fontsize(),
        "legend": ax.get_legend().get_texts()[0].get_fontsize(),
    }
    assert min(sizes.values()) * pixels >= 16, f"text under 16 px on the projector: {sizes}"
    assert ax.lines[0].get_linewidth() * pixels >= 2.4
    assert decode(dash.image.value).shape[:2] == (432, 1080)  # (PRESENTATION_WIDTH, 6) inches


def test_a_serialized_callback_waits_for_a_redraw_on_another_thread():
    """A chapter's own observer (one control following another) runs under the redraw lock:
    it cannot read controls in the middle of a redraw on another thread."""
    import threading

    from rankviz.widgets.dashboard import serialized

    in_redraw, events = threading.Event(), []

    def draw(fig, x):
        if x == 1.0:
            in_redraw.set()
            threading.Event().wait(WAIT_S)  # a slow redraw; the observer must wait for it
            events.append("redraw done")
        fig.subplots().plot([0, 1], [0, x])
        return {"x": x}

    dash = Dashboard("serial", {"x": float_slider("x", 0.0, -2.0, 2.0, 0.5)}, draw)
    follower = serialized(lambda: events.append("observer"))
    other = threading.Thread(target=lambda: (in_redraw.wait(5), follower()))
    other.start()
    dash.controls["x"].value = 1.0
    other.join(10)
    assert events == ["redraw done", "observer"]


@pytest.mark.slow
def test_fresh_picture_equals_the_picture_after_many_updates_and_tells_a_stale_one():
    from rankviz.widgets import low_noise_explorer

    dash = low_noise_explorer(presentation=True)
    for _ in range(3):
        dash.buttons["find a counterexample"].click()
        assert np.array_equal(decode(dash.image.value), decode(dash.fresh_picture()))
    dash.controls["phi"].value = "hinge"
    dash.reset()
    assert np.array_equal(decode(dash.image.value), decode(dash.fresh_picture()))
    stale = dash.image.value
    dash.controls["p"].value = 0.8
    assert not np.array_equal(decode(stale), decode(dash.fresh_picture()))
