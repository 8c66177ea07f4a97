"""A dashboard's controls, declared once: the sliders, dropdowns and text boxes, and their checks.

A chapter declares each control of its dashboard once, in a :class:`Controls`: its keyword,
label, default and what it allows (a :class:`Slider`'s range and step, a :class:`Choice`'s
options, a :class:`Text`'s check).  From that one declaration come

* the widgets (:meth:`Controls.build`): ``ipywidgets`` sliders, dropdowns and text boxes,
  styled alike;
* the checks of every value set from code: the dashboard factory's keywords
  (:meth:`Controls.initial`), ``Dashboard.set`` (through :func:`check_control_value`), a value
  set on a slider's ``.value`` and the keywords of the chapter's ``draw_*`` function
  (:meth:`Controls.check`);
* the documentation: :meth:`Controls.describe` lists every control with its range, and
  :func:`document_controls` writes that list into the dashboard factory's docstring.

Values set from code
--------------------
A value a control cannot take raises a ``ValueError`` or ``TypeError`` naming the keyword and
what the control allows: a number outside a slider's range, NaN or infinity, a non-integer for
an integer slider, a string for a slider, an option a dropdown does not have.  Nothing is
clamped.  A number *between two steps* of a slider (``0.1 + 0.2``, or ``m=60`` on a slider
of step 50) is moved to the nearest step, written with as many decimals as the slider's
minimum and step need, the value the browser's slider shows: otherwise the browser would round
it and send the rounded value back to the kernel, possibly after the script had moved on.
A ``draw_*`` function takes any value in the range unrounded (values the browser sends are
in its own arithmetic, e.g. ``0.05 + 11 * 0.05``).  Values the browser sends are its own
slider's and are kept as they are.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal

import ipywidgets as widgets
from traitlets import TraitError, validate

from rankviz._validation import check_bool, check_int, check_real, check_text, is_bool
from rankviz.widgets._shell import check_names

__all__ = [
    "MAX_SLIDER_POSITIONS",
    "Choice",
    "ControlValueError",
    "Controls",
    "Slider",
    "Text",
    "check_control_value",
    "document_controls",
    "dropdown",
    "float_slider",
    "initial_values",
    "int_slider",
]

#: Most positions a slider may have ((max - min) / step): a slider on a screen has fewer pixels.
MAX_SLIDER_POSITIONS = 100_000

_DESCRIPTION_STYLE = {"description_width": "11em"}
_CONTROL_LAYOUT = {"width": "100%"}


class ControlValueError(ValueError, TraitError):
    """A value set from code that its control cannot take.

    A ``ValueError`` (what rankviz raises for a bad value) and a ``traitlets.TraitError``
    (what ipywidgets code expects from a widget that refuses a value).
    """


def _decimals(*numbers_) -> int:
    """How many decimals the shortest representations of ``numbers_`` need (at most 12)."""
    return min(12, max(max(0, -Decimal(repr(float(x))).as_tuple().exponent) for x in numbers_))


def _shown(x) -> str:
    """A number as a message shows it: ``3``, ``0.05``, ``-3``."""
    return f"{x:g}" if isinstance(x, float) else str(x)


class Slider:
    """A slider's declaration: its label, default, range and step.

    Parameters
    ----------
    label : str
        Shown to the left of the slider.
    default : int or float
        The initial value, ``min <= default <= max``.
    min, max, step : int or float
        The range and the step; ``(max - min) / step <= MAX_SLIDER_POSITIONS``.
    integer : bool, default False
        An integer slider (every number an int) rather than a real one.
    readout_format : str, default ".2f"
        Format of the number shown to the right (real sliders).
    continuous_update : bool, default True
        Redraw while dragging; False for a control whose redraw is slow.

    Raises
    ------
    TypeError, ValueError
        As :func:`float_slider` and :func:`int_slider`.

    Examples
    --------
    >>> spec = Slider("sample size n", 200, 20, 5000, 10, integer=True)
    >>> spec.check(1000, "n")
    1000
    >>> spec.check(10**9, "n")
    Traceback (most recent call last):
    ...
    rankviz.widgets.controls.ControlValueError: n must be an integer from 20 to 5000 in steps \
of 10 (the slider 'sample size n'), got 1000000000
    """

    def __init__(
        self,
        label,
        default,
        min,
        max,
        step=1,
        *,
        integer=False,
        readout_format=".2f",
        continuous_update=True,
    ) -> None:
        label = check_text(label, "label")
        self.integer = check_bool(integer, "integer")
        check = check_int if self.integer else check_real
        numbers_ = {
            name: _check_labelled(check, label, value, name)
            for name, value in (("min", min), ("max", max), ("step", step), ("default", default))
        }
        low, high, step = numbers_["min"], numbers_["max"], numbers_["step"]
        if not low < high:
            raise ValueError(f"{label!r}: min must be < max, got {low} and {high}")
        if not step > 0:
            raise ValueError(f"{label!r}: step must be > 0, got {step}")
        if (high - low) / step > MAX_SLIDER_POSITIONS:
            raise ValueError(
                f"{label!r}: (max - min) / step must be <= {MAX_SLIDER_POSITIONS} "
                f"(MAX_SLIDER_POSITIONS), got {(high - low) / step:.3g}"
            )
        if step > high - low:
            raise ValueError(f"{label!r}: step must be <= max - min, got {step}")
        if not low <= numbers_["default"] <= high:
            raise ValueError(f"{label!r}: default {numbers_['default']} is outside [{low}, {high}]")
        self.label, self.min, self.max, self.step = label, low, high, step
        self.readout_format = check_text(readout_format, "readout_format")
        self.continuous_update = check_bool(continuous_update, "continuous_update")
        self.default = self._snap(numbers_["default"])

    def allowed(self) -> str:
        """What the slider allows, in words."""
        kind = "an integer" if self.integer else "a number"
        steps = "" if self.integer and self.step == 1 else f" in steps of {_shown(self.step)}"
        return f"{kind} from {_shown(self.min)} to {_shown(self.max)}{steps}"

    def check(self, value, name: str, *, snap: bool = True):
        """``value`` checked for keyword ``name``; moved to the nearest step when ``snap``.

        Raises ``TypeError`` for a value of the wrong type and :class:`ControlValueError`
        for NaN, infinity or a value outside the range, naming ``name`` and the range.
        """
        name, snap = check_text(name, "name"), check_bool(snap, "snap")
        where = f"(the slider {self.label!r})"
        if is_bool(value) or not isinstance(
            value, numbers.Integral if self.integer else numbers.Real
        ):
            raise TypeError(f"{name} must be {self.allowed()} {where}, got {type(value).__name__}")
        number = int(value) if self.integer else float(value)
        if not self.integer and not math.isfinite(number):
            raise ControlValueError(f"{name} must be {self.allowed()} {where}, got {number}")
        if not self.min <= number <= self.max:
            raise ControlValueError(
                f"{name} must be {self.allowed()} {where}, got {_shown(number)}"
            )
        return self._snap(number) if snap else number

    def _snap(self, number):
        """The grid value ``min + k * step`` nearest to ``number`` (inside the range)."""
        steps = round((number - self.min) / self.step)
        snapped = min(max(self.min + steps * self.step, self.min), self.max)
        if self.integer:
            return int(snapped)
        return round(snapped, _decimals(self.min, self.step))

    def widget(self, value=None, name: str | None = None):
        """The ipywidgets slider, at ``value`` (checked for keyword ``name``) or the default."""
        name = check_text(name, "name", optional=True)
        value = self.default if value is None else self.check(value, name or self.label)
        cls = _SteppedIntSlider if self.integer else _SteppedFloatSlider
        options = {} if self.integer else {"readout_format": self.readout_format}
        try:
            slider = cls(
                value=value,
                min=self.min,
                max=self.max,
                step=self.step,
                description=self.label,
                continuous_update=self.continuous_update,
                style=_DESCRIPTION_STYLE,
                layout=_CONTROL_LAYOUT,
                **options,
            )
        except TraitError as exc:  # the one trait left unchecked: the format
            raise ValueError(
                f"readout_format must be a number format such as '.2f', got {self.readout_format!r}"
            ) from exc
        slider.declaration, slider.keyword = self, name or self.label
        return slider

    def __repr__(self) -> str:
        return f"Slider({self.label!r}: {self.allowed()}, default {_shown(self.default)})"


class Choice:
    """A dropdown's declaration: its label, its options and its default.

    Parameters
    ----------
    label : str
        Shown to the left of the dropdown.
    options : sequence of str or of (label, value) pairs
        The choices.
    default : optional
        The initial value; the first option's by default.

    Raises
    ------
    TypeError, ValueError
        As :func:`dropdown`.

    Examples
    --------
    >>> spec = Choice("gain", [("2^y - 1", "exponential"), ("y", "linear")])
    >>> spec.default, spec.check("linear", "gain")
    ('exponential', 'linear')
    """

    def __init__(self, label, options, default=None) -> None:
        label = check_text(label, "label")
        if isinstance(options, (str, bytes, Mapping)) or not isinstance(options, Iterable):
            raise TypeError(
                f"options of {label!r} must be a sequence of strings or of "
                f"(label, value) pairs, got {type(options).__name__}"
            )
        options = list(options)
        if not options:
            raise ValueError(f"options of {label!r} must not be empty")
        for option in options:
            text = option[0] if isinstance(option, tuple) and len(option) == 2 else option
            if not isinstance(text, str):
                raise TypeError(
                    f"options of {label!r} must be strings or (label, value) "
                    f"pairs with string labels, got {option!r}"
                )
        self.label, self.options = label, options
        self.values = tuple(o[1] if isinstance(o, tuple) else o for o in options)
        if default is None:
            default = self.values[0]
        if not _among(default, self.values):
            raise ValueError(
                f"default of {label!r} must be one of {list(self.values)}, got {default!r}"
            )
        self.default = default

    def allowed(self) -> str:
        """What the dropdown allows, in words."""
        return "one of " + ", ".join(repr(v) for v in self.values)

    def check(self, value, name: str, *, snap: bool = True):
        """``value`` if it is one of the options, else an error naming ``name`` and them."""
        name, snap = check_text(name, "name"), check_bool(snap, "snap")
        if not _among(value, self.values):
            error = TypeError if not isinstance(value, type(self.default)) else ControlValueError
            raise error(
                f"{name} must be {self.allowed()} (the dropdown {self.label!r}), got {value!r}"
            )
        return value

    def widget(self, value=None, name: str | None = None):
        """The ipywidgets dropdown, at ``value`` (checked for keyword ``name``) or the default."""
        name = check_text(name, "name", optional=True)
        value = self.default if value is None else self.check(value, name or self.label)
        dropdown_ = widgets.Dropdown(
            options=self.options,
            value=value,
            description=self.label,
            style=_DESCRIPTION_STYLE,
            layout=_CONTROL_LAYOUT,
        )
        dropdown_.declaration, dropdown_.keyword = self, name or self.label
        return dropdown_

    def __repr__(self) -> str:
        return f"Choice({self.label!r}: {self.allowed()}, default {self.default!r})"


class Text:
    """A text box's declaration: its label, its default and the check of what is typed.

    Parameters
    ----------
    label : str
        Shown to the left of the box.
    default : str
        The initial text.
    check : callable, optional
        ``check(text, name)`` raises ``ValueError`` naming ``name`` if the text cannot be
        read (a mistyped ranking).  It runs on a factory keyword and on ``Dashboard.set``;
        what a reader types is shown by the dashboard as an error instead.
    allowed : str, default "a string"
        What the box takes, in words (for the documentation).
    description_width : str, default "11em"
        Width of the label.

    Examples
    --------
    >>> Text("ranking", "A B").check("B A", "order")
    'B A'
    """

    def __init__(
        self,
        label,
        default,
        check: Callable | None = None,
        *,
        allowed="a string",
        description_width="11em",
    ) -> None:
        self.label = check_text(label, "label")
        if check is not None and not callable(check):
            raise TypeError(f"check must be callable or None, got {type(check).__name__}")
        self._check = check
        self.description = check_text(allowed, "allowed")
        self.description_width = check_text(description_width, "description_width")
        self.default = self.check(default, "default")

    def allowed(self) -> str:
        """What the box takes, in words."""
        return self.description

    def check(self, value, name: str, *, snap: bool = True) -> str:
        """``value`` if it is a string the box's check accepts, else an error naming ``name``."""
        name, snap = check_text(name, "name"), check_bool(snap, "snap")
        if not isinstance(value, str):
            raise TypeError(
                f"{name} must be {self.allowed()} (the box {self.label!r}), "
                f"got {type(value).__name__}"
            )
        if self._check is not None:
            self._check(value, name)
        return value

    def widget(self, value=None, name: str | None = None):
        """The ipywidgets text box (updated on Enter), at ``value`` or the default."""
        name = check_text(name, "name", optional=True)
        value = self.default if value is None else self.check(value, name or self.label)
        box = widgets.Text(
            value=value,
            description=self.label,
            continuous_update=False,
            style={"description_width": self.description_width},
            layout=_CONTROL_LAYOUT,
        )
        box.declaration, box.keyword = self, name or self.label
        return box

    def __repr__(self) -> str:
        return f"Text({self.label!r}: {self.allowed()}, default {self.default!r})"


_DECLARATIONS = (Slider, Choice, Text)


class Controls(Mapping):
    """Every control of one dashboard, declared once, by the keyword its value is passed under.

    A read-only mapping of keyword to declaration (:class:`Slider`, :class:`Choice`,
    :class:`Text`), in the order the student layout shows them.

    Parameters
    ----------
    dashboard : str
        The dashboard's name, for messages.
    **declarations
        keyword -> declaration.

    Raises
    ------
    TypeError
        If a declaration is not a :class:`Slider`, :class:`Choice` or :class:`Text`.
    ValueError
        If there are none.

    Examples
    --------
    >>> controls = Controls("demo", slope=Slider("slope", 1.0, -2.0, 2.0, 0.5))
    >>> controls.defaults
    {'slope': 1.0}
    >>> controls.initial(slope=0.6)      # between two steps: the nearest one
    {'slope': 0.5}
    >>> controls.check({"slope": 0.6})   # a draw function's value: checked, not moved
    {'slope': 0.6}
    >>> controls.initial(slope=3.0)
    Traceback (most recent call last):
    ...
    rankviz.widgets.controls.ControlValueError: slope must be a number from -2 to 2 in steps \
of 0.5 (the slider 'slope'), got 3
    """

    def __init__(self, dashboard, **declarations) -> None:
        self.dashboard = check_text(dashboard, "dashboard")
        if not declarations:
            raise ValueError(f"{dashboard} must declare at least one control")
        for name, declaration in declarations.items():
            if not isinstance(declaration, _DECLARATIONS):
                raise TypeError(
                    f"control {name!r} of {dashboard} must be a Slider, Choice or Text, "
                    f"got {type(declaration).__name__}"
                )
        self._declarations = dict(declarations)

    def __getitem__(self, name):
        return self._declarations[name]

    def __iter__(self):
        return iter(self._declarations)

    def __len__(self) -> int:
        return len(self._declarations)

    @property
    def defaults(self) -> dict:
        """Every control's default value, by keyword (a new dict at each call)."""
        return {name: spec.default for name, spec in self._declarations.items()}

    def check(self, values, *, snap: bool = False) -> dict:
        """Check control values by keyword (a draw function's, or a subset of them).

        Parameters
        ----------
        values : mapping
            keyword -> value; every keyword must be a declared control.
        snap : bool, default False
            Move a slider's value between two steps to the nearest step (what a value set
            on the dashboard gets); a draw function's values are only checked.

        Returns
        -------
        dict
            The checked values, in the order given (ints as int, reals as float).

        Raises
        ------
        TypeError
            If ``values`` is not a mapping, names an unknown control, or a value has the
            wrong type.
        ValueError
            If a value is outside what its control allows (the message names the keyword
            and the range or options).
        """
        if not isinstance(values, Mapping):
            raise TypeError(
                f"values must be a mapping of control values, got {type(values).__name__}"
            )
        unknown = [name for name in values if name not in self._declarations]
        if unknown:
            raise TypeError(
                f"{self.dashboard} got unknown controls {sorted(map(str, unknown))}; "
                f"known: {sorted(self._declarations)}"
            )
        return {
            name: self._declarations[name].check(value, name, snap=snap)
            for name, value in values.items()
        }

    def initial(self, **initial) -> dict:
        """The dashboard's starting values: the defaults, overridden by ``initial`` (checked).

        Raises
        ------
        TypeError, ValueError
            As :meth:`check`; a value between two steps of a slider is moved to the nearest.
        """
        return {**self.defaults, **self.check(initial, snap=True)}

    def build(self, values=None, order: Iterable[str] | None = None) -> dict:
        """The ipywidgets controls, by keyword, at ``values`` (checked) or the defaults.

        ``order`` lists the keywords in the order the dashboard shows them (all by default).
        """
        if values is not None and not isinstance(values, Mapping):
            raise TypeError(
                f"values must be a mapping of control values, got {type(values).__name__}"
            )
        values = self.initial(**(values or {}))
        names = list(self._declarations) if order is None else list(check_names(order, "order"))
        unknown = sorted(set(names) - set(self._declarations))
        if unknown:
            raise ValueError(f"order names unknown controls {unknown}")
        return {name: self._declarations[name].widget(values[name], name) for name in names}

    def describe(self) -> str:
        """One reStructuredText bullet per control: keyword, label, what it allows, default."""
        return "\n".join(
            f"* ``{name}``: {spec.label}, {spec.allowed()} (default ``{spec.default!r}``)"
            for name, spec in self._declarations.items()
        )

    def __repr__(self) -> str:
        return f"<Controls of {self.dashboard}: {', '.join(self._declarations)}>"


def document_controls(controls: Controls, marker: str = "{controls}"):
    """A decorator writing ``controls.describe()`` into a function's docstring at ``marker``.

    The marker stands alone on its line; every line of the list gets its indentation, and a
    blank line follows the list.

    Raises
    ------
    TypeError
        If ``controls`` is not a :class:`Controls`.
    """
    if not isinstance(controls, Controls):
        raise TypeError(f"controls must be a Controls, got {type(controls).__name__}")
    marker = check_text(marker, "marker")

    def decorate(function):
        doc = function.__doc__ or ""
        lines = []
        after_list = False
        for line in doc.splitlines():
            if after_list and line.strip():
                lines.append("")  # a bullet list ends with a blank line (reStructuredText)
            after_list = line.strip() == marker
            if after_list:
                indent = line[: len(line) - len(line.lstrip())]
                lines.extend(indent + entry for entry in controls.describe().splitlines())
            else:
                lines.append(line)
        function.__doc__ = "\n".join(lines)
        return function

    return decorate


def check_control_value(control, name: str, value):
    """``value`` checked for the control ``control`` set from code under keyword ``name``.

    A control made from a declaration (every control :class:`Controls`, :func:`float_slider`,
    :func:`int_slider` and :func:`dropdown` make) checks it as its declaration says (a
    slider's value between two steps moved to the nearest); another ipywidgets control gets it
    unchecked, and its own traits decide.

    Raises
    ------
    TypeError, ValueError
        If the control cannot take the value (the message names ``name``).
    """
    name = check_text(name, "name")
    declaration = getattr(control, "declaration", None)
    if isinstance(declaration, _DECLARATIONS):
        return declaration.check(value, name, snap=True)
    return value


def _among(value, values) -> bool:
    try:
        return any(value == v and type(value) is type(v) for v in values) or (
            isinstance(value, str) and value in values
        )
    except Exception:  # a value whose comparison fails (an array) is no option
        return False


def _check_labelled(check, label, value, name):
    """``check(value, name)``, its message prefixed by the control's label."""
    try:
        return check(value, name)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"{label!r}: {exc}") from None


def _kernel_value(slider, proposal, value):
    """A value set on a slider: the browser's kept, the kernel's checked and moved to a step."""
    if "value" in slider._property_lock:
        # a value the browser sent (in its own arithmetic, e.g. 0.05 + 11 * 0.05): keep it,
        # or the kernel and the browser would correct each other back and forth
        return value
    declaration = getattr(slider, "declaration", None)
    if declaration is None:  # during construction: the declaration checked the value
        return value
    try:
        return declaration.check(proposal["value"], slider.keyword)
    except TypeError as exc:
        raise ControlValueError(str(exc)) from None


class _SteppedFloatSlider(widgets.FloatSlider):
    """A FloatSlider whose value is always on its grid ``min + k * step``, written shortest;
    a value set from the kernel outside its range is refused, not clamped."""

    @validate("value")
    def _validate_value(self, proposal):
        return _kernel_value(self, proposal, super()._validate_value(proposal))


class _SteppedIntSlider(widgets.IntSlider):
    """An IntSlider whose value is always on its grid ``min + k * step``; a value set from
    the kernel outside its range is refused, not clamped."""

    @validate("value")
    def _validate_value(self, proposal):
        return _kernel_value(self, proposal, super()._validate_value(proposal))


def float_slider(
    description, value, min, max, step, *, readout_format=".2f", continuous_update=True
):
    """A ``FloatSlider`` styled like every other dashboard control (:class:`Slider`'s widget).

    Parameters
    ----------
    description : str
        Label shown to the left of the slider.
    value, min, max, step : float
        Initial value, range and step; ``min <= value <= max``.
    readout_format : str, default ".2f"
        Format of the number shown to the right.
    continuous_update : bool, default True
        Redraw while dragging (the front end merges updates the kernel has not
        yet processed); use False for a control whose redraw is slow.

    Returns
    -------
    ipywidgets.FloatSlider
        Every value set on it from code is checked (a value outside the range, NaN or
        infinity raises :class:`ControlValueError`) and moved to the nearest
        ``min + k * step`` (written with as many decimals as ``min`` and ``step`` need).

    Raises
    ------
    TypeError
        If ``description`` or ``readout_format`` is not a string, a number is
        not a real number or ``continuous_update`` is not a bool.
    ValueError
        If a number is not finite, ``min < max`` fails, ``step <= 0``, the
        slider would have more than :data:`MAX_SLIDER_POSITIONS` positions,
        ``value`` is outside the range or ``readout_format`` is not a number format.

    Examples
    --------
    >>> slider = float_slider("p", 0.5, 0.0, 1.0, 0.05)
    >>> slider.value = 0.1 + 0.2   # 0.30000000000000004
    >>> slider.value
    0.3
    """
    description = check_text(description, "description")
    spec = Slider(
        description,
        min,
        min,
        max,
        step,
        readout_format=readout_format,
        continuous_update=continuous_update,
    )
    return spec.widget(_check_labelled(spec.check, description, value, "value"))


def int_slider(description, value, min, max, step=1, *, continuous_update=True):
    """An ``IntSlider`` styled like every other dashboard control (:class:`Slider`'s widget).

    Parameters
    ----------
    description : str
        Label shown to the left of the slider.
    value, min, max, step : int
        Initial value, range and step; ``min <= value <= max``.
    continuous_update : bool, default True
        As in :func:`float_slider`.

    Returns
    -------
    ipywidgets.IntSlider
        Every value set on it from code is checked (outside the range raises
        :class:`ControlValueError`) and moved to the nearest ``min + k * step``.

    Raises
    ------
    TypeError
        If ``description`` is not a string, a number is not an integer or
        ``continuous_update`` is not a bool.
    ValueError
        If the range is empty, ``step <= 0``, the slider would have more than
        :data:`MAX_SLIDER_POSITIONS` positions or ``value`` is outside the range.
    """
    description = check_text(description, "description")
    spec = Slider(
        description, min, min, max, step, integer=True, continuous_update=continuous_update
    )
    return spec.widget(_check_labelled(spec.check, description, value, "value"))


def dropdown(description, options, value=None):
    """A ``Dropdown`` styled like every other dashboard control (:class:`Choice`'s widget).

    Parameters
    ----------
    description : str
        Label shown to the left.
    options : sequence of str or of (label, value) pairs
        The choices.
    value : optional
        Initial value; the first option's by default.

    Returns
    -------
    ipywidgets.Dropdown

    Raises
    ------
    TypeError
        If ``description`` is not a string or ``options`` is not a sequence of
        strings or of (label, value) pairs with string labels.
    ValueError
        If ``options`` is empty or ``value`` is not among them.
    """
    description = check_text(description, "description")
    spec = Choice(description, options)
    if value is not None:
        spec.check(value, "value")
    return spec.widget(value)


def initial_values(
    dashboard: str, defaults: Mapping[str, object], initial: Mapping[str, object]
) -> dict[str, object]:
    """A dashboard's starting control values: its defaults, overridden by ``initial``.

    For a dashboard whose controls are declared in a :class:`Controls`, use
    :meth:`Controls.initial`, which also checks each value against its control.

    Parameters
    ----------
    dashboard : str
        The dashboard's name, for the error message.
    defaults : mapping
        Every control's default value.
    initial : mapping
        The values the caller chose (keyword arguments of the dashboard).

    Returns
    -------
    dict

    Raises
    ------
    TypeError
        If ``dashboard`` is not a string, ``defaults`` or ``initial`` is not a
        mapping, or ``initial`` names a control the dashboard does not have.

    Examples
    --------
    >>> initial_values("demo", {"a": 1, "b": 2}, {"b": 5})
    {'a': 1, 'b': 5}
    """
    dashboard = check_text(dashboard, "dashboard")
    for mapping, name in ((defaults, "defaults"), (initial, "initial")):
        if not isinstance(mapping, Mapping):
            raise TypeError(
                f"{name} must be a mapping of control names to values, got {type(mapping).__name__}"
            )
    unknown = set(initial) - set(defaults)
    if unknown:
        raise TypeError(
            f"{dashboard} got unknown controls {sorted(unknown)} in its initial "
            f"values; known: {sorted(defaults)}"
        )
    return {**defaults, **initial}
