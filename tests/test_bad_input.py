"""Every public rankviz callable, fed bad arguments one at a time (see tests/bad_input/harness.py).

A new public function, class or method without an entry in a ``tests/bad_input/cases_*.py``
table fails ``test_every_public_callable_has_a_case``.
"""

import pytest
from bad_input.harness import check_in_child, load_tables, public_callables

CALLABLES = public_callables()
CASES, RESULT_TYPES = load_tables()
# a whole case (the valid call and every mutation, each limited to TIME_LIMIT) in its process
CASE_TIMEOUT = 120.0


def test_every_public_callable_has_a_case():
    missing = sorted(key for key in CALLABLES if key not in CASES and key not in RESULT_TYPES)
    assert not missing, f"{len(missing)} public callables have no bad-input case: {missing}"


def test_every_case_names_a_public_callable():
    stale = sorted(key for key in [*CASES, *RESULT_TYPES] if key not in CALLABLES)
    assert not stale, f"cases for names that are not public callables: {stale}"


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(CASES))
def test_bad_input_raises_a_clear_error(key):
    failures = check_in_child(key, CASES[key], CASE_TIMEOUT)
    assert not failures, f"{key}:\n  " + "\n  ".join(failures)
