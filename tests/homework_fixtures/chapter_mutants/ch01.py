# Plausible wrong answers for chapter 01: each must lose points under the grader.
MUTANTS = {
    "ch01-normal": [
        ("zero-normal", "w_normal = [0.0, 0.0, 0.0]\n"),
        ("direction-not-normal", "w_normal = [1.0, 2.0, 3.0]\n"),
        ("normal-to-a-only", "w_normal = [1.0, 1.0, -1.0]\n"),
        ("normal-to-c-only", "w_normal = [0.0, 1.0, 1.0]\n"),
        ("normal-sides-swapped",
         "w_normal = np.array([-5.0, 1.0, 1.0]) / 27 ** 0.5\n"),
        ("normal-not-unit", "w_normal = [5.0, -1.0, -1.0]\n"),
        ("normal-rounded", "w_normal = [0.96, -0.19, -0.19]\n"),
    ],
    "ch01-reflect": [
        ("reflect-given", '''def reflect(x, w):
    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)
    step = (x @ w) / np.linalg.norm(w) * w
    return x + 2 * step
'''),
        ("reflect-by-norm",
         ("step = (x @ w) / (w @ w) * w", "step = (x @ w) / np.linalg.norm(w) * w")),
        ("reflect-same-side",
         ("return x - 2 * step", "return x + 2 * step")),
        ("reflect-to-the-line",
         ("return x - 2 * step", "return x - step")),
        ("reflect-in-the-normal",
         ("return x - 2 * step", "return 2 * step - x")),
        ("reflect-through-origin", """def reflect(x, w):
    return -np.asarray(x, dtype=float)
"""),
    ],
    "ch01-three-numbers": [
        ("angle-sign-lost",
         ("angle_ab = 120.0", "angle_ab = 60.0")),
        ("angle-radians", ("angle_ab = 120.0", "angle_ab = 2 * np.pi / 3")),
        ("proj-not-normalised",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5.0")),
        ("proj-wrong-length",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5 / 2")),
        ("proj-squared",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5 / 25")),
        ("proj-unsigned",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = 5 / 5")),
        ("proj-symmetric",
         ("proj_b_on_a = -5 / 2", "proj_b_on_a = -5 / 5")),
        ("proj-ba-squared",
         ("proj_b_on_a = -5 / 2", "proj_b_on_a = -5 / 4")),
        ("dist-sign", ("dist_ab = 39 ** 0.5", "dist_ab = 19 ** 0.5")),
        ("dist-no-root",
         ("dist_ab = 39 ** 0.5", "dist_ab = 39")),
        ("dist-pythagoras",
         ("dist_ab = 39 ** 0.5", "dist_ab = 29 ** 0.5")),
    ],
    "ch01-perpendicular": [
        ("perp-clockwise", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], -a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        ("perp-swap-only",
         """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        ("perp-length-ignored", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    return np.array([-a[1], a[0]])
"""),
        ("perp-not-normalised", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    return length * np.array([-a[1], a[0]])
"""),
        ("perp-not-scaled", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([-a[1], a[0]])
    return turned / np.linalg.norm(turned)
"""),
    ],
}
