"""What a student meets first in JupyterLab: the start page, and lectures that read as prose.

* ``make lab``'s own command (read from the Makefile with ``make -n``, so the test follows it)
  opens JupyterLab on the start page, ``notebooks/00_start_here.ipynb``, rendered, and its file
  browser lists the start page first and the instructors' deck after the chapters.
* Every lecture note, opened as the notebooks' links open it (JupyterLab's Markdown preview),
  shows no raw MyST markup (a role such as ``{footcite:t}`key```, a directive fence): its
  citations are links.
"""

from __future__ import annotations

import re
import secrets
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.conftest import _free_port, lab_environment, running_server

ROOT = Path(__file__).resolve().parents[2]
LECTURES = sorted(p.name for p in (ROOT / "lectures").glob("*.md"))
START = "notebooks/00_start_here.ipynb"
OPEN_MS = 240_000
RAW_MARKUP = ("{footcite", "{cite", "{doc}", "{ref}", "{eq}", "```{", ":::{", "{bibliography}")

ACTIVE = """() => {
  const widget = window.jupyterapp?.shell?.currentWidget;
  const rendered = widget?.node?.querySelector(
    '.jp-RenderedMarkdown h1, .jp-RenderedHTMLCommon h1');
  return {path: widget?.context?.path ?? null, title: rendered?.textContent ?? null,
          text: widget?.node?.innerText ?? '',
          links: [...(widget?.node?.querySelectorAll('a') ?? [])].map(a => a.textContent)};
}"""


def lab_command(port: int) -> list[str]:
    """``make lab``'s JupyterLab command line, as the Makefile writes it, for this port."""
    dry = subprocess.run(
        ["make", "-s", "-n", "-W", "pyproject.toml", "lab", f"PORT={port}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    line = next(
        line
        for line in dry.replace("\\\n", " ").splitlines()
        if " lab " in line and "jupyter" in line
    )
    words = shlex.split(line)
    assert words[0].endswith("bin/jupyter") and words[1] == "lab", words
    return [sys.executable, "-m", "jupyterlab", *words[2:]]


@pytest.fixture(scope="module")
def make_lab(jupyterlab, tmp_path_factory):
    """JupyterLab started with ``make lab``'s arguments in a copy of the checkout."""
    _, _, served = jupyterlab  # a copy of notebooks/ and lectures/
    home = tmp_path_factory.mktemp("make-lab")
    port, token = _free_port(), secrets.token_hex(16)
    command = [
        *lab_command(port),
        "--no-browser",
        f"--IdentityProvider.token={token}",
        "--ServerApp.port_retries=0",
        "--LabApp.expose_app_in_browser=True",
    ]
    with running_server(
        command,
        env=lab_environment(home),
        cwd=served,
        log_path=home / "server.log",
        base_url=f"http://127.0.0.1:{port}",
        token=token,
    ) as base_url:
        yield base_url, token


def test_make_lab_opens_the_start_page(make_lab, browser):
    base_url, token = make_lab
    page = browser.new_page()
    try:
        page.goto(f"{base_url}/?token={token}", timeout=OPEN_MS)  # the link make lab prints
        page.wait_for_function(
            f"() => ({ACTIVE})().title?.startsWith('Start here')", timeout=OPEN_MS, polling=250
        )
        state = page.evaluate(ACTIVE)
        assert state["path"] == START, state["path"]
        assert "Reading order" in state["text"] and "How a chapter is laid out" in state["text"]
        # the file browser, on notebooks/: the start page first, the deck after the chapters
        page.wait_for_function(
            "() => document.querySelectorAll('.jp-DirListing-itemText').length >= 11",
            timeout=OPEN_MS,
            polling=250,
        )
        names = [
            n
            for n in page.locator(".jp-DirListing-itemText").all_inner_texts()
            if n.endswith(".ipynb")
        ]
        assert names[0] == "00_start_here.ipynb" and names[-1] == "11_classroom_demos.ipynb", names
    finally:
        page.close()


def open_lecture(page, base_url: str, token: str, name: str) -> dict:
    path = f"lectures/{name}"
    page.evaluate(
        "(path) => window.jupyterapp.commands.execute('docmanager:open', "
        "{path, factory: 'Markdown Preview'})",
        path,
    )
    page.wait_for_function(
        f"(path) => {{ const s = ({ACTIVE})(); return s.path === path && s.title !== null; }}",
        arg=path,
        timeout=OPEN_MS,
        polling=250,
    )
    return page.evaluate(ACTIVE)


def test_no_lecture_shows_raw_markup_in_jupyterlab(jupyterlab, browser):
    base_url, token, _ = jupyterlab
    page = browser.new_page()
    try:
        page.goto(
            f"{base_url}/lab/workspaces/lectures/tree/lectures?reset&token={token}", timeout=OPEN_MS
        )
        page.wait_for_function(
            "() => window.jupyterapp?.commands?.hasCommand('docmanager:open')",
            timeout=OPEN_MS,
            polling=250,
        )
        page.evaluate("() => window.jupyterapp.restored")
        cited = 0
        for name in LECTURES:
            state = open_lecture(page, base_url, token, name)
            raw = [marker for marker in RAW_MARKUP if marker in state["text"]]
            assert not raw, f"{name} shows raw markup in JupyterLab: {raw}"
            # each citation of the Markdown is a link on the page, with its text
            source = (ROOT / "lectures" / name).read_text(encoding="utf-8")
            texts = set(re.findall(r"\[([^\]]+)\]\(references\.md#", source))
            missing = texts - set(state["links"])
            assert not missing, f"{name}: citations not rendered as links: {sorted(missing)}"
            cited += len(texts)
        assert cited >= 40, f"only {cited} citations across the lectures"
    finally:
        page.close()


def test_a_notebooks_link_opens_its_lecture_rendered(jupyterlab, browser):
    base_url, token, _ = jupyterlab
    page = browser.new_page()
    try:
        page.goto(
            f"{base_url}/lab/workspaces/link/tree/notebooks/02_roc_auc.ipynb?reset&token={token}",
            timeout=OPEN_MS,
        )
        # JupyterLab rewrites a relative href to a URL of its own; the text is the path
        link = page.locator(".jp-RenderedMarkdown a", has_text="lectures/02_roc_auc.md").first
        link.wait_for(timeout=OPEN_MS)
        link.click()
        page.wait_for_function(
            f"() => {{ const s = ({ACTIVE})(); return s.path === "
            "'lectures/02_roc_auc.md' && s.title !== null; }",
            timeout=OPEN_MS,
            polling=250,
        )
        state = page.evaluate(ACTIVE)
        assert state["title"].startswith("Lecture 02"), state["title"]
        assert not [m for m in RAW_MARKUP if m in state["text"]]
    finally:
        page.close()
