"""The classroom deck as an instructor projects it: 1280x720, presentation mode, and slides.

``notebooks/00_classroom_demos.ipynb`` switches every dashboard to the
presentation layout.  In headless Chromium at 1280x720 with JupyterLab's
sidebars collapsed, this test runs the deck and then, for every section:

* checks that the dashboard shows its default values after Run All has settled
  (each control's readout, and the headline numbers, against a dashboard built
  with the same defaults in this process: what the kernel-side rehearsal cells
  cannot see);
* scrolls the dashboard to the top of the notebook and checks that its
  controls, headline numbers and whole figure (which holds the legend) are inside
  the viewport, and that the figure is shown at its natural size (not shrunk);
* saves a screenshot of the screen in ``tests/browser/screenshots/``;
* makes the move of the section's talk track with the keyboard and mouse and
  waits until the headline number the talk track names shows the value it says.

Then it opens the deck as slides (jupyterlab-rise's "Render as slideshow"
preview, connected to the same kernel) and checks that the first dashboard
renders there and responds to its first slider.
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
SECTIONS = [MOVES[number] for number in sorted(MOVES)]

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


def assert_on_screen(page, root, name: str) -> None:
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


def test_deck_in_presentation_mode_at_1280x720(jupyterlab, browser):
    base_url, token, _ = jupyterlab
    page = browser.new_page()
    page.set_viewport_size(VIEWPORT)
    try:
        open_notebook(page, base_url, token, DECK, workspace="deck-presentation")
        collapse_sidebars(page)
        run_all_cells(page, DECK)
        roots = page.locator(ROOTS)
        wait_until(page, f"(n) => document.querySelectorAll('{ROOTS} img[src]').length >= n",
                   len(SECTIONS), WIDGET_VIEWS_MS,
                   f"{len(SECTIONS)} presentation dashboards did not all render",
                   lambda: f"presentation dashboards on the page: {roots.count()}")
        assert roots.count() == len(SECTIONS)
        assert_no_error_on_page(page)
        wait_for_quiet_kernel(page)

        drifted = []
        for k, section in enumerate(SECTIONS):
            expected = default_state(section["dashboard"])
            shown = roots.nth(k).evaluate(SHOWN_STATE)
            if shown != expected:
                drifted.append(f"{section['dashboard']}: shows {shown}, default {expected}")
        assert not drifted, "dashboards not at their defaults after Run All:\n" + "\n".join(drifted)

        for k, section in enumerate(SECTIONS):
            root, name = roots.nth(k), section["dashboard"]
            assert_on_screen(page, root, name)
            page.screenshot(path=str(SCREENSHOTS / f"deck_{k + 1:02d}_{name}.png"))
            readout = [root.element_handle(), section["readout"]]
            assert root.evaluate(HEADLINE_TEXT.replace("([root, name])", "(root, name)"),
                                 section["readout"]) == section["before"], (
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
    finally:
        page.close()
        shut_down_kernels(base_url, token)
