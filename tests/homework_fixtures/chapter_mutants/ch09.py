# Plausible wrong answers for chapter 09: each must lose points under the grader.
MUTANTS = {
    "ch09-squares": [
        ("absolute value instead of the square", '''def squares(X):
    X = np.asarray(X, dtype=float)
    return np.abs(X)
'''),
        ("squares of the rows' sums", '''def squares(X):
    X = np.asarray(X, dtype=float)
    return (X.sum(axis=1, keepdims=True) ** 2) * np.ones_like(X)
'''),
    ],
    "ch09-axes": [
        ("square root forgotten", '''def ellipse_axes(w):
    b, v1, v2 = np.asarray(w, dtype=float)
    if not (v1 * v2 > 0 and b * v1 < 0):
        raise ValueError("not an ellipse")
    return -b / v1, -b / v2
'''),
        ("only the textbook sign pattern accepted (positives outside)", '''def ellipse_axes(w):
    b, v1, v2 = np.asarray(w, dtype=float)
    if v1 <= 0 or v2 <= 0 or b >= 0:
        raise ValueError("not an ellipse")
    return np.sqrt(-b / v1), np.sqrt(-b / v2)
'''),
        ("no check for hyperbolas", '''def ellipse_axes(w):
    b, v1, v2 = np.asarray(w, dtype=float)
    return np.sqrt(abs(b / v1)), np.sqrt(abs(b / v2))
'''),
    ],
    "ch09-xor": [
        ("sum instead of product", '''def xor_features(X):
    X = np.asarray(X, dtype=float)
    return np.column_stack([X[:, 0], X[:, 1], X[:, 0] + X[:, 1]])


def fit_xor(X, y):
    return lk.perceptron(xor_features(X), y)
'''),
        ("perceptron trained on the raw features", '''def xor_features(X):
    X = np.asarray(X, dtype=float)
    return np.column_stack([X[:, 0], X[:, 1], X[:, 0] * X[:, 1]])


def fit_xor(X, y):
    return lk.perceptron(X, y, max_epochs=10)
'''),
    ],
}
