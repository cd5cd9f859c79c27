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
        # each answer is told the first requirement of a mirror image it fails, in the same words as every
        # other answer that fails it: the given code and its half fixes, and section 4's projection inlined
        ("reflect-not-mirrored", '''def reflect(x, w, c):
    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)
    step = (x @ w - c) / np.linalg.norm(w) * w
    return x + 2 * step
'''),
        ("reflect-depends-on-w-length",
         ("step = (x @ w - c) / (w @ w) * w", "step = (x @ w - c) / np.linalg.norm(w) * w")),
        ("reflect-not-mirrored",
         ("return x - 2 * step", "return x + 2 * step")),
        ("reflect-not-mirrored",
         ("return x - 2 * step", "return x - step")),
        ("reflect-moves-the-line", ("step = (x @ w - c) / (w @ w) * w", "step = (x @ w) / (w @ w) * w")),
        ("reflect-moves-the-line", '''def reflect(x, w, c):
    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)
    u = w / np.linalg.norm(w)
    return x - 2 * (x @ u) * u
'''),
        ("reflect-moves-the-line", '''def reflect(x, w, c):
    x, w = np.asarray(x, dtype=float), np.asarray(w, dtype=float)
    u = w / np.linalg.norm(w)
    return x - 2 * (x @ u - c) * u
'''),
        ("reflect-moves-the-line", '''def reflect(x, w, c):
    return -np.asarray(x, dtype=float)
'''),
    ],
    "ch01-three-numbers": [
        # one message for every wrong set of four numbers (it must not tell which number is wrong)
        ("three-numbers-wrong",
         ("angle_ab = 120.0", "angle_ab = 60.0")),
        ("three-numbers-wrong", ("angle_ab = 120.0", "angle_ab = 2 * np.pi / 3")),
        ("three-numbers-wrong",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5.0")),
        ("three-numbers-wrong",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5 / 2")),
        ("three-numbers-wrong",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5 / 25")),
        ("three-numbers-wrong",
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = 5 / 5")),
        ("three-numbers-wrong",
         ("proj_b_on_a = -5 / 2", "proj_b_on_a = -5 / 5")),
        ("three-numbers-wrong",
         ("proj_b_on_a = -5 / 2", "proj_b_on_a = -5 / 4")),
        ("three-numbers-wrong", ("dist_ab = 39 ** 0.5", "dist_ab = 19 ** 0.5")),
        ("three-numbers-wrong",
         ("dist_ab = 39 ** 0.5", "dist_ab = 39")),
        ("three-numbers-wrong",
         ("dist_ab = 39 ** 0.5", "dist_ab = 29 ** 0.5")),
    ],
    "ch01-perpendicular": [
        ("perp-turn", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], -a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        ("perp-not-perpendicular",
         """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        ("perp-wrong-length", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    return np.array([-a[1], a[0]])
"""),
        ("perp-wrong-length", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    return length * np.array([-a[1], a[0]])
"""),
        ("perp-wrong-length", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([-a[1], a[0]])
    return turned / np.linalg.norm(turned)
"""),
    ],
    "ch01-boundary": [
        # each a test for 0 that a learner might write; every one gets a row of some probe wrong
        ("boundary-row", ("return np.abs(X @ w) <= 1e-12 * np.linalg.norm(X, axis=1) * np.linalg.norm(w)",
                          "return X @ w == 0")),
        ("boundary-row", ("return np.abs(X @ w) <= 1e-12 * np.linalg.norm(X, axis=1) * np.linalg.norm(w)",
                          "return np.abs(X @ w) <= 1e-12")),
        ("boundary-row", ("return np.abs(X @ w) <= 1e-12 * np.linalg.norm(X, axis=1) * np.linalg.norm(w)",
                          "return np.abs(X @ w) <= 1e-12 * np.linalg.norm(X) * np.linalg.norm(w)")),
        ("boundary-row", ("return np.abs(X @ w) <= 1e-12 * np.linalg.norm(X, axis=1) * np.linalg.norm(w)",
                          "return np.abs(X @ w) / np.linalg.norm(w) <= 1e-12")),
        ("boundary-row", ("return np.abs(X @ w) <= 1e-12 * np.linalg.norm(X, axis=1) * np.linalg.norm(w)",
                          "return np.abs(X @ w) <= 1e-12 * np.linalg.norm(X, axis=1)")),
        ("boundary-row", ("return np.abs(X @ w) <= 1e-12 * np.linalg.norm(X, axis=1) * np.linalg.norm(w)",
                          "return np.abs(X @ w) < 1e-12 * np.linalg.norm(X, axis=1) * np.linalg.norm(w)")),
    ],
}
