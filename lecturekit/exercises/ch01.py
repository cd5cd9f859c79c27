"""Checks of chapter 1's exercises (dot products).

Expected values are computed here independently of the learner's answer: from
concrete vectors with the stated properties, or from a formula written out
once more (the mirror image as a Householder reflection).  A wrong answer is
told which requirement it fails, as what it does on a probe the learner can
recompute, in the same words for every answer that fails that requirement;
no message names an expected value or says which way to change the answer.
"""

import math

import numpy as np

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
    score = float(w @ _POSITIVE_POINT)
    if not t.check_true(score > 0, what="the point (1, 0, 0) has a positive score w · x",
                        mistake=Mistake("normal-sides-swapped", None,
                                        "your w is a normal of the plane; work out the score it gives the point "
                                        "(1, 0, 0) and reread which side the exercise puts that point on")):
        return
    length = float(np.linalg.norm(w))
    norm_off = abs(length - 1.0)
    t.check_true(bool(norm_off <= _TOL), what="`w_normal` has length 1 (to within 10⁻³)",
                 mistake=None if norm_off <= _FAR else Mistake(
                     "normal-not-unit", None, "your w is a normal of the plane on the asked side, but its length is "
                                              "not the one the exercise asks for: the length with which w · x is "
                                              "the signed distance"))


# --------------------------------------------------------------------------
# Exercise 2 (debug): the mirror image of a point in a line w . x = c
# --------------------------------------------------------------------------

def _mirror(x, w, c):
    """The reflection in the line w . x = c: the Householder matrix I - 2 w w^T / (w^T w) applied to x - p,
    for the point p = c w / (w^T w) of the line, and p added back."""
    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)
    p = c * w / (w @ w)
    return p + (np.eye(2) - 2.0 * np.outer(w, w) / (w @ w)) @ (x - p)


def _image(reflect, x, w, c):
    return np.asarray(reflect(list(map(float, x)), list(map(float, w)), float(c)), dtype=float)


# The check states requirements of a mirror image and reports, for the first one an answer fails, what the
# answer does on a probe the learner can recompute by hand.  Every answer that fails a requirement gets the
# same words: the message says what is wrong with the image, never which factor of the code to change.
_ON_LINE = ([5.0, 1.0], [0.0, 2.0], 2.0)        # (5, 1) lies on the line 2 x2 = 2
_UNIT = ([3.0, 2.0], [0.0, 1.0], 1.0)           # (3, 2) is 1 above the line x2 = 1
_SAME_LINE = (([3.0, 2.0], [0.0, 1.0], 1.0), ([3.0, 2.0], [0.0, 3.0], 3.0))   # x2 = 1 written twice


def _fmt(v):
    return "(" + ", ".join(f"{float(c):.4g}" for c in np.asarray(v).ravel()) + ")"


@exercise("ch01-reflect", number=2, title="find the bugs in a mirror", points=3, kind="debug",
          hint="Take the line x2 = 1, once as w = (0, 1), c = 1 and once as w = (0, 3), c = 3: it is the same "
               "line, so the mirror image of (3, 2) must be the same. Where must (3, 2) go? Work it out by hand, "
               "then say in words what each factor of the given step measures (sections 4 and 6) and test that "
               "on both ways of writing the line.")
def _reflect(t, reflect):
    def run(x, w, c):
        try:
            got = _image(reflect, x, w, c)
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
            return None, f"raised {type(exc).__name__}: {exc}"
        if got.shape != (2,) or not np.all(np.isfinite(got)):
            return None, f"returned {got!r}, not two finite numbers"
        return got, None

    # the requirements in turn; only the first one an answer fails is explained (one thing at a time), the
    # later ones still count against it
    x, w, c = _ON_LINE
    got, error = run(x, w, c)
    if error:
        t.check_true(False, what=f"`reflect({x}, {w}, {c})` {error}")
        return
    explained = not t.check_true(
        bool(np.allclose(got, x, atol=1e-9)),
        what=f"`reflect({x}, {w}, {c})` leaves the point (5, 1) of the line where it is",
        mistake=Mistake("reflect-moves-the-line", None,
                        f"(5, 1) lies on the line 2 x2 = 2 (w = (0, 2), c = 2), and your reflect sends it to "
                        f"{_fmt(got)}; a mirror leaves every point of its line where it is"))
    x, w, c = _UNIT
    got, error = run(x, w, c)
    if error:
        t.check_true(False, what=f"`reflect({x}, {w}, {c})` {error}")
        return
    before, after = float(np.dot(w, x) - c), float(np.dot(w, got) - c)
    mirrored = abs(got[0] - x[0]) <= 1e-9 and abs(after + before) <= 1e-9
    t.check_true(bool(mirrored),
                 what=f"`reflect({x}, {w}, {c})` is as far beyond the line x2 = 1 as (3, 2) is before it, "
                      f"on the same perpendicular",
                 mistake=None if explained else Mistake(
                     "reflect-not-mirrored", None,
                     f"for (3, 2) and the line x2 = 1 (w = (0, 1), c = 1) your image is {_fmt(got)}: w · x − c is "
                     f"{before:g} for the point and {after:.4g} for your image. A mirror image lies on the "
                     f"perpendicular through the point, on the other side of the line, at the same distance"))
    explained = explained or not mirrored
    images = [run(*probe)[0] for probe in _SAME_LINE]
    if any(i is None for i in images):
        t.check_true(False, what="`reflect` returns two finite numbers for the line x2 = 1 written as "
                                 "w = (0, 3), c = 3")
        return
    t.check_true(bool(np.allclose(images[0], images[1], atol=1e-9)),
                 what="`reflect` gives (3, 2) one image for the line x2 = 1, written as w = (0, 1), c = 1 "
                      "or as w = (0, 3), c = 3",
                 mistake=None if explained else Mistake(
                     "reflect-depends-on-w-length", None,
                     f"w = (0, 1), c = 1 and w = (0, 3), c = 3 describe the same line x2 = 1, yet your reflect "
                     f"sends (3, 2) to {_fmt(images[0])} under the first and to {_fmt(images[1])} under the "
                     f"second"))
    rng = np.random.default_rng(12)
    for k in range(2):
        x, w = rng.normal(size=(2, 2))
        c = float(rng.normal())
        got, error = run(x, w, c)
        t.check_true(error is None and bool(np.allclose(got, _mirror(x, w, c), atol=1e-9)),
                     what=f"`reflect(x, w, c)` for a random x, w and c (probe {k + 1}) is the mirror image"
                          + (f": it {error}" if error else ""))


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


# One verdict for the four numbers: a verdict per number, or a message that depended on which number is wrong
# or on how it is wrong, would let a learner try the few candidates for one number (60 or 120, -1 or -2.5) and
# keep the one the check accepts.  Every wrong set of four gets the same words.
_FOUR_WRONG = ("not all four numbers are right to within 0.001 (the check does not say which). Test each against "
               "what the chapter says of it: an angle between 0° and 180° whose cosine is a · b / (|a| |b|), sign "
               "included (section 3); a projection length changes with the length of the vector projected and "
               "not with the length of the vector projected onto (section 4); a distance, by section 2's expansion "
               "of |a − b|², doubles when both vectors double. If you rounded, keep more decimal places or type "
               "an exact expression")


def _number(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


@exercise("ch01-three-numbers", number=3, title="an angle and two projections from three numbers", points=2,
          kind="predict",
          hint="Every quantity here is a dot product divided by lengths, or (section 2) a squared length "
               "expanded into |a|², a · b and |b|². Keep the sign of a · b all the way through.")
def _three(t, angle_ab, proj_a_on_b, proj_b_on_a, dist_ab):
    got = [_number(v) for v in (angle_ab, proj_a_on_b, proj_b_on_a, dist_ab)]
    if not t.check_true(None not in got, what="`angle_ab`, `proj_a_on_b`, `proj_b_on_a` and `dist_ab` are numbers"):
        return
    right = all(abs(g - e) <= _WITHIN for g, e in zip(got, _three_numbers()))
    t.check_true(right, what="`angle_ab`, `proj_a_on_b`, `proj_b_on_a` and `dist_ab` are each right to within 0.001",
                 mistake=Mistake("three-numbers-wrong", None, _FOUR_WRONG))


# --------------------------------------------------------------------------
# Exercise 4 (construct): a perpendicular vector of a given length
# --------------------------------------------------------------------------

@exercise("ch01-perpendicular", number=4, title="construct a perpendicular vector on a given side", points=3,
          kind="construct",
          hint="For a = (3, 4): which vectors (p1, p2) satisfy 3 p1 + 4 p2 = 0? There are two directions; a "
               "vector perpendicular to a is a normal of the line through a, so the sign of its dot product with "
               "`toward` says on which side of that line `toward` lies (section 6). Then set the length "
               "(section 2). Generalise from there.")
def _perpendicular(t, perpendicular):
    # toward lies on either side of the line through a, so that no fixed turn (clockwise or counterclockwise)
    # passes, and on a side where the sign of a . toward is no guide (the first two probes have a . toward > 0)
    probes = [(np.array([3.0, 4.0]), 10.0, np.array([1.0, 0.0])), (np.array([3.0, 4.0]), 10.0, np.array([0.0, 1.0])),
              (np.array([-2.0, 0.5]), 3.0, np.array([-1.0, -1.0]))]
    rng = np.random.default_rng(14)
    for a, length, toward in zip(rng.normal(size=(3, 2)), rng.uniform(0.1, 20, size=3), rng.normal(size=(3, 2))):
        probes.append((a, length, toward))
    for a, length, toward in probes:
        show = lambda v: np.round(v, 3).tolist()   # noqa: E731
        call = f"`perpendicular({show(a)}, {length:.3f}, {show(toward)})`".replace(".000", ".0")
        try:
            p = np.asarray(perpendicular(a.copy(), float(length), toward.copy()), dtype=float)   # numpy arrays
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
            t.check_true(False, what=f"{call} (a and toward given as numpy arrays) raised "
                                     f"{type(exc).__name__}: {exc}")
            continue
        if p.shape != (2,) or not np.all(np.isfinite(p)):
            t.check_true(False, what=f"{call} returns two finite numbers; got {np.round(p, 4).tolist()}")
            continue
        # the three requirements in the order the exercise states them; the first one that fails is reported,
        # as an observation on this probe, in the same words for every answer that fails it
        scale = max(1.0, length * float(np.linalg.norm(a)))
        dot, size, side = float(p @ a), float(np.linalg.norm(p)), float(p @ toward)
        if abs(dot) >= 1e-9 * scale:
            t.check_true(False, what=f"{call} is perpendicular to a",
                         mistake=Mistake("perp-not-perpendicular", None,
                                         f"your vector {_fmt(p)} has the dot product {dot:.4g} with a = {_fmt(a)}; "
                                         f"section 3 says what a perpendicular vector's dot product is"))
        elif abs(size - length) >= 1e-9 * max(1.0, length):
            t.check_true(False, what=f"{call} has length {length:.4g}",
                         mistake=Mistake("perp-wrong-length", None,
                                         f"your vector {_fmt(p)} is perpendicular to a = {_fmt(a)} and has length "
                                         f"{size:.4g}; the length asked for is the second argument"))
        elif side <= 0:
            t.check_true(False, what=f"{call} points to the side of the line through a where toward lies",
                         mistake=Mistake("perp-side", None,
                                         f"your vector {_fmt(p)} is perpendicular to a = {_fmt(a)} and has the length "
                                         f"asked for; draw the line through a, toward = {_fmt(toward)} and your "
                                         f"vector: are they on the same side of that line?"))
        else:
            t.check_true(True, what=f"{call} is perpendicular to a, of length {length:.4g}, on the side of "
                                    f"toward")


# --------------------------------------------------------------------------
# Exercise 5 (construct): which rows of a table lie on the line w . x = 0, in floating point
# --------------------------------------------------------------------------

# Each probe is a weight vector and a table of decimals as typed.  A row is near the line w . x = 0 when it makes
# an angle of at most 0.01 degrees with it (decided here exactly, on the decimals as typed); no row lies between
# 0.009 and 0.011 degrees, so rounding cannot decide one.  Rows on the line score rounding errors, not 0 (so
# `== 0` fails); rows at 0.0059 degrees are near and rows at 0.0117 and 0.0147 degrees are not (so the lesson's
# 1e-12 and any tolerance looser than about 2e-4 fail, and so does sin(0.01) taken in radians); w comes at two
# scales (so a tolerance that ignores |w| or |x| fails); the origin is on every such line (so a strict `<`
# fails); the row of size 1e-20 is off the line by a wide angle, and its score is tiny only because the row is
# (so a tolerance that ignores |x|, or scales by the whole table, fails).
_NEAR_DEGREES = 0.01
_BOUNDARY_PROBES = (
    ((0.3, 0.2), ((-0.6, 0.9), (1.0, 1.0), (-0.6, 0.9002), (1.2, -1.8), (-0.6, 0.9004), (2e-20, 1e-20), (0.0, 0.0),
                  (-0.6, 0.9005), (-0.6, 0.91), (2.2, -3.3003))),
    ((3e6, 2e6), ((-2.2, 3.3), (0.5, 0.5), (-0.6, 0.9002), (1.4, -2.1), (-0.6, 0.9004), (1e-20, -1e-20))),
)


def _near_line_exactly(w, x):
    """Does x make an angle of at most 0.01 degrees with the line w . x = 0?  |w . x| <= sin(0.01 deg) |w| |x|,
    squared, in Fractions of the decimals as typed (sin(0.01 deg) as its float; no probe row is near the limit)."""
    from fractions import Fraction
    fw, fx = [Fraction(repr(float(v))) for v in w], [Fraction(repr(float(v))) for v in x]
    score = sum(p * q for p, q in zip(fw, fx))
    limit = Fraction(math.sin(math.radians(_NEAR_DEGREES)))
    return score ** 2 <= limit ** 2 * sum(p * p for p in fw) * sum(q * q for q in fx)


def _row_message(w, x, near):
    """The words for a row the answer gets wrong: the same for every answer that gets this row wrong; they say
    what the answer returned for the row, which the learner can check by hand, and not the row's angle."""
    row, wv = _fmt(x), _fmt(w)
    if not any(x):
        return (f"your near_boundary returns False for the row {row} with w = {wv}; the prompt says what the "
                f"origin counts as")
    return (f"your near_boundary returns {not near} for the row {row} with w = {wv}; work out by hand the angle "
            f"this row makes with the line w · x = 0 and compare it with the prompt's 0.01°")


@exercise("ch01-boundary", number=5, title="points near the boundary", points=2, kind="construct",
          hint="The angle between a row x and the line w · x = 0 is 90° minus the angle between x and w. Which "
               "condition on the cosine of section 3 says that this angle is at most 0.01°? Write it without a "
               "division, so that it needs no special case for the origin, and mind that numpy's sin takes "
               "radians. Each row has its own length.")
def _boundary(t, near_boundary):
    for k, (w, rows) in enumerate(_BOUNDARY_PROBES, 1):
        w, X = np.array(w), np.array(rows)
        call = f"`near_boundary(X, w)` for probe {k}, w = {_fmt(w)}"
        try:
            got = np.asarray(near_boundary(X.copy(), w.copy()))
        except Exception as exc:  # noqa: BLE001 - the learner's code may raise anything
            t.check_true(False, what=f"{call} raised {type(exc).__name__}: {exc}")
            continue
        if got.shape != (len(rows),) or got.dtype.kind not in "bui":
            t.check_true(False, what=f"{call} returns one True or False per row of X ({len(rows)} rows); got "
                                     f"shape {got.shape} and dtype {got.dtype}")
            continue
        near = [_near_line_exactly(w, x) for x in rows]
        wrong = [i for i, (g, o) in enumerate(zip(got.astype(bool), near)) if bool(g) != o]
        if not wrong:
            t.check_true(True, what=f"{call} says which of its {len(rows)} rows lie within 0.01° of the line")
            continue
        i = wrong[0]
        t.check_true(False, what=f"{call} says which of its {len(rows)} rows lie within 0.01° of the line",
                     mistake=Mistake("boundary-row", None, _row_message(w, rows[i], near[i])))
