"""The census of the sources (`lectures/sources.md`) is kept true by the check cells.

A *check cell* is a code cell of a chapter notebook (01-09) that contains an ``assert``
statement or calls an ``assert_*`` function.  Each one starts with a tag line such as
``# check: Mohri Thm 10.3; Course ch03 ties`` naming the results it checks.  The census
has one row per numbered result of the seeds (and per unnumbered claim a chapter checks);
a row names the lecture sections that treat the result and the tags of its check cells,
or says "not covered" and why.  These tests fail when

* a check cell carries no tag, or a tagged cell asserts nothing;
* a check cell's tag is not in the census, or a census tag has no check cell;
* a row's check cells all live outside the chapters the row names, or a row names a
  lecture section that does not exist;
* a numbered result of the seeds (the list below) has no row;
* a row is neither checked nor excused with a reason.

The classroom deck (notebook 00) is not part of the census: its rehearsal cells check the
dashboards, not a source.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

from rankviz import chapters as registry

ROOT = Path(__file__).resolve().parents[1]
CENSUS = ROOT / "lectures" / "sources.md"
CHAPTERS = [ROOT / chapter.notebook for chapter in registry.CHAPTERS]  # rankviz/chapters.py

TAG_LINE = re.compile(r"^\s*#\s*check:\s*(?P<tags>.+?)\s*$", re.MULTILINE)
SECTION_REF = re.compile(r"\b(?P<chapter>\d\d) §(?P<section>\d+)\b")
# a row without a check tag says why: "not covered: ..." or "illustrated, not checked: ..."
NOT_COVERED = re.compile(r"^(not covered|illustrated, not checked)\b", re.IGNORECASE)
EXCUSES = "'not covered: ...' or 'illustrated, not checked: ...'"

# Every numbered result of the seeds the census must have a row for (issue 18).
NUMBERED_RESULTS = (
    [f"Mohri Thm 10.{k}" for k in (1, 3, 5)]
    + [f"Mohri Cor 10.{k}" for k in (2, 4)]
    + [f"Mohri Fig 10.{k}" for k in (1, 2)]
    + [f"Mohri Ex 10.{k}" for k in range(1, 11)]
    + [f"Mohri eq 10.{k}" for k in (4, 5, 6, 7, 8, 10, 12, 13, 14, 16, 17, 18, 19, 22)]
    + [f"Mohri eq 10.{k}" for k in (30, 31, 32, 33, 34, 35)]
    + [f"Duchi Def {k}" for k in range(1, 5)]
    + [f"Duchi Assumption {k}" for k in ("A", "B", "C", "C'", "D", "E", "F")]
    + [f"Duchi Cond {k}" for k in ("I", "I'", "II")]
    + [f"Duchi Thm {k}" for k in range(1, 5)]
    + ["Duchi Cor 1", "Duchi Lemma 1"]
    + [f"Duchi Prop {k}" for k in range(1, 4)]
    + [f"Duchi eq {k}" for k in (7, 15, 20, 21, 23)]
    + [f"Duchi Fig {k}" for k in range(1, 5)]
    + ["Survey eq 1"]
    + [f"Survey Lemma {k}" for k in range(1, 5)]
    + ["Survey Assumption 1", "Survey Alg 1", "Survey Alg 2", "Survey example"]
)


def _is_assert_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name.startswith("assert_")


def asserts_something(source: str) -> bool:
    """Whether a cell's code contains an ``assert`` statement or an ``assert_*(...)`` call."""
    lines = source.splitlines()
    code = "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))
    tree = ast.parse(code)
    return any(isinstance(node, ast.Assert) or _is_assert_call(node) for node in ast.walk(tree))


def cell_tags(source: str) -> list[str]:
    """The tags of a cell's ``# check:`` lines, in order."""
    tags = (tag.strip() for match in TAG_LINE.finditer(source) for tag in match["tags"].split(";"))
    return [tag for tag in tags if tag]


def check_cells(path: Path) -> list[tuple[str, list[str], bool]]:
    """(cell id, tags, asserts something) for every code cell that asserts or carries a tag."""
    notebook = nbformat.read(path, as_version=4)
    found = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        tags, asserts = cell_tags(cell.source), asserts_something(cell.source)
        if tags or asserts:
            found.append((cell.get("id", "?"), tags, asserts))
    return found


def census_rows(text: str) -> list[dict]:
    """The rows of the census tables: result, statement, where (section refs), tags, excuse."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] == "Result":
            continue
        result, statement, where, check = cells
        rows.append(
            {
                "result": result.strip("`* "),
                "statement": statement,
                "where": [(m["chapter"], int(m["section"])) for m in SECTION_REF.finditer(where)],
                "tags": re.findall(r"`([^`]+)`", check),
                "excuse": check if NOT_COVERED.match(check) else "",
            }
        )
    return rows


def lecture_sections(chapter: str) -> set[int]:
    (lecture,) = (ROOT / "lectures").glob(f"{chapter}_*.md")
    text = lecture.read_text(encoding="utf-8")
    return {int(m[1]) for m in re.finditer(r"^## (\d+)\.", text, re.MULTILINE)}


@pytest.fixture(scope="module")
def rows():
    return census_rows(CENSUS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def tagged():
    """tag -> the chapters (two-digit strings) whose check cells carry it."""
    where: dict[str, set[str]] = {}
    for path in CHAPTERS:
        for _, tags, _ in check_cells(path):
            for tag in tags:
                where.setdefault(tag, set()).add(path.name[:2])
    return where


def test_the_readme_links_the_census():
    assert "lectures/sources.md" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_every_check_cell_is_tagged_and_every_tagged_cell_checks(path):
    untagged = [cell_id for cell_id, tags, _ in check_cells(path) if not tags]
    idle = [cell_id for cell_id, tags, asserts in check_cells(path) if tags and not asserts]
    assert not untagged, f"check cells without a '# check: <tag>' line: {untagged}"
    assert not idle, f"cells with a check tag but no assert: {idle}"


def test_every_check_tag_is_in_the_census(rows, tagged):
    known = {tag for row in rows for tag in row["tags"]}
    unknown = sorted(set(tagged) - known)
    assert not unknown, f"tags of check cells with no row in lectures/sources.md: {unknown}"


def test_every_census_tag_has_a_check_cell_in_a_chapter_the_row_names(rows, tagged):
    missing, misplaced = [], []
    for row in rows:
        chapters = {chapter for chapter, _ in row["where"]}
        for tag in row["tags"]:
            if tag not in tagged:
                missing.append(tag)
            elif not tagged[tag] & chapters:
                misplaced.append(
                    f"{row['result']}: `{tag}` checked in {sorted(tagged[tag])}, "
                    f"row names {sorted(chapters)}"
                )
    assert not missing, f"census tags no check cell carries: {missing}"
    assert not misplaced, "rows whose check cells are in other chapters:\n" + "\n".join(misplaced)


def test_every_row_is_checked_or_excused_and_names_real_sections(rows):
    bad = []
    for row in rows:
        if row["tags"] and row["excuse"]:
            bad.append(f"{row['result']}: both tags and an excuse ({EXCUSES})")
        if not row["tags"] and len(row["excuse"].split()) < 6:
            bad.append(f"{row['result']}: neither a check tag nor {EXCUSES} with a reason")
        if row["tags"] and not row["where"]:
            bad.append(f"{row['result']}: checked, but names no lecture section (NN §K)")
        for chapter, section in row["where"]:
            if section not in lecture_sections(chapter):
                bad.append(f"{row['result']}: lecture {chapter} has no section {section}")
    assert not bad, "\n".join(bad)


def test_every_numbered_result_of_the_seeds_has_a_row(rows):
    results = {row["result"] for row in rows}
    missing = [result for result in NUMBERED_RESULTS if result not in results]
    assert not missing, f"numbered results with no row in lectures/sources.md: {missing}"


# The checker itself, on small inputs where the answer is known.


def test_the_checker_sees_asserts_and_tags():
    assert asserts_something("x = 1\nassert x == 1")
    assert asserts_something("%time f()\nnp.testing.assert_allclose(a, b)")
    assert not asserts_something("print('assert nothing')  # no assert here")
    tags = cell_tags("# check: Mohri Thm 10.3; Course ch03 ties\nassert True")
    assert tags == ["Mohri Thm 10.3", "Course ch03 ties"]
    assert cell_tags("x = 1  # not a check: line") == []


def test_the_census_parser_reads_tags_sections_and_excuses():
    text = """
| Result | What it says | Where | Check |
| --- | --- | --- | --- |
| Mohri Thm 10.3 | error at most exp(-2 sum gamma^2) | 03 §4 | `Mohri Thm 10.3` |
| Mohri Ex 10.9 | AUC deviation bound | — | not covered: proved in the lecture, nothing to compute |
| Mohri Fig 10.9 | a picture | 02 §3 | illustrated, not checked: a figure, nothing to fail |
"""
    first, second, third = census_rows(text)
    assert first["result"] == "Mohri Thm 10.3" and first["tags"] == ["Mohri Thm 10.3"]
    assert first["where"] == [("03", 4)] and not first["excuse"]
    assert second["tags"] == [] and second["excuse"].startswith("not covered")
    assert third["tags"] == [] and third["excuse"].startswith("illustrated, not checked")
