"""Timing helpers shared by the benchmark scripts (not part of rankviz)."""

import time

import numpy as np


def best_time(func, repeats=7):
    """Median wall-clock seconds of ``repeats`` calls (after one warm-up call)."""
    func()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def min_time(func, repeats=3):
    """Smallest wall-clock seconds of ``repeats`` calls (no warm-up: the first call counts)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def verdict(ok: bool) -> str:
    return "meets target" if ok else "MISSES target"
