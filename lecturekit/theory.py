"""Quantities of the convergence proof (Novikoff 1962; Daumé's notes and the "Linear Discriminants" slides).

If some unit vector u separates the data with margin
``gamma = min_i y_i u . x_i > 0`` and every example has ``|x_i| <= R``, the
perceptron started at w = 0 makes at most ``(R / gamma)^2`` updates.

All three functions measure on the points the perceptron actually sees: the
homogeneous (1, x_i) with a bias, or the raw x_i with ``fit_intercept=False``.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np

from ._validation import check_binary_y, check_bool, check_count, check_weights, check_X
from .exact import ExactLinear, decimal

__all__ = ["margin", "radius", "novikoff_bound", "is_separable", "separation_certificate",
           "cover_probability"]


def _points(X, fit_intercept):
    X = check_X(X)
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    return np.hstack([np.ones((X.shape[0], 1)), X]) if fit_intercept else X


def margin(w, X, y, *, fit_intercept: bool = True, space: str = "homogeneous") -> float:
    """Smallest signed distance ``min_i y_i w . x_i / |w|`` of the data to the hyperplane of w.

    Parameters
    ----------
    w : array-like
        Homogeneous weights (bias first) of length d + 1, or length d with
        ``fit_intercept=False``.
    X, y : raw data and -1/+1 labels
    space : {"homogeneous", "input"}, default "homogeneous"
        "homogeneous" divides by the norm of the whole vector (the margin in the
        proof); "input" divides by ``|(w1, ..., wd)|``, the Euclidean distance to
        the boundary line in the plane of the raw features.

    Returns
    -------
    float
        Positive iff w separates the data (every point strictly on its side),
        decided exactly on the numbers as typed (:mod:`lecturekit.exact`): a
        point exactly on the hyperplane gives 0.0, not a rounding error.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.margin([0.0, 1.0], [[2.0], [-1.0]], [1, -1])
    1.0
    >>> lk.margin([-0.3, 1.0, 1.0], [[0.1, 0.2], [1.0, 1.0], [0.0, 0.0]], [1, 1, -1])  # (0.1, 0.2) is on the line
    0.0
    """
    P = _points(X, fit_intercept)
    y = check_binary_y(y, P.shape[0])
    w = check_weights(w, P.shape[1], "w", what=" (bias first)" if fit_intercept else "")
    if space not in ("homogeneous", "input"):
        raise ValueError(f"space must be 'homogeneous' or 'input'; got {space!r}.")
    # the length without overflow or underflow of the squares (1e200 or 1e-170 weights are fine)
    scale = math.hypot(*(w[1:] if (space == "input" and fit_intercept) else w).tolist())
    if scale == 0:
        raise ValueError("w has no direction (its normal part is zero); a margin is undefined.")
    with np.errstate(over="ignore", invalid="ignore"):
        scores = P @ w
    if not np.all(np.isfinite(scores)):
        raise ValueError("w . x overflows floating point for some example (weights or features near 1e308); "
                         "divide w by a power of 2 first: the margin does not depend on the length of w.")
    scores = ExactLinear.of_weights(w).fix_scores(P, scores)  # exact near 0
    worst = float(np.min(y * scores))
    if worst == 0.0:
        return 0.0                      # a point on the hyperplane: 0.0, never -0.0
    result = worst / scale
    # a quotient too small for a float keeps its sign (the smallest float of that sign), so that the
    # margin is positive exactly when w separates the data
    return result if result != 0.0 else math.copysign(5e-324, worst)


def radius(X, *, fit_intercept: bool = True) -> float:
    """R = max_i |x_i|, measured on (1, x_i) with a bias.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.radius([[0.0, 0.0], [3.0, 4.0]], fit_intercept=False)
    5.0
    """
    P = _points(X, fit_intercept)
    return float(np.sqrt(np.max(np.sum(P * P, axis=1))))


def novikoff_bound(X, y, u, *, fit_intercept: bool = True) -> float:
    """Novikoff's mistake bound ``(R / gamma)^2`` for any separating u.

    u is normalised inside, so any positive multiple gives the same bound.
    The bound is ``R^2 |u|^2 / (min_i y_i u . x_i)^2``, computed exactly in
    rational arithmetic on the numbers as typed (each float read as its
    shortest decimal, :mod:`lecturekit.exact`, as :func:`lecturekit.perceptron`
    reads them) and rounded *up* to a float: the returned number is never
    below the exact bound, so it bounds the updates of
    :func:`lecturekit.perceptron` started at w = 0 with any eta, also on a run
    that reaches its bound exactly (the bound 4 comes back as 4.0, not as
    3.999999999999999).  A bound too large for a float is ``inf``.

    Raises
    ------
    ValueError
        If u does not separate the data (gamma <= 0, decided exactly on the
        numbers as typed: a point exactly on u's hyperplane counts): no bound
        follows.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X = [[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]
    >>> lk.novikoff_bound(X, [1, 1, -1, -1], [0.0, -1.0, 4.0])  # R^2 = 14, gamma = 1/sqrt(17): 14 * 17
    238.0
    """
    gamma = margin(u, X, y, fit_intercept=fit_intercept)
    if gamma <= 0:
        raise ValueError(
            f"u does not separate the data (its margin is {gamma:.4g} <= 0), so Novikoff's theorem "
            "gives no bound. Pass a u with y_i u . x_i > 0 for every i, e.g. a converged perceptron's w."
        )
    return _round_up(_exact_novikoff_bound(X, y, u, fit_intercept))


def _exact_novikoff_bound(X, y, u, fit_intercept) -> Fraction:
    """R^2 |u|^2 / (min_i y_i u . x_i)^2 as an exact fraction, on the decimal readings of X and u."""
    P = _points(X, fit_intercept)
    y = check_binary_y(y, P.shape[0])
    u = [decimal(v) for v in np.asarray(u, dtype=float).tolist()]
    rows = [[decimal(v) for v in row] for row in P.tolist()]
    R2 = max(sum(v * v for v in row) for row in rows)
    low = min(int(y_i) * sum(a * b for a, b in zip(u, row)) for row, y_i in zip(rows, y.tolist()))
    return R2 * sum(v * v for v in u) / (low * low)


def _round_up(q: Fraction) -> float:
    """The smallest float that is not below q (q >= 0); inf when q is beyond the largest float."""
    try:
        f = q.numerator / q.denominator      # correctly rounded (Python's int true division)
    except OverflowError:
        return math.inf
    return math.nextafter(f, math.inf) if Fraction(f) < q else f


def is_separable(X, y, *, fit_intercept: bool = True) -> bool:
    """Is there a w with ``y_i w . x_i > 0`` for every i?  Decided exactly on the numbers as typed.

    With a bias the test runs on the homogeneous points (1, x_i), so it asks
    for a line (plane) anywhere; with ``fit_intercept=False`` on the raw x_i,
    through the origin.  Labels of one class only are allowed, as in Cover's
    count: with a bias they are always separable, through the origin only if
    the points lie in an open half-space.

    The answer is the one exact rational arithmetic gives on the decimal
    readings of the floats: each coordinate x is taken to be the shortest
    decimal that reads back as x (``repr(x)``: 0.1 is 1/10 and ``1 + 1e-9``
    is 1.000000001), not its binary approximation.  So three points typed
    on one line with the middle one labelled differently are not separable,
    however their floats round, and x = 1 labelled -1 with x = 1 + 1e-9
    labelled +1 is separable (examples below).  No SciPy needed; see
    :func:`separation_certificate` for how it decides, what it costs, and
    for the evidence.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.is_separable([[0, 0], [1, 1], [0, 1], [1, 0]], [-1, -1, 1, 1])  # XOR
    False
    >>> lk.is_separable([[0, 0], [1, 1], [0, 1], [1, 0]], [-1, 1, 1, 1])   # OR
    True
    >>> lk.is_separable([[1.0], [1 + 1e-9]], [-1, 1])    # any threshold in between
    True
    >>> lk.is_separable([[0.1, 0.3], [0.2, 0.2], [0.3, 0.1]], [1, -1, 1])  # on one line
    False
    """
    return _decide(*_exact_problem(X, y, fit_intercept))[0]


def separation_certificate(X, y, *, fit_intercept: bool = True, exact: bool = False):
    """Decide separability and return the evidence: ``(True, w)`` or ``(False, lam)``.

    Write z_i = y_i x_i (with x_i = (1, x_i) when ``fit_intercept``).  Gordan's
    theorem of the alternative (1873) says that exactly one of these holds:

    * some w has ``z_i . w > 0`` for every i (the data are separable), or
    * some lam >= 0, not all 0, has ``sum_i lam_i z_i = 0``: a mixture of
      the points, each pulled to its own side, meets at the origin, so every
      w scores that mixture 0 and cannot score all its parts positive.

    The decision and the evidence are exact on the decimal readings of the
    floats, the numbers as typed: each coordinate x stands for the shortest
    decimal that reads back as x (``Fraction(repr(x))``), and every check
    below is done in rational arithmetic on those numbers.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Raw points, finite (NaN and infinity are rejected with an error).
    y : array-like of shape (n_samples,)
        Labels -1/+1; one class only is allowed.
    fit_intercept : bool, default True
        Test the homogeneous points (1, x_i) (a boundary anywhere) or, with
        False, the raw x_i (a boundary through the origin).
    exact : bool, default False
        Return the evidence as an object array of :class:`fractions.Fraction`
        (the exact numbers that were checked) instead of floats.

    Returns
    -------
    (True, w)
        w the homogeneous weights (bias first with a bias), of shape (D,),
        with ``y_i w . x_i > 0`` for every i, checked exactly with w and the
        x_i read as decimals (but in the case at the end of the Notes, which
        warns).  With ``exact=True``, the Fractions that were checked.
    (False, lam)
        lam of shape (n_samples,), ``lam >= 0``, ``sum lam = 1`` and
        ``sum_i lam_i y_i x_i = 0`` exactly.  The floats returned are the
        nearest floats to the exact weights (so their sum and the mixture are
        1 and 0 only up to rounding); ``exact=True`` returns the Fractions
        that were checked.

    Notes
    -----
    How it decides, in the manner of the exact predicates of computational
    geometry: a fast floating-point filter, an exact check of its answer,
    and an exact method when the check fails.

    1. Filter: phase 1 of the simplex method in floating point for
       ``Z^T lam = 0, sum lam = 1, lam >= 0`` (each z_i scaled to length 1,
       which changes neither alternative; Dantzig's entering rule with a
       lexicographic ratio test, which cannot cycle).  It ends with a
       candidate w (the dual values) or a candidate lam on at most D + 1
       points (its basis).
    2. Check: a candidate w must give ``z_i . w > 0`` for every i in exact
       arithmetic, and a candidate lam is re-solved exactly on its own
       points (a linear program with at most D + 1 columns).  A candidate
       that fails is not evidence.
    3. Fallback: the same simplex method on the whole problem in exact
       integer arithmetic (each z_i scaled to integers; integer-preserving
       pivots keep every entry an integer).  It decides every case.  It runs
       only when the filter's answer fails the exact check: near ties at the
       scale of the filter's tolerance (1e-9 relative to the lengths of the
       z_i), like the points 1 and 1 + 1e-9, or data on which floating point
       breaks down.  Its cost grows with the number of points, the number of
       pivots (more with more features) and the digits of the integers:
       measured alone, it takes milliseconds on most of the chapters' calls
       (up to a few hundred points, a few features), up to a second on 30
       points with 36 monomial features (integers of 38 digits), 0.3 to 0.8 s
       on 1000 points with 10 features and 1 to 3 s on 357 digits with 64
       pixels; larger problems take longer still.

    The float w.  A w from the filter is returned as it is: its decimal
    readings passed the check.  A w from the exact method is an integer
    vector, returned as floats when its entries fit in 53 bits (they then
    read back as the same integers); otherwise floats are searched whose
    readings separate (at most 256 tries of about ``n x D`` multiplications
    each).  Data whose separating directions form a cone as thin as the
    spacing of floats (points one float apart, such as 0.3 and 0.1 + 0.2)
    can leave no float w that passes, or none that the search finds; then w
    is the exact w rounded to floats, a RuntimeWarning says so, and
    ``exact=True`` returns the exact w.  :func:`is_separable` needs no w and
    never warns.

    Examples
    --------
    >>> import numpy as np, lecturekit as lk
    >>> X = [[0, 0], [1, 1], [0, 1], [1, 0]]
    >>> ok, lam = lk.separation_certificate(X, [-1, -1, 1, 1])  # XOR
    >>> ok, np.round(lam, 3).tolist()  # the two diagonals share their midpoint (0.5, 0.5)
    (False, [0.25, 0.25, 0.25, 0.25])
    >>> ok, w = lk.separation_certificate(X, [-1, 1, 1, 1])      # OR
    >>> ok, bool(np.all(np.array([-1, 1, 1, 1]) * (lk.to_homogeneous(X) @ w) > 0))
    (True, True)
    >>> ok, lam = lk.separation_certificate([[0.1], [0.2], [0.3]], [1, -1, 1], exact=True)
    >>> ok, [str(v) for v in lam]  # 0.2 = (0.1 + 0.3) / 2, exactly
    (False, ['1/4', '1/2', '1/4'])
    >>> ok, w = lk.separation_certificate([[1.0], [1 + 1e-9]], [-1, 1], exact=True)
    >>> ok, [str(v) for v in w]  # the threshold 1000000002 / 1000000001 lies in between
    (True, ['-1000000002', '1000000001'])
    """
    exact = check_bool(exact, "exact")
    Z, rows, scales = _exact_problem(X, y, fit_intercept)
    found, evidence = _decide(Z, rows, scales)
    if found:
        w, w_exact, checked = _float_weights(evidence, rows)
        if not (checked or exact):
            warnings.warn(
                "the data are separable, but no float vector tried reads as a w that separates them "
                "exactly (the separating directions form a cone as thin as the spacing of floats); "
                "w is the exact w rounded to floats. separation_certificate(X, y, exact=True) returns "
                "the exact w as Fractions.", RuntimeWarning, stacklevel=2)
        return True, (np.array(w_exact, dtype=object) if exact else w)
    return False, (np.array(evidence, dtype=object) if exact else np.array([float(v) for v in evidence]))


# ---------------------------------------------------------------------------
# Exact separability: the decimal readings of the floats as integers, a float
# filter, exact checks of its answer, and an exact simplex method as fallback.

def _decimal(x: float) -> tuple[int, int]:
    """(m, e) with m * 10**e the shortest decimal that reads back as the finite float x."""
    mantissa, _, exponent = repr(float(x)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    fraction = fraction.rstrip("0")
    return int(whole + fraction), (int(exponent) if exponent else 0) - len(fraction)


def _integer_vector(decimals) -> tuple[list[int], int]:
    """Integers k_j and an exponent e with k_j * 10**e the decimals (m_j, e_j), e as large as possible."""
    e = min((e for m, e in decimals if m), default=0)
    return [m * 10 ** (ej - e) for m, ej in decimals], e


def _integer_rows(Z):
    """Each row z_i of Z, read as decimals, scaled by a positive number to coprime integers.

    Returns ``rows, scales`` with ``rows[i] = scales[i] * z_i`` exactly (scales[i] a
    positive Fraction; 1 for a row of zeros).  Scaling a z_i by a positive number
    changes neither of Gordan's alternatives.
    """
    values, index = np.unique(Z, return_inverse=True)
    decimals = [_decimal(v) for v in values.tolist()]
    rows, scales = [], []
    for row in index.reshape(Z.shape).tolist():
        ints, e = _integer_vector([decimals[k] for k in row])
        g = math.gcd(*ints) or 1
        rows.append([k // g for k in ints])
        scales.append(Fraction(10) ** -e / g)
    return rows, scales


def _separates(rows, w) -> bool:
    """Exactly: does every row r give r . w > 0, with w the decimal readings of finite floats?"""
    if not all(math.isfinite(v) for v in w):
        return False
    W, _ = _integer_vector([_decimal(v) for v in w])  # a positive multiple of w's readings
    return all(sum(a * b for a, b in zip(row, W)) > 0 for row in rows)


def _readings(w) -> list[Fraction]:
    return [Fraction(m) * Fraction(10) ** e for m, e in map(_decimal, w)]


def _exact_problem(X, y, fit_intercept):
    """Checked input as Z = y_i x_i (floats) and its rows as exact integers (see _integer_rows)."""
    P = _points(X, fit_intercept)
    y = check_binary_y(y, P.shape[0], one_class_ok=True)
    Z = y[:, None] * P
    return (Z, *_integer_rows(Z))


def _decide(Z, rows, scales):
    """Gordan's alternative for the data, exactly: (True, w) or (False, lam).

    w is either the filter's float w, whose decimal readings were checked, or
    integers with ``rows[i] . w > 0``.  lam is a list of Fractions with lam >= 0,
    ``sum lam = 1`` and ``sum_i lam_i z_i = 0`` for the decimal readings z_i.
    """
    zero = [i for i, row in enumerate(rows) if not any(row)]
    if zero:  # x_i = 0 through the origin: w . 0 = 0 is never > 0
        return False, _mixture({i: Fraction(1) for i in zero}, scales)
    candidate = _float_filter(Z)
    if candidate is not None:
        found, value = candidate
        if found and _separates(rows, value):
            return True, value
        if not found:  # re-solve exactly on the filter's points only
            ok, mu = _exact_gordan([rows[i] for i in value])
            if not ok:
                return False, _mixture({value[k]: v for k, v in mu.items()}, scales)
    found, value = _exact_gordan(rows)
    return (True, value) if found else (False, _mixture(value, scales))


def _mixture(mu, scales):
    """lam on the points for weights mu on the integer rows (rows[i] = scales[i] * z_i), summing to 1."""
    lam = [Fraction(0)] * len(scales)
    for i, mu_i in mu.items():
        lam[i] = mu_i * scales[i]
    total = sum(lam)
    return [v / total for v in lam]


def _float_weights(w, rows):
    """(w, w_exact, checked): floats for a separating w, and the Fractions they stand for.

    A float w from the filter is returned as it is, with its decimal readings.  For
    exact integer weights W, checked tells whether floats were found whose decimal
    readings separate (w_exact are then those readings; otherwise W itself).
    """
    if isinstance(w, np.ndarray):
        return w, _readings(w), True
    W = w
    big = max(abs(k) for k in W)
    if big <= 2**53:  # every integer up to 2^53 is a float, and reads back as itself
        return np.array(W, dtype=float), [Fraction(k) for k in W], True
    # Rounding W to floats moves it by about 1e-16 of its length, which can leave the cone
    # of separating w when the cone is that thin (points one float apart, like 0.3 and
    # 0.1 + 0.2).  Then W is scaled so that its largest entry is s = 1, 2, ..., rounded,
    # and one entry at a time (the smallest first) solved for exactly: the entries round
    # differently for each s, and a few tries usually leave room for a float.  Some data
    # may leave none, or none that this search finds.
    order = sorted(range(len(W)), key=lambda j: abs(W[j]))
    tries = [(s, j) for s in range(1, _FLOAT_TRIES + 1) for j in order][:_FLOAT_TRIES]
    for s, j in tries:
        w = [float(Fraction(k * s, big)) for k in W]
        w[j] = _float_between(*_interval(rows, w, j))
        if w[j] is not None and _separates(rows, w):
            return np.array(w), _readings(w), True
    return np.array([float(Fraction(k, big)) for k in W]), [Fraction(k, big) for k in W], False


_FLOAT_TRIES = 256  # (s, entry) pairs, each about n * D multiplications of integers


def _interval(rows, w, k):
    """The open interval (low, high) of values v with ``row . w > 0`` for every row once w_k = v.

    The other entries of w stand for their decimal readings; None marks an open end,
    and (1, -1) says that no v works.
    """
    ints, e = _integer_vector([_decimal(v) for v in w[:k] + [0.0] + w[k + 1:]])
    low = high = None  # as (numerator, positive denominator) in units of 10**e
    for row in rows:
        rest = sum(a * b for a, b in zip(row, ints) if a)
        if row[k] == 0:
            if rest <= 0:
                return Fraction(1), Fraction(-1)
        elif row[k] > 0:  # v > -rest / row[k]
            if low is None or -rest * low[1] > low[0] * row[k]:
                low = (-rest, row[k])
        elif high is None or rest * high[1] < high[0] * -row[k]:  # v < rest / -row[k]
            high = (rest, -row[k])
    unit = Fraction(10) ** e
    return tuple(None if end is None else Fraction(*end) * unit for end in (low, high))


def _float_between(low, high):
    """A float whose decimal reading lies strictly between low and high (None: an open end)."""
    if low is not None and high is not None:
        if low >= high:
            return None
        middle = (low + high) / 2
    elif low is None and high is None:
        return 0.0
    else:
        middle = low + abs(low) + 1 if high is None else high - abs(high) - 1
    if middle == 0:
        return 0.0
    top = len(str(abs(middle.numerator))) - len(str(middle.denominator))  # about log10 |middle|
    for digits in range(1, 19):  # the shortest decimal near the middle that fits, as a float
        unit = Fraction(10) ** (top - digits)
        try:
            candidate = float(round(middle / unit) * unit)
        except OverflowError:
            return None
        value = _readings([candidate])[0] if math.isfinite(candidate) else None
        if value is not None and (low is None or low < value) and (high is None or value < high):
            return candidate
    return None


def _exact_gordan(rows):
    """Phase 1 of the simplex method in exact integer arithmetic: the float one, without rounding.

    Solves ``sum_j mu_j rows[j] = 0, sum_j mu_j = 1, mu >= 0`` for integer rows.
    Returns (False, {j: mu_j}) with Fractions if it has a solution, else (True, W)
    with integers W and ``rows[j] . W > 0`` for every j (Gordan's alternative).

    Integer-preserving pivots (Edmonds 1967, as in Avis's lrs): the tableau T is
    kept as ``det`` times the true one, det the current basis determinant, and a
    pivot on p = T[r][c] maps every other row to ``(row * p - row[c] * T[r]) // det``,
    an exact division, so every entry stays an integer (a subdeterminant of the
    data).  The entering column has the most negative reduced cost (Dantzig); ties
    in the ratio test are broken lexicographically on the rows of (b, B^-1)
    (Dantzig, Orden and Wolfe 1955), which cannot cycle, so the method ends.
    Bland's rule ends too, and takes about as many pivots on the chapters'
    small problems, but up to 45 times as many on larger ones (4894 instead
    of 109 on the 65-dimensional digits).
    """
    n, D = len(rows), len(rows[0])
    m = D + 1
    # constraint rows [A | I | b] with A = (rows^T; 1 ... 1), b = (0, ..., 0, 1); the
    # artificial variables form the first basis, and the cost row holds the reduced
    # costs of "minimise the sum of the artificials" (and minus its value, last)
    T = [[row[k] for row in rows] + [int(i == k) for i in range(m)] + [0] for k in range(D)]
    T.append([1] * n + [0] * D + [1, 1])
    cost = [-sum(T[k][j] for k in range(m)) for j in range(n)] + [0] * m + [-1]
    basis = list(range(n, n + m))
    det = 1
    order = [n + m, *range(n, n + m)]  # b, then the columns that hold det * B^-1
    while True:
        c = min(range(n), key=cost.__getitem__)  # only the lam columns enter
        if cost[c] >= 0:
            break
        r = None
        for i in range(m):  # ratio test b_i / a_ic over a_ic > 0, ties lexicographically
            if T[i][c] > 0:
                if r is None:
                    r = i
                    continue
                for k in order:  # compare T[i][k] / T[i][c] with T[r][k] / T[r][c]
                    left, right = T[i][k] * T[r][c], T[r][k] * T[i][c]
                    if left != right:
                        r = i if left < right else r
                        break
        p, pivot = T[r][c], T[r]
        for row in T[:r] + T[r + 1:] + [cost]:
            f = row[c]
            if f:
                row[:] = [(a * p - f * b) // det for a, b in zip(row, pivot)]
            else:
                row[:] = [a * p // det for a in row]
        basis[r], det = c, p
    if cost[-1] == 0:  # the artificials are all 0: mu solves the system
        return False, {j: Fraction(T[i][-1], det) for i, j in enumerate(basis) if j < n and T[i][-1]}
    # dual values u = 1 - (reduced costs of the artificials) give u . (rows[j], 1) <= 0 for
    # every j and u . b = u[D] > 0, so W = -u[:D] (times det) has rows[j] . W >= u[D] > 0
    W = [cost[n + k] - det for k in range(D)]
    g = math.gcd(*W)
    return True, [k // g for k in W]


def _float_filter(Z):
    """The float simplex's candidate: (True, w), (False, the points its lam uses), or None.

    Whatever it returns is checked exactly, so where rounding breaks the float
    method (an empty ratio test, no end) it gives None and the exact one decides.
    """
    Z = Z / np.max(np.abs(Z), axis=1)[:, None]  # no row is 0 here; no overflow in the norm
    try:
        with np.errstate(all="ignore"):
            return _gordan(Z / np.linalg.norm(Z, axis=1)[:, None])
    except (ArithmeticError, RuntimeError, ValueError):
        return None


_TOL = 1e-9  # on unit-length z_i


def _gordan(Z):
    """Phase 1 of the simplex method for ``Z^T lam = 0, sum lam = 1, lam >= 0``, in floats.

    Returns (False, the indices of the basic lam) if it finds that the system
    has a solution, else (True, w) with ``Z w > 0`` up to rounding.  Rows of Z
    must have length 1.  Only a candidate: :func:`_decide` checks it exactly.
    """
    n, D = Z.shape
    m = D + 1
    A = np.vstack([Z.T, np.ones(n)])                    # m x n
    b = np.zeros(m)
    b[-1] = 1.0
    # tableau [A | I | b] with the m artificial variables as the first basis,
    # and the reduced costs of "minimise the sum of the artificials" below it
    T = np.zeros((m + 1, n + m + 1))
    T[:m, :n], T[:m, n:n + m], T[:m, -1] = A, np.eye(m), b
    T[m, :n], T[m, -1] = -A.sum(axis=0), -b.sum()
    basis = list(range(n, n + m))
    for _ in range(50 * (n + m)):
        costs = T[m, :n]
        j = int(np.argmin(costs))                        # Dantzig: steepest reduced cost
        if costs[j] >= -_TOL:
            break
        # ratio test, ties broken lexicographically on (b, B^-1) row by row: the
        # rows of B^-1 are what a tiny perturbation (eps, eps^2, ...) of b would
        # add, so every pivot makes progress on that perturbed problem and the
        # method cannot cycle on this very degenerate system (b is 0 but for 1)
        rows = np.flatnonzero(T[:m, j] > _TOL)
        keys = T[rows][:, np.r_[n + m, n:n + m]] / T[rows, j][:, None]
        for k in range(m + 1):
            best = keys[:, k] <= keys[:, k].min() + _TOL
            rows, keys = rows[best], keys[best]
            if rows.size == 1:
                break
        i = rows[0]
        T[i] /= T[i, j]
        others = np.arange(m + 1) != i
        T[others] -= np.outer(T[others, j], T[i])
        basis[i] = j
    else:  # pragma: no cover - the lexicographic rule terminates; this guards rounding
        raise RuntimeError("the float simplex did not finish")  # the exact one takes over
    if -T[m, -1] <= _TOL:                                # artificials at 0: lam solves it
        support = sorted(j for j in basis if j < n)
        return (False, support) if support else None
    # dual values u = 1 - (reduced costs of the artificials): u . A_j <= 0 for every
    # column, u . b = u[-1] > 0, so w = -u[:D] has z_j . w >= u[-1] > 0
    u = 1.0 - T[m, n:n + m]
    return True, -u[:D]


def cover_probability(n: int, d: int, *, fit_intercept: bool = True) -> float:
    """Chance that n points in general position with random labels are linearly separable.

    Cover's function-counting theorem (1965): through the origin in D
    dimensions, ``C(n, D) = 2 sum_{k=0}^{D-1} binom(n-1, k)`` of the ``2^n``
    labellings are separable.  With a bias, D = d + 1.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.cover_probability(4, 2)  # 4 points in the plane: 14 of 16 labellings
    0.875
    """
    n = check_count(n, "n")
    d = check_count(d, "d")
    D = d + 1 if check_bool(fit_intercept, "fit_intercept") else d
    count = 2 * sum(math.comb(n - 1, k) for k in range(min(D, n)))
    return count / 2**n
