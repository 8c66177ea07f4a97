"""The website's API reference (``site/apipages.py``) and the lectures' links into it
(``site/coursesite.py``): every public name has an entry, the modules are grouped by the chapter
that first uses them, the examples are code, and a lecture's first mention of a name links to it.

The tests of built pages share the session's site (the ``built_site`` fixture,
``tests/site_build.py``); the others read the sources only.
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "site"))
pytest.importorskip("sphinx")  # coursesite is a Sphinx extension; the site needs Sphinx anyway
pytest.importorskip("markdown_it")

import apipages  # noqa: E402
from coursesite import API_MENTION, api_links  # noqa: E402

import rankviz  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
LECTURES = sorted((ROOT / "lectures").glob("*.md"))
HREF = re.compile(r'<a [^>]*href="([^"]+)"')


@pytest.fixture(scope="module")
def site(built_site):
    assert built_site.status == 0, f"the site build failed:\n{built_site.log[-5000:]}"
    return built_site.out


@functools.cache
def ids(page: Path) -> set[str]:
    """The ids of a page's elements (the entries' ids are their full names)."""
    return set(re.findall(r'\bid="([^"]+)"', page.read_text(encoding="utf-8")))


def api_hrefs(page: Path) -> list[tuple[Path, str]]:
    """(page, fragment) of every link from ``page`` to an entry of the API reference."""
    found = []
    for href in HREF.findall(page.read_text(encoding="utf-8")):
        path, _, fragment = href.partition("#")
        target = (page.parent / path).resolve() if path else page.resolve()
        if target.parent.name == "api" and fragment:
            found.append((target, fragment))
    return found


# ---- the pages -----------------------------------------------------------------------------------
def test_every_public_name_has_an_entry_on_its_module_page(site):
    modules = apipages.public_modules()
    assert {"rankviz.metrics", "rankviz.widgets", "rankviz.plotting", "rankviz.exercises"} <= set(
        modules
    )
    count = 0
    for module in modules:
        page = site / "api" / f"{module}.html"
        assert page.is_file(), f"{module} has no page"
        on_page = ids(page)
        missing = [
            name for name in apipages.public_names(module) if f"{module}.{name}" not in on_page
        ]
        assert not missing, f"{page.name} has no entry for {missing}"
        count += len(apipages.public_names(module))
    # the package's own names are on the index page
    index = ids(site / "api" / "index.html")
    assert all(f"rankviz.{name}" in index for name in rankviz.__all__), rankviz.__all__
    assert count > 400  # every module's __all__, not a handful


def test_every_module_page_is_reachable_from_the_api_index(site):
    index = site / "api" / "index.html"
    linked = {
        (index.parent / href.split("#")[0]).resolve()
        for href in HREF.findall(index.read_text(encoding="utf-8"))
    }
    for module in apipages.public_modules():
        assert (site / "api" / f"{module}.html").resolve() in linked, module
    # and the index is reachable from the landing page
    landing = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="api/index.html"' in landing


def test_the_index_groups_the_modules_by_the_chapter_that_first_imports_them(site):
    html = (site / "api" / "index.html").read_text(encoding="utf-8")
    article = html.split("<article", 1)[1].split("</article>", 1)[0]
    shown = []
    for section in re.split(r"<h2>", article)[1:]:
        heading = re.sub(r"<[^>]+>|#", "", section.split("</h2>", 1)[0]).strip()
        shown.append((heading, re.findall(r'href="(rankviz\.[\w.]+)\.html"', section)))
    expected = [
        (chapter.heading if chapter else apipages.SUPPORTING, modules)
        for chapter, modules in apipages.chapter_groups(NOTEBOOKS)
    ]
    expected.append(("The package itself", []))
    shown = [(heading.replace("&#8217;", "'"), modules) for heading, modules in shown]
    assert shown == expected


def test_examples_render_as_code(site):
    blocks = 0
    for page in sorted((site / "api").glob("*.html")):
        for after in page.read_text(encoding="utf-8").split('<p class="rubric">Examples</p>')[1:]:
            code = re.search(
                r'<div class="doctest highlight[^"]*"><div class="highlight"><pre>'
                r"(.*?)</pre>",
                after,
                flags=re.DOTALL,
            )
            assert code and "&gt;&gt;&gt;" in code.group(1), f"{page.name}: {after[:300]}"
            blocks += 1
    assert blocks > 100


def test_a_constant_shows_its_own_comment_never_its_types_docstring(site):
    # autodoc would show int's or dict's docstring for a constant with no #: comment
    for page in sorted((site / "api").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        for type_doc in (
            "int([x]) -&gt; integer",
            "new empty dictionary",
            "Built-in immutable sequence",
            "str(object=''",
        ):
            assert type_doc not in text, f"{page.name}: {type_doc}"
    # a constant rankviz.plotting re-exports from plotting/_style.py keeps that module's comment
    plotting = (site / "api" / "rankviz.plotting.html").read_text(encoding="utf-8")
    entry = plotting.split('id="rankviz.plotting.MAX_DRAWN"', 1)[1].split("</dd>", 1)[0]
    assert "The most items, bars, positions, tasks or bins one Axes draws" in entry


def test_the_package_docstring_lists_the_modules_by_chapter():
    listing = apipages.package_listing(NOTEBOOKS)
    assert listing in rankviz.__doc__, (
        "rankviz/__init__.py's docstring lists the modules by the chapter that first imports "
        "them; `python site/apipages.py` prints the listing to paste there:\n" + listing
    )
    for module in apipages.public_modules():
        assert f"\n    {module.removeprefix('rankviz.')} " in rankviz.__doc__, module


# ---- which chapter first uses a module ---------------------------------------------------------
def _notebook(path: Path, *cells: str) -> None:
    import json

    path.write_text(
        json.dumps(
            {
                "cells": [
                    {"cell_type": "code", "source": cell, "metadata": {}, "outputs": []}
                    for cell in cells
                ],
                "metadata": {},
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        ),
        encoding="utf-8",
    )


def test_first_chapters_reads_each_notebooks_imports(tmp_path):
    _notebook(
        tmp_path / "01_a.ipynb",
        "%matplotlib inline\nfrom rankviz.metrics import auc",
        "import numpy as np\nfrom rankviz.widgets.aggregation import explorer_strengths",
    )
    _notebook(
        tmp_path / "02_b.ipynb",
        "from rankviz import bounds, SolverError\n"
        "from rankviz.metrics import roc_curve\nfrom rankviz._validation import check_int",
    )
    _notebook(tmp_path / "03_c.ipynb", "x = 1  # imports nothing")
    modules = apipages.public_modules()
    assert apipages.first_chapters(tmp_path, modules) == {
        "rankviz.metrics": "01",
        "rankviz.widgets": "01",
        "rankviz.bounds": "02",
    }


# ---- links from the lectures -----------------------------------------------------------------
def _mentioned_entries(markdown: str) -> set[str]:
    """The API entries a lecture names in inline code, read simply: the prose without fenced
    code, headings and link texts, and each single-backtick span in it."""
    targets = apipages.link_targets()
    prose = re.sub(r"^(```|~~~).*?^\1\s*$", "", markdown, flags=re.DOTALL | re.MULTILINE)
    prose = re.sub(r"^#.*$", "", prose, flags=re.MULTILINE)
    prose = re.sub(r"\[[^\]]*\]\([^)]*\)", "", prose)
    found = set()
    for code in re.findall(r"(?<![`}])`([^`\n]+)`(?!`)", prose):
        mention = API_MENTION.match(code)
        if mention and mention.group(1) in targets:
            found.add(targets[mention.group(1)])
    return found


def test_each_lecture_links_its_first_mention_of_each_public_name(site):
    with_links = 0
    for path in LECTURES:
        page = site / "lectures" / f"{path.stem}.html"
        if not page.is_file():  # lectures/references.md is not a page of the site
            continue
        linked = [fragment.removeprefix("module-") for _, fragment in api_hrefs(page)]
        mentioned = _mentioned_entries(path.read_text(encoding="utf-8"))
        assert len(linked) == len(set(linked)), f"{path.name}: an entry linked twice"
        assert set(linked) == mentioned, (path.name, set(linked) ^ mentioned)
        with_links += bool(linked)
    assert with_links >= 10  # every chapter's lecture names a function of rankviz


def test_every_link_into_the_api_reference_leads_to_an_entry(site):
    notebooks_with_links = 0
    for page in sorted(site.rglob("*.html")):
        links = api_hrefs(page)
        for target, fragment in links:
            assert target.is_file() and fragment in ids(target), (
                f"{page.relative_to(site)} links to {target.name}#{fragment}"
            )
        notebooks_with_links += page.parent.name == "notebooks" and bool(links)
    assert notebooks_with_links >= 9


# ---- the link rewriting, on small strings --------------------------------------------------------
TARGETS = {
    "auc": "rankviz.metrics.auc",
    "rankviz.metrics.auc": "rankviz.metrics.auc",
    "roc_curve": "rankviz.metrics.roc_curve",
    "rankviz.metrics": "rankviz.metrics",
}
AUC = "{py:obj}`auc <rankviz.metrics.auc>`"


def test_only_the_first_mention_of_an_entry_becomes_a_link():
    text = "First `auc`, then `auc` again and `rankviz.metrics.auc`.\n\nAnd `auc`.\n"
    assert (
        api_links(text, TARGETS)
        == f"First {AUC}, then `auc` again and `rankviz.metrics.auc`.\n\nAnd `auc`.\n"
    )


def test_a_call_or_a_full_name_keeps_its_text():
    assert api_links("`roc_curve(y, s)` and `rankviz.metrics.auc`", TARGETS) == (
        "{py:obj}`roc_curve(y, s) <rankviz.metrics.roc_curve>` and "
        "{py:obj}`rankviz.metrics.auc <rankviz.metrics.auc>`"
    )
    assert (
        api_links("the module `rankviz.metrics`", TARGETS)
        == "the module {py:obj}`rankviz.metrics <rankviz.metrics>`"
    )


def test_code_math_headings_link_texts_html_and_directives_are_untouched():
    text = (
        "# The `auc`\n\n```python\nauc(y, s)  # `auc`\n```\n\n    `auc` indented code\n\n"
        "Math $`auc`$ and $$`auc`$$, a [link to `auc`](x.md), ``auc`` (two backticks).\n\n"
        "<details><summary>`auc`</summary>\n\n$$\n`auc`\n$$\n\n"
        ":::{note}\n`auc`\n:::\n\nThen `auc`.\n"
    )
    assert api_links(text, TARGETS) == text.replace("Then `auc`.", f"Then {AUC}.")


def test_unknown_names_and_other_inline_code_are_untouched():
    text = "`sigma`, `auc_curve`, `np.auc`, `auc[0]`, `auc = 1`, `x <auc>` and `rankviz.nothing`."
    assert api_links(text, TARGETS) == text
    role = "{footcite:t}`auc`"  # inline code that is a role's content already
    assert api_links(role, TARGETS) == role


def test_a_notebook_links_once_across_its_cells():
    seen: set[str] = set()
    assert api_links("`auc`", TARGETS, seen) == AUC
    assert (
        api_links("`auc` and `roc_curve`", TARGETS, seen)
        == "`auc` and {py:obj}`roc_curve <rankviz.metrics.roc_curve>`"
    )


def test_a_bare_name_two_modules_offer_is_not_a_target():
    targets = apipages.link_targets()
    assert (
        "discordant_pairs" in rankviz.aggregation.__all__
        and "discordant_pairs" in rankviz.pairwise.__all__
    )
    assert "discordant_pairs" not in targets
    assert targets["rankviz.pairwise.discordant_pairs"] == "rankviz.pairwise.discordant_pairs"
    assert targets["auc"] == "rankviz.metrics.auc"
    assert targets["roc_explorer"] == "rankviz.widgets.roc_explorer"
