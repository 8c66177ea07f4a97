"""The website's navigation as a reader uses it, on a phone and on a desktop.

Pages are read at 390x844 (a phone) and 1440x900 (a desktop); the contents also at 1024x768 (a
tablet, where the chapter list is a column but the contents are a panel).

The menu button opens the chapter list (the primary sidebar) and closes it again, by a click,
by the keyboard, by Escape and by a click beside the panel; opening it moves the keyboard's
focus into it; a chapter link in it is seen and leads to that chapter. The contents button
opens the page's sections (the secondary sidebar), and following a section there shows that
section, not the panel over it. On a desktop the chapter list and the contents are shown from
the start, and the menu button folds the chapter list away and back, from the keyboard too.
Each button's ``aria-expanded`` says whether its panel is shown.

"Seen" means what a reader sees, not what is in the page: the element has a size, is not
hidden (``visibility``, ``opacity``, ``display``), lies in the viewport, and is the element on
top at its own centre, so that no panel, overlay or header covers it.

Screenshots of the open menu and of a notebook page at phone width go to
``tests/browser/screenshots/`` (not committed).
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENSHOTS, open_site_page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
# the chapter list is a column of the page, the contents still a panel (the themes' "lg" to "xl")
TABLET = {"width": 1024, "height": 768}
PANEL_MS = 5_000  # a panel's opening or closing animation is over (the themes': 0.2-0.3 s)

LECTURE = "lectures/04_margin_bounds.html"
# seen from LECTURE: a chapter in the chapter list, and a section in the contents
CHAPTER_LINK = "nav.bd-docs-nav a[href='02_roc_auc.html']"
CHAPTER_TITLE = "Lecture 02"
SECTION = "rademacher-complexity-of-linear-scores"
SECTION_LINK = f"nav.page-toc a[href='#{SECTION}']"
NOTEBOOK = "notebooks/02_roc_auc.html"

# The buttons by the names they are announced with (only what is rendered counts, so the
# hidden duplicates an older theme combination had do not).
MENU = "Toggle primary sidebar"
CONTENTS = "Toggle secondary sidebar"

SEEN = """element => {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  if (!element.checkVisibility({opacityProperty: true, visibilityProperty: true})) return false;
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
  return element.contains(document.elementFromPoint(x, y));
}"""


def seen(page, selector: str) -> bool:
    """Whether the first element matching selector is seen by the reader (see the docstring)."""
    element = page.locator(selector).first
    return element.count() == 1 and element.evaluate(SEEN)


def wait_until(page, selector: str, *, shown: bool) -> None:
    """Wait until the element is seen (shown=True) or not (shown=False); fail after PANEL_MS."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            f"([selector, shown]) => {{ const e = document.querySelector(selector);"
            f" return Boolean(e && ({SEEN})(e)) === shown; }}",
            arg=[selector, shown],
            timeout=PANEL_MS,
        )
    except PlaywrightTimeout:
        state = "is still not seen" if shown else "is still seen"
        raise AssertionError(f"{selector} {state} {PANEL_MS} ms later") from None


FOCUS_IN_PANEL = """selector => {
  const link = document.querySelector(selector);
  const panel = link?.closest('dialog')
    ?? link?.closest('.bd-sidebar-primary, .bd-sidebar-secondary');
  return Boolean(panel?.contains(document.activeElement));
}"""


def wait_for_focus_in_panel(page, selector: str) -> None:
    """Wait until the keyboard focus is in the panel that holds the element (opening a panel
    moves it there, so that Tab goes through the panel and Escape closes it)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(FOCUS_IN_PANEL, arg=selector, timeout=PANEL_MS)
    except PlaywrightTimeout:
        focused = page.evaluate("() => document.activeElement?.outerHTML.slice(0, 120)")
        raise AssertionError(f"the focus is not in the panel of {selector}: {focused}") from None


def follow_the_chapter_link(page, problems) -> None:
    """Click the chapter link of the open panel; its lecture is the page that opens."""
    with page.expect_navigation():
        page.locator(CHAPTER_LINK).first.click()
    assert page.url.endswith("/lectures/02_roc_auc.html"), page.url
    assert page.locator("article h1").first.inner_text().startswith(CHAPTER_TITLE)
    assert not problems, "\n".join(problems)


def the_button(page, name: str):
    """The one button with this name that the reader sees."""
    buttons = page.get_by_role("button", name=name, exact=True)
    assert buttons.count() == 1, f"{buttons.count()} buttons {name!r} are shown"
    return buttons


def expanded(button) -> str | None:
    return button.get_attribute("aria-expanded")


def test_the_menu_button_opens_the_chapter_list_on_a_phone(offline_page, site_url):
    page, problems = offline_page
    open_site_page(page, problems, f"{site_url}/{LECTURE}", PHONE)
    menu = the_button(page, MENU)
    assert not seen(page, CHAPTER_LINK), "the chapter list is shown before the menu is opened"
    assert expanded(menu) == "false"

    menu.click()
    wait_until(page, CHAPTER_LINK, shown=True)
    assert expanded(menu) == "true"
    page.screenshot(path=str(SCREENSHOTS / "site-menu-open-phone.png"))

    wait_for_focus_in_panel(page, CHAPTER_LINK)
    page.keyboard.press("Escape")
    wait_until(page, CHAPTER_LINK, shown=False)
    assert expanded(menu) == "false"

    menu.focus()  # the keyboard opens it too
    page.keyboard.press("Enter")
    wait_until(page, CHAPTER_LINK, shown=True)
    assert expanded(menu) == "true"
    wait_for_focus_in_panel(page, CHAPTER_LINK)

    page.mouse.click(PHONE["width"] - 15, PHONE["height"] // 2)  # beside the panel
    wait_until(page, CHAPTER_LINK, shown=False)
    assert expanded(menu) == "false"

    menu.click()
    wait_until(page, CHAPTER_LINK, shown=True)
    follow_the_chapter_link(page, problems)


def test_the_menu_button_folds_the_chapter_list_on_a_desktop(offline_page, site_url):
    page, problems = offline_page
    open_site_page(page, problems, f"{site_url}/{LECTURE}", DESKTOP)
    menu = the_button(page, MENU)
    assert seen(page, CHAPTER_LINK), "the chapter list is not shown on a desktop"
    assert expanded(menu) == "true"

    menu.click()
    wait_until(page, CHAPTER_LINK, shown=False)
    assert expanded(menu) == "false"
    menu.click()
    wait_until(page, CHAPTER_LINK, shown=True)
    assert expanded(menu) == "true"

    menu.focus()  # the keyboard folds it too
    page.keyboard.press("Enter")
    wait_until(page, CHAPTER_LINK, shown=False)
    assert expanded(menu) == "false"
    page.keyboard.press("Enter")
    wait_until(page, CHAPTER_LINK, shown=True)

    follow_the_chapter_link(page, problems)


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_contents_button_leads_to_a_section_on_a_narrow_screen(
    offline_page, site_url, viewport
):
    page, problems = offline_page
    open_site_page(page, problems, f"{site_url}/{LECTURE}", viewport)
    contents = the_button(page, CONTENTS)
    heading = f"section#{SECTION} > h2"
    assert not seen(page, SECTION_LINK) and not seen(page, heading)
    assert expanded(contents) == "false"

    contents.click()
    wait_until(page, SECTION_LINK, shown=True)
    assert expanded(contents) == "true"
    wait_for_focus_in_panel(page, SECTION_LINK)
    page.keyboard.press("Escape")
    wait_until(page, SECTION_LINK, shown=False)
    assert expanded(contents) == "false"

    contents.click()
    wait_until(page, SECTION_LINK, shown=True)
    page.locator(SECTION_LINK).first.click()
    # the section is shown, and the panel no longer covers it
    wait_until(page, heading, shown=True)
    assert page.url.endswith(f"#{SECTION}"), page.url
    wait_until(page, SECTION_LINK, shown=False)  # the panel's closing animation is over
    assert expanded(contents) == "false"
    assert not problems, "\n".join(problems)


def test_the_contents_are_shown_beside_the_page_on_a_desktop(offline_page, site_url):
    page, problems = offline_page
    open_site_page(page, problems, f"{site_url}/{LECTURE}", DESKTOP)
    # wide enough for the contents to be a column of the page: no button needed
    assert page.get_by_role("button", name=CONTENTS, exact=True).count() == 0
    assert seen(page, SECTION_LINK)
    heading = f"section#{SECTION} > h2"
    assert not seen(page, heading)
    page.locator(SECTION_LINK).first.click()
    wait_until(page, heading, shown=True)
    assert page.url.endswith(f"#{SECTION}"), page.url
    assert not problems, "\n".join(problems)


def test_a_notebook_page_fits_a_phone(offline_page, site_url):
    """At phone width the page does not scroll sideways, and a figure fits the screen."""
    page, problems = offline_page
    open_site_page(page, problems, f"{site_url}/{NOTEBOOK}", PHONE)
    page.screenshot(path=str(SCREENSHOTS / "site-notebook-phone.png"))
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px screen"
    figure = page.locator("article img[src*='_images/']").first
    figure.scroll_into_view_if_needed()
    box = figure.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert figure.evaluate("img => img.complete && img.naturalWidth > 0")
    page.screenshot(path=str(SCREENSHOTS / "site-notebook-figure-phone.png"))
    assert not problems, "\n".join(problems)
