# Plausible wrong answers for chapter 03: each must lose points under the grader.
MUTANTS = {
    "ch03-bias": [
        ("sign flipped", '''def centroid_bias(mu_pos, mu_neg):
    """Bias b = -(|mu+|^2 - |mu-|^2) / 2 of the closest-centroid classifier."""
    mu_pos, mu_neg = np.asarray(mu_pos, dtype=float), np.asarray(mu_neg, dtype=float)
    return float((mu_pos @ mu_pos - mu_neg @ mu_neg) / 2)
'''),
        ("the factor 1/2 forgotten", '''def centroid_bias(mu_pos, mu_neg):
    """Bias b = -(|mu+|^2 - |mu-|^2) / 2 of the closest-centroid classifier."""
    mu_pos, mu_neg = np.asarray(mu_pos, dtype=float), np.asarray(mu_neg, dtype=float)
    return float(-(mu_pos @ mu_pos - mu_neg @ mu_neg))
'''),
        ("lengths instead of squared lengths", '''def centroid_bias(mu_pos, mu_neg):
    """Bias b = -(|mu+|^2 - |mu-|^2) / 2 of the closest-centroid classifier."""
    mu_pos, mu_neg = np.asarray(mu_pos, dtype=float), np.asarray(mu_neg, dtype=float)
    return float(-(np.linalg.norm(mu_pos) - np.linalg.norm(mu_neg)) / 2)
'''),
        ("squared distance between the means", '''def centroid_bias(mu_pos, mu_neg):
    """Bias b = -(|mu+|^2 - |mu-|^2) / 2 of the closest-centroid classifier."""
    mu_pos, mu_neg = np.asarray(mu_pos, dtype=float), np.asarray(mu_neg, dtype=float)
    return float(-((mu_pos - mu_neg) @ (mu_pos - mu_neg)) / 2)
'''),
        ("the bias is dropped", '''def centroid_bias(mu_pos, mu_neg):
    """Bias b = -(|mu+|^2 - |mu-|^2) / 2 of the closest-centroid classifier."""
    mu_pos, mu_neg = np.asarray(mu_pos, dtype=float), np.asarray(mu_neg, dtype=float)
    return 0.0
'''),
    ],
    "ch03-weights": [
        ("w points from mu+ to mu- (sign flipped)", '''def centroid_weights(X, y):
    """Homogeneous weights (b, w_1, ..., w_d) of the closest-centroid classifier."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    mu_pos, mu_neg = X[y == 1].mean(axis=0), X[y == -1].mean(axis=0)
    w = mu_neg - mu_pos
    b = -(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2
    return np.concatenate([[b], w])
'''),
        ("bias dropped", '''def centroid_weights(X, y):
    """Homogeneous weights (b, w_1, ..., w_d) of the closest-centroid classifier."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    mu_pos, mu_neg = X[y == 1].mean(axis=0), X[y == -1].mean(axis=0)
    return np.concatenate([[0.0], mu_pos - mu_neg])
'''),
        ("bias last", '''def centroid_weights(X, y):
    """Homogeneous weights (b, w_1, ..., w_d) of the closest-centroid classifier."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    mu_pos, mu_neg = X[y == 1].mean(axis=0), X[y == -1].mean(axis=0)
    w = mu_pos - mu_neg
    b = -(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2
    return np.concatenate([w, [b]])
'''),
        ("class sums instead of class means", '''def centroid_weights(X, y):
    """Homogeneous weights (b, w_1, ..., w_d) of the closest-centroid classifier."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    mu_pos, mu_neg = X[y == 1].sum(axis=0), X[y == -1].sum(axis=0)
    w = mu_pos - mu_neg
    b = -(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2
    return np.concatenate([[b], w])
'''),
        ("the given function unchanged: means over all n examples and a flipped bias", '''def centroid_weights(X, y):
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    mu_pos = X[y == 1].sum(axis=0) / len(y)
    mu_neg = X[y == -1].sum(axis=0) / len(y)
    w = mu_pos - mu_neg
    b = (mu_pos @ mu_pos - mu_neg @ mu_neg) / 2
    return np.concatenate([[b], w])
'''),
        ("each mean divided by the total n instead of its own class size", '''def centroid_weights(X, y):
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    mu_pos = X[y == 1].sum(axis=0) / len(y)
    mu_neg = X[y == -1].sum(axis=0) / len(y)
    w = mu_pos - mu_neg
    b = -(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2
    return np.concatenate([[b], w])
'''),
        ("the bias with the wrong sign", '''def centroid_weights(X, y):
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    mu_pos, mu_neg = X[y == 1].mean(axis=0), X[y == -1].mean(axis=0)
    w = mu_pos - mu_neg
    b = (mu_pos @ mu_pos - mu_neg @ mu_neg) / 2
    return np.concatenate([[b], w])
'''),
    ],
    "ch03-predict": [
        ("nearest training point (1-NN) instead of nearest mean", '''def nearest_centroid_predict(X_train, y_train, X):
    """+1 where a row of X is strictly nearer to the positive class mean, else -1."""
    X_train, y_train, X = np.asarray(X_train, dtype=float), np.asarray(y_train), np.asarray(X, dtype=float)
    d = ((X[:, None, :] - X_train[None, :, :]) ** 2).sum(axis=2)
    return y_train[d.argmin(axis=1)].astype(int)
'''),
        ("a tie goes to +1 (<=)", '''def nearest_centroid_predict(X_train, y_train, X):
    """+1 where a row of X is strictly nearer to the positive class mean, else -1."""
    X_train, y_train, X = np.asarray(X_train, dtype=float), np.asarray(y_train), np.asarray(X, dtype=float)
    mu_pos, mu_neg = X_train[y_train == 1].mean(axis=0), X_train[y_train == -1].mean(axis=0)
    d_pos = ((X - mu_pos) ** 2).sum(axis=1)
    d_neg = ((X - mu_neg) ** 2).sum(axis=1)
    return np.where(d_pos <= d_neg, 1, -1)
'''),
        ("labels swapped (nearer to mu+ gives -1)", '''def nearest_centroid_predict(X_train, y_train, X):
    """+1 where a row of X is strictly nearer to the positive class mean, else -1."""
    X_train, y_train, X = np.asarray(X_train, dtype=float), np.asarray(y_train), np.asarray(X, dtype=float)
    mu_pos, mu_neg = X_train[y_train == 1].mean(axis=0), X_train[y_train == -1].mean(axis=0)
    d_pos = ((X - mu_pos) ** 2).sum(axis=1)
    d_neg = ((X - mu_neg) ** 2).sum(axis=1)
    return np.where(d_pos > d_neg, 1, -1)
'''),
        ("bias dropped (sign of x . (mu+ - mu-))", '''def nearest_centroid_predict(X_train, y_train, X):
    """+1 where a row of X is strictly nearer to the positive class mean, else -1."""
    X_train, y_train, X = np.asarray(X_train, dtype=float), np.asarray(y_train), np.asarray(X, dtype=float)
    mu_pos, mu_neg = X_train[y_train == 1].mean(axis=0), X_train[y_train == -1].mean(axis=0)
    return np.where(X @ (mu_pos - mu_neg) > 0, 1, -1)
'''),
        ("city-block distances instead of squared Euclidean", '''def nearest_centroid_predict(X_train, y_train, X):
    """+1 where a row of X is strictly nearer to the positive class mean, else -1."""
    X_train, y_train, X = np.asarray(X_train, dtype=float), np.asarray(y_train), np.asarray(X, dtype=float)
    mu_pos, mu_neg = X_train[y_train == 1].mean(axis=0), X_train[y_train == -1].mean(axis=0)
    d_pos = np.abs(X - mu_pos).sum(axis=1)
    d_neg = np.abs(X - mu_neg).sum(axis=1)
    return np.where(d_pos < d_neg, 1, -1)
'''),
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
    "ch03-outlier": [
        ("the new point left out of the mean (the old w~)", '''w_tilde_outlier = [-2.5, 2.0, 3.0]
misclassified_rows = [0]
'''),
        ("the bias without the factor 1/2", '''w_tilde_outlier = [-18.75, 4.5, 3.0]
misclassified_rows = [0]
'''),
        ("the bias with the wrong sign", '''w_tilde_outlier = [9.375, 4.5, 3.0]
misclassified_rows = [2, 3]
'''),
        ("the old classifier's mistake (row 3) kept", '''w_tilde_outlier = [-9.375, 4.5, 3.0]
misclassified_rows = [3]
'''),
        ("no mistakes left", '''w_tilde_outlier = [-9.375, 4.5, 3.0]
misclassified_rows = []
'''),
    ],
    "ch03-duplicate": [
        ("class sizes never matter to a closed form: but the least-squares right-hand side n+ mu+ - n- mu- "
         "counts every example", 'duplicate_answer = "b"\n'),
        ("least squares must move: not when it already fits every point exactly (then the duplicates "
         "agree with the fit)", 'duplicate_answer = "c"\n'),
        ("duplicates move the mean: a class mean of duplicated points is the same mean", 'duplicate_answer = "d"\n'),
    ],
}
