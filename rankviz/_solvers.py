"""The cvxpy solver rankviz uses unless told otherwise.

cvxpy picks a default solver by problem class, and the pick has changed between
its versions (ECOS, OSQP, Clarabel, HiGHS ...).  Naming one solver makes every
optimum rankviz reports, and every notebook output built on it, the same on
every cvxpy the course supports.  CLARABEL is an interior-point solver for
linear, quadratic, second-order-cone and exponential-cone problems, accurate to
about 1e-8, and is installed with cvxpy (a required dependency since 1.4).
For a linear programme whose optimum is not unique it returns a point inside
the optimal face rather than a vertex.
"""

__all__ = ["DEFAULT_SOLVER"]

#: The cvxpy solver used when a function's ``solver`` argument is None.
DEFAULT_SOLVER = "CLARABEL"
