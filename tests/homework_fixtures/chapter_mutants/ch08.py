# Plausible wrong answers for chapter 08: each must lose points under the grader, and the visible check must
# name it (its description is the Mistake message in lecturekit/exercises/ch08.py).
# Exercise 3 has no catalogued misconception: a wrong W_after is told only what it fails
STEPS_FAILS = "fails: these are not the rows the variant in the exercise gives on these three examples"

_PAIRWISE = '''def pairwise_predict(S, pairs, k, d2):
    """The class index of each row by section 3's rule, and the flags of the rows that rule calls tied."""
    predicted, tied = [], []
    for scores, dist in zip(S, d2):
        votes = {c: 0 for c in range(k)}
        for score, (a, b) in zip(scores, pairs):
            votes[a if score > 0 else b] += 1
        most = max(votes.values())
        top = [c for c in range(k) if votes[c] == most]
        predicted.append(min(top, key=lambda c: dist[c]))
        tied.append(len(top) > 1)
    return np.array(predicted), np.array(tied)
'''

_CLASSMATE = '''def pairwise_predict(S, pairs, k, d2):
    predicted, tied = [], []
    for scores, dist in zip(S, d2):                 # one point at a time
        votes = {c: 0 for c in range(k)}
        for score, (a, b) in zip(scores, pairs):
            votes[a if score > 0 else b] += 1
        winner = max(votes, key=votes.get)          # a class with the most votes
        if votes[winner] == k - 1:                  # it won all its duels
            predicted.append(winner)
            tied.append(False)
        else:                                       # a tie: the nearest class mean decides
            predicted.append(int(np.argmin(dist)))
            tied.append(True)
    return np.array(predicted), np.array(tied)
'''

_CLUSTERS = ("rng = np.random.default_rng(0)\n"
             "X_c = np.vstack([c + 0.4 * rng.normal(size=(10, 2)) for c in np.array({centres})])\n"
             "y_c = np.repeat({labels}, 10)\n")

_MEANS = "means_one = {}\n"

MUTANTS = {
    "ch08-ovr-predict": [
        # each wrong answer misses one requirement only
        # a single claim thought to be overridden by the nearest mean: class 1's mean put nearest to (0.9, 0.6)
        ("fails: (a) class 1 at (0.9, 0.6)",
         _MEANS.format([[-0.5, 1.0], [0.9, 0.6], [1.6, 0.2]])),
        # class 2's mean thought to win (1.6, 0.2) when nearest, so kept away from it
        ("fails: (b) class 1 at (1.6, 0.2)",
         _MEANS.format([[-0.5, 1.0], [2.3, -0.2], [0.9, 1.6]])),
        # classifier 1 thought to claim (-0.5, 1) (its score there is exactly 0), so class 0's mean placed with no
        # regard to that point
        ("fails: (c) class 0 at (-0.5, 1)",
         _MEANS.format([[2.0, 1.2], [2.3, -0.2], [1.6, 0.2]])),
    ],
    "ch08-pairwise-vote": [
        ("these are the answers of the classmate's code with one of its two bugs fixed",
         _PAIRWISE.replace("        tied.append(len(top) > 1)\n", "        tied.append(most < k - 1)\n")),
        ("these are the answers of the classmate's code with one of its two bugs fixed",
         _PAIRWISE.replace("min(top, key=lambda c: dist[c])", "int(np.argmin(dist)) if len(top) > 1 else top[0]")),
        ("these are the answers of the classmate's code as printed: both bugs are still in it", _CLASSMATE),
        # both bugs fixed, but of two tied classes with equally near means the point goes to the last
        ("last-of-equally-near",
         _PAIRWISE.replace("min(top, key=lambda c: dist[c])", "max(top, key=lambda c: (-dist[c], c))")),
    ],
    "ch08-machine-steps": [
        # no catalogued misconception: every wrong answer is told the one requirement it fails (STEPS_FAILS)
        # section 4's rule itself (the strongest rival only), as lk.linear_machine trains
        (STEPS_FAILS, "W_after = [[1.0, 1.0, 1.0], [0.0, -3.0, 0.0], [2.0, 0.0, 2.0]]\n"),
        # section 4's rule with the last of two tied rivals
        (STEPS_FAILS, "W_after = [[1.0, 1.0, 1.0], [1.0, -1.0, -1.0], [1.0, -2.0, 3.0]]\n"),
        # the true class pulled up once, however many rivals are pushed down
        (STEPS_FAILS, "W_after = [[0.0, 2.0, 0.0], [0.0, -3.0, 0.0], [1.0, -2.0, 3.0]]\n"),
        # a rival that ties with the true class not pushed (> instead of >=)
        (STEPS_FAILS, "W_after = [[2.0, 3.0, 0.0], [0.0, -3.0, 1.0], [1.0, -2.0, 2.0]]\n"),
        # the biases not stepped
        (STEPS_FAILS, "W_after = [[0.0, 2.0, 0.0], [1.0, -3.0, 0.0], [2.0, -1.0, 3.0]]\n"),
        # every example scored with the rows from before the first step
        (STEPS_FAILS, "W_after = [[1.0, 4.0, -1.0], [1.0, -4.0, 1.0], [1.0, -2.0, 3.0]]\n"),
        # only the true class's row changed
        (STEPS_FAILS, "W_after = [[2.0, 3.0, 0.0], [2.0, -2.0, 0.0], [4.0, -2.0, 3.0]]\n"),
    ],
    "ch08-construct-meet": [
        ("the scores tie at minus the point: check the sign of each bias as you move it to the other side of its "
         "equation", "W_meet = [[1.0, 1.0, 0.0], [2.0, 0.0, 1.0], [-3.0, -1.0, -1.0]]\n"),
        ("the bias written as the last entry of each row: rows are (b, w1, w2), bias first",
         "W_meet = [[1.0, 0.0, -1.0], [0.0, 1.0, -2.0], [-1.0, -1.0, 3.0]]\n"),
        ("the tie lines are parallel (or there are none): the feature parts of the rows must point in different "
         "directions", "W_meet = [[0.0, 1.0, 0.0], [1.0, 1.0, 0.0], [2.0, 1.0, 0.0]]\n"),
        ("the scores tie at the right point, so who wins around it is decided by the feature parts (w1, w2) of the "
         "rows alone: in which direction does each class win?",
         "W_meet = [[1.0, -1.0, 0.0], [2.0, 0.0, -1.0], [-3.0, 1.0, 1.0]]\n"),
    ],
    "ch08-construct-borders": [
        ("3 classes: the exercise asks for four", "W_apart = [[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]\napart = [(0, 2), (1, 3)]\n"),
        ("a class that never wins shares no border with anyone, trivially; the exercise asks for four classes that "
         "each have a region",
         "W_apart = [[0.0, 1.0, 0.0], [0.0, -1.0, 0.0], [1.0, 0.0, 1.0], [-10.0, 0.0, 0.0]]\napart = [(0, 2), (1, 3)]\n"),
        ("all six pairs share a border: which classes could be kept from meeting?",
         "u = np.array([[np.cos(t), np.sin(t)] for t in np.radians([90, 210, 330])])\n"
         "W_apart = np.vstack([[1.0, 0.0, 0.0], np.column_stack([np.zeros(3), u])])\napart = []\n"),
        # four wedges whose meeting point is split by a border 1e-7 long, more than the 1e-9 taken for a point
        ("short-border",
         "W_apart = [[0.0, 1.0, 0.0], [1e-7, 0.0, 1.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]]\napart = [(0, 2)]\n"),
        ("parallel strips in a row keep three pairs apart, one too many",
         "W_apart = [[0.0, 0.0, 0.0], [-0.5, 1.0, 0.0], [-2.0, 2.0, 0.0], [-4.5, 3.0, 0.0]]\napart = [(0, 2), (0, 3), (1, 3)]\n"),
        ("a pair listed as apart shares a stretch of line: its classes are not apart",
         "W_apart = [[1.0, 1.0, 0.0], [-1.0, -1.0, 0.0], [-2.0, 0.0, 1.0], [2.0, 0.0, -1.0]]\napart = [(0, 2), (1, 3)]\n"),
        ("a pair that shares no border is not listed as apart: two regions that meet at one point only have no border",
         "W_apart = [[1.0, 1.0, 0.0], [-1.0, -1.0, 0.0], [-2.0, 0.0, 1.0], [2.0, 0.0, -1.0]]\napart = [(0, 1)]\n"),
        ("classes 0 and 1 are neighbours here; going round the point where the regions meet, which classes follow "
         "each other?",
         "W_apart = [[1.0, 1.0, 0.0], [-2.0, 0.0, 1.0], [-1.0, -1.0, 0.0], [2.0, 0.0, -1.0]]\napart = [(0, 2), (1, 3)]\n"),
        ("fails: the four regions meet at (-1, 2), up to 1e-9; they meet at",
         "X4, y4 = lk.datasets.blobs(30, 4, seed=7)\nlm7 = lk.linear_machine(X4, y4)\n"
         "W_apart = lm7.W[[0, 2, 1, 3]]\napart = [(0, 1), (2, 3)]\n"),
    ],
    "ch08-construct": [
        ("one class cannot be cut off from the other two by a line (a class between the others, for example): the "
         "exercise asks for data where every class can", _CLUSTERS.format(centres=[[-3.0, 0.0], [0.0, 0.0], [3.0, 0.0]], labels=[0, 1, 2])),
        ("here least squares found a line for every class: no training point is left without exactly one claim",
         "X_c, y_c = lk.datasets.blobs(10, 3, seed=0)\n"),
        ("few-ambiguous", "X_c, y_c = lk.datasets.blobs(30, 3, seed=1)\n"),
        # hand-built data with the effect, but fewer than 5 points in "?"
        ("few-ambiguous", "X_c = np.array([[0, 3], [0.5, 3], [-0.5, 3], [0, 3.5], [0, 60], [0.5, 60], [-0.5, 60], [0, 60.5],\n"
                          "                [-3, -1], [-3.5, -1], [-3, -1.5], [-2.5, -1], [3, -1], [3.5, -1], [3, -1.5], [2.5, -1]])\n"
                          "y_c = np.repeat([0, 0, 1, 2], 4)\n"),
        ("only two classes", _CLUSTERS.format(centres=[[-3.0, 0.0], [0.0, 3.0], [3.0, 0.0]], labels=[0, 1, 1])),
    ],
    "ch08-construct-argmax": [
        # a point two classifiers claim where the larger score's class also has the nearer mean
        ("fails: give different classes", "x_two = [1.0, 3.0]\n"),
        # a score of exactly 0 taken for a claim: class 0's score at (0, 1) is 0
        ("claim-count", "x_two = [0.0, 1.0]\n"),
        # a point only one classifier claims
        ("claim-count", "x_two = [1.0, -0.5]\n"),
        # the two claimers' scores equal: the largest score is then picked by the order of the classes
        ("scores-tie", "x_two = [1.0, 1.0]\n"),
    ],
}
