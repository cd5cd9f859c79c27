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

import numpy as np

from . import _engines
from ._validation import (
    check_binary_y,
    check_bool,
    check_choice,
    check_count,
    check_positive,
    check_initial_weights,
    check_X,
)
from .results import (
    AveragedPerceptronResult,
    DualPerceptronResult,
    PerceptronResult,
    UpdateTrace,
    VotedPerceptronResult,
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
    """(n, d) -> (n, d + 1): a leading 1 (bias) or 0 (no bias) column."""
    lead = np.ones((X.shape[0], 1)) if fit_intercept else np.zeros((X.shape[0], 1))
    return np.hstack([lead, X])


def _check_fit_args(X, y, eta, max_epochs, w0, fit_intercept):
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    eta = check_positive(eta, "eta", hint="The textbook uses 0 < eta <= 1.")
    max_epochs = check_count(max_epochs, "max_epochs")
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    w = check_initial_weights(w0, X.shape[1], fit_intercept)
    return X, y, eta, max_epochs, w, fit_intercept


def perceptron_loop(Xh, y, eta, w, max_epochs, keep_weights=False):
    """Alg. 7.1, written as in the book: one example at a time.

    This is the teaching reference that every faster engine must reproduce
    bit for bit.  ``Xh`` is already homogeneous, ``w`` the starting weights.

    Returns ``(w, converged, epochs, alpha, mistakes_per_epoch, upd_epoch,
    upd_index, history)``.
    """
    n = Xh.shape[0]
    alpha = np.zeros(n, dtype=np.int64)
    mistakes_per_epoch, upd_epoch, upd_index = [], [], []
    history = [w.copy()] if keep_weights else None
    converged = False  # line 2
    epoch = 0
    while not converged and epoch < max_epochs:  # line 3 (stops at max_epochs)
        epoch += 1
        converged = True  # line 4
        mistakes = 0
        for i in range(n):  # line 5
            x_i, y_i = Xh[i], y[i]
            if y_i * (w @ x_i) <= 0:  # line 6: misclassified (or on the boundary)
                w = w + eta * y_i * x_i  # line 7: move w towards y_i x_i
                converged = False  # line 8
                alpha[i] += 1
                mistakes += 1
                upd_epoch.append(epoch)
                upd_index.append(i)
                if keep_weights:
                    history.append(w.copy())
        mistakes_per_epoch.append(mistakes)
    return w, converged, epoch, alpha, mistakes_per_epoch, upd_epoch, upd_index, history


def _run_engine(engine, X, fit_intercept, y, eta, w, max_epochs, keep_weights):
    """Dispatch to an exact engine.  Every engine returns the same tuple as perceptron_loop.

    Only the literal loop gets the homogeneous copy Xh; the fast engines read
    X itself and the leading coordinate (1 or 0), so a fit copies X at most
    once (to make a non-contiguous X contiguous).
    """
    if engine == "auto":
        engine = _engines.auto_engine(X.shape[0], max_epochs)
    if engine == "loop":
        return perceptron_loop(_homogeneous(X, fit_intercept), y, eta, w, max_epochs, keep_weights)
    X = np.ascontiguousarray(X, dtype=np.float64)  # a copy only for non-contiguous input
    lead = 1.0 if fit_intercept else 0.0
    if engine == "block":
        return _engines.perceptron_block(X, lead, y, eta, w, max_epochs, keep_weights)
    if engine == "numba":
        return _engines.perceptron_numba(X, lead, y, eta, w, max_epochs, keep_weights)
    raise AssertionError(engine)  # pragma: no cover - guarded by check_choice


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

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Raw features; the function adds the leading 1 itself.
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
        How the loop is run; every engine makes the same updates in the same
        order and returns bit-identical weights, ``alpha`` and trace.
        "loop" is the literal per-example loop (:func:`perceptron_loop`), the
        teaching reference.  "block" (pure numpy) scores blocks of examples
        with one matrix-vector product and applies the first mistake in each;
        fast when mistakes are rare.  "numba" is the loop compiled with numba
        (``pip install lecturekit[fast]``; ImportError without it).  "auto"
        uses "numba" when numba is installed and the fit is big enough to
        repay compiling it (n * max_epochs >= 200000, or already compiled in
        this process), otherwise "block".  Scores within rounding of 0 are
        always decided by the loop's own ``y_i * (w @ x_i) <= 0``, so ties and
        near-ties agree too (see ``lecturekit/_engines.py``).

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
    w_init = w.copy()
    w, converged, epochs, alpha, mpe, upd_epoch, upd_index, history = _run_engine(
        engine, X, fit_intercept, y, eta, w, max_epochs, keep_weights
    )
    if not converged:
        _warn_not_converged("perceptron", "max_epochs", max_epochs, mpe[-1])
    return PerceptronResult(
        w=w,
        method="perceptron",
        converged=converged,
        epochs=epochs,
        n_updates=int(alpha.sum()),
        alpha=alpha,
        mistakes_per_epoch=mpe,
        trace=UpdateTrace(upd_epoch, upd_index, None if history is None else np.array(history)),
        eta=eta,
        w_init=w_init,
        fit_intercept=fit_intercept,
    )


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
        Replaces the dot product; None means the linear kernel.  With a bias,
        ``G = k(X, X) + 1`` (the constant feature of homogeneous coordinates).
    max_epochs : int, default 100
    fit_intercept : bool, default True
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
    K = linear_kernel(X, X) if kernel is None else np.asarray(kernel(X, X), dtype=float)
    if K.shape != (n, n) or not np.all(np.isfinite(K)):
        raise ValueError(
            f"kernel(X, X) must return a finite array of shape ({n}, {n}); got shape {K.shape}."
        )
    G = K + 1.0 if fit_intercept else K

    alpha = np.zeros(n, dtype=np.int64)
    mpe, upd_epoch, upd_index = [], [], []
    incremental = engine == "auto"
    # Incremental scores ("auto"): scores[i] = sum_j alpha_j y_j G[i, j] and
    # A[i] = sum_j alpha_j |G[i, j]|, one column of G added per update.  The
    # literal np.sum(alpha * y * G[i]) (n rounded products, then a sum) and the
    # running score (nupd additions) are each within gamma_k * A[i] of the
    # exact value, gamma_k = k u / (1 - k u), u = 2**-53, k = n and nupd
    # (Higham, Accuracy and Stability, Sec. 3.1 and 4.2; the computed A[i] is
    # itself within gamma_nupd of the exact one).  So when
    # |scores[i]| > (nupd + n + 2) 2**-50 A[i] -- 4x the sum of both bounds,
    # for any nupd + n < 2**48 -- the literal score has the same sign and
    # is non-zero, and the decision is the same; otherwise (or NaN) the literal
    # score is computed and decides.  A[i] == 0 means every term is +-0, so
    # both scores are +-0 and both mark a mistake.
    scores = np.zeros(n)
    A = np.zeros(n)
    nupd = 0
    converged = False
    epoch = 0
    while not converged and epoch < max_epochs:
        epoch += 1
        converged = True
        mistakes = 0
        for i in range(n):
            if incremental:
                s_i = scores[i]
                if not abs(s_i) > (nupd + n + 2) * 2.0**-50 * A[i] and A[i] != 0.0:
                    s_i = np.sum(alpha * y * G[i])  # near 0 (or NaN): the literal score decides
                    scores[i] = s_i
            else:
                s_i = np.sum(alpha * y * G[i])
            if y[i] * s_i <= 0:
                alpha[i] += 1
                if incremental:
                    scores += y[i] * G[:, i]
                    A += np.abs(G[:, i])
                    nupd += 1
                converged = False
                mistakes += 1
                upd_epoch.append(epoch)
                upd_index.append(i)
        mpe.append(mistakes)
    if not converged:
        _warn_not_converged("dual perceptron", "max_epochs", max_epochs, mpe[-1])
    if kernel is None:
        w = (alpha * y) @ _homogeneous(X, fit_intercept)
    else:
        w = None
    return DualPerceptronResult(
        w=w,
        method="dual perceptron",
        converged=converged,
        epochs=epoch,
        n_updates=int(alpha.sum()),
        alpha=alpha,
        mistakes_per_epoch=mpe,
        trace=UpdateTrace(upd_epoch, upd_index),
        eta=1.0,
        w_init=None if w is None else np.zeros_like(w),
        fit_intercept=fit_intercept,
        gram=G,
        kernel=kernel,
        X_train=X,
        y_train=y,
    )


def voted_perceptron(
    X, y, *, eta: float = 1.0, max_epochs: int = 10, fit_intercept: bool = True
) -> VotedPerceptronResult:
    """Train a voted perceptron (Daumé, *A Course in Machine Learning*, §"Improved generalization").

    Runs exactly ``max_epochs`` epochs (Daumé's MaxIter) of the ordinary
    perceptron from w = 0.  Every weight vector the perceptron holds is kept
    with its survival count ``c_k`` (how many examples it classified correctly
    before the next mistake).  Prediction is the vote
    ``sign(sum_k c_k sign(w_k . x))`` (ties go to -1, as in :func:`perceptron`).

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
    n = Xh.shape[0]
    weights, counts = [w.copy()], [0]
    alpha = np.zeros(n, dtype=np.int64)
    mpe, upd_epoch, upd_index = [], [], []
    for epoch in range(1, max_epochs + 1):
        mistakes = 0
        for i in range(n):
            if y[i] * (w @ Xh[i]) <= 0:
                w = w + eta * y[i] * Xh[i]
                weights.append(w.copy())  # a new vector starts with count 1:
                counts.append(1)  # it "survives" the example that created it
                alpha[i] += 1
                mistakes += 1
                upd_epoch.append(epoch)
                upd_index.append(i)
            else:
                counts[-1] += 1
        mpe.append(mistakes)
    return VotedPerceptronResult(
        w=w,
        method="voted perceptron",
        converged=mpe[-1] == 0,
        epochs=max_epochs,
        n_updates=int(alpha.sum()),
        alpha=alpha,
        mistakes_per_epoch=mpe,
        trace=UpdateTrace(upd_epoch, upd_index),
        eta=eta,
        w_init=np.zeros_like(w),
        fit_intercept=fit_intercept,
        weights=np.array(weights),
        counts=np.array(counts),
    )


def averaged_perceptron(
    X, y, *, eta: float = 1.0, max_epochs: int = 10, fit_intercept: bool = True
) -> AveragedPerceptronResult:
    """Train an averaged perceptron (Daumé, Alg. "AveragedPerceptronTrain").

    Runs exactly ``max_epochs`` epochs from w = 0 and returns the average of
    the weight vector over all ``T = n * max_epochs + 1`` steps (the initial
    zero vector and the vector after each example), computed without storing
    them, with Daumé's running sums::

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
    n = Xh.shape[0]
    u = np.zeros_like(w)
    c = 1
    alpha = np.zeros(n, dtype=np.int64)
    mpe, upd_epoch, upd_index = [], [], []
    for epoch in range(1, max_epochs + 1):
        mistakes = 0
        for i in range(n):
            if y[i] * (w @ Xh[i]) <= 0:
                step = eta * y[i] * Xh[i]
                w = w + step
                u = u + c * step
                alpha[i] += 1
                mistakes += 1
                upd_epoch.append(epoch)
                upd_index.append(i)
            c += 1
        mpe.append(mistakes)
    return AveragedPerceptronResult(
        w=w - u / c,
        method="averaged perceptron",
        converged=mpe[-1] == 0,
        epochs=max_epochs,
        n_updates=int(alpha.sum()),
        alpha=alpha,
        mistakes_per_epoch=mpe,
        trace=UpdateTrace(upd_epoch, upd_index),
        eta=eta,
        w_init=np.zeros_like(w),
        fit_intercept=fit_intercept,
        w_last=w,
    )
