"""``make pdf`` (``site/pdf.py``): the course as one PDF and the classroom deck as a handout.

The PDFs are printed once for the module, by the function ``make pdf`` runs (``print_pdfs``),
from the session's built site (``built_site``, not built again) into a temporary folder; every
test reads those two files back with pypdf.

* Printing met no problem: every formula typeset by MathJax with no error (its ``merror``
  markers and unknown macros are looked for in each page before it prints), every image loaded,
  no hint or solution left folded, nothing wider than the page, no request outside the site.
* The course PDF holds, in reading order, the start page, the notation sheet, each chapter's
  lecture then its notebook, the instructor's guide, the sources page and the references: each
  is a bookmark whose page carries its title (read from the sources: the first heading of each
  lecture and notebook, not a list written here), and the deck is not in it.
* Its text layer has no raw TeX and no MathJax error, holds a sentence that only a folded
  Solution block of a notebook contains (so solutions print unfolded), and every page after the
  title and contents carries its page number, counted across the whole course.
* The handout's text has every slide title of the deck.

Skipped without Chromium, like the other browser tests (failed with RANKVIZ_REQUIRE_BROWSER=1).
"""

from __future__ import annotations

import concurrent.futures
import importlib.util
import json
import re
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LECTURES = sorted((ROOT / "lectures").glob("[0-9][0-9]_*.md"))
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
START = ROOT / "notebooks" / "00_start_here.ipynb"
DECK = ROOT / "notebooks" / "11_classroom_demos.ipynb"
RAW_TEX = ("$$", "\\frac", "\\(", "\\begin{")  # no code cell or listing of the course has them
MATHJAX_ERRORS = ("Math input error", "Undefined control sequence", "Missing argument")
SOLUTION = re.compile(r"<details>\s*<summary>\s*Solution\s*</summary>(.*?)</details>", re.S)
PLAIN_WORD = re.compile(r"^[A-Za-z]+[,;:.]?$")  # no markup, math, code or quote to render
PHRASE_WORDS = 7


def load_printer():
    """``site/pdf.py``, the script ``make pdf`` runs, as a module."""
    name = "course_site_pdf"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "site" / "pdf.py")
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]


def normalized(text: str) -> str:
    """Text compared as a reader sees it: ligatures and typographic quotes plain, one space,
    and a word broken after its hyphen at a line's end ("preference-", "based") whole again."""
    text = re.sub(r"(?<=\w)-\n", "-", unicodedata.normalize("NFKC", text))
    text = text.translate(
        str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})
    )
    return " ".join(text.split())


def first_heading(markdown: str) -> str:
    return next(line for line in markdown.splitlines() if line.startswith("#")).lstrip("# ")


def markdown_cells(notebook: Path) -> list[dict]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [cell for cell in cells if cell["cell_type"] == "markdown"]


def notebook_markdown(notebook: Path) -> str:
    return "\n".join("".join(cell["source"]) for cell in markdown_cells(notebook))


def expected_parts() -> list[str]:
    """The titles of the course PDF's parts, in reading order, from the sources."""

    def page(path: str) -> str:
        return first_heading((ROOT / path).read_text(encoding="utf-8"))

    chapters = []
    for lecture in LECTURES:
        chapters.append(first_heading(lecture.read_text(encoding="utf-8")))
        notebook = ROOT / "notebooks" / f"{lecture.stem}.ipynb"
        if notebook.exists() and notebook != DECK:
            chapters.append(first_heading(notebook_markdown(notebook)))
    return [
        first_heading(notebook_markdown(START)),
        page("lectures/notation.md"),
        *chapters,
        page("lectures/sources.md"),
        page("site/references.md"),
    ]


def solution_only_phrase() -> tuple[str, str]:
    """A run of plain words found only in one notebook's folded Solution block: (notebook, words).

    Plain words (no math, code, markup or quotes), so that the printed text is the source's
    text; found nowhere else in the lectures, the notebooks or the site's own pages.
    """
    everything = "\n".join(
        [
            *(p.read_text(encoding="utf-8") for p in LECTURES),
            *(p.read_text(encoding="utf-8") for p in (ROOT / "site").glob("*.md")),
            *(notebook_markdown(p) for p in NOTEBOOKS if p != START),
        ]
    )
    for notebook in NOTEBOOKS:
        if notebook in (START, DECK):
            continue
        for block in SOLUTION.findall(notebook_markdown(notebook)):
            prose = re.sub(r"```.*?```", " ", block, flags=re.S)
            words = prose.split()
            for start in range(len(words) - PHRASE_WORDS):
                window = words[start : start + PHRASE_WORDS]
                phrase = " ".join(window)
                if all(PLAIN_WORD.match(word) for word in window) and everything.count(phrase) == 1:
                    return notebook.stem, phrase
    raise AssertionError("no notebook has a Solution block with a phrase of its own")


def deck_slide_titles() -> list[str]:
    return [
        first_heading("".join(cell["source"]))
        for cell in markdown_cells(DECK)
        if cell["metadata"].get("slideshow", {}).get("slide_type") == "slide"
    ]


@pytest.fixture(scope="module")
def printed(built_site, chromium_path, tmp_path_factory):
    """The report of ``print_pdfs`` on the session's site, and the PDFs read back."""
    from pypdf import PdfReader

    assert built_site.status == 0, f"the site build failed:\n{built_site.log[-5000:]}"
    # in a thread of its own: Playwright's sync API cannot start where another instance (the
    # session's ``browser`` fixture, when the other browser tests run first) owns the loop
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as thread:
        report = thread.submit(
            load_printer().print_pdfs, built_site.out, tmp_path_factory.mktemp("pdf")
        ).result()
    course, handout = PdfReader(report.course), PdfReader(report.handout)
    return {
        "report": report,
        "course": course,
        "course_pages": [page.extract_text() for page in course.pages],
        "handout_text": normalized("\n".join(page.extract_text() for page in handout.pages)),
    }


def test_printing_met_no_problem(printed):
    report = printed["report"]
    assert report.problems == [], "\n".join(report.problems)
    assert report.course.is_file() and report.handout.is_file()
    assert len(printed["course"].pages) == report.front_pages + sum(
        part.pages for part in report.course_parts
    )


def test_the_course_pdf_holds_every_part_in_reading_order(printed):
    course, pages = printed["course"], printed["course_pages"]
    bookmarks = [
        (normalized(item.title), course.get_destination_page_number(item))
        for item in course.outline
        if not isinstance(item, list)
    ]
    titles = [normalized(title) for title in expected_parts()]
    assert [title for title, _ in bookmarks] == ["Contents", *titles]
    # the start page, the notation sheet, every lecture, every notebook but the deck, the
    # sources page and the references
    assert len(titles) == 2 + len(LECTURES) + len(NOTEBOOKS) - 2 + 2
    for title, page in bookmarks[1:]:
        assert title in normalized(pages[page]), f"{title!r} is not on its bookmark's page"
    deck_title = normalized(first_heading(notebook_markdown(DECK)))
    assert deck_title not in normalized("\n".join(pages)), "the deck belongs in the handout"


def test_the_course_text_has_no_raw_tex_and_no_mathjax_error(printed):
    text = "\n".join(printed["course_pages"]) + printed["handout_text"]
    assert [token for token in RAW_TEX if token in text] == []
    assert [error for error in MATHJAX_ERRORS if error in text] == []


def test_solutions_are_printed_unfolded(printed):
    notebook, phrase = solution_only_phrase()
    assert phrase in normalized("\n".join(printed["course_pages"])), (
        f"the solution of {notebook} containing {phrase!r} was not printed"
    )


def test_every_page_after_the_contents_carries_its_number(printed):
    course, pages = printed["course"], printed["course_pages"]
    front = printed["report"].front_pages
    assert course.page_labels[:front] == ["i", "ii"][:front]
    for index in range(front, len(pages)):
        number = str(index - front + 1)
        assert course.page_labels[index] == number
        assert re.search(rf"(^|\n){number}(\n|$)", pages[index]), f"page {number} unnumbered"


def test_the_handout_has_the_deck_slide_titles(printed):
    titles = deck_slide_titles()
    assert len(titles) >= 10  # the title slide and one per chapter
    missing = [title for title in titles if normalized(title) not in printed["handout_text"]]
    assert missing == []
