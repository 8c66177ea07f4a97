"""The cvxpy solver rankviz uses unless told otherwise, and the one error it raises on failure.

cvxpy picks a default solver by problem class, and the pick has changed between
its versions (ECOS, OSQP, Clarabel, HiGHS ...).  Naming one solver makes every
optimum rankviz reports, and every notebook output built on it, the same on
every cvxpy the course supports.  CLARABEL is an interior-point solver for
linear, quadratic, second-order-cone and exponential-cone problems, accurate to
about 1e-8, and is installed with cvxpy (a required dependency since 1.4).
For a linear programme whose optimum is not unique it returns a point inside
the optimal face rather than a vertex.

Every rankviz function that calls a solver validates its ``solver`` argument with
:func:`check_solver` (an unknown or uninstalled name is a ``ValueError`` naming
``solver``) and solves through :func:`solve`, so that a failure, whatever the solver, is
one exception type, :class:`SolverError`, whose message names the solver and its status.
:func:`solve_quietly` is the same solve with cvxpy's warnings silenced (an "inaccurate"
solution is reported in the status it returns instead), optionally accepting a status
other than optimal.
"""

from __future__ import annotations

import warnings

__all__ = [
    "DEFAULT_SOLVER",
    "SolverError",
    "check_solver",
    "solve",
    "solve_quietly",
]

#: The cvxpy solver used when a function's ``solver`` argument is None.
DEFAULT_SOLVER = "CLARABEL"


class SolverError(RuntimeError):
    """A convex solver did not reach an optimum (its name and final status are in the message).

    Raised by every rankviz function that calls cvxpy, instead of cvxpy's own errors.
    Bad arguments are reported earlier, as ``ValueError``/``TypeError``; this error
    means the problem was well posed but the solver failed on it (e.g. numerically).
    """


def check_solver(solver: object, name: str = "solver") -> str:
    """Return the solver name to use (``DEFAULT_SOLVER`` for None), or raise naming ``name``."""
    import cvxpy as cp

    if solver is None:
        return DEFAULT_SOLVER
    if not isinstance(solver, str):
        raise TypeError(
            f"{name} must be the name of a cvxpy solver or None, got {type(solver).__name__}"
        )
    installed = cp.installed_solvers()
    if solver.upper() not in installed:
        raise ValueError(
            f"{name} must be one of the installed cvxpy solvers {installed}, got {solver!r}"
        )
    return solver.upper()


def _run(problem, solver: str, what: str, options: dict):
    """``problem.solve`` with cvxpy's and the solvers' exceptions turned into SolverError."""
    import cvxpy as cp

    try:
        return problem.solve(solver=solver, **options)
    except (cp.error.SolverError, ArithmeticError, ValueError) as exc:
        raise SolverError(f"{what}: solver {solver} failed ({exc})") from exc


def _check_optimal(problem, solver: str, what: str) -> None:
    import cvxpy as cp

    if problem.status not in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE):
        raise SolverError(f"{what}: solver {solver} ended with status {problem.status!r}")


def solve(problem, solver: str, what: str, **options) -> float:
    """Solve a cvxpy ``problem`` with ``solver``; raise :class:`SolverError` unless optimal.

    ``what`` says in words which problem it was (e.g. "the RankSVM dual"); it starts the
    message.  Returns the optimal value.
    """
    value = _run(problem, solver, what, options)
    _check_optimal(problem, solver, what)
    return value


def solve_quietly(
    problem, solver: str, what: str, *, require_optimal: bool = True, **options
) -> str:
    """:func:`solve` with every warning raised during the solve silenced; return the final status.

    cvxpy warns (a ``UserWarning``) when a solution "may be inaccurate"; callers read that
    from the status instead.  With ``require_optimal=False`` a status other than optimal
    (infeasible, unbounded, ...) is returned rather than raised; a solver that fails
    still raises :class:`SolverError`.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _run(problem, solver, what, options)
    if require_optimal:
        _check_optimal(problem, solver, what)
    return str(problem.status)
