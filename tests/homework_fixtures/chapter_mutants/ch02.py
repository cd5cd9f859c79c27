# Plausible wrong answers for chapter 02: each must lose points under the grader.
# Each starts with the id of the misconception it plays (lecturekit/exercises/ch02.py).
MUTANTS = {
    "ch02-both-layouts": [
        ("layout-zero",
         "w_both = [0.0, 0.0, 0.0]\n"),
        ("layout-palindrome", "w_both = [1.0, 2.0, 1.0]\n"),
        ("layout-zero-bias",
         "w_both = [0.0, 1.0, 1.0]\n"),
        ("layout-no-line",
         "w_both = [1.0, 0.0, 0.0]\n"),
    ],
    "ch02-margin": [
        ("margin-given", '''def margin(w, X, y):
    w, X, y = np.asarray(w, dtype=float), np.asarray(X, dtype=float), np.asarray(y)
    scores = X @ w[:-1] + w[-1]
    return float(np.min(y * scores) / np.linalg.norm(w))
'''),
        ("margin-by-w-tilde",
         ("np.linalg.norm(w[1:])", "np.linalg.norm(w)")),
        ("margin-bias-last",
         ("scores = w[0] + X @ w[1:]\n    return float(np.min(y * scores) / np.linalg.norm(w[1:]))",
          "scores = X @ w[:-1] + w[-1]\n    return float(np.min(y * scores) / np.linalg.norm(w[:-1]))")),
        ("margin-no-labels", ("np.min(y * scores)", "np.min(scores)")),
        ("margin-unsigned",
         ("np.min(y * scores)", "np.min(np.abs(scores))")),
    ],
    "ch02-construct-line": [
        ("origin-negative",
         "w_line = [-4.0, 1.0, 2.0]\n"),
        ("bias-last",
         "w_line = [-1.0, -2.0, 4.0]\n"),
        ("threshold-as-bias",
         "w_line = [-4.0, -1.0, -2.0]\n"),
        ("along-the-line",
         "w_line = [4.0, 4.0, -2.0]\n"),
    ],
    "ch02-distance": [
        ("bias-no-norm",
         ("b_for_p = 36.0", "b_for_p = 27.0")),
        ("bias-wrong-side", ("b_for_p = 36.0", "b_for_p = 16.0")),
        ("bias-as-threshold", ("b_for_p = 36.0", "b_for_p = -36.0")),
        ("foot-wrong-way",
         ("foot_origin = [0.0 - 3.6 * (-0.6), 0.0 - 3.6 * 0.8]", "foot_origin = [-2.16, 2.88]")),
        ("foot-by-norm",
         ("foot_origin = [0.0 - 3.6 * (-0.6), 0.0 - 3.6 * 0.8]", "foot_origin = [21.6, -28.8]")),
    ],
    "ch02-swap": [
        ("all-wrong",
         "n_mistakes_after_swap = 40\n"),
        ("boundary-fixed-by-swap", "n_mistakes_after_swap = 40 - 7\n"),
        ("nothing-changes", "n_mistakes_after_swap = 5 + 2\n"),
        ("only-strict", "n_mistakes_after_swap = 5\n"),
    ],
}
