"""Every chapter notebook, run in JupyterLab in a real (headless) browser.

For each chapter notebook in ``notebooks/`` (new chapters are picked up automatically; the
classroom deck has a test of its own, ``test_classroom_deck.py``):
open it, run all cells, and decide that they have all run from JupyterLab's
notebook model (Run All has finished, every code cell has an execution count,
the kernel is idle).  Then wait until every widget view the saved notebook
displays has rendered, and assert that no cell produced an error or stderr
output (in the model or on the page), that each widget view has its sliders, and
that moving the first slider of the chapter's main dashboard (the first widget
displayed) changes its readout and the figure it drives.  A screenshot of each
notebook's main dashboard is saved in ``tests/browser/screenshots/`` (ignored by
git) for inspection.

The test does not depend on what is in view: the server's settings turn off
notebook windowing (see ``conftest.py``), elements are counted and read in the
DOM whether or not they are visible, and an element is scrolled into view
before it is pressed or photographed.  Every wait is for a condition, with a
deadline generous enough for a loaded 2-core machine; none is a fixed sleep.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
# The classroom deck is run in JupyterLab by test_classroom_deck.py, which checks more of it
# (every view rendered, no error, each talk track's move): running it here too would only
# repeat its Run All.
NOTEBOOKS = sorted(
    path for path in (ROOT / "notebooks").glob("*.ipynb") if path.name != "11_classroom_demos.ipynb"
)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
STDERR_ON_PAGE = '[data-mime-type="application/vnd.jupyter.stderr"]'
PAGE_COMPLAINTS = ("Error displaying widget", "Error rendering output", "Traceback")

# Deadlines of the waits below (each returns as soon as its condition holds).
NOTEBOOK_OPEN_MS = 240_000  # JupyterLab loaded, the notebook opened, its kernel idle
RUN_ALL_MS = 600_000  # every code cell executed
WIDGET_VIEWS_MS = 240_000  # widget views rendered after their cells have run
DASHBOARD_MS = 120_000  # a slider's readout, and then the figure it drives, updated
POLL_MS = 250  # how often a predicate on JupyterLab's model is evaluated

# The widget in JupyterLab's main area: its path, whether it has loaded, its kernel's
# status and the windowing mode it is rendered with (for a notebook); and what the
# main area holds besides it.
OPEN_NOTEBOOK_STATE = """() => {
  const shell = window.jupyterapp?.shell;
  const panel = shell?.currentWidget;
  const kernel = panel?.sessionContext?.session?.kernel;
  return {
    openInMainArea: shell ? [...shell.widgets('main')].map(w => w.context?.path ?? w.id) : [],
    path: panel?.context?.path ?? null,
    loaded: Boolean(panel?.context?.isReady && panel?.content?.model),
    kernelStatus: kernel?.status ?? null,
    windowingMode: panel?.content?.notebookConfig?.windowingMode ?? null,
  };
}"""

NOTEBOOK_OPEN = f"""(path) => {{
  const state = ({OPEN_NOTEBOOK_STATE})();
  return state.path === path && state.loaded && state.kernelStatus === 'idle';
}}"""

# Start Run All without waiting for JupyterLab's promise (it resolves only when every
# cell has run, and page.evaluate has no deadline); its outcome is kept on the page.
START_RUN_ALL = """() => {
  const outcome = window.rankvizRunAll = {finished: false, succeeded: null, error: null};
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(
    result => Object.assign(outcome, {finished: true, succeeded: result !== false}),
    error => Object.assign(outcome, {finished: true, succeeded: false, error: String(error)}));
  return true;
}"""

# What JupyterLab's notebook model says about the run: Run All's outcome, the kernel
# status, which non-empty code cells (by index) have no execution count yet, and the
# error outputs (with the end of their traceback) and stderr outputs of the cells.
RUN_STATE = r"""() => {
  const panel = window.jupyterapp?.shell?.currentWidget;
  const cells = panel?.content?.model?.cells;
  const state = {
    runAll: window.rankvizRunAll ?? null,
    kernelStatus: panel?.sessionContext?.session?.kernel?.status ?? null,
    codeCells: 0, notExecuted: [], problems: [],
  };
  for (let index = 0; index < (cells?.length ?? 0); index++) {
    const cell = cells.get(index);
    if (cell?.type !== 'code' || !cell.sharedModel?.getSource()?.trim()) continue;
    state.codeCells += 1;
    if (typeof cell.executionCount !== 'number') state.notExecuted.push(index);
    for (let k = 0; k < (cell.outputs?.length ?? 0); k++) {
      const output = cell.outputs.get(k)?.toJSON() ?? {};
      if (output.output_type === 'error') {
        const tail = (output.traceback ?? []).slice(-2).join('\n');
        const where = tail.replace(/\x1b\[[0-9;]*m/g, '').slice(-1500);
        state.problems.push(`cell ${index}: ${output.ename}: ${output.evalue}\n${where}`);
      } else if (output.output_type === 'stream' && output.name === 'stderr') {
        const text = Array.isArray(output.text) ? output.text.join('') : String(output.text);
        state.problems.push(`cell ${index} wrote to stderr: ${text.slice(0, 1000)}`);
      }
    }
  }
  return state;
}"""

# Run All has finished and, unless it failed, every code cell has an execution count
# and the kernel is idle.
RUN_FINISHED = f"""(codeCells) => {{
  const state = ({RUN_STATE})();
  return Boolean(state.runAll?.finished) && (state.runAll.succeeded === false
      || (state.codeCells === codeCells && state.notExecuted.length === 0
          && state.kernelStatus === 'idle'));
}}"""

WIDGET_VIEWS_SELECTOR = ".jp-OutputArea-output:has(.jupyter-widgets)"
WIDGET_VIEWS_RENDERED = f"""(expected) =>
  document.querySelectorAll('{WIDGET_VIEWS_SELECTOR}').length >= expected"""

# The src of the view's figure is set and differs from the old one (the <img> is
# looked up each time, in case the view replaces it).
FIGURE_CHANGED = """([view, old]) => {
  const src = view.querySelector('img')?.getAttribute('src');
  return Boolean(src) && src !== old;
}"""

# The text of every output area, attached to the page whether or not it is in view.
OUTPUT_TEXT = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
  .map(output => output.textContent).join('\\n')"""


def stored_widget_views(path: Path) -> int:
    """How many widget views the saved notebook displays."""
    notebook = json.loads(path.read_text())
    return sum(
        WIDGET_VIEW in output.get("data", {})
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
        for output in cell["outputs"]
    )


def code_cell_count(path: Path) -> int:
    """How many code cells of the saved notebook have some code (the others never run)."""
    notebook = json.loads(path.read_text())
    return sum(
        cell["cell_type"] == "code" and bool("".join(cell["source"]).strip())
        for cell in notebook["cells"]
    )


def shut_down_kernels(base_url: str, token: str) -> None:
    with urllib.request.urlopen(f"{base_url}/api/sessions?token={token}", timeout=10) as reply:
        sessions = json.load(reply)
    for session in sessions:
        request = urllib.request.Request(
            f"{base_url}/api/sessions/{session['id']}?token={token}", method="DELETE"
        )
        urllib.request.urlopen(request, timeout=30).close()


def wait_until(page, predicate: str, arg, timeout_ms: int, failure: str, describe=None) -> None:
    """Wait until the JavaScript predicate holds; on timeout fail with failure and describe()."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(predicate, arg=arg, timeout=timeout_ms, polling=POLL_MS)
    except PlaywrightTimeout:
        details = f"\n{describe()}" if describe else ""
        raise AssertionError(f"{failure} within {timeout_ms // 1000} s{details}") from None


def open_notebook(page, base_url: str, token: str, path: Path, workspace: str) -> None:
    """Open the notebook, alone, in JupyterLab and wait until its kernel is idle.

    Each test names its own JupyterLab workspace (and resets it): the default workspace
    would restore every notebook an earlier test opened, with their stored outputs, into
    this page.  Their stale widget views ("Error displaying widget: model not found",
    depending on timing) and their kernels are not this test's.
    """
    served_path = f"notebooks/{path.name}"
    page.goto(
        f"{base_url}/lab/workspaces/{workspace}/tree/{served_path}?reset&token={token}",
        timeout=NOTEBOOK_OPEN_MS,
    )
    wait_until(
        page,
        NOTEBOOK_OPEN,
        served_path,
        NOTEBOOK_OPEN_MS,
        f"{served_path} did not open with an idle kernel",
        lambda: page.evaluate(OPEN_NOTEBOOK_STATE),
    )
    state = page.evaluate(OPEN_NOTEBOOK_STATE)
    assert state["openInMainArea"] == [served_path], (
        f"the main area holds {state['openInMainArea']}, not {served_path} alone"
    )
    windowing = state["windowingMode"]
    assert windowing == "none", (
        f"the notebook is rendered with windowingMode {windowing!r}, not 'none': the settings "
        "written by conftest.py did not reach JupyterLab"
    )


def run_all_cells(page, path: Path) -> None:
    """Run every cell and wait until the notebook model says they have all run."""
    page.evaluate(START_RUN_ALL)
    wait_until(
        page,
        RUN_FINISHED,
        code_cell_count(path),
        RUN_ALL_MS,
        "the cells did not all run",
        lambda: json.dumps(page.evaluate(RUN_STATE)),
    )
    state = page.evaluate(RUN_STATE)
    assert state["runAll"]["succeeded"], (
        "Run All stopped before the end: "
        + json.dumps(state["runAll"])
        + "\n"
        + "\n".join(state["problems"])
    )
    assert not state["problems"], "\n".join(state["problems"])


def assert_no_error_on_page(page) -> None:
    """No stderr or error output, and none of PAGE_COMPLAINTS, in the page."""
    errors = page.locator(STDERR_ON_PAGE)
    assert errors.count() == 0, f"error output on the page:\n{errors.first.text_content()[:2000]}"
    output_text = page.evaluate(OUTPUT_TEXT)
    visible_text = page.locator("body").inner_text()
    for complaint in PAGE_COMPLAINTS:
        for where, text in (("in an output", output_text), ("on the page", visible_text)):
            at = text.find(complaint)
            if at >= 0:  # name it, with what surrounds it (not the whole page)
                context = text[max(0, at - 300) : at + 500]
                raise AssertionError(f"{complaint!r} {where}: ...{context}...")


def at_maximum(handle) -> bool:
    """Whether a noUiSlider handle is at its maximum (by its aria-valuenow and -valuemax)."""
    try:
        return float(handle.get_attribute("aria-valuenow")) >= float(
            handle.get_attribute("aria-valuemax")
        )
    except (TypeError, ValueError):  # attribute missing or not a number
        return False


def move_first_slider(page, view) -> tuple[str, str]:
    """Move the first slider of a widget view one step by keyboard; wait for its readout.

    The step is to the right, or to the left for a slider already at its maximum.
    Returns the readout before and after.
    """
    slider = view.locator(".widget-slider").first
    handle = slider.locator(".noUi-handle").first
    readout = slider.locator(".widget-readout")
    before = readout.text_content()
    key = "ArrowLeft" if at_maximum(handle) else "ArrowRight"
    handle.scroll_into_view_if_needed()
    handle.focus()
    page.keyboard.press(key)
    wait_until(
        page,
        "([el, old]) => el.textContent !== old",
        [readout.element_handle(), before],
        DASHBOARD_MS,
        f"the first slider of the dashboard did not move (readout {before!r})",
    )
    return before, readout.text_content()


LAPTOP = {"width": 1280, "height": 720}
#: Smallest text of a figure the student reads on a laptop, in CSS px (its natural 16 px in the
#: projector layout, times how much the page shrinks the figure).
SMALLEST_LAPTOP_TEXT_PX = 10
PROJECTOR_TEXT_PX = 16

# The swapped-in projector layout of a dashboard: its picture's natural and shown width, and
# the boxes of that layout (from its controls to its figure) and of the notebook, in CSS px.
WIDE_BOXES = """(root) => {
  const wide = root.querySelector('.rankviz-presentation');
  const img = wide?.querySelector('img');
  const notebook = root.closest('.jp-WindowedPanel-outer, .jp-Notebook').getBoundingClientRect();
  const box = (wide ?? root).getBoundingClientRect();
  return {natural: img ? img.naturalWidth : 0, shown: img ? img.getBoundingClientRect().width : 0,
          top: box.top, bottom: img ? img.getBoundingClientRect().bottom : box.bottom,
          notebookTop: notebook.top, notebookBottom: Math.min(notebook.bottom, innerHeight)};
}"""


def assert_one_click_to_a_readable_figure_on_a_laptop(page, view, name: str) -> None:
    """At 1280x720 with the file browser open, the student layout's figure is shrunk to about
    half its size; its "larger figure" button shows the projector layout, whose figure text is
    at least SMALLEST_LAPTOP_TEXT_PX there; with the file browser closed (Ctrl/Cmd B) its
    controls, headline and figure fit the screen; the button there swaps back."""
    page.set_viewport_size(LAPTOP)
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    wait_until(
        page,
        "() => !window.jupyterapp.shell.leftCollapsed",
        None,
        DASHBOARD_MS,
        "the file browser did not open",
    )
    view.locator(".widget-button", has_text="larger figure").first.click()
    wait_until(
        page,
        "(root) => !!root.querySelector('.rankviz-presentation img[src]')",
        view.element_handle(),
        DASHBOARD_MS,
        f"{name}: no projector layout after the click",
    )
    view.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(2 * POLL_MS)
    boxes = view.evaluate(WIDE_BOXES)
    text_px = PROJECTOR_TEXT_PX * boxes["shown"] / boxes["natural"]
    assert text_px >= SMALLEST_LAPTOP_TEXT_PX, (
        f"{name}: in the projector layout at {LAPTOP['width']}x{LAPTOP['height']} with the file "
        f"browser open, the figure's smallest text is {text_px:.1f} px"
    )
    page.screenshot(path=str(SCREENSHOTS / f"{name}_laptop_projector_layout.png"))
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.wait_for_timeout(2 * POLL_MS)  # the projector layout's controls at the top, as in the deck
    view.locator(".rankviz-presentation").first.evaluate(
        "el => el.scrollIntoView({block: 'start'})"
    )
    page.wait_for_timeout(2 * POLL_MS)
    boxes = view.evaluate(WIDE_BOXES)
    assert boxes["bottom"] - boxes["top"] <= boxes["notebookBottom"] - boxes["notebookTop"] + 1, (
        f"{name}: with the file browser closed, the projector layout is taller than the "
        f"visible notebook: {boxes}"
    )
    page.screenshot(path=str(SCREENSHOTS / f"{name}_laptop_projector_layout_wide.png"))
    view.locator(".widget-button", has_text="back to the student layout").first.click()
    wait_until(
        page,
        "(root) => !root.querySelector('.rankviz-presentation')",
        view.element_handle(),
        DASHBOARD_MS,
        f"{name}: the student layout did not return",
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_and_its_dashboards_respond_in_jupyterlab(path, jupyterlab, browser):
    base_url, token, _ = jupyterlab
    page = browser.new_page()
    try:
        open_notebook(page, base_url, token, path, workspace=path.stem)
        run_all_cells(page, path)

        expected = stored_widget_views(path)
        views = page.locator(WIDGET_VIEWS_SELECTOR)
        # widget views render asynchronously, after their cell has finished
        wait_until(
            page,
            WIDGET_VIEWS_RENDERED,
            expected,
            WIDGET_VIEWS_MS,
            f"{expected} widget views (as stored in the notebook) did not all render",
            lambda: f"widget views on the page: {views.count()}",
        )
        assert_no_error_on_page(page)
        assert views.count() == expected, (
            f"{views.count()} widget views on the page, {expected} stored in the notebook"
        )
        for k in range(expected):
            assert views.nth(k).locator(".widget-slider").count() > 0, f"widget {k} has no slider"
        if expected == 0:
            return

        main = views.first
        picture = main.locator("img").first
        picture.wait_for(state="attached", timeout=WIDGET_VIEWS_MS)
        src = picture.get_attribute("src")
        before, after = move_first_slider(page, main)
        wait_until(
            page,
            FIGURE_CHANGED,
            [main.element_handle(), src],
            DASHBOARD_MS,
            f"the dashboard's figure did not change when its first slider moved "
            f"(readout {before!r} -> {after!r})",
        )
        assert page.locator(STDERR_ON_PAGE).count() == 0, "error output after moving the slider"
        main.scroll_into_view_if_needed()
        main.screenshot(path=str(SCREENSHOTS / f"{path.stem}.png"))
        assert_one_click_to_a_readable_figure_on_a_laptop(page, main, path.stem)
        assert_no_error_on_page(page)
    finally:
        page.close()
        shut_down_kernels(base_url, token)
