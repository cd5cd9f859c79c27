# Plausible wrong answers for chapter 03: each must lose points under the grader.
# Each starts with the id of the misconception it plays (lecturekit/exercises/ch03.py).
MUTANTS = {
    "ch03-cautious": [
        ("cautious-c-ignored", (" - c / 2\n", "\n")),
        ("cautious-no-half", (" - c / 2\n", " - c\n")),
        ("cautious-sign", (" - c / 2\n", " + c / 2\n")),
        ("cautious-sign-no-half", (" - c / 2\n", " + c\n")),
    ],
    "ch03-online": [
        ("online-old-n", ("(x - mu_pos) / (n_pos + 1)", "(x - mu_pos) / n_pos")),
        ("online-other-n",
         ("(x - mu_neg) / (n_neg + 1)", "(x - mu_neg) / (n_pos + 1)")),
        ("online-count-kept",
         ("        n_pos += 1\n", "")),
        ("online-in-place",
         ("mu_pos = mu_pos + (x - mu_pos) / (n_pos + 1)", "mu_pos += (x - mu_pos) / (n_pos + 1)")),
    ],
    "ch03-units": [
        ("units-squared",
         ("s_largest = 0.5 ** 0.5", "s_largest = 0.5")),
        ("units-one",
         ("s_largest = 0.5 ** 0.5", "s_largest = 1.0")),
        ("units-squared-two", ("s_two_mistakes = 7.5 ** 0.5", "s_two_mistakes = 7.5")),
    ],
    "ch03-construct": [
        ("centroid-right", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule errs."""
    return np.array([[0.0], [1.0], [2.0], [3.0]]), np.array([-1, -1, 1, 1])
'''),
        ("not-separable", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule errs."""
    return np.array([[0.0], [1.0], [-4.0], [4.0]]), np.array([-1, -1, 1, 1])
'''),
        ("two-features", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule errs."""
    return lk.datasets.toy()
'''),
    ],
    "ch03-copies": [
        ("copies-total", ("n_copies = 2", "n_copies = 3")),
        ("copies-old-w",
         ("w_tilde_copies = [-(0.75**2 + 2.5**2 - 1.25) / 2, 1.25, 3.5]", "w_tilde_copies = [-2.5, 2.0, 3.0]")),
        ("copies-bias-sign",
         ("w_tilde_copies = [-(0.75**2 + 2.5**2 - 1.25) / 2, 1.25, 3.5]",
          "w_tilde_copies = [(0.75**2 + 2.5**2 - 1.25) / 2, 1.25, 3.5]")),
        ("copies-no-half",
         ("w_tilde_copies = [-(0.75**2 + 2.5**2 - 1.25) / 2, 1.25, 3.5]",
          "w_tilde_copies = [-(0.75**2 + 2.5**2 - 1.25), 1.25, 3.5]")),
        ("copies-one-fewer",
         ("w_tilde_copies = [-(0.75**2 + 2.5**2 - 1.25) / 2, 1.25, 3.5]",
          "w_tilde_copies = [-(1 + 49 / 9 - 1.25) / 2, 1.5, 10 / 3]")),
    ],
    "ch03-duplicate": [
        ("duplicate-means-move", ('duplicate_answer = "ad"', 'duplicate_answer = "c"')),
        ("duplicate-ls-blind", ('duplicate_answer = "ad"', 'duplicate_answer = "abd"')),
        ("duplicate-ls-always", ('duplicate_answer = "ad"', 'duplicate_answer = "acd"')),
    ],
}
