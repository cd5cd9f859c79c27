"""Reference answers of chapter 2's exercises, kept out of the shipped check module.

``lecturekit/exercises/ch02.py`` holds no expected value: Exercise 1's verdicts, Exercise 3's vector,
Exercise 5's counts and the catalogued slips of Exercises 1, 3 and 4 are held there only as fingerprints
(:func:`lecturekit.exercises.public.fingerprint`), and Exercises 2 and 4 are checked by the property the
prompt states.  This module computes the keys from the definitions, independently of the check, and
``tests/test_chapter_02.py`` asserts that the fingerprints are theirs.
"""

import numpy as np

from lecturekit import conventions
from lecturekit.exercises import ch02
from lecturekit.exercises.public import fingerprint
from lecturekit.results import LinearClassifier

# ---------------------------------------------------------------- Exercise 1
def _hyperplane(v):
    """The points of R^d scoring 0 under (bias, normal) = (v[0], v[1:]), in exact arithmetic on the decimals:
    "all", "none", or (a point of it, a basis of its directions)."""
    b, n = v[0], v[1:]
    if not any(n):
        return "all" if b == 0 else "none"
    nn = sum(c * c for c in n)
    foot = [-b * c / nn for c in n]
    d = len(n)
    dirs = [[(1 if i == j else 0) - n[j] * n[i] / nn for i in range(d)] for j in range(d)]
    return foot, dirs


def same_boundary(w):
    """Whether (w0, ..., wd) read with the 1 first, (w0, (w1..wd)), and with the 1 last, (wd, (w0..w(d-1))),
    have the same set of points scoring 0: decided on Fractions of the typed decimals, from the definition."""
    from fractions import Fraction
    v = [Fraction(repr(float(c))) for c in w]
    readings = (v, [v[-1]] + v[:-1])
    sets = [_hyperplane(r) for r in readings]
    if isinstance(sets[0], str) or isinstance(sets[1], str):
        return sets[0] == sets[1]

    def score(r, x):
        return r[0] + sum(c * xi for c, xi in zip(r[1:], x))
    # two hyperplanes of the same dimension are equal when one holds a point and every direction of the other
    foot, dirs = sets[0]
    other = readings[1]
    return score(other, foot) == 0 and all(score(other, [f + e for f, e in zip(foot, d)]) == 0 for d in dirs)


# each probe's verdict, decided from the definition (tests/test_chapter_02.py also checks each False one
# against lk.LinearClassifier: a point of one boundary that the other reading does not score 0)
LAYOUT_VERDICTS = [same_boundary(w) for w in ch02._LAYOUT_PROBES]


def _moved(w):
    return np.r_[w[-1], w[:-1]]


def _key_rule(w):
    w = np.asarray(w, dtype=float)
    return np.array_equal(_moved(w), w) or np.array_equal(_moved(w), -w)


# the misconceptions of Exercise 1, each as the rule a learner who has it would write
LAYOUT_RULES = {
    "layout-zero": lambda w: _key_rule(w) and any(w),
    "layout-negative": lambda w: _key_rule(w) and w[0] >= 0,
    "layout-palindrome": lambda w: list(w) == list(w)[::-1],
    "layout-close": lambda w: bool(np.allclose(_moved(np.asarray(w)), w) or np.allclose(_moved(np.asarray(w)), -np.asarray(w))),
    "layout-no-line": lambda w: _key_rule(w) or not any(w[1:]) or not any(w[:-1]),
}


def layout_key():
    return fingerprint(ch02._SALT1, LAYOUT_VERDICTS, ch02._ATOL1)


def layout_rule_keys():
    return {mid: fingerprint(f"{ch02._SALT1}/{mid}", [bool(rule(list(w))) for w in ch02._LAYOUT_PROBES],
                             ch02._ATOL1)
            for mid, rule in LAYOUT_RULES.items()}


# ---------------------------------------------------------------- Exercise 2
def centred(w, X, y):
    """(b, w) with the bias of largest margin: the closest positive and negative scores tie."""
    w, X, y = np.asarray(w, dtype=float), np.asarray(X, dtype=float), np.asarray(y)
    s = X @ w
    b = -(s[y == conventions.POSITIVE].min() + s[y == conventions.NEGATIVE].max()) / 2
    return conventions.join(b, w)


def centred_slips(w, X, y):
    """The biases the catalogued slips of Exercise 2 give, by id (on the toy data, the first probe)."""
    w, X, y = np.asarray(w, dtype=float), np.asarray(X, dtype=float), np.asarray(y)
    s = X @ w
    sp, sn = s[y == conventions.POSITIVE], s[y == conventions.NEGATIVE]
    best = centred(w, X, y)
    return {"centre-bias-last": np.append(w, best[0]),
            "centre-threshold": conventions.join((sp.min() + sn.max()) / 2, w),
            "centre-means": conventions.join(-(sp.mean() + sn.mean()) / 2, w),
            "centre-farthest": conventions.join(-(sp.max() + sn.min()) / 2, w),
            "centre-not-halfway": conventions.join(-(sp.min() + sn.max()), w)}


def centred_slip_keys():
    return {mid: fingerprint(f"{ch02._SALT2}/{mid}", v.tolist(), ch02._ATOL_SLIP)
            for mid, v in centred_slips([1.0, 2.0], ch02._TOY_X, ch02._TOY_Y).items()}


# ---------------------------------------------------------------- Exercise 3
TURK3 = np.array([2.0, -1.0, -4.0])   # the colleague's (w1, w2, -t), the 1 last (Turk's layout)


def unit(w):
    w = np.asarray(w, dtype=float)
    return w / np.linalg.norm(w[1:])


def line_from_turk(v):
    """The course's (b, w1, w2) for the colleague's numbers."""
    return conventions.join(v[2], v[:2])


def mirror(v):
    """(b, w) of the classifier that scores x as v scores -x, read off its scores at 0 and at -e_j."""
    v = np.asarray(v, dtype=float)
    d = v.shape[0] - 1
    s = LinearClassifier(v).decision_function(np.vstack([np.zeros(d), -np.eye(d)]))
    return conventions.join(s[0], s[1:] - s[0])


def key3():
    return unit(mirror(line_from_turk(TURK3)))


def slips3():
    return {"turk-read-first": unit(mirror(TURK3)), "mirror-not-applied": unit(line_from_turk(TURK3)),
            "mirror-as-swap": -unit(line_from_turk(TURK3))}


def key3_fingerprint():
    return fingerprint(ch02._SALT3, key3().tolist(), ch02._ATOL3)


def slip3_keys():
    return {mid: fingerprint(f"{ch02._SALT3}/{mid}", v.tolist(), ch02._ATOL3_SLIP) for mid, v in slips3().items()}


# ---------------------------------------------------------------- Exercise 4
W4, P4, FOOT4 = np.array([-6.0, 8.0]), np.array([3.0, -1.0]), np.array([-1.2, 1.6])


def distance_answers():
    norm = np.linalg.norm(W4)
    return float(1.0 * norm - W4 @ P4), float(-(W4 @ FOOT4))


def distance_slips():
    b_p, b_f = distance_answers()
    norm, offset = np.linalg.norm(W4), float(np.linalg.norm(FOOT4))
    return {"bias-no-norm": 1.0 - W4 @ P4, "bias-wrong-side": -norm - W4 @ P4, "bias-as-threshold": -b_p,
            "bias-p-on-line": float(-(W4 @ P4)), "foot-bias-as-threshold": -b_f, "foot-offset-as-bias": -offset,
            "foot-norm-squared": -offset * norm ** 2}


def distance_slip_keys():
    return {mid: fingerprint(f"{ch02._SALT4}/{mid}", float(v), ch02._ATOL_SLIP)
            for mid, v in distance_slips().items()}


# ---------------------------------------------------------------- Exercise 5
SWAP_COUNTS = (31 + 3, 6 + 2)    # derived on forty points in tests/test_chapter_02.py


def swap_key():
    return fingerprint("ch02-swap", list(SWAP_COUNTS), 0.01)


# The misconception "swap-score-zero" (the three points with score 0 mishandled) is named for every pair whose
# counts are both within 3 of what the two big groups alone give after the swap: the 31 points that were right
# become mistakes, the 6 strictly wrong ones become right.  The key's own pair lies in that region.
ZERO_REGION = [(a, b) for a in range(31, 35) for b in range(6, 10)]


def zero_region_keys():
    return {fingerprint("ch02-swap-zero", [a, b], 0.01) for a, b in ZERO_REGION}
