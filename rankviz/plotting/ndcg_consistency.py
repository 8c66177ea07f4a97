"""Chapter 10 (listwise surrogates), NDCG consistency: expected normalized gains and the orders
of surrogate minimizers against NDCG's Bayes set.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it and returns it;
the ``style_*_axes`` functions set up an empty Axes as the matching ``plot_*`` function would
(see :mod:`rankviz.plotting`).  Whether an order is Bayes-optimal is told by colour, by a
hatch and by the words written at the end of its row, never by colour alone.
"""

from __future__ import annotations

import numpy as np
from matplotlib.patches import Rectangle

from rankviz._validation import check_array, check_bool, check_int, check_permutation_rows
from rankviz.plotting._style import (
    EXACT_COLOR,
    GUIDE_COLOR,
    POSITIVE_COLOR,
    REFERENCE_COLOR,
    SAMPLE_COLOR,
    _check_axes,
    _check_fontsize,
    _check_labels,
    check_text,
    plot_legend,
)

__all__ = [
    "BAYES_VERDICT",
    "NOT_BAYES_VERDICT",
    "OUTSIDE_HATCH",
    "plot_expected_gains",
    "plot_surrogate_orders",
    "style_expected_gains_axes",
    "style_surrogate_orders_axes",
    "surrogate_order_legend_entries",
]

#: The words written after an order in NDCG's Bayes set, and after one outside it.
BAYES_VERDICT = "✓ in the Bayes set"
NOT_BAYES_VERDICT = "✗ NOT in the Bayes set"
#: Hatch of the boxes of an order outside the Bayes set (the second cue besides colour).
OUTSIDE_HATCH = "///"

#: Width, in positions, left free right of the boxes for the verdict words.
_VERDICT_WIDTH = 3.0


def surrogate_order_legend_entries():
    """Legend entries for :func:`plot_surrogate_orders`, for :func:`plot_legend`.

    Returns
    -------
    list of (str, dict)

    Examples
    --------
    >>> [label for label, _ in surrogate_order_legend_entries()]
    ['order in the Bayes set (✓)', 'order outside the Bayes set (✗, hatched)']
    """
    return [
        (
            f"order in the Bayes set ({BAYES_VERDICT[0]})",
            {"patch": True, "facecolor": SAMPLE_COLOR, "alpha": 0.35, "edgecolor": EXACT_COLOR},
        ),
        (
            f"order outside the Bayes set ({NOT_BAYES_VERDICT[0]}, hatched)",
            {
                "patch": True,
                "facecolor": POSITIVE_COLOR,
                "alpha": 0.35,
                "hatch": OUTSIDE_HATCH,
                "edgecolor": EXACT_COLOR,
            },
        ),
    ]


def style_surrogate_orders_axes(ax, n, row_labels, *, title=None):
    """Set up the table of orders: one row per surrogate, one column per position.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    n : int
        Number of documents (columns), 2 to 8.
    row_labels : sequence of str
        The name of each row, top row first.
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError, TypeError
        If ``n`` or the labels are invalid.
    """
    _check_axes(ax)
    n = check_int(n, "n", minimum=2, maximum=8)
    labels = _check_labels(row_labels, "row_labels")
    title = check_text(title, "title", optional=True)
    ax.set_xlim(-0.6, n - 0.4 + _VERDICT_WIDTH)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.set_xticks(np.arange(n), [f"{k + 1}" for k in range(n)])
    ax.set_yticks(np.arange(len(labels)), labels)
    ax.set_xlabel("position in the order (1 = top)")
    ax.tick_params(length=0)
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    if title is not None:
        ax.set_title(title)
    return ax


def plot_surrogate_orders(
    ax, orders, in_bayes, *, item_names, notes=None, note_fontsize="small", legend=True
):
    """Draw each row's order as a line of document boxes, with its verdict in words.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Set up by :func:`style_surrogate_orders_axes` (or any Axes).
    orders : array_like of int, shape (rows, n)
        ``orders[r, k]`` is the document at position ``k`` of row ``r`` (an order, the
        inverse of a permutation ``sigma``).
    in_bayes : sequence of bool, one per row
        Whether the row's order is in NDCG's Bayes set.
    item_names : sequence of str
        The documents' names (one per document).
    notes : sequence of str, optional
        A short text per row written under its verdict (e.g. the regret).
    note_fontsize : float or str, default "small"
        Size of the notes (None: Matplotlib's default text size).
    legend : bool, default True

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError, TypeError
        If an order is not a permutation, or the lengths disagree.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> _ = plot_surrogate_orders(ax, [[0, 1], [1, 0]], [True, False], item_names="AB")
    >>> sorted(t.get_text() for t in ax.texts)[-2:]
    ['✓ in the Bayes set', '✗ NOT in the Bayes set']
    >>> plt.close(fig)
    """
    _check_axes(ax)
    rows = check_array(orders, "orders", ndim=2, dtype="int")
    check_permutation_rows(rows, "orders")
    verdicts = check_array(in_bayes, "in_bayes", ndim=1, dtype="bool")
    if verdicts.shape[0] != rows.shape[0]:
        raise ValueError(
            f"in_bayes must give one verdict per row of orders ({rows.shape[0]}), "
            f"got {verdicts.shape[0]}"
        )
    names = _check_labels(item_names, "item_names", n=rows.shape[1], per="document")
    texts = (
        [""] * rows.shape[0]
        if notes is None
        else _check_labels(notes, "notes", n=rows.shape[0], per="row")
    )
    legend = check_bool(legend, "legend")
    note_size = _check_fontsize(note_fontsize, "note_fontsize", optional=True, names=True)
    n = rows.shape[1]
    for r, (order, good, note) in enumerate(zip(rows, verdicts, texts, strict=True)):
        color = SAMPLE_COLOR if good else POSITIVE_COLOR
        for k, item in enumerate(order):
            ax.add_patch(
                Rectangle(
                    (k - 0.42, r - 0.36),
                    0.84,
                    0.72,
                    facecolor=color,
                    alpha=0.35,
                    hatch=None if good else OUTSIDE_HATCH,
                    edgecolor=EXACT_COLOR,
                    lw=1.0,
                )
            )
            ax.text(k, r, names[item], ha="center", va="center", fontweight="bold")
        ax.text(
            n - 0.3,
            r - (0.12 if note else 0.0),
            BAYES_VERDICT if good else NOT_BAYES_VERDICT,
            ha="left",
            va="center",
            color=GUIDE_COLOR if good else POSITIVE_COLOR,
            fontweight="normal" if good else "bold",
        )
        if note:
            ax.text(
                n - 0.3,
                r + 0.22,
                note,
                ha="left",
                va="center",
                color=REFERENCE_COLOR,
                fontsize=note_size,
            )
    if legend:
        plot_legend(ax, surrogate_order_legend_entries(), loc="lower right")
    return ax


def style_expected_gains_axes(ax, n, *, title=None):
    """Set up the bars of the expected normalized gains: documents on x, ``eta`` in [0, 1] on y.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    n : int
        Number of documents, 2 to 8.
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError, TypeError
        If ``n`` is out of range.
    """
    _check_axes(ax)
    n = check_int(n, "n", minimum=2, maximum=8)
    title = check_text(title, "title", optional=True)
    ax.set_xlim(-0.6, n - 0.4)
    ax.set_ylim(0.0, 1.1)
    ax.set_yticks(np.linspace(0.0, 1.0, 6))  # no tick label beyond the limits
    ax.set_xlabel("document")
    ax.set_ylabel("expected normalized gain E[G(yᵢ)/N(y)]")
    if title is not None:
        ax.set_title(title)
    return ax


def plot_expected_gains(ax, eta, item_names, *, bayes_rank=None, label_fontsize="small"):
    """Bars of RTY's expected normalized gains, each labelled with its value and its Bayes rank.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    eta : array_like of float, shape (n,)
        The expected normalized gains (in [0, 1]).
    item_names : sequence of str
        One name per document (the x tick labels).
    bayes_rank : array_like of int, optional
        The 1-based position of each document in a Bayes-optimal order, written over its bar.
    label_fontsize : float or str, default "small"
        Size of the values written over the bars (None: Matplotlib's default text size).

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError, TypeError
        If ``eta`` is not in [0, 1] or the lengths disagree.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> _ = plot_expected_gains(ax, [0.6, 0.4], "AB", bayes_rank=[1, 2])
    >>> [t.get_text() for t in ax.texts]
    ['0.600\\n(#1)', '0.400\\n(#2)']
    >>> plt.close(fig)
    """
    _check_axes(ax)
    values = check_array(eta, "eta", ndim=1, bounds=(0.0, 1.0))
    names = _check_labels(item_names, "item_names")
    if len(names) != values.size:
        raise ValueError(
            f"eta and item_names must have one entry per document each, got {values.size} "
            f"gains and {len(names)} names"
        )
    ranks = None
    if bayes_rank is not None:
        ranks = check_array(bayes_rank, "bayes_rank", ndim=1, dtype="int", bounds=(1, values.size))
        if ranks.shape != values.shape:
            raise ValueError(
                f"bayes_rank must give one rank per document ({values.size}), got {ranks.size}"
            )
    label_size = _check_fontsize(label_fontsize, "label_fontsize", optional=True, names=True)
    x = np.arange(values.size)
    ax.bar(x, values, width=0.6, color=EXACT_COLOR, alpha=0.25, edgecolor=EXACT_COLOR)
    ax.set_xticks(x, names)
    for k, value in enumerate(values):
        text = f"{value:.3f}" + ("" if ranks is None else f"\n(#{ranks[k]})")
        ax.text(k, value + 0.02, text, ha="center", va="bottom", fontsize=label_size)
    return ax
