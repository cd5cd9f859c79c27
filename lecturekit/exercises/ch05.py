"""Checks of chapter 5's exercises (the convergence proof).

This module holds no answer.  Where a check compares with an expected value (the coefficients and best scale of
Exercise 1, the formula of Exercise 3, the bounds of Exercises 4 and 5), it holds only the value's fingerprint, a
hash of the value rounded to the probe's tolerance (:func:`lecturekit.exercises.public.fingerprint`), and the
fingerprints of the catalogued wrong turns; the reference solutions that produce them live with the course's tests,
for instructors.  The other checks test a property the answer must have: (R / gamma)^2 from its definition
(R = max |x~_i|, gamma = min y_i u . x~_i / |u|), decided exactly in ``fractions.Fraction`` on the numbers as typed
(0.1 is 1/10), so that an answer exactly on a threshold is judged as exact arithmetic judges it, and runs of the
perceptron.  Expected values are never shown (``reveal=False``).
"""

import math
import warnings
from fractions import Fraction

import numpy as np

from . import Mistake, exercise
from .public import fingerprints

# the toy set of chapter 4 and its separating vector (0, -1, 4): the bound is 14 * 17 = 238
_X_TOY = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
_Y_TOY = np.array([1, 1, -1, -1])


def _homogeneous(X):
    X = np.asarray(X, dtype=float)
    return np.hstack([np.ones((X.shape[0], 1)), X])


def _fraction(v) -> Fraction:
    """A number as the learner typed it: the exact fraction of its shortest decimal (0.1 -> 1/10)."""
    return Fraction(repr(float(v)))


def _exact_scores(u, X, y) -> list[Fraction]:
    """y_i u . (1, x_i) for every i, exactly, on the decimal readings of u and X."""
    u = [_fraction(v) for v in np.asarray(u, dtype=float)]
    return [int(y_i) * sum(a * b for a, b in zip(u, [Fraction(1)] + [_fraction(v) for v in x]))
            for x, y_i in zip(np.asarray(X, dtype=float), y)]


def _exact_bound(u, X, y):
    """(R / gamma)^2 = R^2 |u|^2 / (min score)^2 exactly, or None when u does not separate (a score <= 0)."""
    low = min(_exact_scores(u, X, y))
    if low <= 0:
        return None
    R2 = max(1 + sum(_fraction(v) ** 2 for v in x) for x in np.asarray(X, dtype=float))
    return R2 * sum(_fraction(v) ** 2 for v in np.asarray(u, dtype=float)) / low ** 2


# --------------------------------------------------------------------------
# the expected values: fingerprints only
# --------------------------------------------------------------------------
# Where a check compares with a reference value, this module holds no value: only its fingerprint (a hash of the
# value rounded to the probe's tolerance, lecturekit.exercises.public.fingerprint) and those of the catalogued wrong
# turns.  The course's tests compute the values from the definitions and check that these fingerprints are theirs.
# probe -> (atol, fingerprints of the accepted values, ((mistake id, fingerprint), ...))
_KEYS = {'scale-coefficients-1-2': (1e-06,
                            ('c6f40263852d1f934b38bdacb4ad3431',),
                            (('scale-no-one', '715cefaef1203a9fd377da16c935bf8e'),
                             ('scale-input-norm', '6560028c93f6097b5f2a77eade9c5550'),
                             ('scale-near-radius', 'e8e0a302a9712ff222a941a7d4bd8d53'))),
 'scale-s-1-2': (0.0001,
                 ('2933b6fe2d96d34a95b475f64b6f7764',),
                 (('scale-squared', 'b59d59781969f759aeb3520a3b9edf19'),
                  ('scale-unit-point', '1f7e841ac18783424e2a8736ee71262a'))),
 'scale-coefficients-0.1-0.3': (1e-06, ('c8490722e7659c6d2a04c0bb8045942f',), ()),
 'scale-s-0.1-0.3': (0.0001, ('74a9a4ca17e642587c12d3a55b9ef4b6',), ()),
 'scale-coefficients-0.5-3': (1e-06, ('b8ef4253eb01453c869dd1ecaa6aa739',), ()),
 'scale-s-0.5-3': (0.0001, ('5758ca84856b216beb69e4033f68c1e9',), ()),
 'scale-coefficients-2-7': (1e-06, ('2926c6574dd2edc1a32f641b19d75872',), ()),
 'scale-s-2-7': (0.0001, ('80036fd71554c0a7f529b9cc41e89d49',), ()),
 'far-doubling-1-2': (1e-07, ('ae1a60ae85bd751e2c904f8f29442e5f',), ()),
 'far-doubling-0.1-0.3': (1e-07, ('1725f98c458ff352c3b61aaaf6804f52',), ()),
 'far-doubling-2-7': (1e-07, ('ef9b47ed1f846a16e3e794cf824835f1',), ()),
 'far-doubling-0.5-3': (1e-07, ('b4f2ccb9aa3f9bba86ae6fa7364f0b0e',), ()),
 'far-doubling-exact': (1e-12, ('9256c38ccb21b66487617f5fad09113a',), ()),
 'far-doubling-float': (1e-09, ('f12c14208f5c86244a73d8fa56d349cc',), ()),
 'distance-probe': (1e-06,
                    ('3e0579b5aff6683f7eb57ac96c0ad243', 'ca92e07a919a3099725feb6e494ca1b5'),
                    (('distance-no-tau', '8829e0c324b2157179bfc72dfcd6dcbd'),
                     ('distance-tau-once', '4ed4c9422701ee37342d9139a54a2e8c'),
                     ('distance-tau-no-eta', 'ea3f02cac17a51f3f0289d36303770b3'),
                     ('distance-eta-once', '8e469cc8bd65e19ae977cf6969132a7b'),
                     ('distance-no-eta', '270d900c570bc942b7e417ed7eeb09f8'),
                     ('distance-no-two', 'b1d7019657a34114f551e75e5fece858'),
                     ('distance-start', 'f6d1cfec44cfcb730b7b7935ce9f30ec'),
                     ('distance-rounded-up', '47719308ca8c68376e1e46ed433ede2f'))),
 'distance-section-5': (1e-06, ('5a89cde954dd1eb0d606a716831f8037', 'b272649d063317feafa5d5c6a3e0bd20'), ()),
 'distance-half': (1e-06,
                   ('775cf651131bde0b9ce912e3171b87bd',
                    '7fdfdb767b7962f45688ac826d3a4bdf',
                    '775cf651131bde0b9ce912e3171b87bd'),
                   ()),
 'distance-no-fall': (1e-06, (), (('distance-negative', 'b7d2d052a8a7ba989e925029ee0f9b43'),)),
 'best-a-probe': (0.0001,
                  ('fe1f142e498fefb155f1be0a9f581866',),
                  (('best-a-no-tau', 'dac74d96d87eac7d339f7e1c3b023764'),
                   ('best-a-least', '8a3871171dafc072c06fe77700e1e8aa'),
                   ('best-a-tau-once', 'fc67a32532c9574dd7158d2b98725635'),
                   ('best-a-no-eta', '8e1e363c59d228424d37e0ac563d3934'))),
 'best-a-second': (0.0001, ('b420f26987b138f09fb49022e0bf9206',), ()),
 'start-zero': (1e-06,
                ('33e8b77c43f42a612c1bab22eabe75b4',
                 'd3e7ff629088722ca7637187c4f26b20',
                 '33e8b77c43f42a612c1bab22eabe75b4'),
                ()),
 'start-w0': (1e-06,
              ('f9cc0de708de83ed75a6f8c595ed311f', 'aa3e7eac4934717afd5a2190b9681028'),
              (('start-chain-at-zero', '9543c6b60bc85f8b5993db2482e8e31a'),
               ('start-chain-at-zero', '64e44de01dc23af964d60dc67e1abdbc'),
               ('start-not-unit', '0e3dc1970af812a5cb8ae56363e36fe4'),
               ('start-rounded-up', '822a53c66a00b25a53e6d1a4869fce63'))),
 'start-off': (1e-06,
               ('32790b8a78627fbe9d565d84df8f0c02', '69601b6d368907276ecf29362ee9607d'),
               (('start-chain-at-zero', 'a5d35e24442f8c49f036ece6765437e1'),
                ('start-chain-at-zero', '7e1ba380b575bf0cf22bcc5434a209b1'))),
 'start-side': (1e-06, ('7dd0af2bc56f6ce3d69cd4f53f714095', '65e77eee063510fbaf3a4b6ee71d6cdb'), ()),
 'start-good': (1e-06,
                ('7eff447278bf45ad4b9fcfd772a94f1f',
                 '58c32f0c6713ee225d188e02ae3e5d41',
                 '7eff447278bf45ad4b9fcfd772a94f1f'),
                ())}


def _accepted(probe, value) -> bool:
    """Whether ``value`` has the fingerprint of an accepted answer of ``probe`` (within about half its tolerance)."""
    atol, accepted, _ = _KEYS[probe]
    try:
        return bool(set(accepted) & fingerprints(f"ch05/{probe}", value, atol))
    except (TypeError, ValueError):
        return False


def _named(probe, value, messages) -> list:
    """The catalogued mistakes of ``probe`` that ``value`` matches, with their messages (``messages``: id -> text)."""
    atol, _, mistakes = _KEYS[probe]
    found = []
    for mid, key in mistakes:
        try:
            if key in fingerprints(f"ch05/{probe}/{mid}", value, atol) and mid not in [m.id for m in found]:
                found.append(Mistake(mid, value, messages[mid]))
        except (TypeError, ValueError):
            pass
    return found


def _away(value):
    """A value of the same form as ``value`` that does not match it (what a wrong answer is compared with)."""
    if isinstance(value, (list, tuple, np.ndarray)):
        return [_away(v) for v in value]
    x = float(value)
    return x + 1.0 if np.isfinite(x) else 0.0


def _keyed(t, probe, compute, *, call, messages=None):
    """t.check of ``compute()`` against the accepted value of ``probe``, known only by its fingerprint; a value with
    the fingerprint of a catalogued mistake gets that mistake's message.  No value is revealed."""
    atol = _KEYS[probe][0]
    try:
        value = compute()
        right = _accepted(probe, value)
        named = _named(probe, value, messages or {})
    except Exception:  # noqa: BLE001 - the learner's code may raise anything; t.check reports it on its own call
        t.check(compute, 0.0, call=call, reveal=False, atol=atol)
        return
    t.check(compute, value if right else _away(value), call=call, reveal=False, atol=atol, misconceptions=named)


# --------------------------------------------------------------------------
# Exercise 3's probe on fractions: the code's form, not its values
# --------------------------------------------------------------------------
def _fraction_probe(function, args, prefix):
    """``function(*args)`` on Fraction inputs, as (value, mistake): the mistake names what went wrong in the code's
    form (it raised, or floats came back) and says nothing about the values."""
    try:
        return function(*args), None
    except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything on Fraction inputs
        return None, Mistake(f"{prefix}-fraction-raised", None,
                             f"called with fractions.Fraction arguments, as the prompt says the check does, your "
                             f"function raised {type(exc).__name__}: {exc}. NumPy functions (np.sqrt, np.power) "
                             f"do not take fractions; the operators + - * / and ** do")


def _float_form(prefix, names):
    return Mistake(f"{prefix}-float-form", None,
                   f"called with fractions.Fraction arguments, your function gave {names}, not exact "
                   f"fractions (they agree with the exact values to rounding): a float constant (2.0, 0.5) or a NumPy "
                   f"function in the formula turns fractions into floats. Write the constants as integers or "
                   f"fractions (2, 1 / 2) and use only + - * / and whole-number powers; the formula itself may be "
                   f"right")


def _exact(v) -> bool:
    return isinstance(v, (Fraction, int)) and not isinstance(v, bool)


# --------------------------------------------------------------------------
# Exercise 1 (derive): the best scale for the points a s (class -1) and b s (class +1), 0 < a < b
# --------------------------------------------------------------------------
# The check compares values only, on four pairs: the expected coefficients and best scales are fingerprints (see
# _KEYS), and the reference that computes them from the definitions lives with the course's tests.
def _scale_answer(best_scale, a, b):
    A, B, C, s = best_scale(a, b)
    return [float(A), float(B), float(C)], float(s)


@exercise("ch05-best-scale", number=1, title="the best scale for two points", points=2, kind="derive",
          hint="Follow section 4 with letters: write R² and gamma² for the points (1, a s) and (1, b s) and the "
               "halfway threshold, multiply (R/gamma)² out into powers of s, then minimise A/s² + B + C s². "
               "Section 4's numbers (a = 0.1, b = 0.3) let you check your A, B and C.")
def _best_scale_check(t, best_scale):
    _keyed(t, "scale-coefficients-1-2", lambda: _scale_answer(best_scale, 1.0, 2.0)[0],
           call="`best_scale(1, 2)[:3]`, the coefficients (A, B, C)",
           messages={"scale-no-one": "measured on the raw x, without the 1: then the bound does not depend on s at all",
                     "scale-input-norm": "gamma divided by |u1| only: the theorem divides by the whole |u~|, bias "
                                         "included",
                     "scale-near-radius": "R taken at the point nearer the origin: R is the largest |x~_i|"})
    _keyed(t, "scale-s-1-2", lambda: _scale_answer(best_scale, 1.0, 2.0)[1],
           call="`best_scale(1, 2)[3]`, the best scale s",
           messages={"scale-squared": "not where A/s² + B + C s² is smallest: evaluate it at your s and near it",
                     "scale-unit-point": "the scale that makes the larger point 1: is that where A/s² + B + C s² is "
                                         "smallest?"})
    for a, b in ((0.1, 0.3), (0.5, 3.0), (2.0, 7.0)):
        _keyed(t, f"scale-coefficients-{a:g}-{b:g}", lambda a=a, b=b: _scale_answer(best_scale, a, b)[0],
               call=f"`best_scale({a:g}, {b:g})[:3]`")
        _keyed(t, f"scale-s-{a:g}-{b:g}", lambda a=a, b=b: _scale_answer(best_scale, a, b)[1],
               call=f"`best_scale({a:g}, {b:g})[3]`")


# --------------------------------------------------------------------------
# Exercise 2 (construct): a smaller bound than the widest gap
# --------------------------------------------------------------------------
# The widest gap in the plane is the line x2 = 0.5, u~ = (-0.5, 0, 1), with bound 655; needed: at most 560.
_X_C = np.array([[10.0, 0.0], [10.0, 1.0], [9.0, -1.0], [11.0, 3.0]])
_Y_C = np.array([-1, 1, -1, 1])
_LIMIT_C = 560
_WIDEST_GAP = (-0.5, 0.0, 1.0)


def _multiple_of(w, v) -> bool:
    """Whether w = c v for some c > 0, decided exactly on the numbers as typed."""
    w, v = [_fraction(a) for a in np.asarray(w, dtype=float)], [_fraction(a) for a in v]
    c = next((a / b for a, b in zip(w, v) if b != 0), None)
    return c is not None and c > 0 and all(a == c * b for a, b in zip(w, v))


def _input_space_bound(u, X, y):
    """R^2 / (the margin measured in the plane)^2: the bound with gamma divided by |(w1, w2)| only, exactly."""
    low = min(_exact_scores(u, X, y))
    normal = sum(_fraction(v) ** 2 for v in np.asarray(u, dtype=float)[1:])
    if low <= 0 or normal == 0:
        return None
    R2 = max(1 + sum(_fraction(v) ** 2 for v in x) for x in np.asarray(X, dtype=float))
    return R2 * normal / low ** 2


@exercise("ch05-construct", number=2, title="a smaller bound than the widest gap", points=2, kind="construct",
          hint="What is gamma for the line x2 = 0.5 on the points (1, x1, x2), and what is |u~| made of?")
def _construct(t, w_tilde):
    w = np.asarray(w_tilde, dtype=float)
    if not t.check_true(w.shape == (3,) and bool(np.all(np.isfinite(w))),
                        what=f"`w_tilde` has three numbers (b, w1, w2); got shape {w.shape}"):
        return
    if not t.check_true(bool(w.any()), what="`w_tilde` is not the zero vector",
                        mistake=Mistake("zero-vector", None, "w = 0 has no direction: every score is 0, "
                                                             "a mistake for the perceptron")):
        return
    bound = _exact_bound(w, _X_C, _Y_C)
    mistake = None
    last = w[[2, 0, 1]]  # read as (w1, w2, b): the bias written last
    last_bound = _exact_bound(last, _X_C, _Y_C)
    if last_bound is not None and last_bound <= _LIMIT_C and (bound is None or bound > _LIMIT_C):
        mistake = Mistake("bias-last", None, "the bias written last: w_tilde is (b, w1, w2), with the bias first")
    elif bound is None and _exact_bound(-w, _X_C, _Y_C) is not None:
        mistake = Mistake("wrong-side", None, "every y_i w_tilde . (1, x_i) is negative: w_tilde points to the "
                                              "negatives' side; the label +1 goes with a positive score")
    elif bound is None and last_bound is not None:
        mistake = Mistake("bias-last", None, "the bias written last: w_tilde is (b, w1, w2), with the bias first")
    elif _multiple_of(w, _WIDEST_GAP):
        mistake = Mistake("widest-gap-line", None, "that is the widest-gap line itself, with its bound of 655: the "
                                                   "widest gap is measured in the plane; is the theorem's gamma?")
    elif bound is not None and bound > _LIMIT_C and (_input_space_bound(w, _X_C, _Y_C) or math.inf) <= _LIMIT_C:
        mistake = Mistake("input-space-norm", None, "the margin measured with |(w1, w2)| only, as for the widest gap "
                                                    "in the plane; the theorem divides by the whole |w_tilde|, bias "
                                                    "included")
    if not t.check_true(bound is not None, what="`w_tilde` separates the four points (every y_i w_tilde . (1, x_i) "
                        "> 0, decided exactly on the numbers as typed)", mistake=mistake):
        return
    t.check_true(bool(bound <= _LIMIT_C), what=f"the bound (R/gamma)² of `w_tilde` on these points is at most "
                 f"{_LIMIT_C}", mistake=mistake)


# --------------------------------------------------------------------------
# Exercise 3 (construct): a third point that raises the bound and shortens the run
# --------------------------------------------------------------------------
# The points 10 (class -1) and 30 (class +1) with u~ ~ (-20, 1): bound 3613.01, and the perceptron makes 203
# updates.  The check decides separation and the bounds exactly and counts the updates with lk.perceptron.
_FAR_X, _FAR_Y, _FAR_U = (10.0, 30.0), (-1, 1, 1), (-20.0, 1.0)
_FAR_MOST_UPDATES = 5   # the two points alone take 203 updates (section 4's table at s = 100)


def _far_probe(a, b):
    """The one message for every wrong doubling_square on the pair (a, b): a probe the learner can recompute."""
    return (f"on a = {a:g}, b = {b:g}, put a third point of class +1 at x = the square root of your value and compute "
            f"the two bounds with lk.novikoff_bound for u~ = ({-(a + b) / 2:g}, 1): the prompt asks for the smallest "
            f"x > b at which the bound on the three points is at least twice the bound on the two. Is your x that one?")


@exercise("ch05-far-point", number=3, title="construct: a larger bound, fewer updates", points=2,
          kind="construct",
          hint="Which of R and gamma can a third point change, and by how much must the bound grow? Write both "
               "bounds with letters before you try numbers. For the run, recall what made the two-point run slow "
               "in section 4, then follow the first updates by hand with the third point as a letter.")
def _far_point(t, x_new, doubling_square):
    number = isinstance(x_new, (int, float, np.integer, np.floating)) and not isinstance(x_new, (bool, np.bool_))
    if not t.check_true(number and bool(np.isfinite(float(x_new))),
                        what=f"`x_new` is one number (the position of the third point); got {type(x_new).__name__}"):
        return
    # the formula first, on pairs the learner does not see (the expected values are fingerprints; the two wrong
    # turns 2 b² and 4 b² get one probe message that names neither the key nor a direction)
    for a, b in ((1.0, 2.0), (0.1, 0.3), (2.0, 7.0), (0.5, 3.0)):
        def compute(a=a, b=b):
            return float(doubling_square(a, b))
        call = f"`doubling_square({a:g}, {b:g})`"
        try:
            value = compute()
        except Exception:  # noqa: BLE001 - the learner's code may raise anything; t.check reports it on its own call
            t.check(compute, 0.0, call=call, reveal=False)
            continue
        t.check(compute, value if _accepted(f"far-doubling-{a:g}-{b:g}", value) else _away(value), atol=1e-7,
                call=call, reveal=False,
                misconceptions=[Mistake("far-doubling-probe", 2 * b * b, _far_probe(a, b)),
                                Mistake("far-doubling-probe", 4 * b * b, _far_probe(a, b))])
    # exact on fractions: a formula keeps Fraction inputs exact; a bisection on the bounds (lk.novikoff_bound with
    # a third point) gives a float
    a, b = Fraction(3, 7), Fraction(5, 4)
    v, mistake = _fraction_probe(doubling_square, (a, b), "far")
    if mistake is None and not _exact(v) and isinstance(v, (float, np.floating)) and _accepted("far-doubling-float", v):
        mistake = _float_form("far", "x² as a float")
    t.check_true(_exact(v) and _accepted("far-doubling-exact", float(v)),
                 what="`doubling_square(Fraction(3, 7), Fraction(5, 4))` is an exact fraction x² with x > b at which "
                      "the bound on the three points is exactly twice the bound on the two",
                 mistake=mistake)
    x = float(x_new)
    X3, y3 = np.array([[_FAR_X[0]], [x], [_FAR_X[1]]]), np.array(_FAR_Y)
    bound2 = _exact_bound(_FAR_U, np.array([[_FAR_X[0]], [_FAR_X[1]]]), np.array([-1, 1]))
    bound3 = _exact_bound(_FAR_U, X3, y3)
    if not t.check_true(bound3 is not None,
                        what="u~ = (-20, 1) separates the three points (every y_i u~ . (1, x_i) > 0, decided exactly "
                             "on the numbers as typed)",
                        mistake=Mistake("far-not-separating", None, "a point of class +1 with score "
                                                                    "y u~ . (1, x_new) <= 0 (on the threshold of u~ "
                                                                    "or on its class -1 side): the theorem gives no "
                                                                    "bound for this u~")):
        return
    if not t.check_true(bool(bound3 >= 2 * bound2),
                        what="the bound (R/gamma)² for u~ = (-20, 1) on the three points is at least twice the "
                             "two points' bound",
                        mistake=Mistake("far-bound-small", None, "the bound grew by less than a factor 2: which of "
                                                                 "R and gamma does the third point change, and by "
                                                                 "how much?")):
        return
    n_updates, stopped = _updates(X3, y3)
    made = f"it made {n_updates}" if stopped else f"it had not stopped after {_MAX_EPOCHS:,} epochs"
    t.check_true(bool(stopped and n_updates <= _FAR_MOST_UPDATES),
                 what=f"the perceptron from w = 0, visiting 10, x_new, 30 in that order, makes at most "
                      f"{_FAR_MOST_UPDATES} updates ({made})",
                 mistake=Mistake("far-count-not-fewer", None, "this point raised the bound, and the run is still "
                                                              "longer than the prompt allows: the bound does not "
                                                              "fix the count in either direction. Follow the run "
                                                              "update by update from w = 0 with x_new as a letter: "
                                                              "after which update could every score have the "
                                                              "right sign, and what must x_new satisfy for that?")
                 if stopped else None)


# --------------------------------------------------------------------------
# Exercise 4 (extend): the distance argument for a perceptron that steps eta y x while y w.x <= tau
# --------------------------------------------------------------------------
# The expected bounds and best a are fingerprints (see _KEYS).
_MIDDLE_TERM = ("the part of your answer that comes from tau: recompute the middle term of the expansion of "
                "|w + eta y x - a u|² from this rule's step, factor by factor, then bound it with the rule's test")
_LAST_TERM = ("the part of your drop that comes from beta²: recompute the last term of the expansion, the squared "
              "length of this rule's step")
_ROUNDED_UP = "rounded up: no run makes more updates than the bound, so the most whole updates is its integer part"


@exercise("ch05-distance", number=4, title="the distance argument with a safety margin", points=2, kind="extend",
          hint="Expand |w + eta y x - a u|² as in section 5, keeping a and eta as letters, and use the new update "
               "condition for the middle term. Where does the distance start, what is the least it falls per "
               "update, and when is that not a fall? Then minimise the bound over a.")
def _distance(t, distance_bound, best_a):
    # the accepted answers are the bound and its integer part (the most whole updates); both are fingerprints
    _keyed(t, "distance-probe", lambda: float(distance_bound(200.0, 2.5, 0.05, 0.5, 3.0)),
           call="`distance_bound(200, 2.5, 0.05, 0.5, 3)`",
           messages={"distance-no-tau": "your bound does not change with tau: which test does y w · x pass when this "
                                        "rule updates, and what does that allow the middle term of the expansion to be?",
                     "distance-tau-once": _MIDDLE_TERM,
                     "distance-tau-no-eta": _MIDDLE_TERM,
                     "distance-eta-once": _LAST_TERM,
                     "distance-no-eta": "at this probe your bound is not the argument's: expand "
                                        "|w + eta y x - a u|² again, term by term, with this rule's step and its "
                                        "test",
                     "distance-no-two": "the part of your drop that grows with a: recompute the cross term of the "
                                        "expansion with -a u, factor by factor",
                     "distance-start": "where your bound starts: recompute the squared distance of the start w = 0 "
                                       "from a u",
                     "distance-rounded-up": _ROUNDED_UP})
    _keyed(t, "distance-section-5", lambda: float(distance_bound(2.7122 / 0.0476, 2.7122, 0.0476, 0.0, 1.0)),
           call="`distance_bound(beta2 / gamma, beta2, gamma, 0, 1)` (section 5's run and choice of a)")
    _keyed(t, "distance-half", lambda: float(distance_bound(30.0, 1.0, 0.1, 0.25, 0.5)),
           call="`distance_bound(30, 1, 0.1, 0.25, 0.5)`")

    no_bound = "float('inf') (no bound)"
    returned_none = Mistake("distance-none", "None",
                            "your function returned None here (a path through it that ends without return): "
                            "the prompt asks for float('inf') when the argument shows no fall")

    def said(*args):
        got = distance_bound(*args)
        if got is None:
            return "None"
        got = float(got)
        return no_bound if math.isinf(got) and got > 0 else got

    try:
        value = said(20.0, 2.5, 0.05, 0.5, 3.0)
        negative = _named("distance-no-fall", value, {
            "distance-negative": "a negative 'bound': when the least fall is not positive the argument proves "
                                 "nothing"}) if isinstance(value, float) else []
    except Exception:  # noqa: BLE001 - the learner's code may raise anything; t.check reports it on its own call
        negative = []
    t.check(lambda: said(20.0, 2.5, 0.05, 0.5, 3.0), no_bound, call="`distance_bound(20, 2.5, 0.05, 0.5, 3)`",
            misconceptions=[*negative, returned_none])
    t.check(lambda: said(4.0, 3.0, 0.5, 0.5, 1.0), no_bound,
            call="`distance_bound(4, 3, 0.5, 0.5, 1)`", misconceptions=[returned_none])
    _keyed(t, "best-a-probe", lambda: float(best_a(2.5, 0.05, 0.5, 3.0)), call="`best_a(2.5, 0.05, 0.5, 3)`",
           messages={"best-a-no-tau": "your best a does not depend on tau: minimise your bound over a for this "
                                    "rule",
                     "best-a-least": "the smallest a that proves anything, not the a with the smallest bound",
                     "best-a-tau-once": _MIDDLE_TERM,
                     "best-a-no-eta": "your best a does not depend on eta: with tau > 0, minimise your "
                                      "bound over a for this rule's step eta y x"})
    _keyed(t, "best-a-second", lambda: float(best_a(1.0, 0.2, 2.0, 0.5)), call="`best_a(1, 0.2, 2, 0.5)`")


# --------------------------------------------------------------------------
# Exercise 5 (extend): the bound from a start w0
# --------------------------------------------------------------------------

_AT_ZERO = ("after 0 updates the weights are w0 itself: put k = 0 and w_k = w0 into each of your two inequalities; "
            "do both hold for this w0, whatever it is?")


@exercise("ch05-start", number=5, title="the bound from another start", points=3, kind="extend",
          hint="Redo section 1's argument for inequality 2 from w0 instead of 0, then put both inequalities into "
               "the chain and find the largest k for which it can still hold.")
def _start(t, bound_from_start):
    X, y = _X_TOY, _Y_TOY
    u = [0.0, -1.0, 4.0]

    def given(w0, v):
        return lambda: float(bound_from_start(w0, X.copy(), y.copy(), v))

    _keyed(t, "start-zero", given([0.0, 0.0, 0.0], u), call="`bound_from_start([0, 0, 0], X_toy, y_toy, [0, -1, 4])`")
    _keyed(t, "start-w0", given([1.0, 2.0, -1.0], u), call="`bound_from_start([1, 2, -1], X_toy, y_toy, [0, -1, 4])`",
           messages={"start-chain-at-zero": _AT_ZERO,
                     "start-not-unit": "call your function with u and with 2 u: the theorem's bound holds for every "
                                       "length of u and gives one number; does yours?",
                     "start-rounded-up": _ROUNDED_UP})
    # w0 = (5, 4, 2): w0 . u = 4 but |w0|² = 45, so taking one for the other costs 3 updates
    _keyed(t, "start-off", given([5.0, 4.0, 2.0], u), call="`bound_from_start([5, 4, 2], X_toy, y_toy, [0, -1, 4])`",
           messages={"start-chain-at-zero": _AT_ZERO})
    # w0 = (1, 4, 1) is at right angles to u: w0 . u = 0 but |w0|² = 18
    _keyed(t, "start-side", given([1.0, 4.0, 1.0], u), call="`bound_from_start([1, 4, 1], X_toy, y_toy, [0, -1, 4])`")
    # a bound that is the same from two starts: a property of the answer, no value stored
    try:
        same = math.isclose(given([0.0, 0.0, 0.0], u)(), given([5.0, 4.0, 2.0], u)(), rel_tol=1e-9)
    except Exception:  # noqa: BLE001 - the learner's code may raise anything; the probes above report it
        same = False
    t.check_true(not same, what="`bound_from_start` gives different bounds from w0 = 0 and from w0 = (5, 4, 2) for "
                                "u = (0, -1, 4)",
                 mistake=Mistake("start-ignores-w0", None, "your bound does not depend on the start: where does w0 "
                                                           "enter inequality 1, and where inequality 2?"))
    # a start along u: a head start that shortens the bound
    _keyed(t, "start-good", given([0.0, -3.0, 12.0], [0.0, -2.0, 8.0]),
           call="`bound_from_start([0, -3, 12], X_toy, y_toy, [0, -2, 8])`")


# --------------------------------------------------------------------------
# Exercise 6 (construct): a run of at least 3 updates that makes exactly (R / gamma)^2 of them
# --------------------------------------------------------------------------

_MAX_EPOCHS = 20_000
_MIN_TIGHT = 3   # a tight run of 2 updates is printed in section 4 (two standardised points)


def _updates(X, y):
    """The perceptron's updates on (X, y) from w = 0, and whether it stopped (at most 20 000 epochs).
    lk.perceptron decides every mistake exactly on the numbers as typed, as the theorem's arithmetic does."""
    from ..perceptron import perceptron

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = perceptron(X, y, max_epochs=_MAX_EPOCHS)
    return res.n_updates, bool(res.converged)


@exercise("ch05-tight", number=6, title="construct: a run that reaches its bound", points=2, kind="construct",
          hint="Write each tight link of section 2's chain as an equation on z_k = y_k (1, x_k): what must |z_k|, "
               "u . z_k and w_(k-1) . z_k be? Then ask how many such z_k fit in the space of (1, x1, x2) with decimal "
               "coordinates, and at which update counts.")
def _tight(t, X_tight, y_tight, u_tight):
    X, y, u = np.asarray(X_tight, dtype=float), np.asarray(y_tight), np.asarray(u_tight, dtype=float)
    if not t.check_true(X.ndim == 2 and X.shape[1:] == (2,) and 2 <= X.shape[0] <= 50 and bool(np.all(np.isfinite(X))),
                        what=f"`X_tight` holds 2 to 50 points in the plane, shape (n, 2); got shape {X.shape}"):
        return
    if not t.check_true(y.shape == (X.shape[0],) and set(np.asarray(y).tolist()) == {-1, 1},
                        what="`y_tight` holds one label per point, -1 and +1 both present"):
        return
    if not t.check_true(u.shape == (3,) and bool(np.all(np.isfinite(u))), what="`u_tight` holds three numbers"):
        return
    # whether u separates is decided exactly on the numbers as typed: a point exactly on u's line (a score of 0,
    # which floating point may compute as +1e-17) means u does not separate, as for lk.novikoff_bound
    bound = _exact_bound(u, X, y) if u.any() else None
    if not t.check_true(bound is not None, what="`u_tight` separates the points (every y_i u . (1, x_i) > 0, "
                        "decided exactly on the numbers as typed)",
                        mistake=Mistake("tight-u-not-separating", None, "u does not separate the data: the theorem "
                                                                         "gives no bound for it")):
        return
    n_updates, stopped = _updates(X, y)
    whole = round(bound)
    # one verdict for both requirements; a tight run of one or two updates (section 4's standardised pair, with a
    # zero column, scaled or repeated) is named as what it is, a run too short for the exercise
    if not stopped:
        mistake = None
    elif n_updates == whole and bound != whole and abs(bound - whole) < Fraction(1, 10 ** 9):
        # the count is the bound's nearest whole number, missed by less than 1e-9: u is a hair off the u of a tight
        # run, which is what a float result such as res.w (2.8000000000000003) does, read as typed
        mistake = Mistake("tight-u-float-digits", None,
                          f"for this u the bound is {_shown(bound)}, within 1e-9 of your count of {n_updates} but not "
                          f"equal to it: the check, like lk.novikoff_bound, reads u digit by digit as typed, and a "
                          f"float result such as lk.perceptron(...).w carries rounding digits (2.8000000000000003 is "
                          f"not 2.8). Type u's three weights as the decimals you mean")
    elif n_updates != bound:
        mistake = Mistake("tight-slack", None, "a link of the chain has slack: print, update by update, "
                                               "w_k . u against k gamma and |w_k|² against k R²")
    else:
        mistake = Mistake("tight-too-short", None, f"this run reaches its bound in {n_updates} update"
                                                   f"{'' if n_updates == 1 else 's'}; the exercise asks for a run "
                                                   f"of at least {_MIN_TIGHT} updates that reaches its bound")
    made = f"made {n_updates} updates" if stopped else f"had not stopped after {_MAX_EPOCHS:,} epochs"
    t.check_true(stopped and n_updates == bound and n_updates >= _MIN_TIGHT,
                 what=f"the perceptron makes exactly (R/gamma)² updates for this u, and at least {_MIN_TIGHT} (for "
                      f"this u, (R/gamma)² is {_shown(bound)}; the perceptron {made})",
                 mistake=mistake)


def _shown(bound: Fraction) -> str:
    """An exact bound as a learner can read it: a whole number as itself; otherwise with enough digits to see that
    it is not whole (4 + 2.4e-16 prints as "4.0" as a float, and is not 4)."""
    if bound.denominator == 1:
        return str(bound.numerator)
    near = round(bound)
    gap = bound - near
    if abs(gap) < Fraction(1, 10 ** 6):
        return f"{near} {'+' if gap > 0 else '-'} {float(abs(gap)):.2g}, not a whole number"
    return f"{float(bound):.6g}, not a whole number"
