"""The students' start page (notebooks/00_start_here.ipynb) and the notation sheet it leads to.

* ``make lab`` opens the start page, and it is the first notebook of the folder; the instructors'
  deck comes after the chapters there, in the README's chapter table and on the start page.
* Its reading-order table lists the chapters in order, and each chapter's time estimate is what
  the stated rule gives for the chapter as it is now (so the estimates follow the chapters).
* Every link to the notation sheet, from any notebook or lecture, lands on one of its headings, and
  every chapter links to it at least once.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from test_exercises import exercise_blocks

import rankviz.chapters as registry

ROOT = Path(__file__).resolve().parents[1]
START = ROOT / registry.START_PAGE
NOTATION = ROOT / "lectures" / "notation.md"
CHAPTERS = [ROOT / c.notebook for c in registry.CHAPTERS]
# the rule the start page states: the lecture at 60 words a minute, the notebook's text at 100,
# and 15 minutes per exercise; rounded to the half hour
LECTURE_WPM, NOTEBOOK_WPM, MINUTES_PER_EXERCISE = 60, 100, 15


def markdown_of(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def github_slug(heading: str) -> str:
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_make_lab_opens_the_start_page():
    dry = subprocess.run(
        ["make", "-s", "-n", "-W", "pyproject.toml", "lab"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.replace("\\\n", " ")
    (line,) = [line for line in dry.splitlines() if " lab " in line and "jupyter" in line]
    assert "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb" in line


def test_the_start_page_states_what_the_issue_asks_for():
    text = markdown_of(START)
    for heading in (
        "Who it is for",
        "Reading order",
        "How a chapter is laid out",
        "Conventions to know before you start",
    ):
        assert re.search(rf"^## {heading}$", text, re.MULTILINE), heading
    assert "../lectures/notation.md" in text


def estimated_hours(path: Path) -> float:
    lecture = (ROOT / "lectures" / path.with_suffix(".md").name).read_text(encoding="utf-8")
    minutes = (
        len(lecture.split()) / LECTURE_WPM
        + len(markdown_of(path).split()) / NOTEBOOK_WPM
        + MINUTES_PER_EXERCISE * len(exercise_blocks(path))
    )
    return round(minutes / 30) / 2


def stated_hours(text: str) -> float:
    match = re.fullmatch(r"about (\d+)(½?) h", text.strip())
    assert match, text
    return int(match.group(1)) + (0.5 if match.group(2) else 0.0)


def test_the_reading_order_lists_the_chapters_with_their_time():
    """A row per chapter of the registry: its number, short title, notebook and prerequisites."""
    text = markdown_of(START)
    rows = re.findall(
        r"^\| \[(\d\d) · ([^\]]+)\]\((\d\d_\w+\.ipynb)\) \|[^|]*\| ([^|]+) \| ([^|]+) \|$",
        text,
        re.MULTILINE,
    )
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (f"{c.number:02d}", c.short_title, Path(c.notebook).name) for c in registry.CHAPTERS
    ], "the start page's reading order and rankviz/chapters.py disagree"
    needs = [r[3].strip() for r in rows]
    assert needs == [
        ", ".join(f"{p:02d}" for p in c.prerequisites) or "—" for c in registry.CHAPTERS
    ], "the start page's 'needs' column and the chapters' prerequisites disagree"
    off = {}
    for (*_, name, _, time), path in zip(rows, CHAPTERS, strict=True):
        if abs(stated_hours(time) - estimated_hours(path)) > 0.5:
            off[name] = (time, estimated_hours(path))
    assert not off, f"time estimates that the stated rule no longer gives: {off}"
    # the deck comes after the chapters
    deck = Path(registry.DECK.notebook).name
    assert text.index(deck) > text.index(CHAPTERS[-1].name)


def notation_anchors() -> set[str]:
    return {
        github_slug(h)
        for h in re.findall(r"^## (.+)$", NOTATION.read_text(encoding="utf-8"), re.MULTILINE)
    }


def test_every_link_to_the_notation_sheet_lands_on_a_heading():
    anchors = notation_anchors()
    pages = [
        *sorted((ROOT / "notebooks").glob("*.ipynb")),
        *sorted((ROOT / "lectures").glob("*.md")),
    ]
    broken = []
    for page in pages:
        text = markdown_of(page) if page.suffix == ".ipynb" else page.read_text(encoding="utf-8")
        for anchor in re.findall(r"notation\.md#([\w-]+)", text):
            if anchor not in anchors:
                broken.append((page.name, anchor))
    assert not broken, broken


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_every_chapter_links_the_notation_sheet(path):
    lecture = (ROOT / "lectures" / path.with_suffix(".md").name).read_text(encoding="utf-8")
    assert "notation.md" in markdown_of(path) or "notation.md" in lecture
