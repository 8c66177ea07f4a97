"""rankviz.plotting.scheduling (chapter 09): what each function draws, and its errors."""

import pytest

from rankviz.plotting import SCHEDULE_ROUND_LABELS_GID, SCHEDULE_TASK_LABELS_GID, scheduling
from rankviz.scheduling import schedule_loss_parts

W = [[0, 1, 2], [0, 0, 1], [0, 0, 0]]


def test_legend_entries():
    long = [label for label, _ in scheduling.schedule_legend_entries()]
    short = [label for label, _ in scheduling.schedule_legend_entries(short=True)]
    assert len(long) == len(short) == 4 and long[0] == short[0] == "task"
    assert short[1] == "edge satisfied"
    with pytest.raises(TypeError, match="short must be True or False"):
        scheduling.schedule_legend_entries(short=1)


def test_schedule_axes(ax):
    scheduling.style_schedule_axes(ax, variant="completion")
    assert not ax.get_xticks().size and "completion" in ax.get_xlabel()
    scheduling.style_schedule_axes(ax, parts=False)
    assert ax.get_xlabel() == "columns: rounds 1, 2, ..."
    with pytest.raises(ValueError, match="variant must be one of"):
        scheduling.style_schedule_axes(ax, variant="NOPE")


def test_schedule_places_tasks_by_round_and_row(ax):
    parts = schedule_loss_parts([1, 2, 2], W, [1.0, 2.0, 3.0])
    scheduling.plot_schedule(ax, [1, 2, 2], W, parts=parts, labels=["a", "b", "c"])
    tasks = next(c for c in ax.collections if c.get_gid() == SCHEDULE_TASK_LABELS_GID)
    assert tasks.get_offsets().tolist() == [[1, 0], [2, 0], [2, 1]]  # (round, row) per task
    rounds = [c for c in ax.collections if c.get_gid() == SCHEDULE_ROUND_LABELS_GID]
    assert len(rounds) == 1 and len(rounds[0].get_paths()) == 2  # labels of rounds 1 and 2
    assert ax.get_xlim() == (0.4, 2.6)
    with pytest.raises(ValueError, match=r"rounds must lie in 1..r"):
        scheduling.plot_schedule(ax, [0, 1, 1], W)
    with pytest.raises(TypeError, match=r"parts must be a rankviz.scheduling.LossParts"):
        scheduling.plot_schedule(ax, [1, 2, 2], W, parts="depth")
    with pytest.raises(ValueError, match="max_rows must be <="):
        scheduling.plot_schedule(ax, [1, 2, 2], W, max_rows=10**9)
