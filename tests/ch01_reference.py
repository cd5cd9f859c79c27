"""Reference answers of chapter 1's Exercise 5, kept out of the shipped check module.

``lecturekit/exercises/ch01.py`` holds each probe row's angle with the line only as a fingerprint
(:func:`lecturekit.exercises.public.fingerprint`).  This module computes the angles from the rows the check
builds, in exact arithmetic on the stored floats (``fractions.Fraction``) up to one final ``atan2``, and
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
