"""Checks of chapter 1's exercises (dot products).

Expected values are computed here independently of the learner's answer: from
concrete vectors with the stated properties, or from a formula written out
once more (the mirror image as a Householder reflection).  Predict answers are
never shown (``reveal=False``).
"""

import inspect

import numpy as np

from .. import feedback
from . import Mistake, exercise

# --------------------------------------------------------------------------
# Exercise 1 (construct): the unit normal of a plane spanned by two directions
# --------------------------------------------------------------------------

_SPAN_A, _SPAN_C, _POSITIVE_POINT = np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, -1.0]), np.array([1.0, 0.0, 0.0])


_TOL = 1e-3   # what a decimal typed to three places can be off by
_FAR = 0.05   # beyond this a failed condition is a mistake, not rounding
_ROUNDED = 1e-2   # a condition failed by no more than this: a direction rounded to two decimal places


@exercise("ch01-normal", number=1, title="the unit normal of a plane", points=2, kind="construct",
          hint="A normal is perpendicular to every direction in the plane, so w · a = 0 and w · c = 0: "
               "two equations for three unknowns, which fix w up to a common factor. Then choose the "
               "factor: its sign from the score of (1, 0, 0), its size from section 2.")
def _normal(t, w_normal):
    w = np.asarray(w_normal, dtype=float)
    if not t.check_true(w.shape == (3,), what=f"`w_normal` holds three numbers (w1, w2, w3); got shape {w.shape}"):
        return
    if not t.check_true(bool(np.all(np.isfinite(w))), what="`w_normal` holds finite numbers (no nan or inf): "
                                                           "a division by zero on the way?"):
        return
    if not t.check_true(bool(w.any()), what="`w_normal` is a non-zero vector",
                        mistake=Mistake("zero-normal", None, "the zero vector is perpendicular to everything, but "
                                                             "every point scores 0 under it: it has no boundary "
                                                             "and no sides")):
        return
    # decimals typed to three places are accepted: each condition holds to within _TOL (relative to the
    # lengths involved); a misconception is named only when a condition fails by far more than rounding
    cos_a = abs(w @ _SPAN_A) / (np.linalg.norm(w) * np.linalg.norm(_SPAN_A))
    cos_c = abs(w @ _SPAN_C) / (np.linalg.norm(w) * np.linalg.norm(_SPAN_C))
    across = np.cross(_SPAN_A, _SPAN_C)
    off_plane = abs(w @ across) / (np.linalg.norm(w) * np.linalg.norm(across))   # 0 for w in the plane
    perp_a, perp_c = cos_a <= _TOL, cos_c <= _TOL
    mistake = None
    if off_plane <= _FAR:
        mistake = Mistake("direction-not-normal", None, "a direction that lies in the plane, not a normal to "
                                                        "it: the normal is at a right angle to both directions")
    elif cos_a <= _TOL and cos_c > _FAR:
        mistake = Mistake("normal-to-a-only", None, "perpendicular to a but not to c: one equation of the two")
    elif cos_c <= _TOL and cos_a > _FAR:
        mistake = Mistake("normal-to-c-only", None, "perpendicular to c but not to a: one equation of the two")
    elif max(cos_a, cos_c) <= _ROUNDED:
        mistake = Mistake("normal-rounded", None, "the conditions fail only by about what rounding the "
                                                  "coordinates costs: keep three or more decimal places, or type an exact "
                                                  "expression such as a square root")
    if not t.check_true(perp_a and perp_c, what="`w_normal` is perpendicular to both directions "
                                                "(w · a = 0 and w · c = 0, to within 10⁻³ of |w| |a| and |w| |c|)", mistake=mistake):
        return
    if not t.check_true(bool(w @ _POSITIVE_POINT > 0), what="the point (1, 0, 0) has a positive score w · x",
                        mistake=Mistake("normal-sides-swapped", None,
                                        "a normal of the right plane, but which side of it is (1, 0, 0) on "
                                        "under your w? Work out its score")):
        return
    norm_off = abs(np.linalg.norm(w) - 1.0)
    t.check_true(bool(norm_off <= _TOL), what="`w_normal` has length 1 (to within 10⁻³)",
                 mistake=None if norm_off <= _FAR else Mistake("normal-not-unit", None, "the right plane and side, but not of length 1: then "
                                                          "w · x is |w| times the signed distance of x, not the "
                                                          "distance itself"))


# --------------------------------------------------------------------------
# Exercise 2 (debug): the mirror image of a point in a line
# --------------------------------------------------------------------------

def _mirror(x, w):
    """The reflection in the line w . x = 0 as a matrix, I - 2 w w^T / (w^T w) (Householder)."""
    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)
    return (np.eye(2) - 2.0 * np.outer(w, w) / (w @ w)) @ x


def _stepped(x, w, *, sign, by_norm, factor=2.0):
    """x moved by ``sign * factor`` times (x . w / |w| or x . w / |w|^2) w: the given code and its variants."""
    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)
    return x + sign * factor * (x @ w) / (np.linalg.norm(w) if by_norm else w @ w) * w


_X2, _W2 = np.array([1.0, 2.0]), np.array([1.0, 1.0])


def _uses_the_library_projection(reflect, x, w):
    """True if ``reflect(x, w)`` runs the body of lk.project or lk.projection_length (under any name)."""
    import sys

    from .. import vectors

    bodies = {inspect.unwrap(f).__code__ for f in (vectors.project, vectors.projection_length)}
    seen = []

    def spy(frame, event, arg):
        if event == "call" and frame.f_code in bodies:
            seen.append(frame.f_code.co_name)

    previous = sys.getprofile()
    sys.setprofile(spy)
    try:
        reflect(x, w)
    except Exception:  # noqa: BLE001 - the checks below report what the learner's code raises
        pass
    finally:
        sys.setprofile(previous)
    return bool(seen)


@exercise("ch01-reflect", number=2, title="find the bugs in a mirror", points=3, kind="debug",
          hint="Compare w = (0, 1) with w = (0, 2): the line is the same, so must the mirror image be. Then "
               "take w = (0, 1) and work out by hand where (3, 2) must go. Say in words what each factor of "
               "the code measures (section 4) and check it on these cases.")
def _reflect(t, reflect):
    if not t.check_true(not _uses_the_library_projection(reflect, _X2.tolist(), _W2.tolist()),
                        what="`reflect` computes its step itself, without lk.project or lk.projection_length",
                        mistake=Mistake("reflect-library-projection", None,
                                        "section 4's library projection in place of the given code: the exercise "
                                        "is to find and fix the two bugs of the given step, so the step is "
                                        "yours to compute")):
        return
    t.check(lambda: np.asarray(reflect(_X2.tolist(), _W2.tolist()), dtype=float), _mirror(_X2, _W2),
            reveal=False, call="`reflect([1, 2], [1, 1])`",
            misconceptions=[Mistake("reflect-given", _stepped(_X2, _W2, sign=1, by_norm=True),
                                    "the given function unchanged"),
                            Mistake("reflect-by-norm", _stepped(_X2, _W2, sign=-1, by_norm=True),
                                    "the mirror image moves when w is stretched: compare w = (0, 1) with "
                                    "w = (0, 3)"),
                            Mistake("reflect-same-side", _stepped(_X2, _W2, sign=1, by_norm=False),
                                    "the point and your image get scores w · x of the same sign, but a mirror "
                                    "image is on the other side of the line, at the same distance"),
                            Mistake("reflect-to-the-line", _stepped(_X2, _W2, sign=-1, by_norm=False, factor=1.0),
                                    "your image scores 0: it lies on the line. The mirror image is as far "
                                    "beyond the line as the point is before it"),
                            Mistake("reflect-in-the-normal", -_mirror(_X2, _W2),
                                    "your image is the mirror image in the line along w, the normal: the line "
                                    "that must stay fixed is the boundary w · x = 0 (where is a point of it "
                                    "sent?)"),
                            Mistake("reflect-through-origin", -_X2,
                                    "the image through the origin, which is the mirror image only for points "
                                    "on the normal: it should move at a right angle to the line, not through 0")])
    t.check(lambda: np.asarray(reflect([3.0, 2.0], [0.0, 1.0]), dtype=float), _mirror([3.0, 2.0], [0.0, 1.0]),
            reveal=False, call="`reflect([3, 2], [0, 1])`")
    t.check(lambda: np.asarray(reflect([3.0, 2.0], [0.0, -5.0]), dtype=float), _mirror([3.0, 2.0], [0.0, -5.0]),
            reveal=False, call="`reflect([3, 2], [0, -5])`")
    rng = np.random.default_rng(12)
    x, w = rng.normal(size=(2, 2))
    t.check(lambda: np.asarray(reflect(x.tolist(), w.tolist()), dtype=float), _mirror(x, w), atol=1e-9,
            reveal=False, call="`reflect(x, w)` for a random x and w")
    t.check(lambda: np.asarray(reflect([0.5, 0.5], [1.0, -1.0]), dtype=float), [0.5, 0.5],
            reveal=False, call="`reflect([0.5, 0.5], [1, -1])` (a point on the line)")


# --------------------------------------------------------------------------
# Exercise 3 (predict): an angle and two projections from |a|, |b| and a . b
# --------------------------------------------------------------------------

_NORM_A, _NORM_B, _A_DOT_B = 2.0, 5.0, -5.0
_WITHIN = 1e-3   # each number must be right to within 0.001, as the exercise says (and its hidden tests)


def _three_numbers():
    """The expected values, measured on two concrete vectors with the given lengths and dot product."""
    theta = np.arccos(_A_DOT_B / (_NORM_A * _NORM_B))
    a, b = _NORM_A * np.array([1.0, 0.0]), _NORM_B * np.array([np.cos(theta), np.sin(theta)])
    return (float(np.degrees(np.arccos(a @ b / (np.linalg.norm(a) * np.linalg.norm(b))))),
            float(a @ b / np.linalg.norm(b)), float(a @ b / np.linalg.norm(a)), float(np.linalg.norm(a - b)))


def _slip(f):
    """What a slip gives on the exercise's numbers (|a|, |b|, a . b)."""
    return float(f(_NORM_A, _NORM_B, _A_DOT_B))


def _to_within(t, got, expected, call, misconceptions=()):
    """Right when |got - expected| <= 0.001 (absolute, whatever the size of the number).  A wrong number is
    compared with the misconceptions to within 0.001 of their size, as a three-place decimal of one is;
    any other wrong number gets one message, whether it is near the right value or far from it."""
    try:
        right = abs(float(got) - expected) <= _WITHIN
    except (TypeError, ValueError):
        right = False
    if right:
        return t.check_true(True, what=f"{call} is right to within 0.001")
    if any(feedback.matches(got, m.value, atol=_WITHIN) for m in misconceptions):
        return t.check(got, expected, call=call, atol=_WITHIN, reveal=False, misconceptions=misconceptions)
    # every other wrong number gets the same words, near or far, so the message is no warmer/colder oracle
    return t.check_true(False, what=f"{call} = {feedback.describe(got)} is wrong: it is not within 0.001 of the "
                                    f"value asked for (if you rounded, keep more decimal places or type an exact "
                                    f"expression)")


@exercise("ch01-three-numbers", number=3, title="an angle and two projections from three numbers", points=2,
          kind="predict",
          hint="Every quantity here is a dot product divided by lengths, or (section 2) a squared length "
               "expanded into |a|², a · b and |b|². Keep the sign of a · b all the way through.")
def _three(t, angle_ab, proj_a_on_b, proj_b_on_a, dist_ab):
    angle, p_ab, p_ba, dist = _three_numbers()
    _to_within(t, angle_ab, angle, "`angle_ab`",
               [Mistake("angle-sign-lost", _slip(lambda na, nb, d: np.degrees(np.arccos(abs(d) / (na * nb)))),
                        "re-derive it from section 3's formula and keep every sign on the way"),
                Mistake("angle-radians", _slip(lambda na, nb, d: np.arccos(d / (na * nb))),
                        "the angle in radians; the exercise asks for degrees")])
    _to_within(t, proj_a_on_b, p_ab, "`proj_a_on_b`",
               [Mistake("proj-not-normalised", _A_DOT_B, "a · b itself, which doubles when b is doubled; a "
                                                         "projection length does not (section 4)"),
                Mistake("proj-wrong-length", _slip(lambda na, nb, d: d / na),
                        "test your formula on section 4's rule: the projection of a onto b's "
                        "direction doubles when a is doubled; does your number?"),
                Mistake("proj-squared", _slip(lambda na, nb, d: d / nb ** 2),
                        "test your formula on section 4's rule: the projection of a onto b's "
                        "direction stays the same when b is doubled; does your number?"),
                Mistake("proj-unsigned", _slip(lambda na, nb, d: abs(d) / nb),
                        "a projection length without its sign: does a point towards b or away "
                        "from it?")])
    _to_within(t, proj_b_on_a, p_ba, "`proj_b_on_a`",
               [Mistake("proj-symmetric", _slip(lambda na, nb, d: d / nb),
                        "test your formula on section 4's rule: the projection of b onto a's "
                        "direction doubles when b is doubled; does your number?"),
                Mistake("proj-ba-squared", _slip(lambda na, nb, d: d / na ** 2),
                        "test your formula on section 4's rule: the projection of b onto a's "
                        "direction stays the same when a is doubled; does your number?")])
    _to_within(t, dist_ab, dist, "`dist_ab`",
               [Mistake("dist-sign", _slip(lambda na, nb, d: np.sqrt(na ** 2 + 2 * d + nb ** 2)),
                        "re-derive it from section 2's identity and keep every sign on the way"),
                Mistake("dist-no-root", _slip(lambda na, nb, d: na ** 2 - 2 * d + nb ** 2),
                        "re-derive it from section 2's identity: a distance doubles when both "
                        "vectors are doubled; does your number?"),
                Mistake("dist-pythagoras", _slip(lambda na, nb, d: np.sqrt(na ** 2 + nb ** 2)),
                        "Pythagoras' theorem, which needs a right angle between a and b")])


# --------------------------------------------------------------------------
# Exercise 4 (construct): a perpendicular vector of a given length
# --------------------------------------------------------------------------

def _quarter_turn(a, length):
    """The vector a turned by +90° (counterclockwise) and scaled to ``length``, as a rotation matrix does it."""
    a = np.asarray(a, dtype=float)
    turned = np.array([[0.0, -1.0], [1.0, 0.0]]) @ a
    return length * turned / np.linalg.norm(a)


@exercise("ch01-perpendicular", number=4, title="construct a perpendicular vector", points=3, kind="construct",
          hint="For a = (3, 4): which vectors (p1, p2) satisfy 3 p1 + 4 p2 = 0? Find one, then decide which "
               "way it turns a (draw both), then set its length (section 2). Generalise from there.")
def _perpendicular(t, perpendicular):
    a0, length0 = np.array([3.0, 4.0]), 10.0
    t.check(lambda: perpendicular(a0.tolist(), length0), _quarter_turn(a0, length0),
            call="`perpendicular([3, 4], 10)`", reveal=False,
            misconceptions=[Mistake("perp-clockwise", -_quarter_turn(a0, length0),
                                    "perpendicular and of the right length, but turned clockwise"),
                            Mistake("perp-swap-only", length0 * a0[::-1] / np.linalg.norm(a0),
                                    "the coordinates swapped without a sign change: not perpendicular to a "
                                    "(check its dot product with a)"),
                            Mistake("perp-length-ignored", _quarter_turn(a0, np.linalg.norm(a0)),
                                    "perpendicular, but as long as a rather than the length asked for"),
                            Mistake("perp-not-normalised", _quarter_turn(a0, length0 * np.linalg.norm(a0)),
                                    "perpendicular, but |a| times longer than the length asked for"),
                            Mistake("perp-not-scaled", _quarter_turn(a0, 1.0),
                                    "perpendicular, but of length 1 rather than the length asked for")])
    rng = np.random.default_rng(14)
    for a, length in zip(rng.normal(size=(3, 2)), rng.uniform(0.1, 20, size=3)):
        call = f"`perpendicular({np.round(a, 3).tolist()}, {length:.3f})`"
        try:
            p = np.asarray(perpendicular(a.tolist(), float(length)), dtype=float)
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
            t.check_true(False, what=f"{call} raised {type(exc).__name__}")
            continue
        wrong = []  # only what is wrong is said
        if p.shape != (2,):
            wrong.append(f"has shape {p.shape}, not two numbers")
        else:
            perpendicular_ok = abs(p @ a) < 1e-9 * max(1.0, length * np.linalg.norm(a))
            if not perpendicular_ok:
                wrong.append("is not perpendicular to a")
            if not abs(np.linalg.norm(p) - length) < 1e-9 * max(1.0, length):
                wrong.append(f"has length {np.linalg.norm(p):.4g}, not {length:.3f}")
            if perpendicular_ok and not a[0] * p[1] - a[1] * p[0] > 0:
                wrong.append("turns a clockwise, not counterclockwise")
        t.check_true(not wrong, what=f"{call} = {np.round(p, 4).tolist()} " + " and ".join(wrong))
