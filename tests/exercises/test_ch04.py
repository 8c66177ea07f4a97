"""Chapter 04's checkers: answers right in exact arithmetic are right, and messages say why."""

import numpy as np
import pytest
from scipy.stats import ortho_group

from rankviz.exercises import check


@pytest.mark.parametrize("d", [3, 4, 5, 8])
@pytest.mark.parametrize("seed", range(8))
def test_every_orthogonal_table_attains_novikoffs_bound(d, seed):
    # orthogonal rows of equal length attain (R/rho*)^2 in exact arithmetic; in floats the
    # perceptron sees w.z ~ 1e-17 instead of 0, which must still count as an update
    Q = ortho_group.rvs(d, random_state=seed)
    assert check("04.4", 2.5 * Q).correct


def test_the_3_4_5_table_attains_novikoffs_bound():
    feedback = check("04.4", [[0.6, 0.8, 0], [-0.8, 0.6, 0], [0, 0, 1]])
    assert feedback.correct and "3 updates" in feedback.message


def test_a_nearly_orthogonal_table_does_not():
    # w.z = 1e-3 is a true positive score, not rounding: one update fewer than the bound
    assert not check("04.4", [[1, 0, 0], [1e-3, 1, 0], [0, 0, 1]]).correct


def test_the_proofs_own_ratio_is_told_apart_from_the_stated_factor():
    # at rho = 0.3 the proof uses 2/rho_2 = 8 = 1.2 (2/rho); the bound as stated has 4/rho
    feedback = check("04.1", (2, 1.2))
    assert not feedback.correct and "proof's own term" in feedback.message
    assert check("04.1", (2, 2)).correct
    assert "equality at ρ = 2ρ_k" in check("04.1", (2, 2)).message


def test_orthogonal_rows_of_unequal_length_do_not_attain_it():
    assert not check("04.4", np.diag([1.0, 1.0, 2.0])).correct
