"""The site's API reference: one page per public module of ``rankviz``, grouped by chapter.

A Sphinx extension (listed in ``conf.py``). When the build starts (``builder-inited``) it writes
``api/index.rst`` and one ``api/<module>.rst`` per public module into the staged sources, so
the pages are made afresh from the code at every build and cannot drift from it:

* **the modules**: every module of ``rankviz`` without a leading underscore, the subpackages
  ``rankviz.widgets``, ``rankviz.plotting`` and ``rankviz.exercises`` as one page each (their
  ``__init__`` defines what they offer: the dashboards, every drawing function, the exercise
  checker); :func:`public_modules`;
* **a module's page**: Sphinx's autodoc on the module, an entry for every name of its
  ``__all__``; the numpydoc sections (Parameters, Returns, Examples, ...) are rendered by
  ``sphinx.ext.napoleon``. The site's menu lists the index only, which links to every module;
* **the index** groups the modules by the chapter whose notebook first imports them
  (:func:`first_chapters`, read from the notebooks' code cells); a module no notebook imports
  is "supporting". The package's own names (``rankviz.SolverError``) are documented there too.

The same grouping, with each module's one-line summary, is the listing of ``rankviz``'s own
docstring (what ``help(rankviz)`` shows); ``python site/apipages.py`` prints it
(:func:`package_listing`), and ``tests/test_site_api.py`` keeps the two in step.

:func:`link_targets` gives the names a lecture may mention in inline code and the entry each
one links to (``coursesite.api_links`` makes the links).
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import inspect
import json
import pkgutil
import re
import shutil
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "rankviz"
#: the page of the package itself (its own names, and the modules grouped by chapter)
INDEX = "index"
SUPPORTING = "Supporting modules"
START_PAGE_STEM = "00_start_here"
# an import line of a code cell, for a cell that is not plain Python (an IPython magic)
IMPORT_LINE = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))", re.MULTILINE)


@dataclass(frozen=True)
class Chapter:
    """A chapter as the API index names it: its number, title, lecture and notebook."""

    number: str  #: ``"01"``; ``"00"`` is the start page
    title: str
    notebook: str  #: the notebook's stem, e.g. ``"01_ranking_problem"``
    lecture: str | None  #: the lecture's stem (the start page has none)

    @property
    def heading(self) -> str:
        if self.number == "00":
            return f"The start page: {self.title}"
        return f"Chapter {self.number}: {self.title}"


# ---- what rankviz offers ----------------------------------------------------------------------
def package_folder() -> Path:
    """The folder of the ``rankviz`` that Python imports here (the one autodoc documents)."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        raise ImportError(f"{PACKAGE} cannot be imported: the API reference documents it")
    return Path(spec.origin).parent


def public_modules() -> list[str]:
    """Every public module of rankviz, with its subpackages as one module each, sorted."""
    return sorted(
        f"{PACKAGE}.{info.name}"
        for info in pkgutil.iter_modules([str(package_folder())])
        if not info.name.startswith("_")
    )


def module_docstring(module: str) -> str:
    """A module's docstring, read from its source (nothing is imported)."""
    path = package_folder().joinpath(*module.split(".")[1:])
    source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    return ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""


def module_summary(module: str) -> str:
    """The first paragraph of a module's docstring, on one line."""
    summary = " ".join(module_docstring(module).split("\n\n", 1)[0].split())
    if not summary:
        raise ValueError(f"{module} has no docstring: its API page needs a one-line summary")
    return summary


def public_names(module: str) -> list[str]:
    """A module's ``__all__`` (the module is imported)."""
    return list(importlib.import_module(module).__all__)


def documented_module(imported: str, modules: list[str]) -> str | None:
    """The page an imported module is documented on: the longest public module it lies in.

    ``rankviz.widgets.aggregation`` is documented with ``rankviz.widgets``; ``rankviz``
    itself and private modules have no page of their own (None).
    """
    found = [m for m in modules if imported == m or imported.startswith(m + ".")]
    return max(found, key=len) if found else None


# ---- which chapter first uses each module ------------------------------------------------------
def imported_modules(code: str) -> set[str]:
    """The dotted names of the modules a code cell imports (``from rankviz import x`` counts
    ``rankviz.x`` too, in case ``x`` is a module)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:  # IPython syntax (a magic, a shell escape): read the import lines
        return {a or b for a, b in IMPORT_LINE.findall(code)}
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def notebook_imports(notebook: Path) -> set[str]:
    """Every module the code cells of a notebook import."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return set().union(
        *(
            imported_modules("".join(cell["source"]))
            for cell in cells
            if cell["cell_type"] == "code"
        )
    )


def first_chapters(notebooks: Path, modules: list[str]) -> dict[str, str]:
    """For each module some notebook imports, the number of the first chapter that does.

    The chapters are the notebooks ``NN_*.ipynb`` in order (``00`` is the start page).
    """
    first: dict[str, str] = {}
    for notebook in sorted(notebooks.glob("[0-9][0-9]_*.ipynb")):
        for imported in notebook_imports(notebook):
            page = documented_module(imported, modules)
            if page is not None:
                first.setdefault(page, notebook.name[:2])
    return first


def read_chapters(notebooks: Path) -> dict[str, Chapter]:
    """The chapters by number: the chapter registry (``rankviz.chapters``), and the start page
    as ``00``."""
    from rankviz.chapters import COURSE

    chapters = {}
    start = notebooks / f"{START_PAGE_STEM}.ipynb"
    if start.is_file():
        first_cell = "".join(json.loads(start.read_text(encoding="utf-8"))["cells"][0]["source"])
        title = re.match(r"#\s+(.+)", first_cell)
        chapters["00"] = Chapter(
            "00", title.group(1).strip() if title else "Start here", START_PAGE_STEM, None
        )
    for entry in COURSE:
        chapters[f"{entry.number:02d}"] = Chapter(
            f"{entry.number:02d}", entry.title, entry.stem, entry.stem
        )
    return chapters


def chapter_groups(notebooks: Path) -> list[tuple[Chapter | None, list[str]]]:
    """The public modules grouped by the chapter that first uses them, in chapter order.

    Each group is (chapter, sorted modules); the last, with chapter None, holds the modules no
    notebook imports (the supporting modules), if there are any.
    """
    modules = public_modules()
    first = first_chapters(notebooks, modules)
    chapters = read_chapters(notebooks)
    unknown = sorted(set(first.values()) - set(chapters))
    if unknown:
        raise ValueError(
            f"notebooks of chapters {unknown} import rankviz, but rankviz/chapters.py "
            "does not list them"
        )
    groups: list[tuple[Chapter | None, list[str]]] = [
        (chapters[number], sorted(m for m in modules if first.get(m) == number))
        for number in sorted(set(first.values()))
    ]
    supporting = sorted(m for m in modules if m not in first)
    if supporting:
        groups.append((None, supporting))
    return groups


# ---- the package docstring ---------------------------------------------------------------------
def package_listing(notebooks: Path, width: int = 99) -> str:
    """The modules by chapter, one entry each with its summary: part of ``rankviz.__doc__``."""
    groups = chapter_groups(notebooks)
    column = 4 + max(len(m) for _, modules in groups for m in modules) - len(PACKAGE) + 1
    lines = []
    for chapter, modules in groups:
        lines.append(chapter.heading if chapter else f"{SUPPORTING} (no notebook imports them)")
        for module in modules:
            name = module.removeprefix(PACKAGE + ".")
            lines.extend(
                textwrap.wrap(
                    module_summary(module),
                    width=width,
                    initial_indent=f"    {name}".ljust(column + 1),
                    subsequent_indent=" " * (column + 1),
                )
            )
    return "\n".join(lines)


# ---- what a lecture may link ------------------------------------------------------------------
@functools.cache
def link_targets() -> dict[str, str]:
    """The names a lecture may write in inline code, and the full name of each one's entry.

    Every public module (``rankviz.metrics``), every public name with its module
    (``rankviz.metrics.auc``) and, where only one module offers it, the bare name (``auc``).
    A bare name two modules offer (``discordant_pairs``) is left out: it would be a guess.
    """
    targets = {PACKAGE: PACKAGE}
    owners: dict[str, list[str]] = {}
    for module in public_modules():
        targets[module] = module
        for name in public_names(module):
            targets[f"{module}.{name}"] = f"{module}.{name}"
            owners.setdefault(name, []).append(f"{module}.{name}")
    for name in public_names(PACKAGE):
        targets[f"{PACKAGE}.{name}"] = f"{PACKAGE}.{name}"
        owners.setdefault(name, []).append(f"{PACKAGE}.{name}")
    for name, full in owners.items():
        if len(full) == 1 and not name.startswith("_"):
            targets.setdefault(name, full[0])
    return targets


# ---- the pages ----------------------------------------------------------------------------------
def rst_heading(text: str, underline: str = "=") -> str:
    return f"{text}\n{underline * len(text)}\n"


def chapter_links(chapter: Chapter) -> str:
    """Links to a chapter's lecture and notebook, in reStructuredText, from a page in ``api/``."""
    if chapter.lecture is None:  # the start page is the site's landing page
        return ":doc:`the site's landing page <../index>`"
    return (
        f":doc:`lecture <../lectures/{chapter.lecture}>`, "
        f":doc:`notebook <../notebooks/{chapter.notebook}>`"
    )


def entry_directive(module: str, name: str) -> str:
    """The autodoc directive of one public name, by what the name is."""
    value = getattr(importlib.import_module(module), name)
    if inspect.isclass(value):
        kind = "autoexception" if issubclass(value, BaseException) else "autoclass"
        return f".. {kind}:: {module}.{name}\n   :members:\n"
    if inspect.isroutine(value):
        return f".. autofunction:: {module}.{name}\n"
    # a value whose repr holds an address (a dict of functions) would differ at every build
    no_value = "   :no-value:\n" if " at 0x" in repr(value) else ""
    return f".. autodata:: {module}.{name}\n{no_value}"


def module_page(module: str, chapter: Chapter | None) -> str:
    """The reStructuredText of a module's page: where it is first used, its docstring, then an
    entry for each name of its ``__all__`` (documented or not), in that order.

    The page is in no table of contents (``:orphan:``): the index links to every module, and
    the site's menu stays one entry long (a folded list of 40 modules in every page's sidebar
    would also add an unlabelled toggle).
    """
    used = (
        f"First used in **{chapter.heading}** ({chapter_links(chapter)})."
        if chapter
        else "No chapter's notebook imports it: it supports the modules the chapters use."
    )
    entries = "\n".join(entry_directive(module, name) for name in public_names(module))
    return (
        f":orphan:\n\n{rst_heading(module)}\n{used} Every module, by chapter: "
        f":doc:`the API reference <{INDEX}>`.\n\n.. automodule:: {module}\n\n{entries}"
    )


def index_page(groups: list[tuple[Chapter | None, list[str]]]) -> str:
    """The reStructuredText of ``api/index``: the modules by chapter, each with its summary."""
    parts = [
        rst_heading("The modules of rankviz, by chapter"),
        "Every public function, class and constant of ``rankviz``, the module the notebooks "
        "compute, draw and check with: its parameters, what it returns, the errors it raises "
        "and a short example (each example is a doctest the test suite runs). The modules are "
        "grouped by the chapter whose notebook first uses them. In a notebook, ``help(auc)`` "
        "shows the same text.\n",
    ]
    for chapter, modules in groups:
        parts.append(rst_heading(chapter.heading if chapter else SUPPORTING, "-"))
        if chapter is None:
            parts.append(
                "Modules no notebook imports: the ones the chapters' modules build on, "
                "and the pre-class check."
            )
        elif chapter.lecture is None:
            parts.append("The start page is this site's :doc:`landing page <../index>`.")
        else:
            parts.append(
                f"The chapter's :doc:`lecture <../lectures/{chapter.lecture}>` and "
                f":doc:`notebook <../notebooks/{chapter.notebook}>`."
            )
        parts.append("")
        for module in modules:
            parts.append(f"* :doc:`{module} <{module}>`: {module_summary(module)}")
        parts.append("")
    parts.append(rst_heading("The package itself", "-"))
    parts.append(f".. py:module:: {PACKAGE}\n")
    parts.append("\n".join(entry_directive(PACKAGE, name) for name in public_names(PACKAGE)))
    return "\n".join(parts)


def write_pages(srcdir: Path, notebooks: Path) -> list[Path]:
    """Write ``api/index.rst`` and every module's page under ``srcdir`` (``api/`` is emptied)."""
    folder = srcdir / "api"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    groups = chapter_groups(notebooks)
    written = [folder / f"{INDEX}.rst"]
    written[0].write_text(index_page(groups), encoding="utf-8")
    for chapter, modules in groups:
        for module in modules:
            page = folder / f"{module}.rst"
            page.write_text(module_page(module, chapter), encoding="utf-8")
            written.append(page)
    return written


@functools.cache
def doc_comments(module: str) -> dict[str, list[str]]:
    """The ``#:`` comments of a module's constants, by name."""
    from sphinx.pycode import ModuleAnalyzer

    docs = ModuleAnalyzer.for_module(module).find_attr_docs()
    return {name: list(lines) for (namespace, name), lines in docs.items() if not namespace}


def constant_doc(app, what, name, obj, options, lines) -> None:
    """``autodoc-process-docstring``: a constant's text is its ``#:`` comment, or nothing.

    With no comment next to it, autodoc shows the docstring of the value's type (``int``'s,
    ``dict``'s): that is dropped. A constant re-exported from a submodule or a private module
    (``rankviz.plotting`` gives ``POSITIVE_COLOR`` of ``rankviz/plotting/_style.py``) gets the
    comment of the module that defines it, which autodoc looks for only in the re-exporting
    module (never the comment of another public module's constant of the same name).
    """
    if what != "data" or not name.startswith(PACKAGE + "."):
        return
    type_doc = inspect.getdoc(type(obj)) or ""
    if lines and " ".join("\n".join(lines).split()) != " ".join(type_doc.split()):
        return  # the constant's own comment
    lines.clear()
    documented, _, short = name.rpartition(".")
    for module in sorted(
        m
        for m in sys.modules
        if m.startswith(documented + ".") or (m.startswith(PACKAGE + ".") and "._" in m)
    ):
        if getattr(sys.modules[module], short, None) is obj and doc_comments(module).get(short):
            lines.extend(doc_comments(module)[short])
            return


def on_builder_inited(app) -> None:
    srcdir = Path(app.srcdir)
    write_pages(srcdir, srcdir / "notebooks")


def setup(app) -> dict:
    app.setup_extension("sphinx.ext.autodoc")
    app.setup_extension("sphinx.ext.napoleon")
    app.connect("builder-inited", on_builder_inited)
    # before napoleon (priority 500) reads the numpydoc sections
    app.connect("autodoc-process-docstring", constant_doc, priority=400)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":  # print the listing of rankviz/__init__.py's docstring
    ROOT = Path(__file__).resolve().parent.parent
    print(package_listing(ROOT / "notebooks"))
