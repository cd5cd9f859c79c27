"""Reference answers of chapter 9's Exercises 3, 5 and 6, kept out of the shipped check module.

``lecturekit/exercises/ch09.py`` holds the keys of Exercises 3, 5 and 6, and the
values of their catalogued mistakes, only as fingerprints
(:func:`lecturekit.exercises.public.fingerprint`).  This module computes those
values from the definitions (Alg. 7.2 on the points (c, x_i) through
``lk.dual_perceptron`` on a kernel that looks the Gram matrix up; section 7's
augmented data built point by point), independently of the check, and
``tests/test_chapter_09.py`` asserts that the stored fingerprints are theirs.
"""

import warnings

import numpy as np

from lecturekit import ConvergenceWarning
from lecturekit.exercises import ch09
from lecturekit.exercises.public import fingerprint
from lecturekit.perceptron import dual_perceptron


# ---------------------------------------------------------------- Exercise 3
def index_kernel(G):
    """A kernel on row numbers that looks its values up in G: lk.dual_perceptron on any symmetric G."""
    def k(A, B):
        return G[np.ix_(np.asarray(A)[:, 0].astype(int), np.asarray(B)[:, 0].astype(int))]
    return k


def dual_run(G, y, epochs, bias):
    """lk.dual_perceptron's counts on the Gram matrix G (decisions exact, see docs/engines.md)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return dual_perceptron(np.arange(len(y), dtype=float)[:, None], y, kernel=index_kernel(G),
                               fit_intercept=bias, max_epochs=epochs).alpha


def constant_first_kernel(G):
    """The dot product of the points (c, x_i), for rows (c, i)."""
    look_up = index_kernel(G)

    def k(A, B):
        A, B = np.asarray(A, dtype=float), np.asarray(B, dtype=float)
        return np.outer(A[:, 0], B[:, 0]) + look_up(A[:, 1:], B[:, 1:])
    return k


def run_with_constant(G, y, epochs, c):
    """lk.dual_perceptron, no intercept of its own, on the points (c, x_i)."""
    n = len(y)
    points = np.column_stack([np.full(n, float(c)), np.arange(n, dtype=float)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return dual_perceptron(points, y, kernel=constant_first_kernel(G), fit_intercept=False,
                               max_epochs=epochs).alpha


def resumed_run(G, y, before, epochs, c):
    """The counts alpha0 after ``before`` epochs, and the counts after ``epochs`` more (the state at the end of an
    epoch is alpha alone, so that is a run of ``before + epochs`` epochs from 0)."""
    alpha0 = run_with_constant(G, y, before, c) if before else np.zeros(len(y), dtype=np.int64)
    return alpha0, run_with_constant(G, y, before + epochs, c)


def start_without_constant(G, y, epochs, c, alpha0):
    """A half-fixed dual_alpha: the update adds G[i] + c·c, but the start-up scores are (alpha0 * y) @ G, without the
    c·c of the constant coordinate (a plain loop; its decisions are exact on the integer and kernel data it is run on
    in the tests)."""
    alpha = np.array(alpha0, dtype=np.int64)
    scores = (alpha * y) @ np.asarray(G, dtype=float)
    for _ in range(epochs):
        mistakes = 0
        for i in range(len(y)):
            if y[i] * scores[i] <= 0:
                alpha[i] += 1
                scores += y[i] * (G[i] + c * c)
                mistakes += 1
        if mistakes == 0:
            break
    return alpha


def dual_values(k):
    """Probe k of Exercise 3: (alpha0, the expected counts, {mistake id: its counts})."""
    probe, epochs, c, before, _ = ch09._PROBES3[k]
    G, y = probe()
    alpha0, expected = resumed_run(G, y, before, epochs, c)
    mistakes = {"no-bias": dual_run(G, y, epochs, bias=False)}
    if c != 1:
        mistakes["constant-one"] = dual_run(G, y, epochs, bias=True)
        mistakes["constant-c"] = dual_run(G + c, y, epochs, bias=False)
    if before:
        mistakes["start-ignored"] = run_with_constant(G, y, epochs, c)
        if np.sum(alpha0 * y) != 0:
            mistakes["start-without-constant"] = start_without_constant(G, y, epochs, c, alpha0)
    return alpha0, expected, mistakes


def dual_keys():
    """The fingerprints ch09._KEYS3 must hold: per probe, the key's and the mistakes' (as ch09 salts them)."""
    keys = []
    for k in range(len(ch09._PROBES3)):
        alpha0, expected, mistakes = dual_values(k)
        salt = f"ch09/dual/{k}"
        keys.append((alpha0.tolist(), fingerprint(salt, expected.tolist(), ch09._ATOL3),
                     {mid: fingerprint(f"{salt}/{mid}", v.tolist(), ch09._ATOL3) for mid, v in mistakes.items()}))
    return keys


# ---------------------------------------------------------------- Exercise 6
X6 = np.array([[1.0, 1.0], [2.0, 0.0], [0.0, -1.0], [1.0, 0.0], [0.0, 0.5]])
Y6 = np.array([1, 1, -1, -1, -1])
U6, G6, DELTA6, T6 = np.array([0.0, 0.6, 0.8]), 0.5, 1.0, 3


def augmented(passes):
    """The augmented data of ``passes`` passes, built point by point (every visit gets its own added coordinate
    Delta, the long vector its entry y d / Delta there, divided by its length): chapter 5's bound (R / gamma)² on
    them, and the margin of the normalised long vector on each visit."""
    Xh = np.column_stack([np.ones(len(X6)), X6])
    visits = passes * len(X6)
    X_long = np.hstack([np.tile(Xh, (passes, 1)), DELTA6 * np.eye(visits)])
    y_long = np.tile(Y6, passes)
    shortfall = np.maximum(0.0, G6 - y_long * (np.tile(Xh, (passes, 1)) @ U6))
    u_long = np.concatenate([U6, y_long * shortfall / DELTA6])
    u_long = u_long / np.linalg.norm(u_long)
    radius = float(np.max(np.linalg.norm(X_long, axis=1)))
    margins = y_long * (X_long @ u_long)
    return (radius / float(np.min(margins))) ** 2, margins


def bound_values():
    """Exercise 6's bound (two decimals) and its catalogued wrong turns, each from its own wrong reading."""
    R2, D1sq = 5.0, 2.02
    return round(augmented(T6)[0], 2), {
        "one-pass": round(augmented(1)[0], 2),
        "passes-apart": round(T6 * augmented(1)[0], 2),
        "best-delta": round(((np.sqrt(R2) + np.sqrt(T6 * D1sq)) / G6) ** 2, 2),
        "D-times-T": round((R2 + 1) * (1 + T6 ** 2 * D1sq) / G6 ** 2, 2),
        "margin-not-squared": round((R2 + 1) * np.sqrt(1 + T6 * D1sq) / G6 ** 2, 2),
        "gamma-not-squared": round((R2 + 1) * (1 + T6 * D1sq) / G6, 2),
        "radius-short": round(R2 * (1 + T6 * D1sq) / G6 ** 2, 2),
        "margin-unchanged": round((R2 + 1) / G6 ** 2, 2),
        "shortfall-without-gamma": round((R2 + 1) * (1 + T6 * (0.6 ** 2 + 0.4 ** 2)) / G6 ** 2, 2),
        "shortfall-of-every-example": round((R2 + 1) * (1 + T6 * (0.9 ** 2 + 0.7 ** 2 + 0.3 ** 2 + 1.1 ** 2 + 0.9 ** 2))
                                            / G6 ** 2, 2),
    }


def margin_values():
    """Exercise 6's margin of example 1 on its visit in pass 2 (three decimals) and its catalogued wrong turns."""
    length = np.sqrt(1 + T6 * 2.02)
    return round(float(augmented(T6)[1][len(X6)]), 3), {
        "margin-of-the-short": round(G6 / length, 3),
        "margin-not-normalised": 1.4,
        "margin-one-pass-D": round(1.4 / np.sqrt(1 + 2.02), 3),
        "margin-squared-length": round(1.4 / length ** 2, 3),
    }


def fs_keys():
    """The fingerprints ch09._KEYS6 must hold."""
    out = {}
    for name, (key, mistakes) in (("bound", bound_values()), ("margin", margin_values())):
        salt = f"ch09/fs/{name}"
        out[name] = (fingerprint(salt, key, ch09._ATOL6),
                     {mid: fingerprint(f"{salt}/{mid}", v, ch09._ATOL6) for mid, v in mistakes.items()})
    return out


# ---------------------------------------------------------------- Exercise 5
def sign_changes(coefficients):
    """The real t, rounded to 2 decimals, at which the polynomial (coefficients highest first) changes sign: its
    roots of odd multiplicity, found by numpy and confirmed by a sign change on either side."""
    poly = np.poly1d(coefficients)
    roots = sorted({round(float(r.real), 9) for r in np.roots(coefficients) if abs(r.imag) < 1e-12})
    return [round(r, 2) for r in roots if poly(r - 1e-6) * poly(r + 1e-6) < 0]


def line_values():
    """Exercise 5's key and its catalogued wrong turns, from the score b + v1 x1² + v2 x2² along (t, t/2 + 1)
    multiplied out as polynomials in t."""
    b, v1, v2 = ch09._W5
    t, x2 = np.poly1d([1.0, 0.0]), np.poly1d([0.5, 1.0])

    def along(x2_of_t):
        return (b + v1 * t * t + v2 * x2_of_t * x2_of_t).coeffs

    return sign_changes(along(x2)), {
        "cross-term-dropped": sign_changes((b + v1 * t * t + v2 * (np.poly1d([0.25, 0.0, 1.0]))).coeffs),
        "line-through-origin": sign_changes(along(np.poly1d([0.5, 0.0]))),
    }


def line_keys():
    """The fingerprints ch09._KEY5 and ch09._MISTAKES5 must hold."""
    key, mistakes = line_values()
    return (fingerprint(ch09._SALT5, key, ch09._ATOL5),
            {mid: fingerprint(f"{ch09._SALT5}/{mid}", v, ch09._ATOL5) for mid, v in mistakes.items()})
