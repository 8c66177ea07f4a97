"""Print the course website as PDFs: ``make pdf``, or ``python site/pdf.py [--site D] [--out D]``.

Two files, from the built site (``make site``, ``build.py``):

* ``course.pdf``, the whole course in reading order: a title page and the contents with page
  numbers; the start page (the site's landing page) and the notation sheet; then chapter by
  chapter the lecture note followed by its notebook, with the notebook's stored outputs (figures,
  printed results) and its hints and solutions unfolded; the instructor's guide (lecture 10);
  and at the end where each result of the sources is checked, and the references. This is the
  order the start page gives a student (the conventions first, then each lecture and its
  notebook), not the site's menu, which lists all the lectures and then all the notebooks.
* ``deck-handout.pdf``, the classroom deck (``notebooks/11_classroom_demos``) as a handout: each
  slide's title, its moves, questions and notes, and the static picture of every dashboard.

Every page is printed by headless Chromium (Debian's ``/usr/bin/chromium``, found as the browser
tests find it) through the site's own print stylesheet, ``_static/print.css``: no sidebars,
header or buttons, ``<details>`` unfolded, code wrapped, figures within the page and never
split, a page number at the foot of each page. The site is served on a local port and every
request outside it is blocked. Before a page is printed, MathJax has typeset it and its images
have loaded, and it is checked: a formula untypeset or typeset as an error, an image that did
not load, a hint or solution still folded, something wider than the page, a request outside
the site or a script error is a problem. As with the site (warnings are errors), the PDFs are
written anyway, the problems listed, and the exit status is 1.

The pages are printed one after the other in one browser, the next loading while the current
one prints, each numbering its pages on from where the previous one ended. pypdf joins them,
with a bookmark for each page of the site and, under it, one for each of its sections; page
labels that match the printed numbers (i, ii for the title and the contents); and the links
between pages of the site turned into links inside the PDF (a link to a page the PDF does not
hold is dropped; its text stays).
"""

from __future__ import annotations

import argparse
import html
import io
import re
import runpy
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
if str(SITE) not in sys.path:  # headless.py, next to this file, when it is loaded by path
    sys.path.insert(0, str(SITE))

from headless import CHROMIUM_FLAGS, ENABLE_HINT, find_chromium, serving  # noqa: E402

DEFAULT_SITE = ROOT / "build" / "site"
DEFAULT_OUT = ROOT / "build" / "pdf"
COURSE_PDF = "course.pdf"
HANDOUT_PDF = "deck-handout.pdf"
# The printed column in CSS pixels: A4's 210 mm less print.css's two 16 mm margins, at 96 px
# to the inch. The pages are laid out and checked at this width, the width they print at.
COLUMN_PX = round((210 - 2 * 16) / 25.4 * 96)
PAGE_MS = 120_000  # a bound on loading, typesetting or printing one page
# A4, with print.css's margins; backgrounds (of code, of notes) printed
PDF_OPTIONS = {"format": "A4", "print_background": True}

# Wait until a page is ready to print (MathJax done, every image loaded); return its title,
# its sections and what would print wrong.
PRINT_READY = r"""async (column) => {
  if (window.MathJax?.startup?.promise) { await MathJax.startup.promise; }
  for (const img of document.images) {
    img.loading = 'eager';
    if (!img.complete) {
      await new Promise(done => {
        img.addEventListener('load', done);
        img.addEventListener('error', done);
      });
    }
  }
  const words = e => e.textContent.replace(/\s+/g, ' ').trim();
  const heading = e => {
    const copy = e.cloneNode(true);
    copy.querySelectorAll('.headerlink').forEach(link => link.remove());
    return words(copy);
  };
  const short = e => words(e).slice(0, 70);
  const article = document.querySelector('article') ?? document.body;
  const problems = [];
  for (const e of article.querySelectorAll('.math')) {
    if (!e.querySelector('mjx-container')) { problems.push(`formula not typeset: ${short(e)}`); }
  }
  for (const e of article.querySelectorAll('mjx-merror')) {
    problems.push(`TeX error: ${e.getAttribute('data-mjx-error') ?? short(e)}`);
  }
  for (const e of article.querySelectorAll('mjx-assistive-mml mtext[mathcolor="red"]')) {
    if (e.textContent.startsWith('\\')) { problems.push(`unknown TeX macro: ${e.textContent}`); }
  }
  for (const img of article.querySelectorAll('img')) {
    if (img.naturalWidth === 0) { problems.push(`image not loaded: ${img.getAttribute('src')}`); }
  }
  for (const d of article.querySelectorAll('details')) {
    const body = d.querySelector(':scope > :not(summary)');
    if (body && !body.checkVisibility()) {
      problems.push(`folded, would not print: ${short(d.querySelector('summary') ?? d)}`);
    }
  }
  const wide = 'mjx-container[display="true"] > mjx-math, pre, table, img, figure, .cell_output';
  for (const e of article.querySelectorAll(wide)) {
    const right = Math.round(e.getBoundingClientRect().right);
    if (right > column + 1 && e.checkVisibility()) {
      problems.push(`wider than the page (${right} px > ${column} px): `
                    + `<${e.tagName.toLowerCase()}> ${short(e)}`);
    }
  }
  const title = article.querySelector('h1');
  return {
    title: title ? heading(title) : document.title,
    sections: [...article.querySelectorAll('section[id] > h2')]
      .map(h => [h.parentElement.id, heading(h)]),
    problems,
  };
}"""


@dataclass(frozen=True)
class PrintedPage:
    """One page of the site, printed: its path in the site, title, sections and PDF.

    ``sections`` are its ``h2`` headings as (id, title), the bookmarks under its own.
    """

    path: str
    title: str
    sections: tuple[tuple[str, str], ...]
    pdf: bytes
    pages: int


@dataclass
class PrintReport:
    """What ``print_pdfs`` made: the two files, the pages of the site in each, the problems."""

    course: Path
    handout: Path
    course_parts: list[PrintedPage] = field(default_factory=list)
    handout_parts: list[PrintedPage] = field(default_factory=list)
    front_pages: int = 0  #: the title and contents pages that open the course PDF
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


def course_order(site: Path) -> tuple[list[str], list[str]]:
    """The pages of the course PDF and of the deck handout, in order (paths in the site).

    The chapters come in the order of the chapter registry (``rankviz.chapters``); every lecture
    and notebook page of the site must be in one of the two PDFs.
    """
    from rankviz.chapters import CHAPTERS, DECK

    course = ["index.html", "lectures/notation.html"]
    for chapter in CHAPTERS:
        course += [f"lectures/{chapter.stem}.html", f"notebooks/{chapter.stem}.html"]
    course += [f"lectures/{DECK.stem}.html", "lectures/sources.html", "references.html"]
    handout = [f"notebooks/{DECK.stem}.html"]
    pages = {f"lectures/{p.name}" for p in (site / "lectures").glob("*.html")}
    pages |= {f"notebooks/{p.name}" for p in (site / "notebooks").glob("[0-9][0-9]_*.html")}
    left_out = sorted(pages - set(course) - set(handout))
    if left_out:
        raise ValueError(f"pages of the site in neither PDF: {', '.join(left_out)}")
    missing = [path for path in course + handout if not (site / path).is_file()]
    if missing:
        raise FileNotFoundError(f"{site} has no {', '.join(missing)}: is it the built site?")
    return course, handout


def chromium() -> tuple[str, list[str]]:
    """The Chromium the browser tests drive and its flags (``headless.py``)."""
    path = find_chromium()
    if path is None:
        raise RuntimeError(f"no Chromium to print with: {ENABLE_HINT}")
    return path, list(CHROMIUM_FLAGS)


class Printer:
    """Two tabs of one headless Chromium taking turns at printing the pages of a served site."""

    def __init__(self, browser, base_url: str):
        self.base_url = base_url
        self.problems: list[str] = []
        context = browser.new_context(viewport={"width": COLUMN_PX, "height": 1000})
        context.set_default_timeout(PAGE_MS)
        self.tabs = [self._tab(context), self._tab(context)]

    def _tab(self, context):
        tab = context.new_page()
        tab.emulate_media(media="print")

        def only_the_site(route):
            url = route.request.url
            if url.startswith(self.base_url + "/"):
                route.continue_()
            else:
                self.problems.append(f"{tab.url}: request outside the site (blocked): {url}")
                route.abort()

        tab.route("**/*", only_the_site)
        tab.on("pageerror", lambda error: self.problems.append(f"{tab.url}: script error: {error}"))
        return tab

    def print_pages(self, paths: list[str], *, first_page: int = 1) -> list[PrintedPage]:
        """Print ``paths`` in order, numbering their pages on from ``first_page``."""
        from pypdf import PdfReader

        printed: list[PrintedPage] = []
        if paths:
            self.tabs[0].goto(f"{self.base_url}/{paths[0]}", wait_until="commit")
        for index, path in enumerate(paths):
            tab = self.tabs[index % 2]
            tab.wait_for_load_state("load")
            if index + 1 < len(paths):  # the next page loads while this one prints
                self.tabs[(index + 1) % 2].goto(
                    f"{self.base_url}/{paths[index + 1]}", wait_until="commit"
                )
            state = tab.evaluate(PRINT_READY, COLUMN_PX)
            self.problems += [f"{path}: {problem}" for problem in state["problems"]]
            tab.add_style_tag(content=f"html {{ counter-reset: page {first_page - 1}; }}")
            pdf = tab.pdf(**PDF_OPTIONS)
            pages = len(PdfReader(io.BytesIO(pdf)).pages)
            sections = tuple((section, title) for section, title in state["sections"])
            printed.append(PrintedPage(path, state["title"], sections, pdf, pages))
            first_page += pages
        return printed

    def print_html(self, document: str) -> bytes:
        """Print a page given as HTML (the title page)."""
        tab = self.tabs[0]
        tab.set_content(document, wait_until="load")
        return tab.pdf(**PDF_OPTIONS)


def title_page(project: str, author: str, parts: list[PrintedPage], base_url: str) -> str:
    """The course PDF's first pages: its title, and the contents with page numbers."""
    rows, page = [], 1
    for part in parts:
        opens_chapter = re.match(r"^Lecture \d\d\b", part.title) is not None
        rows.append(
            f"<li{' class=chapter' if opens_chapter else ''}>"
            f'<a href="{base_url}/{part.path}"><span>{html.escape(part.title)}</span>'
            f"<span class=page>{page}</span></a></li>"
        )
        page += part.pages
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(project)}</title><style>
@page {{ margin: 16mm 16mm 18mm; }}
body {{ font-family: system-ui, sans-serif; color: #222832; font-size: 10.5pt; }}
.title {{ height: 230mm; display: flex; flex-direction: column; justify-content: center;
         text-align: center; break-after: page; }}
h1 {{ font-size: 30pt; font-weight: 600; margin: 0 0 12mm; }}
.title p {{ font-size: 13pt; margin: 2mm 0; }}
h2 {{ font-size: 18pt; font-weight: 600; margin: 0 0 6mm; }}
ol {{ list-style: none; padding: 0; margin: 0; }}
li {{ margin: 1.2mm 0; }}
li.chapter {{ margin-top: 4mm; }}
a {{ color: inherit; text-decoration: none; display: flex; gap: 3mm; }}
a span:first-child {{ flex: 1; border-bottom: 1px dotted #999; }}
.page {{ min-width: 8mm; text-align: right; }}
</style></head><body>
<section class="title"><h1>{html.escape(project)}</h1>
<p>Lecture notes and notebooks, with the notebooks' stored outputs</p>
<p>{html.escape(author)}</p></section>
<section><h2>Contents</h2><ol>{"".join(rows)}</ol></section>
</body></html>"""


def _explicit_links(reader) -> dict[str, tuple[int, object]]:
    """Point the links of one printed page of the site at places rather than names.

    Chromium links a page to its own headings and notes by named destinations (``#exercises``),
    and the pages of the site share many names: joined, they would clash. Each link gets the
    place its name stands for (``join`` then drops the names). Returns each name's page (in
    this PDF) and destination.
    """
    from pypdf.generic import NameObject

    named = reader.named_destinations
    places = {
        name.lstrip("/"): (reader.get_destination_page_number(dest), dest)
        for name, dest in named.items()
    }
    for page in reader.pages:
        for reference in page.get("/Annots") or []:
            annotation = reference.get_object()
            name = annotation.get("/Dest")
            if isinstance(name, str) and name in named:
                annotation[NameObject("/Dest")] = named[name].dest_array
    return places


def join(
    front: bytes | None,
    parts: list[PrintedPage],
    *,
    base_url: str,
    title: str,
    author: str,
    out: Path,
) -> int:
    """Join the title pages (if any) and the printed pages of the site into ``out``.

    Adds the bookmarks and page labels and turns links to the site into links inside the PDF.
    Returns the number of front pages.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DictionaryObject,
        Fit,
        FloatObject,
        NameObject,
        NullObject,
    )

    writer = PdfWriter()
    if front is not None:
        writer.append(PdfReader(io.BytesIO(front)), import_outline=False)
        writer.add_outline_item(title="Contents", page_number=0)
    front_pages = len(writer.pages)
    # the page of the PDF where each page of the site starts, and each of its named places
    places: dict[str, tuple[int, float | None]] = {}
    for part in parts:
        reader = PdfReader(io.BytesIO(part.pdf))
        own = _explicit_links(reader)
        start = len(writer.pages)
        writer.append(reader, import_outline=False)
        bookmark = writer.add_outline_item(title=part.title, page_number=start)
        places[part.path] = (start, None)
        for name, (page, destination) in own.items():
            places[f"{part.path}#{name}"] = (start + page, destination.top)
        for section, heading in part.sections:
            if section in own:
                page, destination = own[section]
                writer.add_outline_item(
                    title=heading,
                    page_number=start + page,
                    parent=bookmark,
                    fit=Fit.xyz(top=destination.top),
                )
    if front_pages:
        writer.set_page_label(0, front_pages - 1, style="/r")
    writer.set_page_label(front_pages, len(writer.pages) - 1, style="/D", start=1)

    for page in writer.pages:  # a link to the site goes to its place in the PDF, or nowhere
        annotations = page.get("/Annots")
        if annotations is None:
            continue
        kept = ArrayObject()
        for reference in annotations.get_object():
            action = reference.get_object().get("/A")
            uri = str(action.get_object().get("/URI", "")) if action is not None else ""
            if uri.startswith(base_url + "/"):
                target = urlsplit(uri)
                path = target.path.lstrip("/")
                place = places.get(f"{path}#{target.fragment}") or places.get(path)
                if place is None:
                    continue
                top = NullObject() if place[1] is None else FloatObject(place[1])
                reference.get_object()[NameObject("/A")] = DictionaryObject(
                    {
                        NameObject("/S"): NameObject("/GoTo"),
                        NameObject("/D"): ArrayObject(
                            [
                                writer.pages[place[0]].indirect_reference,
                                NameObject("/XYZ"),
                                NullObject(),
                                top,
                                NullObject(),
                            ]
                        ),
                    }
                )
            kept.append(reference)
        page[NameObject("/Annots")] = kept
    names = writer.root_object.get("/Names")
    if names is not None:  # every link now points at a place; the clashing names go
        names.get_object().pop("/Dests", None)
    writer.add_metadata({"/Title": title, "/Author": author})
    writer.page_mode = "/UseOutlines"
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as file:
        writer.write(file)
    return front_pages


def print_pdfs(site: Path = DEFAULT_SITE, out: Path = DEFAULT_OUT) -> PrintReport:
    """Print the course PDF and the deck handout from the built ``site`` into ``out``."""
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    site, out = site.resolve(), out.resolve()
    course, handout = course_order(site)
    executable, flags = chromium()
    conf = runpy.run_path(str(SITE / "conf.py"))
    project, author = conf["project"], conf["author"]
    report = PrintReport(course=out / COURSE_PDF, handout=out / HANDOUT_PDF)
    with serving(site) as base_url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=flags)
        try:
            printer = Printer(browser, base_url)
            report.course_parts = printer.print_pages(course)
            report.handout_parts = printer.print_pages(handout)
            front = printer.print_html(title_page(project, author, report.course_parts, base_url))
        finally:
            browser.close()
        report.problems = printer.problems
        report.front_pages = join(
            front,
            report.course_parts,
            base_url=base_url,
            title=project,
            author=author,
            out=report.course,
        )
        join(
            None,
            report.handout_parts,
            base_url=base_url,
            title=f"{project}: {report.handout_parts[0].title}",
            author=author,
            out=report.handout,
        )
    report.seconds = time.monotonic() - started
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site",
        type=Path,
        default=DEFAULT_SITE,
        help=f"the built site (default: {DEFAULT_SITE.relative_to(ROOT)})",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help=f"where the PDFs go (default: {DEFAULT_OUT.relative_to(ROOT)})",
    )
    options = parser.parse_args(argv)
    report = print_pdfs(options.site, options.out)
    for pdf, parts, front in (
        (report.course, report.course_parts, report.front_pages),
        (report.handout, report.handout_parts, 0),
    ):
        pages = front + sum(part.pages for part in parts)
        print(f"{pdf}: {pages} pages ({len(parts)} of the site)")
    print(f"Printed in {report.seconds:.0f} s.")
    if report.problems:
        print(f"{len(report.problems)} problems:", *report.problems, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
