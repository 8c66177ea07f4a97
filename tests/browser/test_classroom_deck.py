"""The classroom deck as an instructor projects it: 1280x720, presentation mode, and slides.

``notebooks/00_classroom_demos.ipynb`` switches every dashboard to the
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

Then it presents the deck as slides (jupyterlab-slideshow's deck mode, in the same
page and kernel) and walks it with the keys an instructor presses: the first
chapter's slide, then its dashboard on screen, whole; ↺ reset and the talk track's
move there change the headline number; the next step's slide shows the same state.
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
DECK = ROOT / "notebooks" / "00_classroom_demos.ipynb"
VIEWPORT = {"width": 1280, "height": 720}
SETTLE_S = 3.0  # the kernel must stay idle this long before the defaults are read
SETTLE_MS = 120_000
SLIDES_MS = 240_000

#: The move of each section's talk track, by section number ("01", ...): the dashboard, the
#: steps an instructor makes, and the headline number the talk track says changes, before
#: and after.  Step kinds: slider (key presses on a slider's handle), select (a dropdown's
#: option by its label), click (a button, some times).  The deck's rehearsal cells assert
#: the same numbers on the kernel side.
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
                WIDGET_VIEW in out.get("data", {}) for out in cell["outputs"]):
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

HEADLINE_TEXT = """([root, name]) => {
  for (const card of root.querySelectorAll('.rankviz-readout'))
    if (card.dataset.name === name) return card.querySelector('.rankviz-number').textContent;
  return null;
}"""


def headline_number(root, name: str) -> str | None:
    """The number the dashboard at root shows in its headline card ``name``."""
    return root.page.evaluate(HEADLINE_TEXT, [root.element_handle(), name])


def wait_for_quiet_kernel(page) -> None:
    """Wait until the kernel has stayed idle for SETTLE_S (late widget messages have landed)."""
    deadline = time.monotonic() + SETTLE_MS / 1000
    quiet_since = None
    while time.monotonic() < deadline:
        if page.evaluate(KERNEL_IDLE):
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since >= SETTLE_S:
                return
        else:
            quiet_since = None
        page.wait_for_timeout(POLL_MS)
    raise AssertionError(f"the kernel did not stay idle for {SETTLE_S} s "
                         f"within {SETTLE_MS // 1000} s")


def collapse_sidebars(page) -> None:
    page.evaluate("""() => { const shell = window.jupyterapp.shell;
      if (!shell.leftCollapsed) shell.collapseLeft();
      if (!shell.rightCollapsed) shell.collapseRight(); }""")


def control(root, selector: str, label: str):
    found = root.locator(selector).filter(
        has=root.page.locator(".widget-label", has_text=re.compile(f"^{re.escape(label)}$")))
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
            wait_until(page, "([el, old]) => el.textContent !== old",
                       [readout.element_handle(), before], DASHBOARD_MS,
                       f"the slider {step['slider']!r} did not move from {before!r}")
    elif "select" in step:
        control(root, ".widget-dropdown", step["select"]).locator("select").select_option(
            label=step["option"])
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
            f"{VIEWPORT['height']}")
        assert box["left"] >= 0 and box["right"] <= VIEWPORT["width"], f"{name}: {part} cut"
    assert boxes["shown"] >= 0.97 * boxes["natural"], (
        f"{name}: the figure is shown {boxes['shown']:.0f} px wide, less than its natural "
        f"{boxes['natural']} px: its text is smaller than designed")


# The deck's slideshow state: whether it is presenting, the active cell, and the cells on
# screen (jupyterlab-slideshow marks them), each with whether it shows a dashboard.
SLIDES_STATE = """() => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const onScreen = [...notebook.widgets].filter(
      cell => cell.node.classList.contains('jp-deck-mod-onscreen'));
  return {presenting: document.body.dataset.jpDeckMode === 'presenting',
          active: notebook.activeCellIndex,
          onScreen: onScreen.map(cell => notebook.widgets.indexOf(cell))};
}"""


def press_until(page, key: str, predicate: str, arg, failure: str) -> dict:
    """Press key once on the slide, then wait until the slideshow state satisfies predicate.

    The key goes to the active cell, as after a click on the slide's text: a widget that
    has the focus (a button just pressed) would take Space for itself."""
    page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCell.node.focus()")
    page.keyboard.press(key)
    wait_until(page, f"(arg) => ({predicate})(({SLIDES_STATE})(), arg)", arg, SLIDES_MS,
               failure, lambda: json.dumps(page.evaluate(SLIDES_STATE)))
    return page.evaluate(SLIDES_STATE)


def present_first_section_as_slides(page, cell_sections: list) -> None:
    """Start the slideshow on the deck's first cell and walk section 01 as an instructor."""
    first = cell_sections.index("01")  # the section's heading cell: its first slide
    steps = [k for k, section in enumerate(cell_sections) if section == "01" and k > first
             and DECK_CELLS[k]["metadata"].get("slideshow", {}).get("slide_type") == "subslide"]
    assert steps, "section 01 has no step slides (subslides)"
    # as an instructor does: the first cell selected, then "Start Deck"
    page.evaluate("""() => {
      const app = window.jupyterapp;
      app.shell.currentWidget.content.activeCellIndex = 0;
      return app.commands.execute('deck:start');
    }""")
    wait_until(page, f"""() => {{ const s = ({SLIDES_STATE})();
                     return s.presenting && s.active === 0 && s.onScreen.join() === '0'; }}""",
               None, SLIDES_MS,
               "the deck did not start presenting its title slide (is jupyterlab-slideshow "
               "installed?)", lambda: json.dumps(page.evaluate(SLIDES_STATE)))
    page.wait_for_timeout(4 * POLL_MS)  # the slideshow's entrance transition
    page.screenshot(path=str(SCREENSHOTS / "slides_00_title.png"))

    state = press_until(page, "ArrowRight", "(s, k) => s.active === k", first,
                        "→ on the title slide did not go to section 01's slide")
    assert first in state["onScreen"] and 0 not in state["onScreen"], state
    page.screenshot(path=str(SCREENSHOTS / "slides_01_step1_text.png"))
    state = press_until(page, "Space", "(s, k) => s.active > k", first,
                        "Space on section 01's slide did not move to its dashboard")
    view = state["active"]
    assert view < steps[0] and view in state["onScreen"], (
        f"Space went to cell {view}, not to the dashboard of the first step", state)
    cell = page.locator(".jp-Notebook .jp-Cell").nth(view)
    root = cell.locator(ROOTS)
    assert root.count() == 1, f"cell {view} on the slide shows no presentation dashboard"
    assert cell.locator(".jp-Cell-inputWrapper").evaluate(
        "el => getComputedStyle(el).display") == "none", (
        "the dashboard cell's input (its one word of code) is shown on the slide")
    page.wait_for_timeout(4 * POLL_MS)  # the slideshow's scroll animation
    assert_on_screen(page, root, "ranking_playground as a slide", scroll=False)
    page.screenshot(path=str(SCREENSHOTS / "slides_01_step1_dashboard.png"))

    # the dashboard responds on the slide: ↺ reset, then the talk track's move
    section = MOVES["01"]
    args = [root.element_handle(), section["readout"]]
    make_step(page, root, {"click": "↺ reset"})
    wait_until(page, f"(args) => ({HEADLINE_TEXT})(args) === {json.dumps(section['before'])}",
               args, DASHBOARD_MS, f"↺ reset on the slide did not bring {section['readout']!r} "
               f"back to {section['before']!r}")
    for step in section["steps"]:
        make_step(page, root, step)
    wait_until(page, f"(args) => ({HEADLINE_TEXT})(args) === {json.dumps(section['after'])}",
               args, DASHBOARD_MS, f"on the slide, the talk track's move did not set "
               f"{section['readout']!r} to {section['after']!r}")
    page.screenshot(path=str(SCREENSHOTS / "slides_01_step1_moved.png"))

    # the next step is the next slide, and its view of the dashboard shows the same state
    state = press_until(page, "Space", "(s, k) => s.active === k", steps[0],
                        "Space did not go on to section 01's second step")
    assert first not in state["onScreen"], f"the first step is still on screen: {state}"
    state = press_until(page, "Space", "(s, k) => s.active > k", steps[0],
                        "Space on the second step did not move to its dashboard")
    page.wait_for_timeout(4 * POLL_MS)
    second = page.locator(".jp-Notebook .jp-Cell").nth(state["active"]).locator(ROOTS)
    assert second.count() == 1, "the second step's slide shows no dashboard"
    assert headline_number(second, section["readout"]) == section["after"], (
        "the second step's view does not show the state the first step's move left")
    page.screenshot(path=str(SCREENSHOTS / "slides_01_step2_dashboard.png"))
    page.keyboard.press("Escape")
    wait_until(page, f"() => !({SLIDES_STATE})().presenting", None, SLIDES_MS,
               "Esc did not leave the slideshow")
    assert_no_error_on_page(page)


def test_deck_in_presentation_mode_at_1280x720(jupyterlab, browser):
    base_url, token, _ = jupyterlab
    page = browser.new_page()
    page.set_viewport_size(VIEWPORT)
    try:
        open_notebook(page, base_url, token, DECK, workspace="deck-presentation")
        collapse_sidebars(page)
        run_all_cells(page, DECK)
        view_sections, cell_sections = deck_layout()
        assert sorted(set(view_sections)) == sorted(MOVES), (
            f"the deck's sections {sorted(set(view_sections))} are not those of "
            f"deck_moves.json {sorted(MOVES)}")
        roots = page.locator(ROOTS)
        wait_until(page, f"(n) => document.querySelectorAll('{ROOTS} img[src]').length >= n",
                   len(view_sections), WIDGET_VIEWS_MS,
                   f"{len(view_sections)} presentation dashboard views did not all render",
                   lambda: f"presentation dashboard views on the page: {roots.count()}")
        assert roots.count() == len(view_sections)
        assert_no_error_on_page(page)
        wait_for_quiet_kernel(page)

        drifted = []
        defaults = {number: default_state(MOVES[number]["dashboard"]) for number in MOVES}
        for k, number in enumerate(view_sections):
            shown = roots.nth(k).evaluate(SHOWN_STATE)
            if shown != defaults[number]:
                drifted.append(f"view {k} of section {number} ({MOVES[number]['dashboard']}): "
                               f"shows {shown}, default {defaults[number]}")
        assert not drifted, "dashboards not at their defaults after Run All:\n" + "\n".join(drifted)

        for k, number in enumerate(sorted(MOVES)):
            section = MOVES[number]
            root, name = roots.nth(view_sections.index(number)), section["dashboard"]
            assert_on_screen(page, root, name)
            page.screenshot(path=str(SCREENSHOTS / f"deck_{k + 1:02d}_{name}.png"))
            readout = [root.element_handle(), section["readout"]]
            assert headline_number(root, section["readout"]) == section["before"], (
                f"{name}: {section['readout']!r} does not show {section['before']!r} "
                "before the move")
            for step in section["steps"]:
                make_step(page, root, step)
            after = json.dumps(section["after"])
            wait_until(page, f"(args) => ({HEADLINE_TEXT})(args) === {after}",
                       readout, DASHBOARD_MS,
                       f"{name}: after the talk track's move, {section['readout']!r} does not "
                       f"show {section['after']!r}",
                       lambda shown=readout: f"it shows {page.evaluate(HEADLINE_TEXT, shown)!r}")
            assert_no_error_on_page(page)

        present_first_section_as_slides(page, cell_sections)
    finally:
        page.close()
        shut_down_kernels(base_url, token)
