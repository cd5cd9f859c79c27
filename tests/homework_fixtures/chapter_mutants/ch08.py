# Plausible wrong answers for chapter 08: each must lose points under the grader.
_MARGIN = """def margin_update(W, x_i, c, eta, margin):
    \"\"\"W after one margin step of the multiclass perceptron on (x_i, class index c); W is not modified.\"\"\"
    g = W @ x_i
    rivals = g.copy()
    rivals[c] = -np.inf
    j = int(np.argmax(rivals))
    W = W.copy()
    if g[c] - g[j] <= margin:
        W[c] = W[c] + eta * x_i
        W[j] = W[j] - eta * x_i
    return W
"""

MUTANTS = {
    "ch08-ovr-predict": [
        ("argmax over the wrong axis", '''def ovr_predict(W, X):
    """Class index per row of X, or -1 where not exactly one classifier has w_c . (1, x) > 0."""
    scores = X @ W[:, 1:].T + W[:, 0]
    claims = scores > 0
    return np.where(claims.sum(axis=1) == 1, np.argmax(claims, axis=0), -1)
'''),
        ("forgot the bias column", '''def ovr_predict(W, X):
    """Class index per row of X, or -1 where not exactly one classifier has w_c . (1, x) > 0."""
    scores = X @ W[:, 1:].T
    claims = scores > 0
    return np.where(claims.sum(axis=1) == 1, np.argmax(claims, axis=1), -1)
'''),
        ("a score of 0 counts as a claim", '''def ovr_predict(W, X):
    """Class index per row of X, or -1 where not exactly one classifier has w_c . (1, x) > 0."""
    scores = X @ W[:, 1:].T + W[:, 0]
    claims = scores >= 0
    return np.where(claims.sum(axis=1) == 1, np.argmax(claims, axis=1), -1)
'''),
        ("largest score instead of exactly one claim (no ambiguity)", '''def ovr_predict(W, X):
    """Class index per row of X, or -1 where not exactly one classifier has w_c . (1, x) > 0."""
    scores = X @ W[:, 1:].T + W[:, 0]
    return np.argmax(scores, axis=1)
'''),
        ("only 'no claim' is ambiguous", '''def ovr_predict(W, X):
    """Class index per row of X, or -1 where not exactly one classifier has w_c . (1, x) > 0."""
    scores = X @ W[:, 1:].T + W[:, 0]
    claims = scores > 0
    return np.where(claims.any(axis=1), np.argmax(claims, axis=1), -1)
'''),
    ],
    "ch08-pairwise-vote": [
        ("ties counted wrong: only a clean sweep (k - 1 votes) wins", '''def pairwise_votes(S, pairs, k):
    """Votes per class, shape (n, k), and True where the most votes are tied."""
    votes = np.zeros((S.shape[0], k), dtype=int)
    for m, (a, b) in enumerate(pairs):
        votes[:, a] += S[:, m] > 0
        votes[:, b] += S[:, m] <= 0
    tied = votes.max(axis=1) < k - 1
    return votes, tied
'''),
        ("a score of 0 votes for the first class", '''def pairwise_votes(S, pairs, k):
    """Votes per class, shape (n, k), and True where the most votes are tied."""
    votes = np.zeros((S.shape[0], k), dtype=int)
    for m, (a, b) in enumerate(pairs):
        votes[:, a] += S[:, m] >= 0
        votes[:, b] += S[:, m] < 0
    tied = (votes == votes.max(axis=1, keepdims=True)).sum(axis=1) > 1
    return votes, tied
'''),
        ("max over the wrong axis", '''def pairwise_votes(S, pairs, k):
    """Votes per class, shape (n, k), and True where the most votes are tied."""
    votes = np.zeros((S.shape[0], k), dtype=int)
    for m, (a, b) in enumerate(pairs):
        votes[:, a] += S[:, m] > 0
        votes[:, b] += S[:, m] <= 0
    tied = (votes == votes.max(axis=0, keepdims=True)).sum(axis=1) > 1
    return votes, tied
'''),
        ("a score of 0 votes for nobody", '''def pairwise_votes(S, pairs, k):
    """Votes per class, shape (n, k), and True where the most votes are tied."""
    votes = np.zeros((S.shape[0], k), dtype=int)
    for m, (a, b) in enumerate(pairs):
        votes[:, a] += S[:, m] > 0
        votes[:, b] += S[:, m] < 0
    tied = (votes == votes.max(axis=1, keepdims=True)).sum(axis=1) > 1
    return votes, tied
'''),
    ],
    "ch08-margin-update": [
        ("strict < : a true class exactly at the margin is not stepped on", _MARGIN.replace("<= margin", "< margin")),
        ("the margin ignored: class 0 wins, but not by 5", _MARGIN.replace("g[c] - g[j] <= margin", "g[c] - g[j] <= 0")),
        ("eta ignored", _MARGIN.replace("+ eta * x_i", "+ x_i").replace("- eta * x_i", "- x_i")),
        ("every rival is pushed down", _MARGIN.replace("""        W[j] = W[j] - eta * x_i
""", """        for r in range(W.shape[0]):
            if r != c:
                W[r] = W[r] - eta * x_i
""")),
        ("changes W in place", _MARGIN.replace("    W = W.copy()\n", "")),
    ],
}
MUTANTS.update({
    "ch08-construct": [
        ("classes around a circle: each can be cut off from the rest by one line, so one-vs-rest has no ? point",
         "X_c, y_c = lk.datasets.blobs(10, 3, seed=0)\n"),
        ("the classes overlap, so no linear machine separates them",
         "rng = np.random.default_rng(0)\n"
         "X_c = np.vstack([np.array(c) + 2.0 * rng.normal(size=(10, 2)) for c in ([-3.0, 0.0], [0.0, 0.0], [3.0, 0.0])])\n"
         "y_c = np.repeat([0, 1, 2], 10)\n"),
        ("only two classes",
         "rng = np.random.default_rng(0)\n"
         "X_c = np.vstack([np.array(c) + 0.3 * rng.normal(size=(10, 2)) for c in ([-3.0, 0.0], [0.0, 0.0], [3.0, 0.0])])\n"
         "y_c = np.repeat([0, 1, 1], 10)\n"),
    ],
    "ch08-predict-meet": [
        ("where the one-vs-rest lines w_0 . x~ = 0 and w_1 . x~ = 0 cross, not where the scores tie", "meet = [0.0, -2.0]\n"),
        ("the bias moved across the equals sign without changing its sign", "meet = [0.5, 3.0]\n"),
        ("the bias taken as the last entry of each row instead of the first", "meet = [-1 / 3, 1 / 6]\n"),
    ],
    "ch08-explain-separable": [
        ("(a) asks too much: three clusters in a row are separated by a linear machine, yet the middle one "
         "cannot be cut off by one line", 'answer = "a"\n'),
        ("(b) follows from the definition (w_i - w_j separates classes i and j) but is not it: the definition "
         "asks for k scores that work for all pairs at once", 'answer = "b"\n'),
        ("(d) says nothing about lines: classes with different means can overlap completely", 'answer = "d"\n'),
    ],
})
