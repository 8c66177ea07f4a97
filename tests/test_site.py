"""The course website (``make site``): it builds with no warning and no network, and the
built files hold what the issue asks for.

The site is built once per session (the ``built_site`` fixture, ``tests/site_build.py``).
What a browser shows of it (math typeset, images loaded, search) is tested in
``tests/browser/test_site_in_browser.py``.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_figure_alt_text import alt_text_problem

ROOT = Path(__file__).resolve().parents[1]
LECTURES = sorted(p.stem for p in (ROOT / "lectures").glob("[0-9][0-9]_*.md"))
# the chapters' and the deck's notebooks (the start page is the site's landing page)
NOTEBOOKS = sorted(
    p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb") if p.stem != "00_start_here"
)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


class Tags(HTMLParser):
    """Every start tag of a page, as (tag, attributes)."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {name: value or "" for name, value in attrs}))


def tags(page: Path) -> list[tuple[str, dict[str, str]]]:
    parser = Tags()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.tags


def links(page: Path) -> set[str]:
    """The resolved paths (without #fragment or ?query) of the local pages ``page`` links to."""
    found = set()
    for tag, attrs in tags(page):
        href = attrs.get("href", "")
        if tag == "a" and href and not re.match(r"^[a-z]+:", href) and not href.startswith("#"):
            target = (page.parent / href.split("#")[0].split("?")[0]).resolve()
            found.add(str(target))
    return found


@pytest.fixture(scope="module")
def site(built_site):
    assert built_site.status == 0, f"the site build failed:\n{built_site.log[-5000:]}"
    return built_site.out


def test_the_site_builds_with_no_warning(built_site):
    # build.py passes -W: any warning (a broken link, a missing image, an unknown citation)
    # makes the status non-zero; the log must not even mention one
    assert built_site.status == 0, built_site.log[-5000:]
    assert "WARNING" not in built_site.log and "ERROR" not in built_site.log, built_site.log


def test_the_site_builds_without_network(built_site):
    if not built_site.offline:
        pytest.skip(
            "this machine cannot give the build a network namespace of its own "
            "(unshare --net --map-root-user), so the build ran with the network"
        )
    assert built_site.status == 0, built_site.log[-5000:]


def test_every_lecture_and_notebook_is_a_page(site):
    for stem in LECTURES:
        assert (site / "lectures" / f"{stem}.html").is_file(), stem
    for stem in NOTEBOOKS:
        assert (site / "notebooks" / f"{stem}.html").is_file(), stem
    assert (site / "lectures" / "sources.html").is_file()
    assert (site / "references.html").is_file()
    assert (site / "search.html").is_file() and (site / "searchindex.js").is_file()


def test_the_landing_page_lists_every_chapter_with_its_lecture_and_notebook(site):
    landing = site / "index.html"
    text = landing.read_text(encoding="utf-8")
    targets = links(landing)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for stem in LECTURES:
        assert str((site / "lectures" / f"{stem}.html").resolve()) in targets, stem
        assert str((site / "notebooks" / f"{stem}.html").resolve()) in targets, stem
        # the title the README gives the chapter
        title = re.search(rf"^\| {stem[:2]} \| ([^|]+?) \|", readme, flags=re.MULTILINE).group(1)
        assert title.replace("'", "&#8217;") in text or title in text, title


def test_the_landing_page_is_the_start_page_and_the_deck_comes_last(site):
    landing = (site / "index.html").read_text(encoding="utf-8")
    article = landing.split("<article", 1)[1]
    assert re.search(r"<h1>Start here", article), "the landing page is not the start page"
    for heading in ("Who it is for", "Reading order", "How a chapter is laid out"):
        assert f">{heading}<" in article, heading
    # the sidebar: the chapters' lectures and notebooks in order, the deck after them
    nav = landing.split('class="bd-links bd-docs-nav"', 1)[1].split("</nav>", 1)[0]
    hrefs = [h for h in re.findall(r'href="((?:lectures|notebooks)/\d\d_\w+)\.html"', nav)]
    for folder in ("lectures", "notebooks"):
        listed = [h.split("/")[1] for h in hrefs if h.startswith(folder)]
        assert listed == sorted(listed) and listed[-1] == "11_classroom_demos", (folder, listed)
    # the "next" link of the landing page leads to chapter 01
    nxt = re.search(r'<a class="right-next"\s+href="([^"]+)"', landing)
    assert nxt and nxt.group(1).startswith("lectures/01_"), nxt and nxt.group(1)


def test_each_lecture_links_to_its_notebook_and_back(site):
    for stem in LECTURES:
        lecture, notebook = site / "lectures" / f"{stem}.html", site / "notebooks" / f"{stem}.html"
        assert str(notebook.resolve()) in links(lecture), f"{stem}: lecture -> notebook"
        assert str(lecture.resolve()) in links(notebook), f"{stem}: notebook -> lecture"


def test_every_local_link_of_every_page_leads_to_a_file_of_the_site(site):
    # the navigation, the lecture <-> notebook links, the download buttons (the notebook as
    # .ipynb, the lecture as .md), the citations' targets
    for page in sorted(site.rglob("*.html")):
        for target in links(page):
            path = Path(target)
            assert path.is_file() or (path / "index.html").is_file(), (
                f"{page.relative_to(site)} links to a missing {target}"
            )


def test_no_page_loads_anything_from_outside_the_site(site):
    # scripts, stylesheets, fonts, images, frames: every resource a page loads is a file of the
    # site (links a reader may follow, <a href>, may point anywhere)
    for page in sorted(site.rglob("*.html")):
        for tag, attrs in tags(page):
            for name in ("src", "data-src", "srcset") + (("href",) if tag == "link" else ()):
                value = attrs.get(name, "")
                assert not re.match(r"^(https?:)?//", value), (
                    f"{page.relative_to(site)}: <{tag} {name}={value!r}>"
                )


def test_every_image_of_every_page_exists(site):
    count = 0
    for page in sorted(site.rglob("*.html")):
        for tag, attrs in tags(page):
            if tag == "img":
                source = attrs.get("src", "")
                if source.startswith("data:"):
                    continue
                assert (page.parent / source.split("?")[0]).is_file(), (
                    f"{page.relative_to(site)}: {source}"
                )
                count += 1
    figures = sum(
        1
        for stem in NOTEBOOKS
        for cell in _cells(stem)
        for output in cell.get("outputs", [])
        if "image/png" in output.get("data", {})
    )
    assert count >= figures > 0


def test_every_image_of_every_page_has_a_written_alt_text(site):
    # docutils' default alt is the image's path: a screen reader would read a file name
    problems = []
    for page in sorted(site.rglob("*.html")):
        for tag, attrs in tags(page):
            if tag == "img" and (problem := alt_text_problem(attrs.get("alt"))):
                problems.append(f"{page.relative_to(site)}: {attrs.get('src')}: {problem}")
    assert not problems, f"{len(problems)} images without a written alt text:\n" + "\n".join(
        problems[:20]
    )


def test_every_notebook_figure_links_to_its_full_size_image(site):
    # on a phone a figure is scaled to the column; a tap on it opens the image file itself
    for stem in NOTEBOOKS:
        page = site / "notebooks" / f"{stem}.html"
        found = tags(page)
        images = [
            attrs["src"]
            for tag, attrs in found
            if tag == "img" and "_images/" in attrs.get("src", "")
        ]
        links = [
            attrs["href"]
            for tag, attrs in found
            if tag == "a" and "figure-full-size" in attrs.get("class", "").split()
        ]
        assert images and links == images, stem


def _cells(stem: str) -> list[dict]:
    return json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]


def test_notebook_pages_show_the_stored_outputs(site):
    # never re-executed: a text output stored in the notebook appears on its page verbatim
    for stem in NOTEBOOKS:
        page = (site / "notebooks" / f"{stem}.html").read_text(encoding="utf-8")
        streams = [
            "".join(output["text"]).strip()
            for cell in _cells(stem)
            for output in cell.get("outputs", [])
            if output["output_type"] == "stream"
        ]
        assert any(streams), stem
        for text in filter(None, streams):
            first_line = text.splitlines()[0].strip()
            escaped = (
                first_line.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace('"', "&quot;")
            )
            assert first_line in page or escaped in page, f"{stem}: {first_line!r}"


def test_each_lecture_ends_with_the_works_it_cites(site):
    # coursesite appends the page's bibliography; one entry per work the lecture cites
    bib = (ROOT / "site" / "references.bib").read_text(encoding="utf-8")
    entries = set(re.findall(r"^@\w+\{([^,]+),", bib, flags=re.MULTILINE))
    for stem in [*LECTURES, "sources"]:
        source = (ROOT / "lectures" / f"{stem}.md").read_text(encoding="utf-8")
        cited = set(re.findall(r"\]\(references\.md#([\w:-]+)\)", source))
        assert cited and cited <= entries, (stem, cited - entries)
        page = (site / "lectures" / f"{stem}.html").read_text(encoding="utf-8")
        assert 'id="references"' in page, stem
        listed = page.split('id="references"', 1)[1].count('class="footnote brackets"')
        assert listed == len(cited), (stem, listed, sorted(cited))
    every = (site / "references.html").read_text(encoding="utf-8")
    # the page of all references (its entries are list items: coursesite.accessible_markup)
    assert every.count('<div class="citation" id=') == len(entries)
    assert every.count('role="listitem"') == len(entries)


def test_the_lectures_cite_in_markdown_that_jupyterlab_and_github_render():
    # no MyST role or directive: JupyterLab's Markdown preview and GitHub would show it raw
    for path in sorted((ROOT / "lectures").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\{[a-z-]+(?::[a-z-]+)?\}`", text), f"{path.name}: a MyST role"
        assert not re.search(r"^(```|:::)\{", text, re.MULTILINE), f"{path.name}: a MyST directive"


def test_the_lectures_reference_list_matches_the_bibliography():
    bib = (ROOT / "site" / "references.bib").read_text(encoding="utf-8")
    entries = set(re.findall(r"^@\w+\{([^,]+),", bib, flags=re.MULTILINE))
    listed = (ROOT / "lectures" / "references.md").read_text(encoding="utf-8")
    anchors = re.findall(r'<a id="([\w:-]+)"></a>', listed)
    assert len(anchors) == len(set(anchors)) and set(anchors) == entries
    for path in sorted((ROOT / "lectures").glob("*.md")):
        cited = set(re.findall(r"\]\(references\.md#([\w:-]+)\)", path.read_text(encoding="utf-8")))
        assert cited <= entries, (path.name, cited - entries)


def test_display_math_numbers_equations_in_a_way_a_latex_build_accepts():
    # MyST's $$...$$ becomes, in Sphinx's LaTeX builder, an equation* holding a split
    # environment, where amsmath rejects \tag ("\tag not allowed here"). An equation number
    # of a source is written as text instead: \qquad\text{(23)}.
    sources = {
        path.relative_to(ROOT): path.read_text(encoding="utf-8")
        for path in [*(ROOT / "lectures").glob("*.md"), *(ROOT / "site").glob("*.md")]
    }
    for stem in [*NOTEBOOKS, "00_start_here"]:
        sources[Path("notebooks", f"{stem}.ipynb")] = "\n".join(
            "".join(cell["source"]) for cell in _cells(stem) if cell["cell_type"] == "markdown"
        )
    tagged = [str(path) for path, text in sources.items() if re.search(r"\\tag\*?\{", text)]
    assert not tagged, f"\\tag in display math: {tagged}"


def test_exercise_solutions_are_folded(site):
    for stem in NOTEBOOKS:
        page = (site / "notebooks" / f"{stem}.html").read_text(encoding="utf-8")
        folded = len(re.findall(r"<details>\s*<summary>", page))
        stored = sum(
            "".join(cell["source"]).count("<details>")
            for cell in _cells(stem)
            if cell["cell_type"] == "markdown"
        )
        assert folded == stored > 0, stem
        assert "<details open" not in page, stem


def test_each_dashboard_is_replaced_by_a_note(site):
    for stem in NOTEBOOKS:
        page = (site / "notebooks" / f"{stem}.html").read_text(encoding="utf-8")
        dashboards = sum(
            WIDGET_VIEW in output.get("data", {})
            for cell in _cells(stem)
            for output in cell.get("outputs", [])
        )
        assert dashboards > 0, stem
        notes = len(re.findall(r'<div class="[^"]*\bdashboard-note\b', page))
        assert notes == dashboards, stem
        assert WIDGET_VIEW not in page and "widget-state+json" not in page, stem


def test_a_repository_adds_a_binder_launch_button_to_every_notebook_page(built_site, tmp_path):
    # make site REPOSITORY=https://github.com/OWNER/REPO; without it (the default build) no page
    # links to a repository that may not exist
    from site_build import build_site

    for stem in NOTEBOOKS:
        page = (built_site.out / "notebooks" / f"{stem}.html").read_text(encoding="utf-8")
        assert "mybinder.org/v2/gh" not in page, stem
    repository = "https://github.com/example-org/ltr-course"
    with_repository = build_site(tmp_path, repository=repository)
    assert with_repository.status == 0, with_repository.log[-5000:]
    for stem in NOTEBOOKS:
        hrefs = {
            attrs.get("href")
            for tag, attrs in tags(with_repository.out / "notebooks" / f"{stem}.html")
            if tag == "a"
        }
        assert (
            f"https://mybinder.org/v2/gh/example-org/ltr-course/HEAD"
            f"?urlpath=lab/tree/notebooks/{stem}.ipynb"
        ) in hrefs, stem
        assert repository in hrefs, stem
