"""Three ways to use linear classifiers for k > 2 classes (slides "Linear Discriminants"; Duda, Hart & Stork §5.2.2).

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

Every decision here -- a claim (score > 0), a vote, the largest discriminant,
the nearest mean -- is made as exact arithmetic on the typed numbers makes
it (:mod:`lecturekit.exact`); where two classes tie exactly, the first class
(in the order of ``classes``) wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from fractions import Fraction

from . import conventions, exact
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
    exact: object = field(default=None, compare=False, repr=False)  # exact.ExactRows of W
    exact_means: object = field(default=None, compare=False, repr=False)  # _ExactMeans of means, when kept

    def __post_init__(self):
        for name in ("classes", "W", "means"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        # the exact copies follow the weights and means: one kept for other numbers (dataclasses.replace(model,
        # W=...) passes the old one on) is dropped, and W and means are then read as the decimals they print as
        rows = self.exact
        if rows is None or not (getattr(rows, "W", None) is not None and rows.W.shape == self.W.shape
                                and np.array_equal(rows.W, self.W)):
            object.__setattr__(self, "exact", exact.ExactRows(self.W))
        kept = self.exact_means
        if kept is not None and not (isinstance(kept, _ExactMeans) and kept.of.shape == self.means.shape
                                     and np.array_equal(kept.of, self.means)):
            object.__setattr__(self, "exact_means", None)

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
        """Scores of the k classifiers, shape (n, k), exact near 0 (so their signs are exact)."""
        return self.exact.fix_scores(conventions.homogeneous(X))

    def _nearest_among(self, X, candidates):
        """Index of the closest class mean, restricted to candidates (bool, shape (n, k)); the
        first candidate among equally close ones (exactly, on the means of the typed data)."""
        diff = X[:, None, :] - self.means[None, :, :]
        d2 = (diff**2).sum(-1)
        # each of the d squares and sums rounds: within BAND (d + 4) of sum (|x| + |mean|)^2
        bound = exact.sum_error(X.shape[1] + 4, 1.0) * ((np.abs(X)[:, None, :] + np.abs(self.means)[None, :, :]) ** 2).sum(-1)
        bound += exact.ABS_FLOOR
        if self.exact_means is not None:
            # the float means are themselves rounded sums: (x - m)^2 - (x - m_exact)^2 is at most
            # err (2|x| + 2|m| + err) per coordinate, err = |m - m_exact|; twice that, for the rounding of err
            err = np.array([[float(abs(Fraction(float(v)) - e)) for v, e in zip(m, em)]
                            for m, em in zip(self.means, self.exact_means)])
            bound += 2 * (err[None, :, :] * (2 * np.abs(X)[:, None, :] + 2 * np.abs(self.means)[None, :, :]
                                             + err[None, :, :])).sum(-1)
        means = self.exact_means if self.exact_means is not None else [
            [exact.decimal(v) for v in m] for m in self.means]

        def exact_neg_d2(i, cols):
            x = [exact.decimal(v) for v in X[i]]
            return [-sum(((a - b) ** 2 for a, b in zip(x, means[c])), Fraction(0)) for c in cols]

        neg = np.where(candidates, -d2, -np.inf)
        return exact.first_argmax(neg, np.where(candidates, bound, 0.0), exact_neg_d2)

    def _mean_ranks(self, X) -> np.ndarray:
        """Rank (0 = nearest) of every class mean for each row of X, shape (n, k): by exact distance,
        the first class first among equally near ones, as :meth:`_nearest_among` decides."""
        n, k = X.shape[0], self.means.shape[0]
        left = np.ones((n, k), dtype=bool)
        ranks = np.zeros((n, k), dtype=np.int64)
        for r in range(k):
            nearest = self._nearest_among(X, left)
            ranks[np.arange(n), nearest] = r
            left[np.arange(n), nearest] = False
        return ranks

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
        return self._claims(self._check_X(X)).sum(axis=1) != 1

    def _claims(self, X) -> np.ndarray:
        """Which classifiers claim each point: ``conventions.sign`` of its exact score is positive."""
        return conventions.sign(self._scores(X)) == conventions.POSITIVE

    def predict(self, X) -> np.ndarray:
        X = self._check_X(X)
        claims = self._claims(X)
        n_claims = claims.sum(axis=1)
        candidates = np.where((n_claims == 0)[:, None], True, claims)
        idx = np.where(n_claims == 1, np.argmax(claims, axis=1), self._nearest_among(X, candidates))
        return self.classes[idx]


@dataclass(frozen=True, repr=False)
class OneVsOneModel(_MulticlassModel):
    """k(k-1)/2 pairwise classifiers; ``W[m]`` says ``classes[pairs[m][0]]`` (+1) vs ``classes[pairs[m][1]]``.

    Every vote is decided by the exact sign of its score (see docs/engines.md).
    With centroid classifiers this is what keeps the vote from cycling: a
    floating-point evaluation of the same perpendicular bisectors does cycle at
    some points within a few hundred units in the last place of where they
    cross (``datasets.blobs(30, 3, seed=2)`` and ``seed=4``), the exact signs never.
    """

    pairs: tuple = field(default=())

    def votes(self, X) -> np.ndarray:
        """Votes per class, shape (n, k)."""
        X = self._check_X(X)
        first = conventions.sign(self._scores(X)) == conventions.POSITIVE  # the pair's first class wins
        votes = np.zeros((X.shape[0], self.classes.shape[0]), dtype=np.int64)
        for m, (a, b) in enumerate(self.pairs):
            votes[:, a] += first[:, m]
            votes[:, b] += ~first[:, m]
        return votes

    decision_function = votes

    def ambiguous(self, X) -> np.ndarray:
        """True where the most votes are shared by two or more classes."""
        v = self.votes(X)
        return (v == v.max(axis=1, keepdims=True)).sum(axis=1) > 1

    def predict(self, X) -> np.ndarray:
        X = self._check_X(X)
        # votes count first; the rank of the class mean (0 = the nearest, k - 1 the farthest) only orders classes
        # with as many votes
        key = self.votes(X) * self.classes.shape[0] - self._mean_ranks(X)
        return self.classes[np.argmax(key, axis=1)]


def _prepare(X, y):
    X = check_X(X)
    y = check_labels(y, X.shape[0])
    classes, y_idx = np.unique(y, return_inverse=True)
    means = np.array([X[y_idx == c].mean(axis=0) for c in range(classes.shape[0])])
    return X, classes, y_idx, means


class _ExactMeans(list):
    """Exact class means (rows of Fractions), tagged with the float means ``of`` they belong to."""

    def __init__(self, rows, of):
        super().__init__(rows)
        self.of = np.array(of, dtype=float)


def _exact_means(X, y_idx, k, of):
    """The class means of the decimal readings of X, for the float means ``of`` (None for data too large to keep)."""
    if X.size > exact.MAX_KEPT:
        return None
    means = []
    for c in range(k):
        rows = X[y_idx == c]
        means.append([sum((exact.decimal(v) for v in col), Fraction(0)) / rows.shape[0] for col in rows.T])
    return _ExactMeans(means, of)


def _binary_exact(fit):
    """A binary result's exact weights (its own, when its fit kept them)."""
    return getattr(fit, "exact", None) or exact.ExactLinear.of_weights(fit.w)


def _rows_of(fits):
    W = np.array([f.w for f in fits])
    rows = exact.ExactRows(W)
    rows.lines = [_binary_exact(f) for f in fits]
    rows.err = np.array([line.err for line in rows.lines])
    return W, rows


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
    k = classes.shape[0]
    fits = [fit(X, np.where(y_idx == c, conventions.POSITIVE, conventions.NEGATIVE), **fit_kwargs)
            for c in range(k)]
    W, rows = _rows_of(fits)
    return OneVsRestModel(classes=classes, W=W, means=means, exact=rows, exact_means=_exact_means(X, y_idx, k, means))


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
    k = classes.shape[0]
    pairs, fits = [], []
    for a, b in combinations(range(k), 2):
        rows = (y_idx == a) | (y_idx == b)
        fits.append(fit(X[rows], np.where(y_idx[rows] == a, conventions.POSITIVE, conventions.NEGATIVE),
                        **fit_kwargs))
        pairs.append((a, b))
    W, ex = _rows_of(fits)
    return OneVsOneModel(classes=classes, W=W, means=means, pairs=tuple(pairs), exact=ex,
                         exact_means=_exact_means(X, y_idx, k, means))


@dataclass(frozen=True, repr=False)
class LinearMachineResult(_MulticlassModel):
    """A linear machine: predict ``classes[argmax_c w_c . (1, x)]`` (the first class wins an exact tie)."""

    converged: bool = False
    epochs: int = 0
    n_updates: int = 0
    mistakes_per_epoch: np.ndarray | None = None
    trace: UpdateTrace | None = None

    def __post_init__(self):
        super().__post_init__()
        counts = [] if self.mistakes_per_epoch is None else self.mistakes_per_epoch   # a machine built by hand
        object.__setattr__(self, "mistakes_per_epoch", _frozen(np.asarray(counts, dtype=np.int64)))

    def decision_function(self, X) -> np.ndarray:
        """Discriminants g_c(x) = w_c . (1, x), shape (n, k); where two are within rounding of
        each other they are computed exactly, so that their argmax is :meth:`predict`."""
        return self.exact.argmax_and_scores(conventions.homogeneous(self._check_X(X)))[1]

    def predict(self, X) -> np.ndarray:
        """The class of the largest discriminant, decided exactly (the first one on an exact tie)."""
        X = self._check_X(X)
        return self.classes[self.exact.argmax(conventions.homogeneous(X))]

    def ambiguous(self, X) -> np.ndarray:
        """Always False: a linear machine picks one class everywhere (exact ties go to the first)."""
        return np.zeros(self._check_X(X).shape[0], dtype=bool)

    def boundary(self, i: int, j: int) -> np.ndarray:
        """Homogeneous weights ``w_i - w_j`` of the boundary between classes i and j (indices)."""
        return self.W[i] - self.W[j]

    def __repr__(self) -> str:
        return (
            f"LinearMachineResult(classes={self.classes.tolist()}, converged={self.converged}, "
            f"epochs={self.epochs}, n_updates={self.n_updates})"
        )


class _MachineRun:
    """The bookkeeping of a linear machine's run, and its exact decisions.

    Keeps the mistakes per epoch, the trace, and ``C[r, i]``: how often example
    i was added to (+1) or subtracted from (-1) row r of W, so that exactly
    ``W[r] = eta sum_i C[r, i] x_i``.  :meth:`strongest_rival` and
    :meth:`is_mistake` compare discriminants as exact arithmetic on the typed
    numbers does: a float comparison decides when the two scores are farther
    apart than rounding can reach (:func:`lecturekit.exact.score_bound`, with
    |W| the Frobenius norm, which bounds every row), otherwise exact scores do.
    """

    def __init__(self, Xh, y_idx, k, eta):
        self.Xh, self.y_idx, self.eta = Xh, y_idx, eta
        n, self.d1 = Xh.shape
        self.C = np.zeros((k, n), dtype=np.int64)
        self.mistakes_per_epoch, self.upd_epoch, self.upd_index, self.rivals = [], [], [], []
        self.epoch = self.mistakes = 0
        self._nx = np.sqrt(np.einsum("ij,ij->i", Xh, Xh))
        self._A = self._R = self._wn = 0.0
        self._bound_key, self._bound_value = None, 0.0
        self._t_unit = exact.score_bound(1.0, 0.0, 0.0, self.d1)
        self._rows = exact.DecimalRows(Xh, None)
        self._combs = [exact.Combination(self._rows) for _ in range(k)]
        self._synced = 0
        self._eta = exact.decimal(eta)

    def start_epoch(self):
        self.epoch += 1
        self.mistakes = 0

    def _bound(self, i):
        """How far a float discriminant of example i can be from the exact one (kept until W changes:
        each step asks twice)."""
        key = (i, len(self.upd_index))
        if self._bound_key != key:
            err = exact.weight_error(0.0, self._A, self._R)
            self._bound_value = float(exact.score_bound(self._nx[i], self._wn, err, self.d1))
            self._bound_key = key
        return self._bound_value

    def _exact(self, i, cols):
        """Exact discriminants of example i for the given classes."""
        behind = len(self.upd_index) - self._synced
        if behind > max(8, int(np.count_nonzero(self.C.any(axis=0)))):
            for r, comb in enumerate(self._combs):
                comb.reset(self.C[r])
        else:
            for t in range(self._synced, len(self.upd_index)):
                j = self.upd_index[t]
                self._combs[self.y_idx[j]].add(j, 1)
                self._combs[self.rivals[t]].add(j, -1)
        self._synced = len(self.upd_index)
        return [self._eta * self._combs[c].dot(i) for c in cols]

    def strongest_rival(self, i, W) -> int:
        """The class other than example i's with the largest discriminant (the first on a tie)."""
        c = self.y_idx[i]
        g = W @ self.Xh[i]
        g[c] = -np.inf
        if self._nx[i] * self._wn <= exact.TRUST_LIMIT:
            # the common case, decided on floats: one rival ahead of every other by more than the
            # bound of both scores (no NaN: a comparison with NaN is False and falls through)
            b = self._bound(i)
            scores = g.tolist()
            m = max(range(len(scores)), key=scores.__getitem__)
            top = scores[m] - b
            if all(j == m or scores[j] + b < top for j in range(len(scores))):
                return m
        b = np.full(g.shape, self._bound(i) if self._nx[i] * self._wn <= exact.TRUST_LIMIT else np.inf)
        return int(exact.first_argmax(g[None, :], b[None, :], lambda _, cols: self._exact(i, cols))[0])

    def is_mistake(self, i, W, j) -> bool:
        """Does rival j score at least as high as the true class (``w_j . x_i >= w_c . x_i``)?"""
        c = self.y_idx[i]
        diff = W[j] @ self.Xh[i] - W[c] @ self.Xh[i]
        if self._nx[i] * self._wn <= exact.TRUST_LIMIT:
            t = 2.0 * self._bound(i)
            if diff > t:
                return True
            if diff < -t:
                return False
        g = self._exact(i, [j, c])
        return g[0] >= g[1]

    def record_update(self, i, W, j):
        """Example i was added to its class's row and subtracted from rival j's; W is updated."""
        self.C[self.y_idx[i], i] += 1
        self.C[j, i] -= 1
        self.mistakes += 1
        self.upd_epoch.append(self.epoch)
        self.upd_index.append(i)
        self.rivals.append(j)
        with np.errstate(over="ignore", invalid="ignore"):
            self._wn = float(np.sqrt(np.sum(W * W)))
            self._A += 2.0 * self.eta * self._nx[i]
            self._R += self._wn

    def end_epoch(self):
        self.mistakes_per_epoch.append(self.mistakes)

    def exact_rows(self, W, averaged_over=None):
        """The exact rows of the final W (or of the average over ``averaged_over`` steps)."""
        n = self.Xh.shape[0]
        support = np.flatnonzero(self.C.any(axis=0))
        if support.size * self.d1 > exact.MAX_KEPT:
            return exact.ExactRows(W)
        nx = self._nx[support]
        k_upd = len(self.upd_index)
        total = self.eta * float(np.abs(self.C[:, support]).sum(axis=0) @ nx)
        err = exact.sum_error(k_upd, total)
        coef, den = self.C[:, support].astype(object), 1
        if averaged_over is not None:  # W_avg = W - U / c with U = sum of c_t (+-eta x_t)
            c_end = averaged_over
            D = np.zeros_like(self.C, dtype=object)
            for t, (e, i, j) in enumerate(zip(self.upd_epoch, self.upd_index, self.rivals)):
                c_t = (e - 1) * n + i + 1
                D[self.y_idx[i], i] += c_t
                D[j, i] -= c_t
            coef = coef * c_end - D[:, support]
            den = c_end
            err = err + exact.sum_error(k_upd + 2, total * c_end) / c_end + exact.sum_error(2, 2 * total)
        rows = conventions.normal(self.Xh[support])
        lead = float(conventions.bias(self.Xh[0]))
        return exact.ExactRows(W, rows=rows, coef=coef, scale=self._eta, lead=lead, err=err, den=den)

    def result(self, W, converged, averaged_over=None, **fields):
        return LinearMachineResult(
            W=W, converged=converged, epochs=self.epoch, n_updates=len(self.upd_index),
            mistakes_per_epoch=self.mistakes_per_epoch, trace=UpdateTrace(self.upd_epoch, self.upd_index),
            exact=self.exact_rows(W, averaged_over), **fields)


def _check_machine_args(X, y, eta, max_epochs, fit_intercept):
    X, classes, y_idx, means = _prepare(X, y)
    eta = check_positive(eta, "eta")
    max_epochs = check_count(max_epochs, "max_epochs")
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    Xh = conventions.homogeneous(X, 1.0 if fit_intercept else 0.0)
    fields = dict(classes=classes, means=means, exact_means=_exact_means(X, y_idx, classes.shape[0], means))
    return Xh, y_idx, classes.shape[0], eta, max_epochs, fields


def linear_machine(
    X, y, *, eta: float = 1.0, max_epochs: int = 100, fit_intercept: bool = True
) -> LinearMachineResult:
    """Train a linear machine with the multiclass perceptron rule (Duda, Hart & Stork §5.12).

    ::

        w_c <- 0 for every class c
        repeat until an epoch makes no mistake (or max_epochs):
            for i = 1..n:
                j <- argmax over c != y_i of w_c . x_i     (the first such class on a tie)
                if w_j . x_i >= w_{y_i} . x_i:          (the true class does not win strictly)
                    w_{y_i} <- w_{y_i} + eta x_i;   w_j <- w_j - eta x_i

    Both comparisons are decided as exact arithmetic on the typed numbers
    decides them (:mod:`lecturekit.exact`).  With two classes this is the
    ordinary perceptron on ``w_+ - w_-``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 0.0], [0.0, 1.0], [4.0, 0.0], [4.0, 1.0], [2.0, 5.0], [2.0, 6.0]]
    >>> res = lk.linear_machine(X, ["a", "a", "b", "b", "c", "c"])
    >>> res.converged, res.predict(X).tolist()
    (True, ['a', 'a', 'b', 'b', 'c', 'c'])
    """
    Xh, y_idx, k, eta, max_epochs, fields = _check_machine_args(X, y, eta, max_epochs, fit_intercept)
    W = np.zeros((k, Xh.shape[1]))
    run = _MachineRun(Xh, y_idx, k, eta)  # the trace, and the exact comparisons
    converged = False
    while not converged and run.epoch < max_epochs:
        run.start_epoch()
        converged = True
        for i in range(Xh.shape[0]):
            c = y_idx[i]
            j = run.strongest_rival(i, W)
            if run.is_mistake(i, W, j):  # w_j . x_i >= w_c . x_i
                W[c] = W[c] + eta * Xh[i]
                W[j] = W[j] - eta * Xh[i]
                converged = False
                run.record_update(i, W, j)
        run.end_epoch()
    if not converged:
        _warn_not_converged("linear machine", "max_epochs", max_epochs, run.mistakes_per_epoch[-1])
    return run.result(W, converged, **fields)


def averaged_linear_machine(
    X, y, *, eta: float = 1.0, max_epochs: int = 10, fit_intercept: bool = True
) -> LinearMachineResult:
    """A linear machine whose weights are averaged over every step, as Daumé averages the perceptron.

    The multiclass rule of :func:`linear_machine`, run for exactly ``max_epochs``
    epochs; the returned ``W`` is the average of the weight matrix over all
    ``n * max_epochs + 1`` steps (the zero start and the matrix after each
    example), kept with Daumé's running sums as in :func:`averaged_perceptron`.
    On data no linear machine separates the last iterate jumps from epoch to
    epoch; the average settles, but it needs enough epochs to do so: the
    default of 10 can be far too few (on iris's petal plane, five-fold
    cross-validation gives 81% at 10 epochs and 95-96% at 40 to 120).
    ``converged`` says whether the last epoch made no mistake.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 0.0], [0.0, 1.0], [4.0, 0.0], [4.0, 1.0], [2.0, 5.0], [2.0, 6.0]]
    >>> res = lk.averaged_linear_machine(X, ["a", "a", "b", "b", "c", "c"])
    >>> res.predict(X).tolist()
    ['a', 'a', 'b', 'b', 'c', 'c']
    """
    Xh, y_idx, k, eta, max_epochs, fields = _check_machine_args(X, y, eta, max_epochs, fit_intercept)
    W = np.zeros((k, Xh.shape[1]))
    U = np.zeros_like(W)  # sum of c * (each update), so that the average is W - U / c
    c = 1
    run = _MachineRun(Xh, y_idx, k, eta)  # the trace, and the exact comparisons
    for _ in range(max_epochs):
        run.start_epoch()
        for i in range(Xh.shape[0]):
            t = y_idx[i]
            j = run.strongest_rival(i, W)
            if run.is_mistake(i, W, j):  # w_j . x_i >= w_t . x_i
                W[t] = W[t] + eta * Xh[i]
                W[j] = W[j] - eta * Xh[i]
                U[t] = U[t] + c * eta * Xh[i]
                U[j] = U[j] - c * eta * Xh[i]
                run.record_update(i, W, j)
            c += 1
        run.end_epoch()
    return run.result(W - U / c, run.mistakes_per_epoch[-1] == 0, averaged_over=c, **fields)
