"""The website passes an automated accessibility check (axe-core) on every kind of page.

axe-core is the engine most accessibility audits use; the ``axe-playwright-python`` package of
the dev extra bundles it (``axe.min.js``), so nothing comes from a CDN. It runs in headless
Chromium on each kind of page the site has (the landing page, which is the students' start
page; a lecture; a notebook page with figures; the deck's page with its dashboard notes; the
references; the sources and notation sheets; search results; the API reference's index and a
module's page), in the theme's light mode and in its dark mode, with every rule tagged WCAG 2.0
A/AA, WCAG 2.1 A/AA or best practice: the rules axe runs by default and those it calls
experimental (one of them, label-content-name-mismatch, is WCAG 2.5.3 "Label in Name"), not
the three it has deprecated and no longer runs (their reading of the standard is outdated:
e.g. landmark-complementary-is-top-level takes an <aside> inside <main> for a landmark, which
HTML no longer does). The check passes with 0 violations. No rule is turned off; the one kind of
finding set aside, after it is verified to be a false positive, is described at
``FORMULA_HEADERS`` below.

That the check can fail is tested too: a page with an image without alt text, text of too low
contrast and a button named otherwise than it reads gets exactly those violations reported.

A failing check prints, for every violation, the rule, its impact, the elements (CSS
selectors) and what to fix.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.browser.conftest import open_site_page

DESKTOP = {"width": 1440, "height": 900}

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
# No rule is turned off. A rule would be listed here with the reason it is a false positive on
# this site, verified, as {rule id: reason}.
RULES_OFF: dict[str, str] = {}

# Each kind of page, by a short name: the page checked.
PAGES = {
    "landing": "index.html",  # the students' start page, with the chapter table
    # display math, a bibliography, and formulas as table headers (see FORMULA_HEADERS)
    "lecture": "lectures/07_low_noise_inconsistency.html",
    "notebook-figures": "notebooks/02_roc_auc.html",  # figures, formulas, folded solutions
    "notebook-dashboards": "notebooks/11_classroom_demos.html",  # the deck: 27 dashboard notes
    "references": "references.html",
    "sources": "lectures/sources.html",
    "notation": "lectures/notation.html",  # a table with row headers (coursesite.RowHeaders)
    "search": "search.html?q=Rademacher",  # with its results listed
    "api-index": "api/index.html",  # the API reference's modules, grouped by chapter
    "api-module": "api/rankviz.metrics.html",  # a module's page: signatures, examples as code
}

# A false positive, verified on each occurrence: axe's "empty-table-header" on a header cell
# whose only content is a formula. MathJax draws a formula in elements it hides from assistive
# technology (aria-hidden) and gives screen readers the formula as MathML in a visually clipped
# element, which axe does not count as text. The finding is set aside only if the cell holds
# nothing but formulas and the browser's accessibility tree (Playwright's ARIA snapshot, what a
# screen reader is given) has every one of them as math with text.
FORMULA_HEADERS = "empty-table-header"
ONLY_FORMULAS = """cell => {
  const formulas = [...cell.querySelectorAll('mjx-container')];
  const rest = cell.cloneNode(true);
  rest.querySelectorAll('mjx-container').forEach(formula => formula.remove());
  return formulas.length > 0 && rest.textContent.trim() === ''
    && formulas.every(f => f.querySelector('mjx-assistive-mml math')?.textContent.trim());
}"""
MATH_IN_SNAPSHOT = re.compile(r"^\s*- math: \S", re.MULTILINE)


def axe_source() -> str:
    """axe-core's script, from the dev extra's axe-playwright-python."""
    try:
        import axe_playwright_python
    except ImportError:
        problem = "axe-playwright-python (axe-core) is not installed; it is in the dev extra"
        if os.environ.get("RANKVIZ_REQUIRE_BROWSER") == "1":
            pytest.fail(f"browser tests are required here but {problem}", pytrace=False)
        pytest.skip(f"accessibility check skipped: {problem}")
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def run_axe(page) -> list[dict]:
    """axe-core's violations on the page: every rule with one of TAGS, experimental or not,
    except the deprecated ones (see the module's docstring) and RULES_OFF."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(axe_source())
    rules = page.evaluate(
        "tags => axe.getRules(tags).filter(rule => !rule.tags.includes("
        "'deprecated')).map(rule => rule.ruleId)",
        TAGS,
    )
    assert "label-content-name-mismatch" in rules  # an experimental rule is among them
    rules = [rule for rule in rules if rule not in RULES_OFF]
    result = page.evaluate(
        "rules => axe.run(document, {runOnly: {type: 'rule', values: rules},"
        " resultTypes: ['violations']})",
        rules,
    )
    return result["violations"]


NODES_SHOWN = 8  # elements listed per violation


def describe(violations: list[dict]) -> str:
    """One paragraph per violation: rule, impact, help text and the elements (CSS selectors)."""
    lines = []
    for violation in violations:
        lines.append(
            f"{violation['id']} ({violation['impact']}): {violation['help']}"
            f" - {violation['helpUrl']}"
        )
        for node in violation["nodes"][:NODES_SHOWN]:
            target = " >> ".join(str(part) for part in node["target"])
            summary = " ".join(node.get("failureSummary", "").split())
            lines.append(f"    {target}\n        {summary}")
        if len(violation["nodes"]) > NODES_SHOWN:
            lines.append(f"    ... and {len(violation['nodes']) - NODES_SHOWN} more elements")
    return "\n".join(lines)


def is_formula_header(page, node: dict) -> bool:
    """Whether an empty-table-header finding is the verified MathJax false positive."""
    if len(node["target"]) != 1:  # inside a frame or a shadow root: not a case seen here
        return False
    cell = page.locator(node["target"][0])
    if cell.count() != 1 or not cell.evaluate(ONLY_FORMULAS):
        return False
    formulas = cell.locator("mjx-container").count()
    return len(MATH_IN_SNAPSHOT.findall(cell.aria_snapshot())) == formulas


def real_violations(page, violations: list[dict]) -> list[dict]:
    """The violations, without the false positives described at FORMULA_HEADERS."""
    kept = []
    for violation in violations:
        if violation["id"] == FORMULA_HEADERS:
            nodes = [node for node in violation["nodes"] if not is_formula_header(page, node)]
            if not nodes:
                continue
            violation = {**violation, "nodes": nodes}
        kept.append(violation)
    return kept


def set_mode(page, mode: str) -> None:
    """Open the site's pages in the theme's light or dark mode, as its switcher leaves it.

    pydata-sphinx-theme's switcher stores the reader's choice in localStorage ("mode", and the
    resolved "theme"), and every page applies it when it loads (data-mode and data-theme on
    <html>).
    """
    page.add_init_script(
        f"localStorage.setItem('mode', '{mode}'); localStorage.setItem('theme', '{mode}');"
    )


BACKGROUND_LUMINANCE = """() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  const linear = c => (c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}"""


@pytest.mark.parametrize("mode", ["light", "dark"])
@pytest.mark.parametrize("kind", list(PAGES))
def test_every_kind_of_page_has_no_accessibility_violation(offline_page, site_url, kind, mode):
    page, problems = offline_page
    path = PAGES[kind]
    set_mode(page, mode)
    try:
        open_site_page(page, problems, f"{site_url}/{path}", DESKTOP)
        theme = page.evaluate("() => document.documentElement.dataset.theme")
        luminance = page.evaluate(BACKGROUND_LUMINANCE)
        assert theme == mode, f"{path}: data-theme is {theme!r}, not {mode!r}"
        # the page really is light or dark: its background, not only the attribute
        assert (luminance < 0.05) if mode == "dark" else (luminance > 0.9), (path, luminance)
        violations = real_violations(page, run_axe(page))
        assert not violations, (
            f"{path} ({mode} mode): {len(violations)} accessibility "
            f"violations (axe-core)\n{describe(violations)}"
        )
    finally:
        page.evaluate("() => localStorage.clear()")


# Three defects put into a served page, each one a violation axe must report.
ONE_PIXEL = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNo"
    "aGgAAAMEAYFL09IQAAAAAElFTkSuQmCC"
)
INJECTED = f"""() => document.querySelector('article').insertAdjacentHTML('afterbegin', `
  <img id="injected-no-alt" width="40" height="40" src="{ONE_PIXEL}">
  <p id="injected-low-contrast" style="color: #c8c8c8; background: #ffffff">faint text</p>
  <button id="injected-name-mismatch" aria-label="Find">Search Ctrl+K</button>`)"""
EXPECTED = {
    "image-alt": "#injected-no-alt",
    "color-contrast": "#injected-low-contrast",
    "label-content-name-mismatch": "#injected-name-mismatch",
}


def test_the_check_reports_a_page_s_violations(offline_page, site_url):
    page, problems = offline_page
    open_site_page(page, problems, f"{site_url}/lectures/notation.html", DESKTOP)
    assert real_violations(page, run_axe(page)) == []
    page.evaluate(INJECTED)
    violations = real_violations(page, run_axe(page))
    found = {
        violation["id"]: [node["target"] for node in violation["nodes"]] for violation in violations
    }
    assert found == {rule: [[target]] for rule, target in EXPECTED.items()}, describe(violations)
    report = describe(violations)
    for rule, target in EXPECTED.items():  # what a failing check prints
        assert f"{rule} (" in report and target in report, report
    assert "(critical)" in report and "(serious)" in report and "alternative text" in report
