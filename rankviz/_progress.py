"""A ``tqdm.auto`` progress bar shown only when asked (shared by the long-running compute loops)."""

from __future__ import annotations

__all__ = ["progress_bar"]


def progress_bar(iterable, show: bool, description: str):
    """``iterable`` itself, or wrapped in a ``tqdm.auto`` bar (imported only when shown)."""
    if not show:
        return iterable
    from tqdm.auto import tqdm

    return tqdm(iterable, desc=description, leave=False)
