"""The perceptron: primal (Flach Alg. 7.1), dual (Alg. 7.2), voted and averaged (Daumé).

Conventions (the same in every function here):

* labels are -1/+1;
* the algorithms work in homogeneous coordinates with the 1 first,
  x_i = (1, x_i1, ..., x_id), so ``w[0]`` is the bias.  With
  ``fit_intercept=False`` the leading coordinate is 0 instead, the bias
  stays 0 and the boundary passes through the origin ("what if b = 0?");
* weights start at 0 unless ``w0`` is given;
* example i is a mistake, and triggers an update, when ``y_i w . x_i <= 0``.
  A point exactly on the boundary is therefore a mistake for either class.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from . import _engines, conventions, exact
from ._validation import (
    check_binary_y,
    check_bool,
    check_choice,
    check_count,
    check_positive,
    check_initial_weights,
    check_weights,
    check_X,
)
from .results import (
    AveragedPerceptronResult,
    DualPerceptronResult,
    PerceptronResult,
    UpdateTrace,
    VotedPerceptronResult,
    _warn_if_overflowed,
    _warn_not_converged,
)

__all__ = [
    "perceptron",
    "perceptron_loop",
    "dual_perceptron",
    "voted_perceptron",
    "averaged_perceptron",
    "linear_kernel",
    "polynomial_kernel",
    "rbf_kernel",
]

ENGINES = ("auto", "loop", "block", "numba")
DUAL_ENGINES = ("auto", "loop")


def _homogeneous(X: np.ndarray, fit_intercept: bool) -> np.ndarray:
    """(n, d) -> (n, d + 1): the constant coordinate 1 (bias) or 0 (no bias) added."""
    return conventions.homogeneous(X, 1.0 if fit_intercept else 0.0)


def _check_fit_args(X, y, eta, max_epochs, w0, fit_intercept):
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    eta = check_positive(eta, "eta", hint="The textbook uses 0 < eta <= 1.")
    max_epochs = check_count(max_epochs, "max_epochs")
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    w = check_initial_weights(w0, X.shape[1], fit_intercept)
    return X, y, eta, max_epochs, w, fit_intercept


class _Bookkeeping:
    """What every perceptron variant keeps about its run.

    ``alpha`` (updates per example), mistakes per epoch, the trace (epoch and
    example of every update) and, when asked, the weights after every update.
    """

    def __init__(self, n, w=None, keep_weights=False):
        self.alpha = np.zeros(n, dtype=np.int64)
        self.mistakes_per_epoch, self.upd_epoch, self.upd_index = [], [], []
        self.history = [w.copy()] if keep_weights else None
        self.epoch = 0
        self.mistakes = 0

    def start_epoch(self):
        self.epoch += 1
        self.mistakes = 0

    def record_update(self, i, w=None):
        """Example i was a mistake (and w, if given, is the updated weight vector)."""
        self.alpha[i] += 1
        self.mistakes += 1
        self.upd_epoch.append(self.epoch)
        self.upd_index.append(i)
        if self.history is not None:
            self.history.append(w.copy())

    def end_epoch(self) -> int:
        self.mistakes_per_epoch.append(self.mistakes)
        return self.mistakes

    @property
    def n_updates(self) -> int:
        return len(self.upd_index)

    def outcome(self, w, converged) -> "_Outcome":
        """What every engine returns (see :func:`_run_engine`)."""
        return _Outcome(w, converged, self.epoch, np.asarray(self.alpha, dtype=np.int64), self.mistakes_per_epoch,
                        self.upd_epoch, self.upd_index, self.history)


class _Run(_Bookkeeping):
    """The bookkeeping of a primal perceptron run, and its mistake test.

    The mistake test, :meth:`is_mistake`, is line 6 of Alg. 7.1,
    ``y_i w . x_i <= 0``, decided as exact arithmetic on the typed numbers
    decides it (see :mod:`lecturekit.exact`): the float margin decides when it
    is farther from 0 than rounding can reach, otherwise the exact margin of
    ``w = w_0 + eta sum_j alpha_j y_j x_j`` does.
    """

    def __init__(self, Xh, y, eta, w, keep_weights=False):
        super().__init__(Xh.shape[0], w, keep_weights)
        self.alpha = [0] * Xh.shape[0]  # a list while the loop runs (faster to update); an array after
        self.Xh, self.y, self.eta = Xh, y, eta
        self.d1 = Xh.shape[1]
        self.w_init = w.copy()
        self.lead = float(Xh[0, conventions.BIAS_INDEX])  # 1 (a bias) or 0, the same in every row
        self._exact = exact.PerceptronScores(Xh, None, y, eta, w)
        # The filter (lecturekit.exact.score_bound) with the longest row's norm, one threshold t
        # for every example (NaN, which decides nothing, when |w| |x| might overflow), kept in
        # Python floats for speed.
        self._rows, self._y = list(Xh), y.tolist()
        with np.errstate(over="ignore"):
            nx = np.sqrt(np.einsum("ij,ij->i", Xh, Xh))
            self._w0n = float(exact.norms(w))
        self._nx = nx.tolist()
        self._xmax = max(float(nx.max()), exact.SMALL_ROW)
        self._tmax = exact.TRUST_LIMIT * exact.BAND * (self.d1 + 3)  # t <= this: no overflow
        self._zero = self._w0n == 0.0  # w is exactly 0 until the first update: every score is 0
        self._W = self._w0n  # bounds |w|: exact every _engines._RENORM_EVERY updates, else |w| + eta |x_i|
        self._A = 0.0  # sum of eta |x_i| over the updates
        self._R = 0.0  # sum of W after each update
        self._since = 0
        # t = xmax BAND ((d1 + 3) W + 2 (|w0| + 4 A + 2 R)) + ABS_FLOOR, as c_W W + c_A A + c_R R + c_0
        c = self._xmax * exact.BAND
        self._cW, self._cA, self._cR = c * (self.d1 + 3), 8.0 * c, 4.0 * c
        self._c0 = 2.0 * c * self._w0n + exact.ABS_FLOOR
        self._set_bound()

    def _set_bound(self):
        t = self._cW * self._W + self._cA * self._A + self._cR * self._R + self._c0
        self._t = t if t <= self._tmax else float("nan")  # bounds |float margin - exact margin|

    def is_mistake(self, i, w) -> bool:
        """Line 6: is ``y_i w . x_i <= 0``?  Exact, also where the float margin is a rounding error."""
        margin = self._y[i] * (w @ self._rows[i])
        if margin > self._t:
            return False
        if margin <= -self._t or self._zero:
            return True
        return self._exact.is_mistake(i, self.alpha, self.upd_index, len(self.upd_index))

    def record_update(self, i, w):
        """Example i was a mistake and w is the updated weight vector."""
        self.alpha[i] += 1  # the bookkeeping of _Bookkeeping.record_update, inlined (this is hot)
        self.mistakes += 1
        self.upd_epoch.append(self.epoch)
        self.upd_index.append(i)
        if self.history is not None:
            self.history.append(w.copy())
        self._zero = False
        step = self.eta * self._nx[i]
        self._since += 1
        if self._since == _engines._RENORM_EVERY:
            with np.errstate(over="ignore", invalid="ignore"):
                W, self._since = float(exact.norms(w)), 0
        else:  # |w + eta y x| <= |w| + eta |x|
            W = self._W + step
        A, R = self._A + step, self._R + W
        self._W, self._A, self._R = W, A, R
        t = self._cW * W + self._cA * A + self._cR * R + self._c0
        self._t = t if t <= self._tmax else float("nan")

    def result(self, w, converged, method="perceptron", result=PerceptronResult, exact=None, **extra):
        """The run's result object (``extra``: the variant's own fields)."""
        return _result(self.outcome(w, converged), method, _RawRows(self.Xh), self.lead,
                       self.y, self.eta, self.w_init, result=result, exact=exact, **extra)


class _RawRows:
    """Rows of homogeneous ``Xh`` without the constant coordinate, made only for the rows asked for."""

    def __init__(self, Xh):
        self.Xh = Xh
        self.shape = (Xh.shape[0], Xh.shape[1] - 1)

    def __getitem__(self, rows):
        return conventions.normal(self.Xh[rows])


class _Outcome(NamedTuple):
    """What an engine hands back: the same fields from the loop and every fast engine."""

    w: np.ndarray
    converged: bool
    epochs: int
    alpha: np.ndarray
    mistakes_per_epoch: object
    upd_epoch: object
    upd_index: object
    history: object


def _lead_of(Xh) -> float:
    """The constant coordinate of homogeneous rows: 1 (with a bias) or 0 (through the origin)."""
    lead = np.unique(conventions.bias(Xh))
    if lead.shape[0] != 1 or lead[0] not in (0.0, 1.0):
        raise ValueError(
            f"Xh must be homogeneous: column {conventions.BIAS_INDEX} all 1 (or all 0 for a boundary "
            f"through the origin); got values {lead[:5].tolist()}. Use lk.to_homogeneous(X) to add it."
        )
    return float(lead[0])


def _checked_loop_args(loop):
    """Check the arguments of a public call of ``loop``; ``loop.__wrapped__`` skips the checks."""

    @functools.wraps(loop)
    def checked(Xh, y, *, eta=1.0, w=None, max_epochs=100, keep_weights=False):
        Xh = check_X(Xh, "Xh")
        y = check_binary_y(y, Xh.shape[0])
        eta = check_positive(eta, "eta", hint="The textbook uses 0 < eta <= 1.")
        max_epochs = check_count(max_epochs, "max_epochs")
        w = np.zeros(Xh.shape[1]) if w is None else check_weights(w, Xh.shape[1], "w")
        keep_weights = check_bool(keep_weights, "keep_weights")
        _lead_of(Xh)
        return loop(Xh, y, eta=eta, w=w, max_epochs=max_epochs, keep_weights=keep_weights)

    return checked


@_checked_loop_args
def perceptron_loop(Xh, y, *, eta=1.0, w=None, max_epochs=100, keep_weights=False) -> PerceptronResult:
    """Alg. 7.1, written as in the book: one example at a time.

    This is the teaching reference that every faster engine of
    :func:`perceptron` reproduces bit for bit.  ``Xh`` is already homogeneous
    (``lk.to_homogeneous(X)``), ``w`` the starting weights (0 by default).
    """
    run = _Run(Xh, y, eta, w, keep_weights)  # alpha, the trace, and the mistake test
    converged = False  # line 2
    while not converged and run.epoch < max_epochs:  # line 3 (stops at max_epochs)
        run.start_epoch()
        converged = True  # line 4
        for i in range(len(y)):  # line 5
            if run.is_mistake(i, w):  # line 6: y_i w . x_i <= 0 (on the boundary too)
                w = w + eta * y[i] * Xh[i]  # line 7: move w towards y_i x_i
                converged = False  # line 8
                run.record_update(i, w)
        run.end_epoch()
    return run.result(w, converged)


def _result(out: _Outcome, method, X, lead, y, eta, w_init, result=PerceptronResult, exact=None, **extra):
    """The result of an engine's outcome, with the exact weights for its decisions near 0.

    ``X`` holds the raw rows (without the constant coordinate ``lead``)."""
    alpha = np.asarray(out.alpha)
    if exact is None:
        exact = _exact_of_perceptron(out.w, X, lead, y, alpha, eta, w_init, out.upd_index)
    elif callable(exact):
        exact = exact(out, X, lead, y, eta)
    return result(
        w=out.w,
        method=method,
        converged=bool(out.converged),
        epochs=int(out.epochs),
        n_updates=int(alpha.sum()),
        alpha=alpha,
        mistakes_per_epoch=out.mistakes_per_epoch,
        trace=UpdateTrace(out.upd_epoch, out.upd_index, None if out.history is None else np.array(out.history)),
        eta=eta,
        w_init=w_init,
        fit_intercept=lead == 1.0,
        exact=exact,
        **extra,
    )


def _support(alpha, updates, d1):
    """The examples that were ever added to w (None when they hold more than exact.MAX_KEPT numbers)."""
    if len(updates) * d1 <= exact.MAX_KEPT:  # few updates: the trace is shorter than alpha
        return np.unique(np.asarray(updates, dtype=np.int64))
    if np.count_nonzero(alpha) * d1 > exact.MAX_KEPT:
        return None
    return np.flatnonzero(alpha)


def _exact_of_perceptron(w, X, lead, y, alpha, eta, w_init, updates, n_terms=None):
    """The exact weights ``w_init + eta sum_i alpha_i y_i x~_i`` (its training rows kept when small).

    ``w`` was summed from ``n_terms`` terms (default: one per update) in floating point."""
    support = _support(alpha, updates, X.shape[1] + 1)
    if support is None:
        return exact.ExactLinear.of_weights(w)
    rows = X[support]  # a copy: the caller may change X after the fit
    counts = alpha[support]
    w0 = np.zeros_like(w) if w_init is None else np.array(w_init, dtype=float)
    k = len(updates) if n_terms is None else n_terms

    def err():  # computed when a score is first in doubt
        nx = np.sqrt(np.einsum("ij,ij->i", rows, rows) + lead * lead)
        return exact.sum_error(k, float(exact.norms(w0)) + float(eta) * float(counts @ nx))

    return exact.ExactLinear(w, rows=rows, coef=counts * y[support], scale=eta,
                             w0=w0 if np.any(w0) else None, lead=lead, err=err)


def _exact_of_average(out, X, lead, y, eta):
    """The exact average ``eta sum_i y_i (alpha_i - C_i / c) x~_i`` of the averaged perceptron.

    ``C_i`` sums the step counter c at each update of example i; an update in
    epoch e at example i happens at c = (e - 1) n + i + 1, and c ends at n E + 1."""
    n = X.shape[0]
    alpha = np.asarray(out.alpha, dtype=np.int64)
    if np.count_nonzero(alpha) * (X.shape[1] + 1) > exact.MAX_KEPT:
        return exact.ExactLinear.of_weights(out.w)
    support = np.flatnonzero(alpha)
    idx = np.asarray(out.upd_index, dtype=np.int64)
    steps = (np.asarray(out.upd_epoch, dtype=np.int64) - 1) * n + idx + 1
    C = [0] * n  # Python ints: no overflow however long the run
    for i, c_t in zip(idx.tolist(), steps.tolist()):
        C[i] += c_t
    c_end = n * int(out.epochs) + 1
    nx = np.sqrt(np.einsum("ij,ij->i", X[support], X[support]) + lead * lead)
    k = int(alpha.sum())
    S_w = float(eta) * float(alpha[support] @ nx)
    S_u = float(eta) * float(np.array([C[i] for i in support], dtype=float) @ nx)
    err = exact.sum_error(k, S_w) + exact.sum_error(k + 2, S_u) / c_end + exact.sum_error(2, S_w + S_u / c_end)
    coef = [int(y[i]) * (int(alpha[i]) * c_end - int(C[i])) for i in support]
    return exact.ExactLinear(out.w, rows=X[support], coef=coef, scale=exact.decimal(eta), lead=lead,
                             err=err, den=c_end)


def _exact_of_path(out, X, lead, y, eta):
    """The exact weight vectors w_0 = 0, w_1, ... of a run (for the voted perceptron's vote)."""
    idx = np.asarray(out.upd_index, dtype=np.int64)
    support = np.unique(idx)
    if support.size * (X.shape[1] + 1) > exact.MAX_KEPT:
        return None
    position = np.searchsorted(support, idx)  # each update's row among the kept rows
    return exact.ExactPath(X[support], lead, position, y[support], eta)


def _run_engine(engine, X, fit_intercept, y, eta, w, max_epochs, keep_weights) -> PerceptronResult:
    """Dispatch to an engine.  Every engine makes the same (exact) decisions, so the same updates.

    Only the literal loop gets the homogeneous copy Xh; the fast engines read
    X itself and the constant coordinate (1 or 0), so a fit copies X at most
    once (to make a non-contiguous X contiguous).
    """
    if engine == "auto":
        engine = _engines.auto_engine(X.shape[0], max_epochs)
    if engine == "loop":  # the arguments are checked already
        return perceptron_loop.__wrapped__(_homogeneous(X, fit_intercept), y, eta=eta, w=w,
                                           max_epochs=max_epochs, keep_weights=keep_weights)
    lead = 1.0 if fit_intercept else 0.0
    X = np.ascontiguousarray(X, dtype=np.float64)  # a copy only for non-contiguous input
    if engine == "block":
        out = _engines.perceptron_block(X, lead, y, eta, w, max_epochs, keep_weights)
    elif engine == "numba":
        out = _engines.perceptron_numba(X, lead, y, eta, w, max_epochs, keep_weights)
    else:  # pragma: no cover - guarded by check_choice
        raise AssertionError(engine)
    out = _Outcome(*out)
    ex = _exact_of_perceptron(out.w, X, lead, y, out.alpha, eta, w, out.upd_index)
    del X  # a contiguous copy, if one was made, goes before the result copies the trace
    return _result(out, "perceptron", None, lead, y, eta, w, exact=ex)


def perceptron(
    X,
    y,
    *,
    eta: float = 1.0,
    max_epochs: int = 100,
    w0=None,
    fit_intercept: bool = True,
    keep_weights: bool = False,
    engine: str = "auto",
) -> PerceptronResult:
    """Train a perceptron (Flach, Alg. 7.1).

    ::

        w <- w0 (0 by default)
        repeat until an epoch makes no mistake (or max_epochs epochs):
            for i = 1..n:
                if y_i w . x_i <= 0:  w <- w + eta y_i x_i

    The test ``y_i w . x_i <= 0`` is decided as exact arithmetic on the
    numbers as typed decides it (:mod:`lecturekit.exact`): a point exactly on
    the boundary is a mistake even where floating point computes its score as
    +1e-17.  So from w = 0 every eta makes the same updates, and a run that
    converges classifies every training point correctly, ``predict`` included.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Raw features; the function adds the constant coordinate itself.
    y : array-like of shape (n_samples,)
        Labels, -1 or +1.
    eta : float, default 1.0
        Learning rate > 0.  From w = 0 it only scales w (Flach §7.2).
    max_epochs : int, default 100
        Upper bound on passes over the data; non-separable data stops here
        with ``converged=False`` and a :class:`ConvergenceWarning`.
    w0 : array-like of shape (n_features + 1,), optional
        Initial homogeneous weights (bias first), e.g. the basic linear
        classifier as in Flach's Fig. 7.5.
    fit_intercept : bool, default True
        False fits a boundary through the origin (b = 0).
    keep_weights : bool, default False
        Store the weights after every update in ``result.trace.weights``.
        Off by default: 1e6 updates x 100 features would be gigabytes;
        ``result.weight_history(X, y)`` recomputes them on demand.
    engine : {"auto", "loop", "block", "numba"}, default "auto"
        How the loop is run; every engine makes the same (exact) decisions,
        so the same updates in the same order, and returns bit-identical
        weights, ``alpha`` and trace.  "loop" is the literal per-example loop
        (:func:`perceptron_loop`), the teaching reference.  "block" (pure
        numpy) scores blocks of examples with one matrix-vector product and
        applies the first mistake in each; fast when mistakes are rare.
        "numba" is the loop compiled with numba (``pip install
        lecturekit[fast]``; ImportError without it).  "auto" uses "numba" when
        numba is installed and the fit is big enough to repay compiling it
        (n * max_epochs >= 200000, or already compiled in this process),
        otherwise "block".  See docs/engines.md.

    Returns
    -------
    PerceptronResult

    Raises
    ------
    ValueError, TypeError
        For malformed input; the message names the argument and the fix.

    See Also
    --------
    dual_perceptron, voted_perceptron, averaged_perceptron, batch_perceptron

    References
    ----------
    P. Flach, *Machine Learning* (2012), §7.2, Alg. 7.1.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]
    >>> y = [1, 1, -1, -1]
    >>> res = lk.perceptron(X, y)
    >>> res.w, res.converged, res.epochs, res.n_updates
    (array([ 0., -1.,  4.]), True, 3, 4)
    >>> res.trace.index  # examples that triggered the four updates
    array([0, 3, 1, 3])
    >>> res.predict(X)
    array([ 1,  1, -1, -1])
    """
    X, y, eta, max_epochs, w, fit_intercept = _check_fit_args(X, y, eta, max_epochs, w0, fit_intercept)
    keep_weights = check_bool(keep_weights, "keep_weights")
    check_choice(engine, "engine", ENGINES)
    result = _run_engine(engine, X, fit_intercept, y, eta, w, max_epochs, keep_weights)
    if not result.converged:
        _warn_not_converged("perceptron", "max_epochs", max_epochs, result.mistakes_per_epoch[-1])
    _warn_if_overflowed("perceptron", result.w, eta)
    return result


# --------------------------------------------------------------------------
# Kernels for the dual form: k(A, B) -> Gram block of shape (len(A), len(B))
# --------------------------------------------------------------------------


def linear_kernel(A, B) -> np.ndarray:
    """``k(a, b) = a . b`` for all pairs of rows."""
    return np.asarray(A, dtype=float) @ np.asarray(B, dtype=float).T


def polynomial_kernel(degree: int = 2, c: float = 1.0):
    """Return ``k(a, b) = (a . b + c) ** degree``."""

    def k(A, B):
        return (linear_kernel(A, B) + c) ** degree

    k.__name__ = f"polynomial_kernel(degree={degree}, c={c})"
    return k


def rbf_kernel(gamma: float = 1.0):
    """Return ``k(a, b) = exp(-gamma |a - b|^2)``."""

    def k(A, B):
        A = np.asarray(A, dtype=float)
        B = np.asarray(B, dtype=float)
        sq = (A * A).sum(1)[:, None] + (B * B).sum(1)[None, :] - 2 * A @ B.T
        return np.exp(-gamma * np.maximum(sq, 0.0))

    k.__name__ = f"rbf_kernel(gamma={gamma})"
    return k


def dual_perceptron(
    X,
    y,
    *,
    kernel=None,
    max_epochs: int = 100,
    fit_intercept: bool = True,
    engine: str = "auto",
) -> DualPerceptronResult:
    """Train a perceptron in dual form (Flach, Alg. 7.2).

    ::

        alpha_i <- 0 for all i
        repeat until an epoch makes no mistake (or max_epochs epochs):
            for i = 1..n:
                if y_i sum_j alpha_j y_j G[i, j] <= 0:  alpha_i <- alpha_i + 1

    Only the Gram matrix ``G[i, j] = x_i . x_j`` of the (homogeneous)
    training points is used.  With the linear kernel, ``w = sum_i alpha_i y_i
    x_i`` equals the primal perceptron's w for eta = 1.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,), labels -1/+1
    kernel : callable k(A, B) -> ndarray of shape (len(A), len(B)), optional
        Replaces the dot product of the features; None means the linear kernel.
    max_epochs : int, default 100
    fit_intercept : bool, default True
        Learn a bias: as in ``perceptron``, the weight of the constant
        homogeneous coordinate 1 that every point gets.
    engine : {"auto", "loop"}, default "auto"
        "loop" recomputes ``sum_j alpha_j y_j G[i, j]`` for each example as in
        the book; "auto" keeps the scores ``G (alpha * y)`` up to date
        incrementally (one column of G per update) and makes the same updates:
        a score within rounding of 0 is recomputed the literal way and decided
        by it, so ties and near-ties agree too.

    Returns
    -------
    DualPerceptronResult

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]
    >>> res = lk.dual_perceptron(X, [1, 1, -1, -1])
    >>> res.alpha, res.w
    (array([1, 1, 0, 2]), array([ 0., -1.,  4.]))
    """
    X, y, max_epochs, fit_intercept, G, exact_data = _check_dual_args(X, y, kernel, max_epochs, fit_intercept, engine)
    run = _Bookkeeping(X.shape[0])  # alpha, mistakes per epoch, the trace
    test = _DualMistakes(X, y, G, fit_intercept, exact_data, incremental=engine == "auto")
    converged = False
    while not converged and run.epoch < max_epochs:
        run.start_epoch()
        converged = True
        for i in range(X.shape[0]):
            if test.is_mistake(i, run):  # y_i sum_j alpha_j y_j G[i, j] <= 0, decided exactly
                run.record_update(i)  # alpha_i <- alpha_i + 1
                test.record_update(i, run)
                converged = False
        run.end_epoch()
    if not converged:
        _warn_not_converged("dual perceptron", "max_epochs", max_epochs, run.mistakes_per_epoch[-1])
    return _dual_result(run, converged, X, y, G, kernel, fit_intercept, exact_data)


def _check_dual_args(X, y, kernel, max_epochs, fit_intercept, engine):
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    max_epochs = check_count(max_epochs, "max_epochs")
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    check_choice(engine, "engine", DUAL_ENGINES)
    if kernel is not None and not callable(kernel):
        raise TypeError(
            f"kernel must be a callable k(A, B) returning the Gram block, or None; got {kernel!r}."
        )
    n = X.shape[0]
    exact_data = kernel is None or kernel is linear_kernel  # the Gram matrix is made of the data's dot products
    K = linear_kernel(X, X) if exact_data else np.asarray(kernel(X, X), dtype=float)
    if K.shape != (n, n) or not np.all(np.isfinite(K)):
        raise ValueError(
            f"kernel(X, X) must return a finite array of shape ({n}, {n}); got shape {K.shape}."
        )
    G = K + 1.0 if fit_intercept else K
    return X, y, max_epochs, fit_intercept, G, exact_data


class _DualMistakes:
    """The dual mistake test ``y_i sum_j alpha_j y_j G[i, j] <= 0``, decided exactly.

    With the linear kernel the exact score is that of the primal perceptron
    (eta = 1, w = sum_j alpha_j y_j x~_j) on the decimal readings of the data,
    so the dual makes the primal's decisions; with another kernel the Gram
    matrix as computed is taken as exact (its decimal readings): exact when
    the kernel's values on the data are.

    The float score is the literal sum (``engine="loop"``) or a running one,
    updated by a column of G per update (``"auto"``).  Either is within
    ``gamma_m A_i`` of the exact sum over the computed G, ``A_i = sum_j alpha_j
    |G[i, j]|``, m = n (literal) or n + updates (running) (Higham §3.1, §4.2);
    with the linear kernel each computed G[i, j] is within
    ``(d + 4) u |x~_i| |x~_j|`` of the exact dot product of the decimal rows.
    A score farther from 0 than the sum of these (doubled) decides; any other
    is computed exactly.
    """

    def __init__(self, X, y, G, fit_intercept, exact_data, incremental):
        n = X.shape[0]
        self.y, self.G, self.incremental = y, G, incremental
        lead = 1.0 if fit_intercept else 0.0
        self.data_err = exact.BAND * (X.shape[1] + 4) if exact_data else 0.0
        self.nx = np.maximum(np.sqrt(np.einsum("ij,ij->i", X, X) + lead * lead), exact.SMALL_ROW)
        self.N = 0.0  # sum_j alpha_j |x~_j|
        self.absG = np.abs(G)
        self.scores = np.zeros(n)
        self.A = np.zeros(n)
        if exact_data:
            self._exact = exact.PerceptronScores(X, lead, y, 1.0, np.zeros(X.shape[1] + 1))
        else:
            self._exact = exact.GramScores(G, y)

    def is_mistake(self, i, run) -> bool:
        n = self.G.shape[0]
        if self.incremental:
            s, A_i, m = self.scores[i], self.A[i], n + run.n_updates
        else:
            s, A_i, m = np.sum(run.alpha * self.y * self.G[i]), run.alpha @ self.absG[i], n
        t = exact.BAND * (m + 2) * A_i + self.data_err * self.nx[i] * self.N + exact.ABS_FLOOR
        margin = self.y[i] * s
        if margin > t:
            return False
        if margin <= -t:
            return True
        return self._exact.is_mistake(i, run.alpha, run.upd_index, run.n_updates)

    def record_update(self, i, run):
        self.N += self.nx[i]
        if self.incremental:
            self.scores += self.y[i] * self.G[:, i]
            self.A += self.absG[:, i]


def _dual_result(run, converged, X, y, G, kernel, fit_intercept, exact_data):
    lead = 1.0 if fit_intercept else 0.0
    alpha = run.alpha
    if exact_data:
        w = (alpha * y) @ _homogeneous(X, fit_intercept)
        x_exact = _exact_of_perceptron(w, X, lead, y, alpha, 1.0, None, run.upd_index, n_terms=X.shape[0])
    else:
        w, x_exact = None, None
    return DualPerceptronResult(
        w=w,
        method="dual perceptron",
        converged=converged,
        epochs=run.epoch,
        n_updates=run.n_updates,
        alpha=alpha,
        mistakes_per_epoch=run.mistakes_per_epoch,
        trace=UpdateTrace(run.upd_epoch, run.upd_index),
        eta=1.0,
        w_init=None if w is None else np.zeros_like(w),
        fit_intercept=fit_intercept,
        gram=G,
        kernel=kernel,
        X_train=X,
        y_train=y,
        exact=x_exact,
    )


def voted_perceptron(
    X, y, *, eta: float = 1.0, max_epochs: int = 10, fit_intercept: bool = True
) -> VotedPerceptronResult:
    """Train a voted perceptron (Daumé, *A Course in Machine Learning*, §"Improved generalization").

    Runs exactly ``max_epochs`` epochs (Daumé's MaxIter) of the ordinary
    perceptron from w = 0, with its exact mistake test.  Every weight vector
    the perceptron holds is kept with its count ``c_k``, the number of steps
    after which it was the current vector: 1 for the example whose update
    created it, plus 1 for every example it then classified correctly (Freund
    and Schapire, 1999; the zero start gets 0).  Prediction is
    the vote ``sign(sum_k c_k sign(w_k . x))``, every sign taken with
    :func:`lecturekit.conventions.sign` (a score of 0 votes
    ``conventions.SIGN_AT_ZERO``, a tied vote goes the same way).

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]
    >>> res = lk.voted_perceptron(X, [1, 1, -1, -1], max_epochs=2)
    >>> res.counts  # w = 0 survives nothing; (1, 0, 3) survives 3 examples, ...
    array([0, 3, 2, 2, 1])
    >>> res.predict(X)  # after two epochs the vote still gets (2, 0) wrong: 3 - 2 + 2 - 1 > 0
    array([ 1,  1, -1,  1])
    """
    X, y, eta, max_epochs, w, fit_intercept = _check_fit_args(X, y, eta, max_epochs, None, fit_intercept)
    Xh = _homogeneous(X, fit_intercept)
    run = _Run(Xh, y, eta, w)  # alpha, the trace, and the mistake test
    weights, counts = [w.copy()], [0]
    for _ in range(max_epochs):
        run.start_epoch()
        for i in range(len(y)):
            if run.is_mistake(i, w):  # y_i w . x_i <= 0
                w = w + eta * y[i] * Xh[i]
                run.record_update(i, w)
                weights.append(w.copy())  # a new vector starts with count 1:
                counts.append(1)  # it "survives" the example that created it
            else:
                counts[-1] += 1
        run.end_epoch()
    _warn_if_overflowed("voted perceptron", w, eta)
    return run.result(w, run.mistakes_per_epoch[-1] == 0, "voted perceptron", result=VotedPerceptronResult,
                      exact=_exact_of_path, weights=np.array(weights), counts=np.array(counts))


def averaged_perceptron(
    X, y, *, eta: float = 1.0, max_epochs: int = 10, fit_intercept: bool = True
) -> AveragedPerceptronResult:
    """Train an averaged perceptron (Daumé, Alg. "AveragedPerceptronTrain").

    Runs exactly ``max_epochs`` epochs from w = 0, with the perceptron's exact
    mistake test, and returns the average of the weight vector over all
    ``T = n * max_epochs + 1`` steps (the initial zero vector and the vector
    after each example), computed without storing them, with Daumé's running
    sums::

        w, u, c <- 0, 0, 1
        for each epoch, for each i:
            if y_i w . x_i <= 0:  w <- w + eta y_i x_i;  u <- u + c eta y_i x_i
            c <- c + 1
        return w - u / c

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]
    >>> res = lk.averaged_perceptron(X, [1, 1, -1, -1], max_epochs=2)
    >>> res.w_last, res.w.round(4)
    (array([ 0., -1.,  4.]), array([ 0.5556, -0.3333,  3.    ]))
    """
    X, y, eta, max_epochs, w, fit_intercept = _check_fit_args(X, y, eta, max_epochs, None, fit_intercept)
    Xh = _homogeneous(X, fit_intercept)
    run = _Run(Xh, y, eta, w)  # alpha, the trace, and the mistake test
    u = np.zeros_like(w)
    c = 1
    for _ in range(max_epochs):
        run.start_epoch()
        for i in range(len(y)):
            if run.is_mistake(i, w):  # y_i w . x_i <= 0
                step = eta * y[i] * Xh[i]
                w = w + step
                u = u + c * step
                run.record_update(i, w)
            c += 1
        run.end_epoch()
    _warn_if_overflowed("averaged perceptron", u, eta)  # u = sum of c * step overflows first
    return run.result(w - u / c, run.mistakes_per_epoch[-1] == 0, "averaged perceptron",
                      result=AveragedPerceptronResult, exact=_exact_of_average, w_last=w)
