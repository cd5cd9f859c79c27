# Plausible wrong answers for chapter 02: each must lose points under the grader.
MUTANTS = {
    "ch02-to-homogeneous": [
        ("the 1 last (Turk's layout)", '''def to_homogeneous(X):
    """(n, d) -> (n, d + 1) with a leading column of ones."""
    X = np.asarray(X, dtype=float)
    return np.hstack([X, np.ones((X.shape[0], 1))])
'''),
        ("a column of zeros", '''def to_homogeneous(X):
    """(n, d) -> (n, d + 1) with a leading column of ones."""
    X = np.asarray(X, dtype=float)
    return np.hstack([np.zeros((X.shape[0], 1)), X])
'''),
        ("adds 1 to every entry", '''def to_homogeneous(X):
    """(n, d) -> (n, d + 1) with a leading column of ones."""
    X = np.asarray(X, dtype=float)
    return X + 1
'''),
        ("a row of ones instead of a column", '''def to_homogeneous(X):
    """(n, d) -> (n, d + 1) with a leading column of ones."""
    X = np.asarray(X, dtype=float)
    return np.vstack([np.ones((1, X.shape[1])), X])
'''),
    ],
    "ch02-predict": [
        ("bias dropped", '''def predict_homogeneous(w, X):
    """Labels +1 / -1 of the raw examples X under homogeneous weights w (bias first); -1 at score 0."""
    w, X = np.asarray(w, dtype=float), np.asarray(X, dtype=float)
    return np.where(X @ w[1:] > 0, 1, -1)
'''),
        ("np.sign: 0 on the boundary", '''def predict_homogeneous(w, X):
    """Labels +1 / -1 of the raw examples X under homogeneous weights w (bias first); -1 at score 0."""
    w, X = np.asarray(w, dtype=float), np.asarray(X, dtype=float)
    return np.sign(w[0] + X @ w[1:]).astype(int)
'''),
        (">= 0: +1 on the boundary", '''def predict_homogeneous(w, X):
    """Labels +1 / -1 of the raw examples X under homogeneous weights w (bias first); -1 at score 0."""
    w, X = np.asarray(w, dtype=float), np.asarray(X, dtype=float)
    return np.where(w[0] + X @ w[1:] >= 0, 1, -1)
'''),
        ("bias taken from the end (1 last)", '''def predict_homogeneous(w, X):
    """Labels +1 / -1 of the raw examples X under homogeneous weights w (bias first); -1 at score 0."""
    w, X = np.asarray(w, dtype=float), np.asarray(X, dtype=float)
    return np.where(X @ w[:-1] + w[-1] > 0, 1, -1)
'''),
        ("bias subtracted (threshold sign confused)", '''def predict_homogeneous(w, X):
    """Labels +1 / -1 of the raw examples X under homogeneous weights w (bias first); -1 at score 0."""
    w, X = np.asarray(w, dtype=float), np.asarray(X, dtype=float)
    return np.where(X @ w[1:] - w[0] > 0, 1, -1)
'''),
    ],
    "ch02-construct-line": [
        ("the right line, but the origin is on the negative side: negate every weight",
         "w_line = [-4.0, 1.0, 2.0]\n"),
        ("the bias put last (Turk's layout); the course's w~ starts with the bias",
         "w_line = [-1.0, -2.0, 4.0]\n"),
        ("the threshold used as the bias: b = -t, not t",
         "w_line = [-4.0, -1.0, -2.0]\n"),
        ("w along the line (Q - P) instead of perpendicular to it",
         "w_line = [4.0, 4.0, -2.0]\n"),
    ],
    "ch02-distance": [
        ("the score is not divided by |w|", "dist_p = 3 * 4 + 4 * 3 - 10\ndist_origin = -10\n"),
        ("the bias is left out of the score", "dist_p = (3 * 4 + 4 * 3) / 5\ndist_origin = 0.0\n"),
        ("divided by |w~| (with the bias) instead of |w|",
         "dist_p = 14 / (100 + 9 + 16) ** 0.5\ndist_origin = -10 / 125 ** 0.5\n"),
        ("divided by |w|^2 instead of |w|", "dist_p = 14 / 25\ndist_origin = -10 / 25\n"),
        ("the bias added with the wrong sign", "dist_p = (3 * 4 + 4 * 3 + 10) / 5\ndist_origin = 10 / 5\n"),
        ("the origin's distance given without its sign: it is on the negative side",
         "dist_p = 14 / 5\ndist_origin = 10 / 5\n"),
    ],
    "ch02-swap": [
        ("every point becomes a mistake (but the points that were wrong are now right)",
         "n_mistakes_after_swap = 40\n"),
        ("the points on the boundary counted as right after the swap: a score of 0 is a mistake for either label",
         "n_mistakes_after_swap = 40 - 7\n"),
        ("swapping the labels changes nothing", "n_mistakes_after_swap = 5 + 2\n"),
    ],
}
