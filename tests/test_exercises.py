"""Every exercise is checkable (an answer cell and a tested checker) or a proof with hints.

* Each checker of ``rankviz.exercises`` accepts the right answers of its cases, says "not yet"
  (never "cannot read") to the typical wrong ones, and says what form it expects for malformed
  ones: those of its cases and a generic set tried on every checker.  No answer makes it raise.
* Each chapter notebook's ``## Exercises`` section is a list of ``### Exercise NN.k`` cells;
  each exercise has an answer cell calling ``check("NN.k", ...)`` whose stored output is the
  "not answered yet" line, or two or three folded hints, or both; its worked solution comes
  last, folded.  The notebook's answer cells and the registered checkers name the same ids.
* Each chapter ends with "What to remember" and gathers what its sources got wrong in one
  marked section.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from pathlib import Path

import exercises as cases_package
import numpy as np
import pytest

from rankviz.chapters import CHAPTERS as REGISTERED
from rankviz.exercises import Feedback, check, exercise_ids

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = [ROOT / chapter.notebook for chapter in REGISTERED]

EXERCISE_HEADING = re.compile(r"^### Exercise (\d\d)\.(\d+)\b", re.MULTILINE)
ANSWER_CALL = re.compile(r"""\bcheck\(\s*["'](\d\d\.\d+)["']""")
HINT = re.compile(r"<summary>\s*Hint\b", re.IGNORECASE)
SOLUTION = re.compile(r"<summary>\s*Solution\b", re.IGNORECASE)
SOURCES_SECTION = re.compile(r"^## Where the sources need care\b", re.MULTILINE)
REMEMBER = re.compile(r"^## What to remember\b", re.MULTILINE)


def load_cases():
    found = {}
    for info in pkgutil.iter_modules(cases_package.__path__):
        if info.name.startswith("cases_ch"):
            module = importlib.import_module(f"exercises.{info.name}")
            found.update(module.CASES)
    return found


CASES = load_cases()
IDS = exercise_ids()

# answers of the wrong form for every exercise: the checker must say so, or call them wrong
GENERIC_MALFORMED = [
    None,
    "",
    "abc",
    float("nan"),
    float("inf"),
    1e308,
    -1,
    True,
    [],
    [[]],
    [[1, 2], [3]],
    {"a": 1},
    {1, 2},
    object(),
    1j,
    np.ones((120, 120)),
    np.array(["a", "b"]),
    [float("nan")] * 4,
    ([1, 2],),
    print,
]


def test_every_checker_has_right_and_wrong_cases():
    missing = [k for k in IDS if k not in CASES]
    assert not missing, f"exercises without cases in tests/exercises/cases_chNN.py: {missing}"
    stale = [k for k in CASES if k not in IDS]
    assert not stale, f"cases for exercises without a checker: {stale}"
    thin = [k for k in IDS if not CASES[k].right or len(CASES[k].wrong) < 2]
    assert not thin, f"exercises with no right answer or fewer than two wrong ones: {thin}"


@pytest.mark.parametrize("exercise", IDS)
def test_checker_accepts_right_answers(exercise):
    for answer in CASES[exercise].right:
        feedback = check(exercise, answer)
        assert feedback.verdict == "right", f"{answer!r}: {feedback}"
        assert feedback.message.strip()


@pytest.mark.parametrize("exercise", IDS)
def test_checker_says_not_yet_to_wrong_answers(exercise):
    for answer in CASES[exercise].wrong:
        feedback = check(exercise, answer)
        assert feedback.verdict == "wrong", f"{answer!r}: {feedback}"
        assert len(feedback.message.split()) >= 5, f"{answer!r}: too short to help: {feedback}"


@pytest.mark.parametrize("exercise", IDS)
def test_checker_explains_malformed_answers(exercise):
    for answer in CASES[exercise].malformed:
        feedback = check(exercise, answer)
        assert feedback.verdict == "malformed", f"{answer!r}: {feedback}"
        assert "Expected" in feedback.message
    for answer in GENERIC_MALFORMED:
        feedback = check(exercise, answer)  # must not raise
        assert feedback.verdict in ("malformed", "wrong"), f"{answer!r}: {feedback}"
        assert feedback.message.strip()


@pytest.mark.parametrize("exercise", IDS)
def test_unanswered_says_what_to_write(exercise):
    feedback = check(exercise, ...)
    assert feedback.verdict == "unanswered"
    assert str(feedback).startswith(f"Exercise {exercise}, not answered yet: replace ... with")


def test_check_rejects_unknown_exercises():
    with pytest.raises(ValueError, match="exercise"):
        check("02.99", 1)
    with pytest.raises(ValueError, match="exercise"):
        check("2.1", 1)
    with pytest.raises(TypeError, match="exercise"):
        check(2.1, 1)


def test_exact_fractions_are_numbers_and_booleans_are_not():
    from fractions import Fraction

    import sympy as sp

    assert check("02.1", (Fraction(2, 3), Fraction(5, 6), sp.Rational(1), 0)).correct
    assert check("02.1", (True, 5 / 6, 1, 0)).verdict == "malformed"


def test_feedback_reads_as_a_sentence():
    feedback = Feedback("02.1", "wrong", "the misranking is off.")
    assert repr(feedback) == "Exercise 02.1, not yet: the misranking is off."
    assert not feedback.correct


# ---- the notebooks ------------------------------------------------------------------------------


def cells_of(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell):
    return "".join(cell["source"])


def exercise_blocks(path):
    """Exercise id -> the cells from its heading to the next exercise or section."""
    cells = cells_of(path)
    start = next(
        (
            i
            for i, c in enumerate(cells)
            if c["cell_type"] == "markdown"
            and re.search(r"^## Exercises\b", source(c), re.MULTILINE)
        ),
        None,
    )
    assert start is not None, f"{path.name} has no '## Exercises' section"
    blocks: dict[str, list] = {}
    current = None
    for cell in cells[start + 1 :]:
        text = source(cell)
        if cell["cell_type"] == "markdown" and re.match(r"^## ", text):
            break
        match = EXERCISE_HEADING.match(text) if cell["cell_type"] == "markdown" else None
        if match:
            current = f"{match.group(1)}.{match.group(2)}"
            blocks[current] = []
        if current is not None:
            blocks[current].append(cell)
    return blocks


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_every_exercise_is_checkable_or_a_proof_with_hints(path):
    chapter = path.name[:2]
    blocks = exercise_blocks(path)
    assert blocks, f"{path.name}: no '### Exercise {chapter}.k' cells under '## Exercises'"
    numbers = [int(k.split(".")[1]) for k in blocks]
    assert all(k.startswith(chapter + ".") for k in blocks), list(blocks)
    assert numbers == list(range(1, len(numbers) + 1)), f"{path.name}: exercises {list(blocks)}"
    answered = set()
    for key, block in blocks.items():
        markdown = "\n".join(source(c) for c in block if c["cell_type"] == "markdown")
        calls = [c for c in block if c["cell_type"] == "code" and ANSWER_CALL.search(source(c))]
        for cell in calls:
            assert ANSWER_CALL.search(source(cell)).group(1) == key, f"{key}: {source(cell)}"
            assert re.search(r"^answer\w* = \.\.\.", source(cell), re.MULTILINE), (
                f"{key}: the stored answer cell should assign ... (not answered yet)"
            )
            shown = "".join(
                o.get("text", "") or "".join(o.get("data", {}).get("text/plain", ""))
                for o in cell.get("outputs", [])
            )
            assert f"Exercise {key}, not answered yet" in shown, f"{key}: stored output {shown!r}"
            answered.add(key)
        hints = [m.start() for m in HINT.finditer(markdown)]
        solutions = [m.start() for m in SOLUTION.finditer(markdown)]
        assert len(solutions) == 1, f"{key}: {len(solutions)} folded solutions"
        assert calls or 2 <= len(hints) <= 3, (
            f"{key}: neither an answer cell with a checker nor a ladder of 2-3 hints"
        )
        assert all(h < solutions[0] for h in hints), f"{key}: a hint comes after the solution"
    registered = {k for k in IDS if k.startswith(chapter + ".")}
    assert answered == registered, (
        f"{path.name}: answer cells {sorted(answered)} but checkers {sorted(registered)}"
    )


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_chapter_ends_with_what_to_remember(path):
    cells = cells_of(path)
    headings = [
        (i, source(c))
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown" and re.match(r"^## ", source(c))
    ]
    assert REMEMBER.match(headings[-1][1]), (
        f"{path.name}: the last section is not 'What to remember'"
    )
    last = "".join(source(c) for c in cells[headings[-1][0] :] if c["cell_type"] == "markdown")
    bullets = re.findall(r"^[-*] ", last, re.MULTILINE)
    assert 3 <= len(bullets) <= 10, f"{path.name}: 'What to remember' has {len(bullets)} points"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_what_the_sources_got_wrong_sits_in_one_marked_section(path):
    markdown = "\n".join(source(c) for c in cells_of(path) if c["cell_type"] == "markdown")
    assert len(SOURCES_SECTION.findall(markdown)) == 1, (
        f"{path.name}: want one '## Where the sources need care' section"
    )
    lecture = (ROOT / "lectures" / path.with_suffix(".md").name).read_text(encoding="utf-8")
    assert (
        len(re.findall(r"^## (\d+\. )?Where the sources need care\b", lecture, re.MULTILINE)) == 1
    ), f"{path.name}'s lecture: want one such section"
