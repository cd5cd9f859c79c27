# Plausible wrong answers for chapter 03: each must lose points under the grader.
# Each starts with the id of the misconception it plays (lecturekit/exercises/ch03.py).
_PRIOR_TERM = " + sigma2 * np.log((y == 1).sum() / (y == -1).sum())"

MUTANTS = {
    "ch03-prior": [
        ("prior-ignored", (_PRIOR_TERM, "")),
        ("prior-shift",
         (_PRIOR_TERM, " - sigma2 * np.log((y == 1).sum() / (y == -1).sum())")),
        ("prior-shift",
         (_PRIOR_TERM, " + np.log((y == 1).sum() / (y == -1).sum())")),
        ("prior-shift",
         (_PRIOR_TERM, " + sigma2 / 2 * np.log((y == 1).sum() / (y == -1).sum())")),
        ("prior-shift",
         (_PRIOR_TERM, " + 2 * sigma2 * np.log((y == 1).sum() / (y == -1).sum())")),
        ("prior-scaled", ("return np.concatenate([[b], w])", "return np.concatenate([[b], w]) / sigma2")),
        ("prior-bias-last", ("return np.concatenate([[b], w])", "return np.concatenate([w, [b]])")),
    ],
    "ch03-online": [
        ("online-unchanged",
         [("(x - mu_pos) / (n_pos + 1)", "(x - mu_pos) / n_pos"), ("(x - mu_neg) / (n_neg + 1)", "(x - mu_neg) / n_pos")]),
        ("online-old-n", [("(x - mu_pos) / (n_pos + 1)", "(x - mu_pos) / n_pos"),
                                ("(x - mu_neg) / (n_neg + 1)", "(x - mu_neg) / n_neg")]),
        ("online-other-n",
         ("(x - mu_neg) / (n_neg + 1)", "(x - mu_neg) / (n_pos + 1)")),
        ("online-count-kept", ("        n_pos += 1\n", "")),
        ("online-in-place",
         ("mu_pos = mu_pos + (x - mu_pos) / (n_pos + 1)", "mu_pos += (x - mu_pos) / (n_pos + 1)")),
    ],
    "ch03-units": [
        ("units-t-not-t2", ("return -a / c", "return (-a / c) ** 0.5")),
        ("units-bias", [("(mu_pos[0] ** 2 - mu_neg[0] ** 2) / 2", "(mu_pos[0] ** 2 - mu_neg[0] ** 2)"),
                        ("(mu_pos[1] ** 2 - mu_neg[1] ** 2) / 2", "(mu_pos[1] ** 2 - mu_neg[1] ** 2)")]),
        ("units-never", ("if c == 0 or -a / c <= 0:", "if c == 0:")),
        # 0 in place of None where a = 0 (the point's x1 midway between the means' first coordinates)
        ("units-never", ("if c == 0 or -a / c <= 0:", "if c == 0 or -a / c < 0:")),
        ("units-inexact", ("X, y, x = np.asarray(X), np.asarray(y), np.asarray(x)",
                           "X, y, x = np.asarray(X, dtype=float), np.asarray(y), np.asarray(x, dtype=float)")),
        ("units-inexact", ("return -a / c", "return float(-a / c)")),
    ],
    "ch03-construct": [
        ("centroid-right", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule misclassifies a negative."""
    return np.array([[0.0], [1.0], [2.0], [3.0]]), np.array([-1, -1, 1, 1])
'''),
        ("not-separable", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule misclassifies a negative."""
    return np.array([[0.0], [5.0], [10.0]]), np.array([-1, 1, -1])
'''),
        ("two-features", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule misclassifies a negative."""
    return lk.datasets.toy()
'''),
        ("casualty-positive",
         '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule misclassifies a negative."""
    return np.array([[0.0], [1.0], [10.0]]), np.array([-1, 1, 1])
'''),
        ("too-many-or-not-whole", '''def failure_data_1d():
    """One-feature separable data on which the closest-centroid rule misclassifies a negative."""
    X, y = lk.datasets.centroid_failure(n_far=1)
    return X[:, :1], y
'''),
    ],
    "ch03-dual": [
        ("dual-no-bias",
         ("return w_dot_x - (sq_pos - sq_neg) / 2", "return w_dot_x")),
        ("dual-bias",
         ("return w_dot_x - (sq_pos - sq_neg) / 2", "return w_dot_x - (sq_pos - sq_neg)")),
        ("dual-bias",
         ("return w_dot_x - (sq_pos - sq_neg) / 2", "return w_dot_x + (sq_pos - sq_neg) / 2")),
        ("dual-squared-length", [("sq_pos = G[np.ix_(pos, pos)].mean()", "sq_pos = np.diag(G)[pos].mean()"),
                     ("sq_neg = G[np.ix_(neg, neg)].mean()", "sq_neg = np.diag(G)[neg].mean()")]),
        ("dual-squared-length",
         [("sq_pos = G[np.ix_(pos, pos)].mean()", "sq_pos = G[np.ix_(pos, pos)].sum() / pos.sum()"),
          ("sq_neg = G[np.ix_(neg, neg)].mean()", "sq_neg = G[np.ix_(neg, neg)].sum() / neg.sum()")]),
        ("dual-rebuilt-points", '''def centroid_score(G, y, k):
    """The closest-centroid score w . x + b of a new point x, from G[i, j] = x_i . x_j and k[i] = x_i . x."""
    G, y, k = np.asarray(G, dtype=float), np.asarray(y), np.asarray(k, dtype=float)
    vals, vecs = np.linalg.eigh(G)               # points with these dot products, then the library
    X = vecs * np.sqrt(np.clip(vals, 0, None))
    z = np.linalg.lstsq(X, k, rcond=None)[0]
    return lk.centroid_classifier(X, y).decision_function([z])[0]
'''),
    ],
    "ch03-duplicate": [
        ("duplicate-moves", '''def duplicate_proof_data():
    """At least 5 points in the plane whose least-squares fit does not move when every negative is duplicated."""
    return lk.datasets.unbalanced(5, 4, seed=1)
'''),
        ("duplicate-not-unique", '''def duplicate_proof_data():
    """At least 5 points in the plane whose least-squares fit does not move when every negative is duplicated."""
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0], [4.0, 4.0]])
    return X, np.array([-1, -1, 1, 1, 1])
'''),
    ],
}
