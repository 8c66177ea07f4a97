"""Sphinx configuration of the course website (built by ``make site``; see ``build.py``).

The site is Sphinx with MyST-NB: the lectures are MyST Markdown, the notebooks are rendered
from their stored outputs, the bibliography is ``references.bib`` through sphinxcontrib-bibtex,
and math is typeset by MathJax 3 served from the site itself (the ``sphinx-mathjax-offline``
package bundles it with its fonts), so that no page needs the network.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # coursesite.py

project = "The theory of learning to rank, interactively"
author = "The rankviz course team"
copyright = "2026, the rankviz course team"

extensions = [
    "myst_nb",
    "sphinxcontrib.bibtex",
    "sphinx-mathjax-offline",  # MathJax 3 copied into _static/, never a CDN
    "sphinx.ext.githubpages",  # .nojekyll, so that GitHub Pages serves _static/ and _images/
    "coursesite",
    "apipages",  # the API reference, api/*.rst, written at build time (autodoc and napoleon)
]

root_doc = "index"
# The start notebook is the landing page (coursesite includes it there); lectures/references.md
# is the bibliography for readers of the Markdown (the site's own is references.md).
exclude_patterns = [
    ".doctrees",
    "README.md",
    "**/.ipynb_checkpoints",
    "notebooks/00_start_here.ipynb",
    "lectures/references.md",
]
# build.py passes -W: a page in no table of contents, a broken link (to a page or to a heading)
# or an unknown citation is an error. No warning is suppressed.

# ---- MyST and MyST-NB -------------------------------------------------------------------------
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence"]
myst_heading_anchors = 3
myst_dmath_double_inline = True  # $$...$$ inside a paragraph is display math, as on GitHub
nb_execution_mode = "off"  # the stored outputs, which nbval checks, are what readers see
nb_ipywidgets_js: dict = {}  # no widget manager from a CDN: coursesite replaces the dashboards
nb_merge_streams = True

# ---- Bibliography -----------------------------------------------------------------------------
bibtex_bibfiles = ["references.bib"]
bibtex_default_style = "plain"
bibtex_reference_style = "author_year"
bibtex_foot_reference_style = "foot"

# ---- API reference (apipages.py): autodoc documents each module's __all__ -------------------
autodoc_member_order = "bysource"
autodoc_typehints = "none"  # the numpydoc Parameters sections give the types, in words
napoleon_google_docstring = False
# types as words ("ndarray of shape (m, n)"), not as cross-references to guess from each word
napoleon_use_param = napoleon_use_rtype = False
napoleon_custom_sections = [("Attributes", "params_style")]
html_domain_indices = False  # api/index lists the modules, by chapter; no py-modindex.html

# ---- HTML -------------------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_title = "Learning to rank, interactively"
# _static/: the site's own scripts and styles (see coursesite.py); print.css: the site on paper
# (Ctrl+P and make pdf, site/pdf.py); accessible-navigation.js: what the themes leave out for
# keyboard, screen-reader and phone readers (the sidebar buttons' state, a panel closing when a
# section is chosen in it, scrollable boxes named for what they hold); contrast.css: text the
# themes' colours leave too faint (links on striped rows; in dark mode, captions of outputs and
# highlighted search words).
# _templates/: two theme components rewritten for accessibility (the sidebar's title and search
# field).
templates_path = ["_templates"]
html_static_path = ["_static"]
html_js_files = ["accessible-navigation.js"]
html_css_files = ["print.css", "contrast.css"]
html_last_updated_fmt = None
html_copy_source = True  # the download button offers the notebook (.ipynb) and the lecture (.md)
html_show_sourcelink = False

# `make site REPOSITORY=https://github.com/OWNER/REPO` (or RANKVIZ_SITE_REPOSITORY in the
# environment) adds, on every notebook page, a button that opens it on mybinder.org.
repository_url = os.environ.get("RANKVIZ_SITE_REPOSITORY", "").strip().rstrip("/")
html_theme_options = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": True,
    "use_fullscreen_button": False,
    # pydata-sphinx-theme >= 0.17 draws a top navbar when navbar_persistent is set, and sets it
    # (to its search field) unless the configuration does: that navbar brings a second, hidden
    # pair of sidebar buttons (.primary-toggle, .secondary-toggle) ahead of the book theme's
    # visible ones, and both themes' scripts bind only the first of each (querySelector), so
    # the visible menu and contents buttons did nothing. Empty, there is no navbar and one pair
    # of buttons; the book theme has its own search button in the article header and sidebar.
    "navbar_persistent": [],
}
if repository_url:
    html_theme_options.update(
        {
            "repository_url": repository_url,
            "repository_branch": os.environ.get("RANKVIZ_SITE_BRANCH", "HEAD"),
            "use_repository_button": True,
            "launch_buttons": {
                "binderhub_url": "https://mybinder.org",
                "notebook_interface": "jupyterlab",
            },
        }
    )

# The light colour scheme to start with (the figures are drawn on white); the reader can switch.
html_context = {"default_mode": "light"}
