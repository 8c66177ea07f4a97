"""Fixtures shared by the plotting tests."""

import matplotlib.pyplot as plt
import pytest


@pytest.fixture
def ax():
    """A fresh Axes, closed after the test."""
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)
