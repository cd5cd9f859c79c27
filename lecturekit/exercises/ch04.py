"""The checks of chapter 4's exercises (the perceptron).

Each check compares the learner's answer with a value computed independently
of it, or tests a property the answer must have: lecturekit's own perceptron
(``lk.perceptron``, which the chapter checks against the literal loop and
scikit-learn), an exact rational run, or a hand computation noted beside it.
Where the answer is code (Exercises 2 and 3), the check compares with outputs
stored as data, and so do the catalogued wrong answers of Exercise 3; the
reference loops that produce them are kept in tests/test_chapter_04.py, which
recomputes every stored value.  The only loops in this module are the exact
runs the checks use to judge an answer and the learner's wrong variants of
Exercise 2, each of which fails that exercise.  Predict and explain answers
are never shown (``reveal=False``).
"""

from __future__ import annotations

import warnings
from fractions import Fraction
from itertools import permutations

import numpy as np

from .. import conventions, datasets
from ..linear import centroid_classifier
from ..perceptron import perceptron
from ..results import ConvergenceWarning
from ..theory import is_separable
from . import Mistake, exercise

_TOY = datasets.toy()


def _homogeneous(X):
    X = np.asarray(X, dtype=float)
    return np.hstack([np.ones((X.shape[0], 1)), X])


def _fraction(v) -> Fraction:
    """A number as the learner typed it: the exact fraction of its shortest decimal (0.1 -> 1/10)."""
    return Fraction(repr(float(v)))


def _exact_run(X, y, max_epochs=200, *, tie_is_mistake=True):
    """Alg. 7.1 from w = 0, eta = 1, in exact rational arithmetic on the decimal readings of X:
    the examples that trigger the updates, in order, and whether an epoch ended without a mistake.
    ``tie_is_mistake=False`` runs a learner's wrong rule instead: a score of exactly 0 counts as correct
    once w is no longer 0 (the feedback names that slip)."""
    rows = [[Fraction(1)] + [_fraction(v) for v in x] for x in np.asarray(X, dtype=float)]
    w = [Fraction(0)] * len(rows[0])
    updates = []
    for _ in range(max_epochs):
        clean = True
        for i, (x, y_i) in enumerate(zip(rows, y)):
            margin = int(y_i) * sum(a * b for a, b in zip(w, x))
            if conventions.is_mistake(margin) and (tie_is_mistake or margin < 0 or not any(w)):
                w = [a + int(y_i) * b for a, b in zip(w, x)]
                updates.append(i)
                clean = False
        if clean:
            return updates, True
    return updates, False


# --------------------------------------------------------------------------
# Exercise 1 (construct): an example that needs exactly two updates
# --------------------------------------------------------------------------

_TWO_UPDATES_WRONG = ("from your `w_start` the example does not need exactly two updates. Compute its functional "
                      "margin y w~ · x~ under `w_start` (the leading 1 included), what one update adds to it (§4), "
                      "and the margin after each of the first two updates; a margin of exactly 0 is a mistake")


@exercise("ch04-two-updates", number=1, title="exactly two updates on one example", points=2, kind="construct",
          hint="What does one update on this example add to its functional margin y w~ · x~ (§4, the leading 1 "
               "included)? How far below 0 must the margin start so that one such step is not enough but two are?")
def _two_updates(t, w_start, x_one, y_one):
    w, x = np.asarray(w_start, dtype=float), np.asarray(x_one, dtype=float)
    if not t.check_true(w.shape == (3,) and x.shape == (2,) and bool(np.all(np.isfinite(w)) and np.all(np.isfinite(x))),
                        what=f"`w_start` holds three numbers (w0, w1, w2) and `x_one` two; got shapes {w.shape} "
                             f"and {x.shape}"):
        return
    if not t.check_true(y_one in (conventions.NEGATIVE, conventions.POSITIVE), what="`y_one` is -1 or +1"):
        return
    xh = [Fraction(1)] + [_fraction(v) for v in x]
    margin = int(y_one) * sum(_fraction(a) * b for a, b in zip(w, xh))
    gain = sum(b * b for b in xh)
    # One verdict and one message for every start that fails: a message that said whether the example is
    # fixed too early or too late would tell the learner which way to move w_start.
    needs_two = (conventions.is_mistake(margin) and conventions.is_mistake(margin + gain)
                 and not conventions.is_mistake(margin + 2 * gain))
    # A plain failure, not a catalogued Mistake: the same text goes to every start that fails.
    t.check_true(bool(needs_two),
                 what="the example is a mistake under `w_start`, still a mistake after one update, and "
                      "classified correctly after the second (η = 1); " + _TWO_UPDATES_WRONG)


# --------------------------------------------------------------------------
# Exercise 2 (debug): a perceptron that shuffles every epoch
# --------------------------------------------------------------------------

# What a correct `perceptron_shuffled` returns on the check's two fixed probes: Alg. 7.1 from w = 0, eta = 1,
# visiting the examples in a new order rng.permutation(n) of rng = np.random.default_rng(seed) each epoch, as
# (w, epochs). Stored as data so that this module holds no solution; tests/test_chapter_04.py recomputes both
# from a reference loop of its own.
SHUFFLED_EXPECTED = {
    "toy, max_epochs=50, seed=1": (np.array([-2.0, 0.0, 6.0]), 5),
    "separable(20, seed=5), max_epochs=200, seed=3": (np.array([0.0, -1.0303052163568973, -2.3454983309303405]), 4),
}


def _classmate_loop(X, y, max_epochs, seed, *, shuffle_labels):
    """The classmate's loop, run on copies: examples visited in ``Xh[order]`` but zipped with ``y``.

    With ``shuffle_labels`` the labels are also permuted by a second permutation of their own
    (``rng.shuffle(y)``, the code as given); without it, that line is deleted, the likely partial
    fix (examples permuted, labels not).
    """
    rng = np.random.default_rng(seed)
    Xh, y = _homogeneous(X), np.array(y)
    w, epoch = np.zeros(Xh.shape[1]), 0
    for epoch in range(1, max_epochs + 1):
        order = rng.permutation(len(y))
        if shuffle_labels:
            rng.shuffle(y)
        mistakes = 0
        for x_i, y_i in zip(Xh[order], y):
            if y_i * (w @ x_i) <= 0:
                w, mistakes = w + y_i * x_i, mistakes + 1
        if mistakes == 0:
            break
    return w, epoch


def _shuffled_given(X, y, max_epochs, seed):
    """The classmate's code as given (labels shuffled separately from the examples)."""
    return _classmate_loop(X, y, max_epochs, seed, shuffle_labels=True)


def _shuffled_labels_unpermuted(X, y, max_epochs, seed):
    """The likely partial fix: ``rng.shuffle(y)`` deleted, ``zip(Xh[order], y)`` kept."""
    return _classmate_loop(X, y, max_epochs, seed, shuffle_labels=False)


def _shuffled_once(X, y, max_epochs, seed):
    """One permutation drawn before the loop and used in every epoch."""
    order = np.random.default_rng(seed).permutation(len(y))
    r = _quiet_perceptron(np.asarray(X, dtype=float)[order], np.asarray(y)[order], max_epochs)
    return r.w, int(r.epochs)


def _in_order(X, y, max_epochs):
    r = _quiet_perceptron(X, y, max_epochs)
    return r.w, int(r.epochs)


def _quiet_perceptron(X, y, max_epochs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return perceptron(X, y, max_epochs=max_epochs)


# What a wrong answer that still has one of the given code's faults gets is what the hint's prints would show
# (the symptom), never which line is wrong: a learner who edits without debugging reads no diagnosis off it.
_SHUFFLED_DETACHED = ("printed in the first two epochs, the labels your loop uses differ from the labels of the "
                      "examples it visits, and differ again in the next epoch: print each visited example beside "
                      "the label used with it and find where that label comes from")
_SHUFFLED_UNPERMUTED = ("printed in the first epoch, some labels your loop uses are not the labels of the examples "
                        "it visits with them: print each visited example beside the label used with it")
_SHUFFLED_IN_PLACE = ("after the call the caller's `y` is in another order than before it (print `y` before and "
                      "after the call)")


@exercise("ch04-shuffled", number=2, title="a shuffled perceptron, debugged", points=3, kind="debug",
          hint="Debug with prints: in the first epoch, print each example the loop visits next to the label it uses "
               "with it, and compare with the data; print the arguments before and after a call too.")
def _shuffled(t, perceptron_shuffled):
    X, y = _TOY
    given = _shuffled_given(X, y, 50, 1)
    # The code exactly as given (both bugs: it returns the given code's weights *and* changes the caller's y)
    # gets its symptom on the toy set and the hint, not the names of its bugs: finding them is the exercise.
    # Changed code that still has one of the bugs gets that bug's name. `check` calls `got` before it reads
    # `misconceptions`, so the first probe's list is filled in while the learner's function runs.
    toy_mistakes, seen = [], {}

    def toy_run():
        y_call = y.copy()
        out = perceptron_shuffled(X.copy(), y_call, 50, 1)
        seen["changes_y"] = not np.array_equal(y_call, y)
        seen["as_given"] = seen["changes_y"] and _returned(out, given)
        if not seen["as_given"]:
            toy_mistakes.extend([Mistake("shuffled-detached", given, _SHUFFLED_DETACHED),
                                 Mistake("shuffled-unpermuted-labels", _shuffled_labels_unpermuted(X, y, 50, 1),
                                         _SHUFFLED_UNPERMUTED)])
        return out

    t.check(toy_run, SHUFFLED_EXPECTED["toy, max_epochs=50, seed=1"],
            call="`perceptron_shuffled(X_toy, y_toy, max_epochs=50, seed=1)`", reveal=False,
            misconceptions=toy_mistakes)
    if seen.get("as_given"):
        return  # the symptoms above are the whole report: the probes below would name the bugs
    Xs, ys = datasets.separable(20, seed=5)
    named = [
        Mistake("shuffled-detached", _shuffled_given(Xs, ys, 200, 3), _SHUFFLED_DETACHED),
        Mistake("shuffled-unpermuted-labels", _shuffled_labels_unpermuted(Xs, ys, 200, 3), _SHUFFLED_UNPERMUTED),
        Mistake("shuffled-once", _shuffled_once(Xs, ys, 200, 3),
                "one permutation for every epoch: the order must be drawn anew each epoch"),
        Mistake("shuffled-not-at-all", _in_order(Xs, ys, 200),
                "the examples visited in their own order: the permutation is never used")]
    t.check(lambda: perceptron_shuffled(Xs.copy(), ys.copy(), 200, 3),
            SHUFFLED_EXPECTED["separable(20, seed=5), max_epochs=200, seed=3"],
            call="`perceptron_shuffled(X, y, max_epochs=200, seed=3)` on 20 separable points", reveal=False,
            misconceptions=named)

    def callers_y_kept():
        y_call = y.copy()
        perceptron_shuffled(X.copy(), y_call, 5, 1)
        return bool(np.array_equal(y_call, y))

    t.check(callers_y_kept, True, call="the caller's `y` is unchanged after `perceptron_shuffled(X_toy, y, 5, 1)`",
            misconceptions=[Mistake("shuffled-in-place", False, _SHUFFLED_IN_PLACE)])


def _returned(out, expected) -> bool:
    """Whether a learner's (w, epochs) is ``expected`` (False for anything of another form)."""
    try:
        w, epochs = out
        return bool(np.array_equal(np.asarray(w, dtype=float), expected[0]) and int(epochs) == expected[1])
    except (TypeError, ValueError):
        return False


# --------------------------------------------------------------------------
# Exercise 3 (extend): the pocket algorithm
# --------------------------------------------------------------------------

# What a correct `pocket_perceptron` returns on the check's three fixed probes: Alg. 7.1 from w = 0, eta = 1,
# keeping the weights with strictly fewest training mistakes (y_i w . x_i <= 0) seen after an update, the pocket
# starting at w = 0 with n mistakes, as (w, mistakes). Stored as data so that this module holds no solution;
# tests/test_chapter_04.py recomputes all three from a reference loop of its own.
POCKET_EXPECTED = {
    "noisy(60, flip=0.15, seed=0), max_epochs=20": (np.array([-1.0, 1.3197531357485974, -1.2036374675273085]), 9),
    "xor, max_epochs=7": (np.array([1.0, -1.0, 1.0]), 1),
    "toy, max_epochs=100": (np.array([0.0, -1.0, 4.0]), 0),
}


# What four wrong pocket loops return on the probes (the last weights of the run; a tie replacing the pocket;
# mistakes counted with < 0; the pocket and the running w as one array updated in place), stored as data like
# POCKET_EXPECTED and recomputed by tests/test_chapter_04.py from wrong loops of its own.
POCKET_MISTAKES = {
    "pocket-last": (np.array([-2.0, -0.22985218773158378, -0.12650364103507417]), 17),
    "pocket-ties": (np.array([-1.0, 1.345043402787506, -0.9012716884533565]), 9),
    "pocket-strict-count": (np.array([-1.0, 1.3197531357485974, -1.2036374675273085]), 9),
    "pocket-aliased": (np.array([-2.0, -0.22985218773158378, -0.12650364103507417]), 9),
    "pocket-strict-count, xor": (np.array([0.0, 0.0, 0.0]), 0),
}


@exercise("ch04-pocket", number=3, title="keep the best weights in your pocket", points=3, kind="extend",
          hint="After every update count the examples with y_i w · x_i <= 0 over the whole training set, and "
               "compare with the pocket's count before you replace it. Does the pocket still hold the same numbers "
               "after the next update changes w?")
def _pocket(t, pocket_perceptron):
    Xn, yn = datasets.noisy(60, flip=0.15, seed=0)
    Xnh = _homogeneous(Xn)
    t.check(lambda: pocket_perceptron(Xnh.copy(), yn.copy(), 20), POCKET_EXPECTED["noisy(60, flip=0.15, seed=0), max_epochs=20"],
            call="`pocket_perceptron(Xh, y, max_epochs=20)` on 60 noisy points (seed 0)", reveal=False,
            misconceptions=[Mistake("pocket-last", POCKET_MISTAKES["pocket-last"],
                                    "the last weights of the run returned: the pocket must keep the best ones"),
                            Mistake("pocket-ties", POCKET_MISTAKES["pocket-ties"],
                                    "a weight vector with as many mistakes as the pocket's replaces it: only "
                                    "strictly fewer mistakes earn the pocket"),
                            Mistake("pocket-strict-count", POCKET_MISTAKES["pocket-strict-count"],
                                    "mistakes counted with < 0: a point on the boundary is a mistake too"),
                            # two slips return the same numbers (the run's last weights with the pocket's
                            # count), so the message names both
                            Mistake("pocket-aliased", POCKET_MISTAKES["pocket-aliased"],
                                    "the run's last weights returned with the pocket's count: either the pocket "
                                    "and the running w are one array (an update in place, `w += ...`, moves the "
                                    "pocket too), or the return statement names the running w instead of the "
                                    "pocket's weights")])
    Xx, yx = datasets.xor()
    Xxh = _homogeneous(Xx)
    t.check(lambda: pocket_perceptron(Xxh.copy(), yx.copy(), 7), POCKET_EXPECTED["xor, max_epochs=7"],
            call="`pocket_perceptron(Xh_xor, y_xor, max_epochs=7)`", reveal=False,
            misconceptions=[Mistake("pocket-strict-count", POCKET_MISTAKES["pocket-strict-count, xor"],
                                    "mistakes counted with < 0: a point on the boundary is a mistake too")])
    X, y = _TOY
    Xh = _homogeneous(X)
    t.check(lambda: pocket_perceptron(Xh.copy(), y.copy(), 100), POCKET_EXPECTED["toy, max_epochs=100"],
            call="`pocket_perceptron(Xh_toy, y_toy, max_epochs=100)` (separable: the pocket ends with no mistake)",
            reveal=False)


# --------------------------------------------------------------------------
# Exercise 4 (construct): data for a given run
# --------------------------------------------------------------------------

_RUN = [0, 1, 2, 1]
_RUN_Y = [conventions.POSITIVE, conventions.NEGATIVE, conventions.POSITIVE]


_RUN_REUSED = ("two or more of your points are points of a set the chapter shows, with the label they have there, "
               "or all three lie close to such points: the exercise asks for points you construct; trace a "
               "candidate of your own as in §2")


def _reuses(X, y, X_ref, y_ref) -> bool:
    """Whether the labelled points X, y reuse X_ref, y_ref where they are, labels kept: two or more of them are
    points of X_ref with the label there, or every one lies within a tenth of X_ref's diameter of a reference
    point of its label."""
    X_ref, y_ref = np.asarray(X_ref, dtype=float), np.asarray(y_ref)
    diameter = max(float(np.linalg.norm(a - b)) for a in X_ref for b in X_ref)
    nearest = []
    for x_i, y_i in zip(X, y):
        same = [x_r for x_r, y_r in zip(X_ref, y_ref) if y_r == y_i]
        nearest.append(min((float(np.linalg.norm(x_i - x_r)) for x_r in same), default=np.inf))
    return sum(d == 0 for d in nearest) >= 2 or max(nearest) <= 0.1 * diameter


@exercise("ch04-run", number=4, title="data for a given run", points=3, kind="construct",
          hint="Start at w = 0: example 0 is updated whatever it is. Write w after each update as a sum of "
               "±x~_i and ask what each next score must be: <= 0 for an update, > 0 for none.")
def _run(t, X_run, y_run):
    X, y = np.asarray(X_run, dtype=float), np.asarray(y_run)
    if not t.check_true(X.shape == (3, 2) and bool(np.all(np.isfinite(X))),
                        what=f"`X_run` holds three points in the plane, shape (3, 2); got shape {X.shape}"):
        return
    if not t.check_true(y.shape == (3,) and y.tolist() == _RUN_Y, what="`y_run` is [1, -1, 1]"):
        return
    if not t.check_true(not any(_reuses(X, y, X_ref, y_ref) for X_ref, y_ref in _chapter_sets()),
                        what="the three points are points of your own, not points of a set the chapter shows",
                        mistake=Mistake("run-chapter-points", None, _RUN_REUSED)):
        return
    updates, converged = _exact_run(X, y)
    mistake = None
    if not converged and not is_separable(X, y):
        mistake = Mistake("run-not-separable", None, "these three points with these labels are not linearly "
                                                     "separable, so no run on them ever ends")
    elif _exact_run(X, y, tie_is_mistake=False) == (_RUN, True):
        mistake = Mistake("run-tie-correct", None, "a score of exactly 0 counted as correct once w is not 0: "
                                                   "the test y w · x <= 0 makes it a mistake at any w")
    t.check_true(converged and updates == _RUN,
                 what=f"Alg. 7.1 updates on examples {updates[:12]}{' ...' if len(updates) > 12 else ''}"
                      f"{' and then converges' if converged else ' without converging'}; the run asked for updates "
                      f"on {_RUN} and then an epoch without a mistake", mistake=mistake)


# --------------------------------------------------------------------------
# Exercise 5 (construct): a weight vector with a large margin
# --------------------------------------------------------------------------

_MARGIN_X = np.array([[1.0, 3.0], [3.0, 1.0], [3.0, 3.0], [-1.0, -1.0], [0.0, -2.0], [-2.0, 0.0]])
_MARGIN_Y = np.array([1, 1, 1, -1, -1, -1])
_PERCEPTRON_W = np.array([1.0, 1.0, 3.0])   # the perceptron from 0 on these points: one update, on (1, 3)


def _margin_reaches_2(w):
    """min_i y_i (w . (1, x_i)) / |(w1, w2)| >= 2, in exact arithmetic on the numbers as typed: every score is
    >= 0 and the smallest squared is >= 4 (w1^2 + w2^2)."""
    typed = [Fraction(repr(float(v))) for v in w]
    scores = [int(yi) * (typed[0] + sum(Fraction(repr(float(xj))) * wj for xj, wj in zip(xi, typed[1:])))
              for xi, yi in zip(_MARGIN_X, _MARGIN_Y)]
    return min(scores) >= 0 and min(scores) ** 2 >= 4 * (typed[1] ** 2 + typed[2] ** 2)


@exercise("ch04-margin", number=5, title="construct a weight vector with a large margin", points=3,
          kind="construct",
          hint="Which points of each class lie closest to the other class, and how far apart are they? The "
               "margin of a line is set by those points alone.")
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
    gamma = float(np.min(scores)) / length + 0.0 if length > 0 else float("nan")  # + 0.0: no "-0" shown
    # only whether the margin reaches 2: its digits would let a learner tune w by trial instead of by geometry
    # decided exactly on the numbers as typed (as the library decides signs): a margin of 1.99999999993 is below 2
    shown = "at least 2" if length > 0 and _margin_reaches_2(w) else "below 2"
    # each message is attached only where it is true of this w, not to every w with the same margin
    mistakes = []
    if length > 0:
        nearest = {c: float(np.min(scores[_MARGIN_Y == c])) / length for c in (-1, 1)}
        if np.allclose(w / np.linalg.norm(w), _PERCEPTRON_W / np.linalg.norm(_PERCEPTRON_W)):
            mistakes.append(Mistake("perceptron-w", shown, "the perceptron's own w: it stops at the first "
                                                           "separating line, whose margin is 0.32"))
        elif w[0] == 0:
            mistakes.append(Mistake("through-origin", shown, "b = 0: a line through the origin; how far from "
                                                             "it is each class's nearest point, and is the origin "
                                                             "where the gap between the classes is?"))
    # an observation on this w, said as part of the failure (not a catalogued mistake)
    lopsided = (length > 0 and not mistakes and min(nearest.values()) > 0
                and max(nearest.values()) >= 1.2 * min(nearest.values()))
    call = "the margin min_i y_i (w . x_i + b) / |w| of `w_margin`"
    if lopsided:
        call += (" (your line is closer to one class than to the other: how far from it is each class's nearest "
                 "point, and which way must it move?)")
    t.check(shown, "at least 2", call=call, misconceptions=mistakes)


# --------------------------------------------------------------------------
# Exercise 6 (construct): four points that need many updates
# --------------------------------------------------------------------------

_SLOW_NOT_SEPARABLE = ("the points are not linearly separable (like XOR): the perceptron never converges, "
                       "so it does not 'need' updates, it cycles")
# a question, not a diagnosis: a narrow gap in a lucky order is also separated in a few updates
_SLOW_FEW = ("a few updates separate these points: how far does one update turn the boundary when the gap "
             "between the classes is narrow compared with the points' distance from the origin, and does "
             "the order you give the points in make the run meet the narrow gap again and again?")
_SLOW_LABELS = "labels 0/1 instead of -1/+1"
_SLOW_COPIED = ("these are the four points of the chapter's toy set moved by a shift "
                "and a linear map, with their labels or all labels swapped: the exercise asks for a set you "
                "construct; what about a set makes each update turn the boundary only a little?")
_SLOW_NEAR = ("three of these labelled points are points of a set the chapter shows, where they are there, "
              "or the four lie close to the points of one: the exercise asks for a set you "
              "construct; what about a set makes each update turn the boundary only a little?")
_SLOW_GRID = ("`X_slow` holds four different points with integer coordinates from -5 to 5")
_SLOW_EPOCHS = 10
_SLOW_RANGE = 5


def _chapter_sets():
    """The small labelled sets the chapter shows that a learner could reuse in Exercises 4 and 6: the toy set,
    §6's two-point tie X_tie and Exercise 5's six points, each as (X, y)."""
    return [(_TOY[0], _TOY[1]),
            (np.array([[-0.1, 0.3], [-0.2, 0.2]]), np.array([-1, 1])),
            (_MARGIN_X, _MARGIN_Y)]


def _needs_ten(X, y) -> bool:
    """Whether Alg. 7.1 from w = 0, eta = 1 on these points, in this order, makes ten updates or more."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        r = perceptron(X, y, max_epochs=_SLOW_EPOCHS)
    return bool(r.n_updates >= 10 or not r.converged)


def _affine_copy(X, y, X_ref, y_ref) -> bool:
    """Whether the labelled points X, y are X_ref, y_ref (in some order, labels kept or all swapped) moved by
    an affine map x -> A x + t: a least-squares fit of [X_ref, 1] to X that leaves (almost) no residual."""
    X, X_ref = np.asarray(X, dtype=float), np.asarray(X_ref, dtype=float)
    if len(X) != len(X_ref):
        return False
    design = np.hstack([X_ref, np.ones((len(X_ref), 1))])
    scale = 1.0 + float(np.max(np.abs(X)))
    for p in permutations(range(len(X))):
        labels = np.asarray(y)[list(p)]
        if not (np.array_equal(labels, y_ref) or np.array_equal(labels, -np.asarray(y_ref))):
            continue
        target = X[list(p)]
        coef = np.linalg.lstsq(design, target, rcond=None)[0]
        if np.max(np.abs(design @ coef - target)) <= 1e-9 * scale:
            return True
    return False


def _near_copy(X, y, X_ref, y_ref) -> bool:
    """Whether the labelled points X, y reuse X_ref, y_ref where they are (labels kept or all swapped): three
    of them are points of X_ref with the label there; or every point lies within a tenth of X_ref's diameter
    of a reference point of its label; or the points moved to the reference points of their labels travel at
    most 0.3 diameters in all.  (A whole set moved or rescaled is _affine_copy's case.)"""
    X, X_ref = np.asarray(X, dtype=float), np.asarray(X_ref, dtype=float)
    y, y_ref = np.asarray(y), np.asarray(y_ref)
    diameter = max(float(np.linalg.norm(a - b)) for a in X_ref for b in X_ref)
    for s in (1, -1):
        same = [[q for q in range(len(X_ref)) if y_ref[q] == s * y[i]] for i in range(len(X))]
        if not all(same):
            continue
        nearest = [min(float(np.linalg.norm(X[i] - X_ref[q])) for q in same[i]) for i in range(len(X))]
        if max(nearest) <= 0.1 * diameter or sum(nearest) <= 0.3 * diameter:
            return True
        if sum(d == 0 for d in nearest) >= 3:
            return True
    return False


@exercise("ch04-slow", number=6, title="four points that need many updates", points=3, kind="construct",
          hint="Look back at the toy run: which examples caused more than one update? One update adds y_i x~_i "
               "to w~: how far does that turn the boundary when the points are long vectors (the leading 1 "
               "included) and the gap between the classes is narrow, and how can that gap need all four points?")
def _slow(t, X_slow, y_slow):
    X = np.asarray(X_slow, dtype=float)
    y = np.asarray(y_slow)
    if not t.check(list(X.shape), [4, 2], call="`np.shape(X_slow)`"):
        return
    if not t.check_true(bool(np.all(np.isfinite(X)) and np.all(X == np.round(X)) and np.all(np.abs(X) <= _SLOW_RANGE)
                             and len({tuple(r) for r in X.tolist()}) == 4), what=_SLOW_GRID):
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
    # Four points: at most 4 updates per epoch, so a run still making updates in epoch _SLOW_EPOCHS has made at
    # least _SLOW_EPOCHS of them; on separable data it ends some time later, however long that takes.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        r = perceptron(X, y, max_epochs=_SLOW_EPOCHS)
    enough = r.n_updates >= 10 or not r.converged
    if not t.check_true(enough, what=f"Alg. 7.1 from w = 0 with eta = 1, in the order given, needs at least 10 "
                                     f"updates (it needs {r.n_updates}); {_SLOW_FEW}"):
        return
    if not t.check_true(not any(_affine_copy(X, y, X_ref, y_ref) for X_ref, y_ref in _chapter_sets()),
                        what="the four points are a set of your own, not one of the chapter's moved",
                        mistake=Mistake("slow-chapter-set-moved", None, _SLOW_COPIED)):
        return
    if not t.check_true(not any(_near_copy(X, y, X_ref, y_ref) for X_ref, y_ref in _chapter_sets()),
                        what="the four points are a set of your own, not a small edit of one the chapter shows",
                        mistake=Mistake("slow-chapter-set-edited", None, _SLOW_NEAR)):
        return
    # All four take part: a slow pair padded with two points (§6's two tie points scaled by 10 are one) is no
    # construction of four points, and about half of the random separable sets that pass the count hold such a pair.
    pairs = [(i, j) for i in range(4) for j in range(i + 1, 4) if y[i] != y[j]]
    slow_pair = next(((i, j) for i, j in pairs if _needs_ten(X[[i, j]], y[[i, j]])), None)
    t.check_true(slow_pair is None,
                 what="all four points take part: no two of them on their own (in your order) already need ten "
                      "updates" + ("" if slow_pair is None else
                                   f" (points {slow_pair[0]} and {slow_pair[1]} alone need them)"))


# --------------------------------------------------------------------------
# Exercise 7 (predict): the start that makes Bob's run Alice's
# --------------------------------------------------------------------------

_ALICE_START, _ALICE_ETA, _BOB_ETA = (1, 2, -1), Fraction(1, 2), Fraction(2)


def _exact_steps(rows, y, eta, w0, max_epochs=60):
    """Alg. 7.1 in exact rational arithmetic on homogeneous ``rows`` (lists of Fractions), from ``w0`` with
    rate ``eta``: the start, then (example, weights after the update) for every update, in order."""
    w = [Fraction(v) for v in w0]
    steps = [(None, tuple(w))]
    for _ in range(max_epochs):
        clean = True
        for i, (x, y_i) in enumerate(zip(rows, y)):
            if conventions.is_mistake(int(y_i) * sum(a * b for a, b in zip(w, x))):
                w = [a + eta * int(y_i) * b for a, b in zip(w, x)]
                steps.append((i, tuple(w)))
                clean = False
        if clean:
            break
    return steps


def _rows(X):
    return [[Fraction(1)] + [v if isinstance(v, Fraction) else _fraction(v) for v in x] for x in X]


def _probe_sets():
    """Data on which the checks of Exercises 7 and 8 compare runs: the toy set and two unbalanced sets."""
    return [datasets.toy(), datasets.unbalanced(12, 6, seed=0), datasets.unbalanced(40, 20, seed=0)]


def _parallel(v, w) -> bool:
    """Do v and w span the same line through the origin (the same boundary), both non-zero?"""
    if not any(v) or not any(w):
        return False
    return all(a * d == b * c for (a, b) in zip(v, w) for (c, d) in zip(v, w))


def _same_run(bob_start) -> bool:
    """The exercise's definition, run on the probe sets: Bob (labels swapped, his rate, his start) updates on the
    same examples in the same order as Alice, and his boundary is hers at the start and after every update."""
    for X, y in _probe_sets():
        rows = _rows(X)
        alice = _exact_steps(rows, y, _ALICE_ETA, _ALICE_START)
        bob = _exact_steps(rows, [-int(v) for v in y], _BOB_ETA, bob_start)
        if [i for i, _ in alice] != [i for i, _ in bob]:
            return False
        if not all(_parallel(v, w) for (_, w), (_, v) in zip(alice, bob)):
            return False
    return True


# The messages report what a start does on the toy set's first example, an observation the learner can recompute;
# each goes to every start with that observation, whatever its form, and none says which start passes.
_BOB_FIRST_TEST = ("on the toy set's first example (x = (0, 3), y = +1), from your start Bob's test, with his swapped "
                   "label, does not decide what Alice's test decides from hers: compute both margins. Redo §6's "
                   "induction for Bob: what must his weights be, before an example, for his test to decide as "
                   "hers does?")
_BOB_AFTER_UPDATE = ("your start draws Alice's start boundary and Bob's first test on the toy set decides as hers, "
                     "but after that first update (each with his or her own rate and label) his boundary is not "
                     "hers: compute both weight vectors after it. What relation between his weights and hers does "
                     "an update with his rate keep?")

_BOB_ZERO = ("Bob starts from 0: what does his first test decide from 0, whatever the example and label, and "
             "what does Alice's first test decide from (1, 2, -1) on the same example?")

@exercise("ch04-bob", number=7, title="Bob's start", points=2, kind="predict",
          hint="Section 6's induction, redone for Bob: suppose Bob's weights are a fixed multiple of Alice's before "
               "an example. Which multiples give each of his tests the sign of hers, with his swapped label, and "
               "keep the multiple after an update with his rate?")
def _bob(t, bob_start):
    if not t.check(lambda: list(np.shape(np.asarray(bob_start, dtype=float))), [3], call="`np.shape(bob_start)`"):
        return
    start = np.asarray(bob_start, dtype=float)
    if not t.check_true(bool(np.all(np.isfinite(start))), what="`bob_start` holds three finite numbers"):
        return
    start = [_fraction(v) for v in start]
    mistake = None
    same = _same_run(start)
    if not same:
        if not any(start):
            mistake = Mistake("bob-zero-start", None, _BOB_ZERO)
        else:
            x, y0 = _rows(_TOY[0][:1])[0], int(_TOY[1][0])
            alice = [Fraction(v) for v in _ALICE_START]
            alice_mistake = conventions.is_mistake(y0 * sum(a * b for a, b in zip(alice, x)))
            if conventions.is_mistake(-y0 * sum(a * b for a, b in zip(start, x))) != alice_mistake:
                mistake = Mistake("bob-first-test", None, _BOB_FIRST_TEST)
            elif alice_mistake and _parallel(start, alice) and not _parallel(
                    [a - _BOB_ETA * y0 * b for a, b in zip(start, x)], [a + _ALICE_ETA * y0 * b for a, b in zip(alice, x)]):
                mistake = Mistake("bob-after-update", None, _BOB_AFTER_UPDATE)
    t.check_true(same, what="Bob's run from `bob_start` updates on Alice's examples in her order and draws her "
                            "boundary after every update (tried on the toy set and two unbalanced sets)",
                 mistake=mistake)


# --------------------------------------------------------------------------
# Exercise 8 (explain): what leaves the run unchanged, each answer backed by a construction
# --------------------------------------------------------------------------

_QUARTER = (Fraction(3, 5), Fraction(4, 5))          # cos and sin of the rotation of change b, exact in fractions
_LETTERS = "abcde"
_EPOCHS_8 = 30                                        # the runs of Exercise 8 are compared over this many epochs
_MAX_POINTS_8 = 12


def _changes():
    """The five changes of the exercise, each as (rows, labels, rate, start) made from (X, y)."""
    c, s = _QUARTER
    zero = (0, 0, 0)
    return {
        "a": lambda X, y: (_rows([[10 * _fraction(v) for v in x] for x in X]), y, 1, zero),
        "b": lambda X, y: (_rows([[c * _fraction(p) - s * _fraction(q), s * _fraction(p) + c * _fraction(q)]
                                  for p, q in X]), y, 1, zero),
        "c": lambda X, y: (_rows([[_fraction(v) + 5 for v in x] for x in X]), y, 1, zero),
        "d": lambda X, y: (_rows(X), [-int(v) for v in y], 1, zero),
        "e": lambda X, y: (_rows(X), y, 10, (1, 0, 0)),
    }


def _two_runs(letter, X, y):
    """The run from w = 0 with eta = 1 on (X, y) and the run with the change ``letter``, exact, each as
    its list of (example, weights) steps over at most ``_EPOCHS_8`` epochs."""
    rows, labels, eta, start = _changes()[letter](X, y)
    return (_exact_steps(_rows(X), y, 1, (0, 0, 0), _EPOCHS_8),
            _exact_steps(rows, labels, eta, start, _EPOCHS_8))


def _keeps_with(letter, M) -> bool:
    """On every probe set, does the changed run update on the same examples in the same order, with
    weights M w after every update where the original run has w?"""
    for X, y in _probe_sets():
        base, changed = _two_runs(letter, X, y)
        if [i for i, _ in base] != [i for i, _ in changed]:
            return False
        for (_, w), (_, v) in zip(base, changed):
            if any(v[r] != sum(M[r][k] * w[k] for k in range(3)) for r in range(3)):
                return False
    return True


def _as_matrix(value):
    """``value`` as a 3 x 3 matrix of exact fractions, or None if it is not a 3 x 3 array of finite numbers."""
    try:
        M = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return None
    if M.shape != (3, 3) or not np.all(np.isfinite(M)):
        return None
    return [[_fraction(v) for v in row] for row in M]


def _as_data(value):
    """``value`` as a data set (X, y): X of shape (n, 2) with 1 <= n <= 12 finite numbers, y of n labels
    -1/+1; or a sentence saying what is wrong with it."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return None, "is neither a 3 x 3 matrix nor a pair (X, y)"
    try:
        X = np.asarray(value[0], dtype=float)
        y = np.asarray(value[1], dtype=float)
    except (TypeError, ValueError):
        return None, "is a pair whose parts are not arrays of numbers"
    if X.ndim != 2 or X.shape[1] != 2 or not 1 <= X.shape[0] <= _MAX_POINTS_8 or not np.all(np.isfinite(X)):
        return None, (f"is a pair whose X has shape {X.shape}; X must hold 1 to {_MAX_POINTS_8} points in "
                      f"the plane, shape (n, 2), finite numbers")
    if y.shape != (X.shape[0],) or not set(y.tolist()) <= set(conventions.LABELS):
        return None, f"is a pair whose y is not {X.shape[0]} labels -1 or +1"
    return (X.tolist(), [int(v) for v in y]), None


# One verdict and one message for the five constructions together: a message that named a letter (or
# graded a letter's construction on its own) would let a few probing guesses spell out the verdicts.
_INVARIANT_WRONG = ("at least one of your five constructions does not hold (the check does not say which). A "
                    "matrix M must give, on every one of the check's data sets, a changed run (from w~ = 0, or for "
                    "e from its start) that updates on the same examples in the same order with weights M w~_k "
                    "after every update k of the original run; a data set must give a changed run that updates on "
                    "other examples, or in "
                    f"another order, within the first {_EPOCHS_8} epochs. For each letter, write w~_k as the sum "
                    "Σ_j α_j y_j x~_j of the updates so far and apply the change to each term; where a test can "
                    "change sign, run both versions on your data set and compare")


@exercise("ch04-invariance", number=8, title="what leaves the run unchanged?", points=2, kind="explain",
          hint="For each change, follow the first two updates from w~ = 0 symbolically, writing w~ as a sum of "
               "±x~_i: is the changed w~ a fixed linear function of the original one, and does every test keep "
               "its sign? Where it does not, look for a small data set on which some test changes sign.")
def _invariance(t, answer_invariant):
    if not t.check_true(isinstance(answer_invariant, dict)
                        and sorted(str(k).lower() for k in answer_invariant) == list(_LETTERS),
                        what="`answer_invariant` is a dict with one entry for each of the letters "
                             "'a' to 'e'"):
        return
    answer = {str(k).lower(): v for k, v in answer_invariant.items()}
    # First the form of every entry (this says nothing about the verdicts); no construction is tried until
    # all five are well formed.
    forms = {}
    for letter in _LETTERS:
        M = _as_matrix(answer[letter])
        data, problem = (None, None) if M is not None else _as_data(answer[letter])
        if t.check_true(M is not None or data is not None, what=f"`answer_invariant['{letter}']` {problem}"):
            forms[letter] = ("matrix", M) if M is not None else ("data", data)
    if len(forms) < len(_LETTERS):
        return

    def holds(letter, kind, value):
        if kind == "matrix":
            return _keeps_with(letter, value)
        base, changed = _two_runs(letter, *value)
        return [i for i, _ in base[1:]] != [i for i, _ in changed[1:]]

    right = all(holds(letter, *forms[letter]) for letter in _LETTERS)
    # A plain failure, not a catalogued Mistake: the same text goes to every wrong set of answers.
    t.check_true(right, what="all five constructions hold: each matrix M keeps the updates with weights M w~_k "
                             "(tried on the toy set and two unbalanced sets), each data set shows a different "
                             f"run with the change (first {_EPOCHS_8} epochs); " + _INVARIANT_WRONG)
