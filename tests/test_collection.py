"""The collection's conventions (CONTRIBUTING.md, "Recipe: add a chapter" and "Testing"),
checked for every chapter of the registry (rankviz/chapters.py)."""

import json
import re
from pathlib import Path

import pytest

import rankviz.chapters as registry

ROOT = Path(__file__).resolve().parents[1]
#: the students' start page: the first notebook listed, and the one `make lab` opens
START = ROOT / registry.START_PAGE
#: the instructors' demo deck, with questions rather than exercises: after the chapters
DECK = ROOT / registry.DECK.notebook
#: the chapters proper
CHAPTERS = [ROOT / c.notebook for c in registry.CHAPTERS]
#: every notebook with a lecture note (the README's table is checked in tests/test_chapters.py)
COURSE = [*CHAPTERS, DECK]
NOTEBOOKS = [START, *COURSE]


def test_there_are_chapters():
    assert CHAPTERS
    on_disk = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert on_disk == NOTEBOOKS, "the start page first, the deck last"


def test_the_demo_deck_shows_every_dashboard():
    """The classroom deck has a section for every registered dashboard."""
    import rankviz.widgets

    deck = DECK.read_text()
    for name in rankviz.widgets.DASHBOARDS:
        assert f"{name}()" in deck, f"{DECK.name} has no section for {name}"
    # in the order of the chapters (rankviz/chapters.py)
    first_shown = [deck.index(f"{name}()") for name in registry.DECK.dashboards]
    assert first_shown == sorted(first_shown), "the deck's sections are not in chapter order"


def test_the_demo_deck_is_one_slide_per_talk_track_step():
    """The deck opens on a title slide that links to every section; every section is a slide;
    each Move and the Ask is a slide of its own below it; each Move is followed by a view of
    the section's dashboard (a cell holding only its name); what the class should notice, with
    the numbers, and the instructor's setup notes are notes cells (in the notebook, never on a
    projected slide); every other code cell (imports, static pictures, rehearsals) is skipped
    by the slideshow."""
    import rankviz.widgets

    def github_slugify(heading):  # MyST's and GitHub's heading anchors (the site build checks)
        return re.sub(r"[^\w\u4e00-\u9fff\- ]", "", heading.lower().replace(" ", "-"))

    cells = json.loads(DECK.read_text())["cells"]

    def slide_type(cell):
        return cell["metadata"].get("slideshow", {}).get("slide_type")

    title = "".join(cells[0]["source"])
    assert slide_type(cells[0]) == "slide" and title.startswith("# "), "no title slide"
    sections, dashboard, notes = 0, None, 0
    for k, cell in enumerate(cells):
        source = "".join(cell["source"]).strip()
        if cell["cell_type"] == "markdown" and slide_type(cell) == "notes":
            notes += 1
            assert "**Move:**" not in source and "**Ask:**" not in source, (
                f"cell {k}: a step hidden in the notes"
            )
        elif cell["cell_type"] == "markdown":
            first = source.split("\n", 1)[0]
            assert "**Notice:**" not in source, f"cell {k}: what to notice is on a slide"
            if first.startswith("## "):
                sections += 1
                assert slide_type(cell) == "slide", f"{first!r} does not start a slide"
                assert "**Move:**" in source and "**Ask:**" not in source, first
                link = f"(#{github_slugify(first[3:])})"  # the website's and GitHub's anchor
                assert link in title, f"the title slide does not link to {first!r}"
            elif k > 0:
                assert slide_type(cell) == "subslide", f"cell {k} is not a step slide"
                assert source.startswith(("**Move:**", "**Ask:**")), f"cell {k}: {source[:40]}"
                assert source.count("**Move:**") + source.count("**Ask:**") == 1, (
                    f"cell {k} holds more than one step"
                )
            if "**Move:**" in source:  # the next cell the slides show is the dashboard
                following = cells[k + 1 :]
                view = next(c for c in following if slide_type(c) not in ("skip", "notes"))
                assert slide_type(following[0]) == "notes", f"cell {k}: no notes after the step"
                name = "".join(view["source"]).strip()
                assert view["cell_type"] == "code" and name.isidentifier(), (
                    f"no dashboard after the step in cell {k}"
                )
                assert slide_type(view) is None, f"the view in {name!r} is not on its slide"
                if first.startswith("## "):
                    dashboard = name
                assert name == dashboard, f"a step of {dashboard!r} shows {name!r}"
        elif not source.isidentifier():
            assert slide_type(cell) == "skip", f"code cell {k} ({source[:30]!r}) is a slide"
    assert sections == len(rankviz.widgets.DASHBOARDS)
    assert notes > sections, "the setup notes and the Notice lines are not notes cells"


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_notebook_has_its_lecture_note_and_links_to_it(path):
    lecture = ROOT / "lectures" / (path.stem + ".md")
    assert lecture.exists(), f"missing {lecture.relative_to(ROOT)}"
    text = path.read_text()
    assert f"../lectures/{lecture.name}" in text
    assert f"../notebooks/{path.name}" in lecture.read_text()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_saved_executed_in_order_without_errors(path):
    nb = json.loads(path.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    for cell in code:
        for output in cell["outputs"]:
            assert output["output_type"] != "error", "".join(cell["source"])[:80]
            assert output.get("name") != "stderr", "".join(cell["source"])[:80]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_imports_only_the_allowed_libraries(path):
    allowed = {
        "rankviz",
        "numpy",
        "matplotlib",
        "ipywidgets",
        "sympy",
        "cvxpy",
        "scipy",
        "networkx",
        "sklearn",
        "choix",  # chapter 08 checks Plackett-Luce and Rank Centrality against its estimators
        "IPython",
        "math",
        "itertools",
        "functools",
        "time",
        "collections",
        "dataclasses",
        "warnings",  # chapter 10 counts, not prints, a solve an old solver calls inaccurate
    }
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        for line in "".join(cell["source"]).splitlines():
            match = re.match(r"\s*(?:from|import)\s+([A-Za-z_][\w]*)", line)
            if match:
                assert match.group(1) in allowed, line


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_chapter_has_exercises_with_hidden_solutions(path):
    nb = json.loads(path.read_text())
    markdown = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert re.search(r"^#+ .*Exercises", markdown, flags=re.MULTILINE)
    assert "<details>" in markdown and "</details>" in markdown


def test_the_instructors_timing_plan_adds_up_and_covers_every_section():
    """Lecture 10's timing table: a row per deck section, columns summing to 50 and 90."""
    import rankviz.widgets

    text = (ROOT / registry.DECK.lecture).read_text()
    table = text[text.index("## Timing") :].split("\n\n")[2]
    rows = [
        [cell.strip(" *") for cell in line.strip("|").split("|")] for line in table.splitlines()[2:]
    ]
    body, total = rows[:-1], rows[-1]
    sections = [row[0][:2] for row in body if row[0][:2].isdigit()]
    assert sections == [f"{k:02d}" for k in range(1, len(rankviz.widgets.DASHBOARDS) + 1)]
    for column, minutes in ((1, 50), (2, 90)):
        assert sum(int(row[column]) for row in body) == minutes == int(total[column])
