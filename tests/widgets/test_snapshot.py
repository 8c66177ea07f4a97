"""DashboardSnapshot: a dashboard's picture and readouts, shown as two outputs."""

from __future__ import annotations

import pytest
from IPython.core.interactiveshell import InteractiveShell

from rankviz.widgets import roc_explorer
from rankviz.widgets.snapshot import DashboardSnapshot


def displayed(obj) -> list[dict]:
    """The mime bundles IPython's display machinery publishes for ``obj``."""
    shell = InteractiveShell.instance()
    published = []
    original = shell.display_pub.publish
    shell.display_pub.publish = lambda data, metadata=None, **kw: published.append(data)
    try:
        from IPython.display import display

        display(obj)
    finally:
        shell.display_pub.publish = original
    return published


def test_a_chapter_dashboard_snapshot_shows_its_picture_then_every_readout():
    explorer = roc_explorer(presentation=False)
    snap = explorer.snapshot()
    assert snap.data == bytes(explorer.image.value)
    outputs = displayed(snap)
    assert len(outputs) == 2
    assert outputs[0].keys() >= {"image/png"}
    text, table = outputs[1]["text/plain"], outputs[1]["text/html"]
    assert len(snap.readouts) == len(explorer.readouts) >= 5
    for name in explorer.readouts:  # every readout of the live table, in words and numbers
        assert f"  {name}: " in text and f"<th scope='row'>{name}</th>" in table.replace(
            "&#x27;", "'"
        )
    assert "exact AUC: 0.760" in text
    assert table.count("<tr>") == len(explorer.readouts) and "<caption>" in table


def test_a_snapshot_follows_the_state_it_was_taken_at():
    explorer = roc_explorer(presentation=False)
    before = explorer.snapshot().readout_text()
    explorer.set(threshold=1.5)
    after = explorer.snapshot().readout_text()
    assert before != after and "threshold θ: 1.500" in after


def test_without_readouts_only_the_picture_is_shown():
    assert len(displayed(DashboardSnapshot("toy", b"\x89PNG", []))) == 1


def test_readouts_are_escaped_in_html():
    snap = DashboardSnapshot("a < b", b"", [("x < y", "1 & 2")])
    assert "a &lt; b" in snap.readout_html() and "1 &amp; 2" in snap.readout_html()


@pytest.mark.parametrize("readouts", [[("x", 1.0)], ["x"], [("x", "1", "2")]])
def test_readouts_must_be_pairs_of_text(readouts):
    with pytest.raises(TypeError, match="readouts"):
        DashboardSnapshot("toy", b"", readouts)


def test_a_readout_with_markup_characters_reads_plainly():
    # the live table escapes "<" for HTML; the snapshot's text must not show "&lt;"
    from rankviz.widgets import rankboost_stepper

    snap = rankboost_stepper(presentation=False).snapshot()
    stump = dict(snap.readouts)["stump h_t"]
    assert "<=" in stump and "&lt;" not in snap.readout_text()
    assert "&lt;=" in snap.readout_html() and "&amp;" not in snap.readout_html()
