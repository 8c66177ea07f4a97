"""rankviz: the companion module of the course on the theory of learning to rank."""

from rankviz._solvers import SolverError

__all__ = ["SolverError", "__version__"]

__version__ = "0.1.0"
