"""Immutable result objects returned by every fit.

A result carries the learned homogeneous weight vector ``w = (w0, w1, ..., wd)``
(bias first) and can score and classify new raw data.  Perceptron-family
results add what happened during training: whether it converged, how many
epochs and updates it took, how often each example was misclassified
(``alpha``, the dual coefficients) and a trace of the updates that plots,
widgets and tests can replay.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np

from . import conventions
from . import exact as _exact
from ._validation import check_binary_y, check_X

__all__ = [
    "ConvergenceWarning",
    "LinearClassifier",
    "UpdateTrace",
    "PerceptronResult",
    "DualPerceptronResult",
    "VotedPerceptronResult",
    "AveragedPerceptronResult",
    "BatchPerceptronResult",
    "LMSResult",
]


class ConvergenceWarning(UserWarning):
    """A perceptron-family fit stopped at ``max_epochs`` without separating the data."""


def _format_warning(message, category, filename, lineno, line=None, _previous=warnings.formatwarning):
    """Show a ConvergenceWarning as one line, ``ConvergenceWarning: <message>``.

    Python's format starts with the file and line of the call; in a notebook
    that is a temporary file of the kernel (``/tmp/ipykernel_…/….py``), which
    tells a learner nothing and differs from run to run.  Every other warning
    keeps the format it had.
    """
    if isinstance(category, type) and issubclass(category, ConvergenceWarning):
        return f"{category.__name__}: {message}\n"
    return _previous(message, category, filename, lineno, line)


if getattr(warnings.formatwarning, "__qualname__", "") != _format_warning.__qualname__ or \
        getattr(warnings.formatwarning, "__module__", "") != __name__:
    warnings.formatwarning = _format_warning


def _frozen(a) -> np.ndarray:
    a = np.array(a, copy=True)
    a.flags.writeable = False
    return a


def _warn_not_converged(what: str, limit_name: str, limit: int, errors: int) -> None:
    warnings.warn(
        f"{what} did not converge within {limit_name}={limit} "
        f"({errors} mistake(s) in the last pass). The data may not be linearly separable; "
        f"raise {limit_name} if you think it is.",
        ConvergenceWarning,
        stacklevel=3,
    )


def _warn_if_overflowed(what: str, w, eta: float) -> None:
    """Warn when a trainer's floating-point weights overflowed (a huge ``eta``)."""
    w = np.asarray(w, dtype=float)
    if not np.all(np.isfinite(w)):
        warnings.warn(
            f"{what}: the weights overflowed floating point (eta={eta!r} with these features), so w "
            f"holds inf or nan and cannot be used. Use a smaller eta: from w = 0, eta only scales "
            f"the weights, so eta=1.0 learns the same classifier.",
            RuntimeWarning,
            stacklevel=3,
        )


def sign(scores) -> np.ndarray:
    """lecturekit's sign for predictions (:func:`lecturekit.conventions.sign`)."""
    return conventions.sign(scores)


@dataclass(frozen=True, repr=False)
class LinearClassifier:
    """A linear classifier ``y_hat = sign(w . (1, x))`` with homogeneous weights.

    ``decision_function`` returns each score as floating point computes it,
    except where rounding could have decided its sign: such a score is
    recomputed exactly (:mod:`lecturekit.exact`) from the classifier's exact
    weights -- those its training made, when the fit kept them, otherwise
    ``w`` read as the decimals it prints as -- and returned correctly rounded
    (0.0 for a point exactly on the boundary).  So ``predict`` gives the exact
    side of the boundary.

    Attributes
    ----------
    w : ndarray of shape (n_features + 1,)
        Homogeneous weights, bias first: ``w[0]`` is b, ``w[1:]`` the normal vector.
    method : str
        Which algorithm produced it (for the repr).
    """

    w: np.ndarray
    method: str = "linear"
    exact: object = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "w", _frozen(np.asarray(self.w, dtype=float)))

    # --- convenience views -------------------------------------------------
    @property
    def coef(self) -> np.ndarray:
        """The non-homogeneous weight vector (w1, ..., wd)."""
        return conventions.normal(self.w)

    @property
    def bias(self) -> float:
        """The bias b = w0 (Flach's threshold t is -b)."""
        return float(conventions.bias(self.w))

    @property
    def n_features(self) -> int:
        return self.w.shape[0] - 1

    # --- scoring -------------------------------------------------------------
    def _check_X(self, X) -> np.ndarray:
        X = check_X(X)
        if X.shape[1] != self.n_features:
            raise ValueError(
                f"X has {X.shape[1]} feature(s) but this classifier was fitted on "
                f"{self.n_features}; pass raw X of shape (n, {self.n_features}) "
                "(no column of ones: lecturekit adds it)."
            )
        return X

    def decision_function(self, X) -> np.ndarray:
        """Scores ``w . (1, x_i)`` for each row of raw X, shape (n,); exact near 0 (see the class)."""
        X = self._check_X(X)
        return self._exact_scores(X, self.w)

    def _exact_scores(self, X, w) -> np.ndarray:
        with np.errstate(over="ignore", invalid="ignore"):
            scores = X @ conventions.normal(w) + conventions.bias(w)
        exact = self.exact if self.exact is not None else _exact.ExactLinear.of_weights(w)
        return exact.fix_scores(conventions.homogeneous(X), scores)

    def predict(self, X) -> np.ndarray:
        """Labels: ``conventions.sign`` of the scores (+1 where > 0, -1 where < 0, ``SIGN_AT_ZERO`` at 0)."""
        return conventions.sign(self.decision_function(X))

    def score(self, X, y) -> float:
        """Accuracy of :meth:`predict` on (X, y)."""
        X = self._check_X(X)
        y = check_binary_y(y, X.shape[0], one_class_ok=True)  # a test set may hold one class
        return float(np.mean(self.predict(X) == y))

    def _extra_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        w = np.array2string(np.asarray(self.w), precision=4, suppress_small=True, separator=", ")
        return f"{type(self).__name__}(method={self.method!r}, w={w}{self._extra_repr()})"


@dataclass(frozen=True, repr=False)
class UpdateTrace:
    """Which example triggered each update, and in which epoch.

    Attributes
    ----------
    epoch : ndarray of int, shape (n_updates,)
        1-based epoch of each update.
    index : ndarray of int, shape (n_updates,)
        Row of X that was misclassified and added to w.
    weights : ndarray of shape (n_updates + 1, n_features + 1) or None
        The weights before the first update and after each one, when the fit was
        asked to keep them (``keep_weights=True``); otherwise None, and
        :meth:`PerceptronResult.weight_history` recomputes them from X and y.
    """

    epoch: np.ndarray
    index: np.ndarray
    weights: np.ndarray | None = None

    def __post_init__(self):
        object.__setattr__(self, "epoch", _frozen(np.asarray(self.epoch, dtype=np.int64)))
        object.__setattr__(self, "index", _frozen(np.asarray(self.index, dtype=np.int64)))
        if self.weights is not None:
            object.__setattr__(self, "weights", _frozen(self.weights))

    def __len__(self) -> int:
        return int(self.index.shape[0])

    def __repr__(self) -> str:
        kept = "kept" if self.weights is not None else "not kept"
        return f"UpdateTrace({len(self)} updates, weights {kept})"


@dataclass(frozen=True, repr=False)
class PerceptronResult(LinearClassifier):
    """Result of :func:`lecturekit.perceptron` (Flach, Alg. 7.1).

    Attributes
    ----------
    w : ndarray of shape (n_features + 1,)
        Final homogeneous weights (bias first).
    converged : bool
        True when the last epoch made no update.
    epochs : int
        Epochs run, including the final clean one when converged.
    n_updates : int
        Total number of updates (= mistakes) made.
    alpha : ndarray of int, shape (n_samples,)
        How often each example was misclassified; ``w = w_init + eta * sum_i alpha_i y_i x_i``.
    mistakes_per_epoch : ndarray of int, shape (epochs,)
    trace : UpdateTrace
    eta : float
    w_init : ndarray
        The starting weights (zeros unless ``w0`` was given).
    fit_intercept : bool
    """

    converged: bool = False
    epochs: int = 0
    n_updates: int = 0
    alpha: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    mistakes_per_epoch: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    trace: UpdateTrace | None = None
    eta: float = 1.0
    w_init: np.ndarray | None = None
    fit_intercept: bool = True

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "alpha", _frozen(np.asarray(self.alpha, dtype=np.int64)))
        object.__setattr__(
            self, "mistakes_per_epoch", _frozen(np.asarray(self.mistakes_per_epoch, dtype=np.int64))
        )
        if self.w_init is not None:
            object.__setattr__(self, "w_init", _frozen(np.asarray(self.w_init, dtype=float)))

    def weight_history(self, X, y) -> np.ndarray:
        """Weights before the first update and after each update, shape (n_updates + 1, d + 1).

        Replays the recorded updates ``w <- w + eta * y_i * x_i`` in order, with
        the same arithmetic as the fit, so the last row equals ``w`` exactly.
        """
        if self.trace is not None and self.trace.weights is not None:
            return self.trace.weights
        if self.w is None:
            raise ValueError(
                "this result has no weight vector (a kernel dual perceptron): there is no weight "
                "history to replay; use alpha and the trace instead."
            )
        X = self._check_X(X)
        y = check_binary_y(y, X.shape[0])
        Xh = conventions.homogeneous(X, 1.0 if self.fit_intercept else 0.0)
        w = np.zeros(self.w.shape) if self.w_init is None else np.array(self.w_init)
        out = np.empty((self.n_updates + 1, w.shape[0]))
        out[0] = w
        nx = np.sqrt(np.einsum("ij,ij->i", Xh, Xh))
        not_a_mistake = False
        total = float(_exact.norms(w))
        for k, i in enumerate(self.trace.index, start=1):
            # every update was triggered by a mistake: a margin clearly > 0 means other data
            t = _exact.score_bound(nx[i], float(_exact.norms(w)), _exact.sum_error(k, total), Xh.shape[1])
            not_a_mistake |= bool(y[i] * (w @ Xh[i]) > t)
            w = w + self.eta * y[i] * Xh[i]
            total += self.eta * nx[i]
            out[k] = w
        if not_a_mistake or not np.array_equal(out[-1], self._final_w):
            raise ValueError(
                "X and y are not the data this perceptron was trained on: replaying its "
                "updates does not give its final weights."
            )
        return out

    @property
    def _final_w(self) -> np.ndarray:
        """The perceptron's own last weight vector (what a replay must reach)."""
        return self.w

    def _extra_repr(self) -> str:
        return (
            f", converged={self.converged}, epochs={self.epochs}, n_updates={self.n_updates}"
        )


@dataclass(frozen=True, repr=False)
class DualPerceptronResult(PerceptronResult):
    """Result of :func:`lecturekit.dual_perceptron` (Flach, Alg. 7.2).

    ``alpha`` are the dual coefficients.  With the linear kernel ``w`` is
    ``sum_i alpha_i y_i (1, x_i)``; with another kernel there is no weight vector
    in input space, ``w`` is None and scores use the training points:
    ``f(x) = sum_i alpha_i y_i (k(x_i, x) + 1)``.

    Attributes
    ----------
    gram : ndarray of shape (n_samples, n_samples)
        The Gram matrix used in training (``k(x_i, x_j) + 1`` with a bias).
    """

    gram: np.ndarray | None = None
    kernel: object = None
    X_train: np.ndarray | None = None
    y_train: np.ndarray | None = None

    def __post_init__(self):
        if self.w is not None:
            super().__post_init__()
        else:
            object.__setattr__(self, "alpha", _frozen(np.asarray(self.alpha, dtype=np.int64)))
            object.__setattr__(
                self, "mistakes_per_epoch", _frozen(np.asarray(self.mistakes_per_epoch, dtype=np.int64))
            )
        for name in ("gram", "X_train", "y_train"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _frozen(value))

    @property
    def n_features(self) -> int:
        return self.X_train.shape[1]

    def decision_function(self, X) -> np.ndarray:
        """Scores; with a kernel ``sum_i alpha_i y_i (k(x_i, x) + 1)``, exact near 0 on the kernel's values."""
        X = self._check_X(X)
        if self.w is not None:
            return self._exact_scores(X, self.w)
        K = np.asarray(self.kernel(self.X_train, X), dtype=float)
        if self.fit_intercept:
            K = K + 1.0
        coef = self.alpha * self.y_train
        scores = coef @ K
        # a sum of n products: within BAND (n + 4) sum_i alpha_i |K[i, x]| of the exact sum
        t = _exact.sum_error(K.shape[0], 1.0) * (self.alpha @ np.abs(K)) + _exact.ABS_FLOOR
        for j in np.flatnonzero(~(np.abs(scores) > t)):
            support = np.flatnonzero(self.alpha)
            exact = sum(int(coef[i]) * _exact.decimal(K[i, j]) for i in support)
            scores[j] = float(exact)
        return scores

    def __repr__(self) -> str:
        if self.w is not None:
            return super().__repr__()
        return (
            f"DualPerceptronResult(kernel={getattr(self.kernel, '__name__', 'custom')}, "
            f"alpha.sum()={int(self.alpha.sum())}{self._extra_repr()})"
        )


@dataclass(frozen=True, repr=False)
class VotedPerceptronResult(PerceptronResult):
    """Result of :func:`lecturekit.voted_perceptron` (Daumé, voted perceptron).

    ``w`` is the last weight vector.  The classifier is the vote
    ``sign(sum_k c_k sign(w_k . (1, x)))`` over every weight vector ``w_k`` the
    algorithm held, each weighted by ``c_k``, the number of steps after which
    it was the current vector (1 for the example that created it, plus 1 for
    every example it then classified correctly).

    Attributes
    ----------
    weights : ndarray of shape (K, n_features + 1)
    counts : ndarray of int, shape (K,)
    """

    weights: np.ndarray | None = None
    counts: np.ndarray | None = None

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "weights", _frozen(self.weights))
        object.__setattr__(self, "counts", _frozen(np.asarray(self.counts, dtype=np.int64)))

    def decision_function(self, X) -> np.ndarray:
        """The vote ``sum_k c_k sign(w_k . (1, x))`` (an integer-valued score).

        Each ``sign`` is :func:`lecturekit.conventions.sign` of the exact score."""
        X = self._check_X(X)
        with np.errstate(over="ignore", invalid="ignore"):
            scores = X @ conventions.normal(self.weights).T + conventions.bias(self.weights)
        if self.exact is not None:
            scores = self.exact.fix_signs(conventions.homogeneous(X), self.weights, scores)
        return conventions.sign(scores) @ self.counts.astype(float)


@dataclass(frozen=True, repr=False)
class AveragedPerceptronResult(PerceptronResult):
    """Result of :func:`lecturekit.averaged_perceptron` (Daumé, averaged perceptron).

    ``w`` is the average of the weight vector over every step of training;
    ``w_last`` is the ordinary perceptron's final vector.
    """

    w_last: np.ndarray | None = None

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "w_last", _frozen(self.w_last))

    @property
    def _final_w(self) -> np.ndarray:
        return self.w_last


@dataclass(frozen=True, repr=False)
class BatchPerceptronResult(LinearClassifier):
    """Result of :func:`lecturekit.batch_perceptron`: gradient descent on the perceptron criterion.

    Attributes
    ----------
    converged : bool
        True when an iterate classified every example correctly.
    n_iter : int
        Gradient steps taken.
    path : ndarray of shape (n_iter + 1, n_features + 1)
        The iterates w(0), w(1), ...
    criterion : ndarray of shape (n_iter + 1,)
        Perceptron criterion J(w(k)) at each iterate.
    mistakes : ndarray of int, shape (n_iter + 1,)
        Misclassified examples (y_i w . x_i <= 0) at each iterate.
    etas : ndarray of shape (n_iter,)
        The learning rate used at each step.
    """

    converged: bool = False
    n_iter: int = 0
    path: np.ndarray | None = None
    criterion: np.ndarray | None = None
    mistakes: np.ndarray | None = None
    etas: np.ndarray | None = None

    def __post_init__(self):
        super().__post_init__()
        for name in ("path", "criterion", "mistakes", "etas"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))

    def _extra_repr(self) -> str:
        return f", converged={self.converged}, n_iter={self.n_iter}"


@dataclass(frozen=True, repr=False)
class LMSResult(LinearClassifier):
    """Result of :func:`lecturekit.lms` or :func:`lecturekit.perceptron_regression`.

    ``decision_function`` is the regression output ``w . (1, x)``; ``predict``
    thresholds it at 0 for use as a classifier.

    Attributes
    ----------
    sse : ndarray of shape (epochs + 1,)
        Sum of squared residuals before training and after each epoch.
    path : ndarray of shape (epochs + 1, n_features + 1)
        The weights before training and after each epoch.
    etas : ndarray of shape (epochs,)
        The learning rate used in each epoch.
    """

    epochs: int = 0
    mode: str = "online"
    sse: np.ndarray | None = None
    path: np.ndarray | None = None
    etas: np.ndarray | None = None

    def __post_init__(self):
        super().__post_init__()
        for name in ("sse", "path", "etas"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))

    def _extra_repr(self) -> str:
        return f", mode={self.mode!r}, epochs={self.epochs}, sse={float(self.sse[-1]):.4g}"
