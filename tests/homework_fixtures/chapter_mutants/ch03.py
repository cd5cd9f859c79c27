# Plausible wrong answers for chapter 03: each must lose points under the grader.
_PRIOR_TERM = " + sigma2 * np.log((y == 1).sum() / (y == -1).sum())"

MUTANTS = {
    "ch03-prior": [
        ("the class sizes left out: that is the rule for equally likely classes", (_PRIOR_TERM, "")),
        ("the larger class gets the smaller region: check which way a larger n+ must move the boundary",
         (_PRIOR_TERM, " - sigma2 * np.log((y == 1).sum() / (y == -1).sum())")),
        ("sigma2 left out: for tight clouds (sigma2 near 0) the class sizes should hardly matter",
         (_PRIOR_TERM, " + np.log((y == 1).sum() / (y == -1).sum())")),
        ("a factor of 2 off: the gap of the squared distances is twice the score (section 2)",
         (_PRIOR_TERM, " + sigma2 / 2 * np.log((y == 1).sum() / (y == -1).sum())")),
    ],
    "ch03-online": [
        ("this is the classmate's code with both bugs still in it: run the test the exercise suggests, with "
         "both labels, and compare with means you compute by hand",
         [("(x - mu_pos) / (n_pos + 1)", "(x - mu_pos) / n_pos"), ("(x - mu_neg) / (n_neg + 1)", "(x - mu_neg) / n_pos")]),
        ("after one example is added to a class that had one, the class mean is the new example itself, not the "
         "average of the two", [("(x - mu_pos) / (n_pos + 1)", "(x - mu_pos) / n_pos"),
                                ("(x - mu_neg) / (n_neg + 1)", "(x - mu_neg) / n_neg")]),
        ("adding a negative example moves mu- by an amount that depends on how many positives there are",
         ("(x - mu_neg) / (n_neg + 1)", "(x - mu_neg) / (n_pos + 1)")),
        ("the class size stays the same after an example is added", ("        n_pos += 1\n", "")),
        ("the caller's arrays of means change after the call",
         ("mu_pos = mu_pos + (x - mu_pos) / (n_pos + 1)", "mu_pos += (x - mu_pos) / (n_pos + 1)")),
    ],
    "ch03-units": [
        ("a float, which cannot hold most fractions exactly", ('t2_two_wrong = "2/15"', "t2_two_wrong = 2 / 15")),
    ],
    "ch03-construct": [
        ("separable data on which the centroid rule is right everywhere", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule misclassifies a negative."""
    return np.array([[0.0], [1.0], [2.0], [3.0]]), np.array([-1, -1, 1, 1])
'''),
        ("the centroid rule errs, but the data are not separable", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule misclassifies a negative."""
    return np.array([[0.0], [5.0], [10.0]]), np.array([-1, 1, -1])
'''),
        ("two features instead of one (the toy set)", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule misclassifies a negative."""
    return lk.datasets.toy()
'''),
        ("the centroid rule misclassifies a positive, as in Flach's example; here the casualty must be a negative",
         '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule misclassifies a negative."""
    return np.array([[0.0], [1.0], [10.0]]), np.array([-1, 1, 1])
'''),
        ("more than 5 points, or coordinates that are not whole numbers from 0 to 10", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule misclassifies a negative."""
    X, y = lk.datasets.centroid_failure(n_far=1)
    return X[:, :1], y
'''),
    ],
    "ch03-dual": [
        ("the score without its bias: w · x alone",
         ("return w_dot_x - (sq_pos - sq_neg) / 2", "return w_dot_x")),
        ("the bias without the factor 1/2 (section 1)",
         ("return w_dot_x - (sq_pos - sq_neg) / 2", "return w_dot_x - (sq_pos - sq_neg)")),
        ("the bias with the wrong sign: the midpoint of the means must score 0",
         ("return w_dot_x - (sq_pos - sq_neg) / 2", "return w_dot_x + (sq_pos - sq_neg) / 2")),
        ("|mu+|^2 taken as the mean of the squared lengths |x_i|^2: the square of a mean is not the mean of the "
         "squares", [("sq_pos = G[np.ix_(pos, pos)].mean()", "sq_pos = np.diag(G)[pos].mean()"),
                     ("sq_neg = G[np.ix_(neg, neg)].mean()", "sq_neg = np.diag(G)[neg].mean()")]),
        ("the double sum of |mu+|^2 divided by n+ once: mu+ has 1/n+ in it, and |mu+|^2 = mu+ · mu+",
         [("sq_pos = G[np.ix_(pos, pos)].mean()", "sq_pos = G[np.ix_(pos, pos)].sum() / pos.sum()"),
          ("sq_neg = G[np.ix_(neg, neg)].mean()", "sq_neg = G[np.ix_(neg, neg)].sum() / neg.sum()")]),
    ],
    "ch03-duplicate": [
        ("duplicating the negatives moves the least-squares fit of these data: the negatives pull on it twice as "
         "hard", '''def duplicate_proof_data():
    """At least 5 points in the plane whose least-squares fit does not move when every negative is duplicated."""
    return lk.datasets.unbalanced(5, 4, seed=1)
'''),
        ("the least-squares solution is not unique: the columns of X~ are dependent", '''def duplicate_proof_data():
    """At least 5 points in the plane whose least-squares fit does not move when every negative is duplicated."""
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0], [4.0, 4.0]])
    return X, np.array([-1, -1, 1, 1, 1])
'''),
    ],
}
