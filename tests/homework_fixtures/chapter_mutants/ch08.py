# Plausible wrong answers for chapter 08: each must lose points under the grader, and the visible check must
# name it (its description is the Mistake message in lecturekit/exercises/ch08.py).
_PAIRWISE = '''def pairwise_predict(S, pairs, k, d2):
    """Class index per row by the pairwise vote, ties to the nearest mean among the tied; and the tie flags."""
    votes = np.zeros((S.shape[0], k), dtype=int)
    for m, (a, b) in enumerate(pairs):
        votes[:, a] += S[:, m] > 0
        votes[:, b] += S[:, m] <= 0
    top = votes == votes.max(axis=1, keepdims=True)
    tied = top.sum(axis=1) > 1
    nearest = np.argmin(np.where(top, d2, np.inf), axis=1)
    return np.where(tied, nearest, np.argmax(votes, axis=1)), tied
'''

_CLUSTERS = ("rng = np.random.default_rng(0)\n"
             "X_c = np.vstack([c + 0.4 * rng.normal(size=(10, 2)) for c in np.array({centres})])\n"
             "y_c = np.repeat({labels}, 10)\n")

MUTANTS = {
    "ch08-ovr-predict": [
        ("where two classifiers claim a point, the nearest mean was taken among all classes; which classes are "
         "candidates there?", "predicted = [1, 2, 2, 1]\n"),
        ("the class with the largest score: that is scikit-learn's reading, not lecturekit's claims and tie-breaker",
         "predicted = [1, 0, 1, 1]\n"),
        ("a score of exactly 0 counted as a claim", "predicted = [1, 0, 2, 0]\n"),
        ("the nearest class mean everywhere: the mean decides only where the classifiers do not agree on one class",
         "predicted = [1, 2, 2, 2]\n"),
    ],
    "ch08-pairwise-vote": [
        ("a row is called tied unless one class won all k - 1 of its duels; with three classes that is the same "
         "test, with more it is not", _PAIRWISE.replace("    tied = top.sum(axis=1) > 1\n",
                                                       "    tied = votes.max(axis=1) < k - 1\n")),
        ("a tie goes to the nearest mean among all classes; the vote has already ruled some out",
         _PAIRWISE.replace("np.argmin(np.where(top, d2, np.inf), axis=1)", "np.argmin(d2, axis=1)")),
    ],
    "ch08-construct-borders": [
        ("3 classes: the exercise asks for four", "W_apart = [[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]\n"),
        ("a class that never wins shares no border with anyone, trivially; the exercise asks for four classes that "
         "each have a region",
         "W_apart = [[0.0, 1.0, 0.0], [0.0, -1.0, 0.0], [1.0, 0.0, 1.0], [-10.0, 0.0, 0.0]]\n"),
        ("all six pairs share a border: which classes could be kept from meeting?",
         "u = np.array([[np.cos(t), np.sin(t)] for t in np.radians([90, 210, 330])])\n"
         "W_apart = np.vstack([[1.0, 0.0, 0.0], np.column_stack([np.zeros(3), u])])\n"),
        ("parallel strips in a row keep three pairs apart, one too many",
         "W_apart = [[0.0, 0.0, 0.0], [-0.5, 1.0, 0.0], [-2.0, 2.0, 0.0], [-4.5, 3.0, 0.0]]\n"),
    ],
    "ch08-construct": [
        ("a class in the middle of the others cannot be cut off by one line: the exercise asks for data where every "
         "class can", _CLUSTERS.format(centres=[[-3.0, 0.0], [0.0, 0.0], [3.0, 0.0]], labels=[0, 1, 2])),
        ("here least squares found a line for every class: no training point is left without exactly one claim",
         "X_c, y_c = lk.datasets.blobs(10, 3, seed=0)\n"),
        ("only two classes", _CLUSTERS.format(centres=[[-3.0, 0.0], [0.0, 3.0], [3.0, 0.0]], labels=[0, 1, 1])),
    ],
    "ch08-predict-meet": [
        ("where the one-vs-rest lines w_0 . x~ = 0 and w_1 . x~ = 0 cross, not where the scores tie", "meet = [0.0, -2.0]\n"),
        ("check the sign of each bias as you move it to the other side of its equation", "meet = [0.5, 3.0]\n"),
        ("the bias taken as the last entry of each row instead of the first", "meet = [-1 / 3, 1 / 6]\n"),
    ],
    "ch08-explain-argmax": [
        ("the scores are on unrelated scales, but look at their signs at a training point after all three runs "
         "converged", 'answer = "a"\n'),
        ('which training points can lie in a "?" region when every classifier converged?', 'answer = "c"\n'),
        ("ask when the tie-breaker is used at all on the training points", 'answer = "d"\n'),
    ],
}
