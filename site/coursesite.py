"""The course website's own Sphinx extension: seven things the stock tools do not do.

* **The students' start page as the landing page.** The landing page's marker is replaced by
  ``notebooks/00_start_here.ipynb``, the page ``make lab`` opens, so that the site and JupyterLab
  greet a student with the same text: its Markdown cells, with their links rewritten from the
  notebook's folder to the site's root, and its code cells as code with their stored output.
* **The chapter table and menus of the landing page, from the chapter registry.** The
  ``chapter-table`` directive lays out ``rankviz.chapters.COURSE`` (which the README's table is
  also rendered from) for a web page: the chapter's title links to its lecture, a second line
  to its notebook, and "you learn" gets the width the README gives to two file paths. The
  menus of the lectures and the notebooks are written where the page has its
  ``<!-- the chapter menus -->`` marker, in the registry's order.
* **A bibliography on every page that cites.** Lectures cite with plain Markdown links to
  ``lectures/references.md#<key>`` (``[Mohri et al. (2018)](references.md#mohri2018foundations)``,
  or ``([Borda, 1781](references.md#borda1781memoire))`` in parentheses), which GitHub and
  JupyterLab render as they are. Here they become sphinxcontrib-bibtex's ``{footcite:t}`` and
  ``{footcite:p}`` roles, and the list of the works a page cites is added under a "References"
  heading at the end of the page. (``lectures/references.md`` itself is not a page of the site:
  the site's ``references.md`` lists every work from the same ``.bib`` file.)
* **Search results without raw TeX.** On the search page only, ``_static/search-snippets.js``
  rewrites formulas as plain text (``\\alpha_t`` as α_t) in the snippets and titles Sphinx lists.
* **Figures that open full size on a tap.** A notebook's figure is scaled down to the column;
  on a phone its labels are a few pixels high. Each figure of a cell's output links to its image
  file, which the browser shows at full size (and a phone lets the reader zoom).
* **Links to the API reference.** The first time a lecture (or a notebook's Markdown) names a
  public ``rankviz`` function, class, constant or module in inline code (`` `auc` ``,
  `` `auc(y, s)` ``, `` `rankviz.metrics.auc` ``, `` `rankviz.metrics` ``), the mention becomes a
  link to its entry in the API reference (``apipages.py``), with the same text. Code blocks,
  math, headings, link texts and raw HTML are left alone, and so is a bare name that two
  modules offer.
* **A note instead of each dashboard.** A notebook's dashboards (ipywidgets) need a running
  kernel; on a static page MyST-NB would leave an empty element that loads a widget manager
  from a CDN. Each one becomes a note saying where to run it; the static figure of its default
  state, which every chapter notebook draws just before it, stays on the page.
* **Markup that screen readers read right.** The entries of a bibliography have docutils' role
  ``doc-biblioentry``, which DPUB-ARIA 1.1 deprecated and which a ``role="list"`` may not hold:
  they become list items. A table whose top-left header cell is empty (``| | a | b |``) names
  its rows in its first column: those cells become row headers (docutils' stub column), so a
  screen reader says which row a value is in, and the empty corner, which heads nothing, a
  plain cell instead of an empty header.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

WIDGET_VIEW = '<script type="application/vnd.jupyter.widget-view+json">'
CITES = re.compile(r"\{footcite(?::[a-z]+)?\}`")
# a citation in the lectures' Markdown: a link to an entry of lectures/references.md
LINK_CITE = re.compile(r"\[[^\]]+\]\(references\.md#([\w:-]+)\)")
# one or more of them, separated by "; ", in parentheses: a parenthetical citation
PAREN_CITES = re.compile(r"\((" + LINK_CITE.pattern + r"(?:; " + LINK_CITE.pattern + r")*)\)")
REFERENCES = "\n\n## References\n\n```{footbibliography}\n```\n"
DASHBOARD_NOTE = (
    "An interactive dashboard is displayed here when the notebook runs: it needs a live Python "
    "kernel, so open the notebook in JupyterLab (make lab, or Binder) to use it."
)


class ChapterTable(SphinxDirective):
    """``chapter-table``: the chapters of ``rankviz.chapters``, laid out for the landing page."""

    def run(self) -> list[nodes.Node]:
        from rankviz.chapters import COURSE

        lines = ["| # | chapter | you learn |", "|---|---|---|"]
        for chapter in COURSE:
            lines.append(
                f"| {chapter.number:02d} | **[{chapter.title}]({chapter.lecture})** <br>"
                f"[the notebook]({chapter.notebook}) | {chapter.summary} |"
            )
        container = nodes.container(classes=["chapter-table"])
        self.state.nested_parse(
            StringList(lines, source="rankviz/chapters.py"), self.content_offset, container
        )
        return [container]


MENUS_MARKER = "<!-- the chapter menus -->"
#: the pages of the lectures' menu after the chapters
LECTURE_EXTRAS = ("lectures/notation", "lectures/sources")


def chapter_menus() -> str:
    """The landing page's hidden tables of contents of the lectures and the notebooks, in the
    order of ``rankviz.chapters.COURSE`` (the site's menus)."""
    from rankviz.chapters import COURSE

    def toctree(caption: str, pages: list[str]) -> str:
        return "```{toctree}\n:hidden:\n:caption: " + caption + "\n\n" + "\n".join(pages) + "\n```"

    lectures = [c.lecture.removesuffix(".md") for c in COURSE] + list(LECTURE_EXTRAS)
    notebooks = [c.notebook.removesuffix(".ipynb") for c in COURSE]
    return toctree("Lectures", lectures) + "\n\n" + toctree("Notebooks", notebooks)


def include_chapter_menus(app: Sphinx, docname: str, source: list[str]) -> None:
    """Put the chapters' menus where the landing page has its marker (``source-read``)."""
    if MENUS_MARKER in source[0]:
        source[0] = source[0].replace(MENUS_MARKER, chapter_menus())


def footcite_roles(text: str) -> str:
    """The lectures' citation links as ``{footcite:p}`` (parenthesized) or ``{footcite:t}``."""
    text = PAREN_CITES.sub(
        lambda m: "{footcite:p}`" + ",".join(LINK_CITE.findall(m.group(1))) + "`", text
    )
    return LINK_CITE.sub(lambda m: "{footcite:t}`" + m.group(1) + "`", text)


def add_references_section(app: Sphinx, docname: str, source: list[str]) -> None:
    """Cite through sphinxcontrib-bibtex, and append the page's bibliography (``source-read``)."""
    if Path(app.env.doc2path(docname)).suffix == ".md":
        source[0] = footcite_roles(source[0])
        if CITES.search(source[0]):
            source[0] += REFERENCES


# links of the start page, relative to notebooks/: to a notebook next to it, or up to lectures/
NOTEBOOK_LINK = re.compile(r"\]\((\d\d_[\w-]+\.ipynb(?:#[^)]*)?)\)")
PARENT_LINK = re.compile(r"\]\(\.\./")


START_PAGE = "notebooks/00_start_here.ipynb"
START_MARKER = "<!-- the start page -->"


def start_page_markdown(notebook: Path, folder: str) -> str:
    """The start notebook as Markdown for a page at the site's root.

    Its Markdown cells, with their links rewritten from the notebook's folder to the root, and
    its code cells as code blocks followed by their stored output.
    """
    import json

    parts = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            text = NOTEBOOK_LINK.sub(lambda m: f"]({folder}/{m.group(1)})", text)
            text = PARENT_LINK.sub("](", text)
        elif cell["cell_type"] == "code":
            shown = "".join(
                "".join(o.get("data", {}).get("text/plain", "")) or o.get("text", "")
                for o in cell.get("outputs", [])
            )
            text = (
                f"```python\n{text}\n```\n\nIn JupyterLab the cell shows:\n\n```text\n{shown}\n```"
            )
        parts.append(text)
    return "\n\n".join(parts) + "\n"


def include_start_page(app: Sphinx, docname: str, source: list[str]) -> None:
    """Put the start notebook where the landing page has its marker (``source-read``)."""
    if START_MARKER in source[0]:
        notebook = Path(app.srcdir) / START_PAGE
        app.env.note_dependency(str(notebook))
        source[0] = source[0].replace(
            START_MARKER, start_page_markdown(notebook, Path(START_PAGE).parent.as_posix())
        )


@functools.cache
def _myst_markdown():
    """A Markdown parser that finds code, math, HTML and ``:::`` blocks where MyST does, with
    the extensions ``conf.py`` enables (for ``api_links``)."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.amsmath import amsmath_plugin
    from mdit_py_plugins.colon_fence import colon_fence_plugin
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    return (
        MarkdownIt("commonmark")
        .use(dollarmath_plugin, double_inline=True)
        .use(amsmath_plugin)
        .use(colon_fence_plugin)
        .enable("table")
    )


# inline code that names something: `auc`, `rankviz.metrics.auc`, or a call, `auc(y, s)`
API_MENTION = re.compile(r"^([A-Za-z_][\w.]*)(?:\(.*\))?$")


def api_links(text: str, targets: Mapping[str, str], seen: set[str] | None = None) -> str:
    """Markdown with the first inline-code mention of each API entry as a link to it.

    ``targets`` maps what a mention may say (``auc``, ``rankviz.metrics.auc``) to the entry's
    full name; a mention is the name alone or followed by a call's arguments, and becomes
    ``{py:obj}`text <full name>```, showing the same text. ``seen`` holds the entries already
    linked (a notebook passes the same set for every cell) and is updated. The Markdown is
    parsed as MyST parses it (CommonMark, tables, dollar math, ``:::`` fences), so that only
    inline code of prose is touched: never a code block, math, a heading, raw HTML or a link's
    text.
    """
    seen = set() if seen is None else seen
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)] + [len(text)]
    edits, cursor, previous = [], 0, None
    for token in _myst_markdown().parse(text):
        if token.type != "inline" or token.map is None or previous == "heading_open":
            previous = token.type
            continue
        previous = token.type
        cursor = max(cursor, line_starts[token.map[0]])
        end, in_link = line_starts[min(token.map[1], len(line_starts) - 1)], 0
        for child in token.children or []:
            in_link += {"link_open": 1, "link_close": -1}.get(child.type, 0)
            if child.type.startswith("math_inline"):  # its text may hold backticks
                source = child.markup + child.content + child.markup
            elif child.type == "code_inline":
                source = child.markup + child.content + child.markup
            else:
                continue
            found = text.find(source, cursor, end)
            if found < 0:  # not written as parsed (a code span across lines): leave it
                continue
            cursor = found + len(source)
            mention = API_MENTION.match(child.content)
            if (
                child.type != "code_inline"
                or child.markup != "`"
                or in_link
                or not mention
                or text[found - 1 : found] == "}"
                or "<" in child.content
            ):
                continue
            target = targets.get(mention.group(1))
            if target is not None and target not in seen:
                seen.add(target)
                edits.append((found, cursor, f"{{py:obj}}`{child.content} <{target}>`"))
    for start, stop, role in reversed(edits):
        text = text[:start] + role + text[stop:]
    return text


def link_api_mentions(app: Sphinx, docname: str, source: list[str]) -> None:
    """Link each lecture's and notebook's first mention of an API entry (``source-read``)."""
    import json

    from apipages import link_targets

    suffix = Path(app.env.doc2path(docname)).suffix
    if docname.startswith("lectures/") and suffix == ".md":
        source[0] = api_links(source[0], link_targets())
    elif docname.startswith("notebooks/") and suffix == ".ipynb":
        notebook, seen = json.loads(source[0]), set()
        for cell in notebook["cells"]:
            if cell["cell_type"] == "markdown":
                cell["source"] = api_links("".join(cell["source"]), link_targets(), seen)
        source[0] = json.dumps(notebook, ensure_ascii=False)


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


class RowHeaders(SphinxPostTransform):
    """In a table whose top-left header cell is empty, make the first column row headers."""

    default_priority = 100
    formats = ("html",)

    def run(self, **kwargs) -> None:
        for tgroup in self.document.findall(nodes.tgroup):
            colspecs = [child for child in tgroup.children if isinstance(child, nodes.colspec)]
            heads = [child for child in tgroup.children if isinstance(child, nodes.thead)]
            if not colspecs or not heads or not heads[0].children:
                continue
            corner = heads[0].children[0].children[0]  # first row, first entry
            if not corner.astext().strip() and "morecols" not in corner:
                colspecs[0]["stub"] = 1


# docutils' citation entries (role="doc-biblioentry", inside a role="list"), as list items
BIBLIOGRAPHY_ENTRY = 'role="doc-biblioentry"'
# the empty corner of a table with row headers (RowHeaders); MyST writes an empty paragraph
EMPTY_CORNER = re.compile(r'<th class="head stub[^"]*">\s*(?:<p>\s*</p>)?\s*</th>')


def accessible_markup(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    """Bibliography entries as list items, an empty corner as a plain cell (html-page-context)."""
    body = context.get("body")
    if body:
        body = body.replace(BIBLIOGRAPHY_ENTRY, 'role="listitem"')
        context["body"] = EMPTY_CORNER.sub("<td></td>", body)


class FigureFullSizeLink(SphinxPostTransform):
    """Link each image of a notebook cell's output to its own file (``_images/<name>``).

    Sphinx copies the image to ``_images/`` under its file name after the post-transforms, so
    the link is made to where it will be.
    """

    default_priority = 110
    formats = ("html",)

    def run(self, **kwargs) -> None:
        from sphinx.util.osutil import relative_uri

        images = relative_uri(self.app.builder.get_target_uri(self.env.docname), "_images")
        for output in list(self.document.findall(nodes.container)):
            if "cell_output" not in output["classes"]:
                continue
            for image in list(output.findall(nodes.image)):
                if isinstance(image.parent, nodes.reference) or "://" in image["uri"]:
                    continue
                link = nodes.reference(
                    "",
                    "",
                    internal=True,
                    classes=["figure-full-size"],
                    refuri=f"{images}/{Path(image['uri']).name}",
                )
                image.replace_self(link)
                link.append(image)


SEARCH_SCRIPT = "search-snippets.js"


def add_search_script(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree
) -> None:
    """Load the snippet script on the search page (``html-page-context``): deferred, so that it
    runs after Sphinx's searchtools.js has defined ``Search`` and before the search starts."""
    if pagename == "search":
        app.add_js_file(SEARCH_SCRIPT, loading_method="defer")


def setup(app: Sphinx) -> dict:
    app.add_directive("chapter-table", ChapterTable)
    app.connect("source-read", include_start_page)
    app.connect("source-read", include_chapter_menus)
    app.connect("source-read", add_references_section)
    app.connect("source-read", link_api_mentions)
    app.add_post_transform(DashboardNote)
    app.add_post_transform(RowHeaders)
    app.connect("html-page-context", accessible_markup)
    app.add_post_transform(FigureFullSizeLink)
    app.connect("html-page-context", add_search_script)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
