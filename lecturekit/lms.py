"""LMS / Widrow-Hoff and Flach's perceptron for regression (Alg. 7.3).

Least mean squares minimises the squared error ``E(w) = 1/2 sum_i (y_i - w . x_i)^2``
by gradient descent.  Its gradient is ``-sum_i (y_i - w . x_i) x_i``, so

* the **online** (Widrow-Hoff) rule takes one example at a time:
  ``w <- w + eta (y_i - w . x_i) x_i``;
* the **batch** rule takes all of them at once:
  ``w <- w + eta sum_i (y_i - w . x_i) x_i``.

Unlike the perceptron it updates on *every* example, by an amount proportional
to the residual.  The batch rule with a rate below :func:`lms_stable_eta`
converges to a least-squares solution (the one nearest the start when there
are several), not to a separating hyperplane.  The online rule with a constant
rate at which it is stable (for instance below
``lms_stable_eta(X, mode="online")``), on data no line fits exactly, ends in a
loop (a cycle it repeats every epoch) instead of at it; its size depends on the rate and the
data (small rates: a small loop).  At a larger constant rate it can diverge.
"""

from __future__ import annotations

import functools

import numpy as np

from ._validation import (
    check_bool,
    check_choice,
    check_count,
    check_initial_weights,
    check_positive,
    check_real_y,
    check_X,
)
from .gradient import check_schedule, learning_rate
from .results import LMSResult

__all__ = ["lms", "lms_loop", "perceptron_regression", "lms_stable_eta"]


def lms_stable_eta(X, *, mode: str = "batch", fit_intercept: bool = True) -> float:
    """A learning rate below which constant-rate LMS is stable on X.

    ``mode="batch"``: the largest stable constant rate, ``2 / lambda_max(X^T X)``
    (homogeneous X).  Batch LMS is gradient descent on a quadratic with Hessian
    ``X^T X``, and in exact arithmetic it converges from every start exactly
    when ``0 < eta < 2 / lambda_max(X^T X)``.

    ``mode="online"``: ``2 / max_i |x_i|^2``, a safe rate, which need not be
    the largest one (for a single example it is exactly the limit).  Below it no single step makes its own example's residual grow, and
    an epoch never increases the distance between two runs (the linear part
    of the epoch's map, ``prod_i (I - eta x_i x_i^T)``, has norm at most 1).
    It only rules out divergence; it does not keep one run near the
    least-squares solution: on noisy data, with a constant rate the iterates
    end in a loop instead of at it, near this bound possibly far away.  A constant-rate run settles at a rate where the
    spectral radius of the epoch's map ``prod_i (I - eta x_i x_i^T)`` is
    below 1; those rates need not form one interval.  On chapter 7's
    regression data the radius first reaches 1 between 0.5 and 0.6, where
    this returns 0.40.

    Examples
    --------
    >>> import lecturekit as lk
    >>> round(lk.lms_stable_eta([[1.0], [-1.0]], mode="batch"), 6)  # X^T X = diag(2, 2)
    1.0
    >>> round(lk.lms_stable_eta([[1.0], [-1.0]], mode="online"), 6)  # |x_i|^2 = 2
    1.0
    """
    X = check_X(X)
    check_choice(mode, "mode", ("online", "batch"))
    Xh = np.hstack([np.ones((X.shape[0], 1)) if fit_intercept else np.zeros((X.shape[0], 1)), X])
    # computed on Xh / s with s = max |Xh_ij| (a power of 2, so the division is exact), so that X^T X cannot
    # overflow for large entries (about 1e155 and up); 2 / (s^2 lambda) is then divided by s twice, which
    # underflows to 0.0 only when the rate itself is below the smallest float
    s = 2.0 ** np.frexp(np.max(np.abs(Xh)))[1] if np.any(Xh) else 1.0
    Z = Xh / s
    norms = np.sum(Z * Z, axis=1)
    top = np.max(norms)
    if mode == "batch":
        # lambda_max lies between the largest |x_i|^2 and their sum; kept there, so that the rounding of eigvalsh
        # (one ulp on a single example) cannot put the batch rate above the online one
        top = min(max(np.linalg.eigvalsh(Z.T @ Z)[-1], top), np.sum(norms))
    return float(2.0 / top / s / s)


def _checked_lms_args(loop):
    """Check the arguments of :func:`lms_loop`, run it, and turn an overflow into a FloatingPointError."""

    @functools.wraps(loop)
    def checked(X, y, eta, epochs, mode, schedule, w0, fit_intercept, residual, what):
        X = check_X(X)
        y = check_real_y(y, X.shape[0])
        eta = check_positive(eta, "eta")
        epochs = check_count(epochs, "epochs")
        check_choice(mode, "mode", ("online", "batch"))
        schedule = check_schedule(schedule)
        fit_intercept = check_bool(fit_intercept, "fit_intercept")
        w0 = check_initial_weights(w0, X.shape[1], fit_intercept)
        with np.errstate(over="ignore", invalid="ignore"):
            try:
                return loop(X, y, eta, epochs, mode, schedule, w0, fit_intercept, residual, what)
            except _Overflow as stop:
                raise FloatingPointError(_overflow_message(X, eta, mode, fit_intercept, residual, what,
                                                           stop, schedule)) from None

    return checked


class _Overflow(Exception):
    """Raised by the loop when the weights or the SSE stop being finite; says which."""

    def __init__(self, epoch, weights_finite, largest_weight):
        super().__init__(epoch)
        self.epoch = epoch
        self.weights_finite = weights_finite
        self.largest_weight = largest_weight


def _overflow_message(X, eta, mode, fit_intercept, residual, what, stop, schedule="constant") -> str:
    if stop.weights_finite:
        what_overflowed = (f"the squared error (SSE) overflowed, the weights did not (largest |w_j| = "
                           f"{stop.largest_weight:.3g})")
    else:
        what_overflowed = "the weights overflowed"
    if schedule == "constant":
        rates, largest = f"eta={eta:g}", eta
    else:
        # with a schedule the rate changes from epoch to epoch: name the first rate and the one in use
        used = [learning_rate(eta, schedule, k) for k in range(1, stop.epoch + 1)]
        rates, largest = f"eta={eta:g} (the schedule's rate in epoch {stop.epoch} was {used[-1]:g})", max(used)
    head = f"{what} stopped in epoch {stop.epoch}: {what_overflowed} with {rates}."
    bound = lms_stable_eta(X, mode="batch" if mode == "batch" else "online", fit_intercept=fit_intercept)
    if bound < np.finfo(float).tiny:
        # features so large that the squares in X^T X overflow: no ordinary rate is stable, whatever the rule
        return (f"{head} The features are too large for floating point (largest |x_ij| = {np.max(np.abs(X)):.3g}): "
                f"the rate where this rule is stable on this X is "
                f"{f'{bound:.3g}' if bound > 0 else 'smaller than any float'}, below the smallest normal float. "
                "Rescale them (for example, standardise the features and divide y by its largest |y_i|).")
    if residual == "linear" and largest < bound:
        # below the stable (batch) or safe (online) rate the weights cannot grow without bound:
        # the numbers themselves are too large for floating point
        return (f"{head} {'eta' if schedule == 'constant' else 'Every rate so far'} is below the rate where this "
                f"rule is stable on this X ({bound:.4g}), so the rate is not the cause: the targets or features are "
                "too large for floating point; rescale them (for example, standardise the features and divide y by "
                "its largest |y_i|).")
    rule = "the batch rule converges" if mode == "batch" else "the online rule is stable"
    safe = "" if mode == "batch" else " (a safe bound; the exact limit can be somewhat higher)"
    if residual == "squared":
        hint = ("The squared residual (y_i - y_hat_i)^2 is never negative, so an update never lowers the "
                "prediction of its own example, even one that is already too high: use the residual "
                "y_i - y_hat_i itself (residual='linear').")
    elif schedule == "constant":
        hint = f"Use a smaller eta: on this X {rule} for eta < {bound:.4g}{safe}."
    else:
        hint = (f"Use a smaller first rate eta: the early epochs ran with rates above {bound:.4g}, below which "
                f"{rule} on this X{safe}, and the weights overflowed before the schedule brought the rate down.")
    return f"{what} diverged in epoch {stop.epoch}: {what_overflowed} with {rates}. {hint}"


@_checked_lms_args
def lms_loop(X, y, eta, epochs, mode, schedule, w0, fit_intercept, residual, what):
    """The LMS loop shared by :func:`lms` and :func:`perceptron_regression`.

    ``residual`` is "linear" (Widrow-Hoff) or "squared" (Flach's Alg. 7.3 as printed);
    ``what`` names the caller in error messages.
    """
    Xh = np.hstack([np.ones((X.shape[0], 1)) if fit_intercept else np.zeros((X.shape[0], 1)), X])
    w = w0

    def step_size(r):
        return r * r if residual == "squared" else r

    path, sse, etas = [w.copy()], [float(np.sum((y - Xh @ w) ** 2))], []
    for epoch in range(1, epochs + 1):
        eta_k = learning_rate(eta, schedule, epoch)
        if mode == "online":
            for i in range(Xh.shape[0]):
                r_i = y[i] - w @ Xh[i]  # residual y_i - y_hat_i
                w = w + eta_k * step_size(r_i) * Xh[i]
        else:
            r = y - Xh @ w
            w = w + eta_k * (step_size(r) @ Xh)
        e = float(np.sum((y - Xh @ w) ** 2))
        weights_finite = bool(np.all(np.isfinite(w)))
        if not (weights_finite and np.isfinite(e)):
            raise _Overflow(epoch, weights_finite, float(np.max(np.abs(w))) if weights_finite else np.inf)
        path.append(w.copy())
        sse.append(e)
        etas.append(eta_k)
    return LMSResult(w=w, method=what, epochs=epochs, mode=mode, sse=np.array(sse), path=np.array(path),
                     etas=np.array(etas))


def lms(
    X,
    y,
    *,
    eta: float = 0.01,
    epochs: int = 100,
    mode: str = "online",
    schedule="constant",
    w0=None,
    fit_intercept: bool = True,
) -> LMSResult:
    """Least mean squares (Widrow-Hoff).

    ::

        online:  for each epoch, for i = 1..n:  w <- w + eta (y_i - w . x_i) x_i
        batch:   for each epoch:                w <- w + eta sum_i (y_i - w . x_i) x_i

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        Real targets (for classification, the -1/+1 labels).
    eta : float, default 0.01
        Learning rate; see :func:`lms_stable_eta` for the largest stable value of the
        batch rule and a safe value of the online rule.
    epochs : int, default 100
    mode : {"online", "batch"}, default "online"
    schedule : {"constant", "1/k"} or callable, default "constant"
        Per-epoch rate ``eta(k)`` = ``eta / k`` for "1/k". With "1/k" and ``eta``
        no larger than ``lms_stable_eta(X, mode="online")`` the online rule
        approaches the least-squares solution as the epochs grow, instead of
        ending in a loop, but possibly slowly (where ``eta`` times the smallest
        eigenvalue of X~^T X~ is small, the distance shrinks like a small power
        of 1/k); a larger ``eta`` can diverge first.
    w0 : array-like of shape (n_features + 1,), optional
    fit_intercept : bool, default True

    Returns
    -------
    LMSResult

    Raises
    ------
    FloatingPointError
        If the weights or the SSE overflow.  The message says which; when eta is at or
        above the stable rate it gives a rate below which the rule is stable, otherwise it
        says the numbers are too large for floating point.

    Examples
    --------
    >>> import lecturekit as lk
    >>> res = lk.lms([[0.0], [1.0], [2.0]], [1.0, 3.0, 5.0], eta=0.1, epochs=500, mode="batch")
    >>> res.w.round(4)  # y = 1 + 2x exactly
    array([1., 2.])
    """
    return lms_loop(X, y, eta, epochs, mode, schedule, w0, fit_intercept, "linear", "LMS")


def perceptron_regression(
    X,
    y,
    *,
    eta: float = 0.01,
    epochs: int = 100,
    residual: str = "linear",
    w0=None,
    fit_intercept: bool = True,
) -> LMSResult:
    """Flach's perceptron for regression (Alg. 7.3), with a learning rate.

    ::

        w <- 0
        for t = 1..T:  for i = 1..n:  w <- w + eta (y_i - y_hat_i) x_i     (y_hat_i = w . x_i)

    ``residual="linear"`` (the default) is the rule that works: it is online
    LMS.  ``residual="squared"`` reproduces the rule as printed in Flach,
    ``w <- w + (y_i - y_hat_i)^2 x_i`` (with eta): the squared residual has
    lost its sign, so an over-estimate pushes w the same way as an
    under-estimate.  With the column of ones the bias gains ``eta r_i^2 >= 0``
on every step, so on data no line fits exactly it never settles.  Chapter 7 shows it.

    Examples
    --------
    >>> import lecturekit as lk
    >>> res = lk.perceptron_regression([[0.0], [1.0], [2.0]], [1.0, 3.0, 5.0], eta=0.05, epochs=2000)
    >>> res.w.round(3)
    array([1., 2.])
    """
    check_choice(residual, "residual", ("linear", "squared"))
    return lms_loop(X, y, eta, epochs, "online", "constant", w0, fit_intercept, residual, "perceptron regression")
