"""The chapter registry (rankviz/chapters.py) against the files and the lists that read it.

CONTRIBUTING.md, "Recipe: add a chapter": the registry is the one list of chapters; the README's
table is its rendering, and the notebooks, lectures, dashboards and exercise checkers on disk
are exactly the registry's.
"""

import importlib
import io
import subprocess
import sys
from pathlib import Path

import pytest

import rankviz.widgets
from rankviz import doctor
from rankviz.chapters import CHAPTERS, COURSE, DECK, START_PAGE, chapter, chapter_table

ROOT = Path(__file__).resolve().parents[1]
TABLE_START = "<!-- chapter table: start -->\n"
TABLE_END = "\n<!-- chapter table: end -->"


def readme_table(text: str) -> str:
    return text.split(TABLE_START, 1)[1].split(TABLE_END, 1)[0]


def test_the_readme_table_is_what_the_registry_renders():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme_table(readme) == chapter_table(), (
        "README.md's chapter table differs from rankviz/chapters.py: paste what "
        "`python -m rankviz chapters` prints between its chapter-table markers"
    )


def test_the_command_line_prints_the_table():
    out = io.StringIO()
    assert doctor.main(["chapters"], out=out) == 0
    assert out.getvalue() == chapter_table() + "\n"
    result = subprocess.run(
        [sys.executable, "-m", "rankviz", "chapters"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stdout == chapter_table() + "\n", result.stderr


def test_every_notebook_and_lecture_on_disk_is_a_chapter_and_back():
    notebooks = {p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").glob("*.ipynb")}
    lectures = {p.relative_to(ROOT).as_posix() for p in (ROOT / "lectures").glob("[0-9]*.md")}
    assert notebooks == {START_PAGE, *(c.notebook for c in COURSE)}, (
        "notebooks/ and rankviz/chapters.py disagree"
    )
    assert lectures == {c.lecture for c in COURSE}, "lectures/ and rankviz/chapters.py disagree"


def test_the_chapters_are_numbered_in_order_and_the_deck_comes_last():
    assert [c.number for c in COURSE] == list(range(1, len(COURSE) + 1))
    assert COURSE[-1] is DECK and DECK.is_deck and not any(c.is_deck for c in CHAPTERS)
    assert len({c.slug for c in COURSE}) == len(COURSE)
    for c in COURSE:
        assert all(p < c.number for p in c.prerequisites), c.stem


def test_every_dashboard_belongs_to_one_chapter_and_the_deck_shows_them_all():
    owned = [name for c in CHAPTERS for name in c.dashboards]
    assert sorted(owned) == sorted(rankviz.widgets.DASHBOARDS), (
        "the dashboards of rankviz.widgets and of rankviz/chapters.py disagree"
    )
    assert DECK.dashboards == tuple(owned)


@pytest.mark.parametrize("entry", CHAPTERS, ids=lambda c: c.stem)
def test_every_chapter_has_its_exercise_checkers(entry):
    module = importlib.import_module(entry.exercises)
    assert module.__file__ is not None
    assert DECK.exercises is None


def test_the_doctor_runs_one_check_per_chapter():
    assert list(doctor.CHAPTER_CHECKS) == [f"{c.number:02d} {c.short_title}" for c in CHAPTERS]


def test_chapter_looks_a_chapter_up_and_names_a_bad_number():
    assert chapter(2).stem == "02_roc_auc" and chapter(11) is DECK
    with pytest.raises(ValueError, match="number must be <= 11"):
        chapter(12)
    with pytest.raises(ValueError, match="number must be >= 1"):
        chapter(0)
    with pytest.raises(TypeError, match="number must be an integer"):
        chapter("02")
