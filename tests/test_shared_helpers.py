"""No hand-written copy of a shared helper comes back into rankviz.

CONTRIBUTING.md, "Layout", "The rankviz module", its bullets on validation and on the shared
private cores: validation happens once, through
``rankviz/_validation.py`` (``check_bool`` for a flag, ``is_bool`` where a number must not be
a bool, ``check_permutation_rows`` for "a permutation of 0..n-1"); a convex solve goes through
``rankviz/_solvers.py`` (``solve``, ``solve_quietly``); a networkx graph is built by
``rankviz/_graphs.py``; the boosting loops share ``rankviz/_boosting.py``.  Each pattern
below is what a copy of one of them looks like; the scan reads every source of rankviz.
"""

import re
from pathlib import Path

import pytest

import rankviz

PACKAGE = Path(rankviz.__file__).parent
SOURCES = sorted(PACKAGE.rglob("*.py"))

# pattern -> (the one module allowed to hold it, what to use instead)
COPIES = {
    r"nx\.DiGraph\(": ("_graphs.py", "rankviz._graphs.digraph_from_weights / digraph_from_edges"),
    r"\(bool, np\.bool_\)|isinstance\([^()]*, bool\)": (
        "_validation.py",
        "rankviz._validation.check_bool (a flag) or is_bool (a number that must not be a bool)",
    ),
    r"(?<!linalg)\.solve\(\s*solver": ("_solvers.py", "rankviz._solvers.solve / solve_quietly"),
    r"warnings\.simplefilter\(\"ignore\"": ("_solvers.py", "rankviz._solvers.solve_quietly"),
    r"np\.sort\([^\n]*\)\s*==\s*np\.arange|np\.array_equal\(np\.sort\(": (
        "_validation.py",
        "rankviz._validation.check_permutation_rows",
    ),
    r"0\.5 \* math\.log\(\(?eps_plus": ("_boosting.py", "rankviz._boosting.smoothed_step"),
    r"np\.empty\(\(n_rounds, 5\)\)": ("_boosting.py", "rankviz._boosting.RoundRecord"),
}


def copies_in(text: str, pattern: str) -> list[int]:
    """Line numbers of ``text`` where ``pattern`` matches."""
    return [text.count("\n", 0, m.start()) + 1 for m in re.finditer(pattern, text)]


@pytest.mark.parametrize("pattern", COPIES, ids=[COPIES[p][1].split()[0] for p in COPIES])
def test_no_hand_written_copy_of_a_shared_helper(pattern):
    home, instead = COPIES[pattern]
    found = []
    for path in SOURCES:
        relative = path.relative_to(PACKAGE).as_posix()
        if relative == home:
            continue
        found += [f"rankviz/{relative}:{line}" for line in copies_in(path.read_text(), pattern)]
    assert not found, f"use {instead} instead of a copy at: {', '.join(found)}"


@pytest.mark.parametrize("pattern", COPIES)
def test_each_pattern_finds_the_copy_it_guards_against(pattern):
    home, _ = COPIES[pattern]
    assert copies_in((PACKAGE / home).read_text(), pattern), (
        f"{pattern!r} matches nothing in rankviz/{home}: the pattern no longer describes the helper"
    )


def test_is_bool_is_what_check_bool_accepts():
    import numpy as np

    from rankviz._validation import check_bool, is_bool

    for value in (True, False, np.bool_(True)):
        assert is_bool(value) and check_bool(value, "flag") is bool(value)
    for value in (0, 1, 1.0, np.int64(1), "True", None):
        assert not is_bool(value)
        with pytest.raises(TypeError, match="flag must be True or False"):
            check_bool(value, "flag")


def test_the_one_permutation_check():
    import numpy as np

    from rankviz._validation import check_permutation_rows

    good = np.array([[2, 0, 1], [0, 1, 2]])
    assert check_permutation_rows(good, "sigmas") is good
    row = good[0]
    assert check_permutation_rows(row, "sigma") is row
    with pytest.raises(ValueError, match=r"sigma must be a permutation of 0, \.\.\., 2"):
        check_permutation_rows(np.array([1, 1, 0]), "sigma")
    with pytest.raises(ValueError, match="one per row"):
        check_permutation_rows(np.array([[0, 1, 2], [0, 3, 1]]), "sigmas")
    with pytest.raises(ValueError, match=r"an array of shape \(30,\)"):  # long ones not printed
        check_permutation_rows(np.zeros(30, dtype=int), "sigma")
