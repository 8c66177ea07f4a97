"""Fixtures of the real-browser tests: a JupyterLab server, the website and headless Chromium.

The server runs from this project's environment on a free localhost port with a
random token, serving a temporary copy of ``notebooks/`` and ``lectures/`` (so
running the notebooks in the browser can never modify the working tree).  Its
kernels import a copy of this checkout's ``rankviz``, taken with the notebooks,
ahead of the environment's (which may be an editable install of another
checkout, e.g. when the tests run in a git worktree).

Jupyter's config, data, runtime, settings and workspaces directories are
temporary folders.  The settings turn off the news prompt and turn off notebook
windowing (``windowingMode: "none"``, a choice JupyterLab has offered since
4.0): with windowing, JupyterLab hides or detaches the cells and outputs that are
out of view, and what the tests look for could be hidden.

The course website's tests (``test_site_*.py``) get the site built once per session
(``built_site``, ``tests/conftest.py``), served by a local HTTP server of their module
(``site_url``), in pages that may load nothing from anywhere else (``offline_page``).

Chromium is Debian's ``/usr/bin/chromium`` (or ``$RANKVIZ_CHROMIUM``), driven by
Playwright for Python; Playwright's own browser download is never used.  Both
are stopped at the end of the session even when a test fails.

Without Chromium the tests are skipped with a message saying how to enable them;
with ``RANKVIZ_REQUIRE_BROWSER=1`` (set by ``.ci/run``) they fail instead.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "site"))  # headless.py: the Chromium and server make pdf uses too
from headless import CHROMIUM_FLAGS, ENABLE_HINT, find_chromium, serving  # noqa: E402

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
# Deadlines generous enough for a 2-core machine that is busy with something else.
SERVER_START_S = 180
BROWSER_STEP_MS = 120_000  # a bound on any single browser step without its own deadline
MATHJAX_MS = 60_000  # every formula of a page typeset
SEARCH_MS = 60_000  # the search page's results listed


def _skip_or_fail(problem: str):
    if os.environ.get("RANKVIZ_REQUIRE_BROWSER") == "1":
        pytest.fail(
            f"browser tests are required here (RANKVIZ_REQUIRE_BROWSER=1) but {problem}",
            pytrace=False,
        )
    pytest.skip(f"browser tests skipped: {problem}")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        _skip_or_fail(f"no Chromium was found; to enable them, {ENABLE_HINT}")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _skip_or_fail(
            "Playwright for Python is not installed "
            "(it is in the dev extra: pip install -e '.[dev]')"
        )
    return path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


LAB_SETTINGS = {
    # no "get notified about Jupyter news?" toast over the notebooks
    ("apputils-extension", "notification"): {"fetchNews": "false"},
    # every cell and output attached to the page and laid out, whatever is in view
    ("notebook-extension", "tracker"): {"windowingMode": "none"},
}


def write_lab_settings(settings_dir: Path) -> None:
    """Write LAB_SETTINGS as user settings of JupyterLab's extensions in settings_dir."""
    for (extension, plugin), values in LAB_SETTINGS.items():
        folder = settings_dir / "@jupyterlab" / extension
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{plugin}.jupyterlab-settings").write_text(json.dumps(values))


def lab_environment(home: Path) -> dict[str, str]:
    """This process's environment with Jupyter's config, data and settings folders in home."""
    env = dict(os.environ)
    for name in (
        "JUPYTER_CONFIG_DIR",
        "JUPYTER_DATA_DIR",
        "JUPYTER_RUNTIME_DIR",
        "JUPYTERLAB_SETTINGS_DIR",
        "JUPYTERLAB_WORKSPACES_DIR",
    ):
        env[name] = str(home / name.lower())
    write_lab_settings(Path(env["JUPYTERLAB_SETTINGS_DIR"]))
    return env


@contextlib.contextmanager
def running_server(command, *, env, cwd, log_path: Path, base_url: str, token: str):
    """Start a JupyterLab server, wait until it answers, yield its URL; stop it at the end."""
    log = open(log_path, "w")
    server = subprocess.Popen(command, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + SERVER_START_S
        while True:
            if server.poll() is not None:
                raise RuntimeError(
                    "JupyterLab exited at start-up:\n" + log_path.read_text()[-3000:]
                )
            try:
                urllib.request.urlopen(f"{base_url}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"JupyterLab did not answer within {SERVER_START_S} s"
                    ) from None
                time.sleep(0.3)
        yield base_url
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=15)
        log.close()


@pytest.fixture(scope="session")
def jupyterlab(chromium_path, tmp_path_factory):
    """A JupyterLab server on a copy of the chapters; yields (base_url, token, served_root)."""
    served = tmp_path_factory.mktemp("served")
    shutil.copytree(ROOT / "notebooks", served / "notebooks")
    shutil.copytree(ROOT / "lectures", served / "lectures")
    jupyter_home = tmp_path_factory.mktemp("jupyter")
    env = lab_environment(jupyter_home)
    # the kernels run the notebooks with the rankviz they were written for
    kernel_path = tmp_path_factory.mktemp("kernel-path")
    shutil.copytree(
        ROOT / "rankviz", kernel_path / "rankviz", ignore=shutil.ignore_patterns("__pycache__")
    )
    env["PYTHONPATH"] = os.pathsep.join(
        [str(kernel_path), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    port, token = _free_port(), secrets.token_hex(16)
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={served}",
        "--LabApp.expose_app_in_browser=True",  # lets the test drive JupyterLab's commands
        "--ServerApp.port_retries=0",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    with running_server(
        command,
        env=env,
        cwd=None,
        log_path=jupyter_home / "server.log",
        base_url=f"http://127.0.0.1:{port}",
        token=token,
    ) as base_url:
        yield base_url, token, served


@pytest.fixture(scope="session")
def browser(chromium_path, tmp_path_factory):
    """Headless Chromium with a fresh user-data directory, closed at the end."""
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=chromium_path,
            headless=True,
            args=CHROMIUM_FLAGS,
            viewport={"width": 1500, "height": 1000},
        )
        context.set_default_timeout(BROWSER_STEP_MS)  # no browser step may wait forever
        try:
            yield context
        finally:
            context.close()


@pytest.fixture(scope="module")
def site_url(built_site):
    """The built site, served on a free localhost port for this module.

    One server per module, so one origin per module: what a module stores in the browser for
    the site (the theme's light or dark mode, in localStorage) stays in that module.
    """
    assert built_site.status == 0, f"the site build failed:\n{built_site.log[-5000:]}"
    with serving(built_site.out) as url:
        yield url


@pytest.fixture
def offline_page(browser, site_url):
    """A page that may load only from the site's server; yields (page, problems)."""
    page = browser.new_page()
    problems: list[str] = []

    def only_the_site(route):
        url = route.request.url
        if url.startswith(site_url + "/"):
            route.continue_()
        else:
            problems.append(f"request outside the site (blocked): {url}")
            route.abort()

    page.route("**/*", only_the_site)
    page.on(
        "console",
        lambda message: (
            message.type == "error" and problems.append(f"console error: {message.text}")
        ),
    )
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "response",
        lambda response: (
            response.status >= 400 and problems.append(f"HTTP {response.status}: {response.url}")
        ),
    )
    try:
        yield page, problems
    finally:
        page.close()


def wait_for_typesetting(page) -> None:
    """Until MathJax (if the page loads it) has typeset every formula of the page."""
    page.wait_for_function(
        "() => !window.MathJax || window.MathJax.startup?.promise", timeout=MATHJAX_MS
    )
    page.evaluate(
        "async () => { if (window.MathJax?.startup?.promise) { await MathJax.startup.promise; } }"
    )


def wait_for_search_results(page) -> None:
    """Until the search page has listed its results (its heading says "Searching" before)."""
    page.locator("#search-results .search-summary").wait_for(timeout=SEARCH_MS)
    page.wait_for_function(
        "() => !/searching|preparing/i.test("
        "document.querySelector('#search-results h2')?.textContent ?? '')",
        timeout=SEARCH_MS,
    )


def open_site_page(page, problems: list[str], url: str, viewport: dict) -> None:
    """Open ``url`` at ``viewport`` and wait until a reader sees it whole (formulas typeset,
    a search's results listed); fail on any problem ``offline_page`` recorded."""
    page.set_viewport_size(viewport)
    page.goto(url, wait_until="load")
    wait_for_typesetting(page)
    if "search.html" in url:
        wait_for_search_results(page)
    assert not problems, f"{url}:\n" + "\n".join(problems)
