"""Build the course website once per test session (``site/build.py``), offline when possible.

Used by ``tests/test_site.py`` (the built files) and ``tests/browser/test_site_in_browser.py``
(the pages in headless Chromium). The build runs in a child process with the test's Python,
into temporary folders, so it never touches ``build/``. Where the machine lets an unprivileged
process have a network namespace of its own (``unshare --net --map-root-user``, Linux), the build
runs in one with no network at all: a build step that reached for the network would fail there.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD_SCRIPT = ROOT / "site" / "build.py"
#: What the build needs besides the runtime dependencies (the dev extra installs them).
SITE_BUILDER = ("sphinx", "myst_nb", "sphinxcontrib.bibtex", "sphinx_book_theme")
BUILD_TIMEOUT_S = 600


@dataclass(frozen=True)
class BuiltSite:
    out: Path  #: the HTML site
    status: int  #: the build's exit status (0: no warning and no error)
    log: str  #: everything the build printed
    offline: bool  #: whether it ran in a namespace with no network


def missing_builder() -> list[str]:
    """The site builder's modules that are not installed here."""
    missing = []
    for module in SITE_BUILDER:
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            missing.append(module)
    return missing


def offline_prefix() -> list[str]:
    """A command prefix that runs a program with no network, or [] where none is available."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return []
    prefix = [unshare, "--net", "--map-root-user"]
    probe = subprocess.run([*prefix, "true"], capture_output=True)
    return prefix if probe.returncode == 0 else []


def build_site(workdir: Path, *, repository: str = "") -> BuiltSite:
    """Build the site into ``workdir/html`` (staging in ``workdir/src``).

    ``repository`` is what ``make site REPOSITORY=...`` passes (none by default).
    """
    out, staging = workdir / "html", workdir / "src"
    prefix = offline_prefix()
    env = {**os.environ, "RANKVIZ_SITE_REPOSITORY": repository}
    result = subprocess.run(
        [*prefix, sys.executable, str(BUILD_SCRIPT), "--out", str(out), "--staging", str(staging)],
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_S,
        cwd=ROOT,
        env=env,
    )
    return BuiltSite(
        out=out, status=result.returncode, log=result.stdout + result.stderr, offline=bool(prefix)
    )
