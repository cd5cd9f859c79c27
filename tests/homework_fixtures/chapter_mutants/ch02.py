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
        ("the given function unchanged: it reads the bias from the end and uses np.sign", '''def predict_homogeneous(w, X):
    w, X = np.asarray(w, dtype=float), np.asarray(X, dtype=float)
    scores = X @ w[:-1] + w[-1]
    return np.sign(scores).astype(int)
'''),
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
        ("the score, not divided by |w|", "dist_p = -6 * 3 + 8 * (-1) + 5\ndist_origin = 5 / 10\n"),
        ("divided by |w~| (the bias included in the length) instead of |w|",
         "dist_p = -21 / (25 + 36 + 64) ** 0.5\ndist_origin = 5 / 10\n"),
        ("the bias left out of the score", "dist_p = (-6 * 3 + 8 * (-1)) / 10\ndist_origin = 5 / 10\n"),
        ("the distance without its sign", "dist_p = 21 / 10\ndist_origin = 5 / 10\n"),
        ("the bias subtracted (b taken as the threshold t)", "dist_p = (-6 * 3 + 8 * (-1) - 5) / 10\ndist_origin = 5 / 10\n"),
        ("the origin's distance with the sign of -b (the threshold)", "dist_p = -21 / 10\ndist_origin = -5 / 10\n"),
        ("the origin's score b, not divided by |w|", "dist_p = -21 / 10\ndist_origin = 5\n"),
    ],
    "ch02-swap": [
        ("every point a mistake after the swap", "n_mistakes_after_swap = 40\n"),
        ("the points on the boundary counted as right after the swap: a score of 0 is a mistake for either label",
         "n_mistakes_after_swap = 40 - 7\n"),
        ("the same mistakes as before the swap", "n_mistakes_after_swap = 5 + 2\n"),
        ("only the strictly wrong points counted, before the swap", "n_mistakes_after_swap = 5\n"),
    ],
}
