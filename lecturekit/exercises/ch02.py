"""Checks of chapter 2's exercises (homogeneous coordinates)."""

import numpy as np

from . import Mistake, exercise


@exercise("ch02-to-homogeneous", number=1, title="add the column of ones", points=2, kind="reproduce",
          hint="The result has one more column than `X`; which column is new, and what is in it for every row?")
def _to_homogeneous(t, to_homogeneous):
    t.check(lambda: to_homogeneous([[2.0, 3.0], [-1.0, 0.5]]), [[1.0, 2.0, 3.0], [1.0, -1.0, 0.5]],
            call="`to_homogeneous([[2, 3], [-1, 0.5]])`",
            misconceptions=[Mistake("ones-last", [[2.0, 3.0, 1.0], [-1.0, 0.5, 1.0]], "the 1 last (Turk's layout)"),
                            Mistake("zeros-column", [[0.0, 2.0, 3.0], [0.0, -1.0, 0.5]], "a column of zeros"),
                            Mistake("plus-one", [[3.0, 4.0], [0.0, 1.5]], "adds 1 to every entry"),
                            Mistake("ones-row", [[1.0, 1.0], [2.0, 3.0], [-1.0, 0.5]],
                                    "a row of ones instead of a column")])
    X = np.random.default_rng(21).normal(size=(5, 4))
    t.check(lambda: to_homogeneous(X), np.column_stack([np.ones(5), X]), call="`to_homogeneous(X)` for X of shape (5, 4)")
    t.check(lambda: to_homogeneous([[7.0]]), [[1.0, 7.0]], call="`to_homogeneous([[7]])`")


@exercise("ch02-predict", number=2, title="find the bugs in a prediction", points=2, kind="debug",
          hint="Score a point by hand with the course's layout (section 1) and its rule for a score of 0 "
               "(section 6), then run the given function on it and on a point exactly on the line.")
def _predict(t, predict_homogeneous):
    w = np.array([-2.0, 1.0, 1.0])                     # the line x1 + x2 = 2
    X = np.array([[2.0, 2.0], [0.0, 0.0], [3.0, -0.5], [1.0, 1.0], [0.5, 0.5]])
    t.check(lambda: predict_homogeneous(w, X), [1, -1, 1, -1, -1],
            call="`predict_homogeneous([-2, 1, 1], [[2, 2], [0, 0], [3, -0.5], [1, 1], [0.5, 0.5]])`",
            misconceptions=[Mistake("bias-last-and-sign", [-1, 1, -1, 0, 1],
                                    "the given function unchanged: it reads the bias from the end and uses np.sign"),
                            Mistake("bias-last", [-1, 1, -1, -1, 1], "bias taken from the end (1 last)"),
                            Mistake("np-sign", [1, -1, 1, 0, -1], "np.sign: 0 on the boundary"),
                            Mistake("ge-zero", [1, -1, 1, 1, -1], ">= 0: +1 on the boundary"),
                            Mistake("bias-dropped", [1, -1, 1, 1, 1], "bias dropped"),
                            Mistake("bias-subtracted", [1, 1, 1, 1, 1], "bias subtracted (threshold sign confused)")])
    t.check(lambda: predict_homogeneous([0.5, 1.0], [[-1.0], [0.0], [-0.5]]), [-1, 1, -1],
            call="`predict_homogeneous([0.5, 1], [[-1], [0], [-0.5]])`")
    t.check(lambda: predict_homogeneous([0.0, 2.0, -1.0], [[1.0, 2.0], [3.0, 1.0]]), [-1, 1],
            call="`predict_homogeneous([0, 2, -1], [[1, 2], [3, 1]])`")


def _unit(w):
    w = np.asarray(w, dtype=float)
    return w / np.linalg.norm(w[1:])


@exercise("ch02-construct-line", number=3, title="construct the weights of a given line", points=3,
          kind="construct",
          hint="Write the line as w1 x1 + w2 x2 + b = 0 and demand a score of 0 at P and at Q; "
               "then look at the score of the origin and decide whether to negate everything.")
def _construct_line(t, w_line):
    w = np.asarray(w_line, dtype=float)
    if not t.check_true(w.shape == (3,), what=f"`w_line` has shape {w.shape}; it must be three numbers (b, w1, w2)"):
        return
    if not t.check_true(bool(np.linalg.norm(w[1:]) > 0), what="(w1, w2) is zero, so `w_line` describes no line"):
        return
    good = np.array([4.0, -1.0, -2.0])
    on_line = all(abs(w[0] + w[1:] @ p) <= 1e-9 * np.linalg.norm(w) for p in ([0.0, 2.0], [4.0, 0.0]))
    t.check_true(bool(on_line), what="P = (0, 2) and Q = (4, 0) must both score 0 under `w_line`",
                 mistake=next((m for m in (
                     Mistake("bias-last", _unit([-1.0, -2.0, 4.0]),
                             "the bias put last (Turk's layout); the course's w~ starts with the bias"),
                     Mistake("threshold-as-bias", _unit([-4.0, -1.0, -2.0]), "the threshold used as the bias: b = -t, not t"),
                     Mistake("along-the-line", _unit([4.0, 4.0, -2.0]),
                             "w along the line (Q - P) instead of perpendicular to it"))
                     if np.allclose(_unit(w), m.value, atol=1e-6)), None))
    if on_line:
        t.check_true(bool(w[0] > 0), what="the origin must be on the positive side (its score is b)",
                     mistake=Mistake("origin-negative", _unit(-good),
                                     "the right line, but the origin is on the negative side: negate every weight"))


# w = (-6, 8), b = 5, |w| = 10; p = (3, -1) scores -18 - 8 + 5 = -21
_DIST_P, _DIST_ORIGIN = -2.1, 0.5


@exercise("ch02-distance", number=4, title="signed distances by hand", points=2, kind="predict",
          hint="Score the point with the bias included, then divide by the length of the part of the "
               "weight vector that is a direction in the plane.")
def _distance(t, dist_p, dist_origin):
    t.check(dist_p, _DIST_P, call="`dist_p`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("score-not-divided", -21.0, "the score, not divided by |w|"),
                            Mistake("divided-by-w-tilde", -21 / np.sqrt(125.0),
                                    "divided by |w~| (the bias included in the length) instead of |w|"),
                            Mistake("bias-dropped", -2.6, "the bias left out of the score"),
                            Mistake("unsigned", 2.1, "the distance without its sign"),
                            Mistake("bias-subtracted", -3.1, "the bias subtracted (b taken as the threshold t)")])
    t.check(dist_origin, _DIST_ORIGIN, call="`dist_origin`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("origin-minus", -0.5, "the origin's distance with the sign of -b (the threshold)"),
                            Mistake("origin-score", 5.0, "the origin's score b, not divided by |w|")])


@exercise("ch02-swap", number=5, title="swapping the classes", points=2, kind="predict",
          hint="Go through the three groups of points separately and ask what negating y does to "
               "y times the score in each, with the course's mistake test.")
def _swap(t, n_mistakes_after_swap):
    t.check(n_mistakes_after_swap, 35, call="`n_mistakes_after_swap`", reveal=False,
            misconceptions=[Mistake("boundary-fixed-by-swap", 33,
                                    "the points on the boundary counted as right after the swap: a score of 0 "
                                    "is a mistake for either label"),
                            Mistake("all-wrong", 40, "every point a mistake after the swap"),
                            Mistake("nothing-changes", 7, "the same mistakes as before the swap"),
                            Mistake("only-strict", 5, "only the strictly wrong points counted, before the swap")])
