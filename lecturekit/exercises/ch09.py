"""Chapter 9 (the x²/y² feature trick): the checks of its exercises.

Expected values are computed here from the definitions: the ellipse's
semi-axes and sides from its equation, separability by lecturekit's exact
linear program, the dual perceptron written out from Flach's Alg. 7.2 (with
the mistake test of :mod:`lecturekit.conventions`), Gram matrices of the cubic
kernel from ``(1 + x . z)^3``.  A catalogued mistake's value is what that
mistake returns on the probe, computed by the mistaken rule itself; no message
names a key.
"""

import numpy as np

from .. import conventions
from ..datasets import xor
from ..features import square_features
from ..perceptron import polynomial_kernel
from ..theory import is_separable
from . import Mistake, exercise


# Exercise 5: w = (-4, 1, -1): the score -4 + x1^2 - x2^2; v1 v2 < 0 and b != 0 make a hyperbola, and the score is
# positive far out on the x1-axis and negative far out on the x2-axis.
_W5 = np.array([-4.0, 1.0, -1.0])


def _key5(w):
    b, v1, v2 = w
    far = 1e3
    if v1 * v2 < 0 and b != 0:
        return "c" if b + v1 * far**2 > 0 else "d"
    if v1 * v2 > 0:
        return "a" if b > 0 else "b"
    return "e"


_KEY5 = _key5(_W5)


def _semi_axes(w):
    """The semi-axes (a1, a2) of the ellipse b + v1 x1^2 + v2 x2^2 = 0, or a sentence saying why there is none."""
    b, v1, v2 = (float(v) for v in np.asarray(w, dtype=float).ravel())
    if not (v1 * v2 > 0 and b * v1 < 0):
        return "not an ellipse"
    return [float(np.sqrt(-b / v1)), float(np.sqrt(-b / v2))]


# Exercise 1: the centred ellipse b + v1 x1^2 + v2 x2^2 = 0 through (2, 1) and (1, 1.5): two equations linear in
# (b, v1, v2); its semi-axes are the expected value, so any positive multiple of the weights passes.
_P1 = np.array([[2.0, 1.0], [1.0, 1.5]])


def _through(points):
    """The semi-axes of the centred ellipse through two points (a1² and a2² from 1/a1² z1 + 1/a2² z2 = 1)."""
    inv = np.linalg.solve(np.asarray(points, dtype=float), np.ones(2))
    return [float(v) for v in 1 / np.sqrt(inv)]


@exercise("ch09-construct-ellipse", number=1, title="construct: an ellipse through two points", points=1,
          kind="construct",
          hint="A point lies on the boundary when its score is 0. Write that for both points, with the squared "
               "coordinates as the features, then decide the overall sign from one point you know must be positive.")
def _construct_ellipse(t, w_ellipse):
    def shape():
        w = np.asarray(w_ellipse, dtype=float).ravel()
        if w.shape != (3,):
            raise ValueError(f"w_ellipse must have three numbers (b, v1, v2); it has {w.size}")
        return _semi_axes(w)

    def on_boundary():
        w = np.asarray(w_ellipse, dtype=float).ravel()
        if w.shape != (3,):
            raise ValueError(f"w_ellipse must have three numbers (b, v1, v2); it has {w.size}")
        scale = max(1.0, float(np.max(np.abs(w)))) if np.all(np.isfinite(w)) else 1.0
        return [float(v) / scale for v in np.column_stack([np.ones(2), square_features(_P1)]) @ w]

    # the score 0 on the boundary is the definition, not the key: this check may show it
    t.check(on_boundary, [0.0, 0.0], atol=1e-9,
            call="the scores of `w_ellipse` at (2, 1) and (1, 1.5), divided by its largest weight (0 on the boundary)")
    # reveal=False: from the expected semi-axes a1, a2 the weights (-1, 1/a1², 1/a2²) follow in one line
    t.check(shape, _through(_P1 ** 2), atol=1e-6, call="the semi-axes of the ellipse drawn by `w_ellipse`",
            reveal=False, misconceptions=[
                Mistake("axes-swapped", _through(_P1 ** 2)[::-1], "the semi-axes are swapped: v1 belongs to x1"),
                Mistake("not-squared", _through(_P1),
                        "the two equations used x1 and x2 where the features are x1² and x2²: each coordinate of "
                        "the points enters squared"),
            ])

    def outside():
        w = np.asarray(w_ellipse, dtype=float).ravel()
        if isinstance(_semi_axes(w), str):
            return "not an ellipse"
        scores = np.column_stack([np.ones(3), square_features([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]])]) @ w
        return bool(scores[0] < 0 and scores[1] > 0 and scores[2] > 0)

    t.check(outside, True, call="`w_ellipse` is negative at (0, 0) and positive at (10, 0) and (0, 10)",
            misconceptions=[Mistake("inside", False, "positives inside: the signs of the whole vector are flipped")])


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
    if not t.check_true(X.ndim == 2 and X.shape[1:] == (2,) and y.shape == (X.shape[0],)
                        and bool(np.all(np.isfinite(X))),
                        what=f"`X_lost` has shape (n, 2) and `y_lost` one label per row; got {X.shape} and {y.shape}"):
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
    t.check(_lost_properties(X, y), {"a line separates the raw data": True,
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


def _dual_alpha(G, y, max_epochs, *, labels_in_score=True, step="one", strict=False):
    """Flach's Alg. 7.2 on a Gram matrix, and the variants a mistake makes of it."""
    alpha = np.zeros(len(y), dtype=np.int64)
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(len(y)):
            score = np.sum(alpha * y * G[i]) if labels_in_score else np.sum(alpha * G[i])
            if (y[i] * score < 0) if strict else conventions.is_mistake(y[i] * score):
                alpha[i] += 1 if step == "one" else y[i]
                mistakes += 1
        if mistakes == 0:
            break
    return alpha



@exercise("ch09-debug-dual", number=3, title="find the bug in a kernel perceptron", points=2, kind="debug",
          hint="Write out the score of example i in the dual form (Flach, Eq. 7.9) and compare it term by term "
               "with the classmate's line.")
def _debug_dual(t, dual_alpha):
    _XX, _YX = xor(12, noise=0.2, seed=3)
    _GX = polynomial_kernel(2)(_XX, _XX)
    t.check(lambda: np.asarray(dual_alpha(_GX, _YX, 50)), _dual_alpha(_GX, _YX, 50),
            call="`dual_alpha(G, y, 50)`, G the Gram matrix of the kernel (1 + x·z)² on 12 noisy XOR points",
            misconceptions=[
                Mistake("no-labels", _dual_alpha(_GX, _YX, 50, labels_in_score=False),
                        "these are the classmate's counts: some alpha_i grow in every epoch while others never "
                        "move, as if every earlier mistake pushed the score the same way"),
                Mistake("label-step", _dual_alpha(_GX, _YX, 50, step="label"),
                        "alpha_i counts mistakes, so what may it never become?"),
                Mistake("strict", _dual_alpha(_GX, _YX, 50, strict=True),
                        "`< 0` instead of `<= 0`: with every alpha 0 the score is 0, which is a mistake"),
            ])
    X4, y4 = xor()
    G4 = polynomial_kernel(2)(X4, X4)
    t.check(lambda: np.asarray(dual_alpha(G4, y4, 10)), _dual_alpha(G4, y4, 10),
            call="`dual_alpha(G, y, 10)` on the four XOR corners")


def _cubic_map(X, *, coefficient=np.sqrt, mixed=True, constant=True, degree=3):
    """Features for (1 + x . z)^degree (2 or 3), written from the expansion, and the variants a mistake makes."""
    x1, x2 = X[:, 0], X[:, 1]
    c = coefficient
    if degree == 2:
        cols = [np.ones(len(X)), c(2.0) * x1, c(2.0) * x2, x1**2, x2**2, c(2.0) * x1 * x2]
    else:
        cols = [np.ones(len(X)), c(3.0) * x1, c(3.0) * x2, c(3.0) * x1**2, c(3.0) * x2**2, c(6.0) * x1 * x2,
                x1**3, x2**3] + ([c(3.0) * x1**2 * x2, c(3.0) * x1 * x2**2] if mixed else [])
    if not constant:
        cols = cols[1:]
    F = np.column_stack(cols)
    return F @ F.T


@exercise("ch09-poly3", number=4, title="the features behind a cubic kernel", points=5, kind="construct",
          hint="A term c·u(x)·u(z) of the expansion needs the feature √c·u(x) in the map, so that the product of "
               "the two features gives c. Do not forget the terms that mix x1 and x2.")
def _poly3(t, poly3_features):
    P = np.array([[1.0, 2.0], [3.0, -1.0], [0.0, 1.0], [0.5, 0.5]])
    K = (1 + P @ P.T) ** 3

    def gram(Q):
        F = np.asarray(poly3_features(Q), dtype=float)
        if F.ndim != 2 or F.shape[0] != len(Q):
            raise ValueError(f"poly3_features must return one row per point; got shape {F.shape}")
        return F @ F.T

    t.check(lambda: gram(P), K, atol=1e-9,
            call="`poly3_features(P) @ poly3_features(P).T` for P = [[1, 2], [3, -1], [0, 1], [0.5, 0.5]]",
            misconceptions=[
                Mistake("quadratic-map", _cubic_map(P, degree=2),
                        "section 7's map: it belongs to the kernel (1 + x·z)², one power lower"),
                Mistake("no-mixed-cubes", _cubic_map(P, mixed=False),
                        "s³ has terms that mix x1 and x2 as well as x1³ and x2³: expand (x1 z1 + x2 z2)³ fully"),
                Mistake("coefficient-not-rooted", _cubic_map(P, coefficient=lambda v: v),
                        "a coefficient put into the features unchanged: both features of a product carry it, so "
                        "the product gets its square"),
                Mistake("no-constant", _cubic_map(P, constant=False), "the term 1 of (1 + s)³ has no feature"),
            ])
    Q = np.random.default_rng(19).normal(size=(12, 2))
    t.check(lambda: gram(Q), (1 + Q @ Q.T) ** 3, atol=1e-8, call="the same on 12 random points")


@exercise("ch09-shape", number=5, title="which curve?", points=3, kind="explain",
          hint="Write the score as a function of x1 and x2 and ask where it is positive: try a point far out on "
               "each axis.")
def _shape(t, boundary_shape):
    t.check(boundary_shape, _KEY5, call="`boundary_shape`", reveal=False,
            misconceptions=[
                Mistake("ellipse-inside", "a",
                        "(a) an ellipse: check the signs of v1 and v2 — which curve do they make together?"),
                Mistake("ellipse-outside", "b",
                        "(b) an ellipse with the positives outside: check the signs of v1 and v2 first — which curve "
                        "do they make together?"),
                Mistake("wrong-branch", "d",
                        "(d): evaluate the score at a point far out on the x2-axis and at one far out on the x1-axis"),
                Mistake("lines", "e",
                        "(e) two parallel lines: what would v1 or v2 have to be for that?"),
            ])


# --------------------------------------------------------------------------
# Exercise 6 — the bound with the added features, before Delta is chosen
# --------------------------------------------------------------------------
_R6, _D6, _G6, _DELTA6 = 2.0, 1.0, 0.5, 1.0


def _fs_bound_at(R, D, gamma, delta, *, square_shrink=True, grow_radius=True, shrink=True):
    """Chapter 5's (radius / margin)^2 for the augmented data of section 6, and the variants a mistake makes."""
    radius2 = R**2 + delta**2 if grow_radius else R**2
    factor = 1 + D**2 / delta**2
    if not shrink:
        factor = 1.0
    elif not square_shrink:
        factor = factor**0.5
    return radius2 * factor / gamma**2


@exercise("ch09-fs-bound", number=6, title="the bound before Δ is chosen", points=2, kind="predict",
          hint="Section 6 gives two facts about the augmented data: how long its points can be, and the margin "
               "with which the normalised long vector separates them. Put both into chapter 5's bound.")
def _fs_bound_check(t, bound_at_1):
    def value():
        v = float(np.asarray(bound_at_1, dtype=float))
        if not np.isfinite(v):
            raise ValueError(f"bound_at_1 must be a finite number; got {bound_at_1!r}")
        return v

    t.check(value, _fs_bound_at(_R6, _D6, _G6, _DELTA6), atol=1e-6, call="`bound_at_1`", reveal=False,
            misconceptions=[
                Mistake("best-delta", ((_R6 + _D6) / _G6) ** 2,
                        "((R + D) / gamma)² is the bound at the best Delta, Delta² = R D: the exercise fixes Delta = 1"),
                Mistake("margin-not-squared", _fs_bound_at(_R6, _D6, _G6, _DELTA6, square_shrink=False),
                        "chapter 5's bound divides by the square of the margin, and the margin here carries the "
                        "factor 1 / sqrt(1 + D² / Delta²)"),
                Mistake("radius-unchanged", _fs_bound_at(_R6, _D6, _G6, _DELTA6, grow_radius=False),
                        "the added coordinate Delta makes the points longer: their length is at most "
                        "sqrt(R² + Delta²)"),
                Mistake("margin-unchanged", _fs_bound_at(_R6, _D6, _G6, _DELTA6, shrink=False),
                        "the long vector (u, y_i d_i / Delta, ...) must be divided by its length before it is a unit "
                        "vector, and that shrinks its margin"),
            ])
