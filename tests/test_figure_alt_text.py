"""Every stored figure has a written alt text (CONTRIBUTING.md, "The website").

A notebook cell that draws a figure carries, in its metadata, the sentence a screen reader reads
in the figure's place: ``{"mystnb": {"image": {"alt": "..."}}}``, the per-cell image option that
MyST-NB puts on the website's ``<img>``. These tests hold the notebooks to that rule; the built
site's own ``<img>`` elements are checked in ``tests/test_site.py``.

What the rule asks of the text, so that it was written for a reader rather than filled in: one
or two sentences (40-400 characters, ending in a full stop), no file name or path, not a generic
word ("figure", "plot"), and not shared with another figure of the same notebook.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
IMAGE_TYPES = ("image/png", "image/jpeg", "image/svg+xml")
MIN_CHARS, MAX_CHARS = 40, 400
#: what a placeholder or a generated alt text looks like
PATH_LIKE = re.compile(r"(\.(png|jpe?g|svg|gif)\b|_images/|[0-9a-f]{16,})", re.IGNORECASE)
GENERIC_START = re.compile(
    r"^(an? )?(image|figure|plot|picture|graph|chart|output)\b( of)?\W*$", re.IGNORECASE
)


def figure_cells(notebook: Path) -> list[tuple[int, dict]]:
    """(index, cell) for every code cell with a stored image output."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [
        (index, cell)
        for index, cell in enumerate(cells)
        if cell["cell_type"] == "code"
        and any(
            kind in output.get("data", {})
            for output in cell.get("outputs", [])
            for kind in IMAGE_TYPES
        )
    ]


def alt_text(cell: dict) -> object:
    return cell.get("metadata", {}).get("mystnb", {}).get("image", {}).get("alt")


def alt_text_problem(text: object) -> str | None:
    """Why ``text`` is not a written alt text, or None if it is one."""
    if not isinstance(text, str) or not text.strip():
        return "no alt text (metadata mystnb.image.alt)"
    text = text.strip()
    if not MIN_CHARS <= len(text) <= MAX_CHARS:
        return f"{len(text)} characters; a written alt text has {MIN_CHARS}-{MAX_CHARS}"
    if PATH_LIKE.search(text):
        return "looks like a file name or a path"
    if GENERIC_START.match(text):
        return "a generic word, not what the figure shows"
    if not text.endswith("."):
        return "not a sentence (no full stop at the end)"
    return None


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_figure_has_a_written_alt_text(notebook):
    problems = [
        f"cell {index}: {problem}"
        for index, cell in figure_cells(notebook)
        if (problem := alt_text_problem(alt_text(cell)))
    ]
    assert not problems, f"{notebook.name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_two_figures_of_a_notebook_share_an_alt_text(notebook):
    texts = [alt_text(cell) for _, cell in figure_cells(notebook)]
    shared = {text for text in texts if isinstance(text, str) and texts.count(text) > 1}
    assert not shared, f"{notebook.name}: the same alt text on several figures: {shared}"


def test_alt_text_metadata_only_where_a_figure_is():
    # a stale alt text on a cell that no longer draws would describe nothing
    stale = [
        f"{notebook.name} cell {index}"
        for notebook in NOTEBOOKS
        for index, cell in enumerate(json.loads(notebook.read_text())["cells"])
        if alt_text(cell) is not None and index not in {i for i, _ in figure_cells(notebook)}
    ]
    assert not stale, stale


@pytest.mark.parametrize(
    "text, problem",
    [
        (None, "no alt text"),
        ("", "no alt text"),
        ("../_images/3f2a9c0d4e5b6a7c8d9e0f1a2b3c4d5e.png", "file name"),
        ("Figure.", "characters"),
        ("A figure of the ROC curve, drawn for the example in the text", "full stop"),
        ("x" * 500 + ".", "characters"),
    ],
)
def test_the_rule_rejects_what_is_not_a_written_alt_text(text, problem):
    assert problem in (alt_text_problem(text) or "")


def test_the_rule_accepts_a_written_alt_text():
    assert (
        alt_text_problem(
            "The ROC curve of the two-Gaussian example rises steeply near the "
            "origin; the shaded area under it, the AUC, is 0.83."
        )
        is None
    )
