# Plausible wrong answers for chapter 04: each must lose points under the grader, and the
# visible check must name each one by its own misconception (descriptions are the messages
# of lecturekit/exercises/ch04.py as a learner reads them, code spans rendered).

MUTANTS = {
    "ch04-two-updates": [
        ("one update already fixes it: the functional margin gains |x~|² = 1 + |x|² per update, the 1 included",
         "w_start = [-1.5, 0.0, 0.0]\nx_one = [1.0, 0.0]\ny_one = 1\n"),
        ("two updates are not enough: the functional margin starts two gains or more below 0, and a margin of 0 "
         "is still a mistake",
         "w_start = [-5.0, 0.0, 0.0]\nx_one = [1.0, 0.0]\ny_one = 1\n"),
    ],
    "ch04-shuffled": [
        ("the labels are shuffled by a permutation of their own, so example i is visited with another "
         "example's label", '''def perceptron_shuffled(X, y, max_epochs, seed):
    rng = np.random.default_rng(seed)
    Xh = np.hstack([np.ones((len(X), 1)), X])
    y = np.array(y)                           # a copy: the caller's labels stay as they were
    w = np.zeros(Xh.shape[1])
    for epoch in range(1, max_epochs + 1):
        order = rng.permutation(len(y))
        rng.shuffle(y)
        mistakes = 0
        for x_i, y_i in zip(Xh[order], y):
            if y_i * (w @ x_i) <= 0:
                w = w + y_i * x_i
                mistakes += 1
        if mistakes == 0:
            break
    return w, epoch
'''),
        ("the caller's labels are shuffled in place (rng.shuffle changes the array it is given)",
         ("""        order = rng.permutation(len(y))
        mistakes = 0
        for i in order:                       # one permutation for the example and its label""",
          """        order = rng.permutation(len(y))
        Xh, y[:] = Xh[order], y[order]        # both reordered the same way, the caller's y in place
        mistakes = 0
        for i in range(len(y)):""")),
        ("the examples are visited in a permuted order but the labels in their own order, so the k-th example "
         "visited gets label y[k], not its own",
         ("        for i in order:                       # one permutation for the example and its label\n"
          "            if y[i] * (w @ Xh[i]) <= 0:\n"
          "                w = w + y[i] * Xh[i]\n",
          "        for x_i, y_i in zip(Xh[order], y):\n"
          "            if y_i * (w @ x_i) <= 0:\n"
          "                w = w + y_i * x_i\n")),
        ("one permutation for every epoch: the order must be drawn anew each epoch",
         ("    for epoch in range(1, max_epochs + 1):\n        order = rng.permutation(len(y))\n",
          "    order = rng.permutation(len(y))\n    for epoch in range(1, max_epochs + 1):\n")),
        ("the examples visited in their own order: the permutation is never used",
         ("        for i in order:", "        for i in range(len(y)):")),
    ],
    "ch04-pocket": [
        ("the last weights of the run returned: the pocket must keep the best ones",
         ("                if mistakes < best_mistakes:", "                if True:")),
        ("a weight vector with as many mistakes as the pocket's replaces it: only strictly fewer mistakes "
         "earn the pocket", ("if mistakes < best_mistakes:", "if mistakes <= best_mistakes:")),
        ("mistakes counted with < 0: a point on the boundary is a mistake too",
         ("np.sum(y * (Xh @ w) <= 0)", "np.sum(y * (Xh @ w) < 0)")),
        ("the pocket and the running w are one array: an update in place (w += ...) moves the pocket too, so it "
         "ends with the last weights and an old count",
         ("                w = w + y_i * x_i", "                w += y_i * x_i")),
    ],
    "ch04-run": [
        ("these three points with these labels are not linearly separable, so no run on them ever ends",
         ("X_run = [[-2.0, -2.0], [-1.0, 0.0], [1.0, 0.0]]", "X_run = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]]")),
        ("a score of exactly 0 counted as correct once w is not 0: the test y w · x <= 0 makes it a mistake at any w",
         ("X_run = [[-2.0, -2.0], [-1.0, 0.0], [1.0, 0.0]]", "X_run = [[-2.0, -2.0], [-1.0, 0.0], [1.0, 1.0]]")),
    ],
    "ch04-margin": [
        ("the bias w0 is left out: w needs three numbers (w0, w1, w2)", "w_margin = [1.0, 1.0]\n"),
        ("the sign is flipped: w points towards the negatives", "w_margin = [1.0, -1.0, -1.0]\n"),
        ("the perceptron's own w: it stops at the first separating line, whose margin is 0.32",
         "w_margin = [1.0, 1.0, 3.0]\n"),
        ("b = 0: a line through the origin, which is not halfway between the classes: how far from the line is "
         "each class's nearest point?", "w_margin = [0.0, 1.0, 1.0]\n"),
        ("the line is much closer to one class than to the other: how far from it is each class's nearest point, "
         "and which way must it move?", "w_margin = [1.0, 1.0, 1.0]\n"),
    ],
    "ch04-slow": [
        ("the points are not linearly separable (like XOR): the perceptron never converges, "
         "so it does not 'need' updates, it cycles",
         "X_slow = [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]\ny_slow = [1, 1, -1, -1]\n"),
        ("a few updates separate these points: how far does one update turn the boundary when the gap between "
         "the classes is narrow compared with the points' distance from the origin, and does the order you give "
         "the points in make the run meet the narrow gap again and again?",
         "X_slow = [[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]\ny_slow = [1, 1, -1, -1]\n"),
        ("labels 0/1 instead of -1/+1",
         "X_slow = [[0.0, 1.0], [4.0, 3.0], [0.0, 0.0], [4.0, 2.0]]\ny_slow = [1, 1, 0, 0]\n"),
    ],
    "ch04-bob": [
        ("the same start as Alice's: with another rate and other labels, what does the start have to make up for?",
         ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [1.0, 2.0, -1.0]")),
        ("Bob's swapped labels are left out: with y_i -> -y_i, which multiples of Alice's weights give each of his "
         "tests the sign of hers?", ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [4.0, 8.0, -4.0]")),
        ("Bob's rate is left out: after an update with his rate, is his weight vector still the same multiple of "
         "Alice's?",
         ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [-1.0, -2.0, 1.0]")),
        ("check the direction of the factor between the two rates",
         ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [-0.25, -0.5, 0.25]")),
        ("check the factor for Bob's rate",
         ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [-2.0, -4.0, 2.0]")),
    ],
    "ch04-invariance": [
        ("a change that alters some dot product x~_i · x~_j is among your letters: which one, the leading 1 "
         "included?",
         'answer_invariant = "abde"\n'),
        ("you left out a change under which every test y_i w~ · x~_i of the run keeps its value: follow the first "
         "two updates from w = 0 for each letter you left out", 'answer_invariant = "de"\n'),
        ("you left out a change that multiplies every weight vector of the run by the same non-zero number: what "
         "does that do to the sign of each test y_i w~ · x~_i?", 'answer_invariant = "b, d"\n'),
    ],
}
