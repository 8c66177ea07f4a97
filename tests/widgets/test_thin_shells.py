"""A widget is a thin shell: it holds no experiment and recomputes nothing a compute module returns.

The design (CONTRIBUTING.md, "The rankviz module", Dashboards): a widget's callback calls compute
functions, then plotting functions.  Checked here, in the manner of tests/test_layout.py:

* no widget module defines a record type of its own (a dataclass, a NamedTuple) or a class at
  all, except the shared mechanism in ``dashboard.py``;
* every cache in a widget module is a ``functools.lru_cache`` around a private function that
  returns a compute module's own result object (a class defined in a rankviz compute module)
  or a read-only array a compute function returned, never a namespace or a tuple of arrays;
* what a dashboard's ``setup`` returns (its handles) holds the figure's panels and layout flags
  only: no cache, no data;
* the numbers the margin explorer and the RankBoost stepper show come from the compute
  modules' own methods (replace the method, and the readouts follow).
"""

import ast
import importlib
import inspect
import pathlib
import types

import numpy as np
import pytest
from matplotlib.axes import Axes

import rankviz.widgets
from rankviz.metrics import auc
from rankviz.rankboost import RankBoostModel
from rankviz.ranksvm import LinearUtilityModel, RankSVMModel
from rankviz.widgets import DASHBOARDS

WIDGETS = pathlib.Path(rankviz.widgets.__file__).parent
#: the modules allowed to define classes: the shared redraw mechanism (the dashboard, its
#: declared controls and its renderer), and the static snapshot every dashboard displays
MECHANISM = ("dashboard.py", "controls.py", "_render.py", "snapshot.py")
#: packages whose classes are not compute results
NOT_COMPUTE = ("rankviz.widgets", "rankviz.plotting")


def widget_modules():
    return sorted(path for path in WIDGETS.glob("*.py") if path.name != "__init__.py")


def module_name(path):
    return f"rankviz.widgets.{path.stem}"


def decorator_name(node) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    return ast.unparse(target)


@pytest.mark.parametrize("path", widget_modules(), ids=lambda p: p.name)
def test_no_widget_module_defines_a_record_or_a_class(path):
    tree = ast.parse(path.read_text())
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    imported |= {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert not imported & {"dataclass", "dataclasses", "NamedTuple", "namedtuple"}, path.name
    if path.name not in MECHANISM:
        classes = [node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
        assert not classes, f"{path.name} defines {classes}; widgets hold no types of their own"


@pytest.mark.parametrize("path", widget_modules(), ids=lambda p: p.name)
def test_every_cache_holds_a_compute_modules_own_result(path):
    module = importlib.import_module(module_name(path))
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        caches = [
            d
            for d in node.decorator_list
            if decorator_name(d).split(".")[-1] in ("lru_cache", "cache")
        ]
        if not caches:
            continue
        assert node.name.startswith("_"), f"{path.name}: the cached {node.name} is public"
        assert node.returns is not None, f"{path.name}: {node.name} does not say what it caches"
        returned = eval(ast.unparse(node.returns), vars(module))  # our own source
        assert inspect.isclass(returned), f"{path.name}: {node.name} caches {returned!r}"
        if returned is np.ndarray:
            continue
        origin = returned.__module__
        assert origin.startswith("rankviz.") and not origin.startswith(NOT_COMPUTE), (
            f"{path.name}: {node.name} caches a {returned.__name__} from {origin}, not a "
            "compute module's result"
        )
    # and no cache by hand: no mutable container handed to a namespace or kept at module level
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and isinstance(node.value, (ast.Dict, ast.List, ast.Set)):
            call_names = [
                ast.unparse(parent.func)
                for parent in ast.walk(tree)
                if isinstance(parent, ast.Call) and node in parent.keywords
            ]
            assert "SimpleNamespace" not in call_names, (
                f"{path.name}: a namespace holds a mutable {node.arg}= (a cache by hand)"
            )


def test_cached_arrays_are_read_only():
    from rankviz.widgets import calibration

    values = calibration.CALIBRATION_EXPLORER_DEFAULTS
    key = tuple(values[name] for name in ("loss", "surrogate", "label_a", "label_b", "label_c"))
    for cached in (calibration._loss_matrix(*key), calibration._regret_map(*key)):
        assert not cached.flags.writeable


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(DASHBOARDS))
def test_setup_returns_panels_and_layout_flags_only(key):
    dash = getattr(rankviz.widgets, key)()
    handles = dash._renderer.handles
    values = (
        vars(handles).items()
        if isinstance(handles, types.SimpleNamespace)
        else [("handles", handles)]
    )
    for name, value in values:
        plain = value is None or isinstance(value, (bool, int, float, str))
        assert isinstance(value, Axes) or plain, (
            f"{key}: setup returned {name} = {type(value).__name__}; setup builds panels, "
            "the draw function computes (or asks a cached compute result)"
        )


def test_the_margin_explorer_shows_rank_svms_own_margins(monkeypatch):
    from rankviz.widgets import margin_bound_explorer

    dash = margin_bound_explorer(m=200)
    X, pairs, labels = LinearUtilityModel(d=2, noise=0.1).sample(200, rng=0)
    svm = rankviz.widgets.margins._fitted(200, 0.1, 0.0, 0)
    margins = svm.pairwise_margins(X, pairs, labels) / svm.norm
    assert dash.readouts["training pairwise error"] == np.mean(margins <= 0)
    # replace the model's method: the explorer follows it (it does not compute margins itself)
    original = RankSVMModel.pairwise_margins
    monkeypatch.setattr(
        RankSVMModel,
        "pairwise_margins",
        lambda self, *args, **kwargs: original(self, *args, **kwargs) - 1e6,
    )
    dash.controls["rho"].value = 0.5
    assert dash.readouts["training pairwise error"] == 1.0


def test_the_rankboost_stepper_shows_the_models_own_scores(monkeypatch):
    from rankviz.widgets import rankboost_stepper
    from rankviz.widgets.rankboost import _fitted, _toy_sample

    dash = rankboost_stepper(round=5)
    _, _, X_test, y_test = _toy_sample("ring", 0)
    model = _fitted("ring", 0)
    assert dash.readouts["test AUC"] == auc(y_test, model.decision_function(X_test, rounds=5))
    # replace the model's scores by their negatives: the AUC the stepper shows follows
    original = RankBoostModel.decision_function
    monkeypatch.setattr(
        RankBoostModel,
        "decision_function",
        lambda self, *args, **kwargs: -original(self, *args, **kwargs),
    )
    dash.controls["round"].value = 6
    assert dash.readouts["test AUC"] == pytest.approx(
        1.0 - auc(y_test, original(model, X_test, rounds=6))
    )


def test_no_widget_module_keeps_a_removed_experiment_function():
    """The cached experiments the issue named are gone for good, not aliased."""
    for name, module in (("rankboost_run", "rankboost"), ("margin_bound_fit", "margins")):
        widget = importlib.import_module(f"rankviz.widgets.{module}")
        assert not hasattr(widget, name)


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(DASHBOARDS))
def test_setup_and_draw_check_their_figure_and_handles(key):
    from matplotlib.figure import Figure

    module = importlib.import_module(DASHBOARDS[key])
    setup, draw = getattr(module, f"setup_{key}"), getattr(module, f"draw_{key}")
    values = getattr(rankviz.widgets, key)().values
    with pytest.raises(TypeError, match=r"fig must be a matplotlib\.figure\.Figure"):
        setup(Figure().subplots(), **values)
    with pytest.raises(TypeError, match="must be the handles setup returned"):
        draw(Figure(), **values)
    draw(setup(Figure(), **values), **values)  # and the valid pair draws
