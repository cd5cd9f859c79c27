# Plausible wrong answers for chapter 01: each must lose points under the grader.
MUTANTS = {
    "ch01-normal": [
        ("the zero vector is perpendicular to everything, but every point scores 0 under it: it has no "
         "boundary and no sides", "w_normal = [0.0, 0.0, 0.0]\n"),
        ("a direction that lies in the plane, not a normal to it: the normal is at a right angle to both "
         "directions", "w_normal = [1.0, 2.0, 3.0]\n"),
        ("perpendicular to a but not to c: one equation of the two", "w_normal = [1.0, 1.0, -1.0]\n"),
        ("perpendicular to c but not to a: one equation of the two", "w_normal = [0.0, 1.0, 1.0]\n"),
        ("the right plane with its sides swapped: -w has the same boundary as w and the opposite sides",
         "w_normal = [-5.0, 1.0, 1.0]\n"),
    ],
    "ch01-reflect": [
        ("the given function unchanged: it steps only once and divides x · w by |w|", '''def reflect(x, w):
    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)
    return x - (x @ w) / np.linalg.norm(w) * w
'''),
        ("one step along the normal reaches the foot on the line; the mirror image lies as far again beyond it",
         ("x - 2 * (x @ w) / (w @ w) * w", "x - (x @ w) / (w @ w) * w")),
        ("x · w is divided by |w| once, then multiplied by the whole w: the step is |w| times too long "
         "(right only when |w| = 1)",
         ("x - 2 * (x @ w) / (w @ w) * w", "x - 2 * (x @ w) / np.linalg.norm(w) * w")),
        ("the step goes away from the line (+ instead of −)",
         ("x - 2 * (x @ w) / (w @ w) * w", "x + 2 * (x @ w) / (w @ w) * w")),
    ],
    "ch01-three-numbers": [
        ("the sign of the cosine is lost: a negative dot product means an angle above 90°",
         ("angle_ab = 120.0", "angle_ab = 60.0")),
        ("the angle is in radians, not degrees", ("angle_ab = 120.0", "angle_ab = 2 * np.pi / 3")),
        ("the projection is not divided by a length (that is a · b itself)",
         ("proj_a_on_b = -6 / 4", "proj_a_on_b = -6.0")),
        ("the projection onto b divided by |a|: divide by the length of the vector you project onto",
         ("proj_a_on_b = -6 / 4", "proj_a_on_b = -6 / 3")),
        ("the two projections taken as equal: a · b is symmetric, the lengths you divide by are not",
         ("proj_b_on_a = -6 / 3", "proj_b_on_a = -6 / 4")),
        ("the sign of a · b lost in |a|² − 2 a · b + |b|²", ("dist_ab = 37 ** 0.5", "dist_ab = 13 ** 0.5")),
        ("the squared distance, without the square root", ("dist_ab = 37 ** 0.5", "dist_ab = 37")),
        ("Pythagoras: that holds only when a · b = 0", ("dist_ab = 37 ** 0.5", "dist_ab = 5.0")),
    ],
    "ch01-perpendicular": [
        ("turned clockwise: (a2, -a1) points the other way", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], -a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        ("coordinates swapped without a sign change: (a2, a1) is not perpendicular", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        ("the length is ignored: (-a2, a1) keeps the length of a", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    return np.array([-a[1], a[0]])
"""),
        ("multiplied by the length without normalising first", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    return length * np.array([-a[1], a[0]])
"""),
        ("normalised but not scaled to the length", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([-a[1], a[0]])
    return turned / np.linalg.norm(turned)
"""),
    ],
}
