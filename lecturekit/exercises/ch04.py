"""The checks of chapter 4's exercises (the perceptron).

Each check compares the learner's answer with a value computed independently
of it: lecturekit's own perceptron (``lk.perceptron``, which the chapter
checks against the literal loop and scikit-learn), a small reference loop
written here, or a hand computation noted beside it.  Predict and explain
answers are never shown (``reveal=False``).
"""

from __future__ import annotations

import warnings

import numpy as np

from .. import datasets
from ..linear import centroid_classifier
from ..perceptron import perceptron
from ..results import ConvergenceWarning
from ..theory import is_separable
from . import Mistake, exercise

_TOY = datasets.toy()


def _homogeneous(X):
    X = np.asarray(X, dtype=float)
    return np.hstack([np.ones((X.shape[0], 1)), X])


def _one_epoch(X, y, eta, w0):
    """What one epoch of Alg. 7.1 gives: lecturekit's perceptron stopped after one epoch."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        r = perceptron(X, y, eta=eta, w0=w0, max_epochs=1)
    return r.w, int(r.n_updates)


# --------------------------------------------------------------------------
# Exercise 1 (reproduce): the update step
# --------------------------------------------------------------------------

_UPDATE_STRICT = "`<` instead of `<=`: a point on the boundary (and w = 0) is not a mistake"


@exercise("ch04-update", number=1, title="the update step", points=2, kind="reproduce",
          hint="Alg. 7.1, lines 6-7: first decide whether `(x_i, y_i)` is a mistake (what does a score of "
               "exactly 0 count as?), then build the new weights as a new array.")
def _update(t, perceptron_update):
    x = np.array([1.0, 2.0, 1.0])
    # from w = 0 every example is a mistake, positive or negative
    t.check(lambda: perceptron_update(np.zeros(3), x.copy(), 1, 0.5), [0.5, 1.0, 0.5],
            call="`perceptron_update(np.zeros(3), [1, 2, 1], y_i=1, eta=0.5)`",
            misconceptions=[Mistake("strict-test", [0.0, 0.0, 0.0], _UPDATE_STRICT),
                            Mistake("eta-ignored", [1.0, 2.0, 1.0], "the learning rate is ignored")])
    t.check(lambda: perceptron_update(np.zeros(3), x.copy(), -1, 1.0), [-1.0, -2.0, -1.0],
            call="`perceptron_update(np.zeros(3), [1, 2, 1], y_i=-1, eta=1.0)`",
            misconceptions=[Mistake("label-forgotten-update", [1.0, 2.0, 1.0],
                                    "the label is forgotten in the update (always moves towards x_i)")])
    # a correctly classified example leaves w alone
    t.check(lambda: perceptron_update(np.array([0.0, 1.0, 0.0]), x.copy(), 1, 1.0), [0.0, 1.0, 0.0],
            call="`perceptron_update([0, 1, 0], [1, 2, 1], y_i=1, eta=1.0)`",
            misconceptions=[Mistake("update-always", [1.0, 3.0, 1.0],
                                    "the update is applied to correctly classified points too")])
    # a negative example with a positive score is a mistake
    t.check(lambda: perceptron_update(np.array([0.0, 1.0, 0.0]), x.copy(), -1, 1.0), [-1.0, -1.0, -1.0],
            call="`perceptron_update([0, 1, 0], [1, 2, 1], y_i=-1, eta=1.0)`",
            misconceptions=[Mistake("label-forgotten-test", [0.0, 1.0, 0.0],
                                    "the label is forgotten in the mistake test (tests w . x <= 0)")])
    # a point on the boundary is a mistake: (1, -1, 0) . (1, 1, 5) = 0
    t.check(lambda: perceptron_update(np.array([1.0, -1.0, 0.0]), np.array([1.0, 1.0, 5.0]), -1, 0.5),
            [0.5, -1.5, -2.5], call="`perceptron_update([1, -1, 0], [1, 1, 5], y_i=-1, eta=0.5)`",
            misconceptions=[Mistake("strict-test", [1.0, -1.0, 0.0], _UPDATE_STRICT)])

    # the caller's w must not change
    def callers_w():
        w = np.zeros(3)
        perceptron_update(w, x.copy(), 1, 0.5)
        return w

    t.check(callers_w, [0.0, 0.0, 0.0],
            call="the caller's `w = np.zeros(3)` after `perceptron_update(w, [1, 2, 1], 1, 0.5)`",
            misconceptions=[Mistake("in-place", [0.5, 1.0, 0.5],
                                    "w is updated in place, so the caller's array changes")])


# --------------------------------------------------------------------------
# Exercise 2 (debug): one epoch, with two bugs to find
# --------------------------------------------------------------------------

_EPOCH_PREDICT = ("the mistake test compares the prediction with the label: with predict(0) = -1 a negative "
                  "example on the boundary is skipped, though y_i w.x_i = 0 is a mistake")
_EPOCH_IN_PLACE = "`w +=` changes the caller's array in place; build a new array instead"
_EPOCH_STRICT = "`<` instead of `<=`: from w = 0 nothing is ever updated"


@exercise("ch04-epoch", number=2, title="one epoch, debugged", points=3, kind="debug",
          hint="Run the given function on the toy set in reverse order from w = 0, by hand and with "
               "`lk.perceptron(..., max_epochs=1)`, and compare the first example's test; then look at "
               "the caller's array after a call.")
def _epoch(t, perceptron_epoch):
    X, y = _TOY
    Xh = _homogeneous(X)
    # the toy set in its own order: the given (buggy) function gets this one right
    t.check(lambda: perceptron_epoch(np.zeros(3), Xh.copy(), y.copy(), 1.0), _one_epoch(X, y, 1.0, None),
            call="`perceptron_epoch(np.zeros(3), Xh_toy, y_toy, 1.0)`",
            misconceptions=[Mistake("strict-test", ([0.0, 0.0, 0.0], 0), _EPOCH_STRICT)])
    # reversed: the first example, (2, 0) with y = -1, scores 0 at w = 0 and is a mistake
    Xr, yr = X[::-1].copy(), y[::-1].copy()
    t.check(lambda: perceptron_epoch(np.zeros(3), _homogeneous(Xr), yr.copy(), 1.0), _one_epoch(Xr, yr, 1.0, None),
            call="`perceptron_epoch(np.zeros(3), Xh_toy[::-1], y_toy[::-1], 1.0)`",
            misconceptions=[Mistake("predict-test", ([1.0, 3.0, 1.0], 1), _EPOCH_PREDICT),
                            Mistake("strict-test", ([0.0, 0.0, 0.0], 0), _EPOCH_STRICT)])
    # a larger set, eta = 0.5, from the basic linear classifier
    Xu, yu = datasets.unbalanced(40, 20, seed=0)
    w_blc = centroid_classifier(Xu, yu).w
    t.check(lambda: perceptron_epoch(w_blc.copy(), _homogeneous(Xu), yu.copy(), 0.5), _one_epoch(Xu, yu, 0.5, w_blc),
            call="`perceptron_epoch(w_blc, Xh_unbalanced, y_unbalanced, 0.5)`")

    def callers_w():
        w = np.zeros(3)
        perceptron_epoch(w, Xh.copy(), y.copy(), 1.0)
        return w

    t.check(callers_w, [0.0, 0.0, 0.0],
            call="the caller's `w = np.zeros(3)` after `perceptron_epoch(w, Xh_toy, y_toy, 1.0)`",
            misconceptions=[Mistake("in-place", [0.0, -2.0, 3.0], _EPOCH_IN_PLACE)])


# --------------------------------------------------------------------------
# Exercise 3 (extend): a margin perceptron
# --------------------------------------------------------------------------

def margin_perceptron_reference(Xh, y, tau, max_epochs):
    """The margin perceptron written out once more, independently of the learner's: update
    when ``y_i w.x_i <= tau``; stop after an epoch without updates or after max_epochs."""
    w, n_updates = np.zeros(Xh.shape[1]), 0
    for _ in range(max_epochs):
        clean = True
        for x_i, y_i in zip(Xh, y):
            if y_i * (w @ x_i) <= tau:
                w = w + y_i * x_i
                n_updates += 1
                clean = False
        if clean:
            break
    return w, n_updates


_MARGIN_STRICT = "`< tau` instead of `<= tau`: a score of exactly tau (0 at the start) is not treated as too small"
_MARGIN_TAU = "tau is ignored: this is the plain perceptron, which stops at the first separating w"
_MARGIN_ONE_EPOCH = "one epoch only: the loop must repeat until an epoch makes no update"


@exercise("ch04-margin-perceptron", number=3, title="a margin perceptron", points=3, kind="extend",
          hint="Start from the loop of section 1 and change only the test of line 6; keep counting updates "
               "and keep the stopping rule (an epoch without updates, or max_epochs).")
def _margin_perceptron(t, margin_perceptron):
    X, y = _TOY
    Xh = _homogeneous(X)
    # tau = 0 is Alg. 7.1: compare with lecturekit's perceptron
    plain = perceptron(X, y)
    t.check(lambda: margin_perceptron(Xh.copy(), y.copy(), 0.0, 100), (plain.w, int(plain.n_updates)),
            call="`margin_perceptron(Xh_toy, y_toy, tau=0.0, max_epochs=100)`",
            misconceptions=[Mistake("strict-test", ([0.0, 0.0, 0.0], 0), _MARGIN_STRICT),
                            Mistake("one-epoch", ([0.0, -2.0, 3.0], 2), _MARGIN_ONE_EPOCH)])
    # tau = 3 on the toy set (19 updates, every margin > 3 at the end)
    t.check(lambda: margin_perceptron(Xh.copy(), y.copy(), 3.0, 100), margin_perceptron_reference(Xh, y, 3.0, 100),
            call="`margin_perceptron(Xh_toy, y_toy, tau=3.0, max_epochs=100)`",
            misconceptions=[Mistake("strict-test", ([-2.0, -1.0, 8.0], 14), _MARGIN_STRICT),
                            Mistake("tau-ignored", ([0.0, -1.0, 4.0], 4), _MARGIN_TAU),
                            Mistake("one-epoch", ([0.0, -2.0, 3.0], 2), _MARGIN_ONE_EPOCH)])
    # a larger set
    Xu, yu = datasets.unbalanced(40, 20, seed=0)
    Xuh = _homogeneous(Xu)
    t.check(lambda: margin_perceptron(Xuh.copy(), yu.copy(), 1.0, 200), margin_perceptron_reference(Xuh, yu, 1.0, 200),
            call="`margin_perceptron(Xh_unbalanced, y_unbalanced, tau=1.0, max_epochs=200)`", atol=1e-7)
    # not separable: max_epochs stops it
    Xx, yx = datasets.xor()
    Xxh = _homogeneous(Xx)
    t.check(lambda: margin_perceptron(Xxh.copy(), yx.copy(), 0.5, 7), margin_perceptron_reference(Xxh, yx, 0.5, 7),
            call="`margin_perceptron(Xh_xor, y_xor, tau=0.5, max_epochs=7)`")


# --------------------------------------------------------------------------
# Exercise 4 (predict): a run by hand
# --------------------------------------------------------------------------

_PREDICT_X = np.array([[-2.0, -2.0], [-2.0, 0.0], [2.0, 1.0]])
_PREDICT_Y = np.array([-1, 1, 1])


@exercise("ch04-predict", number=4, title="predict a run by hand", points=3, kind="predict",
          hint="Write a table with one row per example tested: the epoch, the example, the current w, "
               "its score and whether it is a mistake. Update w at once, before the next row.")
def _predict(t, updates_by_hand, w_by_hand):
    run = perceptron(_PREDICT_X, _PREDICT_Y)   # by hand in tests/test_chapter_04.py
    t.check(lambda: [int(i) for i in updates_by_hand], run.trace.index.tolist(), call="`updates_by_hand`",
            reveal=False,
            misconceptions=[Mistake("strict-test", [], "`< 0` instead of `<= 0`: from w = 0 no score is negative, "
                                                       "so nothing is ever updated"),
                            Mistake("predict-test", [1, 2],
                                    "updating only when the prediction is wrong: with predict(0) = -1 the negative "
                                    "example 0 on the boundary is skipped, though y w.x = 0 is a mistake"),
                            Mistake("batch", [0, 1, 2, 1], "judging a whole epoch with the w it started with "
                                                           "(batch) instead of updating after each example"),
                            Mistake("no-bias", [0, 1, 1, 2, 1, 2, 1, 2, 1],
                                    "forgetting the leading 1 of x: without a bias the run goes differently"),
                            Mistake("zero-is-fine", [0, 1],
                                    "a score of exactly 0 later in the run counted as correct, or the loop stopped "
                                    "after one epoch: y w.x = 0 is a mistake, and the loop runs until an epoch "
                                    "has none")])
    t.check(lambda: np.asarray(w_by_hand, dtype=float), run.w, call="`w_by_hand`", reveal=False,
            misconceptions=[Mistake("no-bias", [-2.0, 5.0],  # the run on (x1, x2) without the 1, by hand
                                    "forgetting the leading 1 of x: without a bias entry w has two numbers "
                                    "and the run goes differently")])


# --------------------------------------------------------------------------
# Exercise 5 (construct): a weight vector with a large margin
# --------------------------------------------------------------------------

_MARGIN_X = np.array([[1.0, 3.0], [3.0, 1.0], [3.0, 3.0], [-1.0, -1.0], [0.0, -2.0], [-2.0, 0.0]])
_MARGIN_Y = np.array([1, 1, 1, -1, -1, -1])


@exercise("ch04-margin", number=5, title="construct a weight vector with a large margin", points=3,
          kind="construct",
          hint="Find the points of each class closest to the other class; a line with a wide margin runs "
               "parallel to them, halfway between.")
def _margin(t, w_margin):
    w = np.asarray(w_margin, dtype=float)
    t.check(list(w.shape), [3], call="`np.shape(w_margin)`",
            misconceptions=[Mistake("no-bias", [2], "the bias w0 is left out: w needs three numbers (w0, w1, w2)")])
    if w.shape != (3,):
        return
    scores = _MARGIN_Y * (_MARGIN_X @ w[1:] + w[0])
    t.check(np.sign(scores), np.ones(6), call="sign(y_i (w . (1, x_i))) for the six points",
            misconceptions=[Mistake("flipped", -np.ones(6), "the sign is flipped: w points towards the negatives")])
    length = float(np.hypot(w[1], w[2]))
    gamma = float(np.min(scores)) / length if length > 0 else float("nan")
    t.check("at least 2" if gamma >= 2 - 1e-9 else round(gamma, 4), "at least 2",
            call="the margin min_i y_i (w . x_i + b) / |w| of `w_margin`",
            misconceptions=[Mistake("perceptron-w", 0.3162, "the perceptron's own w: it stops at the first "
                                                            "separating line, whose margin is 0.32"),
                            Mistake("through-origin", 1.4142, "b = 0: the line x1 + x2 = 0 through the origin is "
                                                              "closer to the negatives"),
                            Mistake("bias-sign", 0.7071, "b = +1 instead of -1: the line x1 + x2 = -1 passes too "
                                                         "close to the negatives")])


# --------------------------------------------------------------------------
# Exercise 6 (construct): four points that need many updates
# --------------------------------------------------------------------------

_SLOW_NOT_SEPARABLE = ("the points are not linearly separable (like XOR): the perceptron never converges, "
                       "so it does not 'need' updates, it cycles")
_SLOW_FEW = ("the classes are far apart compared with the points' distance from the origin: "
             "a wide gap is found in a few updates")
_SLOW_LABELS = "labels 0/1 instead of -1/+1"


@exercise("ch04-slow", number=6, title="four points that need many updates", points=3, kind="construct",
          hint="Look back at the toy run: which examples caused more than one update, and where do they lie "
               "compared with the other class and with the origin? Exaggerate that.")
def _slow(t, X_slow, y_slow):
    X = np.asarray(X_slow, dtype=float)
    y = np.asarray(y_slow)
    if not t.check(list(X.shape), [4, 2], call="`np.shape(X_slow)`"):
        return
    if not t.check(sorted(set(np.asarray(y).tolist())), [-1, 1], call="the labels in `y_slow`",
                   misconceptions=[Mistake("labels-01", [0, 1], _SLOW_LABELS)]):
        return
    y = y.astype(int)
    separable = bool(is_separable(X, y))
    t.check_true(separable, what="the four points are linearly separable",
                 mistake=Mistake("not-separable", None, _SLOW_NOT_SEPARABLE))
    if not separable:
        return
    r = perceptron(X, y, max_epochs=100_000)
    t.check_true(r.converged and r.n_updates >= 10,
                 what=f"Alg. 7.1 from w = 0 with eta = 1, in the order given, needs at least 10 updates "
                      f"(it needs {r.n_updates})",
                 mistake=Mistake("too-few", None, _SLOW_FEW))


# --------------------------------------------------------------------------
# Exercise 7 (explain): which run draws the same boundaries
# --------------------------------------------------------------------------

@exercise("ch04-scale", number=7, title="which run draws the same boundaries?", points=2, kind="explain",
          hint="Section 6: a run is decided by one vector computed from its start and its rate. Compute it "
               "for Alice's run and for each option.")
def _scale(t, answer_scale):
    # Alice: w0/eta = (1, 2, -1)/0.5 = (2, 4, -2).  a: (2, 4, -2)/1.  b: (1, 2, -1)/1.  c: (0.5, 1, -0.5)/0.5.
    t.check(lambda: str(answer_scale).strip().lower(), "a", call="`answer_scale`", reveal=False,
            misconceptions=[Mistake("eta-never-matters", "b",
                                    "thinking η never matters: it cancels only from w = 0; from another start it "
                                    "sets how long the start is compared with each step"),
                            Mistake("same-eta", "c",
                                    "thinking the same η and a start of the same direction give the same "
                                    "boundaries: what must agree is w0 / η, and the starts' lengths differ"),
                            Mistake("start-decides", "d",
                                    "thinking the start alone decides the boundaries: the run depends on the "
                                    "start and η only through w0 / η")])


# --------------------------------------------------------------------------
# Exercise 8 (explain): what leaves the run unchanged
# --------------------------------------------------------------------------

def _letters(answer):
    if not isinstance(answer, str):
        raise TypeError(f"answer_invariant must be a string of letters such as 'ac'; got {type(answer).__name__}")
    return "".join(sorted(set(answer.lower()) - set(" ,;")))


@exercise("ch04-invariance", number=8, title="what leaves the run unchanged?", points=2, kind="explain",
          hint="For each change, follow the first two updates from w = 0 symbolically: does every test "
               "y_i w.x_i keep its value, or at least its sign? Section 8 says what the loop reads of the data.")
def _invariance(t, answer_invariant):
    t.check(lambda: _letters(answer_invariant), "bde", call="`answer_invariant`", reveal=False,
            misconceptions=[Mistake("scaling-harmless", "abde",
                                    "multiplying the raw features by 10 is not harmless: the leading 1 of x is not "
                                    "multiplied, so the bias's share of every score changes"),
                            Mistake("shift-harmless", "bcde",
                                    "shifting every point changes the dot products between the examples (the "
                                    "leading 1 stays where it is), and with them the run"),
                            Mistake("labels-matter", "be",
                                    "swapping every label negates every update, so every w becomes -w and every "
                                    "y_i w.x_i keeps its value"),
                            Mistake("eta-matters-from-zero", "bd",
                                    "from w = 0 the rate only rescales every w (section 6)"),
                            Mistake("rotation-matters", "de",
                                    "a rotation about the origin keeps every dot product x_i . x_j, and the "
                                    "dual loop of section 8 reads nothing else")])
