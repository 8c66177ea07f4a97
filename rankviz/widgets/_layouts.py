"""The two layouts of a dashboard: the student's column and the projector's rows.

A private module of :mod:`rankviz.widgets`: :class:`~rankviz.widgets.dashboard.Dashboard`
builds its widget tree here, and :mod:`rankviz.widgets.dashboard` offers the switch
(:func:`presentation_mode`) and the sizes.

* **Student** (the default): the controls and the table of readouts in a
  column on the left, the figure on the right, as a reader on a laptop wants
  them: every control and every number at hand.
* **Presentation** (for a projector; :func:`presentation_mode` switches it on
  for every dashboard built afterwards): no title (the deck's heading names
  it), the main controls and a reset button in rows above the figure (larger
  type), the two to four numbers a talk track cites (``headline``) shown large,
  and a figure drawn at projector size (every point 1.6 px, so text at
  matplotlib's default size is 16 px at its natural width: :data:`PRESENTATION_SCALE`)
  that takes the full width of the notebook and scales with it.  Secondary controls
  (``advanced``: seeds, per-item values) and the full table of readouts are
  folded under "more".

The HTML of the readout table, the headline and the error line, and how a readout's value is
written (:func:`format_value`), are here too.
"""

from __future__ import annotations

import html
import math

import ipywidgets as widgets

from rankviz._validation import check_bool, is_bool

__all__ = [
    "PRESENTATION_DPI",
    "PRESENTATION_SCALE",
    "PRESENTATION_WIDTH",
    "error_html",
    "format_value",
    "headline_html",
    "presentation_enabled",
    "presentation_layout",
    "presentation_mode",
    "readout_html",
    "student_layout",
]

#: Width of a figure in presentation mode, in projector inches of :data:`PRESENTATION_DPI`
#: pixels: 1080 px, the width of a notebook's output area in JupyterLab in a 1280 px wide
#: browser window with the sidebars collapsed, so that it is shown at its natural size
#: there (and scaled down, never up, in a narrower window).
PRESENTATION_WIDTH = 15.0
#: Pixels per projector inch: ``presentation_figsize`` is given in these inches.
PRESENTATION_DPI = 72
#: How much larger than on a laptop every text, line and marker of a figure is drawn in
#: presentation mode.  Sizes in matplotlib are in points: the figure is drawn at
#: ``PRESENTATION_DPI * PRESENTATION_SCALE`` dots per inch (and ``PRESENTATION_SCALE``
#: times fewer inches, so the same pixels), and a point becomes 1.6 px.  Text at
#: matplotlib's default 10 pt is 16 px at the natural size (the back row of a classroom
#: reads 16-18 px on a 1280 px projector), titles 19 px, lines 2.4 px.  The scale
#: belongs to the figure alone: nothing in matplotlib's global ``rcParams`` changes, so a
#: plot drawn at the same moment on another thread (ipykernel 7 delivers widget messages
#: on a thread of their own) keeps its sizes.
PRESENTATION_SCALE = 1.6

_PRESENTATION = {"on": False}

# Type and spacing of a dashboard in presentation mode.  Scoped to the class that
# only the presentation layout's root has; a notebook in the student layout is unchanged.
# As slides (jupyterlab-slideshow's deck mode sets data-jp-deck-mode on <body>), the
# one-word input of a cell that shows a dashboard is hidden (the slide needs the room) and
# the talk track's text is set for the back of the room (22 px, headings 32-40 px).
_PRESENTATION_CSS = """<style>
.rankviz-presentation .widget-label, .rankviz-presentation .widget-readout,
.rankviz-presentation .widget-dropdown select, .rankviz-presentation .widget-text input,
.rankviz-presentation .widget-button, .rankviz-presentation .widget-toggle-button,
.rankviz-presentation .lm-AccordionPanel-title, .rankviz-presentation .p-Accordion-title,
.rankviz-presentation .jupyter-widget-Collapse-header {
  font-size: 17px; line-height: 30px; }
.rankviz-presentation .widget-inline-hbox, .rankviz-presentation .widget-button,
.rankviz-presentation .widget-dropdown select { min-height: 30px; }
.rankviz-presentation .widget-readout { min-width: 4em; }
.rankviz-headline { display: flex; flex-wrap: wrap; gap: 0.4em 2.2em; margin: 0.15em 0 0.2em 0; }
.rankviz-headline .rankviz-number { font-size: 28px; font-weight: bold; line-height: 32px; }
.rankviz-headline .rankviz-name { font-size: 16px; line-height: 20px; color: #333; }
body[data-jp-deck-mode='presenting'] .jp-CodeCell:has(.rankviz-presentation) .jp-Cell-inputWrapper {
  display: none; }
body[data-jp-deck-mode='presenting'] .jp-MarkdownCell .jp-RenderedMarkdown :is(p, li, summary) {
  font-size: 22px; line-height: 1.45; }
body[data-jp-deck-mode='presenting'] .jp-MarkdownCell .jp-RenderedMarkdown h1 { font-size: 40px; }
body[data-jp-deck-mode='presenting'] .jp-MarkdownCell .jp-RenderedMarkdown h2 { font-size: 32px; }
</style>"""


def presentation_mode(on: bool | None = None) -> bool | None:
    """Switch the presentation layout on or off for every dashboard built afterwards.

    The one switch of a classroom deck: call ``presentation_mode(True)`` at its
    top, and each dashboard it builds is laid out for a projector (see the
    module docstring).  A dashboard's own ``presentation=`` argument, when
    given, overrides the switch.

    Parameters
    ----------
    on : bool, optional
        The new setting; without it, the current one is returned.

    Returns
    -------
    bool or None
        The current setting when called without ``on``; None when setting it
        (so that the deck's cell prints nothing).

    Raises
    ------
    TypeError
        If ``on`` is neither None nor a bool.

    Examples
    --------
    >>> presentation_mode()
    False
    >>> presentation_mode(True)
    >>> presentation_mode()
    True
    >>> presentation_mode(False)
    """
    if on is None:
        return _PRESENTATION["on"]
    _PRESENTATION["on"] = check_bool(on, "on")
    return None


def presentation_enabled(presentation: bool | None = None) -> bool:
    """Whether a dashboard built with ``presentation=presentation`` uses the presentation layout.

    A chapter's dashboard function calls it to choose its figure's layout
    (wide and low for a projector) before building its :class:`Dashboard`.

    Parameters
    ----------
    presentation : bool, optional
        The dashboard's own choice; None defers to :func:`presentation_mode`.

    Returns
    -------
    bool

    Raises
    ------
    TypeError
        If ``presentation`` is neither None nor a bool.

    Examples
    --------
    >>> presentation_enabled(), presentation_enabled(True)
    (False, True)
    """
    if presentation is None:
        return _PRESENTATION["on"]
    return check_bool(presentation, "presentation")


def format_value(value) -> str:
    """A readout as shown: floats to 3 decimals, or 3 significant digits below 0.001.

    A small positive quantity that keeps shrinking (a bound, a product of
    normalisers) must not freeze at "0.000".

    Examples
    --------
    >>> [format_value(x) for x in (0.5, 2.0 / 3.0, 0.0, 0.000123456, -4.2e-07, float("nan"))]
    ['0.500', '0.667', '0.000', '1.23 × 10⁻⁴', '−4.20 × 10⁻⁷', 'undefined']
    """
    if is_bool(value):
        return str(bool(value))
    if isinstance(value, float):
        if math.isnan(value):
            return "undefined"
        if value != 0.0 and abs(value) < 0.001:
            mantissa, exponent = f"{value:.2e}".split("e")
            superscript = str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
            return f"{mantissa.replace('-', '−')} × 10{superscript}"
        return f"{value:.3f}"
    return html.escape(str(value))


def student_layout(dash, note):
    """The student layout of ``dash``: title and note, then controls and readouts beside the figure.

    With ``dash``'s ``rebuild``, a button above the controls swaps in the presentation
    layout (``dash.layout_button``).
    """
    header = f"<h3 style='margin:0.2em 0'>{html.escape(dash.title)}</h3>"
    if note:
        header += f"<div style='margin-bottom:0.4em'>{note}</div>"
    switch = []
    if dash.can_swap_layout:
        dash.layout_button = widgets.Button(
            description="⤢ larger figure (projector layout)",
            layout={"width": "100%"},
            tooltip="show this dashboard with its controls above a figure as wide as the "
            "notebook, at the same values",
        )
        dash.layout_button.on_click(lambda _button: dash.swap_layout())
        switch = [dash.layout_button]
    side = widgets.VBox(
        [
            *switch,
            *dash.controls.values(),
            *dash.buttons.values(),
            dash.reset_button,
            dash.readout,
        ],
        layout={"width": "400px", "min_width": "320px"},
    )
    root = widgets.VBox(
        [
            widgets.HTML(header),
            widgets.HBox([side, widgets.VBox([dash.message, dash.image])]),
        ]
    )
    root.add_class("rankviz-dashboard")
    return root


def presentation_layout(dash, advanced):
    """The presentation layout of ``dash``: main controls in rows, headline, figure, "more".

    The controls named by ``advanced`` and the full readout table are folded in an accordion
    (``dash.more``).
    """
    # no title row: the deck's heading names the dashboard, and the height goes to the figure
    dash.reset_button.tooltip = f"{dash.title}: put every control back to its initial value"
    main = [c for name, c in dash.controls.items() if name not in advanced]
    for control in (*main, *dash.buttons.values(), dash.reset_button):
        control.layout.width = "auto"
        control.layout.flex = "1 1 31%"
        control.layout.min_width = "22em"
        control.layout.max_width = "49%"
        control.layout.margin = "1px 6px 1px 0"
        if isinstance(control, widgets.Dropdown):  # half a row: every option uncut
            control.layout.flex = "1 1 48%"
            control.layout.max_width = "100%"
        elif isinstance(control, widgets.Button):  # short: fills what a row leaves
            control.layout.flex = "1 1 15%"
            control.layout.min_width = "10em"
    folded = widgets.VBox([dash.controls[name] for name in advanced])
    more = widgets.Accordion(children=[folded, dash.readout], layout={"width": "100%"})
    for index, name in enumerate(("more controls", "every readout")):
        more.set_title(index, name)
    more.selected_index = None
    dash.more = more
    root = widgets.VBox(
        [
            # a <style> applies even where its element is not displayed
            widgets.HTML(_PRESENTATION_CSS, layout={"display": "none"}),
            widgets.HBox(
                [*main, *dash.buttons.values(), dash.reset_button],
                layout={"flex_flow": "row wrap", "width": "100%"},
            ),
            dash.headline_html,
            dash.message,
            dash.image,
            more,
        ],
        layout={"width": "100%"},
    )
    root.add_class("rankviz-dashboard")
    root.add_class("rankviz-presentation")
    return root


def error_html(error: str | None) -> str:
    """The red line that says why the dashboard cannot draw, or nothing."""
    if error is None:
        return ""
    return f"<div style='color:#B00020'><b>Cannot draw:</b> {html.escape(error)}</div>"


def headline_html(readouts: dict) -> str:
    """The headline readouts as large cards (the presentation layout), or nothing."""
    if not readouts:
        return ""
    cards = "".join(
        f"<div class='rankviz-readout' data-name='{html.escape(str(name), quote=True)}'>"
        f"<div class='rankviz-name'>{html.escape(str(name))}</div>"
        f"<div class='rankviz-number'>{format_value(value)}</div></div>"
        for name, value in readouts.items()
    )
    return f"<div class='rankviz-headline'>{cards}</div>"


def readout_html(readouts: dict) -> str:
    """Every readout as a two-column table, or nothing."""
    if not readouts:
        return ""
    rows = "".join(
        f"<tr><td style='padding-right:1em'>{html.escape(str(k))}</td>"
        f"<td style='text-align:right'><b>{format_value(v)}</b></td></tr>"
        for k, v in readouts.items()
    )
    return f"<table style='margin-top:0.5em'>{rows}</table>"
