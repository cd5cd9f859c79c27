# Plausible wrong answers for chapter 03: each must lose points under the grader.
MUTANTS = {
    "ch03-cautious": [
        ("c left out: that is the chapter's rule, c = 0", (" - c / 2\n", "\n")),
        ("the whole c subtracted from the bias: the gap is twice the score", (" - c / 2\n", " - c\n")),
        ("c added to the bias: a larger c must make the positive side smaller", (" - c / 2\n", " + c / 2\n")),
        ("c added to the bias, and without the factor 1/2", (" - c / 2\n", " + c\n")),
    ],
    "ch03-online": [
        ("the new mean divided by the old class size: with n examples already in, the new one is the "
         "(n + 1)-th", ("(x - mu_pos) / (n_pos + 1)", "(x - mu_pos) / n_pos")),
        ("the negative mean updated with the size of the positive class",
         ("(x - mu_neg) / (n_neg + 1)", "(x - mu_neg) / (n_pos + 1)")),
        ("the class size is not increased: the next update would divide by the wrong number",
         ("        n_pos += 1\n", "")),
        ("the means are changed in place (+= on the caller's arrays)",
         ("mu_pos = mu_pos + (x - mu_pos) / (n_pos + 1)", "mu_pos += (x - mu_pos) / (n_pos + 1)")),
    ],
    "ch03-units": [
        ("s² given instead of s (the distances grow with s², the question asks for s)",
         ("s_largest = 0.5 ** 0.5", "s_largest = 0.5")),
        ("s = 1 is where the toy set is; at which s does (2s, 0) change sides?",
         ("s_largest = 0.5 ** 0.5", "s_largest = 1.0")),
        ("s_two_mistakes given as a threshold on s², not on s", ("s_two_mistakes = 7.5 ** 0.5", "s_two_mistakes = 7.5")),
    ],
    "ch03-construct": [
        ("separable data on which the centroid rule is right everywhere", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule errs."""
    return np.array([[0.0], [1.0], [2.0], [3.0]]), np.array([-1, -1, 1, 1])
'''),
        ("the centroid rule errs, but the data are not separable", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule errs."""
    return np.array([[0.0], [1.0], [-4.0], [4.0]]), np.array([-1, -1, 1, 1])
'''),
        ("two features instead of one (the toy set)", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule errs."""
    return lk.datasets.toy()
'''),
    ],
    "ch03-copies": [
        ("counted the copies of (0, 3) in the data, the original one included: the question asks for added "
         "copies", ("n_copies = 2", "n_copies = 3")),
        ("the toy set's own weights: the copies move mu+",
         ("w_tilde_copies = [-(0.75**2 + 2.5**2 - 1.25) / 2, 1.25, 3.5]", "w_tilde_copies = [-2.5, 2.0, 3.0]")),
        ("the bias with the wrong sign",
         ("w_tilde_copies = [-(0.75**2 + 2.5**2 - 1.25) / 2, 1.25, 3.5]",
          "w_tilde_copies = [(0.75**2 + 2.5**2 - 1.25) / 2, 1.25, 3.5]")),
        ("the bias without the factor 1/2",
         ("w_tilde_copies = [-(0.75**2 + 2.5**2 - 1.25) / 2, 1.25, 3.5]",
          "w_tilde_copies = [-(0.75**2 + 2.5**2 - 1.25), 1.25, 3.5]")),
        ("the weights for one copy fewer",
         ("w_tilde_copies = [-(0.75**2 + 2.5**2 - 1.25) / 2, 1.25, 3.5]",
          "w_tilde_copies = [-(1 + 49 / 9 - 1.25) / 2, 1.5, 10 / 3]")),
    ],
    "ch03-duplicate": [
        ("treating duplicated points as if they moved a class mean: what is the mean of a list in which every "
         "point appears twice?", ('duplicate_answer = "ad"', 'duplicate_answer = "c"')),
        ("treating the least-squares fit as if it saw only the class means: look at what n- multiplies in the "
         "right-hand side of Eq. 7.7", ('duplicate_answer = "ad"', 'duplicate_answer = "abd"')),
        ("a statement about every data set needs every data set: is there one where the least-squares fit has "
         "nothing to trade off?", ('duplicate_answer = "ad"', 'duplicate_answer = "acd"')),
    ],
}
