"""rankviz: the companion module of the course on the theory of learning to rank."""

__all__ = ["__version__"]

__version__ = "0.1.0"
