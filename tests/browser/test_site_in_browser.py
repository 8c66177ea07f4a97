"""The course website in a real (headless) browser, with every request outside localhost blocked.

The site is built once per session (``built_site``, ``tests/site_build.py``) and served from a
local HTTP server; Chromium may fetch only from that server, and any other request fails the
test. The landing page is the students' start page and lists every chapter. On every lecture and
notebook page, and in more detail on three (a lecture with display math, a notebook with
figures, the landing page): MathJax has typeset every formula (each ``.math`` element holds an
``mjx-container``, none is a TeX error or an unknown macro, and no raw ``$$``, ``\\frac``,
``\\(`` or ``\\[`` is left in the visible text outside code), every image has loaded, and the
console has no error. A search for "Rademacher", a word of one lecture only, finds that lecture.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.conftest import SEARCH_MS, wait_for_search_results, wait_for_typesetting

ROOT = Path(__file__).resolve().parents[2]
LECTURES = sorted(p.stem for p in (ROOT / "lectures").glob("[0-9][0-9]_*.md"))
# the chapters' and the deck's notebooks (the start page is the site's landing page)
NOTEBOOKS = sorted(
    p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb") if p.stem != "00_start_here"
)
SEARCH_WORD = "Rademacher"
RAW_TEX = ("$$", "\\frac", "\\(", "\\[", "\\begin{")

# Wait for MathJax to finish, then report what a reader sees.
PAGE_STATE = r"""async () => {
  if (window.MathJax?.startup?.promise) { await MathJax.startup.promise; }
  for (const img of document.images) {  // load every image, in view or not
    img.loading = 'eager';
    if (!img.complete) {
      await new Promise(done => {
        img.addEventListener('load', done);
        img.addEventListener('error', done);
      });
    }
  }
  const article = document.querySelector('article') ?? document.body;
  const prose = article.cloneNode(true);
  prose.querySelectorAll('pre, code, mjx-container, script, style').forEach(e => e.remove());
  const math = [...article.querySelectorAll('.math')];
  return {
    mathjax: Boolean(window.MathJax?.version), version: window.MathJax?.version ?? null,
    math: math.length,
    untypeset: math.filter(e => !e.querySelector('mjx-container'))
      .map(e => e.textContent.slice(0, 80)),
    containers: article.querySelectorAll('mjx-container').length,
    // a TeX error, or a macro MathJax does not know (it draws the name in red: noundefined)
    texErrors: [...article.querySelectorAll('mjx-merror')]
      .map(e => e.getAttribute('data-mjx-error') ?? e.textContent)
      .concat([...article.querySelectorAll('mjx-assistive-mml mtext[mathcolor="red"]')]
        .map(e => e.textContent).filter(text => text.startsWith('\\'))),
    text: prose.innerText,
    images: [...document.images]
      .map(img => ({src: img.getAttribute('src'), width: img.naturalWidth})),
  };
}"""


def visit(page, problems, url: str) -> dict:
    page.goto(url, wait_until="load")
    assert not problems, f"{url}:\n" + "\n".join(problems)  # e.g. MathJax asked of a CDN
    wait_for_typesetting(page)
    state = page.evaluate(PAGE_STATE)
    assert not problems, f"{url}:\n" + "\n".join(problems)
    return state


def assert_rendered(state: dict, url: str) -> None:
    assert state["untypeset"] == [], f"{url}: formulas MathJax did not typeset"
    assert state["texErrors"] == [], f"{url}: TeX errors"
    assert state["containers"] >= state["math"], url
    raw = [token for token in RAW_TEX if token in state["text"]]
    assert raw == [], f"{url}: raw TeX in the visible text: {raw}"
    broken = [image["src"] for image in state["images"] if image["width"] == 0]
    assert broken == [], f"{url}: images that did not load"


def test_the_landing_page_is_the_start_page_and_lists_every_chapter(offline_page, site_url):
    page, problems = offline_page
    state = visit(page, problems, f"{site_url}/index.html")
    assert_rendered(state, "index.html")
    # what a student sees first: the start page (make lab opens the same notebook)
    assert page.locator("article h1").first.inner_text().startswith("Start here")
    assert page.locator("article h2", has_text="Reading order").is_visible()
    table = page.locator(".chapter-table")
    for stem in LECTURES:
        assert table.locator(f'a[href="lectures/{stem}.html"]').count() == 1, stem
        assert table.locator(f'a[href="notebooks/{stem}.html"]').count() == 1, stem
        assert table.locator(f"tr:has(a[href='lectures/{stem}.html'])").is_visible(), stem


def test_a_lecture_with_display_math_renders_it(offline_page, site_url):
    page, problems = offline_page
    state = visit(page, problems, f"{site_url}/lectures/04_margin_bounds.html")
    assert_rendered(state, "lectures/04_margin_bounds.html")
    assert state["mathjax"] and state["version"].startswith("3."), state["version"]
    displays = page.locator("article div.math mjx-container[display='true']")
    assert displays.count() >= 5  # the margin bounds, displayed
    assert page.locator("article .math").count() >= 100
    # the bibliography of the page, and a citation linked to it
    assert page.locator("article #references").count() == 1
    assert page.locator("article a.footnote-reference").count() >= 1


def test_a_notebook_page_shows_its_figures_and_math(offline_page, site_url):
    page, problems = offline_page
    state = visit(page, problems, f"{site_url}/notebooks/02_roc_auc.html")
    assert_rendered(state, "notebooks/02_roc_auc.html")
    figures = [image for image in state["images"] if "_images/" in image["src"]]
    assert len(figures) >= 5 and all(image["width"] >= 300 for image in figures), figures
    assert state["math"] >= 20
    # the solutions are folded: present, closed, and open on a click
    solutions = page.locator("article details")
    assert solutions.count() >= 3
    assert solutions.evaluate_all("all => all.every(d => !d.open)")
    solutions.first.locator("summary").click()
    assert solutions.first.evaluate("d => d.open")


@pytest.mark.parametrize(
    "path",
    [f"lectures/{stem}.html" for stem in LECTURES]
    + ["lectures/sources.html", "references.html"]
    + [f"notebooks/{stem}.html" for stem in NOTEBOOKS],
)
def test_every_page_renders_offline(offline_page, site_url, path):
    page, problems = offline_page
    assert_rendered(visit(page, problems, f"{site_url}/{path}"), path)


def test_search_finds_the_lectures_with_the_word(offline_page, site_url):
    with_word = [
        stem
        for stem in LECTURES
        if SEARCH_WORD.lower() in (ROOT / "lectures" / f"{stem}.md").read_text().lower()
    ]
    # the test needs a word that some lectures use and others do not
    assert 0 < len(with_word) < len(LECTURES), with_word
    page, problems = offline_page
    page.goto(f"{site_url}/search.html?q={SEARCH_WORD}", wait_until="load")
    wait_for_search_results(page)
    hrefs = page.locator("#search-results ul.search li a").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    found = {
        match.group(1)
        for href in hrefs
        if (match := re.search(r"lectures/(\d\d_[a-z_]+)\.html", href))
    }
    assert found == set(with_word), hrefs
    assert not problems, "\n".join(problems)


# formulas in TeX and what a reader should see instead (site/_static/search-snippets.js)
PLAIN_MATH = [
    (r"\(\hat R_S(h) \le \frac{1}{n}\)", "R̂_S(h) ≤ 1/n"),
    (r"\(\mathbb{E}[\phi(\alpha_i - \alpha_j)]\)", "𝔼[φ(α_i - α_j)]"),
    (r"\(\tfrac14\sum_{i,j} \Omega_{ij}\)", "1/4 Σ_i,j Ω_ij"),
    (r"\[\binom{n}{k} \qquad\text{(19)}\]", "C(n, k) (19)"),
]


def test_search_results_show_formulas_as_text_not_tex(offline_page, site_url):
    # "suboptimality" finds sections whose titles and snippets hold formulas (H(\varepsilon))
    page, problems = offline_page
    page.goto(f"{site_url}/search.html?q=suboptimality", wait_until="load")
    wait_for_search_results(page)
    page.wait_for_function(  # every listed page's snippet fetched and shown
        "() => [...document.querySelectorAll('#search-results ul.search > li')]"
        # an API entry (kind-object) is listed with no snippet
        ".filter(li => !li.classList.contains('kind-object'))"
        ".every(li => li.querySelector('p.context'))",
        timeout=SEARCH_MS,
    )
    shown = page.locator("#search-results").inner_text()
    assert "\\" not in shown and "$$" not in shown, shown
    assert "H(ε)" in shown, shown  # the formula is there, as text
    for tex, plain in PLAIN_MATH:
        assert page.evaluate("tex => window.rankvizSite.plainMath(tex)", tex) == plain, tex
    assert not problems, "\n".join(problems)


def test_on_a_phone_a_dashboard_picture_opens_full_size_on_a_tap(offline_page, site_url):
    # the static picture of a dashboard, scaled to a 390-px column, is too small to read there
    page, problems = offline_page
    page.set_viewport_size({"width": 390, "height": 844})
    visit(page, problems, f"{site_url}/notebooks/02_roc_auc.html")
    note = page.locator("article .dashboard-note").first
    picture = note.locator(
        "xpath=preceding::a[contains(concat(' ', @class, ' '), ' figure-full-size ')][1]"
    )
    shown = picture.locator("img").evaluate("img => img.getBoundingClientRect().width")
    assert shown <= 390
    picture.click()
    page.wait_for_url("**/_images/*.png")
    full = page.evaluate("() => document.images[0].naturalWidth")
    assert full >= 2 * shown, (full, shown)  # at full size, its text is twice as large or more
    assert not problems, "\n".join(problems)
