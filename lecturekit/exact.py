"""Exact decisions on the numbers a learner types.

The perceptron's line 6, ``y_i w . x_i <= 0``, is a decision about the sign of
a number.  In exact arithmetic a score is often exactly 0 on data typed by
hand: the point (0.4, 0.2) lies exactly on the line 0.4 x_1 - 0.8 x_2 = 0.
In binary floating point 0.4, 0.2 and 0.8 are not what was typed (0.1 has no
finite binary expansion, just as 1/3 has no finite decimal one), so the
computed score is a rounding error such as +1.3e-17 or -1.3e-17, and its sign
is an accident of the order in which the products were added.

lecturekit decides every such sign the way exact arithmetic decides it **on
the numbers as they were typed**.  Each float is read as its shortest decimal
(the one Python prints: ``repr(0.1) == '0.1'``, read as the fraction 1/10;
see :func:`decimal`).  A decision is made in two steps, the way computational
geometry makes its exact predicates (Shewchuk, "Adaptive precision
floating-point arithmetic and fast robust geometric predicates", 1997):

1. **a filter**: the score is computed in floating point together with a
   bound on how far rounding can have moved it from the exact score (the
   error of reading the data, of every earlier update of w, and of the dot
   product itself; Higham, *Accuracy and Stability of Numerical Algorithms*,
   §3.1).  If the score is farther from 0 than that bound, its sign is the
   exact sign, and the decision is made;
2. **the exact score**: otherwise the score is recomputed from the decimal
   readings in integer arithmetic, as ``w = w_0 + eta sum_j alpha_j y_j x_j``
   (the weights as a combination of the training points, which is what the
   algorithm's updates make them), and its sign decides.  A score of exactly
   0 is then a real tie, and the mistake test ``<= 0`` calls it a mistake.

So on data written as decimals the library makes the decisions of the same
algorithm run in ``fractions.Fraction``: from w = 0 every learning rate gives
the same updates, the primal and the dual perceptron agree, a run that
converges classifies every training point correctly, and where the 1 goes in
homogeneous coordinates changes nothing.  Every engine (the literal loop,
"block", "numba") makes these decisions, so they agree with each other too.

Limits: the weights themselves are still floating-point numbers (only the
*decisions* are exact), and a number that is not a short decimal (a random
draw, the result of 1/3) is read as the 17-digit decimal Python prints for it,
which is exact too, only longer.  The exact step costs far more than a float
dot product, but it runs only when a score is within rounding of 0: on real
data almost never, on hand-typed data for the genuine ties.  See
docs/engines.md.

Examples
--------
>>> from lecturekit.exact import decimal, score_sign
>>> decimal(0.1), decimal(1e-05)
(Fraction(1, 10), Fraction(1, 100000))
>>> w, x = [-0.3, 1.0, 1.0], [1.0, 0.1, 0.2]   # the line x1 + x2 = 0.3 and the point (0.1, 0.2)
>>> sum(a * b for a, b in zip(w, x))          # rounding, not a side of the line
2.7755575615628914e-17
>>> score_sign(w, x)                           # the point is on the line
0
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

import numpy as np

from .conventions import BIAS_INDEX, homogeneous

__all__ = ["decimal", "score_sign", "exact_scores", "ExactLinear"]

#: Unit roundoff of float64.
U = 2.0**-53
#: A filter bound is this times the first-order error terms: twice the unit
#: roundoff, which covers the second-order terms and the rounding of the bound.
BAND = 2.0**-52
#: Floors that keep the bounds valid for subnormal numbers and underflow: every
#: row norm and weight norm is raised to at least SMALL_ROW (which covers the reading
#: error of subnormal entries, at most 2**-1075 times the other vector's norm each)
#: and every bound by ABS_FLOOR
#: (which covers products that underflow, at most 2**-1075 each).
SMALL_ROW = 2.0**-500
ABS_FLOOR = 2.0**-1000
#: Filter decisions are trusted only while |w| |x| stays below this, so that no
#: product or partial sum of a dot product can overflow; beyond it, exact.
TRUST_LIMIT = 2.0**1020


# --------------------------------------------------------------------------
# decimal readings
# --------------------------------------------------------------------------

def decimal(x) -> Fraction:
    """The number a float stands for: its shortest decimal, as an exact fraction.

    ``decimal(0.1) == Fraction(1, 10)``, while the float 0.1 itself is
    ``Fraction(3602879701896397, 36028797018963968)``.

    >>> decimal(0.3) - decimal(0.1) - decimal(0.2)
    Fraction(0, 1)
    """
    m, e = _parts(float(x))
    return Fraction(m * 10**e) if e >= 0 else Fraction(m, 10**-e)


@lru_cache(maxsize=1 << 16)
def _parts(v: float) -> tuple[int, int]:
    """(m, e) with ``v`` read as m * 10**e (its repr, exactly)."""
    if v != v or v in (float("inf"), float("-inf")):
        raise ValueError(f"cannot read {v!r} as a decimal number")
    sign, digits, exp = Decimal(repr(v)).as_tuple()
    m = int("".join(map(str, digits))) if digits else 0
    return (-m if sign else m), int(exp)


def _scaled(values) -> tuple[tuple[int, ...], int]:
    """Decimal readings of ``values`` as integers at one scale: (ints, E) with value = int / 10**E."""
    parts = [_parts(float(v)) for v in values]
    E = max(0, max((-e for _, e in parts), default=0))
    return tuple(m * 10 ** (e + E) for m, e in parts), E


class DecimalRows:
    """The decimal readings of the homogeneous rows of X, made on first use.

    With ``lead`` given, row i is ``X[i]`` with ``lead`` put where the
    constant coordinate goes (:func:`lecturekit.conventions.homogeneous`); with
    ``lead=None`` the rows of X are already homogeneous.  ``X`` is not copied:
    the caller keeps it unchanged while this object is in use (the fits do; a
    result that outlives the fit holds its own copy of the rows it needs).
    """

    def __init__(self, X, lead: float | None = 1.0):
        self.X = X
        self.lead = None if lead is None else float(lead)
        self._rows: dict[int, tuple[tuple[int, ...], int]] = {}

    @property
    def d1(self) -> int:
        return self.X.shape[1] + (0 if self.lead is None else 1)

    def get(self, i: int) -> tuple[tuple[int, ...], int]:
        row = self._rows.get(i)
        if row is None:
            x = self.X[i]
            if self.lead is not None:
                x = np.insert(np.asarray(x, dtype=float), BIAS_INDEX, self.lead)
            row = _scaled(x)
            self._rows[i] = row
        return row


def _idot(a, b) -> int:
    return sum(p * q for p, q in zip(a, b))


class Combination:
    """``v = sum_j c_j x~_j`` for integer ``c_j``, kept exactly as integers at a decimal scale."""

    def __init__(self, rows: DecimalRows):
        self.rows = rows
        self.E = 0
        self.v = [0] * rows.d1

    def add(self, i: int, c: int) -> None:
        """v <- v + c x~_i."""
        if c == 0:
            return
        ints, E = self.rows.get(i)
        if E > self.E:
            f = 10 ** (E - self.E)
            self.v = [a * f for a in self.v]
            self.E = E
        f = c * 10 ** (self.E - E)
        self.v = [a + f * b for a, b in zip(self.v, ints)]

    def reset(self, coefs) -> None:
        """v <- sum_j coefs[j] x~_j (coefs: integers, one per row)."""
        self.E = 0
        self.v = [0] * self.rows.d1
        for j in np.flatnonzero(np.asarray(coefs)):
            self.add(int(j), int(coefs[j]))

    def dot(self, i: int) -> Fraction:
        """v . x~_i, exactly."""
        ints, E = self.rows.get(i)
        return Fraction(_idot(self.v, ints), 10 ** (self.E + E))

    def dot_values(self, x) -> Fraction:
        """v . x for a homogeneous vector x of floats (read as decimals)."""
        ints, E = _scaled(x)
        return Fraction(_idot(self.v, ints), 10 ** (self.E + E))

    def vector(self) -> list[Fraction]:
        return [Fraction(a, 10**self.E) for a in self.v]


def _exact_dot(a, b) -> Fraction:
    """a . b with both vectors of floats read as decimals."""
    ia, Ea = _scaled(a)
    ib, Eb = _scaled(b)
    return Fraction(_idot(ia, ib), 10 ** (Ea + Eb))


def _sign(q) -> int:
    return (q > 0) - (q < 0)


def score_sign(w, x) -> int:
    """The exact sign (-1, 0 or +1) of ``w . x``, both read as the decimals they print as."""
    return _sign(_exact_dot(np.ravel(w), np.ravel(x)))


# --------------------------------------------------------------------------
# the perceptron family: w = w0 + eta sum_j alpha_j y_j x~_j
# --------------------------------------------------------------------------

class PerceptronScores:
    """Exact margins ``y_i w . x~_i`` of the perceptron's w, from its update counts.

    ``w = w0 + eta sum_j alpha_j y_j x~_j`` exactly (with w0, eta and the data read
    as decimals); :meth:`margin` evaluates it for example i.  The combination
    ``sum_j alpha_j y_j x~_j`` is kept up to date lazily: from the list of
    updates since the last exact decision when that is shorter than the
    support, otherwise rebuilt from ``alpha``.
    """

    def __init__(self, X, lead, y, eta, w0):
        self.rows = DecimalRows(X, lead)
        self.y = y
        self.eta = decimal(eta)
        w0 = np.asarray(w0, dtype=float)
        self.w0 = None if not np.any(w0) else _scaled(w0)
        self.comb = Combination(self.rows)
        self.synced = 0  # updates contained in comb

    def _sync(self, alpha, updates, n_updates: int) -> None:
        behind = n_updates - self.synced
        if behind == 0:
            return
        if 0 < behind <= max(8, int(np.count_nonzero(alpha))):
            for j in updates[self.synced:n_updates]:
                j = int(j)
                self.comb.add(j, int(self.y[j]))
        else:
            self.comb.reset(np.asarray(alpha, dtype=np.int64) * np.asarray(self.y, dtype=np.int64))
        self.synced = n_updates

    def score(self, i: int, alpha, updates, n_updates: int) -> Fraction:
        """The exact score ``w . x~_i`` after ``n_updates`` updates (alpha and updates as of then)."""
        self._sync(alpha, updates, n_updates)
        s = self.eta * self.comb.dot(i) if n_updates else Fraction(0)
        if self.w0 is not None:
            ints, E = self.rows.get(i)
            s += Fraction(_idot(self.w0[0], ints), 10 ** (self.w0[1] + E))
        return s

    def is_mistake(self, i: int, alpha, updates, n_updates: int) -> bool:
        """``y_i w . x~_i <= 0`` exactly."""
        return int(self.y[i]) * self.score(i, alpha, updates, n_updates) <= 0


class GramScores:
    """Exact dual scores ``sum_j alpha_j y_j G[i, j]`` with the Gram matrix as given (read as decimals)."""

    def __init__(self, G, y):
        self.G, self.y = G, y

    def is_mistake(self, i: int, alpha, updates, n_updates: int) -> bool:
        support = np.flatnonzero(alpha)
        s = sum((int(alpha[j]) * int(self.y[j]) * decimal(self.G[i, j]) for j in support), Fraction(0))
        return int(self.y[i]) * s <= 0


def weight_error(w0_norm: float, A: float, R: float) -> float:
    """A bound on |w_float - w_exact| after updates ``w <- w + eta y_i x~_i``.

    ``A = sum eta |x~_i|`` and ``R = sum |w|`` over the updates so far (|w| after
    each update, or a bound on it), ``w0_norm = |w0|``.  Each update rounds the
    product once (|error| <= u eta |x~_i|) and the sum once (<= u |w|), and the
    decimal readings of eta and x~_i differ from the floats by at most u
    relatively; w0 likewise.  So the error is at most
    u (|w0| + 3.01 A + (1 + u) R), doubled here for the rounding of the bound.
    """
    return BAND * (w0_norm + 4.0 * A + 2.0 * R)


def sum_error(k: int, total: float) -> float:
    """A bound on the rounding error of a vector summed from k terms whose norms add up to ``total``.

    Each of the k additions rounds once, relative to a partial sum no longer
    than ``total``; each term (a product of at most two rounded factors, from
    data read as decimals) carries at most 4 more roundings of its own norm."""
    return BAND * (k + 4) * total


def score_bound(x_norm: float, w_norm: float, w_err: float, d1: int) -> float:
    """A bound on |fl(w . x) - exact w . x| for a homogeneous x of length d1.

    Any order of summation of the d1 products is within ``gamma_d1 |w| |x|`` of
    ``w . x`` (Higham §3.1); the decimal reading of x differs by at most
    ``u |x|`` (times |w|); and w differs from the exact weights by ``w_err``.
    With the slack of :data:`BAND`, and the floors :data:`SMALL_ROW` and
    :data:`ABS_FLOOR` for subnormal numbers and underflow.
    """
    xn = np.maximum(x_norm, SMALL_ROW)
    wn = np.maximum(w_norm, SMALL_ROW)  # as for x: covers subnormal weights read as decimals
    return xn * (BAND * (d1 + 3) * wn + 2.0 * w_err) + ABS_FLOOR


#: Below this a sum of squares may have lost its terms to underflow (each square
#: that underflows loses at most 2**-1074): :func:`norms` then rescales.
_SUMSQ_FLOOR = 2.0**-960


def norms(A) -> np.ndarray:
    """Euclidean norms of the rows of ``A`` (of ``A`` itself if it is 1-D), without underflow.

    Where the plain ``sqrt(sum of squares)`` is trustworthy (the sum is at least
    2**-960, or inf/nan) it is returned unchanged; below that, each row is scaled by its
    largest ``|a_j|`` first, so a vector of weights near 1e-170 gets its norm, not 0.
    """
    A = np.asarray(A, dtype=float)
    with np.errstate(over="ignore", invalid="ignore"):
        s = A @ A if A.ndim == 1 else np.einsum("ij,ij->i", A, A)  # the sums the filters always formed
        out = np.sqrt(s)
        low = s < _SUMSQ_FLOOR
        if np.any(low):
            rows = np.atleast_2d(A)[np.atleast_1d(low)]
            m = np.max(np.abs(rows), axis=1) if rows.shape[1] else np.zeros(len(rows))
            scaled = np.divide(rows, m[:, None], out=np.zeros_like(rows), where=m[:, None] > 0)
            fixed = m * np.sqrt(np.einsum("ij,ij->i", scaled, scaled))
            if out.ndim == 0:
                return np.float64(fixed[0])
            out[low] = fixed
    return out


# --------------------------------------------------------------------------
# decisions of a finished classifier: ExactLinear
# --------------------------------------------------------------------------

#: A result keeps its own copy of the training rows its exact weights need
#: when they hold at most this many numbers (512 KB, enough for every data set
#: of the chapters); beyond that it keeps no copy (a fit holds at most one
#: extra copy of X) and its exact weights are its stored float w, read as
#: decimals (see ExactLinear).
MAX_KEPT = 1 << 16


class ExactLinear:
    """The exact weights of a trained linear classifier, for decisions near 0.

    ``w_exact = w0 + scale * sum_j coef_j x~_j`` over kept training rows
    ``x~_j = (lead, rows[j])``, with integer ``coef_j`` and a rational ``scale``
    (e.g. eta), or simply the decimal reading of a stored w (``rows=None``).
    ``err`` bounds ``|w_float - w_exact|``.

    :meth:`fix_scores` replaces each float score whose sign rounding could have
    flipped by the correctly rounded exact score (0.0 for an exact tie), so
    ``sign(decision_function(X))`` is the exact sign.
    """

    def __init__(self, w, *, rows=None, coef=None, scale=1, w0=None, lead=1.0, err=0.0, den=1,
                 weights_fn=None):
        self.w = np.asarray(w, dtype=float)
        self._err = err  # a number, or a function that computes it on first use
        self.lead = float(lead)
        self._w_exact = None
        self._weights_fn = weights_fn  # or a function that computes the exact weights
        if rows is None:  # the stored weights are the exact ones (read as decimals)
            self._recipe = None
        else:  # rows: the caller's own copy; everything is read only when a score is in doubt
            self._recipe = (np.asarray(rows, dtype=float), coef, scale,
                            None if w0 is None else np.array(w0, dtype=float), den)

    @property
    def err(self) -> float:
        """The bound on |w_float - w_exact| (``err=None``: measured on the exact weights themselves)."""
        if self._err is None:
            w = self.exact_weights()
            # sqrt(d) times the largest gap bounds the Euclidean one, without squaring numbers that
            # may be near the largest float (coordinates of 1e92 give weights of 1e184)
            gaps = [abs(_to_float(Fraction(float(a)) - b)) for a, b in zip(self.w, w)]
            self._err = max(gaps) * (len(gaps) ** 0.5) * (1 + 2.0**-40) if any(gaps) else 0.0
        elif callable(self._err):
            self._err = float(self._err())
        return float(self._err)

    def __getstate__(self):
        """Pickle the bound and the exact weights themselves, not the functions that compute them
        (a fitted estimator must pickle; those functions are closures)."""
        state = self.__dict__.copy()
        if callable(self._err):
            state["_err"] = self.err
        if self._weights_fn is not None:
            state["_w_exact"] = self.exact_weights()
            state["_weights_fn"] = None
        return state

    @classmethod
    def of_weights(cls, w):
        """The weights w themselves, read as decimals."""
        return cls(w)

    def exact_weights(self) -> list[Fraction]:
        """The exact homogeneous weights (computed on first use)."""
        if self._w_exact is None:
            if self._weights_fn is not None:
                w = self._weights_fn()
                # None: no exact weights to be had (e.g. singular normal equations): w as stored
                self._w_exact = [decimal(v) for v in self.w] if w is None else list(w)
            elif self._recipe is None:
                self._w_exact = [decimal(v) for v in self.w]
            else:
                rows, coef, scale, w0, den = self._recipe
                comb = Combination(DecimalRows(rows, self.lead))
                for j, c in enumerate(coef):
                    comb.add(j, int(c))
                scale = decimal(scale) if isinstance(scale, float) else Fraction(scale)
                w = [scale * v / den for v in comb.vector()]
                if w0 is not None:
                    w = [a + decimal(b) for a, b in zip(w, w0)]
                self._w_exact = w
        return self._w_exact

    def exact_score(self, xh) -> Fraction:
        """The exact score of one homogeneous row of floats."""
        w = self.exact_weights()
        ints, E = _scaled(xh)
        return sum((a * b for a, b in zip(w, ints)), Fraction(0)) / 10**E

    def fix_scores(self, Xh, scores) -> np.ndarray:
        """``scores`` (float ``Xh @ w``) with every score near 0 replaced by the exact one."""
        scores = np.array(scores, dtype=float)
        if scores.size == 0:
            return scores
        d1 = Xh.shape[1]
        with np.errstate(over="ignore", invalid="ignore"):
            xn = norms(Xh)
            wn = float(norms(self.w))
            t = score_bound(xn, wn, self.err, d1)
            doubtful = ~(np.abs(scores) > t) | ~(xn * (wn + self.err) <= TRUST_LIMIT)
        for i in np.flatnonzero(doubtful):
            scores[i] = _to_float(self.exact_score(Xh[i]))
        return scores


class ExactPath:
    """The exact weights of every step of a run from w = 0, for the voted perceptron's vote.

    Update t adds ``eta y_t x~_t`` with ``x~_t = (lead, rows[position[t]])`` and
    ``y_t = labels[position[t]]``; ``w_k`` is the sum of the first k updates.
    """

    def __init__(self, rows, lead, position, labels, eta):
        self.rows = np.array(rows, dtype=float)
        self.lead = float(lead)
        self.position = np.asarray(position, dtype=np.int64)
        self.labels = np.asarray(labels, dtype=np.int64)
        self.eta = decimal(eta)
        self.eta_f = float(eta)

    def fix_signs(self, Xh, W, scores) -> np.ndarray:
        """Signs (-1, 0, +1) of ``scores[i, k] = Xh[i] . W[k]``, exact where rounding could decide.

        ``W[k]`` is the float weight vector after k updates (row 0: zeros)."""
        scores = np.asarray(scores, dtype=float)
        signs = np.sign(scores).astype(np.int64)
        d1 = Xh.shape[1]
        nr = np.sqrt(np.einsum("ij,ij->i", self.rows, self.rows) + self.lead**2)
        total = np.concatenate([[0.0], np.cumsum(self.eta_f * nr[self.position])])
        err = BAND * (np.arange(W.shape[0]) + 4) * total
        with np.errstate(over="ignore", invalid="ignore"):
            xn = norms(Xh)
            wn = norms(W)
            t = score_bound(xn[:, None], wn[None, :], err[None, :], d1)
            doubtful = ~(np.abs(scores) > t) | ~(xn[:, None] * (wn + err)[None, :] <= TRUST_LIMIT)
        if not doubtful.any():
            return signs
        comb = Combination(DecimalRows(self.rows, self.lead))
        done = 0
        for k in np.flatnonzero(doubtful.any(axis=0)):
            while done < k:
                p = int(self.position[done])
                comb.add(p, int(self.labels[p]))
                done += 1
            for i in np.flatnonzero(doubtful[:, k]):
                signs[i, k] = _sign(comb.dot_values(Xh[i]))  # eta > 0 does not change the sign
        return signs


def first_argmax(scores, bounds, exact_scores, fixed=None) -> np.ndarray:
    """Row-wise index of the first largest score, as exact arithmetic decides it.

    ``scores`` (n, k) are float scores with ``|score - exact| <= bounds`` (same
    shape); ``exact_scores(i, cols)`` returns the exact scores (Fractions) of row
    i for the given columns.  A column whose float score is too far below the
    row's float maximum to reach it exactly is out; among the rest (usually the
    maximum alone) the exact scores decide, the first column winning a tie.

    ``fixed``, if given (a float array like ``scores``), receives the correctly
    rounded exact scores of every column that was computed exactly, nudged up
    by one unit in the last place where rounding would make the winner lose
    to an earlier column, so that ``np.argmax(fixed)`` is the result.
    """
    scores = np.asarray(scores, dtype=float)
    bounds = np.asarray(bounds, dtype=float)
    n = scores.shape[0]
    rows = np.arange(n)
    with np.errstate(invalid="ignore"):
        m = np.argmax(np.where(np.isnan(scores), -np.inf, scores), axis=1)
        top = scores[rows, m] - bounds[rows, m]
        close = ~(scores + bounds < top[:, None])  # NaN or inf: close as well
    close[rows, m] = False
    out = m.copy()
    for i in np.flatnonzero(close.any(axis=1) | ~np.isfinite(top)):
        cols = np.flatnonzero(close[i] | (np.arange(scores.shape[1]) == m[i]))
        ex = exact_scores(i, cols)
        best = 0
        for c in range(1, len(cols)):
            if ex[c] > ex[best]:
                best = c
        out[i] = cols[best]
        if fixed is not None:
            fixed[i, cols] = [_to_float(q) for q in ex]
            while np.argmax(fixed[i]) != out[i]:
                fixed[i, out[i]] = np.nextafter(fixed[i, out[i]], np.inf)
    return out


class ExactRows:
    """Exact weights of several linear classifiers at once (the rows of W), for argmax decisions.

    Row r is ``scale * sum_j coef[r, j] x~_j / den`` over kept training rows
    (or, with ``rows=None``, the stored ``W[r]`` read as decimals); ``err[r]``
    bounds ``|W[r] - exact row r|``.
    """

    def __init__(self, W, *, rows=None, coef=None, scale=1, lead=1.0, err=None, den=1):
        self.W = np.atleast_2d(np.asarray(W, dtype=float))
        k = self.W.shape[0]
        self.err = np.zeros(k) if err is None else np.broadcast_to(np.asarray(err, dtype=float), (k,)).copy()
        self.lines = [ExactLinear(self.W[r]) if rows is None else
                      ExactLinear(self.W[r], rows=rows, coef=np.asarray(coef)[r], scale=scale, lead=lead,
                                  err=self.err[r], den=den)
                      for r in range(k)]

    def scores_and_bounds(self, Xh):
        """Float scores ``Xh @ W.T`` and their bounds, both (n, k)."""
        with np.errstate(over="ignore", invalid="ignore"):
            scores = Xh @ self.W.T
            xn = norms(Xh)
            wn = norms(self.W)
            bounds = score_bound(xn[:, None], wn[None, :], self.err[None, :], Xh.shape[1])
            bounds[~(xn[:, None] * (wn + self.err)[None, :] <= TRUST_LIMIT)] = np.inf
        return scores, bounds

    def exact_scores(self, xh, cols):
        return [self.lines[c].exact_score(xh) for c in cols]

    def argmax(self, Xh) -> np.ndarray:
        """The first class of largest exact score, per row of Xh."""
        return self.argmax_and_scores(Xh)[0]

    def argmax_and_scores(self, Xh):
        """(the first class of largest exact score, scores whose np.argmax is that class), per row."""
        scores, bounds = self.scores_and_bounds(Xh)
        fixed = scores.copy()
        best = first_argmax(scores, bounds, lambda i, cols: self.exact_scores(Xh[i], cols), fixed)
        return best, fixed

    def fix_scores(self, Xh) -> np.ndarray:
        """``Xh @ W.T`` with every score near 0 replaced by the exact one (signs exact)."""
        with np.errstate(over="ignore", invalid="ignore"):
            scores = Xh @ self.W.T
        return np.column_stack([line.fix_scores(Xh, scores[:, r]) for r, line in enumerate(self.lines)]) \
            if scores.shape[0] else scores


def _to_float(q: Fraction) -> float:
    """``q`` correctly rounded, keeping its sign even where it underflows."""
    try:
        f = float(q)
    except OverflowError:  # beyond the largest float: infinite, with q's sign
        return float(np.copysign(np.inf, float(np.sign(q.numerator))))
    if f == 0.0 and q != 0:
        return 5e-324 if q > 0 else -5e-324  # float(q.numerator) can overflow
    return f


def exact_scores(w, X, lead: float = 1.0) -> np.ndarray:
    """Scores ``w . (lead, x_i)`` with every score near 0 replaced by the exact one.

    ``w`` (homogeneous) and ``X`` are read as the decimals they print as.

    >>> exact_scores([0.0, 0.4, -0.8], [[0.4, 0.2], [1.0, 0.0]]).tolist()
    [0.0, 0.4]
    """
    X = np.atleast_2d(np.asarray(X, dtype=float))
    w = np.asarray(w, dtype=float)
    Xh = homogeneous(X, lead)
    with np.errstate(over="ignore", invalid="ignore"):
        s = Xh @ w
    return ExactLinear.of_weights(w).fix_scores(Xh, s)
