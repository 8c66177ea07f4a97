"""The classroom deck as an instructor projects it: 1280x720, presentation mode, and slides.

``notebooks/11_classroom_demos.ipynb`` switches every dashboard to the
presentation layout and shows each section's dashboard again under every step of
its talk track (views of one dashboard).  In headless Chromium at 1280x720 with
JupyterLab's sidebars collapsed, this test runs the deck and then:

* checks that every view shows its dashboard's default values after Run All has
  settled (each control's readout, and the headline numbers, against a dashboard
  built with the same defaults in this process: what the kernel-side rehearsal
  cells cannot see);
* for every section, scrolls its first view to the top of the notebook and checks
  that its controls, headline numbers and whole figure (which holds the legend)
  are inside the viewport, and that the figure is shown at its natural size (not
  shrunk); saves a screenshot in ``tests/browser/screenshots/``; makes the move of
  the section's talk track with the keyboard and mouse and waits until the headline
  number the talk track names shows the value it says.

Then it presses 07's "find a counterexample" 15 times and every dashboard's ↺ reset three
times (each after a small move), and after each press compares the picture on the page with a
fresh render of the dashboard's controls made in the kernel (``Dashboard.fresh_picture``) and
checks that the headline numbers are there: under JupyterLab's default "Kernel Comms over
subshells", a button's callback and the browser's echo of the control it moved run on two
kernel threads.

Last, it presents the deck as slides (jupyterlab-slideshow's deck mode, in the same page and
kernel) and walks every slide with Space: no notes cell on a slide, talk-track text of at least
18 px, each dashboard whole and its code hidden, a screenshot of each slide; on the way, ↺ reset
and the talk track's move on 01's slide, and a value typed into 05's slider box (after Enter the
keyboard is back on the slide: the next Space advances).  Then the keys lecture 00 names: the
link back to the chapter list, a chapter link, ↓, Shift Space, Space, ↑ and Esc.
"""

from __future__ import annotations

import html
import json
import re
import time
from pathlib import Path

from tests.browser.test_notebooks_in_browser import (
    DASHBOARD_MS,
    POLL_MS,
    SCREENSHOTS,
    WIDGET_VIEW,
    WIDGET_VIEWS_MS,
    assert_no_error_on_page,
    open_notebook,
    run_all_cells,
    shut_down_kernels,
    wait_until,
)

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "notebooks" / "11_classroom_demos.ipynb"
VIEWPORT = {"width": 1280, "height": 720}
SETTLE_S = 3.0  # the kernel must stay idle this long before the defaults are read
SETTLE_MS = 120_000
SLIDES_MS = 240_000

#: The move of each section's talk track, by section number ("01", ...): the dashboard, the
#: steps an instructor makes, and the headline number the talk track says changes, before
#: and after (and, under "also", other headline values the talk track quotes after it).
#: Step kinds: slider (key presses on a slider's handle), select (a dropdown's option by its
#: label), click (a button, some times).  The deck's rehearsal cells assert the same numbers
#: on the kernel side.
MOVES = json.loads((Path(__file__).resolve().parent / "deck_moves.json").read_text())
DECK_CELLS = json.loads(DECK.read_text())["cells"]


def deck_layout() -> tuple[list[str], list]:
    """For each widget view of the saved deck, in order, its section ("01", ...); and for
    each cell, the section it belongs to (None before the first section)."""
    view_sections, cell_sections, section = [], [], None
    for cell in DECK_CELLS:
        heading = re.match(r"## (\d\d) ·", "".join(cell["source"]))
        if cell["cell_type"] == "markdown" and heading:
            section = heading.group(1)
        cell_sections.append(section)
        if cell["cell_type"] == "code" and any(
            WIDGET_VIEW in out.get("data", {}) for out in cell["outputs"]
        ):
            view_sections.append(section)
    return view_sections, cell_sections


ROOTS = ".rankviz-presentation"


def default_state(name: str) -> dict:
    """What the dashboard ``name`` shows at its defaults, built here in presentation mode."""
    import ipywidgets as widgets

    import rankviz.widgets

    dash = getattr(rankviz.widgets, name)(presentation=True)
    controls = {}
    for control in dash.controls.values():
        if isinstance(control, widgets.FloatSlider):
            controls[control.description] = format(control.value, control.readout_format)
        elif isinstance(control, widgets.IntSlider):
            controls[control.description] = str(control.value)
        elif isinstance(control, widgets.Dropdown):
            controls[control.description] = control.label
    headline = html.unescape(re.sub(r"<[^>]+>", " ", dash.headline_html.value))
    return {"controls": controls, "headline": " ".join(headline.split())}


# What a dashboard in the page shows: its controls' readouts and its headline text.
SHOWN_STATE = """(root) => {
  const controls = {};
  for (const el of root.querySelectorAll('.widget-slider, .widget-dropdown')) {
    const label = el.querySelector('.widget-label')?.textContent?.trim();
    if (!label) continue;
    const select = el.querySelector('select');
    const shown = select ? select.options[select.selectedIndex]?.textContent
                         : el.querySelector('.widget-readout')?.textContent;
    controls[label] = (shown ?? '').replace(/\\s+/g, ' ').trim();  // nbsp in option labels
  }
  const parts = root.querySelectorAll(
    '.rankviz-headline .rankviz-name, .rankviz-headline .rankviz-number');
  const headline = [...parts].map(e => e.textContent.trim()).join(' ').replace(/\\s+/g, ' ');
  return {controls, headline};
}"""

KERNEL_IDLE = """() => window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel
  ?.status === 'idle'"""

# Boxes (in CSS px) of the parts of a dashboard that must be on screen, and of the notebook.
BOXES = """(root) => {
  const box = el => { if (!el) return null; const r = el.getBoundingClientRect();
                      return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const img = root.querySelector('img');
  const notebook = root.closest('.jp-WindowedPanel-outer, .jp-Notebook') ?? document.body;
  const rows = [...root.children].slice(0, 2).map(box);
  return {notebook: box(notebook), controls: rows[1],
          headline: box(root.querySelector('.rankviz-headline')), figure: box(img),
          natural: img ? img.naturalWidth : 0, shown: img ? img.getBoundingClientRect().width : 0};
}"""

# Texts of a dashboard's controls that the page cuts: a label wider than its box, or a
# dropdown option wider than the select (measured in the select's font, arrow excluded).
CUT_TEXTS = """(root) => {
  const cut = [];
  const context = document.createElement('canvas').getContext('2d');
  for (const select of root.querySelectorAll('.widget-dropdown select')) {
    if (!select.clientWidth) continue;  // folded under "more"
    const style = getComputedStyle(select);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight);
    for (const option of select.options)
      if (context.measureText(option.textContent).width > room)
        cut.push(`option ${option.textContent.trim()} (${Math.round(
          context.measureText(option.textContent).width)} px in ${Math.round(room)} px)`);
  }
  for (const label of root.querySelectorAll('.widget-label'))
    if (label.clientWidth && label.scrollWidth > label.clientWidth + 1)
      cut.push(`label ${label.textContent.trim()}`);
  return cut;
}"""

HEADLINE_TEXT = """([root, name]) => {
  for (const card of root.querySelectorAll('.rankviz-readout'))
    if (card.dataset.name === name) return card.querySelector('.rankviz-number').textContent;
  return null;
}"""


def headline_number(root, name: str) -> str | None:
    """The number the dashboard at root shows in its headline card ``name``."""
    return root.page.evaluate(HEADLINE_TEXT, [root.element_handle(), name])


def wait_for_quiet_kernel(page, settle_s: float = SETTLE_S) -> None:
    """Wait until the kernel has stayed idle for settle_s (late widget messages have landed)."""
    deadline = time.monotonic() + SETTLE_MS / 1000
    quiet_since = None
    while time.monotonic() < deadline:
        if page.evaluate(KERNEL_IDLE):
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since >= settle_s:
                return
        else:
            quiet_since = None
        page.wait_for_timeout(POLL_MS)
    raise AssertionError(
        f"the kernel did not stay idle for {settle_s} s within {SETTLE_MS // 1000} s"
    )


def collapse_sidebars(page) -> None:
    page.evaluate("""() => { const shell = window.jupyterapp.shell;
      if (!shell.leftCollapsed) shell.collapseLeft();
      if (!shell.rightCollapsed) shell.collapseRight(); }""")


def control(root, selector: str, label: str):
    found = root.locator(selector).filter(
        has=root.page.locator(".widget-label", has_text=re.compile(f"^{re.escape(label)}$"))
    )
    assert found.count() == 1, f"no single control labelled {label!r} on the dashboard"
    return found.first


def make_step(page, root, step: dict) -> None:
    """One move of a talk track, by keyboard or mouse, as the instructor makes it."""
    if "slider" in step:
        slider = control(root, ".widget-slider", step["slider"])
        handle, readout = slider.locator(".noUi-handle").first, slider.locator(".widget-readout")
        for _ in range(step.get("times", 1)):
            before = readout.text_content()
            handle.focus()
            page.keyboard.press(step.get("key", "ArrowRight"))
            wait_until(
                page,
                "([el, old]) => el.textContent !== old",
                [readout.element_handle(), before],
                DASHBOARD_MS,
                f"the slider {step['slider']!r} did not move from {before!r}",
            )
    elif "select" in step:
        control(root, ".widget-dropdown", step["select"]).locator("select").select_option(
            label=step["option"]
        )
    elif "click" in step:
        button = root.locator(".widget-button", has_text=step["click"])
        assert button.count() >= 1, f"no button {step['click']!r} on the dashboard"
        for _ in range(step.get("times", 1)):
            button.first.click()
            wait_until(page, KERNEL_IDLE, None, DASHBOARD_MS, "the kernel did not finish a click")
    else:
        raise ValueError(f"unknown step {step}")


def assert_on_screen(page, root, name: str, scroll: bool = True) -> None:
    """The dashboard's controls, headline and whole figure are inside the visible notebook
    (after scrolling the dashboard to its top, unless scroll is False)."""
    if scroll:
        root.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(POLL_MS)  # let JupyterLab's scroll settle before measuring
    boxes = root.evaluate(BOXES)
    bottom = min(VIEWPORT["height"], boxes["notebook"]["bottom"])
    top = boxes["notebook"]["top"]
    for part in ("controls", "headline", "figure"):
        box = boxes[part]
        assert box is not None, f"{name}: no {part} on the dashboard"
        assert box["top"] >= top - 1 and box["bottom"] <= bottom + 1, (
            f"{name}: its {part} spans {box['top']:.0f}-{box['bottom']:.0f} px, outside the "
            f"visible notebook {top:.0f}-{bottom:.0f} px at {VIEWPORT['width']}x"
            f"{VIEWPORT['height']}"
        )
        assert box["left"] >= 0 and box["right"] <= VIEWPORT["width"], f"{name}: {part} cut"
    assert boxes["shown"] >= 0.97 * boxes["natural"], (
        f"{name}: the figure is shown {boxes['shown']:.0f} px wide, less than its natural "
        f"{boxes['natural']} px: its text is smaller than designed"
    )


# The deck's slideshow state: whether it is presenting, the active cell, the cells on screen
# (jupyterlab-slideshow marks them), and where the keyboard focus is.
SLIDES_STATE = """() => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const onScreen = [...notebook.widgets].filter(
      cell => cell.node.classList.contains('jp-deck-mod-onscreen'));
  const focus = document.activeElement;
  return {presenting: document.body.dataset.jpDeckMode === 'presenting',
          active: notebook.activeCellIndex,
          onScreen: onScreen.map(cell => notebook.widgets.indexOf(cell)),
          focusOnCell: !!focus && focus.classList.contains('jp-Cell')};
}"""

# The smallest type of the projected talk-track text (paragraphs, list items, the answer's
# summary) of the cells on screen, in CSS px.
SLIDE_TEXT_PX = """() => {
  const sizes = [...document.querySelectorAll(
      '.jp-deck-mod-onscreen .jp-RenderedMarkdown :is(p, li, summary)')]
    .filter(el => el.getBoundingClientRect().height > 0)
    .map(el => parseFloat(getComputedStyle(el).fontSize));
  return sizes.length ? Math.min(...sizes) : null;
}"""
SMALLEST_SLIDE_TEXT_PX = 18


def press_until(page, key: str, predicate: str, arg, failure: str, refocus: bool = True) -> dict:
    """Press key once on the slide, then wait until the slideshow state satisfies predicate.

    With refocus, the key goes to the active cell, as after a click on the slide's text;
    without, to wherever the keyboard focus is (e.g. after typing into a control)."""
    if refocus:
        page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCell.node.focus()")
    page.keyboard.press(key)
    wait_until(
        page,
        f"(arg) => ({predicate})(({SLIDES_STATE})(), arg)",
        arg,
        SLIDES_MS,
        failure,
        lambda: json.dumps(page.evaluate(SLIDES_STATE)),
    )
    page.wait_for_timeout(3 * POLL_MS)  # the slideshow's transition
    return page.evaluate(SLIDES_STATE)


def slide_type(k: int):
    return DECK_CELLS[k]["metadata"].get("slideshow", {}).get("slide_type")


def heading_cell(number: str) -> int:
    return next(
        k
        for k, cell in enumerate(DECK_CELLS)
        if "".join(cell["source"]).startswith(f"## {number} ·")
    )


def check_slide(page, state: dict, shot: int) -> None:
    """What every slide must be: no notes cell on it, talk-track text at least 18 px, and a
    dashboard on it whole; a screenshot of it in SCREENSHOTS."""
    notes = [k for k in state["onScreen"] if slide_type(k) == "notes"]
    assert not notes, f"notes cells {notes} are projected on the slide of cell {state['active']}"
    smallest = page.evaluate(SLIDE_TEXT_PX)
    assert smallest is None or smallest >= SMALLEST_SLIDE_TEXT_PX, (
        f"the slide of cell {state['active']} has talk-track text at {smallest} px"
    )
    root = page.locator(".jp-Notebook .jp-Cell").nth(state["active"]).locator(ROOTS)
    if root.count():
        assert (
            page.locator(".jp-Notebook .jp-Cell")
            .nth(state["active"])
            .locator(".jp-Cell-inputWrapper")
            .evaluate("el => getComputedStyle(el).display")
            == "none"
        ), "the dashboard cell's input (its one word of code) is shown on the slide"
        assert_on_screen(
            page, root, f"the dashboard of cell {state['active']} as a slide", scroll=False
        )
    page.screenshot(path=str(SCREENSHOTS / f"slide_{shot:03d}_cell_{state['active']:03d}.png"))


def type_into_slider_box(page, root, label: str, text: str) -> None:
    """Click a slider's number box, type text and Enter, as the talk track of 05 asks."""
    box = control(root, ".widget-slider", label).locator(".widget-readout")
    box.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    wait_until(
        page,
        "([el, text]) => el.textContent.trim() === text",
        [box.element_handle(), format(float(text), ".2f")],
        DASHBOARD_MS,
        f"typing {text} did not set {label!r}",
    )


def present_every_slide(page) -> None:
    """Start the slideshow on the title slide and walk every slide with Space, checking and
    photographing each; on the way, make 01's move on its slide and type into 05's box; then
    press each key lecture 00 names where it names it."""
    last = max(k for k in range(len(DECK_CELLS)) if slide_type(k) not in ("skip", "notes"))
    page.evaluate("""() => {
      const app = window.jupyterapp;
      app.shell.currentWidget.content.activeCellIndex = 0;
      return app.commands.execute('deck:start');
    }""")
    wait_until(
        page,
        f"""() => {{ const s = ({SLIDES_STATE})();
                     return s.presenting && s.active === 0 && s.onScreen.join() === '0'; }}""",
        None,
        SLIDES_MS,
        "the deck did not start presenting its title slide (is jupyterlab-slideshow installed?)",
        lambda: json.dumps(page.evaluate(SLIDES_STATE)),
    )
    page.wait_for_timeout(4 * POLL_MS)  # the slideshow's entrance transition
    state, shot = page.evaluate(SLIDES_STATE), 0
    check_slide(page, state, shot)
    first_views = {}
    # Space on the title goes to the first chapter's slide; then Space all the way
    state = press_until(
        page,
        "Space",
        "(s, k) => s.active === k",
        heading_cell("01"),
        "Space on the title slide did not go to section 01's slide",
    )
    while True:
        shot += 1
        check_slide(page, state, shot)
        cell = page.locator(".jp-Notebook .jp-Cell").nth(state["active"])
        root = cell.locator(ROOTS)
        number = next(
            (n for n in sorted(MOVES, reverse=True) if heading_cell(n) <= state["active"]), None
        )
        refocus = True
        if root.count() and number == "01" and "01" in first_views:  # a later step's view
            assert headline_number(root, MOVES["01"]["readout"]) == MOVES["01"]["after"], (
                "a later step's view does not show the state the first step's move left"
            )
        if root.count() and number not in first_views:
            first_views[number] = state["active"]
            if number == "01":  # ↺ reset and the talk track's move work on the slide
                section = MOVES["01"]
                args = [root.element_handle(), section["readout"]]
                make_step(page, root, {"click": "↺ reset"})
                for step in section["steps"]:
                    make_step(page, root, step)
                wait_until(
                    page,
                    f"(args) => ({HEADLINE_TEXT})(args) === {json.dumps(section['after'])}",
                    args,
                    DASHBOARD_MS,
                    f"on the slide, the talk track's move did not set "
                    f"{section['readout']!r} to {section['after']!r}",
                )
                page.screenshot(path=str(SCREENSHOTS / "slide_01_moved.png"))
            if number == "05":  # typed into a box, then Space: the keyboard is back on the slide
                type_into_slider_box(page, root, "intransitivity", "0")
                state = page.evaluate(SLIDES_STATE)
                assert state["focusOnCell"], "after Enter in a slider's box the focus stayed there"
                refocus = False
        if state["active"] == last:
            break
        before = state["active"]
        state = press_until(
            page,
            "Space",
            "(s, k) => s.active > k",
            before,
            f"Space on the slide of cell {before} did not go forward",
            refocus=refocus,
        )
    assert len(first_views) == len(MOVES), f"dashboards seen on slides: {sorted(first_views)}"

    # the keys of lecture 00, where it names them
    title_link = (
        page.locator(".jp-Notebook .jp-Cell").nth(last).locator("a", has_text="the chapter list")
    )
    assert title_link.count() == 1, "the last slide has no link back to the chapter list"
    title_link.click()
    wait_until(
        page,
        f"() => ({SLIDES_STATE})().active === 0",
        None,
        SLIDES_MS,
        "the link back to the chapter list did not show the title slide",
    )
    page.locator(".jp-Notebook .jp-Cell").nth(0).locator("li a").nth(6).click()
    seven = heading_cell("07")
    wait_until(
        page,
        f"() => ({SLIDES_STATE})().active === {seven}",
        None,
        SLIDES_MS,
        "the title slide's link to chapter 07 did not show its slide",
        lambda: json.dumps(page.evaluate(SLIDES_STATE)),
    )
    view = press_until(
        page,
        "ArrowDown",
        "(s, k) => s.active > k",
        seven,
        "↓ on chapter 07's slide did not go forward",
    )["active"]
    press_until(
        page,
        "Shift+Space",
        "(s, k) => s.active === k",
        seven,
        "Shift Space did not go back to chapter 07's slide",
    )
    press_until(page, "Space", "(s, k) => s.active === k", view, "Space did not go forward")
    press_until(
        page,
        "ArrowUp",
        "(s, k) => s.active === k",
        seven,
        "↑ did not go back to chapter 07's slide",
    )
    page.keyboard.press("Escape")
    wait_until(
        page,
        f"() => !({SLIDES_STATE})().presenting",
        None,
        SLIDES_MS,
        "Esc did not leave the slideshow",
    )
    assert_no_error_on_page(page)


# --- the buttons that move controls, pressed again and again --------------------------------
#: How often 07's "find a counterexample" is pressed, and each dashboard's ↺ reset, in a row.
COUNTEREXAMPLE_PRESSES = 15
RESETS = 3
#: How long the kernel must stay idle before a picture is compared (the browser's echo of a
#: moved control, which ipykernel 7 handles on a subshell thread, has landed by then).
ECHO_SETTLE_S = 0.8

# Run code in the notebook's kernel (outside any cell) and return what it printed.
KERNEL_PRINT = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let out = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    if (msg.header.msg_type === 'error') out += `ERROR ${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  return out;
}"""

# The picture the page shows in a dashboard (base64 PNG) and its headline's numbers.
SHOWN_PICTURE = """async (root) => {
  const img = root.querySelector('img');
  const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
  let text = '';
  for (let k = 0; k < bytes.length; k += 0x8000)
    text += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
  const numbers = [...root.querySelectorAll('.rankviz-headline .rankviz-number')]
    .map(e => e.textContent.trim());
  return {png: btoa(text), numbers};
}"""

FRESH_PICTURE = """import base64 as _b64
print(_b64.b64encode({name}.fresh_picture()).decode(), end="")"""


def dashboard_names() -> dict[str, str]:
    """The variable of each section's dashboard in the deck (its views show that one word)."""
    names = {}
    for cell, section in zip(DECK_CELLS, deck_layout()[1], strict=True):
        source = "".join(cell["source"]).strip()
        if (
            section
            and cell["cell_type"] == "code"
            and source.isidentifier()
            and any(WIDGET_VIEW in out.get("data", {}) for out in cell["outputs"])
        ):
            names.setdefault(section, source)
    return names


def picture_mismatch(page, root, variable: str, expected_numbers: int) -> str | None:
    """Why the dashboard's picture on the page is not a fresh render of its controls, or None."""
    import base64
    import io

    import numpy as np
    from PIL import Image

    wait_for_quiet_kernel(page, ECHO_SETTLE_S)
    shown = root.evaluate(SHOWN_PICTURE)
    fresh = page.evaluate(KERNEL_PRINT, FRESH_PICTURE.format(name=variable))
    assert not fresh.startswith("ERROR"), fresh
    pixels = [
        np.asarray(Image.open(io.BytesIO(base64.b64decode(png))).convert("RGBA"))
        for png in (shown["png"], fresh)
    ]
    problems = []
    if pixels[0].shape != pixels[1].shape or not np.array_equal(*pixels):
        differ = (
            (pixels[0] != pixels[1]).any(axis=-1).mean()
            if pixels[0].shape == pixels[1].shape
            else 1.0
        )
        problems.append(f"the picture differs from a fresh render in {differ:.1%} of its pixels")
    if len(shown["numbers"]) != expected_numbers or not all(shown["numbers"]):
        problems.append(f"headline numbers {shown['numbers']}, expected {expected_numbers}")
    return "; ".join(problems) or None


def nudge(page, root, step: dict) -> None:
    """One small move of a control of the talk track: one key press on its slider (the other
    way at the end of its range), its option, or one click."""
    if "slider" not in step:
        make_step(page, root, {**step, "times": 1} if "click" in step else step)
        return
    slider = control(root, ".widget-slider", step["slider"])
    handle, readout = slider.locator(".noUi-handle").first, slider.locator(".widget-readout")
    before, key = readout.text_content(), step.get("key", "ArrowRight")
    values = [
        float(v)
        for v in (
            handle.get_attribute(a) for a in ("aria-valuenow", "aria-valuemin", "aria-valuemax")
        )
    ]
    at_end = values[0] == (values[2] if key == "ArrowRight" else values[1])
    handle.focus()
    page.keyboard.press(
        {"ArrowRight": "ArrowLeft", "ArrowLeft": "ArrowRight"}[key] if at_end else key
    )
    wait_until(
        page,
        "([el, old]) => el.textContent !== old",
        [readout.element_handle(), before],
        DASHBOARD_MS,
        f"the slider {step['slider']!r} did not move from {before!r}",
    )


def press_buttons_again_and_again(page, roots, view_sections: list[str]) -> None:
    """07's "find a counterexample" COUNTEREXAMPLE_PRESSES times, then for every section RESETS
    times a small move and ↺ reset; after each press the page must show a fresh render of the
    dashboard's controls, with its headline numbers."""
    import rankviz.widgets

    names, mismatches, presses = dashboard_names(), [], 0
    cards = {
        number: len(
            getattr(rankviz.widgets, MOVES[number]["dashboard"])(
                presentation=True
            ).headline_readouts()
        )
        for number in MOVES
    }

    def check(number, root, what):
        nonlocal presses
        presses += 1
        wrong = picture_mismatch(page, root, names[number], cards[number])
        if wrong:
            mismatches.append(f"{MOVES[number]['dashboard']}, {what}: {wrong}")

    low_noise = roots.nth(view_sections.index("07"))
    low_noise.evaluate("el => el.scrollIntoView({block: 'start'})")
    for k in range(COUNTEREXAMPLE_PRESSES):
        low_noise.locator(".widget-button", has_text="find a counterexample").first.click()
        check("07", low_noise, f"press {k + 1} of 'find a counterexample'")
    for number in sorted(MOVES):
        root = roots.nth(view_sections.index(number))
        root.evaluate("el => el.scrollIntoView({block: 'start'})")
        for k in range(RESETS):
            nudge(page, root, MOVES[number]["steps"][-1])
            root.locator(".widget-button", has_text="↺ reset").first.click()
            check(number, root, f"reset {k + 1}")
    assert not mismatches, (
        f"{len(mismatches)} of {presses} presses left a picture that is not "
        "a fresh render of the controls:\n" + "\n".join(mismatches)
    )


def test_deck_in_presentation_mode_at_1280x720(jupyterlab, browser):
    base_url, token, _ = jupyterlab
    page = browser.new_page()
    page.set_viewport_size(VIEWPORT)
    try:
        open_notebook(page, base_url, token, DECK, workspace="deck-presentation")
        collapse_sidebars(page)
        run_all_cells(page, DECK)
        view_sections, _ = deck_layout()
        assert sorted(set(view_sections)) == sorted(MOVES), (
            f"the deck's sections {sorted(set(view_sections))} are not those of "
            f"deck_moves.json {sorted(MOVES)}"
        )
        roots = page.locator(ROOTS)
        wait_until(
            page,
            f"(n) => document.querySelectorAll('{ROOTS} img[src]').length >= n",
            len(view_sections),
            WIDGET_VIEWS_MS,
            f"{len(view_sections)} presentation dashboard views did not all render",
            lambda: f"presentation dashboard views on the page: {roots.count()}",
        )
        assert roots.count() == len(view_sections)
        assert_no_error_on_page(page)
        wait_for_quiet_kernel(page)

        drifted = []
        defaults = {number: default_state(MOVES[number]["dashboard"]) for number in MOVES}
        for k, number in enumerate(view_sections):
            shown = roots.nth(k).evaluate(SHOWN_STATE)
            if shown != defaults[number]:
                drifted.append(
                    f"view {k} of section {number} ({MOVES[number]['dashboard']}): "
                    f"shows {shown}, default {defaults[number]}"
                )
        assert not drifted, "dashboards not at their defaults after Run All:\n" + "\n".join(drifted)

        for k, number in enumerate(sorted(MOVES)):
            section = MOVES[number]
            root, name = roots.nth(view_sections.index(number)), section["dashboard"]
            assert_on_screen(page, root, name)
            cut = root.evaluate(CUT_TEXTS)
            assert not cut, f"{name}: texts cut at {VIEWPORT['width']} px: {cut}"
            page.screenshot(path=str(SCREENSHOTS / f"deck_{k + 1:02d}_{name}.png"))
            readout = [root.element_handle(), section["readout"]]
            assert headline_number(root, section["readout"]) == section["before"], (
                f"{name}: {section['readout']!r} does not show {section['before']!r} "
                "before the move"
            )
            for step in section["steps"]:
                make_step(page, root, step)
            after = json.dumps(section["after"])
            wait_until(
                page,
                f"(args) => ({HEADLINE_TEXT})(args) === {after}",
                readout,
                DASHBOARD_MS,
                f"{name}: after the talk track's move, {section['readout']!r} does not "
                f"show {section['after']!r}",
                lambda shown=readout: f"it shows {page.evaluate(HEADLINE_TEXT, shown)!r}",
            )
            for other, value in section.get("also", {}).items():  # what else the text quotes
                assert headline_number(root, other) == value, (
                    f"{name}: after the move, {other!r} shows "
                    f"{headline_number(root, other)!r}, the talk track says {value!r}"
                )
            assert_no_error_on_page(page)

        press_buttons_again_and_again(page, roots, view_sections)
        present_every_slide(page)
    finally:
        page.close()
        shut_down_kernels(base_url, token)
