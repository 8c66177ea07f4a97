"""The course website's own Sphinx extension: two things the stock tools do not do.

* **A bibliography on every page that cites.** Lectures cite with sphinxcontrib-bibtex's
  ``{footcite:t}`` / ``{footcite:p}`` roles, which read as plain text on GitHub; the list of
  the works a page cites is added here, under a "References" heading at the end of the page,
  so that the Markdown files need no directive that GitHub would show as a code block.
* **A note instead of each dashboard.** A notebook's dashboards (ipywidgets) need a running
  kernel; on a static page MyST-NB would leave an empty element that loads a widget manager
  from a CDN. Each one becomes a note saying where to run it; the static figure of its default
  state, which every notebook draws just before it, stays on the page.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

WIDGET_VIEW = '<script type="application/vnd.jupyter.widget-view+json">'
CITES = re.compile(r"\{footcite(?::[a-z]+)?\}`")
REFERENCES = "\n\n## References\n\n```{footbibliography}\n```\n"
DASHBOARD_NOTE = (
    "Interactive dashboard: it runs in JupyterLab, in a copy of this notebook (make lab, or "
    "Binder). The figure above shows its default state."
)


def add_references_section(app: Sphinx, docname: str, source: list[str]) -> None:
    """Append the page's bibliography to a Markdown page that cites (Sphinx ``source-read``)."""
    if app.env.doc2path(docname).suffix == ".md" and CITES.search(source[0]):
        source[0] += REFERENCES


class DashboardNote(SphinxPostTransform):
    """Replace each widget view MyST-NB rendered by a note (the dashboard cannot run here).

    It runs after MyST-NB's ``SelectMimeType`` (priority 4) has picked the widget view out of
    the output's mime bundle.
    """

    default_priority = 100
    formats = ("html",)

    def run(self, **kwargs) -> None:
        for raw in list(self.document.findall(nodes.raw)):
            if "html" in raw.get("format", "").split() and raw.astext().startswith(WIDGET_VIEW):
                note = nodes.note("", nodes.paragraph(text=DASHBOARD_NOTE))
                note["classes"].append("dashboard-note")
                raw.replace_self(note)


def setup(app: Sphinx) -> dict:
    app.connect("source-read", add_references_section)
    app.add_post_transform(DashboardNote)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
