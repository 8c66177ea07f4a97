"""What a deck of dashboards presented as slides needs from the page.

The classroom deck is presented in place by jupyterlab-slideshow: Space walks
forward, and the cell that has the keyboard focus receives the key.  Two things
go wrong with live dashboards on such slides:

* after typing a number into a slider's box (and Enter), choosing in a dropdown
  or clicking a button, the keyboard stays in that control: the next Space types
  a space into the box (or presses the button again) instead of advancing;
* a link to a section heading (the deck's chapter list, written with the
  GitHub-style slug that the course website and GitHub resolve) does not move
  the slideshow, which follows the active cell.

:func:`slideshow_keys` returns a small script for the page that fixes both while
a deck is presented (``<body data-jp-deck-mode="presenting">``), and does
nothing otherwise: after Enter in a box, a choice in a dropdown or a click on a
button of a presentation dashboard, the keyboard goes back to the slide (the
active cell); a click on a link to a heading of the notebook makes that heading's
cell the active one, which the slideshow then shows.  JupyterLab runs the script
when the cell that displays it runs (outputs of a notebook opened from disk are
not trusted, and their scripts do not run until the cell runs again).
"""

from __future__ import annotations

__all__ = ["SLIDESHOW_KEYS_JS", "slideshow_keys"]

#: The page script of :func:`slideshow_keys`.  It installs its listeners once per page.
SLIDESHOW_KEYS_JS = r"""
(() => {
  if (window.rankvizSlideshowKeys) return;
  window.rankvizSlideshowKeys = true;
  const presenting = () => document.body.dataset.jpDeckMode === 'presenting';
  const CONTROLS = '.rankviz-presentation';
  // the keyboard back on the slide: the active cell, which the slideshow's keys act on
  const backToSlide = (control) => {
    control.blur();
    const cell = document.querySelector('.jp-Notebook .jp-Cell.jp-mod-active')
      ?? control.closest('.jp-Cell');
    cell?.focus();
  };
  const later = (control) => setTimeout(() => backToSlide(control), 0);
  document.addEventListener('keydown', (event) => {
    const box = event.target;
    if (presenting() && event.key === 'Enter' && box.closest?.(CONTROLS)
        && (box.isContentEditable || box.tagName === 'INPUT')) later(box);
  }, true);
  document.addEventListener('change', (event) => {
    const select = event.target;
    if (presenting() && select.tagName === 'SELECT' && select.closest?.(CONTROLS)) later(select);
  }, true);
  document.addEventListener('click', (event) => {
    if (!presenting()) return;
    const button = event.target.closest?.(`${CONTROLS} button`);
    if (button) { later(button); return; }
    const link = event.target.closest?.('.jp-Notebook .jp-RenderedMarkdown a[href^="#"]');
    // a link names a heading by its GitHub-style slug (what the course website and GitHub
    // resolve); JupyterLab names it by data-jupyter-id, its text with spaces as '-'
    const slug = (text) => text.toLowerCase().replace(/ /g, '-')
      .replace(/[^\p{L}\p{N}_\u4e00-\u9fff\- ]/gu, '');
    const name = link && decodeURIComponent(link.getAttribute('href').slice(1));
    const headings = document.querySelectorAll(
      '.jp-Notebook .jp-RenderedMarkdown :is(h1, h2, h3)');
    const heading = name && [...headings].find((h) => h.dataset.jupyterId === name
      || slug((h.dataset.jupyterId ?? '').replace(/-/g, ' ')) === name);
    const cell = heading?.closest('.jp-Cell');
    if (!cell) return;
    event.preventDefault();
    event.stopPropagation();
    // as a click on that cell would: the notebook makes it the active cell
    cell.dispatchEvent(new MouseEvent('mousedown', {bubbles: true, cancelable: true, button: 0}));
    cell.dispatchEvent(new MouseEvent('mouseup', {bubbles: true, cancelable: true, button: 0}));
    cell.focus();
  }, true);
})();
"""


def slideshow_keys():
    """The script that keeps a presented deck's keys on its slides (see the module docstring).

    Display it once in the deck (the last line of a cell): JupyterLab runs it in
    the page.

    Returns
    -------
    IPython.display.Javascript

    Examples
    --------
    >>> type(slideshow_keys()).__name__
    'Javascript'
    """
    from IPython.display import Javascript

    return Javascript(SLIDESHOW_KEYS_JS)
