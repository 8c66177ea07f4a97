"""The static picture of a dashboard with its readouts: what a page without a kernel shows.

A chapter notebook shows ``dashboard.snapshot()`` just before the live dashboard, so that the
chapter reads the same on GitHub, on the course website, in the PDF and under nbval. A picture
alone would lose what the dashboard says in words and numbers (its readout table), and a reader
of a static page, or one who cannot see the picture, would have only the figure's alt text.
So a snapshot displays as two outputs: the picture, then the readouts as a table (HTML, with a
plain-text version for terminals and nbval).
"""

from __future__ import annotations

import html

__all__ = ["DashboardSnapshot"]


class DashboardSnapshot:
    """A dashboard's picture and readouts at one state, displayed as picture then table.

    Parameters
    ----------
    title : str
        The dashboard's title (the table's caption names it).
    png : bytes
        The picture, a PNG file's bytes.
    readouts : sequence of (str, str)
        Each readout's name and its value as the dashboard shows it (already formatted).

    Examples
    --------
    >>> snap = DashboardSnapshot("ROC explorer", b"\\x89PNG...", [("AUC", "0.760")])
    >>> print(snap.readout_text())
    ROC explorer, readouts:
      AUC: 0.760
    >>> snap
    <DashboardSnapshot 'ROC explorer': 1 readouts>
    """

    def __init__(self, title: str, png: bytes, readouts) -> None:
        if not isinstance(title, str):
            raise TypeError(f"title must be a str, not {type(title).__name__}")
        if not isinstance(png, (bytes, bytearray)):
            raise TypeError(f"png must be bytes, not {type(png).__name__}")
        if isinstance(readouts, (str, bytes)) or not hasattr(readouts, "__iter__"):
            raise TypeError(
                f"readouts must be a sequence of (name, value) pairs, not {type(readouts).__name__}"
            )
        pairs = []
        for entry in readouts:
            if not (
                isinstance(entry, tuple)
                and len(entry) == 2
                and all(isinstance(part, str) for part in entry)
            ):
                raise TypeError(f"readouts must hold (name, value) pairs of str, not {entry!r}")
            pairs.append(entry)
        self.title = title
        self.data = bytes(png)  #: the picture (as ``IPython.display.Image.data``)
        self.readouts: list[tuple[str, str]] = pairs

    def picture(self):
        """The picture as an ``IPython.display.Image``."""
        from IPython.display import Image

        return Image(data=self.data, format="png")

    def readout_text(self) -> str:
        """The readouts as plain text, a line each."""
        lines = [f"{self.title}, readouts:"]
        lines += [f"  {name}: {value}" for name, value in self.readouts]
        return "\n".join(lines)

    def readout_html(self) -> str:
        """The readouts as an HTML table with a caption and row headers."""

        def text(value: str) -> str:
            return html.escape(value, quote=False)

        rows = "".join(
            f"<tr><th scope='row'>{text(name)}</th>"
            f"<td style='text-align:right'>{text(value)}</td></tr>"
            for name, value in self.readouts
        )
        return (
            f"<table class='rankviz-snapshot-readouts'><caption>{text(self.title)}: "
            f"what the dashboard reads at this state</caption><tbody>{rows}</tbody></table>"
        )

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.picture())
        if self.readouts:
            display({"text/html": self.readout_html(), "text/plain": self.readout_text()}, raw=True)

    def __repr__(self) -> str:
        return f"<DashboardSnapshot {self.title!r}: {len(self.readouts)} readouts>"
