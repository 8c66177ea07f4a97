"""rankviz._solvers: the default solver and the one error a solver failure raises."""

import warnings

import cvxpy as cp
import pytest

import rankviz
from rankviz._solvers import DEFAULT_SOLVER, SolverError, check_solver, solve, solve_quietly


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


def test_solve_quietly_silences_the_solver_and_returns_the_status():
    x = cp.Variable()
    problem = cp.Problem(cp.Minimize(cp.square(x - 2.0)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning escaping the solve would raise here
        assert solve_quietly(problem, "CLARABEL", "a parabola") == cp.OPTIMAL
    assert x.value == pytest.approx(2.0, abs=1e-6)
    infeasible = cp.Problem(cp.Minimize(x), [x >= 1, x <= 0])
    with pytest.raises(SolverError, match="an empty set: solver CLARABEL ended with status"):
        solve_quietly(infeasible, "CLARABEL", "an empty set")
    status = solve_quietly(infeasible, "CLARABEL", "an empty set", require_optimal=False)
    assert status == cp.INFEASIBLE


def test_solve_quietly_turns_a_crash_into_the_one_error():
    x = cp.Variable(integer=True)  # CLARABEL cannot take an integer variable: cvxpy raises
    problem = cp.Problem(cp.Minimize(x), [x >= 0.5])
    with pytest.raises(SolverError, match="an integer: solver CLARABEL failed"):
        solve_quietly(problem, "CLARABEL", "an integer", require_optimal=False)
