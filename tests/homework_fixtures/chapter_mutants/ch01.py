# Plausible wrong answers for chapter 01: each must lose points under the grader.
MUTANTS = {
    "ch01-normal": [
        ("the zero vector is perpendicular to everything, but every point scores 0 under it: it has no "
         "boundary and no sides", "w_normal = [0.0, 0.0, 0.0]\n"),
        ("a direction that lies in the plane, not a normal to it: the normal is at a right angle to both "
         "directions", "w_normal = [1.0, 2.0, 3.0]\n"),
        ("perpendicular to a but not to c: one equation of the two", "w_normal = [1.0, 1.0, -1.0]\n"),
        ("perpendicular to c but not to a: one equation of the two", "w_normal = [0.0, 1.0, 1.0]\n"),
        ("a normal of the right plane, but which side of it is (1, 0, 0) on under your w? Work out its score",
         "w_normal = np.array([-5.0, 1.0, 1.0]) / 27 ** 0.5\n"),
        ("the right plane and side, but not of length 1: then w · x is |w| times the signed distance of x, "
         "not the distance itself", "w_normal = [5.0, -1.0, -1.0]\n"),
    ],
    "ch01-reflect": [
        ("the given function unchanged", '''def reflect(x, w):
    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)
    return x - (x @ w) / np.linalg.norm(w) * w
'''),
        ("the point lands on the line itself (its score is 0), not on the other side of it",
         ("x - 2 * (x @ w) / (w @ w) * w", "x - (x @ w) / (w @ w) * w")),
        ("the mirror image moves when w is stretched: compare w = (0, 1) with w = (0, 3)",
         ("x - 2 * (x @ w) / (w @ w) * w", "x - 2 * (x @ w) / np.linalg.norm(w) * w")),
        ("the point moves away from the line instead of across it",
         ("x - 2 * (x @ w) / (w @ w) * w", "x + 2 * (x @ w) / (w @ w) * w")),
    ],
    "ch01-three-numbers": [
        ("an angle whose cosine is positive: what does a negative a · b say about the angle (section 3)?",
         ("angle_ab = 120.0", "angle_ab = 60.0")),
        ("the angle in radians; the exercise asks for degrees", ("angle_ab = 120.0", "angle_ab = 2 * np.pi / 3")),
        ("a · b itself, which doubles when b is doubled; a projection length does not (section 4)",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5.0")),
        ("divided by |a|: a projection of a doubles when a is doubled (section 4); does yours?",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5 / 2")),
        ("divided by |b|²: that is the factor of b in the projected vector, not a length",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5 / 25")),
        ("a projection length without its sign: does a point towards b or away from it?",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = 5 / 5")),
        ("divided by |b|: a projection of b doubles when b is doubled (section 4); does yours?",
         ("proj_b_on_a = -5 / 2", "proj_b_on_a = -5 / 5")),
        ("divided by |a|²: that is the factor of a in the projected vector, not a length",
         ("proj_b_on_a = -5 / 2", "proj_b_on_a = -5 / 4")),
        ("the sign of a · b lost in section 2's identity", ("dist_ab = 39 ** 0.5", "dist_ab = 19 ** 0.5")),
        ("the value of section 2's identity itself: which quantity does it give?",
         ("dist_ab = 39 ** 0.5", "dist_ab = 39")),
        ("Pythagoras' theorem, which needs a right angle between a and b",
         ("dist_ab = 39 ** 0.5", "dist_ab = 29 ** 0.5")),
    ],
    "ch01-perpendicular": [
        ("perpendicular and of the right length, but turned clockwise", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], -a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        ("the coordinates swapped without a sign change: not perpendicular to a (check its dot product with a)",
         """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        ("perpendicular, but as long as a rather than the length asked for", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    return np.array([-a[1], a[0]])
"""),
        ("perpendicular, but |a| times longer than the length asked for", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    return length * np.array([-a[1], a[0]])
"""),
        ("perpendicular, but of length 1 rather than the length asked for", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([-a[1], a[0]])
    return turned / np.linalg.norm(turned)
"""),
    ],
}
