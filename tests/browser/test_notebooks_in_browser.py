"""Every chapter notebook, run in JupyterLab in a real (headless) browser.

For each notebook in ``notebooks/`` (new chapters are picked up automatically):
open it, run all cells, wait for the kernel to go idle, then assert that no
error or stderr output appears on the page, that every widget the notebook
displays has rendered with its sliders, and that moving a slider of the
chapter's main dashboard (the first one displayed) changes the figure it
drives.  A screenshot of each notebook's main dashboard is saved in
``tests/browser/screenshots/`` (ignored by git) for inspection.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
RUN_TIMEOUT_MS = 240_000

NOTEBOOK_READY = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
                 && panel.sessionContext.session.kernel;
  return Boolean(kernel) && kernel.status === 'idle';
}"""

ALL_CELLS_RUN = """(codeCells) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel?.sessionContext?.session?.kernel;
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
      .map(p => p.textContent.trim());
  const done = prompts.filter(t => /^\\[\\d+\\]:$/.test(t)).length;
  return done >= codeCells && !prompts.some(t => t.includes('*')) && kernel?.status === 'idle';
}"""

# Start "run all" without waiting for JupyterLab's promise (it resolves only when every
# cell has run, and page.evaluate has no timeout); the wait below is bounded instead.
RUN_ALL = "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); return true; }"


def stored_widget_views(path: Path) -> int:
    """How many widget views the saved notebook displays."""
    notebook = json.loads(path.read_text())
    return sum(WIDGET_VIEW in output.get("data", {})
               for cell in notebook["cells"] if cell["cell_type"] == "code"
               for output in cell["outputs"])


def code_cell_count(path: Path) -> int:
    notebook = json.loads(path.read_text())
    return sum(cell["cell_type"] == "code" and bool("".join(cell["source"]).strip())
               for cell in notebook["cells"])


def shut_down_kernels(base_url: str, token: str) -> None:
    with urllib.request.urlopen(f"{base_url}/api/sessions?token={token}", timeout=10) as reply:
        sessions = json.load(reply)
    for session in sessions:
        request = urllib.request.Request(
            f"{base_url}/api/sessions/{session['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


def move_first_slider(page, view) -> str:
    """Press an arrow key on the dashboard's first slider; return the new readout."""
    handle = view.locator(".noUi-handle").first
    readout = view.locator(".widget-slider .widget-readout").first
    before = readout.inner_text()
    handle.scroll_into_view_if_needed()
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    # one step right, or, for a slider already at its maximum, one step left
    for key in ("ArrowRight", "ArrowLeft", "ArrowLeft"):
        handle.focus()
        page.keyboard.press(key)
        try:
            page.wait_for_function("([el, old]) => el.textContent !== old",
                                   arg=[readout.element_handle(), before], timeout=3000)
            return readout.inner_text()
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"the first slider of the dashboard did not move (readout {before!r})")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_and_its_dashboards_respond_in_jupyterlab(path, jupyterlab, browser):
    base_url, token, _ = jupyterlab
    page = browser.new_page()
    try:
        page.goto(f"{base_url}/lab/tree/notebooks/{path.name}?token={token}")
        page.wait_for_function(NOTEBOOK_READY, timeout=120_000)
        page.evaluate(RUN_ALL)
        page.wait_for_function(ALL_CELLS_RUN, arg=code_cell_count(path), timeout=RUN_TIMEOUT_MS)

        errors = page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
        assert errors.count() == 0, f"error output on the page:\n{errors.first.inner_text()[:2000]}"
        body = page.locator("body").inner_text()
        for complaint in ("Error displaying widget", "Error rendering output", "Traceback"):
            assert complaint not in body, complaint

        expected = stored_widget_views(path)
        views = page.locator(".jp-OutputArea-output", has=page.locator(".jupyter-widgets"))
        if expected:  # widget views render asynchronously, after their cell has finished
            views.nth(expected - 1).wait_for(timeout=60_000)
        assert views.count() == expected, (views.count(), expected)
        for k in range(expected):
            assert views.nth(k).locator(".widget-slider").count() > 0, f"widget {k} has no slider"
        if expected == 0:
            return

        main = views.first
        picture = main.locator("img").first
        picture.wait_for(timeout=30_000)
        src = picture.get_attribute("src")
        move_first_slider(page, main)
        page.wait_for_function("([img, old]) => img.getAttribute('src') !== old",
                               arg=[picture.element_handle(), src], timeout=30_000)
        assert page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0
        main.scroll_into_view_if_needed()
        main.screenshot(path=str(SCREENSHOTS / f"{path.stem}.png"))
    finally:
        page.close()
        shut_down_kernels(base_url, token)
