"""Chapter 9 (the x²/y² feature trick): the checks of its exercises.

Expected values come from definitions, not from reference solutions: the
points an ellipse passes through are read from the learner's own weights,
separability from lecturekit's exact linear program, the dual perceptron's
counts from ``lk.dual_perceptron`` on Gram matrices the check draws (while the
learner's function runs, lecturekit's perceptrons refuse to run), Gram matrices
from ``(1 + x . z)^3``, Exercise 5's letter from ``lk.plot.conic_shape`` and the
classifier's labels, Exercise 6's bound and margin from chapter 5's bound on
augmented data built point by point.  Exercise 6's catalogued mistakes are
stored as the rounded numbers the exercise asks for.  A catalogued mistake's
value is what that mistake returns on the probe; no message names a key.
"""

import itertools
import sys
import warnings
from decimal import Decimal

import numpy as np

from .. import conventions
from ..datasets import circles, xor
from ..features import square_features
from ..plot import conic_shape
from ..perceptron import dual_perceptron, polynomial_kernel
from ..results import ConvergenceWarning, LinearClassifier
from ..theory import is_separable
from . import Mistake, exercise


# Exercise 5: the weights (b, v1, v2) a perceptron returned; the letter and the labels are worked out inside the
# check from the score, so the module holds no key.
_W5 = np.array([-4.0, 1.0, -1.0])
_POINTS5 = np.array([[3.0, 1.0], [1.0, 3.0], [-2.5, -1.5]])
_LETTERS = "abcde"
# the origin and a point far out on each axis: where the positives of each picture are
_PROBES5 = np.array([[0.0, 0.0], [50.0, 0.0], [0.0, 50.0]])
_WRONG_LETTER5 = ("write the score as a function of x1 and x2 and evaluate it at (0, 0), (5, 0) and (0, 5): which of "
                  "the five pictures gives those three points the labels the classifier gives them?")
_WRONG_LABELS5 = ("compute each of the three scores exactly and turn each into a label with the classifier's rule of "
                  "chapter 4")


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
# Weights rounded to 5 significant digits (the exercise text allows it) move the scores at the two points, after
# dividing w by its largest entry, by less than 5e-5 * (1 + 4 + 2.25); a wrong pair of points misses by far more.
_TOL1 = 5e-4
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
        return np.isclose(np.column_stack([np.ones(len(F)), F]) @ w, 0.0, rtol=0.0, atol=_TOL1)

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
    # a w_ellipse of another form is named once, by the first check; here it is "not an ellipse"
    t.check(lambda: "an ellipse" if not isinstance(_semi_axes(w_ellipse), str) else "not an ellipse", "an ellipse",
            call="the curve `w_ellipse` draws")

    def outside():
        w = _three_numbers(w_ellipse)
        if isinstance(w, str) or isinstance(_semi_axes(w), str):
            return "not an ellipse"
        scores = np.column_stack([np.ones(3), square_features([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]])]) @ w
        return bool(scores[0] < 0 and scores[1] > 0 and scores[2] > 0)

    t.check(outside, True, call="`w_ellipse` is negative at (0, 0) and positive at (10, 0) and (0, 10)",
            misconceptions=[Mistake("inside", False, "your w_ellipse puts the positives inside the ellipse; the "
                                                     "exercise asks for them outside it")])


def _significant_digits(v: float) -> int:
    """How many significant digits the shortest decimal of v has (0.25 has 2, 4.93827156 has 9)."""
    return len(Decimal(repr(float(v))).normalize().as_tuple().digits)


def _lost_properties(X, y):
    """What exercise 2 asks of (X, y): separable raw, not separable after squaring."""
    return {"a line separates the raw data": bool(is_separable(X, y)),
            "a line separates the squared features": bool(is_separable(square_features(X), y))}


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
                             "the exercise asks for sizes between 1e-150 and 1e150)"):
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
    # the digit rule first, whatever the data: only then are the squares below exact, and the verdict is one on the
    # numbers as typed
    if not t.check_true(
            max((_significant_digits(v) for v in X.ravel()), default=0) <= 7,
            what="every coordinate of `X_lost` has at most 7 significant digits, as the exercise asks (the check "
                 "squares such numbers exactly; longer ones it has to round, and then it cannot tell whether a line "
                 "separates the squares)"):
        return
    properties = _lost_properties(X, y)
    t.check(properties, {"a line separates the raw data": True,
                                     "a line separates the squared features": False},
            call="the properties of `(X_lost, y_lost)`",
            misconceptions=[
                Mistake("not-separable-raw", {"a line separates the raw data": False,
                                              "a line separates the squared features": True},
                        "these data need the squares (like the ring): the exercise asks for data a line already "
                        "separates before the map"),
                Mistake("squares-separate", {"a line separates the raw data": True,
                                             "a line separates the squared features": True},
                        "the images of the two classes can still be cut apart by a line: look at where each image lands"),
            ])


def _classmate_alpha(G, y, max_epochs):
    """The classmate's code as the exercise shows it (no bias), for recognising it."""
    n = len(y)
    alpha = np.zeros(n, dtype=np.int64)
    scores = np.zeros(n)
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(n):
            if conventions.is_mistake(y[i] * scores[i]):
                alpha[i] += 1
                scores += G[i]
                mistakes += 1
        if mistakes == 0:
            break
    return alpha


def _index_kernel(G):
    """A kernel on row numbers that looks its values up in G: it lets lk.dual_perceptron run on any symmetric G,
    also on one that no data set has as its Gram matrix."""
    def k(A, B):
        return G[np.ix_(np.asarray(A)[:, 0].astype(int), np.asarray(B)[:, 0].astype(int))]
    return k


def _dual_run(G, y, epochs, bias):
    """lk.dual_perceptron's counts on the Gram matrix G (decisions exact, see docs/engines.md)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return dual_perceptron(np.arange(len(y), dtype=float)[:, None], y, kernel=_index_kernel(G),
                               fit_intercept=bias, max_epochs=epochs).alpha


def _constant_first_kernel(G):
    """The dot product of the points (c, x_i), for rows (c, i): the constant coordinates multiplied, plus the dot
    product of x_i and x_j that G holds."""
    look_up = _index_kernel(G)

    def k(A, B):
        A, B = np.asarray(A, dtype=float), np.asarray(B, dtype=float)
        return np.outer(A[:, 0], B[:, 0]) + look_up(A[:, 1:], B[:, 1:])
    return k


def _run_with_constant(G, y, epochs, c):
    """lk.dual_perceptron, no intercept of its own, on the points (c, x_i) (decisions exact, see docs/engines.md)."""
    n = len(y)
    points = np.column_stack([np.full(n, float(c)), np.arange(n, dtype=float)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return dual_perceptron(points, y, kernel=_constant_first_kernel(G), fit_intercept=False,
                               max_epochs=epochs).alpha


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
# alpha0 were taken, what the call says).  None of them is shown; two use a c other than 0 and 1; the last one starts
# from the counts of one earlier epoch (a resumed run, which lk.dual_perceptron cannot do, so neither its source nor
# its fit_intercept answers it), is not a kernel's Gram matrix and stops at max_epochs with mistakes left.
_PROBES3 = [(lambda: _gram(lambda: xor(12, noise=0.2, seed=3)), 50, 1.0, 0, "12 noisy XOR points, kernel (1 + x·z)²"),
            (lambda: _gram(lambda: circles(30, seed=5)), 40, 2.0, 0,
             "30 points of `lk.datasets.circles`, kernel (1 + x·z)²"),
            (_indefinite_probe, 2, 3.0, 1, "a symmetric 9 × 9 matrix that is no data set's Gram matrix")]


def _resumed_run(G, y, before, epochs, c):
    """The counts alpha0 after ``before`` epochs, and the counts after ``epochs`` more: the dual perceptron's state at
    the end of an epoch is alpha alone, so resuming from alpha0 for ``epochs`` epochs is running ``before + epochs``
    epochs from 0."""
    alpha0 = _run_with_constant(G, y, before, c) if before else np.zeros(len(y), dtype=np.int64)
    return alpha0, _run_with_constant(G, y, before + epochs, c)


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


@exercise("ch09-debug-dual", number=3, title="fix and extend a faster kernel perceptron", points=2, kind="debug",
          hint="Write down what scores[j] must equal at every moment of the run, as a sum over the examples, in terms "
               "of alpha, y and the dot products of the points the perceptron works on. Which statements of the loop "
               "keep that equation true, and which moment before the first visit does it also cover?")
def _debug_dual(t, dual_alpha):
    for probe, epochs, c, before, what in _PROBES3:
        G, y = probe()
        alpha0, expected = _resumed_run(G, y, before, epochs, c)

        def run(G=G, y=y, epochs=epochs, c=c, alpha0=alpha0):
            with _NoLibraryRun():
                return np.asarray(dual_alpha(G.copy(), y.copy(), epochs, c, alpha0.copy()))

        other_c = [] if c == 1 else [
            # fit_intercept=True's counts whatever c is, and a constant coordinate that adds c instead of c·c: one
            # message for both, an observation on the probe that names no fix
            Mistake(name, value, f"with c = {c:g} your counts differ from those of the dual perceptron on the points "
                                 f"(c, x_i); write out (c, x_i) · (c, x_j) and compare it with what your update adds")
            for name, value in (("constant-one", _dual_run(G, y, epochs, bias=True)),
                                ("constant-c", _dual_run(G + c, y, epochs, bias=False)))]
        resumed = [] if not before else [
            Mistake("start-ignored", _run_with_constant(G, y, epochs, c),
                    f"these are the counts of a run that starts from alpha = 0; this call starts from "
                    f"alpha0 = {alpha0.tolist()}, the counts of an earlier epoch")]
        start = "0" if not before else str(alpha0.tolist())
        t.check(run, expected, reveal=False,
                call=f"`dual_alpha(G, y, {epochs}, {c:g}, alpha0)`, alpha0 = {start}, G: {what}",
                misconceptions=[
                    Mistake("classmate", _classmate_alpha(G, y, epochs),
                            "these are the counts of the classmate's code: work out what scores[j] must hold after "
                            "each update, and compare it with what the code adds"),
                    Mistake("no-bias", _dual_run(G, y, epochs, bias=False),
                            f"these are the counts of a dual perceptron with no constant coordinate (c = 0): this "
                            f"call has c = {c:g}"),
                ] + other_c + resumed)


# Exercise 4: the Gram matrices catalogued mistakes give, written from the kernel, not from a feature map.
_P4 = np.array([[1.0, 2.0], [3.0, -1.0], [0.0, 1.0], [0.5, 0.5]])
_Q4 = np.array([[-1.0, 0.5], [2.0, 2.0], [0.25, -3.0]])


def _cross(A, B):
    """s = x . z and q = x1 x2 z1 z2 for every pair of rows."""
    return A @ B.T, np.outer(A[:, 0] * A[:, 1], B[:, 0] * B[:, 1])


@exercise("ch09-poly3", number=4, title="the features behind a cubic kernel", points=5, kind="construct",
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


@exercise("ch09-shape", number=5, title="predict: which curve, and which labels?", points=3, kind="predict",
          hint="Write the score as a function of x1 and x2. Where is it positive far out on each axis, and how "
               "does the classifier turn each score into a label (chapter 4)?")
def _shape(t, boundary_shape, labels_at):
    def letter():
        return str(boundary_shape).strip().strip("()").strip().lower()

    # the letter from the curve's name (lk.plot.conic_shape) and the classifier's labels at the probes
    shape = conic_shape([_W5[0], 0.0, 0.0, _W5[1], _W5[2], 0.0])
    origin, on_x1, on_x2 = (v == conventions.POSITIVE for v in LinearClassifier(_W5).predict(square_features(_PROBES5)))
    expected = ("e" if "parallel" in shape
                else ("a" if origin else "b") if shape.startswith("an ellipse")
                else {(True, False): "c", (False, True): "d"}.get((on_x1, on_x2)) if "hyperbola" in shape
                else None)
    t.check(letter, expected, call="`boundary_shape`", reveal=False,
            misconceptions=[Mistake("wrong-curve", k, _WRONG_LETTER5) for k in _LETTERS if k != expected])
    if letter() not in tuple(_LETTERS):
        t.check_true(False, what=f"`boundary_shape` is one of the letters a to e (it is {boundary_shape!r})")

    try:
        shape_of_labels = np.asarray(labels_at, dtype=float).shape
    except (TypeError, ValueError):
        shape_of_labels = None
    if not t.check_true(shape_of_labels == (len(_POINTS5),),
                        what=f"`labels_at` holds {len(_POINTS5)} numbers, one label per point"
                             + ("" if shape_of_labels is None else f"; its shape is {shape_of_labels}")):
        return

    def labels():
        return [int(v) for v in np.asarray(labels_at)]

    right = [int(v) for v in LinearClassifier(_W5).predict(square_features(_POINTS5))]
    # one message for every wrong triple, so that no single guess tells which label is off
    t.check(labels, right, reveal=False,
            call="`labels_at`, the labels at (3, 1), (1, 3) and (-2.5, -1.5)",
            misconceptions=[Mistake("wrong-labels", list(triple), _WRONG_LABELS5)
                            for triple in itertools.product(conventions.LABELS, repeat=len(_POINTS5))
                            if list(triple) != right])


# --------------------------------------------------------------------------
# Exercise 6: the bound over three passes, for data whose R and D the learner works out
# --------------------------------------------------------------------------
_X6 = np.array([[1.0, 1.0], [2.0, 0.0], [0.0, -1.0], [1.0, 0.0], [0.0, 0.5]])
_Y6 = np.array([1, 1, -1, -1, -1])
_U6, _G6, _DELTA6, _T6 = np.array([0.0, 0.6, 0.8]), 0.5, 1.0, 3
_ATOL6 = 0.006   # the exercise asks for two decimals: an answer within 0.006 of the bound passes


def _augmented(passes):
    """The augmented data of ``passes`` passes, built point by point (every visit gets its own added coordinate
    Delta, the long vector its entry y d / Delta there, divided by its length): chapter 5's bound (R / gamma)² on
    them, and the margin of the normalised long vector on each visit."""
    Xh = np.column_stack([np.ones(len(_X6)), _X6])
    visits = passes * len(_X6)
    X_long = np.hstack([np.tile(Xh, (passes, 1)), _DELTA6 * np.eye(visits)])
    y_long = np.tile(_Y6, passes)
    shortfall = np.maximum(0.0, _G6 - y_long * (np.tile(Xh, (passes, 1)) @ _U6))
    u_long = np.concatenate([_U6, y_long * shortfall / _DELTA6])
    u_long = u_long / np.linalg.norm(u_long)
    radius = float(np.max(np.linalg.norm(X_long, axis=1)))
    margins = y_long * (X_long @ u_long)
    return (radius / float(np.min(margins))) ** 2, margins


def _augmented_bound(passes):
    """Chapter 5's bound on the augmented data of ``passes`` passes."""
    return _augmented(passes)[0]


def _number(answer, name):
    """The learner's answer as one finite float."""
    v = float(np.asarray(answer, dtype=float))
    if not np.isfinite(v):
        raise ValueError(f"{name} must be a finite number; got {answer!r}")
    return v


def _snapped(v, mistakes, tolerance):
    """v, or the value of the catalogued mistake it lies within ``tolerance`` of (the exercise asks for a rounded
    number, so a mistake typed to those decimals is that mistake)."""
    return next((m.value for m in mistakes if abs(v - m.value) <= tolerance), v)


@exercise("ch09-fs-bound", number=6, title="the bound over three passes before Δ is chosen", points=2,
          kind="derive",
          hint="Work out R and D1 first: R from the homogeneous points (1, x1, x2), D1 from the shortfalls of the "
               "examples that do not reach the margin gamma. Then write down the augmented point of a visit and the "
               "long vector: which of the long vector's entries meets the added coordinate of that visit?")
def _fs_bound_check(t, bound_at_1, margin_1):
    # the mistakes' values are numbers rounded as the exercise asks (two decimals for the bound, three for the
    # margin): tests/homework_fixtures/chapter_mutants/ch09.py and tests/test_chapter_09.py derive each one
    key, margins = _augmented(_T6)
    bound_mistakes = [
        Mistake("one-pass", round(_augmented_bound(1), 2),
                "the shortfalls come back on every pass: the augmented data of three passes have three times "
                "as many shortfalls"),
        Mistake("passes-apart", round(_T6 * _augmented_bound(1), 2),
                "section 7 does not add up separate one-pass bounds: it counts every visit as a new example "
                "of one long sequence, with its own added coordinate"),
        Mistake("best-delta", 88.28,
                "that is the bound at the best Delta, Delta² = R D: the exercise fixes Delta = 1"),
        Mistake("D-times-T", 460.32,
                "D² adds up squared shortfalls, one per visit: how many visits, and how does D grow?"),
        Mistake("margin-not-squared", 63.77,
                "chapter 5's bound divides by the square of the margin, and the margin here carries the "
                "factor 1 / sqrt(1 + D² / Delta²)"),
        Mistake("gamma-not-squared", 84.72,
                "chapter 5's bound is (radius / margin)², and the margin here is gamma / sqrt(1 + D² / Delta²): "
                "all of it is squared"),
        Mistake("radius-short", 141.20,
                "the length of an augmented point counts its constant coordinate 1 and the added coordinate "
                "Delta: at most sqrt(R² + Delta²), R the length of the longest (1, x1, x2)"),
        Mistake("margin-unchanged", 24.00,
                "the long vector (u, y_i d_i / Delta, ...) must be divided by its length before it is a unit "
                "vector, and that shrinks its margin"),
        Mistake("shortfall-without-gamma", 61.44,
                "an example falls short of the margin gamma, not of 0: d_i = max(0, gamma - y_i u·x̃_i)"),
        Mistake("shortfall-of-every-example", 269.52,
                "an example beyond the margin falls short by 0, not by a negative amount: d_i takes the "
                "max with 0"),
    ]
    # "two decimals are enough": an absolute tolerance of 0.006 (feedback.matches scales atol by |expected| > 1)
    t.check(lambda: _snapped(_number(bound_at_1, "bound_at_1"), bound_mistakes, _ATOL6), key, atol=_ATOL6 / abs(key),
            call="`bound_at_1`", reveal=False, misconceptions=bound_mistakes)
    margin_mistakes = [
        Mistake("margin-of-the-short", 0.188,
                "gamma / sqrt(1 + D² / Delta²) is the margin on the visits of the examples that fall short of "
                "gamma; example 1 does not fall short: work out its augmented point and the long vector's "
                "product with it"),
        Mistake("margin-not-normalised", 1.4,
                "that is the margin of the long vector before it is divided by its length"),
        Mistake("margin-one-pass-D", 0.806,
                "the long vector of three passes holds the shortfalls of all fifteen visits: its length counts "
                "all of them"),
        Mistake("margin-squared-length", 0.198,
                "the long vector is divided by its length, the square root of the sum of its squared entries"),
    ]
    t.check(lambda: _snapped(_number(margin_1, "margin_1"), margin_mistakes, _ATOL6 / 10), float(margins[len(_X6)]),
            atol=_ATOL6 / 10, call="`margin_1`", reveal=False, misconceptions=margin_mistakes)
