"""Three ways to use linear classifiers for k > 2 classes (Dietterich's slides; Duda, Hart & Stork §5.2.2).

1. **One-vs-rest**: k binary classifiers, class c against all others.  A point
   claimed by no classifier or by several is ambiguous (the "?" regions).
2. **Pairwise (one-vs-one)**: k(k-1)/2 classifiers, one per pair, and a vote.
   A tie in the vote is ambiguous.
3. **Linear machine**: k discriminants g_c(x) = w_c . x, predict the largest.
   No ambiguous region; the boundary between classes i and j is
   ``(w_i - w_j) . x = 0``.

The slides resolve ambiguous points "by distance to the nearest class"; we read
that as: the candidate class (claimed or tied, or all classes when none
claims the point) whose training mean is closest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from ._validation import check_bool, check_choice, check_count, check_labels, check_positive, check_X
from .linear import centroid_classifier, least_squares_classifier
from .perceptron import averaged_perceptron, perceptron
from .results import UpdateTrace, _frozen, _warn_not_converged

__all__ = ["one_vs_rest", "one_vs_one", "linear_machine", "averaged_linear_machine", "OneVsRestModel", "OneVsOneModel", "LinearMachineResult"]

_BINARY = {
    "perceptron": perceptron,
    "averaged_perceptron": averaged_perceptron,
    "centroid": centroid_classifier,
    "least_squares": least_squares_classifier,
}


def _binary_fit(method):
    if callable(method):
        return method
    check_choice(method, "method", tuple(_BINARY))
    return _BINARY[method]


@dataclass(frozen=True, repr=False)
class _MulticlassModel:
    classes: np.ndarray
    W: np.ndarray  # one homogeneous weight vector per row
    means: np.ndarray  # class means, for resolving ambiguous points

    def __post_init__(self):
        for name in ("classes", "W", "means"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))

    @property
    def n_features(self) -> int:
        return self.W.shape[1] - 1

    def _check_X(self, X):
        X = check_X(X)
        if X.shape[1] != self.n_features:
            raise ValueError(
                f"X has {X.shape[1]} feature(s) but the model was fitted on {self.n_features}."
            )
        return X

    def _scores(self, X):
        return X @ self.W[:, 1:].T + self.W[:, 0]

    def _nearest_among(self, X, candidates):
        """Index of the closest class mean, restricted to candidates (bool, shape (n, k))."""
        d2 = ((X[:, None, :] - self.means[None, :, :]) ** 2).sum(-1)
        d2 = np.where(candidates, d2, np.inf)
        return np.argmin(d2, axis=1)

    def score(self, X, y) -> float:
        return float(np.mean(self.predict(X) == np.asarray(y)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(classes={self.classes.tolist()}, n_classifiers={self.W.shape[0]})"


@dataclass(frozen=True, repr=False)
class OneVsRestModel(_MulticlassModel):
    """k one-vs-rest classifiers; ``W[c]`` separates ``classes[c]`` from the rest."""

    def decision_function(self, X) -> np.ndarray:
        """Scores of the k classifiers, shape (n, k)."""
        return self._scores(self._check_X(X))

    def ambiguous(self, X) -> np.ndarray:
        """True where not exactly one classifier claims the point."""
        return (self.decision_function(X) > 0).sum(axis=1) != 1

    def predict(self, X) -> np.ndarray:
        X = self._check_X(X)
        claims = self._scores(X) > 0
        n_claims = claims.sum(axis=1)
        candidates = np.where((n_claims == 0)[:, None], True, claims)
        idx = np.where(n_claims == 1, np.argmax(claims, axis=1), self._nearest_among(X, candidates))
        return self.classes[idx]


@dataclass(frozen=True, repr=False)
class OneVsOneModel(_MulticlassModel):
    """k(k-1)/2 pairwise classifiers; ``W[m]`` says ``classes[pairs[m][0]]`` (+1) vs ``classes[pairs[m][1]]``."""

    pairs: tuple = field(default=())

    def votes(self, X) -> np.ndarray:
        """Votes per class, shape (n, k)."""
        X = self._check_X(X)
        s = self._scores(X)
        votes = np.zeros((X.shape[0], self.classes.shape[0]), dtype=np.int64)
        for m, (a, b) in enumerate(self.pairs):
            votes[:, a] += s[:, m] > 0
            votes[:, b] += s[:, m] <= 0
        return votes

    decision_function = votes

    def ambiguous(self, X) -> np.ndarray:
        """True where the most votes are shared by two or more classes."""
        v = self.votes(X)
        return (v == v.max(axis=1, keepdims=True)).sum(axis=1) > 1

    def predict(self, X) -> np.ndarray:
        X = self._check_X(X)
        v = self.votes(X)
        top = v == v.max(axis=1, keepdims=True)
        idx = np.where(top.sum(axis=1) == 1, np.argmax(v, axis=1), self._nearest_among(X, top))
        return self.classes[idx]


def _prepare(X, y):
    X = check_X(X)
    y = check_labels(y, X.shape[0])
    classes, y_idx = np.unique(y, return_inverse=True)
    means = np.array([X[y_idx == c].mean(axis=0) for c in range(classes.shape[0])])
    return X, classes, y_idx, means


def one_vs_rest(X, y, *, method="perceptron", **fit_kwargs) -> OneVsRestModel:
    """Fit one binary classifier per class, that class (+1) against the rest (-1).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        Any class labels (ints, strings), at least two classes.
    method : {"perceptron", "averaged_perceptron", "centroid", "least_squares"} or callable
        The binary learner; a callable gets (X, y_pm1, **fit_kwargs) and returns
        an object with homogeneous ``w``.
    **fit_kwargs
        Passed to the binary learner (e.g. ``max_epochs``).

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 0.0], [0.0, 1.0], [4.0, 0.0], [4.0, 1.0], [2.0, 5.0], [2.0, 6.0]]
    >>> model = lk.one_vs_rest(X, ["a", "a", "b", "b", "c", "c"], method="centroid")
    >>> model.predict([[0.0, 0.5], [4.0, 0.5], [2.0, 5.5]]).tolist()
    ['a', 'b', 'c']
    """
    X, classes, y_idx, means = _prepare(X, y)
    fit = _binary_fit(method)
    W = [fit(X, np.where(y_idx == c, 1, -1), **fit_kwargs).w for c in range(classes.shape[0])]
    return OneVsRestModel(classes=classes, W=np.array(W), means=means)


def one_vs_one(X, y, *, method="perceptron", **fit_kwargs) -> OneVsOneModel:
    """Fit one binary classifier per pair of classes, on the examples of those two classes only.

    Prediction is by majority vote; ties are resolved by the nearest class mean.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 0.0], [0.0, 1.0], [4.0, 0.0], [4.0, 1.0], [2.0, 5.0], [2.0, 6.0]]
    >>> model = lk.one_vs_one(X, [0, 0, 1, 1, 2, 2])
    >>> model.predict(X).tolist()
    [0, 0, 1, 1, 2, 2]
    """
    X, classes, y_idx, means = _prepare(X, y)
    fit = _binary_fit(method)
    pairs, W = [], []
    for a, b in combinations(range(classes.shape[0]), 2):
        rows = (y_idx == a) | (y_idx == b)
        W.append(fit(X[rows], np.where(y_idx[rows] == a, 1, -1), **fit_kwargs).w)
        pairs.append((a, b))
    return OneVsOneModel(classes=classes, W=np.array(W), means=means, pairs=tuple(pairs))


@dataclass(frozen=True, repr=False)
class LinearMachineResult(_MulticlassModel):
    """A linear machine: predict ``classes[argmax_c w_c . (1, x)]`` (first class wins a tie)."""

    converged: bool = False
    epochs: int = 0
    n_updates: int = 0
    mistakes_per_epoch: np.ndarray | None = None
    trace: UpdateTrace | None = None

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "mistakes_per_epoch", _frozen(np.asarray(self.mistakes_per_epoch, dtype=np.int64)))

    def decision_function(self, X) -> np.ndarray:
        """Discriminants g_c(x) = w_c . (1, x), shape (n, k)."""
        return self._scores(self._check_X(X))

    def predict(self, X) -> np.ndarray:
        return self.classes[np.argmax(self.decision_function(X), axis=1)]

    def ambiguous(self, X) -> np.ndarray:
        """Always False: a linear machine has no ambiguous region (ties have measure zero)."""
        return np.zeros(self._check_X(X).shape[0], dtype=bool)

    def boundary(self, i: int, j: int) -> np.ndarray:
        """Homogeneous weights ``w_i - w_j`` of the boundary between classes i and j (indices)."""
        return self.W[i] - self.W[j]

    def __repr__(self) -> str:
        return (
            f"LinearMachineResult(classes={self.classes.tolist()}, converged={self.converged}, "
            f"epochs={self.epochs}, n_updates={self.n_updates})"
        )


def linear_machine(
    X, y, *, eta: float = 1.0, max_epochs: int = 100, fit_intercept: bool = True
) -> LinearMachineResult:
    """Train a linear machine with the multiclass perceptron rule (Duda, Hart & Stork §5.12).

    ::

        w_c <- 0 for every class c
        repeat until an epoch makes no mistake (or max_epochs):
            for i = 1..n:
                j <- argmax over c != y_i of w_c . x_i
                if w_j . x_i >= w_{y_i} . x_i:          (the true class does not win strictly)
                    w_{y_i} <- w_{y_i} + eta x_i;   w_j <- w_j - eta x_i

    With two classes this is the ordinary perceptron on ``w_+ - w_-``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 0.0], [0.0, 1.0], [4.0, 0.0], [4.0, 1.0], [2.0, 5.0], [2.0, 6.0]]
    >>> res = lk.linear_machine(X, ["a", "a", "b", "b", "c", "c"])
    >>> res.converged, res.predict(X).tolist()
    (True, ['a', 'a', 'b', 'b', 'c', 'c'])
    """
    X, classes, y_idx, means = _prepare(X, y)
    eta = check_positive(eta, "eta")
    max_epochs = check_count(max_epochs, "max_epochs")
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    Xh = np.hstack([np.ones((X.shape[0], 1)) if fit_intercept else np.zeros((X.shape[0], 1)), X])
    k = classes.shape[0]
    W = np.zeros((k, Xh.shape[1]))
    mpe, upd_epoch, upd_index = [], [], []
    converged, epoch = False, 0
    while not converged and epoch < max_epochs:
        epoch += 1
        converged, mistakes = True, 0
        for i in range(Xh.shape[0]):
            g = W @ Xh[i]
            c = y_idx[i]
            rivals = g.copy()
            rivals[c] = -np.inf
            j = int(np.argmax(rivals))
            if g[j] >= g[c]:
                W[c] = W[c] + eta * Xh[i]
                W[j] = W[j] - eta * Xh[i]
                converged = False
                mistakes += 1
                upd_epoch.append(epoch)
                upd_index.append(i)
        mpe.append(mistakes)
    if not converged:
        _warn_not_converged("linear machine", "max_epochs", max_epochs, mpe[-1])
    return LinearMachineResult(
        classes=classes,
        W=W,
        means=means,
        converged=converged,
        epochs=epoch,
        n_updates=len(upd_index),
        mistakes_per_epoch=mpe,
        trace=UpdateTrace(upd_epoch, upd_index),
    )


def averaged_linear_machine(
    X, y, *, eta: float = 1.0, max_epochs: int = 10, fit_intercept: bool = True
) -> LinearMachineResult:
    """A linear machine whose weights are averaged over every step, as Daumé averages the perceptron.

    The multiclass rule of :func:`linear_machine`, run for exactly ``max_epochs``
    epochs; the returned ``W`` is the average of the weight matrix over all
    ``n * max_epochs + 1`` steps (the zero start and the matrix after each
    example), kept with Daumé's running sums as in :func:`averaged_perceptron`.
    On data no linear machine separates the last iterate jumps from epoch to
    epoch; the average settles.  ``converged`` says whether the last epoch made
    no mistake.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 0.0], [0.0, 1.0], [4.0, 0.0], [4.0, 1.0], [2.0, 5.0], [2.0, 6.0]]
    >>> res = lk.averaged_linear_machine(X, ["a", "a", "b", "b", "c", "c"])
    >>> res.predict(X).tolist()
    ['a', 'a', 'b', 'b', 'c', 'c']
    """
    X, classes, y_idx, means = _prepare(X, y)
    eta = check_positive(eta, "eta")
    max_epochs = check_count(max_epochs, "max_epochs")
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    Xh = np.hstack([np.ones((X.shape[0], 1)) if fit_intercept else np.zeros((X.shape[0], 1)), X])
    W = np.zeros((classes.shape[0], Xh.shape[1]))
    U = np.zeros_like(W)  # sum of c * (each update), so that the average is W - U / c
    c = 1
    mpe, upd_epoch, upd_index = [], [], []
    for epoch in range(1, max_epochs + 1):
        mistakes = 0
        for i in range(Xh.shape[0]):
            g = W @ Xh[i]
            t = y_idx[i]
            rivals = g.copy()
            rivals[t] = -np.inf
            j = int(np.argmax(rivals))
            if g[j] >= g[t]:
                W[t] = W[t] + eta * Xh[i]
                W[j] = W[j] - eta * Xh[i]
                U[t] = U[t] + c * eta * Xh[i]
                U[j] = U[j] - c * eta * Xh[i]
                mistakes += 1
                upd_epoch.append(epoch)
                upd_index.append(i)
            c += 1
        mpe.append(mistakes)
    return LinearMachineResult(
        classes=classes,
        W=W - U / c,
        means=means,
        converged=mpe[-1] == 0,
        epochs=max_epochs,
        n_updates=len(upd_index),
        mistakes_per_epoch=mpe,
        trace=UpdateTrace(upd_epoch, upd_index),
    )
