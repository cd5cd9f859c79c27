"""Chapter 9 (the x²/y² feature trick): the checks of its exercises.

Expected values come from lecturekit (``lk.dual_perceptron``,
``lk.polynomial_kernel``, ``lk.square_features``) or from hand computations
written out in the comments; a catalogued mistake's value is what that mistake
returns on the probe (for the kernel perceptron, computed by the mistaken rule
itself, written out below).
"""

import numpy as np

from ..datasets import xor
from ..features import square_features
from ..perceptron import dual_perceptron, polynomial_kernel
from . import Mistake, exercise


def _semi_axes(w):
    """The semi-axes (a1, a2) of the ellipse b + v1 x1^2 + v2 x2^2 = 0, or a sentence saying why there is none."""
    b, v1, v2 = (float(v) for v in np.asarray(w, dtype=float).ravel())
    if not (v1 * v2 > 0 and b * v1 < 0):
        return "not an ellipse"
    return [float(np.sqrt(-b / v1)), float(np.sqrt(-b / v2))]


@exercise("ch09-construct-ellipse", number=1, title="construct: an ellipse from its semi-axes", points=1,
          kind="construct",
          hint="Start from the ellipse's equation in x1 and x2, read it as a line in z1 = x1² and z2 = x2², then "
               "decide the overall sign from one point you know must be positive.")
def _construct_ellipse(t, w_ellipse):
    def shape():
        w = np.asarray(w_ellipse, dtype=float).ravel()
        if w.shape != (3,):
            raise ValueError(f"w_ellipse must have three numbers (b, v1, v2); it has {w.size}")
        return _semi_axes(w)

    t.check(shape, [3.0, 0.5], atol=1e-6, call="the semi-axes of the ellipse drawn by `w_ellipse`",
            misconceptions=[
                Mistake("axes-swapped", [0.5, 3.0], "the semi-axes are swapped: v1 belongs to x1"),
                Mistake("one-over-a", [float(np.sqrt(3.0)), float(np.sqrt(0.5))],
                        "v_j = 1 / a_j instead of 1 / a_j²: the equation is in x_j², so the semi-axis enters squared"),
            ])

    def outside():
        w = np.asarray(w_ellipse, dtype=float).ravel()
        if isinstance(_semi_axes(w), str):
            return "not an ellipse"
        scores = np.column_stack([np.ones(3), square_features([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]])]) @ w
        return bool(scores[0] < 0 and scores[1] > 0 and scores[2] > 0)

    t.check(outside, True, call="`w_ellipse` is negative at (0, 0) and positive at (10, 0) and (0, 10)",
            misconceptions=[Mistake("inside", False, "positives inside: the signs of the whole vector are flipped")])


def _ellipse_axes_or_error(ellipse_axes, w):
    try:
        return [float(a) for a in ellipse_axes(np.array(w, dtype=float))]
    except ValueError:
        return "ValueError"


@exercise("ch09-axes", number=2, title="semi-axes of the learned ellipse", points=3, kind="reproduce",
          hint="Solve v1 x1² = -b on the x1-axis (and the same on the x2-axis); an ellipse needs v1, v2 of one sign "
               "and b of the other.")
def _axes(t, ellipse_axes):
    # x1^2/4 + x2^2 = 1  <=>  -4 + 1*x1^2 + 4*x2^2 = 0: semi-axes 2 and 1
    t.check(lambda: _ellipse_axes_or_error(ellipse_axes, [-4.0, 1.0, 4.0]), [2.0, 1.0],
            call="`ellipse_axes([-4.0, 1.0, 4.0])`",
            misconceptions=[Mistake("no-root", [4.0, 1.0], "square root forgotten"),
                            Mistake("swapped", [1.0, 2.0], "the semi-axes are swapped")])
    t.check(lambda: _ellipse_axes_or_error(ellipse_axes, [4.0, -1.0, -4.0]), [2.0, 1.0],
            call="`ellipse_axes([4.0, -1.0, -4.0])` (the same ellipse, positives inside)",
            misconceptions=[Mistake("one-sign-pattern", "ValueError",
                                    "only the textbook sign pattern accepted (positives outside)")])
    t.check(lambda: _ellipse_axes_or_error(ellipse_axes, [1.0, 1.0, 1.0]), "ValueError",
            call="`ellipse_axes([1.0, 1.0, 1.0])`",
            misconceptions=[Mistake("abs", [1.0, 1.0], "absolute values taken instead of checking the signs"),
                            Mistake("no-check", [float("nan"), float("nan")],
                                    "no check for curves that are not ellipses")])
    t.check(lambda: _ellipse_axes_or_error(ellipse_axes, [-1.0, 1.0, -1.0]), "ValueError",
            call="`ellipse_axes([-1.0, 1.0, -1.0])` (a hyperbola)")
    t.check(lambda: _ellipse_axes_or_error(ellipse_axes, [-9.0, 1.0, 1.0]), [3.0, 3.0],
            call="`ellipse_axes([-9.0, 1.0, 1.0])`")


def _dual_alpha(G, y, max_epochs, *, labels_in_score=True, step="one", strict=False):
    """Flach's Alg. 7.2 on a Gram matrix, and the variants a mistake makes of it."""
    alpha = np.zeros(len(y), dtype=np.int64)
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(len(y)):
            score = np.sum(alpha * y * G[i]) if labels_in_score else np.sum(alpha * G[i])
            if (y[i] * score < 0) if strict else (y[i] * score <= 0):
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
    expected = dual_perceptron(_XX, _YX, kernel=polynomial_kernel(2), fit_intercept=False, max_epochs=50).alpha
    t.check(lambda: np.asarray(dual_alpha(_GX, _YX, 50)), expected,
            call="`dual_alpha(G, y, 50)`, G the Gram matrix of the kernel (1 + x·z)² on 12 noisy XOR points",
            misconceptions=[
                Mistake("no-labels", _dual_alpha(_GX, _YX, 50, labels_in_score=False),
                        "the labels y_j left out of the score: it must be the sum of alpha_j y_j G[i, j]"),
                Mistake("label-step", _dual_alpha(_GX, _YX, 50, step="label"),
                        "alpha_i counts mistakes: it grows by 1, not by y_i"),
                Mistake("strict", _dual_alpha(_GX, _YX, 50, strict=True),
                        "`< 0` instead of `<= 0`: with every alpha 0 the score is 0, which is a mistake"),
            ])
    X4, y4 = xor()
    G4 = polynomial_kernel(2)(X4, X4)
    t.check(lambda: np.asarray(dual_alpha(G4, y4, 10)),
            dual_perceptron(X4, y4, kernel=polynomial_kernel(2), fit_intercept=False, max_epochs=10).alpha,
            call="`dual_alpha(G, y, 10)` on the four XOR corners")


@exercise("ch09-poly2", number=4, title="the features behind a kernel", points=5, kind="construct",
          hint="A term c·u(x)·u(z) of the expansion needs the feature √c·u(x) in the map, so that the product of "
               "the two features gives c.")
def _poly2(t, poly2_features):
    P = np.array([[1.0, 2.0], [3.0, -1.0], [0.0, 1.0]])
    K = (2 + P @ P.T) ** 2
    A1, A2 = np.outer(P[:, 0], P[:, 0]), np.outer(P[:, 1], P[:, 1])  # x1 z1 and x2 z2 for every pair

    def gram(Q):
        F = np.asarray(poly2_features(Q), dtype=float)
        if F.ndim != 2 or F.shape[0] != len(Q):
            raise ValueError(f"poly2_features must return one row per point; got shape {F.shape}")
        return F @ F.T

    t.check(lambda: gram(P), K, atol=1e-9,
            call="`poly2_features(P) @ poly2_features(P).T` for P = [[1, 2], [3, -1], [0, 1]]",
            misconceptions=[
                Mistake("copied-map", (1 + P @ P.T) ** 2,
                        "section 7's map copied: it belongs to the kernel (1 + x·z)², not (2 + x·z)²"),
                Mistake("constant-4", K + 12, "the constant feature is 4; it must be 2, since 2·2 gives the 4 of the expansion"),
                Mistake("sqrt2-linear", K - 2 * A1 - 2 * A2,
                        "the linear features have the factor sqrt(2); 4 x1 z1 needs the factor 2"),
                Mistake("no-product", K - 2 * A1 * A2, "the product feature x1 x2 is missing"),
                Mistake("squares-only", A1 ** 2 + A2 ** 2, "squares only (the map of section 2)"),
            ])
    Q = np.random.default_rng(19).normal(size=(12, 2))
    t.check(lambda: gram(Q), (2 + Q @ Q.T) ** 2, atol=1e-9, call="the same on 12 random points")


@exercise("ch09-shape", number=5, title="which curve?", points=3, kind="explain",
          hint="Write the score as a function of x1 and x2 and ask where it is positive: try a point far out on "
               "each axis.")
def _shape(t, boundary_shape):
    # -4 + x1² - x2² > 0  <=>  x1² - x2² > 4: a hyperbola, positives where |x1| is large
    t.check(boundary_shape, "c", call="`boundary_shape`", reveal=False,
            misconceptions=[
                Mistake("ellipse-inside", "a",
                        "(a) an ellipse: v1 = 1 and v2 = -1 have opposite signs, which makes a hyperbola"),
                Mistake("ellipse-outside", "b",
                        "(b) an ellipse with positives outside: opposite signs of v1 and v2 give a hyperbola"),
                Mistake("wrong-branch", "d",
                        "(d) positives above and below: the score -4 + x1² - x2² grows with |x1|, not |x2|"),
                Mistake("lines", "e",
                        "(e) two parallel lines: that needs v1 or v2 to be 0 (e.g. -4 + x1² = 0 is x1 = ±2)"),
            ])
