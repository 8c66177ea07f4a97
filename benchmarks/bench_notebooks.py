"""Execution time of every notebook under nbval, and the total.

Target (issue "classroom readiness"): at most 60 s per notebook.  Each notebook
is run exactly as `make test` runs it (pytest --nbval with the project's
settings, in a fresh process), so the times include the kernel's start-up.
"""

import subprocess
import sys
import time
from pathlib import Path

from _timing import verdict

ROOT = Path(__file__).resolve().parents[1]


def nbval_seconds(path: Path) -> tuple[float, bool]:
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", str(path.relative_to(ROOT)), "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return time.perf_counter() - start, result.returncode == 0


if __name__ == "__main__":
    print(f"{'notebook':<34} | {'nbval time':>10} | passed | verdict (<= 60 s)")
    total = 0.0
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        seconds, passed = nbval_seconds(path)
        total += seconds
        print(
            f"{path.name:<34} | {seconds:>8.1f} s | {'yes' if passed else 'NO':>6} | "
            f"{verdict(seconds <= 60 and passed)}"
        )
    print(f"{'total':<34} | {total:>8.1f} s |")
