"""Chapter 5's reference solutions for the exercise checks, kept out of the shipped check module.

lecturekit/exercises/ch05.py holds each expected value only as a fingerprint (a hash of the value rounded to the
probe's tolerance, lecturekit.exercises.public.fingerprint); the functions here compute those values from the
definitions, without closed formulas (searches, bisections, worst-case updates built as vectors), and
tests/test_chapter_05.py checks that the stored fingerprints are theirs and works the same values out by hand.
"""

import math
from fractions import Fraction

import numpy as np


# (R/gamma)^2 of Exercise 1's two points from its definition, as floats (with the wrong turns) and exactly in fractions
def _scale_bound(a, b, s, turn=None):
    """(R / gamma)^2 of the points a s, b s with the halfway threshold, from the definitions; ``turn`` measures it
    the way one wrong turn does: "raw" (R and the margin of the raw x, no 1), "plane" (gamma divided by |u1|
    only), "near" (R at the point nearer the origin)."""
    Xh = np.array([[1.0, a * s], [1.0, b * s]])
    y, u = np.array([-1, 1]), np.array([-(a + b) * s / 2, 1.0])
    lengths2 = np.sum(Xh ** 2, axis=1)
    R2 = np.min(lengths2) if turn == "near" else np.max(lengths2)
    score = np.min(y * (Xh @ u))
    if turn == "raw":
        return float(np.max(Xh[:, 1] ** 2) / score ** 2)
    gamma = score / (abs(u[1]) if turn == "plane" else np.linalg.norm(u))
    return float(R2 / gamma ** 2)


def _exact_scale_bound(a, b, s):
    """(R / gamma)^2 of the points a s, b s (Fractions) with the halfway threshold, exactly, from the definitions:
    R^2 = max |x~_i|^2, gamma^2 = (min score)^2 / |u~|^2."""
    u = (-(a + b) * s / 2, Fraction(1))
    rows = [(Fraction(1), a * s), (Fraction(1), b * s)]
    R2 = max(p * p + q * q for p, q in rows)
    low = min(y * (u[0] * p + u[1] * q) for y, (p, q) in zip((-1, 1), rows))
    return R2 * (u[0] ** 2 + u[1] ** 2) / low ** 2


def _best_scale(a, b):
    """The minimum of _scale_bound over s > 0, by golden-section search on log s (independent of the formula)."""
    lo, hi = np.log(1e-4), np.log(1e4)
    g = (np.sqrt(5) - 1) / 2
    for _ in range(200):
        p, q = hi - g * (hi - lo), lo + g * (hi - lo)
        if _scale_bound(a, b, np.exp(p)) < _scale_bound(a, b, np.exp(q)):
            hi = q
        else:
            lo = p
    s = float(np.exp((lo + hi) / 2))
    return s, _scale_bound(a, b, s)


def _coefficients(a, b, turn=None):
    """(A, B, C) with (R/gamma)^2 = A/s^2 + B + C s^2, solved from the definition at three scales."""
    scales = np.array([0.5, 1.0, 2.0])
    M = np.column_stack([1 / scales ** 2, np.ones(3), scales ** 2])
    return tuple(float(v) for v in np.linalg.solve(M, [_scale_bound(a, b, s, turn) for s in scales]))


def _exact_coefficients(a, b):
    """(A, B, C) as exact fractions, solved from _exact_scale_bound at s = 1, 2, 3 by Cramer's rule."""
    scales = [Fraction(1), Fraction(2), Fraction(3)]
    M = [[1 / k ** 2, Fraction(1), k ** 2] for k in scales]
    v = [_exact_scale_bound(a, b, k) for k in scales]

    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    d = det(M)
    return tuple(det([[v[r] if c == j else M[r][c] for c in range(3)] for r in range(3)]) / d for j in range(3))


def _doubling_reference(a, b):
    """The smallest x > b at which the bound of u~ ~ (-(a+b)/2, 1) on a, b and x (class +1) is at least twice the
    bound on a, b alone, found by bisection on the two bounds computed as written (not from a closed formula)."""
    m, h = (a + b) / 2, (b - a) / 2
    two = (1 + b * b) / h ** 2

    def doubled(x):
        return (1 + max(b, x) ** 2) / min(h, x - m) ** 2 >= 2 * two

    lo, hi = b, 2 * b + 2
    if not doubled(hi):
        return math.nan
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if doubled(mid) else (mid, hi)
    return hi


def _worst_fall(a, beta2, gamma, tau, eta):
    """The least fall of |w - a u|^2 at one update of the rule, measured on a worst-case update."""
    u = np.array([1.0, 0.0])
    x = np.array([gamma, math.sqrt(beta2 - gamma ** 2)])   # y = +1: y u . x = gamma, |x|^2 = beta2
    w = np.array([0.0, tau / x[1]])                          # y w . x = tau: the largest score that still updates
    step = eta * x
    # |w - a u|^2 - |w + step - a u|^2, written as a difference of squares (no cancellation of two large numbers)
    return float(-np.dot(step, 2 * (w - a * u) + step))


def _distance_reference(a, beta2, gamma, tau, eta=1.0):
    fall = _worst_fall(a, beta2, gamma, tau, eta)
    return float("inf") if fall <= 1e-12 * max(1.0, a * a) else float(np.sum((a * np.array([1.0, 0.0])) ** 2) / fall)


def _best_a_reference(beta2, gamma, tau, eta=1.0):
    """The a > 0 with the smallest _distance_reference, by golden-section search over log a."""
    lo, hi = 1e-6 * beta2 / gamma, 1e6 * (beta2 + tau + 1) / gamma
    while math.isinf(_distance_reference(lo, beta2, gamma, tau, eta)):  # start where the argument proves something
        lo *= 1.5
    lo, hi = math.log(lo), math.log(hi)
    g = (math.sqrt(5) - 1) / 2
    for _ in range(300):
        p, q = hi - g * (hi - lo), lo + g * (hi - lo)
        if _distance_reference(math.exp(p), beta2, gamma, tau, eta) < \
                _distance_reference(math.exp(q), beta2, gamma, tau, eta):
            hi = q
        else:
            lo = p
    return math.exp((lo + hi) / 2)


def _least_a(beta2, gamma, tau, eta=1.0):
    """The a at which the worst update's fall reaches 0 (below it the argument proves nothing), by bisection."""
    lo, hi = 0.0, 1.0
    while _worst_fall(hi, beta2, gamma, tau, eta) <= 0:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if _worst_fall(mid, beta2, gamma, tau, eta) > 0 else (mid, hi)
    return hi


def _start_reference(w0, X, y, u, *, with_c=True, with_n2=True, unit=True, n2_projection=False):
    """The largest k the proof's chain allows from the start w0 (u scaled to length 1), found by bisection,
    independently of any closed formula.  The keywords give the values of the wrong turns; the course's tests
    derives the reference and each of them by hand."""
    Xh = np.hstack([np.ones((len(X), 1)), np.asarray(X, dtype=float)])
    u = np.asarray(u, dtype=float)
    u = u / np.linalg.norm(u) if unit else u
    w0 = np.asarray(w0, dtype=float)
    R2, gamma = float(np.max(np.sum(Xh ** 2, axis=1))), float(np.min(np.asarray(y) * (Xh @ u)))
    c, n2 = (float(w0 @ u) if with_c else 0.0), (float(w0 @ w0) if with_n2 else 0.0)
    if n2_projection:
        n2 = float(w0 @ u) ** 2

    def allowed(k):
        return c + k * gamma <= 0 or (c + k * gamma) ** 2 <= n2 + k * R2

    lo, hi = 0.0, 1.0
    while allowed(hi):
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if allowed(mid) else (lo, mid)
    return lo


# --------------------------------------------------------------------------
# the values behind the fingerprints of lecturekit/exercises/ch05.py: probe -> (atol, accepted values, mistakes)
# --------------------------------------------------------------------------
_SCALE_PAIRS = ((1.0, 2.0), (0.1, 0.3), (0.5, 3.0), (2.0, 7.0))
_FAR_PAIRS = ((1.0, 2.0), (0.1, 0.3), (2.0, 7.0), (0.5, 3.0))
_X_TOY = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
_Y_TOY = np.array([1, 1, -1, -1])
_U_TOY = [0.0, -1.0, 4.0]


def _whole(reference):
    """The accepted answers for a bound: the bound itself and its integer part (the most whole updates); a whole
    bound may come out a hair below it in floating point, so both neighbours count."""
    return [reference] + sorted({math.floor(reference - 1e-6), math.floor(reference + 1e-6)})


def probe_values():
    """Every probe of the checks that compares with a reference: name -> (atol, accepted values, [(id, value)])."""
    probes = {}
    for a, b in _SCALE_PAIRS:
        mistakes = []
        if (a, b) == (1.0, 2.0):
            mistakes = [("scale-no-one", list(_coefficients(a, b, "raw"))),
                        ("scale-input-norm", list(_coefficients(a, b, "plane"))),
                        ("scale-near-radius", list(_coefficients(a, b, "near")))]
        probes[f"scale-coefficients-{a:g}-{b:g}"] = (1e-6, [list(_coefficients(a, b))], mistakes)
        s = _best_scale(a, b)[0]
        probes[f"scale-s-{a:g}-{b:g}"] = (1e-4, [s], [("scale-squared", s * s), ("scale-unit-point", 1 / b)] if (a, b) == (1.0, 2.0) else [])
    for a, b in _FAR_PAIRS:
        probes[f"far-doubling-{a:g}-{b:g}"] = (1e-7, [_doubling_reference(a, b) ** 2], [])
    exact = Fraction(_doubling_reference(3 / 7, 5 / 4) ** 2).limit_denominator(1000)
    probes["far-doubling-exact"] = (1e-12, [float(exact)], [])
    probes["far-doubling-float"] = (1e-9, [float(exact)], [])

    probe = (200.0, 2.5, 0.05, 0.5, 3.0)
    a, beta2, gamma, tau, eta = probe
    reference = _distance_reference(*probe)

    def turned(*args):
        return a * a / _worst_fall(*args)

    probes["distance-probe"] = (1e-6, _whole(reference), [
        ("distance-no-tau", turned(a, beta2, gamma, 0.0, eta)),
        ("distance-tau-once", turned(a, beta2, gamma, tau / 2, eta)),
        ("distance-tau-no-eta", turned(a, beta2, gamma, tau / eta, eta)),
        ("distance-eta-once", turned(a, beta2 / eta, gamma, tau, eta)),
        ("distance-no-eta", turned(a, beta2, gamma, tau, 1.0)),
        ("distance-no-two", turned(a, beta2, gamma / 2, tau, eta)),
        ("distance-start", a / _worst_fall(*probe)),
        ("distance-rounded-up", float(math.floor(reference) + 1))])
    section_5 = (2.7122 / 0.0476, 2.7122, 0.0476, 0.0, 1.0)
    probes["distance-section-5"] = (1e-6, _whole(_distance_reference(*section_5)), [])
    probes["distance-half"] = (1e-6, _whole(_distance_reference(30.0, 1.0, 0.1, 0.25, 0.5)), [])
    probes["distance-no-fall"] = (1e-6, [], [("distance-negative", 400 / _worst_fall(20.0, 2.5, 0.05, 0.5, 3.0))])
    probes["best-a-probe"] = (1e-4, [_best_a_reference(2.5, 0.05, 0.5, 3.0)], [
        ("best-a-no-tau", _best_a_reference(2.5, 0.05, 0.0, 3.0)),
        ("best-a-least", _least_a(2.5, 0.05, 0.5, 3.0)),
        ("best-a-tau-once", _best_a_reference(2.5, 0.05, 0.25, 3.0)),
        ("best-a-no-eta", _best_a_reference(2.5, 0.05, 0.5, 1.0))])
    probes["best-a-second"] = (1e-4, [_best_a_reference(1.0, 0.2, 2.0, 0.5)], [])

    X, y, u = _X_TOY, _Y_TOY, _U_TOY
    probes["start-zero"] = (1e-6, _whole(_start_reference([0.0, 0.0, 0.0], X, y, u)), [])
    w0 = [1.0, 2.0, -1.0]
    reference = _start_reference(w0, X, y, u)
    probes["start-w0"] = (1e-6, _whole(reference), [
        ("start-chain-at-zero", _start_reference(w0, X, y, u, with_c=False)),
        ("start-chain-at-zero", _start_reference(w0, X, y, u, with_n2=False)),
        ("start-not-unit", _start_reference(w0, X, y, u, unit=False)),
        ("start-rounded-up", float(math.floor(reference) + 1))])
    w_off = [5.0, 4.0, 2.0]
    probes["start-off"] = (1e-6, _whole(_start_reference(w_off, X, y, u)), [
        ("start-chain-at-zero", _start_reference(w_off, X, y, u, n2_projection=True)),
        ("start-chain-at-zero", _start_reference(w_off, X, y, u, with_n2=False))])
    probes["start-side"] = (1e-6, _whole(_start_reference([1.0, 4.0, 1.0], X, y, u)), [])
    probes["start-good"] = (1e-6, _whole(_start_reference([0.0, -3.0, 12.0], X, y, [0.0, -2.0, 8.0])), [])
    return probes


def keys():
    """The table lecturekit/exercises/ch05.py stores: probe -> (atol, accepted fingerprints, ((id, fingerprint), ...))."""
    from lecturekit.exercises.public import fingerprint

    return {name: (atol, tuple(fingerprint(f"ch05/{name}", v, atol) for v in accepted),
                   tuple((mid, fingerprint(f"ch05/{name}/{mid}", v, atol)) for mid, v in mistakes))
            for name, (atol, accepted, mistakes) in probe_values().items()}


if __name__ == "__main__":
    import pprint

    pprint.pprint(keys(), width=118, sort_dicts=False)
