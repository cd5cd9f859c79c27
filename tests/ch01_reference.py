"""Reference answers of chapter 1's Exercises 3, 4 and 5, kept out of the shipped check module.

``lecturekit/exercises/ch01.py`` holds these answers only as fingerprints
(:func:`lecturekit.exercises.public.fingerprint`): Exercise 3's four numbers, which of the two perpendicular
vectors Exercise 4 asks for on each probe, and each probe row's angle with the line of Exercise 5.  This module
computes them, in exact arithmetic (``fractions.Fraction``) up to one final rounding, and
``tests/test_chapter_01.py`` asserts that the fingerprints are theirs.
"""

import math
from fractions import Fraction

from lecturekit.exercises import ch01
from lecturekit.exercises.public import fingerprint


def angle_to_line(x, w):
    """The angle in degrees (0 to 90) between the point x and the line w . x = 0: atan2 of |w . x| (across)
    and |w1 x2 - w2 x1| (along), both exact before the one rounding each to a float."""
    fx, fw = [Fraction(float(v)) for v in x], [Fraction(float(v)) for v in w]
    across = abs(fw[0] * fx[0] + fw[1] * fx[1])
    along = abs(fw[0] * fx[1] - fw[1] * fx[0])
    if not across and not along:
        return 0.0   # the origin lies on the line
    return math.degrees(math.atan2(float(across), float(along)))


def angles():
    """Per probe of ``ch01._ANGLE_PROBES``: the list of the rows' angles."""
    return [[angle_to_line(x, w) for x in ch01._angle_rows(seed, w, scale)] for seed, w, scale in ch01._ANGLE_PROBES]


def keys():
    """The fingerprints (first 16 hex digits) ``ch01._ANGLE_KEYS`` must hold."""
    return tuple(tuple(fingerprint(f"ch01-boundary/{k}/{i}", [deg / ch01._ANGLE_UNIT], ch01._ANGLE_ATOL)[:16] for i, deg in enumerate(row))
                 for k, row in enumerate(angles()))


# --------------------------------------------------------------------------- Exercise 3
def three_numbers():
    """|a| = 2, |b| = 5, a . b = -5: the angle arccos(a . b / (|a| |b|)) in degrees, the projection lengths
    a . b / |b| and a . b / |a|, and |a - b| = sqrt(|a|² - 2 a . b + |b|²) (section 2's expansion)."""
    norm_a, norm_b, a_dot_b = Fraction(2), Fraction(5), Fraction(-5)
    return {"angle_ab": math.degrees(math.acos(a_dot_b / (norm_a * norm_b))),
            "proj_a_on_b": float(a_dot_b / norm_b), "proj_b_on_a": float(a_dot_b / norm_a),
            "dist_ab": math.sqrt(norm_a ** 2 - 2 * a_dot_b + norm_b ** 2)}


def three_keys():
    """The fingerprints ``ch01._THREE_KEYS`` must hold: each number rounded to a multiple of 10⁻⁶."""
    return {name: ch01._micro_key(name, round(value * ch01._MICRO)) for name, value in three_numbers().items()}


# --------------------------------------------------------------------------- Exercise 4
def wanted_turn(a, toward):
    """Which way the vector Exercise 4 asks for is turned from a.  The quarter turn counterclockwise q = (-a2, a1)
    has q . toward = a1 t2 - a2 t1: toward lies on q's side of the line through a when that is positive, on the
    other side when it is negative, and on the line when it is 0, where the prompt asks for q.  Decided exactly,
    in Fractions of the decimals as typed (repr), so that a decimal multiple such as (-0.7, -4.9) of (0.1, 0.7),
    whose computed score is a rounding error, counts as on the line; every other probe is at least 1° off it
    (tests/test_chapter_01.py checks that), so the float probes' rounding cannot move it to the other side."""
    fa, ft = [Fraction(repr(float(v))) for v in a], [Fraction(repr(float(v))) for v in toward]
    return "counterclockwise" if fa[0] * ft[1] - fa[1] * ft[0] >= 0 else "clockwise"


def perp_keys():
    """The fingerprints ``ch01._PERP_KEYS`` must hold, one per probe of ``ch01._perp_probes()``."""
    return tuple(ch01._turn_key(k, wanted_turn(a, toward)) for k, (a, _, toward) in enumerate(ch01._perp_probes()))
