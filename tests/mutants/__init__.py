"""The committed mutants of the notebooks' check cells and the harness that runs them."""
