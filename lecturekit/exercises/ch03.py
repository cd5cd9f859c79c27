"""Checks of chapter 3's exercises (the closest-centroid classifier).

What the module holds: the probes (data the chapter does not show), lecturekit's
``centroid_classifier`` used as the chapter shows it (the equal-class-size rule,
the rule trained on rescaled data searched by bisection in the scale, which
answers Exercise 3's float probes but not its exact ones), class
means of explicit data, exact rational arithmetic (``fractions.Fraction``) on
the learner's constructed data, the classmate's buggy code of Exercise 2 as the
chapter prints it, and values of the learner's mistakes.  Where a check needs
the key of a derive or extend exercise on a probe (Exercise 1's bias, Exercise
3's exact t², Exercise 5's score with an indefinite product), it holds only a
hash of it (``public.fingerprint`` or a hash of the exact fraction), never the
number or a function that computes it; the course's tests, which are for
instructors, recompute each by an independent route.  No expected value is shown (``reveal=False``), and a
message says what the answer fails on the probe it is shown under, never the key.
"""

import hashlib
from fractions import Fraction

import numpy as np

from . import Mistake, exercise
from .public import fingerprint
from .. import centroid_classifier, conventions, datasets, is_separable


def _means(X, y):
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    return X[y == conventions.POSITIVE].mean(axis=0), X[y == conventions.NEGATIVE].mean(axis=0)


# --------------------------------------------------------------------------
# Exercise 1 (derive): the most probable class under the Gaussian model, with unequal class sizes
# --------------------------------------------------------------------------

# A bias shifted from the equal-class one by the wrong amount (a slip of sign or of factor in the step to
# w . x + b > 0) is one catalogued misconception with one message, whatever the slip (a message per slip would
# tell a learner which one-token change turns the answer into the key).  Any other wrong bias fails with a plain
# statement of the requirement, which is not a diagnosis and so not a Mistake.
_PRIOR_SHIFT = ("the class sizes move your bias away from the one of equally likely classes, but not by what the "
                "model gives: redo the step from pi+ p(x | +1) > pi- p(x | -1) to w · x + b > 0")
_PRIOR_BIAS_WRONG = ("your w is mu+ - mu-, but your bias does not put the boundary where "
                     "pi+ p(x | +1) = pi- p(x | -1) (return the bias unrounded)")
_PRIOR_MESSAGES = {
    "prior-ignored": "your bias is the one of equally likely classes: the class sizes do not enter your rule",
    "prior-shift": _PRIOR_SHIFT,
    "prior-scaled": "your weights are a positive multiple of the requested ones (the same classifier): the exercise "
                    "fixes w = mu+ - mu-, so divide out the common factor",
    "prior-bias-last": "your vector does not start with the bias: the exercise asks for (b, w_1, ..., w_d), in the "
                       "order of `lk.centroid_classifier(X, y).w`",
}

# The bias of the rule on the two probes, and of the catalogued wrong biases (a slip of sign, or of a factor),
# kept only as fingerprints (lecturekit.exercises.public.fingerprint: a hash of the number rounded to cells 1e-6
# wide), so that no expected value can be read here.  The right bias is stored as public.fingerprints (also
# moved half a cell either way), so that every bias within 5e-7 * max(1, |b|) of it passes, whichever side
# it lies on, and none more than 2e-6 * max(1, |b|) away.  The course's tests recompute each from the model's
# log-densities.
_PRIOR_ATOL = 1e-6
_PRIOR_BIAS = {
    0.8: {"right": {"227d5ca85d045f5c1fc8f3168c44320c", "8a39a51978d8543eeaa87bf90d219865"},
          "prior-shift": {"0b8f158e6e25ddb38260544e94470b3f", "d4c2f7008becacd0c7ddfa901cf007fd",
                          "6bd6dd4fe19a48186802cd71dafe59a0", "990a0d99547216ea1aceb22305d3e22a"}},
    2.5: {"right": {"0856ae3d84c29852d951b8409e22f2a2", "77fe8d79c74c5978224e235f0b5d488c"},
          "prior-shift": {"a9be29ffca13b11612544284b7ac4e71", "8d790627ce386a61a7e01ab771c42fb9",
                          "06cf263f2d89e5f19edc955631b6f1a0", "e3217dbe0ed655a6cacee71585daaaa6"}},
}


def _bias_print(sigma2, b):
    return fingerprint(f"ch03-prior/{sigma2}", float(b), _PRIOR_ATOL)


def _prior_verdict(got, X, y, sigma2):
    """None when ``got`` is the rule's (b, w) on (X, y, sigma2), else the id of the requirement it fails."""
    ref = centroid_classifier(X, y).w            # (b0, mu+ - mu-): the rule for equally likely classes
    if got.shape != ref.shape or not np.all(np.isfinite(got)):
        return "shape"
    fixed, stored = ref[1:], _PRIOR_BIAS[sigma2]
    if np.allclose(got[1:], fixed, rtol=1e-9, atol=1e-12):
        if _bias_print(sigma2, got[0]) in stored["right"]:
            return None
        if np.isclose(got[0], ref[0], rtol=1e-9, atol=1e-12):
            return "prior-ignored"
        return "prior-shift" if _bias_print(sigma2, got[0]) in stored["prior-shift"] else "prior-bias"
    c = float(got[1:] @ fixed / (fixed @ fixed))
    if c > 0 and np.allclose(got[1:], c * fixed, rtol=1e-9, atol=1e-12) \
            and _bias_print(sigma2, got[0] / c) in stored["right"]:
        return "prior-scaled"
    if np.allclose(got[:-1], fixed, rtol=1e-9, atol=1e-12):
        return "prior-bias-last"
    return "prior-w"


def _prior_probes():
    """(call text, X, y, sigma2) of the probes with unequal class sizes (data the chapter does not show)."""
    X, y = datasets.unbalanced(12, 4, seed=41)
    Xr = np.random.default_rng(42).normal(size=(12, 3))
    yr = np.array([1, -1, -1] * 4)
    return [("`prior_weights(X, y, sigma2=0.8)` on 12 positives and 4 negatives", X, y, 0.8),
            # another sigma2, and the smaller class positive: the shift has the other sign
            ("`prior_weights(X, y, sigma2=2.5)` on 4 positives and 8 negatives in 3-D", Xr, yr, 2.5)]


@exercise("ch03-prior", number=1, title="unequal class sizes in the Gaussian model", points=2, kind="derive",
          hint="Take logarithms of both sides, and write ln p(x | +1) - ln p(x | -1) with the squared distances "
               "as in section 2. Then bring everything to the form w · x + b > 0.")
def _prior(t, prior_weights):
    for call, X, y, sigma2 in _prior_probes():
        try:
            got = np.asarray(prior_weights(X.copy(), y.copy(), sigma2), dtype=float)
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything; say what it raised
            t.check_true(False, what=f"{call} runs (it raised {type(exc).__name__})")
            continue
        verdict = _prior_verdict(got, X, y, sigma2)
        if verdict == "shape":
            t.check_true(False, what=f"{call} returns d + 1 finite numbers, the bias first")
        elif verdict == "prior-w":    # no catalogued mistake: any answer can fail this requirement
            t.check_true(False, what=f"{call}: the entries after the first are not mu+ - mu- of the data, which "
                                     "the exercise fixes as w")
        elif verdict == "prior-bias":    # not a catalogued mistake: the requirement, stated
            t.check_true(False, what=f"{call}: {_PRIOR_BIAS_WRONG}")
        elif verdict is not None:
            t.check_true(False, what=f"{call}: the weights of the most probable class",
                         mistake=Mistake(verdict, None, _PRIOR_MESSAGES[verdict]))
        else:
            t.check_true(True, what=call)
    # equal class sizes: the closest-centroid rule itself
    Xe, ye = datasets.unbalanced(6, 6, seed=43)
    t.check(lambda: np.asarray(prior_weights(Xe.copy(), ye.copy(), 1.7), dtype=float),
            centroid_classifier(Xe, ye).w, call="`prior_weights(X, y, sigma2=1.7)` with 6 examples in each class",
            atol=5e-7, reveal=False)     # the prompt asks for no precision: any correct float form agrees far closer


# --------------------------------------------------------------------------
# Exercise 2 (debug): an online update of the two means
# --------------------------------------------------------------------------

def _state(X, y):
    mu_pos, mu_neg = _means(X, y)
    return mu_pos, int(np.sum(np.asarray(y) == 1)), mu_neg, int(np.sum(np.asarray(y) == -1))


def _added(X, y, x, label):
    """The state after appending (x, label) to the data: means recomputed from all the points."""
    return _state(np.vstack([X, [x]]), np.append(y, label))


def _classmates_code(mu_pos, n_pos, mu_neg, n_neg, x, label):
    """The buggy function of the exercise, as the chapter shows it."""
    mu_pos, mu_neg = np.asarray(mu_pos, dtype=float), np.asarray(mu_neg, dtype=float)
    x = np.asarray(x, dtype=float)
    if label == 1:
        mu_pos = mu_pos + (x - mu_pos) / n_pos
        n_pos += 1
    else:
        mu_neg = mu_neg + (x - mu_neg) / n_pos
        n_neg += 1
    return mu_pos, n_pos, mu_neg, n_neg


# symptoms, not fixes: what a learner's test shows on the probe where the message is printed (each is checked
# against that probe in tests/test_chapter_03.py)
_ONLINE_OLD_N = ("after one example is added to a class that had one, the class mean is the new example itself, "
                 "not the average of the two")
_ONLINE_OLD_N_POS = ("adding a positive to a class of two moves mu+ halfway to the new example, further than the "
                     "mean of the three positives lies from the old mean")
_ONLINE_OLD_N_LARGER = ("adding a negative to a class of two moves mu- halfway to the new example, further than the "
                        "mean of the three negatives lies from the old mean")
_ONLINE_OTHER_N = ("a negative added to a class of two gives a mean that is not the mean of the three negatives: "
                   "test each label with classes of different sizes and compare with means you compute by hand")
_ONLINE_IN_PLACE = "the caller's arrays of means change after the call"
_ONLINE_UNCHANGED = ("this is the classmate's code with both wrong lines still in it: run the test the exercise "
                     "suggests, with both labels, and compare with means you compute by hand")


def _online_probes():
    """(call text, arguments) of the probes whose answers are compared with means recomputed from data."""
    X, y = datasets.toy()                 # mu+ = (1.5, 2), n+ = 2; mu- = (-0.5, -1), n- = 2
    X6, y6 = np.vstack([X, [[1.0, 1.0], [2.0, 2.0]]]), np.append(y, [1, 1])
    X1, y1 = np.array([[1.0, 1.0], [0.0, 0.0]]), np.array([1, -1])   # one example in each class
    return [
        # a positive at (9.45, 2.15): mu+ becomes (0 + 3 + 9.45, 3 + 1 + 2.15) / 3 = (4.15, 2.05)
        # (answers with more digits than the course's small vectors, so that a key search can tell them)
        ("`add_example(mu+, 2, mu-, 2, [9.45, 2.15], 1)` for the toy set", X, y, [9.45, 2.15], 1),
        # four positives, two negatives; a negative at (2.6, -4.3): mu- becomes (-1 + 2.6, -2 - 4.3) / 3
        ("`add_example(mu+, 4, mu-, 2, [2.6, -4.3], -1)`", X6, y6, [2.6, -4.3], -1),
        # one example in each class, a positive at (3.3, 1.7): mu+ becomes (2.15, 1.35)
        ("`add_example([1, 1], 1, [0, 0], 1, [3.3, 1.7], 1)`", X1, y1, [3.3, 1.7], 1),
    ]


@exercise("ch03-online", number=2, title="find the bugs in an online update", points=2, kind="debug",
          hint="The mean of n + 1 numbers, from the mean of the first n and the new one: write it for n = 1 "
               "and check with two numbers. Then read both branches of the given code side by side.")
def _online(t, add_example):
    probes = _online_probes()

    def unchanged():
        for _, X, y, x, label in probes:
            mu_pos, n_pos, mu_neg, n_neg = _state(X, y)
            got = add_example(mu_pos.copy(), n_pos, mu_neg.copy(), n_neg, list(x), label)
            want = _classmates_code(mu_pos, n_pos, mu_neg, n_neg, x, label)
            if len(got) != 4 or not all(np.allclose(np.asarray(g, dtype=float), w) for g, w in zip(got, want)):
                return False
        return True

    try:
        same = unchanged()
    except Exception:  # noqa: BLE001 - the learner's code may raise anything; the probes below report it
        same = False
    if same:
        t.check_true(False, what="the classmate's two wrong lines are fixed",
                     mistake=Mistake("online-unchanged", None, _ONLINE_UNCHANGED))
        return
    (c1, X, y, x1, l1), (c2, X6, y6, x2, l2), (c3, X1, y1, x3, l3) = probes
    mu_pos, n_pos, mu_neg, n_neg = _state(X, y)
    x1 = np.array(x1)
    t.check(lambda: add_example(mu_pos.copy(), n_pos, mu_neg.copy(), n_neg, x1.tolist(), l1), _added(X, y, x1, l1),
            call=c1, reveal=False,
            misconceptions=[Mistake("online-old-n", (mu_pos + (x1 - mu_pos) / 2, 3, mu_neg, 2), _ONLINE_OLD_N_POS),
                            Mistake("online-count-kept", (_added(X, y, x1, l1)[0], 2, mu_neg, 2),
                                    "the class size stays the same after an example is added")])
    mp6, np6, mn6, nn6 = _state(X6, y6)
    x2 = np.array(x2)
    t.check(lambda: add_example(mp6.copy(), np6, mn6.copy(), nn6, x2.tolist(), l2), _added(X6, y6, x2, l2),
            call=c2, reveal=False,
            misconceptions=[Mistake("online-old-n", (mp6, 4, mn6 + (x2 - mn6) / 2, 3), _ONLINE_OLD_N_LARGER),
                            Mistake("online-other-n", (mp6, 4, mn6 + (x2 - mn6) / 5, 3), _ONLINE_OTHER_N),
                            Mistake("online-other-n", (mp6, 4, mn6 + (x2 - mn6) / 4, 3), _ONLINE_OTHER_N)])
    mp1, np1, mn1, nn1 = _state(X1, y1)
    x3 = np.array(x3)
    t.check(lambda: add_example(mp1.copy(), np1, mn1.copy(), nn1, x3.tolist(), l3), _added(X1, y1, x3, l3),
            call=c3, reveal=False,
            misconceptions=[Mistake("online-old-n", (x3, 2, mn1, 1), _ONLINE_OLD_N)])

    def callers_means():
        mp, mn = mu_pos.copy(), mu_neg.copy()
        add_example(mp, n_pos, mn, n_neg, [9.0, 2.0], 1)
        add_example(mp, n_pos, mn, n_neg, [9.0, 2.0], -1)
        return mp, mn

    t.check(callers_means, (mu_pos, mu_neg), call="the caller's `mu_pos` and `mu_neg` after two calls", reveal=False,
            misconceptions=[Mistake("online-in-place", (np.array([4.0, 2.0]), np.array([8 / 3, 0.0])), _ONLINE_IN_PLACE),
                            Mistake("online-in-place", (np.array([4.0, 2.0]), mu_neg), _ONLINE_IN_PLACE),
                            Mistake("online-in-place", (mu_pos, np.array([8 / 3, 0.0])), _ONLINE_IN_PLACE)])
    rng = np.random.default_rng(37)
    Xr, yr = rng.normal(size=(11, 3)), np.array([1, -1] * 5 + [1])
    for xr, lab in zip(rng.normal(size=(2, 3)), (1, -1)):
        t.check(lambda: add_example(*_state(Xr, yr), xr.tolist(), lab), _added(Xr, yr, xr, lab), atol=1e-9,
                call=f"`add_example(...)` on 11 random points in 3-D, a new example with label {lab:+d}", reveal=False)


# --------------------------------------------------------------------------
# Exercise 3 (derive): where a change of units of the second feature flips a point, on any data
# --------------------------------------------------------------------------

def _label_at(X, y, x, t, *, bias_factor=1):
    """lk.centroid_classifier's label of x, with the second feature times t in the data and in x (decided exactly
    on the scaled numbers); bias_factor = 2 scores with the bias doubled instead (a catalogued wrong answer)."""
    A = np.array([1.0, t])
    clf = centroid_classifier(np.asarray(X, dtype=float) * A, y)
    z = np.asarray(x, dtype=float)[None] * A
    if bias_factor == 1:
        return int(clf.predict(z)[0])
    return conventions.sign(float(clf.decision_function(z)[0]) + (bias_factor - 1) * float(clf.w[0]))


_T_RANGE = (1e-7, 1e7)   # every probe below changes side, if at all, at a t well inside this range


def _side_change(X, y, x, *, bias_factor=1):
    """The t^2 at which the label of x changes, found by bisection in t on the classifier's own decisions
    (None when the label at both ends of _T_RANGE is the same)."""
    lo, hi = _T_RANGE
    start = _label_at(X, y, x, lo, bias_factor=bias_factor)
    if _label_at(X, y, x, hi, bias_factor=bias_factor) == start:
        return None
    while True:
        mid = float(np.sqrt(lo * hi)) if hi / lo > 2 else (lo + hi) / 2
        if not lo < mid < hi:
            return lo * hi
        if _label_at(X, y, x, mid, bias_factor=bias_factor) == start:
            lo = mid
        else:
            hi = mid


def _side_change_probes():
    """(X, y, x) of the probes: data the chapter does not show, and points that do and do not change side."""
    X, y = datasets.toy()
    # (0.4999, 100) and (-1000, 0.5001) change side near t = 0.0008 and t = 2600: far outside a scan over t
    # (0.5, 1) has x₁ at the midpoint 0.5 of the means' first coordinates: its score is 1.5 t², positive for every t
    probes = [(X, y, x) for x in ([2.0, 0.0], [0.0, 3.0], [3.0, 1.0], [0.4999, 100.0], [-1000.0, 0.5001],
                                  [0.5, 1.0])]
    rng = np.random.default_rng(45)
    for n in (5, 7):
        Xr = rng.integers(-30, 31, size=(n, 2)) / 10
        yr = np.array([1, -1] * (n // 2) + [1])
        for x in rng.integers(-40, 41, size=(4, 2)) / 10:
            probes.append((Xr, yr, x))
    return probes


# Probes in fractions.Fraction the lesson does not show: a formula in the data keeps them exact, a search in
# floating point (bisection on t with lk.centroid_classifier) does not.  The expected t² (or None) are kept only as
# hashes of "numerator/denominator" (_exact_print), so that none can be read here; tests/test_chapter_03.py
# recomputes each in fractions from the squared distances to the two means.  The last point has its x₁ at the
# midpoint of the means' first coordinates: its score is c·t², so it keeps its side for every t > 0.
_EXACT_X = ((Fraction(3, 7), Fraction(-2, 11)), (Fraction(-5, 13), Fraction(9, 17)), (Fraction(7, 19), Fraction(4, 23)),
            (Fraction(-1, 29), Fraction(-8, 31)), (Fraction(2, 37), Fraction(5, 41)))
_EXACT_Y = (1, -1, 1, -1, -1)
_EXACT_PROBES = (
    ((Fraction(13, 61), Fraction(-1, 67)), "c43c4650906d890bea93fed2de57c55e"),
    ((Fraction(-2, 71), Fraction(-3, 73)), "3d5c112adfc8f8310286201c4a4f42d1"),
    ((Fraction(5, 79), Fraction(2, 83)), "3acaf8e8a51fa666c6b5ac6cf879c9e9"),
    ((Fraction(1540655, 11131302), Fraction(-3, 47)), "c43c4650906d890bea93fed2de57c55e"),
)


def _exact_print(value):
    """The hash under which an exact t² (a Fraction or an int) or None is stored in _EXACT_PROBES."""
    text = "None" if value is None else f"{Fraction(value).numerator}/{Fraction(value).denominator}"
    return hashlib.sha256(f"ch03-units/exact\n{text}".encode()).hexdigest()[:32]


def _exact_answers(side_change_t2):
    """True when the learner's function returns, on the Fraction probes, exactly the stored t² (or None)."""
    for x, want in _EXACT_PROBES:
        # lists of Fractions (np.asarray makes them an array of Fractions; plain data for the grader's sandbox)
        got = side_change_t2([list(r) for r in _EXACT_X], list(_EXACT_Y), list(x))
        if got is not None and (isinstance(got, bool) or not isinstance(got, (Fraction, int))):
            return False
        if _exact_print(got) != want:
            return False
    return True


def _learners_t2(side_change_t2, probes):
    out = []
    for X, y, x in probes:
        got = side_change_t2(np.array(X, dtype=float), np.array(y), np.array(x, dtype=float))
        if got is not None:
            got = float(got)
        out.append(got)
    return out


def _same_t2(got, want):
    if len(got) != len(want):
        return False
    for g, w in zip(got, want):
        if (g is None) != (w is None):
            return False
        if w is not None and not abs(g - w) <= 1e-9 * max(1.0, abs(w)):
            return False
    return True


def _t_not_t2(want):
    return [None if w is None else w ** 0.5 for w in want]


def _bias_doubled(probes):
    return [_side_change(X, y, x, bias_factor=2) for X, y, x in probes]


def _numbers_for_never(got, want):
    """Right wherever the side changes, but a number (not None) for some point that never changes side."""
    return any(w is None and g is not None for g, w in zip(got, want)) and _same_t2(
        [None if w is None else g for g, w in zip(got, want)], want)


_UNITS_MISTAKES = (
    ("units-t-not-t2", lambda got, want, probes: _same_t2(got, _t_not_t2(want)),
     "your values are where the side changes on the scale of t; the exercise asks for t², the square of the factor"),
    ("units-bias", lambda got, want, probes: _same_t2(got, _bias_doubled(probes)),
     "with your scores the midpoint of the two means does not score 0 for every t, and section 2 shows that it must"),
    ("units-never", lambda got, want, probes: _numbers_for_never(got, want),
     "on a point that keeps its side for every t > 0 your function returns a number: which values can t² take?"),
)


@exercise("ch03-units", number=3, title="which units work?", points=2, kind="derive",
          hint="Write mu+ and mu- of the data with the second feature times t, then w and b, then the score of "
               "the point with its second coordinate times t. Which powers of t appear?")
def _units(t, side_change_t2):
    probes = _side_change_probes()
    want = [_side_change(X, y, x) for X, y, x in probes]
    try:
        got = _learners_t2(side_change_t2, probes)
    except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything; say what it raised
        t.check_true(False, what=f"`side_change_t2(X, y, x)` runs on {len(probes)} probe points "
                                 f"(it raised {type(exc).__name__})")
        return
    if _same_t2(got, want):
        try:
            exact = _exact_answers(side_change_t2)
        except Exception:  # noqa: BLE001 - the learner's code may raise anything on Fraction inputs
            exact = False
        t.check_true(exact, what=f"`side_change_t2` on {len(_EXACT_PROBES)} points of data given as `fractions.Fraction`s: the exact "
                                 "fraction t² (or None)",
                     mistake=Mistake("units-inexact", None, "right on float data, but on Fraction data your t² is not "
                                     "the exact fraction (or None): a formula in the data's own numbers keeps Fraction "
                                     "inputs exact; a search in t, float(), dtype=float or a float constant such as "
                                     "0.5 in place of / 2 does not"))
        return
    for key, matches, message in _UNITS_MISTAKES:
        if matches(got, want, probes):
            t.check_true(False, what="the thresholds on t²", mistake=Mistake(key, None, message))
            return
    # one message for all probes: naming the probe that fails would let a learner fix the answer point by point
    t.check_true(False, what=f"`side_change_t2(X, y, x)` on {len(probes)} points of the toy set and of two random "
                             "data sets: the value where the prediction changes (or None) is wrong on some of them")


# --------------------------------------------------------------------------
# Exercise 4 (construct): a 1-D failure whose casualty is a negative
# --------------------------------------------------------------------------

def _exact_centroid_predictions(X, y):
    """The closest-centroid predictions of the training points, in exact arithmetic on the numbers as typed."""
    xs = [Fraction(repr(float(v))) for v in np.asarray(X, dtype=float)[:, 0]]
    pos = [v for v, lab in zip(xs, y) if lab == 1]
    neg = [v for v, lab in zip(xs, y) if lab == -1]
    mp, mn = sum(pos, Fraction(0)) / len(pos), sum(neg, Fraction(0)) / len(neg)
    # nearer to mu+ exactly when (x - mu-)^2 - (x - mu+)^2 > 0; a tie is predicted -1
    return np.array([1 if (v - mn) ** 2 - (v - mp) ** 2 > 0 else conventions.SIGN_AT_ZERO for v in xs])


@exercise("ch03-construct", number=4, title="build a failure in one dimension", points=4, kind="construct",
          hint="On a line, the boundary of the closest-centroid rule is a single point. Where is it, in terms of "
               "the two means, and what must be true of a negative on the wrong side of it while a threshold "
               "still separates the classes?")
def _construct(t, failure_data_1d):
    X, y = failure_data_1d()
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if not t.check_true(X.ndim == 2 and X.shape[1:] == (1,), what="`X` must have shape (n, 1): one feature",
                        mistake=Mistake("two-features", None, "two features instead of one (the toy set)")
                        if X.ndim == 2 and X.shape[1] == 2 else None):
        return
    small = bool(X.shape[0] <= 5 and np.all(np.isfinite(X)) and np.all(X == np.round(X))
                 and np.all((X >= 0) & (X <= 10)))
    if not t.check_true(small and y.shape == (X.shape[0],),
                        what="at most 5 points, each a whole number from 0 to 10, and one label per row",
                        mistake=Mistake("too-many-or-not-whole", None, "more than 5 points, or coordinates that are "
                                                                       "not whole numbers from 0 to 10")
                        if y.shape == (X.shape[0],) else None):
        return
    if not t.check_true(set(y.tolist()) == {-1, 1}, what="labels -1 and +1, both present"):
        return
    separable = bool(is_separable(X, y))
    predicted = _exact_centroid_predictions(X, y)
    wrong_neg = bool(np.any((predicted != y) & (y == -1)))
    wrong_pos = bool(np.any((predicted != y) & (y == 1)))
    t.check_true(separable, what="the data must be linearly separable (a threshold separates them)",
                 mistake=Mistake("not-separable", None, "the centroid rule errs, but the data are not separable")
                 if wrong_neg or wrong_pos else None)
    if separable:
        mistake = None
        if wrong_pos and not wrong_neg:
            mistake = Mistake("casualty-positive", None, "the centroid rule misclassifies a positive, as in Flach's "
                                                         "example; here the casualty must be a negative")
        elif not wrong_pos:
            mistake = Mistake("centroid-right", None, "separable data on which the centroid rule is right everywhere")
        t.check_true(wrong_neg, what="the closest-centroid classifier must misclassify a negative training point",
                     mistake=mistake)


# --------------------------------------------------------------------------
# Exercise 5 (extend): the closest-centroid score from dot products only
# --------------------------------------------------------------------------

def _point_parts(X, y, x, D=None):
    """w . x, the squared lengths |mu+|^2 and |mu-|^2, the mean squared lengths of the points of each class, and
    the class sizes, from the points themselves with the product u . v = u D v (D = I: the ordinary one)."""
    X, y, x = np.asarray(X, dtype=float), np.asarray(y), np.asarray(x, dtype=float)
    D = np.eye(X.shape[1]) if D is None else D
    p, n = y == conventions.POSITIVE, y == conventions.NEGATIVE
    mp, mn = X[p].mean(axis=0), X[n].mean(axis=0)
    sq_len = np.einsum("ij,jk,ik->i", X, D, X)
    return (mp - mn) @ D @ x, mp @ D @ mp, mn @ D @ mn, sq_len[p].mean(), sq_len[n].mean(), p.sum(), n.sum()


# one message for both wrong biases (no factor 1/2, wrong sign), and one for both wrong squared lengths (the
# mean of the |x_i|^2, the double sum divided once): a message each would name the fix
_DUAL_BIAS = "the midpoint of the two means does not score 0 with your bias: what must the bias be for that?"
_DUAL_SQUARE = ("the number your score uses for |mu+|^2 (or |mu-|^2) is not mu+ · mu+ of these points: work out "
                "both for a class of two points, once from the points and once from their entries of G")


def _dual_mistakes(X, y, x, D=None):
    wx, sp, sn, dp, dn, n_p, n_n = _point_parts(X, y, x, D)
    return [
        Mistake("dual-no-bias", wx, "your score equals w · x: where is the bias?"),
        Mistake("dual-bias", wx - (sp - sn), _DUAL_BIAS),
        Mistake("dual-bias", wx + (sp - sn) / 2, _DUAL_BIAS),
        Mistake("dual-squared-length", wx - (dp - dn) / 2, _DUAL_SQUARE),
        Mistake("dual-squared-length", wx - (sp * n_p - sn * n_n) / 2, _DUAL_SQUARE),
    ]


def _rebuilt_points(G, y, k):
    """The score from points rebuilt out of G (eigenvectors times the square roots of the eigenvalues, the
    negative ones cut to 0) and handed to the library: right only when G is a table of ordinary dot products."""
    vals, vecs = np.linalg.eigh(G)
    P = vecs * np.sqrt(np.clip(vals, 0, None))
    z = np.linalg.lstsq(P, k, rcond=None)[0]
    return Mistake("dual-rebuilt-points", float(centroid_classifier(P, y).decision_function(z[None])[0]),
                   "rebuilding points from G works only when G holds ordinary dot products, and this one does "
                   "not: write the score itself in terms of the entries of G and k")


# the score of the indefinite-product probe below, kept only as its fingerprints (public.fingerprints: hashes of
# the number rounded to cells 1e-9 wide, and moved half a cell either way), so that it cannot be read here; the
# chapter's tests recompute it from the probe's points and from G and k
_INDEFINITE_SALT, _INDEFINITE_ATOL = "ch03-dual/indefinite", 1e-9
_INDEFINITE_PRINTS = {"97e12877121b5e59731ba14829799c32", "f67f09cd283577ebaf79bda8161227e6"}


@exercise("ch03-dual", number=5, title="the score from dot products alone", points=3, kind="extend",
          hint="Write mu+ · x and mu+ · mu+ with mu+ = (1/n+) sum of the positive x_i, and expand the dot "
               "products: every term is an entry of G or of k.")
def _dual(t, centroid_score):
    X, y = datasets.toy()
    X, y = np.vstack([X, [[1.0, 4.0]]]), np.append(y, 1)     # three positives, two negatives
    x = np.array([1.0, 2.0])
    G, k = X @ X.T, X @ x
    t.check(lambda: float(centroid_score(G.copy(), y.copy(), k.copy())),
            float(centroid_classifier(X, y).decision_function(x[None])[0]),
            call="`centroid_score(G, y, k)` for the toy set with a third positive (1, 4), and the point (1, 2)",
            reveal=False,
            misconceptions=_dual_mistakes(X, y, x))
    rng = np.random.default_rng(51)
    Xr, yr = rng.normal(size=(9, 4)), np.array([1, 1, -1, 1, -1, -1, -1, 1, -1])
    for xr in rng.normal(size=(3, 4)):
        Gr, kr = Xr @ Xr.T, Xr @ xr
        t.check(lambda: float(centroid_score(Gr.copy(), yr.copy(), kr.copy())),
                float(centroid_classifier(Xr, yr).decision_function(xr[None])[0]), atol=1e-9,
                call="`centroid_score(G, y, k)` on 9 random points in 4-D (4 positives, 5 negatives)", reveal=False,
                misconceptions=_dual_mistakes(Xr, yr, xr))
    # only dot products enter: rotated data have the same G and k, and so the same score
    Q, _ = np.linalg.qr(rng.normal(size=(4, 4)))
    Xq, xq = Xr @ Q, rng.normal(size=4) @ Q
    t.check(lambda: float(centroid_score(Xq @ Xq.T, yr.copy(), Xq @ xq)),
            float(centroid_classifier(Xq, yr).decision_function(xq[None])[0]), atol=1e-9,
            call="`centroid_score(G, y, k)` on the same points rotated", reveal=False)
    # a symmetric table that is no table of ordinary dot products (u . v = u1 v1 + u2 v2 - u3 v3 gives some
    # points a negative squared length), so no points can be rebuilt from G to hand to lk.centroid_classifier
    J = np.diag([1.0, 1.0, -1.0])
    Xs, ys, xs = rng.normal(size=(7, 3)), np.array([1, -1, 1, 1, -1, -1, 1]), rng.normal(size=3)
    Gs, ks = Xs @ J @ Xs.T, Xs @ J @ xs
    call = ("`centroid_score(G, y, k)` with the product u · v = u₁v₁ + u₂v₂ − u₃v₃ of 7 points in 3-D "
            "(a G no points have as ordinary dot products)")
    try:
        got = float(centroid_score(Gs.copy(), ys.copy(), ks.copy()))
    except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything; say what it raised
        t.check_true(False, what=f"{call} runs (it raised {type(exc).__name__})")
        return
    if fingerprint(_INDEFINITE_SALT, got, _INDEFINITE_ATOL) in _INDEFINITE_PRINTS:
        t.check_true(True, what=call)
        return
    known = [m for m in _dual_mistakes(Xs, ys, xs, J) + [_rebuilt_points(Gs, ys, ks)]
             if abs(got - m.value) <= _INDEFINITE_ATOL * max(1.0, abs(m.value))]
    t.check_true(False, what=f"{call}: the score w · x + b", mistake=known[0] if known else None)


# --------------------------------------------------------------------------
# Exercise 6 (construct): duplicated negatives that leave least squares where it was
# --------------------------------------------------------------------------

def _normal_equations_solution(X, y):
    """The exact solution of X~^T X~ w~ = X~^T y on the numbers as typed, or None when it is not unique."""
    rows = [[Fraction(1)] + [Fraction(repr(float(v))) for v in r] for r in np.asarray(X, dtype=float)]
    d1 = len(rows[0])
    M = [[sum((r[a] * r[b] for r in rows), Fraction(0)) for b in range(d1)]
         + [sum((r[a] * int(lab) for r, lab in zip(rows, y)), Fraction(0))] for a in range(d1)]
    for c in range(d1):                       # Gauss-Jordan elimination in fractions
        p = next((r for r in range(c, d1) if M[r][c] != 0), None)
        if p is None:
            return None
        M[c], M[p] = M[p], M[c]
        for r in range(d1):
            if r != c and M[r][c] != 0:
                f = M[r][c] / M[c][c]
                M[r] = [a - f * e for a, e in zip(M[r], M[c])]
    return [M[i][d1] / M[i][i] for i in range(d1)]


@exercise("ch03-duplicate", number=6, title="duplicates that leave least squares alone", points=2,
          kind="construct",
          hint="Write the normal equations of the data with every negative twice and compare them, term by "
               "term, with those of the original data.")
def _duplicate(t, duplicate_proof_data):
    X, y = duplicate_proof_data()
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if not t.check_true(X.ndim == 2 and X.shape[1] == 2 and y.shape == (X.shape[0],)
                        and bool(np.all(np.isfinite(X))),
                        what="`X` of shape (n, 2) with finite numbers, and one label per row"):
        return
    if not t.check_true(X.shape[0] >= 5 and int(np.sum(y == 1)) >= 2 and int(np.sum(y == -1)) >= 2
                        and set(y.tolist()) <= {-1, 1},
                        what="at least 5 points, with at least 2 of each class (labels -1 and +1)"):
        return
    before = _normal_equations_solution(X, y)
    Xd, yd = np.vstack([X, X[y == -1]]), np.r_[y, y[y == -1]]
    after = _normal_equations_solution(Xd, yd)
    if not t.check_true(before is not None and after is not None,
                        what="a unique least-squares solution (the columns of X~ independent)",
                        mistake=Mistake("duplicate-not-unique", None, "the least-squares solution is not unique: "
                                                                      "the columns of X~ are dependent")):
        return
    t.check_true(before == after, what="duplicating every negative must leave the least-squares weights unchanged",
                 mistake=Mistake("duplicate-moves", None, "duplicating the negatives moves the least-squares fit of "
                                                          "these data: the negatives pull on it twice as hard"))
