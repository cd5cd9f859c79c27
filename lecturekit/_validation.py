"""Input checks shared by every public entry point.

Each check either returns a clean float64 array (or number) or raises a
``ValueError``/``TypeError`` whose message names the argument, says what was
expected, shows what arrived and suggests the fix.  Public functions call
these once, at the top; the algorithms themselves then trust their input.
"""

from __future__ import annotations

import numbers

import numpy as np

__all__: list[str] = []


def _describe(a) -> str:
    """A short description of an array-like for error messages."""
    arr = np.asarray(a) if not isinstance(a, np.ndarray) else a
    return f"an array of shape {arr.shape} and dtype {arr.dtype}"


def _all_finite(arr: np.ndarray) -> bool:
    """True when every entry of a float array is finite, without an n x d temporary.

    A sum is finite only if every term is (an inf or NaN term makes it inf or
    NaN), so a finite ``arr.sum()`` -- one read of the data -- settles the
    common case.  A non-finite sum may also come from finite entries whose sum
    overflows; the element-wise check then decides.
    """
    with np.errstate(over="ignore", invalid="ignore"):
        total = arr.sum()
    if np.isfinite(total):
        return True
    return bool(np.isfinite(arr).all())


def as_float_array(a, name: str, *, ndim: int | None = None, allow_empty: bool = False) -> np.ndarray:
    """Convert ``a`` to a finite float64 array, checking its number of dimensions."""
    if isinstance(a, (str, bytes)):
        raise TypeError(f"{name} must be numeric array-like; got the string {a!r}.")
    try:
        arr = np.asarray(a)
    except (ValueError, TypeError) as exc:  # ragged nested lists
        raise ValueError(
            f"{name} could not be turned into a rectangular array ({exc}). "
            "Make every row the same length."
        ) from None
    if arr.dtype == object or arr.dtype.kind in "USVM":
        raise TypeError(
            f"{name} must hold numbers; got {_describe(arr)}. "
            "Convert it first, e.g. np.asarray(..., dtype=float)."
        )
    if arr.dtype.kind == "c":
        raise TypeError(f"{name} must be real-valued; got complex {_describe(arr)}.")
    exact_ints = arr.dtype.kind in "biu"  # always finite as float64: no check needed
    arr = arr.astype(np.float64, copy=False)
    if ndim is not None and arr.ndim != ndim:
        if ndim == 2 and arr.ndim == 1:
            fix = (
                "Reshape it with X.reshape(-1, 1) if it holds one feature, "
                "or X.reshape(1, -1) if it is a single example."
            )
        elif ndim == 1 and arr.ndim == 2 and 1 in arr.shape:
            fix = "Flatten it with np.ravel(...)."
        else:
            fix = ""
        raise ValueError(
            f"{name} must be a {ndim}-D array; got {_describe(arr)}. {fix}".rstrip()
        )
    if not allow_empty and arr.size == 0:
        raise ValueError(f"{name} is empty ({_describe(arr)}); pass at least one example.")
    if not exact_ints and not _all_finite(arr):
        bad = int(np.size(arr) - np.count_nonzero(np.isfinite(arr)))
        raise ValueError(
            f"{name} contains {bad} NaN or infinite value(s). "
            "Remove or impute them before fitting (e.g. X[np.isfinite(X).all(axis=1)])."
        )
    return arr


def check_X(X, name: str = "X") -> np.ndarray:
    """Raw feature matrix of shape (n_samples, n_features), finite floats."""
    X = as_float_array(X, name, ndim=2)
    if X.shape[0] == 0 or X.shape[1] == 0:
        raise ValueError(
            f"{name} must have at least one row and one column; got shape {X.shape}."
        )
    return X


def check_binary_y(y, n: int, name: str = "y", *, one_class_ok: bool = False) -> np.ndarray:
    """Labels in {-1, +1} with both classes present (unless one_class_ok), as float64 of length n."""
    if isinstance(y, (str, bytes)):
        raise TypeError(f"{name} must be an array of -1/+1 labels; got the string {y!r}.")
    arr = np.asarray(y)
    if arr.ndim != 1:
        raise ValueError(
            f"{name} must be a 1-D array of labels; got {_describe(arr)}. "
            "Flatten it with np.ravel(y)."
        )
    if arr.shape[0] != n:
        raise ValueError(
            f"{name} has {arr.shape[0]} labels but X has {n} rows; "
            "they must have the same length."
        )
    if arr.dtype == object or arr.dtype.kind in "USV":
        raise ValueError(
            f"{name} must hold the numbers -1 and +1; got {_describe(arr)} "
            f"with values {sorted(map(str, np.unique(arr.astype(str))))[:5]}. "
            "Convert with y = np.where(labels == positive_label, 1, -1)."
        )
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{name} must be numeric; got {_describe(arr)}.")
    if n == 0:
        raise ValueError(f"{name} is empty; pass at least one labelled example.")
    values = np.unique(arr)
    if not np.all(np.isin(values, (-1, 1))):
        shown = ", ".join(f"{v:g}" for v in values[:6])
        fix = (
            "For 0/1 labels use y = 2 * y - 1."
            if np.all(np.isin(values, (0, 1)))
            else "Convert with y = np.where(labels == positive_label, 1, -1)."
        )
        raise ValueError(f"{name} must contain only -1 and +1; got the values [{shown}]. {fix}")
    if values.size < 2 and not one_class_ok:
        raise ValueError(
            f"{name} contains only the class {values[0]:+g}; a binary classifier needs "
            "examples of both -1 and +1."
        )
    return arr.astype(np.float64)


def check_real_y(y, n: int, name: str = "y") -> np.ndarray:
    """Real-valued targets of length n (for regression: LMS, perceptron regression)."""
    arr = as_float_array(y, name, ndim=1)
    if arr.shape[0] != n:
        raise ValueError(
            f"{name} has {arr.shape[0]} values but X has {n} rows; "
            "they must have the same length."
        )
    return arr


def check_labels(y, n: int, name: str = "y", *, min_classes: int = 2) -> np.ndarray:
    """Arbitrary class labels (ints, strings), one per row of X.

    Fits need ``min_classes=2``; a plot can draw a single class (``min_classes=1``).
    """
    if isinstance(y, (str, bytes)):
        raise TypeError(f"{name} must be an array of class labels; got the string {y!r}.")
    arr = np.asarray(y)
    if arr.ndim != 1:
        raise ValueError(
            f"{name} must be a 1-D array of class labels; got {_describe(arr)}. "
            "Flatten it with np.ravel(y)."
        )
    if arr.shape[0] != n:
        raise ValueError(
            f"{name} has {arr.shape[0]} labels but X has {n} rows; "
            "they must have the same length."
        )
    if arr.dtype.kind == "f" and not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite labels; remove those examples.")
    if np.unique(arr).size < min_classes:
        raise ValueError(f"{name} must contain at least two classes; got {np.unique(arr).tolist()}.")
    return arr


def check_positive(value, name: str, *, hint: str = "") -> float:
    """A finite number > 0 (learning rates)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a positive number; got {value!r} ({type(value).__name__}).")
    value = float(value)
    if not np.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a finite number > 0; got {value!r}. {hint}".rstrip())
    return value


def check_count(value, name: str, *, minimum: int = 1) -> int:
    """An integer >= minimum (epochs, iterations)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(
            f"{name} must be an integer >= {minimum}; got {value!r} ({type(value).__name__})."
        )
    if value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}; got {value}.")
    return int(value)


def check_weights(w, length: int, name: str = "w", *, what: str = "") -> np.ndarray:
    """A finite 1-D weight vector of the given length."""
    arr = as_float_array(w, name, ndim=1)
    if arr.shape[0] != length:
        raise ValueError(
            f"{name} must have length {length}{what}; got length {arr.shape[0]}. "
            "Homogeneous weights are (w0, w1, ..., wd) with the bias w0 first: "
            "use lk.join_bias(w, b) to build them."
        )
    return arr.copy()


def check_initial_weights(w0, n_features: int, fit_intercept: bool, name: str = "w0") -> np.ndarray:
    """Starting weights for an iterative fit: zeros when None, else homogeneous of length d + 1.

    Without an intercept the bias coordinate never changes during training, so
    a non-zero ``w0[0]`` would silently shift every prediction: refuse it.
    """
    if w0 is None:
        return np.zeros(n_features + 1)
    w = check_weights(
        w0, n_features + 1, name,
        what=f" (bias first, then one weight per feature of X, which has {n_features})",
    )
    if not fit_intercept and w[0] != 0:
        raise ValueError(
            f"{name}[0] is the bias and must be 0 when fit_intercept=False; got {float(w[0])!r}. "
            "Set it to 0 or fit with fit_intercept=True."
        )
    return w


def check_choice(value, name: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}.")
    return value


def check_bool(value, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {value!r}.")
    return bool(value)
