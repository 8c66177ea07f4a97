"""The page script that keeps a presented deck's keyboard on its slides.

Its behaviour in JupyterLab (Enter in a slider's box, then Space advances; a chapter link
moves the slideshow) is checked in the browser by tests/browser/test_classroom_deck.py; here,
what the kernel side gives the page.
"""

import re

from rankviz.widgets import slideshow_keys
from rankviz.widgets.slides import SLIDESHOW_KEYS_JS


def test_the_script_is_a_javascript_output_acting_only_while_presenting():
    script = slideshow_keys()
    assert type(script).__name__ == "Javascript" and script.data == SLIDESHOW_KEYS_JS
    # every listener returns early unless a deck is presented
    listeners = re.findall(r"addEventListener\('(\w+)'", SLIDESHOW_KEYS_JS)
    assert sorted(listeners) == ["change", "click", "keydown"]
    assert SLIDESHOW_KEYS_JS.count("presenting()") >= len(listeners)
    assert "window.rankvizSlideshowKeys" in SLIDESHOW_KEYS_JS  # installed once per page


def test_the_script_acts_on_presentation_dashboards_and_heading_links_only():
    assert "'.rankviz-presentation'" in SLIDESHOW_KEYS_JS
    assert 'a[href^="#"]' in SLIDESHOW_KEYS_JS
    assert "dataset.jupyterId" in SLIDESHOW_KEYS_JS  # JupyterLab 4's heading names
