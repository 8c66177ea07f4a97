"""The stored notebook outputs are facts, not bits: another machine must print the same.

nbval compares every stored output with a fresh run, character by character.  A
number printed at floating-point noise level (``7.15e-13``), with more digits than
any solver or summation order can promise (``132.464280``), a negative zero
(``-0.``: the sign of a rounded noise) or a NumPy-2-only repr (``np.float64(0.5)``)
comes out differently on another CPU, BLAS or library version, and the suite fails
there.  This test reads the stored outputs (stdout and ``text/plain``) of every cell
not marked ``# NBVAL_IGNORE_OUTPUT`` or ``# NBVAL_SKIP`` and rejects such numbers.

Print a quantity that is zero up to rounding as a verdict ("zero up to rounding:
True"), round floats to what the claim needs, and write thresholds in words or as
powers of ten (10⁻⁹), not as ``1e-9``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

#: Numbers printed in exponent notation below this are at noise or solver-tolerance level.
SMALLEST_EXPONENT_VALUE = 1e-6
#: More significant digits than this are beyond what the claims of the chapters need, and
#: beyond what solvers (about 1e-8) and summation order (about 1e-16 relative) can promise.
MAX_SIGNIFICANT_DIGITS = 6
IGNORE_MARKERS = ("NBVAL_IGNORE_OUTPUT", "NBVAL_SKIP")
IGNORE_TAGS = ("nbval-ignore-output", "nbval-skip")

# a number with a decimal point or an exponent, not part of a word, a version or an address
_FLOAT = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+(?=[eE]))(?:[eE][-+]?\d+)?(?![\w.])")
_NEGATIVE_ZERO = re.compile(r"(?<![\w.])-0(?:\.0*)?(?:[eE][-+]?\d+)?(?![\w.])")
_NUMPY_SCALAR_REPR = re.compile(
    r"\bnp\.(?:float|int|uint|complex|bool|str)\w*\(|\bnp\.(?:True|False)_"
)


def _significant_digits(token: str) -> int:
    mantissa = re.split(r"[eE]", token.lstrip("+-"))[0]
    digits = mantissa.replace(".", "").lstrip("0")
    return len(digits)


def portability_problems(text: str) -> list[str]:
    """What in a printed output another machine would print differently."""
    problems = []
    for match in _NEGATIVE_ZERO.finditer(text):
        problems.append(f"negative zero {match.group()!r} (the sign of a rounded noise)")
    for match in _FLOAT.finditer(text):
        token = match.group()
        if "e" in token.lower() and abs(float(token)) < SMALLEST_EXPONENT_VALUE:
            problems.append(f"{token!r} is at noise or solver-tolerance level: print a verdict")
        elif _significant_digits(token) > MAX_SIGNIFICANT_DIGITS:
            problems.append(
                f"{token!r} has {_significant_digits(token)} significant digits "
                f"(at most {MAX_SIGNIFICANT_DIGITS})"
            )
    for match in _NUMPY_SCALAR_REPR.finditer(text):
        problems.append(f"{match.group()!r} is a NumPy 2 repr (NumPy 1 prints the bare value)")
    return problems


def _checked_outputs(path: Path):
    """(code cell number, output text) for every output nbval compares strictly."""
    notebook = json.loads(path.read_text())
    code_cells = [
        c for c in notebook["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()
    ]
    for number, cell in enumerate(code_cells, start=1):
        source = "".join(cell["source"])
        tags = cell.get("metadata", {}).get("tags", [])
        if any(m in source for m in IGNORE_MARKERS) or any(t in tags for t in IGNORE_TAGS):
            continue
        for output in cell["outputs"]:
            if output["output_type"] == "stream":
                yield number, "".join(output["text"])
            elif "text/plain" in output.get("data", {}):
                yield number, "".join(output["data"]["text/plain"])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_outputs_print_no_number_another_machine_would_print_differently(path):
    found = [
        f"code cell {number}: {problem}"
        for number, text in _checked_outputs(path)
        for problem in portability_problems(text)
    ]
    assert not found, f"{path.name}:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "text",
    [
        "smallest eigenvalue of K' 7.15e-13",  # notebook 04 before: a zero printed as digits
        "5 (0.09 vs 4e-16)",  # notebook 06: a singular value at noise level
        "Definition 3 gap: cvxpy 7.268e-08",  # below the solver's accuracy
        "gap 0.0e+00 (logistic: 0.009)",  # zero in exponent notation
        "optimal values: primal 132.464280",  # nine digits of a solver's optimum
        "u_statistic_risk 0.1738748151",
        "gradient [   0.     -328.8535  128.5315]",  # seven significant digits
        "alpha = [ 0.  -0.  -1.]",  # a negative zero
        "the tie rounds to -0.000",
        "values [np.float64(0.5), np.True_]",
    ],
)
def test_the_scanner_flags_what_another_machine_prints_differently(text):
    assert portability_problems(text)


@pytest.mark.parametrize(
    "text",
    [
        "simulated 0.4535 ± 0.0005; ERR 0.4537",
        "all 1,940,864 pairs; two chains of 20: 137,846,528,820 orders",
        "R top-down: [1/8, 3/8, 7/8, 0, 3/8, 0]   ERR = 5575/12288 = 0.453695",
        "k =   10: mean squared distance 9.62e-02 (400 sequences)",
        "[ 0.497  0.649  0.168 -0.272 -0.088 -0.535 -0.419]",
        "Running HiGHS 1.16.0 on 127.0.0.1, cell 0x7f3a",
        "x'₀ − x₀ and weights [  inf 1.443 0.91 ]; 1e+03 pairs",
        "K' positive semidefinite up to rounding: True",
        "largest change 0.55 × 10⁻⁶ for moves of about 10⁻⁶",
    ],
)
def test_the_scanner_accepts_portable_outputs(text):
    assert portability_problems(text) == []
