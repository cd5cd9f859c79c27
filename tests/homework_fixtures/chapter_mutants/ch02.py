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
    "ch02-threshold": [
        ("sign of t not flipped", '''def threshold_to_homogeneous(w, t):
    """(w, t) with boundary w . x = t  ->  homogeneous (bias, w_1, ..., w_d)."""
    w = np.asarray(w, dtype=float)
    return np.concatenate([[t], w])
'''),
        ("bias last", '''def threshold_to_homogeneous(w, t):
    """(w, t) with boundary w . x = t  ->  homogeneous (bias, w_1, ..., w_d)."""
    w = np.asarray(w, dtype=float)
    return np.concatenate([w, [-t]])
'''),
        ("t subtracted from every weight", '''def threshold_to_homogeneous(w, t):
    """(w, t) with boundary w . x = t  ->  homogeneous (bias, w_1, ..., w_d)."""
    w = np.asarray(w, dtype=float)
    return np.concatenate([[-t], w - t])
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
}
