"""The table-driven bad-input test: what is enumerated, how arguments are mutated, what passes.

Every public callable of rankviz (each name in a public module's ``__all__`` that is a function or
a class defined in rankviz, and each public method of those classes, ``__call__`` included) needs
an entry in one of the ``cases_*.py`` tables of this folder: a :class:`Case` whose ``setup``
returns a valid :class:`Call`.  The test then mutates one argument at a time (each argument of
that call, and each parameter left at a number, string or bool default, such as ``tol``) and
requires, for every mutation,

* a ``TypeError`` or ``ValueError`` raised by rankviz itself (not from deep inside numpy) whose
  message names the argument (as a word), or
* for a mutation the case lists as valid for that argument, a normal return;

never another exception, a silent return of a bad input, a non-finite number returned as an
answer, a hang (each call has ``TIME_LIMIT`` seconds) or an allocation beyond ``MEMORY_LIMIT``.
Each callable runs in its own forked process, so a hang or a huge allocation cannot take the test
run down with it.

A class whose instances only come out of rankviz functions (a result record) is listed in a
table's ``RESULT_TYPES`` with the reason instead; its methods still need cases.
"""

from __future__ import annotations

import dataclasses
import enum
import fractions
import importlib
import inspect
import math
import numbers
import os
import pickle
import pkgutil
import re
import resource
import signal
import traceback
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

import rankviz
from bad_input import tabular

TIME_LIMIT = 10.0  # seconds for one call
MEMORY_LIMIT = 4 * 2**30  # bytes a call may add to the process
HUGE = 10**12  # a size no laptop can serve

# modules whose callables are not part of the course's API: the command-line entry point
EXCLUDED_MODULES = {"rankviz.__main__"}


@dataclass(frozen=True)
class Call:
    """A valid call: ``target(*args, **kwargs)``."""

    target: Callable
    args: tuple = ()
    kwargs: Mapping = field(default_factory=dict)

    def __init__(self, target: Callable, *args, **kwargs):
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "kwargs", kwargs)


@dataclass(frozen=True)
class Case:
    """One table entry.

    setup : a function of no arguments returning the valid :class:`Call` (built afresh in the
        test's process, so it may create figures, generators, ...).
    valid : argument name -> mutation names that are legitimate values for it (the call must then
        return normally or raise a clear error naming the argument).
    skip : argument names not to mutate, each with the reason (e.g. ``ax``, a Matplotlib Axes,
        or a callback); give the reason as the value.
    extra : argument name -> {mutation name: bad value} added to the automatic ones
        (e.g. a cyclic graph where a DAG is required, an out-of-range item id).
    names : argument name -> the name the message uses, when it differs (rare: a
        documented alias).
    infinite_ok : why a returned +-inf is an answer here (e.g. the first threshold of a ROC
        curve is +inf by convention); NaN is never accepted.
    refused_forms : argument name -> {valid-form mutation: reason} for the forms of a valid
        value (:data:`VALID_FORMS`) that this argument refuses with a clear error, or answers
        differently (e.g. float32 scores whose rounding creates a tie).
    large : a function of no arguments returning a call of valid values at a size past what a
        laptop holds (for a function that builds a matrix, a table or a loop over the input's
        size): the call must be refused up front with a clear error naming the limit (a message
        with a number in it), or return within ``TIME_LIMIT`` and ``MEMORY_LIMIT``.
    """

    setup: Callable[[], Call]
    valid: Mapping[str, set] = field(default_factory=dict)
    skip: Mapping[str, str] = field(default_factory=dict)
    extra: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    infinite_ok: str = ""
    refused_forms: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    large: Callable[[], Call] | None = None


class _Sentinel(enum.Enum):
    SAME = 0


# --- enumeration -------------------------------------------------------------------------------


def public_modules():
    """The public modules of rankviz (no part of the dotted name starts with ``_``)."""
    names = ["rankviz"]
    for info in pkgutil.walk_packages(rankviz.__path__, "rankviz."):
        if any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        if info.name in EXCLUDED_MODULES:
            continue
        names.append(info.name)
    return [importlib.import_module(name) for name in sorted(names)]


def _own_methods(cls) -> dict[str, Callable]:
    methods = {}
    for name, value in vars(cls).items():
        if name.startswith("_") and name != "__call__":
            continue
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if isinstance(value, property) or not callable(value):
            continue
        methods[name] = value
    return methods


def public_callables() -> dict[str, object]:
    """Key -> object for every public function, class and method, keyed by where it is defined.

    The key is ``module.qualname`` of the definition (``rankviz.metrics.auc``,
    ``rankviz.preference.CountingPreference.__call__``); an object re-exported by several
    modules appears once.
    """
    found: dict[str, object] = {}
    for module in public_modules():
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if not (inspect.isfunction(inspect.unwrap(obj)) or inspect.isclass(obj)):
                continue
            if not getattr(obj, "__module__", "").startswith("rankviz"):
                continue
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                continue
            found[f"{obj.__module__}.{obj.__qualname__}"] = obj
            if inspect.isclass(obj):
                for mname, method in _own_methods(obj).items():
                    found[f"{obj.__module__}.{obj.__qualname__}.{mname}"] = method
    return found


def load_tables():
    """Merge the ``CASES`` and ``RESULT_TYPES`` of every ``cases_*.py`` module of this folder."""
    cases: dict[str, Case] = {}
    result_types: dict[str, str] = {}
    here = os.path.dirname(__file__)
    for filename in sorted(os.listdir(here)):
        if not (filename.startswith("cases_") and filename.endswith(".py")):
            continue
        module = importlib.import_module(f"bad_input.{filename[:-3]}")
        for key, case in getattr(module, "CASES", {}).items():
            if key in cases:
                raise AssertionError(f"{key} has two cases ({filename})")
            cases[key] = case
        for key, reason in getattr(module, "RESULT_TYPES", {}).items():
            result_types[key] = reason
    return cases, result_types


# --- mutations ---------------------------------------------------------------------------------


def _numeric_array(value) -> np.ndarray | None:
    if isinstance(value, (str, bytes)) or isinstance(value, Mapping):
        return None
    if not isinstance(value, (list, tuple, np.ndarray)):
        return None
    try:
        arr = np.asarray(value)
    except Exception:
        return None
    if arr.dtype == object or arr.size == 0:
        return None
    if not (np.issubdtype(arr.dtype, np.number) or arr.dtype == np.bool_):
        return None
    return arr


# What a mutation must do.  A mutation is BAD unless its label is listed here (or the case lists
# it in ``valid`` for that argument).
#: The valid value in another form (another dtype, a pandas object, an exact rational): the call
#: must return normally with the same answer, within the tolerance (rtol, atol) given here.
VALID_FORMS = {
    "float32": (1e-4, 1e-6),
    "small integer dtype": (1e-9, 1e-12),
    "pandas": (1e-9, 1e-12),
    "float32 scalar": (1e-4, 1e-6),
    "Fraction": (1e-9, 1e-12),
    "sympy Rational": (1e-9, 1e-12),
    "numpy integer": (1e-9, 1e-12),
    "sympy Integer": (1e-9, 1e-12),
}
#: Values a function may accept or refuse: a clear error, or a normal return whose numbers are
#: finite and that raised no RuntimeWarning (no overflow to inf or NaN along the way).
EITHER = {
    "float16",
    "booleans",
    "Fractions in an object array",
    "1e300 entry",
    "-1e300 entry",
    "1e-300 entry",
    "1e300",
    "-1e300",
    "1e-300",
    "10**300",
}
MAGNITUDES = {"1e300": 1e300, "-1e300": -1e300, "1e-300": 1e-300}


def _small_integer_dtype(arr: np.ndarray) -> np.dtype:
    """The narrowest integer dtype holding ``arr``'s values (uint8 first: the wrap-around risk)."""
    low, high = arr.min(), arr.max()
    for dtype in (np.uint8, np.int8, np.int16, np.int32):
        info = np.iinfo(dtype)
        if info.min <= low and high <= info.max:
            return np.dtype(dtype)
    return np.dtype(np.int64)


def _ragged(arr: np.ndarray) -> list:
    """A nested list like ``arr``'s but with rows of two lengths (``[[1, 2], [3]]``)."""
    rows = arr.tolist()
    if arr.ndim == 1:
        return [rows, rows[:-1]]
    return [*rows, rows[-1][:-1]]


def _array_forms(arr: np.ndarray) -> dict[str, object]:
    """The valid-form and either mutations of a numeric array (one per kind of input)."""
    out: dict[str, object] = {}
    if arr.dtype.kind == "f":
        out["float32"] = arr.astype(np.float32)
        out["float16"] = arr.astype(np.float16)
    else:
        out["small integer dtype"] = arr.astype(_small_integer_dtype(arr.astype(np.int64)))
    if arr.dtype != np.bool_:
        out["booleans"] = arr.astype(bool)
    out["Fractions in an object array"] = np.array(
        [fractions.Fraction(x) for x in arr.ravel().tolist()], dtype=object
    ).reshape(arr.shape)
    if (table := tabular.labelled(arr)) is not None:
        out["pandas"] = table
    if arr.ndim >= 1:
        out["ragged"] = _ragged(arr)
    for label, magnitude in MAGNITUDES.items():
        mutated = arr.astype(float)
        mutated.flat[0] = magnitude
        out[f"{label} entry"] = mutated
    return out


def _scalar_forms(value) -> dict[str, object]:
    """The valid-form and either mutations of a real or integer scalar."""
    import sympy

    if isinstance(value, numbers.Integral):
        small = _small_integer_dtype(np.asarray([int(value)]))
        return {
            "numpy integer": small.type(value),
            "sympy Integer": sympy.Integer(int(value)),
            "10**300": 10**300,
        }
    value = float(value)
    out = {
        "float32 scalar": np.float32(value),
        "Fraction": fractions.Fraction(value),
        "sympy Rational": sympy.Rational(value),
    }
    out.update(MAGNITUDES)
    return out


def _axes_3d():
    from matplotlib.figure import Figure

    return Figure(figsize=(2, 2)).add_subplot(projection="3d")


def mutations(value, default) -> dict[str, object]:
    """The automatic mutations of an argument whose valid value is ``value``.

    Most are bad values (the call must raise a clear error); the labels in :data:`VALID_FORMS`
    are the valid value in another form and those in :data:`EITHER` may be accepted or refused.
    """
    from matplotlib.axes import Axes

    out: dict[str, object] = {}
    if isinstance(value, (bool, np.bool_)):
        out.update({"string": "yes", "int 2": 2, "none": None, "nan": math.nan})
    elif isinstance(value, numbers.Integral):
        out.update(
            {
                "negative": -1,
                "huge": HUGE,
                "non-integer": 2.5,
                "string": "3",
                "none": None,
                "bool": True,
                "nan": math.nan,
            }
        )
        out.update(_scalar_forms(value))
    elif isinstance(value, numbers.Real):
        out.update(
            {
                "nan": math.nan,
                "inf": math.inf,
                "-inf": -math.inf,
                "string": "0.5",
                "none": None,
                "complex": complex(float(value), 1.0),
                "bool": True,
            }
        )
        out.update(_scalar_forms(value))
    elif isinstance(value, str):
        out.update({"unknown string": "NOPE", "int": 1, "none": None})
    elif (arr := _numeric_array(value)) is not None:
        flat = arr.astype(float) if arr.dtype.kind in "biu" else arr.copy()
        for label, bad in (("nan", math.nan), ("inf", math.inf), ("-inf", -math.inf)):
            mutated = flat.astype(float).copy()
            mutated.flat[0] = bad
            out[f"{label} entry"] = mutated
        out["empty"] = np.empty((0,) * arr.ndim) if arr.ndim else np.empty(0)
        out["extra dimension"] = arr[np.newaxis]
        if arr.ndim >= 1:
            out["scalar"] = arr.flat[0].item()
        if arr.ndim >= 1 and arr.shape[0] > 1:
            out["one entry fewer"] = arr[:-1]
        out["complex"] = arr + 1j
        out["strings"] = arr.astype(str)
        out["string"] = "abc"
        out["none"] = None
        out.update(_array_forms(arr))
    elif isinstance(value, np.random.Generator):
        out.update({"string": "seed", "negative seed": -1, "float": 0.5})
    elif isinstance(value, Axes):
        out.update({"string": "abc", "int": 7, "none": None, "3-D axes": _axes_3d()})
    elif callable(value):
        out.update({"string": "f", "none": None})
    else:
        out.update({"string": "abc", "int": 7, "none": None})
    # a mutation equal to the parameter's default is a valid call
    if default is not inspect.Parameter.empty:
        for key in list(out):
            if key in VALID_FORMS or key in EITHER:
                continue
            try:
                same = out[key] is default or (
                    not isinstance(out[key], np.ndarray) and out[key] == default
                )
            except Exception:
                same = False
            if same:
                del out[key]
    return out


def same_answer(got, want, rtol: float, atol: float, depth: int = 0) -> str:
    """Where ``got`` differs from ``want`` (numbers within the tolerance); "" if nowhere.

    Compares numbers, arrays, strings, tuples, lists, dicts and dataclasses, four levels deep;
    other objects (an Axes, a figure, a networkx graph) are not compared.
    """
    if depth > 4:
        return ""
    if isinstance(want, (bool, np.bool_, str, type(None))):
        return "" if got == want else f"{got!r} instead of {want!r}"
    if isinstance(want, numbers.Real) and not isinstance(want, (float, int, np.generic)):
        try:  # an exact number (a sympy Rational): compared by value
            got, want = float(got), float(want)
        except (TypeError, ValueError):
            return f"{got!r} instead of {want!r}"
    if isinstance(want, numbers.Number) or isinstance(want, np.ndarray):
        try:
            a, b = np.asarray(got), np.asarray(want)
            if a.shape != b.shape:
                return f"shape {a.shape} instead of {b.shape}"
            if b.dtype.kind in "biuf" and a.dtype.kind in "biuf":
                if np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True):
                    return ""
                return f"{_short(a)} instead of {_short(b)}"
            return "" if np.array_equal(a, b) else f"{_short(a)} instead of {_short(b)}"
        except Exception as exc:
            return f"not comparable ({type(exc).__name__})"
    if isinstance(want, (tuple, list)):
        if not isinstance(got, (tuple, list)) or len(got) != len(want):
            return f"{type(got).__name__} of another length"
        for i, (g, w) in enumerate(zip(got[:50], want[:50], strict=True)):
            if diff := same_answer(g, w, rtol, atol, depth + 1):
                return f"[{i}]: {diff}"
        return ""
    if isinstance(want, Mapping):
        if not isinstance(got, Mapping) or set(got) != set(want):
            return "other keys"
        for key in list(want)[:50]:
            if diff := same_answer(got[key], want[key], rtol, atol, depth + 1):
                return f"[{key!r}]: {diff}"
        return ""
    if dataclasses.is_dataclass(want) and not isinstance(want, type):
        if type(got) is not type(want):
            return f"a {type(got).__name__} instead of a {type(want).__name__}"
        for f in dataclasses.fields(want):
            if diff := same_answer(
                getattr(got, f.name), getattr(want, f.name), rtol, atol, depth + 1
            ):
                return f".{f.name}: {diff}"
    return ""


def _short(arr: np.ndarray) -> str:
    return np.array2string(np.asarray(arr).ravel()[:6], precision=8, threshold=6)


# --- one run -----------------------------------------------------------------------------------


class _Timeout(BaseException):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def _nonfinite(result, depth: int = 0, *, infinite_ok: bool = False) -> bool:
    """Whether a returned value holds NaN (or infinity, unless ``infinite_ok``).

    Looks into tuples, lists and dataclasses, three levels deep.
    """
    if depth > 3:
        return False
    if isinstance(result, (bool, np.bool_, str)):
        return False
    bad = np.isnan if infinite_ok else (lambda x: ~np.isfinite(x))
    if isinstance(result, numbers.Number):
        return isinstance(result, numbers.Real) and bool(bad(float(result)))
    if isinstance(result, np.ndarray):
        return result.dtype.kind == "f" and result.size > 0 and bool(bad(result).any())
    if isinstance(result, (tuple, list)):
        return any(_nonfinite(item, depth + 1, infinite_ok=infinite_ok) for item in result[:50])
    if dataclasses.is_dataclass(result) and not isinstance(result, type):
        return any(
            _nonfinite(getattr(result, f.name), depth + 1, infinite_ok=infinite_ok)
            for f in dataclasses.fields(result)
        )
    return False


def _run_one(
    call: Call, arg: str | None, bad, infinite_ok: bool = False
) -> tuple[str, str, object]:
    """Run ``call`` with argument ``arg`` replaced by ``bad``; return (outcome, detail, result).

    The outcome is "clear", "raw", "hang", "nonfinite", "warning" (a return that raised a
    RuntimeWarning: an overflow or an invalid value on the way) or "returned".
    """
    import matplotlib.pyplot as plt

    signature = None
    try:
        signature = inspect.signature(call.target)
    except (TypeError, ValueError):
        pass
    args, kwargs = list(call.args), dict(call.kwargs)
    if arg is not None:
        bound = signature.bind_partial(*args, **kwargs)
        bound.arguments[arg] = bad
        args, kwargs = list(bound.args), dict(bound.kwargs)
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", RuntimeWarning)
            result = call.target(*args, **kwargs)
    except _Timeout:
        return "hang", f"no answer within {TIME_LIMIT:g} s", None
    except (TypeError, ValueError) as exc:
        tb = traceback.extract_tb(exc.__traceback__)
        if tb and os.path.dirname(rankviz.__file__) not in os.path.abspath(tb[-1].filename):
            # raised by numpy, scipy, ... from deep inside: not a message written for the user
            where = f"{os.path.basename(tb[-1].filename)}:{tb[-1].lineno}"
            return "raw", f"{type(exc).__name__} at {where}: {exc}"[:300], None
        return "clear", f"{type(exc).__name__}: {exc}", None
    except MemoryError:
        return "raw", "MemoryError", None
    except Exception as exc:
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{os.path.basename(tb.filename)}:{tb.lineno}"
        return "raw", f"{type(exc).__name__} at {where}: {exc}"[:300], None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        plt.close("all")
    if _nonfinite(result, infinite_ok=infinite_ok):
        return "nonfinite", "returned a non-finite number", result
    runtime = [w for w in caught if issubclass(w.category, RuntimeWarning)]
    if runtime:
        w = runtime[0]
        where = f"{os.path.basename(w.filename)}:{w.lineno}"
        return "warning", f"returned after a RuntimeWarning at {where}: {w.message}"[:300], result
    return "returned", "", result


def _virtual_memory() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _verdict(
    label: str, outcome: str, detail: str, result, *, shown: str, allowed, refused, original
) -> str:
    """Why one mutation's outcome fails ("" if it passes)."""
    if outcome in ("raw", "hang", "nonfinite", "warning"):
        return f"{outcome}: {detail}"
    if outcome == "clear":
        if not re.search(rf"(?<![\w.]){re.escape(shown)}\b", detail):
            return f"the message does not name {shown!r}: {detail}"
        if label in VALID_FORMS and label not in allowed and label not in refused:
            return f"refused a valid value in another form: {detail}"
        return ""
    # a normal return
    if label in VALID_FORMS:
        if label in refused or label in allowed:
            return ""
        diff = same_answer(result, original, *VALID_FORMS[label])
        return f"another answer than the valid call's: {diff}" if diff else ""
    if label in EITHER or label in allowed:
        return ""
    return "returned silently"


def _run_large(case: Case, infinite_ok: bool) -> tuple[str, str]:
    """Run ``case.large()`` in a process of its own, under a CPU-time limit.

    A call stuck in compiled code (a numpy loop over a huge array) never sees ``SIGALRM``; the
    CPU limit ends it all the same, and the outcome is then "hang".
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the grandchild
        os.close(read_end)
        used = resource.getrusage(resource.RUSAGE_SELF)
        seconds = int(used.ru_utime + used.ru_stime + TIME_LIMIT) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
        try:
            outcome, detail, _ = _run_one(case.large(), None, _Sentinel.SAME, infinite_ok)
        except BaseException as exc:  # a failing setup
            outcome, detail = "raw", f"the call could not be built: {type(exc).__name__}: {exc}"
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(pickle.dumps((outcome, detail)))
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    if not data:
        return "hang", f"no answer within {TIME_LIMIT:g} s of CPU time (status {status})"
    return pickle.loads(data)


def check_callable(key: str, case: Case) -> list[str]:
    """Run every mutation of ``case`` in this process; return the failures as sentences."""
    limit = _virtual_memory() + MEMORY_LIMIT
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY))
    failures = []
    call = case.setup()
    infinite_ok = bool(case.infinite_ok)
    outcome, detail, original = _run_one(call, None, _Sentinel.SAME, infinite_ok)
    if outcome != "returned":
        return [f"the valid call failed: {outcome} {detail}"]
    try:
        signature = inspect.signature(call.target)
        bound = signature.bind_partial(*call.args, **call.kwargs)
    except (TypeError, ValueError) as exc:
        return [f"cannot bind the valid call: {exc}"]
    # the arguments of the valid call, then every other parameter with a default value
    # (a number, a string or a bool: ``tol``, ``solver``, ``n_draws``, ...)
    arguments = dict(bound.arguments)
    for arg, param in signature.parameters.items():
        if (
            arg not in arguments
            and param.default is not param.empty
            and (isinstance(param.default, (numbers.Number, str)))
        ):
            arguments[arg] = param.default
    for arg, value in arguments.items():
        param = signature.parameters[arg]
        if arg in case.skip or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        bad_values = mutations(value, param.default)
        bad_values.update(case.extra.get(arg, {}))
        allowed = case.valid.get(arg, set())
        refused = case.refused_forms.get(arg, {})
        shown = case.names.get(arg, arg)
        for label, bad in bad_values.items():
            outcome, detail, result = _run_one(case.setup(), arg, bad, infinite_ok)
            why = _verdict(
                label,
                outcome,
                detail,
                result,
                shown=shown,
                allowed=allowed,
                refused=refused,
                original=original,
            )
            if why:
                failures.append(f"{arg}={label}: {why}")
    if case.large is not None:
        outcome, detail = _run_large(case, infinite_ok)
        if outcome == "clear" and not re.search(r"\d", detail):
            failures.append(f"past a laptop's size: the message names no limit: {detail}")
        elif outcome not in ("clear", "returned"):
            failures.append(f"past a laptop's size: {outcome}: {detail}")
    return failures


def check_in_child(key: str, case: Case, timeout: float) -> list[str]:
    """:func:`check_callable` in a forked process (memory limit, hangs, crashes contained)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read_end)
        try:
            failures = check_callable(key, case)
        except BaseException as exc:  # a failing setup, reported to the parent
            failures = [f"the case itself failed: {type(exc).__name__}: {exc}"]
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(pickle.dumps(failures))
        os._exit(0)
    os.close(write_end)
    chunks = []
    with os.fdopen(read_end, "rb") as pipe:
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            while chunk := pipe.read(65536):
                chunks.append(chunk)
        except _Timeout:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return [f"the whole case took longer than {timeout:g} s"]
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    _, status = os.waitpid(pid, 0)
    if not chunks:
        return [f"the child process died (status {status})"]
    return pickle.loads(b"".join(chunks))
