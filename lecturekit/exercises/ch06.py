"""Checks of chapter 6's exercises (gradient descent and the perceptron criterion).

What this module holds: the exercises' data and probes, the definitions a check
needs (the criterion in exact rational arithmetic, ``fractions.Fraction``; the
squared-margin criterion of Exercise 5 and central differences of it), and the
catalogued mistakes.  It holds no answer: the keys of Exercises 1, 3, 5 and 6,
and the catalogued wrong answers whose value would give a key away, are stored
only as fingerprints (:func:`lecturekit.exercises.public.fingerprint`: a hash of
the value, its numbers rounded to the probe's tolerance); Exercise 5 is also
compared with central differences of J_s at three probes.  Exercises 2 and 4 are
graded by the property the answer must have.  The reference answers that produced the
fingerprints are in ``tests/ch06_reference.py``.  The mistake test and the label
at a score of 0 come from :mod:`lecturekit.conventions`.  Predict and explain
answers are never shown (``reveal=False``), and no catalogued mistake's message
names a key.
"""

import numbers
from fractions import Fraction

import numpy as np

import warnings

from .. import conventions
from ..datasets import noisy, toy
from ..theory import is_separable
from ..feedback import matches
from . import Mistake, exercise
from .public import away as _away
from .public import fingerprint, fingerprints


def _exact(v):
    """A float as the rational number of its shortest decimal repr (what the learner typed)."""
    return Fraction(repr(float(v)))


def _criterion(w, X, y):
    """J(w) = sum over y_i w . (1, x_i) <= 0 of -y_i w . (1, x_i), in exact arithmetic."""
    total = Fraction(0)
    for x_i, y_i in zip(conventions.homogeneous(X), y):
        margin = int(y_i) * sum(_exact(a) * _exact(b) for a, b in zip(w, x_i))
        if conventions.is_mistake(margin):
            total -= margin
    return total


# --------------------------------------------------------------------------
# Exercise 1 — the slopes at a kink, as formulas in the data
# --------------------------------------------------------------------------
# The points (1, a), (1, -c) and (3, 0) with label +1 and (0, 0) with label -1, for a > 0 and c > 1;
# w = (-1, 1, 0) and f(t) = J(w + t d) with d = (0, 1, 1).  The check calls the learner's two functions with
# exact fractions, some of twenty digits, where no difference quotient in floating point can be exact.
_PROBES1 = ((Fraction(5, 2), Fraction(3, 2)), (Fraction(1, 3), Fraction(7, 2)),
            (Fraction(10 ** 20 + 1), Fraction(10 ** 20 + 3)),
            (Fraction(1, 10 ** 20 + 7), Fraction(10 ** 20 + 9, 10 ** 20)))


def _nd(pairs):
    """Pairs of fractions written out ("-7/2"): plain data that the check compares exactly, digit for digit."""
    return [[None if v is None else str(v) for v in pair] for pair in pairs]


# The key, the catalogued mistakes and the near misses are held only as fingerprints (public.fingerprint: a hash of
# the value, numbers rounded to cells one tolerance wide); tests/ch06_reference.py computes them from the definitions.
_SALT1, _ATOL1, _NEAR_ATOL1 = "ch06-predict-gradient", 1e-9, 1e-6
_KEY1 = "16df705dcb07119a891c4fb1f96563db"
_MISTAKES1 = (
    ("central-difference", "44ccdc06f745b954ba727a698cd9f6bb",
     "one number for both sides, the average that a central difference measures at a kink: f has a different slope "
     "on each side of t = 0"),
    ("one-slope", "6f7a380761b791ff544b03dc02405f74",
     "one slope for both sides, the gradient the library returns: it counts every point on the boundary as a "
     "mistake at once; for t < 0 and for t > 0 separately, which of them is strictly wrong?"),
    ("one-weight", "027d487e5892e2d9694f364a8639feb6",
     "your slopes are those of turning the boundary by raising w2 alone; f(t) raises w1 by t as well: write each "
     "example's margin as a function of t"),
)
# one fingerprint per slope at the first two probes, to a relative 1e-6: a float answer close to the exact one
_NEAR1 = (
    "a92180af40d7d6946aa6c778c2816949",
    "5ab93d1c20258a93e3975e97d2457599",
    "e9225ca0bc0b0205bd1aae4ca9ac8770",
    "023b59bdda05b3ae25403606c2ff8470",
)
_ZERO_SIDE = Mistake("one-boundary-point", None, "a slope of 0: on that side of t = 0, is every example really "
                                                 "on its right side?")
_WRONG_SIGN = Mistake("uphill", None,
                      "at one of the check's (a, c) your slopes make f fall below f(0) = 0 just beside t = 0, on at "
                      "least one side; J is a sum of terms that are never negative (this says nothing about the "
                      "sizes of your slopes)")
_APPROXIMATE = Mistake("difference-quotient", None,
                       "your values are close on some of the check's inputs but not exact: floating point (a "
                       "difference quotient, or float() of the inputs) cannot represent a = 10**20 + 1 or "
                       "c = 1 + 9/10**20 exactly; write the slopes as formulas in a and c and keep a and c the "
                       "fractions the check passes in (fractions in, fractions out)")


def _exactly(v):
    """``v`` as an exact fraction (a float is taken at its exact binary value), or None if it is no number."""
    if isinstance(v, (bool, np.bool_)):
        return None
    if isinstance(v, (int, np.integer)):
        return Fraction(int(v))
    if isinstance(v, Fraction):
        return v
    if isinstance(v, (float, np.floating)) and np.isfinite(v):
        return Fraction(float(v))
    return None


@exercise("ch06-predict-gradient", number=1, title="the slopes at a kink, as formulas", points=2, kind="predict",
          hint="Write each example's margin y_i (w + t d) . (1, x_i) as a function of t, a and c, with the 1 in "
               "front of each x. For small t < 0 and for small t > 0 separately: which examples are strictly "
               "wrong, and how does J change with t?")
def _predict(t, slope_left, slope_right):
    what = ("`slope_left(a, c)` and `slope_right(a, c)` must be the two one-sided slopes of f at t = 0, exactly, for "
            "every a > 0 and c > 1")
    if not t.check_true(callable(slope_left) and callable(slope_right),
                        what=what + "; they must be functions of a and c"):
        return
    got, raised = [], None
    for a, c in _PROBES1:
        try:
            got.append((_exactly(slope_left(a, c)), _exactly(slope_right(a, c))))
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
            raised = raised or f"{type(exc).__name__} at a = {a}, c = {c}"
            got.append((None, None))
    if raised:
        t.check_true(False, what=f"{what}; your functions raised {raised}")
        return
    numbers = all(v is not None for pair in got for v in pair)
    written = _nd(got)
    named = [Mistake(mid, written, message) for mid, fp, message in _MISTAKES1
             if numbers and fingerprint(f"{_SALT1}/{mid}", written, _ATOL1) == fp]
    right = numbers and fingerprint(_SALT1, written, _ATOL1) == _KEY1
    if numbers and not named and not right:
        near = [float(v) for pair in got[:2] for v in pair]
        if all(fp in fingerprints(f"{_SALT1}/near{i}", v, _NEAR_ATOL1) for i, (v, fp) in enumerate(zip(near, _NEAR1))):
            t.check_true(False, what=what, mistake=_APPROXIMATE)
            return
        if any(left > 0 or right < 0 for left, right in got):
            t.check_true(False, what=what, mistake=_WRONG_SIGN)
            return
        if any(left == 0 or right == 0 for left, right in got):
            t.check_true(False, what=what, mistake=_ZERO_SIDE)
            return
    t.check(written, written if right else _away(written), atol=0.0,
            call="`[(slope_left(a, c), slope_right(a, c)) for (a, c) in [(5/2, 3/2), (1/3, 7/2), (10**20 + 1, "
                 "10**20 + 3), (1/(10**20 + 7), 1 + 9/10**20)]]`, as fractions",
            reveal=False, misconceptions=named)


# --------------------------------------------------------------------------
# Exercise 2 — construct: zero criterion, yet not separating
# --------------------------------------------------------------------------
_X_TOY, _Y_TOY = toy()


@exercise("ch06-construct", number=2, title="construct: zero criterion, yet not separating", points=2,
          kind="construct",
          hint="J = 0 asks that no example is strictly on the wrong side. The perceptron also updates on an "
               "example whose score is exactly 0. Draw the four points and think of lines, not of weight vectors.")
def _construct(t, w_flat):
    try:
        w = np.asarray(w_flat, dtype=float)
    except (TypeError, ValueError):
        w = np.zeros(0)
    if not t.check_true(w.shape == (3,) and bool(np.all(np.isfinite(w))),
                        what=f"`w_flat` must hold three numbers (b, w1, w2); got "
                             f"{'shape ' + str(w.shape) if w.size else 'no numbers'}"):
        return
    if not t.check_true(bool(w.any()), what="`w_flat` must not be the zero vector",
                        mistake=Mistake("zero-vector", None, "w = 0 is the trivial answer the exercise excludes: "
                                                             "it has no boundary at all")):
        return
    t.check_true(w[conventions.BIAS_INDEX] != 0, what="the bias of `w_flat` must not be 0",
                 mistake=Mistake("zero-bias", None, "a bias of 0 puts the boundary through the origin, the slice "
                                                    "w0 = 0 of the figure; the exercise asks for a boundary that "
                                                    "misses the origin"))
    margins = [int(y_i) * sum(_exact(a) * _exact(b) for a, b in zip(w, x_i))
               for x_i, y_i in zip(conventions.homogeneous(_X_TOY), _Y_TOY)]
    t.check_true(_criterion(w, _X_TOY, _Y_TOY) == 0, what="J(w_flat) must be 0 on the toy set: no example strictly "
                                                          "on its wrong side",
                 mistake=Mistake("strictly-wrong", None, "a point strictly on the wrong side adds a positive "
                                                         "term to J"))
    t.check_true(any(conventions.is_mistake(m) for m in margins),
                 what="`w_flat` must not separate the toy set: the perceptron must still update on some example",
                 mistake=Mistake("separates", None, "a separating w also has J = 0, but then the perceptron "
                                                    "stops: which examples does the perceptron update on?"))


# --------------------------------------------------------------------------
# Exercise 3 — predict: a longer step on another bowl
# --------------------------------------------------------------------------
# The bowl J(w) = 3 (w1 - 1)^2 + 1/2 (w2 + 2)^2 at eta = 0.3.  The letter, the limit and the catalogued wrong limits
# are held only as fingerprints (tests/ch06_reference.py computes them from the bowl); the letter's fingerprint is
# salted with the limit, so that it is looked up only once the limit is right.
_SALT3, _ATOL3 = "ch06-explain", 1e-9  # the precision the exercise states
_LIMIT3 = "ccb8f0dd1c592ab18faa91e17b8ffd7c"
_LETTER_MISTAKES3 = (
    ("no-overshoot", "1f54ac9ebce40b6528e4ece46b4f52e0",
     "write out what one step at this rate does to w1 - 1 and to w2 + 2, coordinate by coordinate: does either "
     "change sign?"),
    ("overshoot-grows", "e77925c79f975a0b4ccd292a6c695e07",
     "compute the factor by which one step at this rate multiplies w1 - 1, and the one for w2 + 2, and compare "
     "each with -1, 0 and 1"),
    ("gradient-points-at-minimum", "e86d6cf556208b2849e4376cca0ff864",
     "the gradient is perpendicular to the contours; on a bowl that is narrower one way than the other, that is "
     "not the direction of the lowest point"),
)
_KEY3 = "8c05b09d57570b2b80d6b94773fcd8d9"
_LIMIT_MISTAKES3 = (
    ("wide-direction", "d8917367922285f3cd860345bdf733aa",
     "at this rate, from a start off the minimum in both coordinates, does every coordinate's distance from the "
     "minimum shrink?"),
    ("no-chain-rule", "5baea7eec9deabc6f0dcacfd92f91306",
     "this rate comes from a coefficient of the bowl, not from its gradient: what does one step do to each "
     "coordinate's distance from the minimum?"),
    ("one-step-landing", "622dde10d4c8aca9c632ca0075625ee4",
     "the exercise asks for the rate at which some start stops converging; at this rate, follow a start off the "
     "minimum in both coordinates for a few steps"),
    ("section-1-bowl", "3b4be1165fd9ec65d6e107a577b73e88",
     "this is the limit of section 1's bowl, (w1 - 1)^2 + 4(w2 + 0.5)^2: which coefficients of a bowl set the "
     "limit, and what are they on this one?"),
)


def _letter_salt(eta_limit):
    return f"{_SALT3}/answer/{round(float(eta_limit), 6)!r}"


@exercise("ch06-explain", number=3, title="predict: a longer step on another bowl", points=2, kind="predict",
          hint="Write one step for each coordinate separately: what does it do to w1 - 1, and to w2 + 2? Compare "
               "each factor you get with -1, 0 and 1, and ask for which rates both factors stay between -1 and 1.")
def _explain(t, answer, eta_limit):
    if isinstance(answer, str):
        answer = answer.strip().lower()  # "B" and " b" mean the option b
    if not t.check_true(isinstance(eta_limit, (numbers.Real, np.integer, np.floating))
                        and not isinstance(eta_limit, (bool, np.bool_)) and np.isfinite(float(eta_limit)),
                        what=f"`eta_limit` must be a number (a fraction a / b will do); got {type(eta_limit).__name__}"):
        return
    # any real number, a Fraction included (the message below suggests one), is compared as a float; the number is
    # shown as typed, every digit: a rounded display of a near miss would read as the key
    typed = float(eta_limit)
    limit_ok = t.check_true(
        _LIMIT3 in fingerprints(f"{_SALT3}/limit", typed, _ATOL3),
        what=f"`eta_limit` is {typed!r}: that is not the rate that separates the two behaviours to within "
             f"{_ATOL3:g} (give it exactly, e.g. as a fraction a / b)",
        mistake=next((Mistake(mid, typed, message) for mid, fp, message in _LIMIT_MISTAKES3
                      if fp in fingerprints(f"{_SALT3}/limit/{mid}", typed, _ATOL3)), None))
    # the letter is graded together with the limit: trying the four letters one after another says nothing until the
    # limit, which needs the same per-coordinate factors as the letter, is right
    if limit_ok:
        if not t.check_true(answer in ("a", "b", "c", "d"), what="`answer` must be one of the letters a, b, c, d"):
            return
        salt = _letter_salt(eta_limit)
        right = isinstance(answer, str) and fingerprint(salt, answer, _ATOL3) == _KEY3
        named = [Mistake(mid, answer, message) for mid, fp, message in _LETTER_MISTAKES3
                 if isinstance(answer, str) and fingerprint(f"{salt}/{mid}", answer, _ATOL3) == fp]
        t.check(answer, answer if right else _away(answer), call="`answer`", reveal=False, misconceptions=named)


# --------------------------------------------------------------------------
# Exercise 4 — construct: data on which descent never leaves 0
# --------------------------------------------------------------------------
def _first_step(X, y):
    """The batch step from w = 0 with rate 1, exactly."""
    total = [Fraction(0)] * 3
    for x_i, y_i in zip(conventions.homogeneous(X), y):
        total = [s + int(y_i) * _exact(v) for s, v in zip(total, x_i)]
    return total


_GIVEN = ((np.array([2.0, 0.0]), conventions.POSITIVE), (np.array([0.0, 1.0]), conventions.POSITIVE),
          (np.array([-1.0, 0.0]), conventions.NEGATIVE))


_STALL_MAX = 1000  # whole numbers up to this size: every sum the batch perceptron forms from them is exact in floats


def _point(row):
    return "(" + ", ".join(f"{v:g}" for v in row) + ")"


@exercise("ch06-construct-stall", number=4, title="construct: data on which descent never leaves 0", points=2,
          kind="construct",
          hint="Which examples are in M at w = 0, so what is the first step? Write it out coordinate by coordinate, "
               "the 1 in front of each x included, and ask what the two classes must have in common.")
def _construct_stall(t, X_stall, y_stall):
    try:
        X = np.asarray(X_stall, dtype=float)
        y = np.asarray(y_stall)
    except (TypeError, ValueError):
        X, y = np.zeros((0, 0)), np.zeros(0)
    if not t.check_true(X.ndim == 2 and X.shape[1:] == (2,) and X.shape[0] >= 2 and y.shape == (X.shape[0],)
                        and bool(np.all(np.isfinite(X))),
                        what=f"`X_stall` must have shape (n, 2) with n >= 2 finite rows and `y_stall` one label per row; "
                             f"got shapes {X.shape} and {y.shape}"):
        return
    if not t.check_true(set(np.unique(y).tolist()) == set(conventions.LABELS),
                        what=f"`y_stall` must hold both labels {conventions.LABELS} and nothing else"):
        return
    rows = [(tuple(row), int(label)) for row, label in zip(X.tolist(), y.tolist())]
    t.check_true(all((tuple(x.tolist()), int(label)) in rows for x, label in _GIVEN),
                 what="`X_stall` must contain the three given points, with their labels")
    labels_of = {}
    for row, label in rows:
        labels_of.setdefault(row, set()).add(label)
    repeated = [row for row, labels in labels_of.items() if sum(r == row for r, _ in rows) > 1]
    both = [row for row in repeated if len(labels_of[row]) > 1]
    if both:
        mistake = Mistake("same-point", None, f"the point {_point(both[0])} appears with both labels: the exercise "
                                              "asks for different points")
    elif repeated:
        mistake = Mistake("repeated-point", None, f"the point {_point(repeated[0])} appears more than once, with "
                                                  "the same label: the exercise asks for different points")
    else:
        mistake = None
    t.check_true(not repeated, what="no point may appear twice in `X_stall`", mistake=mistake)
    t.check_true(bool(np.all((X == np.round(X)) & (np.abs(X) <= _STALL_MAX))),
                 what=f"`X_stall` must hold whole numbers of size at most {_STALL_MAX}, as the prompt asks (write 3 "
                      "or 3.0, not a decimal such as 0.3): on them the computer's sums are exact, so the library's "
                      "run stays at 0 in floats as well as in exact arithmetic; on decimal data the exact step can be "
                      "zero while the float sums leave a rounding error that moves the stored w a little")
    step = _first_step(X, y)
    features = [v for j, v in enumerate(step) if j != conventions.BIAS_INDEX]
    what = "the first step from w = 0 must be zero in every coordinate (computed exactly)"
    if all(v == 0 for v in step):
        t.check_true(True, what=what)
    elif all(v == 0 for v in features):
        t.check_true(False, what=what, mistake=Mistake(
            "bias-forgotten", None, "the step's bias coordinate is the sum of the labels, from the 1 in front of "
                                    "every x: it is not zero here"))
    elif is_separable(X, y):
        t.check_true(False, what=what, mistake=Mistake(
            "separable", None, "a line separates these data; then the descent can never stall at w = 0 (why not?)"))
    else:
        t.check_true(False, what=what)


# --------------------------------------------------------------------------
# Exercise 5 — extend: the gradient of a new criterion
# --------------------------------------------------------------------------
_X_LINE, _Y_LINE = np.array([[1.0], [2.0], [3.0]]), np.array([1, 1, -1])


def squared_margin_criterion(w, X, y, b):
    """J_s(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2, from its definition."""
    m = np.asarray(y) * (conventions.homogeneous(X) @ np.asarray(w, dtype=float))
    short = m <= b
    return 0.5 * float(np.sum((b - m[short]) ** 2))


_X_BIG, _Y_BIG = np.array([[3000.0], [-2000.0], [1000.0]]), np.array([1, -1, 1])
_X_DEC, _Y_DEC = np.array([[3000.1], [-2000.3], [1000.7], [0.7], [-2000.5]]), np.array([1, -1, 1, -1, -1])


# The exact gradients of J_s at the probes that no difference quotient passes, and the catalogued wrong answer
# whose value is a gradient, are held only as fingerprints (to 1e-9; "near" ones to 1e-4, which a difference
# quotient reaches); tests/ch06_reference.py computes them exactly from the definition of J_s.
_SALT5, _ATOL5, _NEAR_ATOL5 = "ch06-margin-gradient", 1e-9, 1e-4
_ARGS5 = {"toy": ([0.5, 1.0, -1.0], _X_TOY, _Y_TOY, 1.0), "toy-zero": ([0.0, 0.0, 0.0], _X_TOY, _Y_TOY, 2.0),
          "toy-far": ([0.0, -1.0, 4.0], _X_TOY, _Y_TOY, 0.5), "big": ([1.0, -3.0], _X_BIG, _Y_BIG, 2.0),
          "near-b": ([0.5, 0.4995], _X_LINE, _Y_LINE, 1.0),
          "decimal": ([0.1, -3.2], _X_DEC, _Y_DEC, 2.14005)}
_KEYS5 = {
    "toy": "daafe90372ba5d2f45bad6714319fdce",
    "toy-zero": "c464573f24d6af85b23cf5cef6fa3728",
    "toy-far": "137966d0ac637221b143c267fa033c03",
    "big": "a3766b4047a7a9eb604a7fe155e7dc3c",
    "near-b": "192e65ec194dc0c0c570bf217da618b6",
    "decimal": "376322f1041cd2c79bcb90cf34ee0bc5",
}
_NEAR5 = {"big": "7e2bd396a076bba9d123ac91f5ef1c64", "near-b": "8bd99ce4c337b79bfc33589de0e2f280"}
_PERCEPTRON_SET5 = "c2c1e49a54b71cf99cc212ef88b5d348"


def _hashed(t, compute, key, *, salt, atol, shape, call, misconceptions=()):
    """t.check of ``compute()`` (an array of ``shape``) against the value whose fingerprint is ``key``."""
    try:
        value = np.asarray(compute(), dtype=float)
        right = value.shape == shape and key in fingerprints(salt, value.tolist(), atol)
    except Exception:  # noqa: BLE001 - the learner's code may raise anything; t.check reports it on its own call
        value, right = np.zeros(shape), False
    if value.shape != shape:
        value, right = np.zeros(shape), False  # the form only: the message says the shape differs
    return t.check(compute, value if right else np.asarray(_away(value.tolist())), call=call, reveal=False,
                   atol=atol, misconceptions=misconceptions)


def _numerical(w, X, y, b, h=1e-6):
    """Central differences of J_s in floats: what the learner can compute with lk.numerical_gradient."""
    w = np.asarray(w, dtype=float)
    out = np.zeros_like(w)
    for j in range(w.size):
        e = np.zeros_like(w)
        e[j] = h
        out[j] = (squared_margin_criterion(w + e, X, y, b) - squared_margin_criterion(w - e, X, y, b)) / (2 * h)
    return out


_W5, _B5 = _ARGS5["toy"][0], _ARGS5["toy"][3]
_PERCEPTRON_SET_MESSAGE = ("which examples does the sum of J_s run over? At this w, list each example's y_i w . x_i "
                           "next to b")
_UPHILL = Mistake("uphill", None, "J_s does not rise along your vector g here: J_s(w + s g) <= J_s(w) for a small "
                                  "s > 0 (compute both). A gradient points where the function rises fastest")
_NOT_THE_SLOPES = Mistake("no-half", None, "J_s rises along your vector g here, but g is not its gradient: compare "
                                           "each coordinate with central differences of your own J_s at this w "
                                           "(lk.numerical_gradient), and differentiate one term with the chain rule")
_DIFFERENCE_QUOTIENT = Mistake(
    "finite-differences", None,
    "close, but not the gradient: a difference quotient (J_s(w + h e) - J_s(w - h e)) / 2h rounds in floating point "
    "by about |J_s| 1e-16 / h, and a step h long enough to keep that small can carry a margin across b. The check's "
    "probe with decimal data, margins in the thousands and one margin just below b is one where every h fails one way "
    "or the other; derive the formula with the chain rule (a difference quotient in exact fractions is a good way to "
    "confirm it, not to answer)")
_LINEAR = Mistake("perceptron-gradient", None,
                  "your g is the same at every w with the same examples in the sum, like the gradient of a "
                  "criterion that is linear in the margin; J_s is quadratic in it: differentiate one of its terms "
                  "with the chain rule")


def _first_probe(t, squared_margin_gradient):
    """The toy set at w = (0.5, 1, -1), b = 1, with feedback that observes what a wrong g fails."""
    call = "`squared_margin_gradient([0.5, 1, -1], X_toy, y_toy, b=1)`"
    try:
        got = np.asarray(squared_margin_gradient(list(_W5), _X_TOY, _Y_TOY, _B5), dtype=float)
    except Exception:  # noqa: BLE001 - t.check runs it again and reports what it raised
        got = None
    ok = got is not None and got.shape == (3,) and bool(np.all(np.isfinite(got)))
    named = ([Mistake("perceptron-set", got, _PERCEPTRON_SET_MESSAGE)]
             if ok and _PERCEPTRON_SET5 in fingerprints(f"{_SALT5}/toy/perceptron-set", got.tolist(), _ATOL5) else [])
    if (not ok or not np.any(got) or named or _KEYS5["toy"] in fingerprints(f"{_SALT5}/toy", got.tolist(), _ATOL5)):
        return _hashed(t, lambda: squared_margin_gradient(list(_W5), _X_TOY, _Y_TOY, _B5), _KEYS5["toy"],
                       salt=f"{_SALT5}/toy", atol=_ATOL5, shape=(3,), call=call, misconceptions=named)
    # a gradient that does not change when w moves along a direction that keeps the same examples in the sum
    moved = [v + 0.1 * d for v, d in zip(_W5, (0.0, 0.0, 1.0))]
    try:
        again = np.asarray(squared_margin_gradient(moved, _X_TOY, _Y_TOY, _B5), dtype=float)
    except Exception:  # noqa: BLE001
        again = None
    w = np.asarray(_W5)
    s = 1e-4 / float(np.linalg.norm(got))
    rises = squared_margin_criterion(w + s * got, _X_TOY, _Y_TOY, _B5) > squared_margin_criterion(w, _X_TOY, _Y_TOY, _B5)
    if not rises:
        mistake = _UPHILL
    elif again is not None and again.shape == got.shape and np.array_equal(again, got):
        mistake = _LINEAR
    else:
        mistake = _NOT_THE_SLOPES
    return t.check_true(False, what=f"{call} must be the gradient of J_s at w = (0.5, 1, -1), b = 1", mistake=mistake)


@exercise("ch06-margin-gradient", number=5, title="extend: the gradient of a new criterion", points=2,
          kind="extend",
          hint="Near a w where no score equals b the set of examples in the sum does not change; differentiate "
               "one term (b - y_i w . x_i)^2 / 2 with the chain rule, then check your function against "
               "lk.numerical_gradient before you run this cell.")
def _margin_gradient(t, squared_margin_gradient):
    _first_probe(t, squared_margin_gradient)
    for name in ("toy-zero", "toy-far"):
        w_r, _, _, b = _ARGS5[name]
        _hashed(t, lambda: squared_margin_gradient(w_r, _X_TOY, _Y_TOY, b), _KEYS5[name], salt=f"{_SALT5}/{name}",
                atol=_ATOL5, shape=(3,), call=f"`squared_margin_gradient({w_r}, X_toy, y_toy, b={b})`")
    # with a bias, against central differences of J_s at a few points away from the edges m_i = b
    for w_r, b in (([-2.5, 1.0], 1.0), ([0.3, -0.2], 0.5), ([1.0, 0.25], 1.4)):
        t.check(lambda: squared_margin_gradient(w_r, _X_LINE, _Y_LINE, b), _numerical(w_r, _X_LINE, _Y_LINE, b),
                atol=1e-5, reveal=False,
                call=f"`squared_margin_gradient({w_r}, [[1], [2], [3]], [1, 1, -1], b={b})` against central "
                     "differences of J_s (compare them yourself with lk.numerical_gradient)")
    # Probes for the exact gradient. On "big" (whole numbers, large margins) and "near-b" (a margin 5e-4 below b)
    # a central difference with a power-of-two step such as 2**-12 passes: J_s is quadratic near these w, so a
    # central difference has no truncation error, and such a step adds no rounding on these numbers. "decimal"
    # (decimal data, margins near 1e4, one margin 5e-5 below b, a bias slope near 0.4 that is held to 1e-9) is
    # the one no difference quotient in floats passes: a step below 5e-5 keeps that margin on its side of b but
    # loses about |J_s| 1e-16 / h (far above 1e-9) to rounding, and a longer step carries it across b
    # (tests/test_chapter_06.py tries thousands of steps h, central and one-sided).
    passed = set()
    for name in ("big", "near-b", "decimal"):
        w_r, X_r, y_r, b = _ARGS5[name]
        call = (f"`squared_margin_gradient({w_r}, {np.asarray(X_r).tolist()}, {np.asarray(y_r).tolist()}, "
                f"b={b})`")
        if _hashed(t, lambda: squared_margin_gradient(w_r, X_r, y_r, b), _KEYS5[name], salt=f"{_SALT5}/{name}",
                   atol=_ATOL5, shape=(2,), call=call):
            passed.add(name)
            continue
        if name == "decimal" and {"big", "near-b"} <= passed:
            # right on the whole-number probes, wrong only here: what a difference quotient with a short
            # power-of-two step does
            t.check_true(False, what=f"{call} must be the exact gradient", mistake=_DIFFERENCE_QUOTIENT)
            continue
        try:
            got = np.asarray(squared_margin_gradient(w_r, X_r, y_r, b), dtype=float)
            close = got.shape == (2,) and name in _NEAR5 and _NEAR5[name] in fingerprints(f"{_SALT5}/{name}/near", got.tolist(),
                                                                         _NEAR_ATOL5)
        except Exception:  # noqa: BLE001 - the learner's code may raise anything; the probe above reported it
            close = False
        if close:
            t.check_true(False, what=f"{call} must be the exact gradient, not an approximation",
                         mistake=_DIFFERENCE_QUOTIENT)


# --------------------------------------------------------------------------
# Exercise 6 — debug: a descent that says it converged
# --------------------------------------------------------------------------
def _run(descend, X, y, eta1, theta, max_iter):
    try:
        out = descend(X, y, eta1, theta, max_iter)
    except ZeroDivisionError:
        return "ZeroDivisionError"
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise TypeError(f"descend must return a pair (w, separates); it returned {type(out).__name__}")
    w, ok = out
    if type(ok) not in (bool, np.bool_):
        raise TypeError(f"the second value returned must be True or False; got {type(ok).__name__}")
    return {"w": np.asarray(w, dtype=float).tolist(), "separates": bool(ok)}


# The answer of every probe below is held only as fingerprints (public.fingerprint of the pair (w, separates), to
# 1e-9), one per correct loop order (test the step's length before or after taking it); so are the catalogued wrong
# answers whose value would show a key's w.  tests/ch06_reference.py computes them from the library's batch
# perceptron and tests/test_chapter_06.py from a loop written out.
_SALT6, _ATOL6 = "ch06-debug-stop", 1e-9
_KEYS6 = {
    "toy": ("ce5e0a83e90630ddfbaac1997432e136",),
    "noisy": ("8cae343fbeba17818c3fe47a53a75192", "ac6a8900b87358ca56221c236916537c"),
    "noisy-5": ("063adc8e014bc38e211a786c1d1bc38c",),
    "toy-theta-1": ("907c26cd72c09b2738aa90892cf0605f", "9b33a7efa500492f919bd8b96f246320"),
    "toy-theta-100": ("3ffb911419e16a15acbf2945a031c6bb", "928395d41b7ec333cc31c8e14c148f1b"),
    "xor": ("f060888c050601647516f9f8db363db3",),
    "toy-theta-0": ("0abec5d22feaef83a4e7cda85524bbe4",),
    "toy-8": ("ce992b752910a2473603fa0c9c57dcdd",),
    "toy-1": ("193cb54ceb56f3de9cec5d279bc430be",),
    "edge": ("a34051454502fc12d8067951fc1f40d5",),
}
_MISTAKES6 = {
    "noisy": (
        ("rule-means-converged", "67d9f4be5e156a8f9334f7728a4a5390",
         "the stopping rule's verdict reported as the answer: a short step says the rate is small, not that "
         "the examples are right"),
    ),
    "noisy-5": (
        ("budget-one-short", "9d31c117382d76c1b333c9c04a6cf05e",
         "when the stopping rule does not fire, `descend` must take max_iter steps, as the classmate's loop does: "
         "count the steps yours takes with max_iter=5"),
    ),
    "xor": (
        ("zero-criterion", "bd2931d88b32aa7ff2307f03380efd72",
         "J(w) = 0, or no example strictly on its wrong side, is not the same as separating: an example with "
         "score exactly 0 is still a mistake (section 2, exercise 2)"),
    ),
    "toy-theta-0": (
        ("rule-means-converged", "277684d01904127dba296d5c60b6d454",
         "how the loop ended reported as the answer: the budget ran out here, but the w returned separates the"
         " data; the answer is about w, not about why the loop stopped"),
    ),
    "toy-8": (
        ("rule-means-converged", "6d83895e0d175a4b7466abfc890ece8a",
         "how the loop ended, or the mistakes of an earlier iterate, reported as the answer: the answer is "
         "about the w returned"),
    ),
    "toy-1": (
        ("data-not-w", "650399b47986c8536a656a51745755f3",
         "True here is a fact about the data (a line separates them), not about the w returned"),
    ),
    "edge": (
        ("predict-at-zero", "9f4a940d85776447871b69a174fb8d0f",
         "a label from `predict` is not the mistake test: `predict` gives a point with score exactly 0 a "
         "label, and the perceptron counts y w . x <= 0 as a mistake whatever that label is"),
    ),
}


def _probe(t, descend, args, *, name, call, misconceptions=(), catalogue=True):
    """One probe of ``descend(*args)``, graded against the fingerprints of probe ``name``; ``catalogue=False`` names
    none of the probe's fingerprinted mistakes."""
    try:
        value = _run(descend, *args)
        found = fingerprints(f"{_SALT6}/{name}", value, _ATOL6)
    except Exception:  # noqa: BLE001 - t.check below runs it again and reports what it raised
        t.check(lambda: _run(descend, *args), {"w": [0.0, 0.0, 0.0], "separates": False}, call=call, reveal=False)
        return False
    named = [m for m in misconceptions if isinstance(m, Mistake)]
    named += [Mistake(mid, value, message) for mid, fp, message in (_MISTAKES6.get(name, ()) if catalogue else ())
              if fp in fingerprints(f"{_SALT6}/{name}/{mid}", value, _ATOL6)]
    right = bool(found & set(_KEYS6[name]))
    return t.check(lambda: _run(descend, *args), value if right else _away(value), call=call,
                   misconceptions=named, reveal=False)


_XN, _YN = noisy(40, flip=0.1, seed=3)
_X_XOR = np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]])
_Y_XOR = np.array([conventions.POSITIVE, conventions.POSITIVE, conventions.NEGATIVE, conventions.NEGATIVE])
_X_EDGE = np.array([[-2.0, 1.0], [-2.0, -1.0], [0.0, 1.0]])
_Y_EDGE = np.array([conventions.POSITIVE, conventions.NEGATIVE, conventions.NEGATIVE])
# the probes' arguments (X, y, eta1, theta, max_iter), by name
_ARGS6 = {"toy": (_X_TOY, _Y_TOY, 1.0, 1e-3, 1000), "noisy": (_XN, _YN, 0.1, 1e-3, 100_000),
          "noisy-5": (_XN, _YN, 0.1, 1e-3, 5), "toy-theta-1": (_X_TOY, _Y_TOY, 1.0, 1.0, 1000),
          "toy-theta-100": (_X_TOY, _Y_TOY, 1.0, 100.0, 1000), "xor": (_X_XOR, _Y_XOR, 1.0, 0.0, 10),
          "toy-theta-0": (_X_TOY, _Y_TOY, 1.0, 0.0, 10), "toy-8": (_X_TOY, _Y_TOY, 1.0, 1e-3, 8),
          "toy-1": (_X_TOY, _Y_TOY, 1.0, 1e-3, 1), "edge": (_X_EDGE, _Y_EDGE, 1.0, 0.0, 2)}


@exercise("ch06-debug-stop", number=6, title="debug: a descent that says it converged", points=2, kind="debug",
          hint="Run the given code by hand for its first pass through the loop. Then ask what the stopping rule "
               "measures when eta(k) = eta1 / k: can it tell a separating w from any other?")
def _debug_stop(t, descend):
    k_from_zero = Mistake("k-from-zero", "ZeroDivisionError", "the code divides by k = 0 on its first pass: which "
                                                              "k does the slides' schedule eta(1) / k start from?")
    _probe(t, descend, _ARGS6["toy"], name="toy",
           call="`descend(X_toy, y_toy, eta1=1, theta=1e-3, max_iter=1000)`", misconceptions=[k_from_zero])
    _probe(t, descend, _ARGS6["noisy"], name="noisy",
           call="`descend(Xn, yn, eta1=0.1, theta=1e-3)` on the noisy data of section 6",
           misconceptions=[
                Mistake("strict-test", {"w": [0.0, 0.0, 0.0], "separates": False},
                        "`<` instead of `<=`: at w = 0 no example counts as a mistake, the first step is zero and "
                        "the rule stops at once"),
            ])
    _probe(t, descend, _ARGS6["noisy-5"], name="noisy-5", call="`descend(Xn, yn, eta1=0.1, theta=1e-3, max_iter=5)`")
    # separable data on which the descent stops before it has separated them, by the rule or by the budget: the
    # answer is about the w returned, not about the data (lk.is_separable(X_toy, y_toy) is True)
    _probe(t, descend, _ARGS6["toy-theta-1"], name="toy-theta-1",
           call="`descend(X_toy, y_toy, eta1=1, theta=1, max_iter=1000)`")
    # the rule stops at once, at w = 0: every score is 0, so J = 0 and no example is strictly wrong, yet none is right
    _probe(t, descend, _ARGS6["toy-theta-100"], name="toy-theta-100",
           call="`descend(X_toy, y_toy, eta1=1, theta=100, max_iter=1000)`")
    # the XOR corners with theta = 0 (the rule never fires): the first step is 0, so w stays 0 for the whole budget;
    # J(0) = 0 and no example is strictly wrong, and the J = 0 / "all margins >= 0" reading of "separates" says True
    zero_not_separating = _probe(t, descend, _ARGS6["xor"], name="xor",
                                 call="`descend(X_xor, y_xor, eta1=1, theta=0, max_iter=10)` on the XOR corners")
    # theta = 0: the rule never fires, so the budget ends the run; by then w separates the toy set
    _probe(t, descend, _ARGS6["toy-theta-0"], name="toy-theta-0",
           call="`descend(X_toy, y_toy, eta1=1, theta=0, max_iter=10)`")
    # the budget runs out at w(8), which separates: the answer is about the w returned, not about the w before it
    _probe(t, descend, _ARGS6["toy-8"], name="toy-8", call="`descend(X_toy, y_toy, eta1=1, theta=1e-3, max_iter=8)`")
    about_w = _probe(t, descend, _ARGS6["toy-1"], name="toy-1",
                     call="`descend(X_toy, y_toy, eta1=1, theta=1e-3, max_iter=1)`")
    # two negatives end on the boundary of the w returned, with margins (2, 0, 0): a verdict read off predict, which
    # labels a score of exactly 0 as -1, calls this w separating; the mistake test does not (named only when the
    # verdict is about the w returned and J = 0 has not been taken for separating: on these separable data either
    # verdict says True as well)
    _probe(t, descend, _ARGS6["edge"], name="edge", catalogue=about_w and zero_not_separating,
           call="`descend([[-2, 1], [-2, -1], [0, 1]], [1, -1, -1], eta1=1, theta=0, max_iter=2)`")
