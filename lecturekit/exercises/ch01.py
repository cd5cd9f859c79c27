"""Checks of chapter 1's exercises (dot products).

Expected values are computed here independently of the learner's answer: from
concrete vectors with the stated properties, or from a formula written out
once more (the mirror image as a Householder reflection).  Predict answers are
never shown (``reveal=False``).
"""

import numpy as np

from . import Mistake, exercise

# --------------------------------------------------------------------------
# Exercise 1 (construct): the normal of a plane spanned by two directions
# --------------------------------------------------------------------------

_SPAN_A, _SPAN_C, _POSITIVE_POINT = np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, -1.0]), np.array([1.0, 0.0, 0.0])


def _parallel(u, v):
    return bool(np.linalg.matrix_rank(np.vstack([u, v]), tol=1e-9 * max(1.0, np.abs(u).max())) <= 1)


@exercise("ch01-normal", number=1, title="the normal of a plane", points=2, kind="construct",
          hint="A normal is perpendicular to every direction in the plane, so w · a = 0 and w · c = 0: "
               "two equations for three unknowns. Choose one coordinate freely, solve for the others, "
               "then decide the overall sign from the score of (1, 0, 0).")
def _normal(t, w_normal):
    w = np.asarray(w_normal, dtype=float)
    if not t.check_true(w.shape == (3,), what=f"`w_normal` holds three numbers (w1, w2, w3); got shape {w.shape}"):
        return
    if not t.check_true(bool(np.all(np.isfinite(w)) and w.any()), what="`w_normal` is a non-zero vector",
                        mistake=Mistake("zero-normal", None, "the zero vector is perpendicular to everything, but "
                                                             "every point scores 0 under it: it has no boundary "
                                                             "and no sides")):
        return
    tol = 1e-9 * np.linalg.norm(w)
    perp_a = abs(w @ _SPAN_A) <= tol * np.linalg.norm(_SPAN_A)
    perp_c = abs(w @ _SPAN_C) <= tol * np.linalg.norm(_SPAN_C)
    mistake = None
    if _parallel(w, _SPAN_A) or _parallel(w, _SPAN_C):
        mistake = Mistake("direction-not-normal", None, "a direction that lies in the plane, not a normal to "
                                                        "it: the normal is at a right angle to both directions")
    elif perp_a and not perp_c:
        mistake = Mistake("normal-to-a-only", None, "perpendicular to a but not to c: one equation of the two")
    elif perp_c and not perp_a:
        mistake = Mistake("normal-to-c-only", None, "perpendicular to c but not to a: one equation of the two")
    if not t.check_true(perp_a and perp_c, what="`w_normal` is perpendicular to both directions "
                                                "(w · a = 0 and w · c = 0)", mistake=mistake):
        return
    t.check_true(bool(w @ _POSITIVE_POINT > 0), what="the point (1, 0, 0) has a positive score w · x",
                 mistake=Mistake("normal-sides-swapped", None, "the right plane with its sides swapped: -w has "
                                                               "the same boundary as w and the opposite sides"))


# --------------------------------------------------------------------------
# Exercise 2 (debug): the mirror image of a point in a line
# --------------------------------------------------------------------------

def _mirror(x, w):
    """The reflection in the line w . x = 0 as a matrix, I - 2 w w^T / (w^T w) (Householder)."""
    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)
    return (np.eye(2) - 2.0 * np.outer(w, w) / (w @ w)) @ x


# On x = (1, 2), w = (1, 1): x . w = 3, |w| = sqrt(2), |w|^2 = 2.  The mirror is (1, 2) - 3 (1, 1) = (-2, -1).
_GIVEN = np.array([1.0, 2.0]) - 3 / np.sqrt(2.0) * np.ones(2)          # the given code: no 2, divided by |w|
_FOOT = np.array([1.0, 2.0]) - 1.5 * np.ones(2)                        # no 2: stops on the line
_BY_NORM = np.array([1.0, 2.0]) - 2 * 3 / np.sqrt(2.0) * np.ones(2)    # the 2 restored, still divided by |w|
_AWAY = np.array([1.0, 2.0]) + 3 * np.ones(2)                          # + instead of -


@exercise("ch01-reflect", number=2, title="find the bugs in a mirror", points=3, kind="debug",
          hint="Try the x-axis first: with w = (0, 1), where must (3, 2) go? Then keep the same line and "
               "take w = (0, 2): the answer must not change. Section 4 says what x · w / |w| and "
               "x · w / |w|² measure.")
def _reflect(t, reflect):
    t.check(lambda: np.asarray(reflect([1.0, 2.0], [1.0, 1.0]), dtype=float), _mirror([1.0, 2.0], [1.0, 1.0]),
            call="`reflect([1, 2], [1, 1])`",
            misconceptions=[Mistake("reflect-given", _GIVEN, "the given function unchanged: it steps only once "
                                                             "and divides x · w by |w|"),
                            Mistake("reflect-foot", _FOOT, "one step along the normal reaches the foot on the "
                                                           "line; the mirror image lies as far again beyond it"),
                            Mistake("reflect-by-norm", _BY_NORM, "x · w is divided by |w| once, then multiplied by "
                                                                 "the whole w: the step is |w| times too long "
                                                                 "(right only when |w| = 1)"),
                            Mistake("reflect-away", _AWAY, "the step goes away from the line (+ instead of −)")])
    t.check(lambda: np.asarray(reflect([3.0, 2.0], [0.0, 1.0]), dtype=float), _mirror([3.0, 2.0], [0.0, 1.0]),
            call="`reflect([3, 2], [0, 1])`")
    t.check(lambda: np.asarray(reflect([3.0, 2.0], [0.0, -5.0]), dtype=float), _mirror([3.0, 2.0], [0.0, -5.0]),
            call="`reflect([3, 2], [0, -5])`")
    rng = np.random.default_rng(12)
    x, w = rng.normal(size=(2, 2))
    t.check(lambda: np.asarray(reflect(x.tolist(), w.tolist()), dtype=float), _mirror(x, w), atol=1e-9,
            call="`reflect(x, w)` for a random x and w")
    t.check(lambda: np.asarray(reflect([0.5, 0.5], [1.0, -1.0]), dtype=float), [0.5, 0.5],
            call="`reflect([0.5, 0.5], [1, -1])` (a point on the line)")


# --------------------------------------------------------------------------
# Exercise 3 (predict): an angle and two projections from |a|, |b| and a . b
# --------------------------------------------------------------------------

def _three_numbers():
    """The four answers, from two concrete vectors with |a| = 3, |b| = 4 and a . b = -6."""
    theta = np.arccos(-6 / 12)
    a, b = np.array([3.0, 0.0]), 4 * np.array([np.cos(theta), np.sin(theta)])
    return (float(np.degrees(np.arccos(a @ b / (np.linalg.norm(a) * np.linalg.norm(b))))),
            float(a @ b / np.linalg.norm(b)), float(a @ b / np.linalg.norm(a)), float(np.linalg.norm(a - b)))


@exercise("ch01-three-numbers", number=3, title="an angle and two projections from three numbers", points=2,
          kind="predict",
          hint="Every quantity here is a dot product divided by lengths, or (section 2) a squared length "
               "expanded into |a|², a · b and |b|². Keep the sign of a · b all the way through.")
def _three(t, angle_ab, proj_a_on_b, proj_b_on_a, dist_ab):
    angle, p_ab, p_ba, dist = _three_numbers()
    t.check(angle_ab, angle, call="`angle_ab`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("angle-sign-lost", 60.0, "the sign of the cosine is lost: a negative dot "
                                                             "product means an angle above 90°"),
                            Mistake("angle-radians", 2 * np.pi / 3, "the angle is in radians, not degrees")])
    t.check(proj_a_on_b, p_ab, call="`proj_a_on_b`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("proj-not-normalised", -6.0, "the projection is not divided by a length "
                                                                 "(that is a · b itself)"),
                            Mistake("proj-wrong-length", -2.0, "the projection onto b divided by |a|: divide by "
                                                               "the length of the vector you project onto"),
                            Mistake("proj-squared", -6 / 16, "divided by |b|² instead of |b|"),
                            Mistake("proj-unsigned", 1.5, "the projection length without its sign")])
    t.check(proj_b_on_a, p_ba, call="`proj_b_on_a`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("proj-symmetric", -1.5, "the two projections taken as equal: a · b is "
                                                            "symmetric, the lengths you divide by are not"),
                            Mistake("proj-ba-squared", -6 / 9, "divided by |a|² instead of |a|")])
    t.check(dist_ab, dist, call="`dist_ab`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("dist-sign", np.sqrt(13.0), "the sign of a · b lost in |a|² − 2 a · b + |b|²"),
                            Mistake("dist-no-root", 37.0, "the squared distance, without the square root"),
                            Mistake("dist-pythagoras", 5.0, "Pythagoras: that holds only when a · b = 0")])


# --------------------------------------------------------------------------
# Exercise 4 (construct): a perpendicular vector of a given length
# --------------------------------------------------------------------------

@exercise("ch01-perpendicular", number=4, title="construct a perpendicular vector", points=3, kind="construct",
          hint="Section 3 tells you how to test perpendicularity and section 2 how to set a length; "
               "try swapping the two coordinates and changing one sign, then check the turn is counterclockwise.")
def _perpendicular(t, perpendicular):
    t.check(lambda: perpendicular([3.0, 4.0], 10.0), [-8.0, 6.0], call="`perpendicular([3, 4], 10)`",
            misconceptions=[Mistake("perp-clockwise", [8.0, -6.0], "turned clockwise: (a2, -a1) points the other way"),
                            Mistake("perp-swap-only", [8.0, 6.0],
                                    "coordinates swapped without a sign change: (a2, a1) is not perpendicular"),
                            Mistake("perp-length-ignored", [-4.0, 3.0],
                                    "the length is ignored: (-a2, a1) keeps the length of a"),
                            Mistake("perp-not-normalised", [-40.0, 30.0],
                                    "multiplied by the length without normalising first"),
                            Mistake("perp-not-scaled", [-0.8, 0.6], "normalised but not scaled to the length")])
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
