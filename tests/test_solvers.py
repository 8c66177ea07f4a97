"""rankviz._solvers: the default solver and the one error a solver failure raises."""

import cvxpy as cp
import pytest

import rankviz
from rankviz._solvers import DEFAULT_SOLVER, SolverError, check_solver, solve


def test_the_error_is_exported_at_the_top():
    assert rankviz.SolverError is SolverError
    assert issubclass(SolverError, RuntimeError)


def test_check_solver_defaults_and_refuses_unknown_names():
    assert check_solver(None) == DEFAULT_SOLVER
    assert check_solver("clarabel") == "CLARABEL"
    with pytest.raises(ValueError, match="solver must be one of the installed cvxpy solvers"):
        check_solver("NOPE")
    with pytest.raises(TypeError, match="solver must be the name of a cvxpy solver"):
        check_solver(3)


def test_solve_returns_the_optimum_and_reports_failures_with_solver_and_status():
    x = cp.Variable()
    assert solve(cp.Problem(cp.Minimize(x), [x >= 1]), DEFAULT_SOLVER, "a test LP") == (
        pytest.approx(1.0, abs=1e-6)
    )
    infeasible = cp.Problem(cp.Minimize(x), [x >= 1, x <= 0])
    expected = r"a test LP: solver CLARABEL ended with status 'infeasible'"
    with pytest.raises(SolverError, match=expected):
        solve(infeasible, DEFAULT_SOLVER, "a test LP")
