"""The collection's conventions (STYLE.md), checked for every chapter that exists."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
#: the chapters proper; 00 is the instructors' demo deck, with questions rather than exercises
CHAPTERS = [path for path in NOTEBOOKS if not path.name.startswith("00_")]
README = (ROOT / "README.md").read_text()


def test_there_are_chapters():
    assert CHAPTERS


def test_the_demo_deck_shows_every_dashboard():
    """The classroom deck has a section for every registered dashboard."""
    import rankviz.widgets

    deck = (ROOT / "notebooks" / "00_classroom_demos.ipynb").read_text()
    for name in rankviz.widgets.DASHBOARDS:
        assert f"{name}()" in deck, f"00_classroom_demos.ipynb has no section for {name}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_has_its_lecture_note_and_links_to_it(path):
    lecture = ROOT / "lectures" / (path.stem + ".md")
    assert lecture.exists(), f"missing {lecture.relative_to(ROOT)}"
    text = path.read_text()
    assert f"../lectures/{lecture.name}" in text
    assert f"../notebooks/{path.name}" in lecture.read_text()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_listed_in_the_readme_chapter_table(path):
    assert f"notebooks/{path.name}" in README
    assert f"lectures/{path.stem}.md" in README


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
    allowed = {"rankviz", "numpy", "matplotlib", "ipywidgets", "sympy", "cvxpy", "scipy",
               "networkx", "sklearn", "IPython", "math", "itertools", "functools", "time",
               "collections", "dataclasses"}
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
