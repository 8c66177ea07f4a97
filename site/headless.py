"""The headless Chromium and the local web server that ``make pdf`` and the browser tests share.

``site/pdf.py`` prints the built site with them; ``tests/browser/conftest.py`` drives the same
Chromium, with the same flags, against the same kind of server. Chromium is Debian's
``/usr/bin/chromium`` (or ``$RANKVIZ_CHROMIUM``); Playwright's own browser download is never used.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: headless, and quiet on a machine with no network: no background fetches, updates or sync
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ENABLE_HINT = (
    "install Chromium (Debian/Ubuntu: sudo apt install chromium) or point "
    "RANKVIZ_CHROMIUM at a Chromium executable"
)


def find_chromium() -> str | None:
    """The Chromium executable to drive, or None."""
    candidates = [
        os.environ.get("RANKVIZ_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free localhost port while in the block; yield its base URL."""
    server = _Server(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
