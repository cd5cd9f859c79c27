"""The perceptron as gradient descent (Duda, Hart & Stork §5.5; the "Linear Discriminants" slides).

The perceptron criterion sums, over the misclassified examples
M(w) = {i : y_i w . x_i <= 0}, how far each is on the wrong side::

    J(w) = sum_{i in M(w)} -y_i w . x_i          (>= 0, and 0 iff no example is strictly wrong)
    grad J(w) = -sum_{i in M(w)} y_i x_i

so a gradient step ``w <- w - eta grad J(w)`` adds ``eta y_i x_i`` for every
misclassified example at once: the *batch* perceptron.  The online perceptron
(Alg. 7.1) takes one such term at a time.

Membership of M(w) is decided as exact arithmetic on the typed numbers decides
it (:mod:`lecturekit.exact`): a point exactly on the boundary is in M (its
margin, 0, adds nothing to J but its ``y_i x_i`` is in the gradient).
"""

from __future__ import annotations

import numbers
from fractions import Fraction

import numpy as np

from . import conventions, exact

from ._validation import (
    as_float_array,
    check_binary_y,
    check_bool,
    check_count,
    check_initial_weights,
    check_positive,
    check_weights,
    check_X,
)
from .results import BatchPerceptronResult, _warn_not_converged

__all__ = [
    "perceptron_criterion",
    "perceptron_criterion_gradient",
    "numerical_gradient",
    "batch_perceptron",
    "learning_rate",
]


def _criterion_args(w, X, y):
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    w = check_weights(w, X.shape[1] + 1, "w", what=" (homogeneous: bias first)")
    Xh = conventions.homogeneous(X)
    return w, Xh, y


def _margins(w, Xh, y):
    """y_i w . x_i, exact near 0 (w read as the decimals it prints as)."""
    with np.errstate(over="ignore", invalid="ignore"):
        scores = Xh @ w
    return y * exact.ExactLinear.of_weights(w).fix_scores(Xh, scores)


def perceptron_criterion(w, X, y) -> float:
    """Perceptron criterion ``J(w) = sum over misclassified i of -y_i w . (1, x_i)``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.perceptron_criterion([0.0, 1.0], [[2.0], [-1.0]], [-1, 1])
    3.0
    """
    w, Xh, y = _criterion_args(w, X, y)
    margins = _margins(w, Xh, y)
    return float(np.sum(-margins, where=conventions.is_mistake(margins), initial=0.0))


def perceptron_criterion_gradient(w, X, y) -> np.ndarray:
    """Gradient ``-sum over misclassified i of y_i (1, x_i)`` of the perceptron criterion.

    J is piecewise linear; this is its gradient wherever it is differentiable
    (no example exactly on the boundary), and a subgradient elsewhere.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.perceptron_criterion_gradient([0.0, 1.0], [[2.0], [-1.0]], [-1, 1])
    array([0., 3.])
    """
    w, Xh, y = _criterion_args(w, X, y)
    wrong = conventions.is_mistake(_margins(w, Xh, y))
    return np.sum(-y[wrong, None] * Xh[wrong], axis=0, initial=0.0)  # -sum over M of y_i x_i


def numerical_gradient(f, w, *, h: float = 1e-6) -> np.ndarray:
    """Central finite differences ``(f(w + h e_j) - f(w - h e_j)) / 2h`` for each coordinate j.

    An independent check of an analytic gradient.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.numerical_gradient(lambda w: (w ** 2).sum(), [1.0, -2.0]).round(6)
    array([ 2., -4.])
    """
    if not callable(f):
        raise TypeError(f"f must be a callable f(w) -> float; got {f!r}.")
    w = as_float_array(w, "w", ndim=1)
    h = check_positive(h, "h")
    grad = np.empty_like(w)
    for j in range(w.shape[0]):
        e = np.zeros_like(w)
        e[j] = h
        grad[j] = (float(f(w + e)) - float(f(w - e))) / (2 * h)
    return grad


def learning_rate(eta: float, schedule, k: int) -> float:
    """The learning rate of step k (1-based): ``eta`` ("constant"), ``eta / k`` ("1/k"), or ``schedule(k)``."""
    if schedule == "constant":
        return eta
    if schedule == "1/k":
        return eta / k
    return float(schedule(k))


def exact_rate(eta: float, schedule, k: int) -> Fraction:
    """The exact value of :func:`learning_rate`: eta as typed, eta / k exactly for "1/k", and a
    callable's float read as the decimal it prints as (lecturekit.exact)."""
    if schedule == "constant":
        return exact.decimal(eta)
    if schedule == "1/k":
        return exact.decimal(eta) / k
    return exact.decimal(learning_rate(eta, schedule, k))


def check_schedule(schedule):
    if schedule in ("constant", "1/k") or callable(schedule):
        return schedule
    raise ValueError(
        f"schedule must be 'constant', '1/k' or a callable k -> eta(k); got {schedule!r}."
    )


class _BatchMargins:
    """The margins ``y_i w . x_i`` of the batch perceptron's iterates, exact near 0.

    Exactly, ``w(k) = w0 + sum_t eta(t) sum_{i in M(t)} y_i x_i``, with the data as
    typed and the rates as :func:`exact_rate` gives them (eta as typed, eta / k,
    or a callable's floats read as decimals).  A float margin farther from 0 than the rounding
    bound of the iterate (every step so far rounds its sum of |M| rows, its
    product with eta and its addition) and of the dot product stands; any
    other is replaced by the exact margin, correctly rounded (0.0 on the
    boundary).  The exact weights are brought up to date, step by step, only
    when a margin needs them.
    """

    def __init__(self, Xh, y, w0):
        self.Xh, self.y = Xh, y
        self.nx = np.maximum(np.sqrt(np.einsum("ij,ij->i", Xh, Xh)), exact.SMALL_ROW)
        self.err = exact.BAND * float(exact.norms(w0))
        self.rows = exact.DecimalRows(Xh, None)
        self.w_exact = [exact.decimal(v) for v in w0]
        self.steps, self.synced = [], 0

    def record_step(self, eta_k, wrong, w, eta_exact):
        """A step with rate eta_k (float; its exact value eta_exact) over the mistakes ``wrong``."""
        idx = np.flatnonzero(wrong)
        with np.errstate(over="ignore", invalid="ignore"):
            self.err += exact.BAND * ((idx.size + 4) * eta_k * float(self.nx[idx].sum()) + float(exact.norms(w)))
        self.steps.append((eta_exact, idx))

    def _exact_weights(self):
        for e, idx in self.steps[self.synced:]:
            g = exact.Combination(self.rows)
            for i in idx:
                g.add(int(i), int(self.y[i]))
            self.w_exact = [a + e * b for a, b in zip(self.w_exact, g.vector())]
        self.synced = len(self.steps)
        return self.w_exact

    def exact_weights(self, w):
        """The final weights' exact form, for the result (nothing is kept for large data)."""
        if self.Xh.size > exact.MAX_KEPT:
            return exact.ExactLinear.of_weights(w)
        return exact.ExactLinear(w, err=self.err, weights_fn=self._exact_weights)

    def margins(self, w) -> np.ndarray:
        with np.errstate(over="ignore", invalid="ignore"):
            scores = self.Xh @ w
            wn = float(exact.norms(w))
            t = exact.score_bound(self.nx, wn, self.err, self.Xh.shape[1])
            doubtful = ~(np.abs(scores) > t) | ~(self.nx * (wn + self.err) <= exact.TRUST_LIMIT)
        for i in np.flatnonzero(doubtful):
            we = self._exact_weights()
            ints, E = self.rows.get(int(i))
            s = sum((a * b for a, b in zip(we, ints)), Fraction(0)) / 10**E
            scores[i] = float(s) if float(s) != 0.0 or s == 0 else np.copysign(5e-324, s.numerator)
        return self.y * scores


def batch_perceptron(
    X,
    y,
    *,
    eta: float = 1.0,
    schedule="constant",
    max_iter: int = 1000,
    w0=None,
    fit_intercept: bool = True,
) -> BatchPerceptronResult:
    """Gradient descent on the perceptron criterion: the batch perceptron.

    ::

        w(0) <- w0 (0 by default)
        for k = 1, 2, ..., max_iter:
            M <- {i : y_i w(k-1) . x_i <= 0};   stop if M is empty
            w(k) <- w(k-1) + eta(k) sum_{i in M} y_i x_i

    Parameters
    ----------
    X, y : training data (raw X, labels -1/+1)
    eta : float, default 1.0
        eta(1), the first learning rate.
    schedule : {"constant", "1/k"} or callable, default "constant"
        ``eta(k) = eta`` or ``eta(k) = eta / k`` (Duda, Hart & Stork), or any
        callable ``k -> eta(k)`` for k = 1, 2, ...
    max_iter : int, default 1000
    w0 : array-like of shape (n_features + 1,), optional
    fit_intercept : bool, default True

    Returns
    -------
    BatchPerceptronResult
        With the whole path of iterates, the criterion and the mistakes at each.
        The run decides M on its exact iterates (the data and rates as typed);
        ``path`` holds them rounded to floats, while ``mistakes`` and
        ``criterion`` are those of the exact iterates.  On decimal data a
        stored iterate can put an example that lies exactly on the exact
        iterate's boundary on its right side, so functions given ``path[k]``
        can see another M than the run did.

    Examples
    --------
    >>> import lecturekit as lk
    >>> res = lk.batch_perceptron([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]], [1, 1, -1, -1])
    >>> res.converged, res.n_iter, res.w
    (True, 3, array([-2.,  0.,  6.]))
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    eta = check_positive(eta, "eta")
    schedule = check_schedule(schedule)
    max_iter = check_count(max_iter, "max_iter")
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    w = check_initial_weights(w0, X.shape[1], fit_intercept)
    Xh = conventions.homogeneous(X, 1.0 if fit_intercept else 0.0)

    path, crit, mistakes, etas = [w.copy()], [], [], []
    run = _BatchMargins(Xh, y, w)  # the margins of each iterate, exact near 0
    converged = False
    k = 0
    while True:
        margins = run.margins(w)
        wrong = conventions.is_mistake(margins)  # M = {i : y_i w . x_i <= 0}
        crit.append(float(np.sum(-margins, where=wrong, initial=0.0)))
        mistakes.append(int(wrong.sum()))
        if not wrong.any():
            converged = True
            break
        if k == max_iter:
            break
        k += 1
        eta_k = learning_rate(eta, schedule, k)
        if not np.isfinite(eta_k) or eta_k <= 0:
            raise ValueError(f"schedule gave eta({k}) = {eta_k!r}; learning rates must be finite and > 0.")
        w = w + eta_k * (y[wrong] @ Xh[wrong])  # w - eta(k) * grad J(w)
        run.record_step(eta_k, wrong, w, exact_rate(eta, schedule, k))
        path.append(w.copy())
        etas.append(eta_k)
    if not converged:
        _warn_not_converged("batch perceptron", "max_iter", max_iter, mistakes[-1])
    return BatchPerceptronResult(
        w=w,
        method="batch perceptron",
        converged=converged,
        n_iter=k,
        path=np.array(path),
        criterion=np.array(crit),
        mistakes=np.array(mistakes, dtype=np.int64),
        etas=np.array(etas, dtype=float),
        exact=run.exact_weights(w),
    )
