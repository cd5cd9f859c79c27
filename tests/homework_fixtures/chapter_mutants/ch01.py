# Plausible wrong answers for chapter 01: each must lose points under the grader.
# Wrong answers that no misconception describes are told only what they fail ("fails: <those words>", see
# tests/test_misconceptions.py): the same words for every such answer, so one guess does not lead to the key.
NORMAL_FAILS = "fails: your w fails at least one of the exercise's requirements, and the check does not say which"
FOUR_FAIL = 'fails: are each right to within 0.001 (the check does not say which of them is not'
SIDE_FAILS = 'fails: the side is decided on probes such as these (your numbers, for you to judge)'
ROW_FAILS = 'fails: or returns nan for it (the check does not say which); work out the angle each'
MUTANTS = {
    "ch01-normal": [
        ("zero-normal", "w_normal = [0.0, 0.0, 0.0, 0.0]\n"),
        ("direction-not-normal", "w_normal = [1.0, 2.0, 3.0, 1.0]\n"),
        ("normal-to-some-only", "w_normal = [1.0, 1.0, -1.0, 0.0]\n"),     # perpendicular to a and e only
        ("normal-to-some-only", "w_normal = [0.0, 1.0, 1.0, 0.0]\n"),      # perpendicular to c and e only
        # a normal on the wrong side, or of the wrong length, gets the words every other wrong w gets: the
        # feedback must not say whether to negate or to rescale it
        (NORMAL_FAILS, "w_normal = np.array([-5.0, 2.0, 2.0, -5.0]) / 58 ** 0.5\n"),
        (NORMAL_FAILS, "w_normal = [5.0, -2.0, -2.0, 5.0]\n"),
        (NORMAL_FAILS, "w_normal = [2.0, -3.0, 0.5, 1.0]\n"),
        ("normal-rounded", "w_normal = [0.66, -0.26, -0.26, 0.66]\n"),
        # rounded to two places too, but on the wrong side or of the wrong length: not "only rounding"
        (NORMAL_FAILS, "w_normal = [-0.66, 0.26, 0.26, -0.66]\n"),
        (NORMAL_FAILS, "w_normal = [6.6, -2.6, -2.6, 6.6]\n"),
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
        (FOUR_FAIL,
         ("angle_ab = 120.0", "angle_ab = 60.0")),
        (FOUR_FAIL, ("angle_ab = 120.0", "angle_ab = 2 * np.pi / 3")),
        (FOUR_FAIL,
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5.0")),
        (FOUR_FAIL,
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5 / 2")),
        (FOUR_FAIL,
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = -5 / 25")),
        (FOUR_FAIL,
         ("proj_a_on_b = -5 / 5", "proj_a_on_b = 5 / 5")),
        (FOUR_FAIL,
         ("proj_b_on_a = -5 / 2", "proj_b_on_a = -5 / 5")),
        (FOUR_FAIL,
         ("proj_b_on_a = -5 / 2", "proj_b_on_a = -5 / 4")),
        (FOUR_FAIL, ("dist_ab = 39 ** 0.5", "dist_ab = 19 ** 0.5")),
        (FOUR_FAIL,
         ("dist_ab = 39 ** 0.5", "dist_ab = 39")),
        (FOUR_FAIL,
         ("dist_ab = 39 ** 0.5", "dist_ab = 29 ** 0.5")),
    ],
    "ch01-perpendicular": [
        # a fixed quarter turn, either way, a side decided by the wrong dot product, and a side decided by the sign
        # of a rounding error (no tolerance): each returns the other perpendicular vector on some probe, and all
        # get one message, which does not say on which probe
        (SIDE_FAILS, ("    if score < -1e-12 * lk.norm(turned) * lk.norm(toward):   # section 3: a rounding error is no side\n"
                       "        turned = -turned\n", "")),
        (SIDE_FAILS, """def perpendicular(a, length, toward):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], -a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        (SIDE_FAILS, ("score = lk.dot(turned, toward)", "score = lk.dot(a, toward)")),
        (SIDE_FAILS, ("if score < -1e-12 * lk.norm(turned) * lk.norm(toward):", "if score < 0:")),
        # a tolerance for 0 that ignores the lengths: right at ordinary lengths, wrong at tiny or huge ones
        ("perp-tolerance-not-scaled", ("if score < -1e-12 * lk.norm(turned) * lk.norm(toward):", "if score < -1e-12:")),
        ("perp-tolerance-not-scaled", ("if score < -1e-12 * lk.norm(turned) * lk.norm(toward):", "if score < -1e-6:")),
        (SIDE_FAILS, ("if score < -1e-12 * lk.norm(turned) * lk.norm(toward):", "if score <= 0:")),
        # a scaled tolerance far above a rounding error (1.7°): the wrong side on the probe 1.03° off the line
        (SIDE_FAILS, ("if score < -1e-12 * lk.norm(turned) * lk.norm(toward):",
                       "if score < -0.03 * lk.norm(turned) * lk.norm(toward):")),
        (SIDE_FAILS, ("if score < -1e-12 * lk.norm(turned) * lk.norm(toward):",
                       "if score < 1e-12 * lk.norm(turned) * lk.norm(toward):")),
        # section 4's rest after a projection (toward - project(toward, a)), scaled: right off the line, no vector
        # (0/0) or a rounding error's direction on it
        ("perp-not-perpendicular", """def perpendicular(a, length, toward):
    rest = toward - lk.project(toward, a)
    return length * rest / lk.norm(rest)
"""),
        ("perp-not-perpendicular", ("turned = np.array([-a[1], a[0]])", "turned = np.array([a[1], a[0]])")),
        ("perp-not-perpendicular", """def perpendicular(a, length, toward):
    toward = np.asarray(toward, dtype=float)
    return length * toward / np.linalg.norm(toward)
"""),
        ("perp-wrong-length", ("return length * turned / lk.norm(turned)", "return turned")),
        ("perp-wrong-length", ("return length * turned / lk.norm(turned)", "return length * turned")),
        ("perp-wrong-length", ("return length * turned / lk.norm(turned)", "return turned / lk.norm(turned)")),
        ("perp-wrong-length", ("return length * turned / lk.norm(turned)",
                               "return length * turned / lk.dot(turned, turned)")),
    ],
    "ch01-boundary": [
        # each a formula a learner might write; every one gets a row of some probe wrong
        (ROW_FAILS, ("abs(90.0 - lk.angle(x, w, degrees=True))", "lk.angle(x, w, degrees=True)")),   # with w
        (ROW_FAILS, ("abs(90.0 - lk.angle(x, w, degrees=True))", "90.0 - lk.angle(x, w, degrees=True)")),
        (ROW_FAILS, ("abs(90.0 - lk.angle(x, w, degrees=True))", "abs(np.pi / 2 - lk.angle(x, w))")),   # radians
        # section 3's test for 0, copied with sin(0.01°): a yes/no per row, not an angle
        (ROW_FAILS, """def angle_to_line(X, w):
    return np.abs(X @ w) <= np.sin(np.radians(0.01)) * np.linalg.norm(X, axis=1) * np.linalg.norm(w)
"""),
        # the cosine with w read as the angle (small-angle), and arcsin of an unclipped cosine (nan past 1)
        (ROW_FAILS, """def angle_to_line(X, w):
    X = np.asarray(X, dtype=float)
    r = np.array([abs(lk.dot(x, w)) / (lk.norm(x) * lk.norm(w)) if x.any() else 0.0 for x in X])
    return np.degrees(r)
"""),
        (ROW_FAILS, """def angle_to_line(X, w):
    X = np.asarray(X, dtype=float)
    r = np.array([abs(lk.dot(x, w)) / (lk.norm(x) * lk.norm(w)) if x.any() else 0.0 for x in X])
    return np.degrees(np.arcsin(r))
"""),
        # one length for the whole table
        (ROW_FAILS, """def angle_to_line(X, w):
    r = np.abs(X @ w) / (np.linalg.norm(X) * np.linalg.norm(w))
    return np.degrees(np.arcsin(np.clip(r, 0.0, 1.0)))
"""),
    ],
}
