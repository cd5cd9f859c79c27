"""Chapter 9 (the x²/y² feature trick): the checks of its exercises.

This module holds no answer and no reference solution.  Exercises 1, 2 and 4
are checked by properties: the points an ellipse passes through, read from the
learner's own weights; separability, by lecturekit's exact linear program;
Gram matrices, against ``(1 + x . z)^3``.  Exercises 3, 5 and 6 compare with
expected values held only as fingerprints (:func:`lecturekit.exercises.public.fingerprint`, hashes of the values rounded
to a tolerance), as are the values of their catalogued mistakes, except the
counts of the classmate's code, which the exercise shows; the reference code
that derives them is ``tests/ch09_reference.py``.  No message names a key.
"""

import sys
from decimal import Decimal

import numpy as np

from .. import conventions
from ..datasets import circles, xor
from ..features import EXACT_LIMIT, square_features
from ..perceptron import dual_perceptron, polynomial_kernel
from ..theory import is_separable
from . import Mistake, exercise
from .public import fingerprint, fingerprints, hashed_check


# Exercise 5: the weights (b, v1, v2) a perceptron returned, and the line (t, t/2 + 1) the learner follows.  The key
# (every t at which the label changes, rounded to 2 decimals) is held only as a fingerprint; tests/ch09_reference.py
# solves for it and tests/test_chapter_09.py checks that the fingerprint is its.
_W5 = (-4.0, 1.0, -1.0)
_SALT5 = "ch09/line"
_ATOL5 = 1e-6
_KEY5 = "3afdc8a7766cdb16f1a170f626840c0a"
_MISTAKES5 = {"cross-term-dropped": "b85c766791ba28ab1b2d00eb1c8253de",
              "line-through-origin": "8272957a34131e4ad0cb25988e4dac34"}
_MESSAGES5 = {
    "cross-term-dropped": "at t = 2 the point is (2, 2), where x2² = 4; (t/2)² + 1 gives 2 there: square t/2 + 1 "
                          "as a whole",
    "line-through-origin": "at t = 0 the point of this line is (0, 1), not the origin: x2 = t/2 + 1",
}


def _three_numbers(w):
    """w as an array of three floats, or a sentence saying what the form of w_ellipse lacks."""
    try:
        w = np.asarray(w, dtype=float).ravel()
    except (TypeError, ValueError):
        return "not three numbers: w_ellipse must hold three numbers (b, v1, v2)"
    if w.shape != (3,):
        return f"not three numbers: w_ellipse must hold three numbers (b, v1, v2); it holds {w.size}"
    if not np.all(np.isfinite(w)):
        return f"not three finite numbers: w_ellipse holds {w.tolist()}; NaN and inf draw no curve"
    return w


def _semi_axes(w):
    """The semi-axes (a1, a2) of the ellipse b + v1 x1^2 + v2 x2^2 = 0, or a sentence saying why there is none."""
    w = _three_numbers(w)
    if isinstance(w, str):
        return w
    b, v1, v2 = w
    # signs compared, not products: a positive multiple as small as 1e-200 must give the same answer
    if not (v1 != 0 and v2 != 0 and b != 0 and (v1 > 0) == (v2 > 0) and (b > 0) != (v1 > 0)):
        return "not an ellipse"
    return [float(np.sqrt(-b / v1)), float(np.sqrt(-b / v2))]


# Exercise 1: the points the ellipse must pass through.  The check reads, from the learner's own weights, through
# which pair of points the curve runs; a mistake is recognised by the points it does pass through.
_P1 = np.array([[2.0, 1.0], [1.0, 1.5]])
# Weights rounded to 5 significant digits (the exercise text allows it) carry relative errors of at most 5e-5 each,
# so at a point on the exact boundary the score b + v1 z1 + v2 z2 is at most 5e-5 (b, v1 z1, v2 z2 in size) away from
# 0: that is the tolerance at each point; a wrong pair of points misses by far more.
_RTOL1 = 5e-5 * (1 + 1e-6)
_ONE_POINT1 = ("your boundary passes through one of the two points and misses the other: the score must be 0 at "
               "both, one equation per point")


def _passes_through(w):
    """Which of the catalogued point pairs the boundary of (b, v1, v2) in the squares passes through."""
    w = _three_numbers(w)
    if isinstance(w, str):
        return w
    if not np.any(w[1:]):
        return "no curve"
    w = w / float(np.max(np.abs(w)))

    def zero(F):
        """Whether the score is 0, up to the rounding the exercise allows, at each row of F."""
        terms = np.column_stack([np.ones(len(F)), F]) * w
        return np.abs(terms.sum(axis=1)) <= _RTOL1 * np.abs(terms).sum(axis=1)

    if np.all(zero(square_features(_P1))):
        return "(2, 1) and (1, 1.5)"
    if np.all(zero(square_features(_P1[:, ::-1]))):
        return "(1, 2) and (1.5, 1)"
    if np.all(zero(_P1)):
        return "(2, 1) and (1, 1.5), with x1 and x2 in place of their squares"
    # each point on its own: a curve through one of the two is told which one, never how to reach the other
    on = zero(square_features(_P1))
    if on[0]:
        return "(2, 1) but not (1, 1.5)"
    if on[1]:
        return "(1, 1.5) but not (2, 1)"
    return "neither (2, 1) nor (1, 1.5)"


@exercise("ch09-construct-ellipse", number=1, title="construct: an ellipse through two points", points=1,
          kind="construct",
          hint="A point lies on the boundary when its score is 0. Write that for both points, with the squared "
               "coordinates as the features, then decide the overall sign from one point you know must be positive.")
def _construct_ellipse(t, w_ellipse):
    t.check(lambda: _passes_through(w_ellipse), "(2, 1) and (1, 1.5)",
            call="the pair of points the boundary of `w_ellipse` runs through",
            misconceptions=[
                Mistake("axes-swapped", "(1, 2) and (1.5, 1)", "your boundary passes through (1, 2) and (1.5, 1): "
                                                                      "which of your weights multiplies x1²?"),
                Mistake("not-squared", "(2, 1) and (1, 1.5), with x1 and x2 in place of their squares",
                        "the two equations used x1 and x2 where the features are x1² and x2²: each coordinate of "
                        "the points enters squared"),
            ] + [Mistake("one-point", one, _ONE_POINT1) for one in ("(2, 1) but not (1, 1.5)",
                                                                     "(1, 1.5) but not (2, 1)")])
    # a w_ellipse of another form is named once, by the first check; here it is "not an ellipse", and the sides of
    # a curve that is no ellipse are not judged
    if not t.check(lambda: "an ellipse" if not isinstance(_semi_axes(w_ellipse), str) else "not an ellipse",
                   "an ellipse", call="the curve `w_ellipse` draws"):
        return
    # for an ellipse (b opposite in sign to v1 and v2) the inside is the side of its centre, whose score is b: one
    # statement of the requirement for every answer that fails it, which says which side is positive, not what to
    # change
    t.check_true(bool(_three_numbers(w_ellipse)[0] < 0),
                 what="`w_ellipse` gives the positive label outside its ellipse and the negative label inside it (the "
                      "check reads its score at the centre (0, 0))")


def _significant_digits(v: float) -> int:
    """How many significant digits the shortest decimal of v has (0.25 has 2, 4.93827156 has 9)."""
    return len(Decimal(repr(float(v))).normalize().as_tuple().digits)


@exercise("ch09-construct-lost", number=2, title="construct: data the squares cannot separate", points=2,
          kind="construct",
          hint="Draw where the two classes land after the map, in the (z1, z2) plane. When can no line separate "
               "two sets of points there, and which raw points would put them in that position?")
def _construct_lost(t, X_lost, y_lost):
    try:
        X = np.asarray(X_lost, dtype=float)
        y = np.asarray(y_lost)
    except (TypeError, ValueError):
        X, y = np.zeros((0, 0)), np.zeros(0)
    if not t.check_true(X.ndim == 2 and X.shape[1:] == (2,) and y.shape == (X.shape[0],),
                        what=f"`X_lost` has shape (n, 2) and `y_lost` one label per row; got {X.shape} and {y.shape}"):
        return
    if not t.check_true(X.size <= EXACT_LIMIT,
                        what=f"`X_lost` holds at most {EXACT_LIMIT:,} numbers (the check squares that many exactly; "
                             f"it holds {X.size:,})"):
        return
    if not t.check_true(bool(np.all(np.isfinite(X))),
                        what="every number in `X_lost` is finite (it holds NaN or inf: give coordinates you can "
                             "square)"):
        return
    if not t.check_true(bool(np.all(np.isfinite(square_features(X)))),
                        what="the squares of every coordinate of `X_lost` are finite numbers (some overflow to inf: "
                             "use smaller numbers)"):
        return
    squares = square_features(X)
    if not t.check_true(bool(np.all((X == 0) | (np.abs(squares) >= np.finfo(float).tiny))),
                        what="every coordinate of `X_lost` is 0 or has a square that is a normal float (a number "
                             "below about 1e-154 in size squares to 0 or to a subnormal float, which loses digits: "
                             "use numbers between 1e-150 and 1e150 in size)"):
        return
    if not t.check_true(set(np.unique(y).tolist()) == set(conventions.LABELS),
                        what=f"`y_lost` holds both labels {conventions.LABELS} and nothing else"):
        return
    if not t.check_true(len(np.unique(square_features(X), axis=0)) == len(X),
                        what="no two points of `X_lost` have the same squares (x1², x2²)",
                        mistake=Mistake("same-image", None, "two of the points have the same squares: this exercise "
                                                             "asks for images that all differ, so the reason no line "
                                                             "separates them must lie elsewhere")):
        return
    # the raw data first: whether a line separates the numbers as typed needs no squaring, so no digit rule either
    digits_ok = max((_significant_digits(v) for v in X.ravel()), default=0) <= 7
    if not is_separable(X, y):
        needs_squares = digits_ok and bool(is_separable(square_features(X), y))
        t.check_true(False, what="a line separates the raw data `(X_lost, y_lost)` (no line does)",
                     mistake=Mistake("not-separable-raw", None,
                                     "these data need the squares (like the ring): the exercise asks for data a line "
                                     "already separates before the map") if needs_squares else None)
        return
    # the digit rule before the squares: only then are they exact, and the verdict is one on the numbers as typed
    if not t.check_true(
            digits_ok,
            what="every coordinate of `X_lost` has at most 7 significant digits, as the exercise asks (the check "
                 "squares such numbers exactly; longer ones it has to round, and then it cannot tell whether a line "
                 "separates the squares)"):
        return
    # the images of the two classes can still be cut apart: a requirement not met, not a catalogued misconception
    t.check_true(not is_separable(square_features(X), y),
                 what="no line separates the squared features of `(X_lost, y_lost)` (a line separates them: look at "
                      "where each image lands)")


def _classmate_alpha(G, y, max_epochs, c, alpha0):
    """The classmate's code as the exercise shows it (both bugs in), for recognising it."""
    n = len(y)
    alpha = np.array(alpha0, dtype=np.int64)
    scores = np.zeros(n)
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(n):
            if conventions.is_mistake(y[i] * scores[i]):
                alpha[i] += 1
                scores += y[i] * (G[i] + c)
                mistakes += 1
        if mistakes == 0:
            break
    return alpha


def _indefinite_probe():
    """A symmetric integer matrix with a negative eigenvalue (no data set has it as its Gram matrix, so no library
    call on a factor of it exists), and labels on which the run needs 4 epochs: 2 end with mistakes left."""
    rng = np.random.default_rng(26)
    A = rng.integers(-3, 4, size=(9, 9)).astype(float)
    return A + A.T, np.where(rng.random(9) < 0.5, 1, -1)


def _gram(data):
    X, y = data()
    return polynomial_kernel(2)(X, X), y


# Exercise 3's probes: (Gram matrix and labels, epochs, constant coordinate c, epochs run before the start counts
# alpha0 were taken, what the call says).  None of them is shown; three use a c other than 0 and 1; the last two start
# from the counts of one earlier epoch (a resumed run, which lk.dual_perceptron cannot do, so neither its source nor
# its fit_intercept answers it).  The third is not a kernel's Gram matrix and stops at max_epochs with mistakes left;
# the fourth starts from counts with sum_i alpha0_i y_i != 0, so the c·c part of the start-up scores is not 0.
_PROBES3 = [(lambda: _gram(lambda: xor(12, noise=0.2, seed=3)), 50, 1.0, 0, "12 noisy XOR points, kernel (1 + x·z)²"),
            (lambda: _gram(lambda: circles(30, seed=5)), 40, 2.0, 0,
             "30 points of `lk.datasets.circles`, kernel (1 + x·z)²"),
            (_indefinite_probe, 2, 3.0, 1, "a symmetric 9 × 9 matrix that is no data set's Gram matrix"),
            (lambda: _gram(lambda: circles(30, seed=5)), 2, 4.0, 1,
             "30 points of `lk.datasets.circles`, kernel (1 + x·z)²")]

# The expected counts of each probe, and those of its catalogued mistakes, are held only as fingerprints
# (lecturekit.exercises.public.fingerprint, salt "ch09/dual/<probe>" and "ch09/dual/<probe>/<id>"):
# tests/ch09_reference.py computes them with lk.dual_perceptron on the points (c, x_i), and
# tests/test_chapter_09.py checks that these are theirs.  Per probe: (alpha0, the key's fingerprint,
# {mistake id: fingerprint}); alpha0 is the start the call hands over, not an answer.
_ATOL3 = 1e-6
_KEYS3 = [([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            'ca546d14d6d929fc7dbdb1860388b25f',
            {'no-bias': '53b605ea4968774725dd7c353778510e'}),
           ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            'a22dc9a3e71195c8be442ee0f9cb905a',
            {'no-bias': '963e9db3a39fe18d5984200ce5605e11',
             'constant-one': 'd1b05081298a8c8808c961d2b7383b59',
             'constant-c': '68bb2eeed737adeb6901952eec1bf2ea'}),
           ([1, 0, 1, 1, 0, 1, 1, 1, 0],
            '0cad19b4be77085e2075cd788ec1b0b4',
            {'no-bias': '4e70d4d16805c09163bcf002dc566969',
             'constant-one': '8b92dc79ef6f40575951e9b296da6491',
             'constant-c': '75eddd575fcd5af0ced4215b7d5a3e75',
             'start-ignored': '2f98f5515c5d0524e882220d0849759e'}),
           ([1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0],
            '2cd7e72e5d8acdd30a03f30e943a6e52',
            {'no-bias': '2f75431bcb606d5ee94905687f1e2b4e',
             'constant-one': '4637a15edf5b8e37fe5d84ddd6d77f0b',
             'constant-c': 'fb8a3bf43d12bed699f0b6ccc163733c',
             'start-ignored': '005810e8f6f8c095a2f523d48e04d133',
             'start-without-constant': '659feb3657add87824110486c27f859b'})]


class _NoLibraryRun:
    """While the learner's function runs, lecturekit's dual and primal perceptrons refuse to run (the exercise asks
    for the loop itself), however they were imported."""

    def __enter__(self):
        module = sys.modules[dual_perceptron.__module__]
        self._module, self._saved = module, (module._check_dual_args, module._check_fit_args)

        def refuse(*args, **kwargs):
            raise RuntimeError("dual_alpha called a perceptron of lecturekit: this exercise asks for the loop itself")

        module._check_dual_args = module._check_fit_args = refuse
        return self

    def __exit__(self, *exc):
        self._module._check_dual_args, self._module._check_fit_args = self._saved
        return False


@exercise("ch09-debug-dual", number=3, title="debug a faster kernel perceptron that can resume", points=4,
          kind="debug",
          hint="Write down what scores[j] must equal at every moment of the run, as a sum over the examples, in terms "
               "of alpha, y and the dot products of the points the perceptron works on. Which statements of the loop "
               "keep that equation true, and which moment before the first visit does it also cover?")
def _debug_dual(t, dual_alpha):
    for k, (probe, epochs, c, before, what) in enumerate(_PROBES3):
        G, y = probe()
        alpha0, key, printed = _KEYS3[k]
        alpha0 = np.array(alpha0, dtype=np.int64)

        def run(G=G, y=y, epochs=epochs, c=c, alpha0=alpha0):
            with _NoLibraryRun():
                return [int(v) for v in np.asarray(dual_alpha(G.copy(), y.copy(), epochs, c, alpha0.copy())).ravel()]

        messages = {
            # fit_intercept=True's counts whatever c is, and a constant coordinate that adds c instead of c·c: one
            # message for both, an observation on the probe that names no fix
            "constant-one": f"with c = {c:g} your counts differ from those of the dual perceptron on the points "
                            f"(c, x_i); write out (c, x_i) · (c, x_j) and compare it with what your update adds",
            "no-bias": f"these are the counts of a dual perceptron with no constant coordinate (c = 0): this call has "
                       f"c = {c:g}",
            "start-ignored": f"these are the counts of a run that starts from alpha = 0; this call starts from "
                             f"alpha0 = {alpha0.tolist()}, the counts of an earlier epoch",
            # the update right, the start-up scores from G alone: an observation on the exercise's own example
            "start-without-constant": "resumed from alpha0, these are not the counts of the run it continues. On the "
                                      "exercise's example, resumed with c = 1 from the counts (1, 0, 0, 1, 0, 0) of "
                                      "a converged run, this code still finds a mistake in its first epoch",
        }
        messages["constant-c"] = messages["constant-one"]
        start = "0" if not before else str(alpha0.tolist())
        call = f"`dual_alpha(G, y, {epochs}, {c:g}, alpha0)`, alpha0 = {start}, G: {what}"
        # the classmate's code is shown, so its counts are worked out here, not stored
        messages["classmate"] = ("these are the counts of the classmate's code: work out what scores[j] must hold "
                                 "after each update, and compare it with what the code adds")
        printed = {"classmate": fingerprint(f"ch09/dual/{k}/classmate", _classmate_alpha(G, y, epochs, c, alpha0).tolist(),
                                            _ATOL3), **printed}
        hashed_check(t, run, key, salt=f"ch09/dual/{k}", atol=_ATOL3, call=call, placeholder=[0] * len(y),
                     mistakes=[(mid, fp, messages[mid]) for mid, fp in printed.items()], max_named=1)


# Exercise 4: the Gram matrices catalogued mistakes give, written from the kernel, not from a feature map.
_P4 = np.array([[1.0, 2.0], [3.0, -1.0], [0.0, 1.0], [0.5, 0.5]])
_Q4 = np.array([[-1.0, 0.5], [2.0, 2.0], [0.25, -3.0]])


def _cross(A, B):
    """s = x . z and q = x1 x2 z1 z2 for every pair of rows."""
    return A @ B.T, np.outer(A[:, 0] * A[:, 1], B[:, 0] * B[:, 1])


@exercise("ch09-poly3", number=4, title="the features behind a cubic kernel", points=2, kind="construct",
          hint="A term c·u(x)·u(z) of the expansion needs the feature √c·u(x) in the map, so that the product of "
               "the two features gives c. Do not forget the terms that mix x1 and x2.")
def _poly3(t, poly3_features):
    def features(A):
        F = np.asarray(poly3_features(A.copy()), dtype=float)
        if F.ndim != 2 or F.shape[0] != len(A):
            raise ValueError(f"poly3_features must return one row per point; got shape {F.shape}")
        return F

    def cross(A, B):
        FA, FB = features(A), features(B)
        if FA.shape[1] != FB.shape[1]:
            return (f"no product: {FA.shape[1]} columns for P and {FB.shape[1]} for Q (a feature map gives every "
                    "point the same features)")
        return FA @ FB.T

    s, q = _cross(_P4, _Q4)
    t.check(lambda: cross(_P4, _Q4), (1 + s) ** 3, atol=1e-9,
            call="`poly3_features(P) @ poly3_features(Q).T` for P = [[1, 2], [3, -1], [0, 1], [0.5, 0.5]] and "
                 "Q = [[-1, 0.5], [2, 2], [0.25, -3]]",
            misconceptions=[
                Mistake("quadratic-map", (1 + s) ** 2,
                        "section 8's map: it belongs to the kernel (1 + x·z)², one power lower"),
                Mistake("no-mixed-cubes", (1 + s) ** 3 - 3 * q * s,
                        "s³ has terms that mix x1 and x2 as well as x1³ and x2³: expand (x1 z1 + x2 z2)³ fully"),
                Mistake("no-constant", (1 + s) ** 3 - 1, "the term 1 of (1 + s)³ has no feature"),
            ])
    R = np.random.default_rng(19).normal(size=(12, 2))
    t.check(lambda: cross(R, R), (1 + R @ R.T) ** 3, atol=1e-8, call="the same for 12 random points with themselves")

    def one_at_a_time():
        whole = features(_P4)
        rows = np.vstack([features(_P4[i:i + 1]) for i in range(len(_P4))])
        return bool(rows.shape == whole.shape and np.allclose(rows, whole, atol=1e-12))

    t.check(one_at_a_time, True, call="the features of each point of P computed alone equal its row of "
                                      "`poly3_features(P)` (a feature map looks at one point at a time)")


@exercise("ch09-shape", number=5, title="predict: where the label changes along a line", points=3, kind="predict",
          hint="Put x1 = t and x2 = t/2 + 1 into the score b + v1 x1² + v2 x2²: what kind of function of t is it, "
               "and where does such a function change sign?")
def _shape(t, t_changes):
    try:
        values = np.atleast_1d(np.asarray(t_changes, dtype=float))
    except (TypeError, ValueError):
        values = None
    if not t.check_true(values is not None and values.ndim == 1 and bool(np.all(np.isfinite(values))),
                        what="`t_changes` is a list of finite numbers (an empty list if the label never changes)"):
        return
    given = sorted(round(float(v), 2) for v in values)
    # the list is graded as a whole, with one message for every wrong list: it says neither which entries are right
    # nor what the score is at the learner's t, so guesses cannot be bisected into the key
    what = ("`t_changes` is the list of every t at which the label changes along the line (t, t/2 + 1), each t "
            "once and rounded to 2 decimals")
    named = next((Mistake(mid, given, _MESSAGES5[mid]) for mid, fp in _MISTAKES5.items()
                  if fp in fingerprints(f"{_SALT5}/{mid}", given, _ATOL5)), None)
    t.check_true(_KEY5 in fingerprints(_SALT5, given, _ATOL5), what=what, mistake=named)


# --------------------------------------------------------------------------
# Exercise 6: the bound over three passes, for data whose R and D the learner works out
# --------------------------------------------------------------------------
# The bound and the margin are asked for rounded (two and three decimals): the check rounds the answer so, and
# compares fingerprints (salt "ch09/fs/bound" or "ch09/fs/margin", and ".../<id>" for a catalogued mistake) of the
# rounded numbers.  tests/ch09_reference.py builds the augmented data of three passes point by point and derives
# every value; tests/test_chapter_09.py checks that these fingerprints are theirs.
_ATOL6 = 1e-6
_KEYS6 = {'bound': ('10edd0b1e7b8e29109d564eb01aafb90',
                     {'one-pass': '508ddbf05ad998b887305c37985a4d04',
                      'passes-apart': 'a5bd77f7ded993be97a9ffed4a6bad8f',
                      'best-delta': '76e3df4faa7ec42ae856a9b8bb5b8697',
                      'D-times-T': '3d7a397b31796d647e2bbee51411b2a8',
                      'margin-not-squared': 'a4d99a2756c02703cfa187e40a8d4fd5',
                      'gamma-not-squared': '4c38a320e159d41c26c6933f190f20bf',
                      'radius-short': '679ef58d1379c3d783d590897d2bdb67',
                      'margin-unchanged': '053962b0d12141e19bcb4b4522bfa0bf',
                      'shortfall-without-gamma': '5fe7049f5d8cddd2fe1b1277b019e641',
                      'shortfall-of-every-example': 'b329eefe4b9a69c8d22b94fcd541d8ae'}),
           'margin': ('6bd909ee909d72cfed5790ba1773cdc2',
                      {'margin-of-the-short': '73972c78b9cd3e0b1901e20ed596d929',
                       'margin-not-normalised': '8d8a8a2c2cbd138eaf7aa1a0745a460f',
                       'margin-one-pass-D': 'b845811e355b81a82e4d97bc88b67e6e',
                       'margin-squared-length': '70b86fe9bf8f355d6edcb596add33f69'})}
_MESSAGES6 = {
    "one-pass": "the shortfalls come back on every pass: the augmented data of three passes have three times as many "
                "shortfalls",
    "passes-apart": "section 7 does not add up separate one-pass bounds: it counts every visit as a new example of one "
                    "long sequence, with its own added coordinate",
    "best-delta": "that is the bound at the best Delta, Delta² = R D: the exercise fixes Delta = 1",
    "D-times-T": "D² adds up squared shortfalls, one per visit: how many visits, and how does D grow?",
    "margin-not-squared": "chapter 5's bound divides by the square of the margin, and the margin here carries the "
                          "factor 1 / sqrt(1 + D² / Delta²)",
    "gamma-not-squared": "chapter 5's bound is (radius / margin)², and the margin here is gamma / sqrt(1 + D² / "
                         "Delta²): all of it is squared",
    "radius-short": "the length of an augmented point counts its constant coordinate 1 and the added coordinate Delta: "
                    "at most sqrt(R² + Delta²), R the length of the longest (1, x1, x2)",
    "margin-unchanged": "your bound uses gamma as the margin: section 7 works out the margin of the normalised long "
                        "vector, a unit vector in the space of the augmented data, and applies chapter 5's bound to "
                        "them",
    "shortfall-without-gamma": "an example falls short of the margin gamma, not of 0: d_i = max(0, gamma - y_i "
                               "u·x̃_i)",
    "shortfall-of-every-example": "an example beyond the margin falls short by 0, not by a negative amount: d_i takes "
                                  "the max with 0",
    "margin-of-the-short": "that is section 7's lower bound, one number for all fifteen visits; margin_1 asks for the "
                           "margin on one visit, example 1's in pass 2",
    "margin-not-normalised": "margin_1 is y u'·x' for u' the normalised long vector, the one chapter 5's bound is "
                             "applied to: is the vector your number was taken with that vector, of length 1?",
    "margin-one-pass-D": "the long vector of three passes holds the shortfalls of all fifteen visits: its length "
                         "counts all of them",
    "margin-squared-length": "the long vector is divided by its length, the square root of the sum of its squared "
                             "entries",
}


def _rounded(answer, name, decimals):
    """The learner's answer as one finite float, rounded to the decimals the exercise asks for."""
    v = float(np.asarray(answer, dtype=float))
    if not np.isfinite(v):
        raise ValueError(f"{name} must be a finite number; got {answer!r}")
    return round(v, decimals)


@exercise("ch09-fs-bound", number=6, title="the bound over three passes before Δ is chosen", points=3,
          kind="derive",
          hint="Work out R and D1 first: R from the homogeneous points (1, x1, x2), D1 from the shortfalls of the "
               "examples that do not reach the margin gamma. Then write down the augmented point of a visit and the "
               "long vector: which of the long vector's entries meets the added coordinate of that visit?")
def _fs_bound_check(t, bound_at_1, margin_1):
    for name, label, answer, decimals in (("bound", "bound_at_1", bound_at_1, 2), ("margin", "margin_1", margin_1, 3)):
        key, printed = _KEYS6[name]
        hashed_check(t, lambda answer=answer, label=label, decimals=decimals: _rounded(answer, label, decimals),
                     key, salt=f"ch09/fs/{name}", atol=_ATOL6, placeholder=0.0,
                     call=f"`{label}`, rounded to {decimals} decimals",
                     mistakes=[(mid, fp, _MESSAGES6[mid]) for mid, fp in printed.items()], max_named=1)
