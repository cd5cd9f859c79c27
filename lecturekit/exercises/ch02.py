"""Checks of chapter 2's exercises (homogeneous coordinates)."""

import numpy as np

from .. import conventions
from . import Mistake, exercise


# --------------------------------------------------------------------------
# Exercise 1 (construct): weights that read the same with the 1 first and with the 1 last
# --------------------------------------------------------------------------

def _as_first_and_last(w):
    """The classifier (bias, normal) that w is when read with the 1 first, and with the 1 last."""
    first = conventions.join(w[0], w[1:])   # (b, w1, w2) = (w0, (w1, w2))
    last = conventions.join(w[2], w[:2])    # the 1 last: normal (w0, w1), bias w2
    return first, last


@exercise("ch02-both-layouts", number=1, title="weights that survive the layout mix-up", points=2,
          kind="construct",
          hint="Write down the classifier (bias, normal) that the three numbers are in each reading. Two "
               "weight vectors give every point the same label when one is a positive multiple of the other "
               "(section 5); what does that demand of w0, w1 and w2?")
def _both_layouts(t, w_both):
    w = np.asarray(w_both, dtype=float)
    if not t.check_true(w.shape == (3,), what=f"`w_both` holds three numbers (w0, w1, w2); got shape {w.shape}"):
        return
    first, last = _as_first_and_last(w)
    lines = bool(np.all(np.isfinite(w)) and np.any(first[1:] != 0) and np.any(last[1:] != 0))
    if not t.check_true(lines, what="`w_both` describes a line in both readings (its normal is not zero)",
                        mistake=Mistake("layout-no-line", None, "a weight vector whose normal is zero in one "
                                                               "reading has no boundary there")
                        if np.all(np.isfinite(w)) and w.any() else
                        Mistake("layout-zero", None, "the zero vector labels everything −1 in both readings, "
                                                     "but it describes no line")):
        return
    k = (first @ last) / (first @ first)
    same = bool(k > 0 and np.allclose(last, k * first, rtol=0, atol=1e-9 * np.linalg.norm(first)))
    mistake = None
    if not same and w[0] == w[2]:
        mistake = Mistake("layout-palindrome", None, "a vector that reads the same backwards: moving the 1 "
                                                     "from the front to the back shifts every weight one "
                                                     "place, it does not reverse the vector")
    elif not same and w[0] == 0:
        mistake = Mistake("layout-zero-bias", None, "a zero bias does not protect the line: read with the 1 "
                                                    "last, w0 is a slope and w2 the bias")
    t.check_true(same, what="read with the 1 first and with the 1 last, `w_both` gives every point of the "
                            "plane the same label", mistake=mistake)


# --------------------------------------------------------------------------
# Exercise 2 (debug): the margin of a classifier, with two bugs to find
# --------------------------------------------------------------------------

def _margin_reference(w, X, y):
    """min_i y_i (w . x_i + b) / |w|, through lecturekit's own layout helpers."""
    w = np.asarray(w, dtype=float)
    scores = conventions.homogeneous(X) @ w
    return float(np.min(np.asarray(y) * scores) / np.linalg.norm(conventions.normal(w)))


_TOY_X = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
_TOY_Y = np.array([1, 1, -1, -1])
_W_LINE = np.array([-3.0, 1.0, 2.0])       # the line x1 + 2 x2 = 3 of section 1


def _variant(w, X, y, *, bias_first, by, signed=True):
    w, X, y = np.asarray(w, dtype=float), np.asarray(X, dtype=float), np.asarray(y)
    scores = (w[0] + X @ w[1:]) if bias_first else (X @ w[:-1] + w[-1])
    norm = {"all": np.linalg.norm(w), "normal": np.linalg.norm(w[1:] if bias_first else w[:-1])}[by]
    margins = y * scores if signed else np.abs(scores)
    return float(np.min(margins) / norm)


@exercise("ch02-margin", number=2, title="find the bugs in a margin", points=2, kind="debug",
          hint="Work out the margin of the line x1 + 2 x2 = 3 (section 1's w~ = (-3, 1, 2)) on two toy "
               "points by hand, then print what each line of the given function computes. Which number is the "
               "bias in the course's layout, and which part of w~ is a direction in the plane (section 3)?")
def _margin(t, margin):
    X, y = _TOY_X, _TOY_Y
    ok = t.check(lambda: margin(_W_LINE, X.copy(), y.copy()), _margin_reference(_W_LINE, X, y),
            call="`margin([-3, 1, 2], X_toy, y_toy)`",
            misconceptions=[Mistake("margin-given", _variant(_W_LINE, X, y, bias_first=False, by="all"),
                                    "the given function unchanged: it reads the bias from the end and divides "
                                    "by the length of the whole w~"),
                            Mistake("margin-by-w-tilde", _variant(_W_LINE, X, y, bias_first=True, by="all"),
                                    "divided by |w~|, bias included: the distance in the plane divides by the "
                                    "length of the normal only"),
                            Mistake("margin-bias-last", _variant(_W_LINE, X, y, bias_first=False, by="normal"),
                                    "the bias read from the end (Turk's layout); the course's w~ starts with it"),
                            Mistake("margin-no-labels", float(np.min(conventions.homogeneous(X) @ _W_LINE)
                                                              / np.linalg.norm(_W_LINE[1:])),
                                    "the labels left out: the smallest signed distance, not the smallest "
                                    "distance counted on each example's own side")])
    w_axis = np.array([0.0, 1.0, 0.0])       # x1 = 0: gets (2, 0), a negative, wrong by 2
    t.check(lambda: margin(w_axis, X.copy(), y.copy()), _margin_reference(w_axis, X, y),
            call="`margin([0, 1, 0], X_toy, y_toy)` (a line that misclassifies a point)",
            misconceptions=[Mistake("margin-unsigned", _variant(w_axis, X, y, bias_first=True, by="normal",
                                                                signed=False),
                                    "the distance without its sign: a misclassified point must give a "
                                    "negative margin")] if ok else [])
    rng = np.random.default_rng(22)
    Xr, yr = rng.normal(size=(9, 3)), np.where(rng.normal(size=9) > 0, 1, -1)
    wr = rng.normal(size=4)
    t.check(lambda: margin(wr, Xr.copy(), yr.copy()), _margin_reference(wr, Xr, yr), atol=1e-9,
            call="`margin(w, X, y)` for random w, X (3 features) and y")


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


# --------------------------------------------------------------------------
# Exercise 4 (predict): the bias that puts p at distance 1, and the foot of the origin
# --------------------------------------------------------------------------
# w = (-6, 8), |w| = 10, p = (3, -1): w . p = -26, so (-26 + b) / 10 = 1 gives b = 36.  The origin scores 36,
# signed distance 3.6; its foot is 0 - 3.6 w / |w| = (2.16, -2.88), which scores -12.96 - 23.04 + 36 = 0.
_W4, _P4, _DIST4 = np.array([-6.0, 8.0]), np.array([3.0, -1.0]), 1.0


def _distance_answers():
    norm = np.linalg.norm(_W4)
    b = _DIST4 * norm - _W4 @ _P4                     # solve (w . p + b) / |w| = 1
    return float(b), (0.0 - b / norm * _W4 / norm)


@exercise("ch02-distance", number=4, title="choose the bias, then find the foot", points=2, kind="predict",
          hint="Write the signed distance of p with b as an unknown and solve. For the foot: how far is the "
               "origin from the line, on which side, and along which direction do you step to reach the line?")
def _distance(t, b_for_p, foot_origin):
    b, foot = _distance_answers()
    norm = np.linalg.norm(_W4)
    t.check(b_for_p, b, call="`b_for_p`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("bias-no-norm", 1.0 - _W4 @ _P4, "the score set to 1 instead of the signed "
                                                                      "distance: divide by a length"),
                            Mistake("bias-wrong-side", -_DIST4 * norm - _W4 @ _P4, "distance 1 on the side w points "
                                                                                  "away from: check the sign"),
                            Mistake("bias-as-threshold", -(_DIST4 * norm - _W4 @ _P4), "the threshold t found instead "
                                                                                        "of the bias b = -t")])
    t.check(lambda: np.asarray(foot_origin, dtype=float), foot, call="`foot_origin`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("foot-wrong-way", -foot, "the step taken in the wrong direction: from which "
                                                             "side of the line does the origin start?"),
                            Mistake("foot-by-norm", -b * _W4 / norm, "stepped by b / |w| along w instead of along "
                                                                     "the unit normal w / |w|")])


# --------------------------------------------------------------------------
# Exercise 5 (predict): swapping the labels but keeping w
# --------------------------------------------------------------------------
# 33 right, 5 strictly wrong, 2 with score 0.  After y -> -y: the 33 are strictly wrong, the 5 right, and the
# 2 still have y * score = 0, a mistake or not according to the course's test at 0.
_AFTER_SWAP = 33 + 0 * 5 + 2 * int(conventions.is_mistake(0.0))


@exercise("ch02-swap", number=5, title="swapping the classes", points=2, kind="predict",
          hint="Go through the three groups of points separately and ask what negating y does to "
               "y times the score in each, with the course's mistake test.")
def _swap(t, n_mistakes_after_swap):
    t.check(n_mistakes_after_swap, _AFTER_SWAP, call="`n_mistakes_after_swap`", reveal=False,
            misconceptions=[Mistake("boundary-fixed-by-swap", 33,
                                    "the two points on the boundary counted as right after the swap: what does "
                                    "the course's test do with y · 0 (section 9)?"),
                            Mistake("all-wrong", 40, "every point counted as a mistake after the swap: follow "
                                                     "the five strictly wrong ones through it"),
                            Mistake("nothing-changes", 7, "the count before the swap: negating y negates "
                                                          "y times the score"),
                            Mistake("only-strict", 5, "only the strictly wrong points counted, before the swap")])
