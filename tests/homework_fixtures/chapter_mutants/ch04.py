# Plausible wrong answers for chapter 04: each must lose points under the grader, and the
# visible check must name each one by its own misconception: the first item is that
# misconception's id in the check's catalogue (lecturekit/exercises/ch04.py), or, for a wrong
# answer that no misconception describes, "fails: <words the failure says>".

MUTANTS = {
    "ch04-two-updates": [
        # one message for every start that fails (it must not say which way to move the start)
        ("fails: the example does not need exactly two updates",
         "w_start = [-1.5, 0.0, 0.0]\nx_one = [1.0, 0.0]\ny_one = 1\n"),
        ("fails: the example does not need exactly two updates",
         "w_start = [-5.0, 0.0, 0.0]\nx_one = [1.0, 0.0]\ny_one = 1\n"),
        ("fails: the example does not need exactly two updates",
         "w_start = [0.5, 0.0, 0.0]\nx_one = [1.0, 0.0]\ny_one = 1\n"),
    ],
    "ch04-shuffled": [
        ("shuffled-detached", '''def perceptron_shuffled(X, y, max_epochs, seed):
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
        ("shuffled-in-place",
         ("""        order = rng.permutation(len(y))
        mistakes = 0
        for i in order:                       # one permutation for the example and its label""",
          """        order = rng.permutation(len(y))
        Xh, y[:] = Xh[order], y[order]        # both reordered the same way, the caller's y in place
        mistakes = 0
        for i in range(len(y)):""")),
        ("shuffled-unpermuted-labels",
         ("        for i in order:                       # one permutation for the example and its label\n"
          "            if y[i] * (w @ Xh[i]) <= 0:\n"
          "                w = w + y[i] * Xh[i]\n",
          "        for x_i, y_i in zip(Xh[order], y):\n"
          "            if y_i * (w @ x_i) <= 0:\n"
          "                w = w + y_i * x_i\n")),
        ("shuffled-once",
         ("    for epoch in range(1, max_epochs + 1):\n        order = rng.permutation(len(y))\n",
          "    order = rng.permutation(len(y))\n    for epoch in range(1, max_epochs + 1):\n")),
        ("shuffled-not-at-all",
         ("        for i in order:", "        for i in range(len(y)):")),
    ],
    "ch04-pocket": [
        ("pocket-last",
         ("                if mistakes < best_mistakes:", "                if True:")),
        ("pocket-ties", ("if mistakes < best_mistakes:", "if mistakes <= best_mistakes:")),
        ("pocket-strict-count",
         ("np.sum(y * (Xh @ w) <= 0)", "np.sum(y * (Xh @ w) < 0)")),
        ("pocket-aliased",
         ("                w = w + y_i * x_i", "                w += y_i * x_i")),
    ],
    "ch04-run": [
        ("run-not-separable",
         ("X_run = [[-2.0, -2.0], [-1.0, 0.0], [1.0, 0.0]]", "X_run = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]]")),
        ("run-tie-correct",
         ("X_run = [[-2.0, -2.0], [-1.0, 0.0], [1.0, 0.0]]", "X_run = [[-2.0, -2.0], [-1.0, 0.0], [1.0, 1.0]]")),
        ("run-chapter-points",
         ("X_run = [[-2.0, -2.0], [-1.0, 0.0], [1.0, 0.0]]", "X_run = [[0.0, 3.0], [2.0, 0.0], [3.0, 1.0]]")),
    ],
    "ch04-margin": [
        ("no-bias", "w_margin = [1.0, 1.0]\n"),
        ("flipped", "w_margin = [1.0, -1.0, -1.0]\n"),
        ("perceptron-w",
         "w_margin = [1.0, 1.0, 3.0]\n"),
        ("through-origin", "w_margin = [0.0, 1.0, 1.0]\n"),
        ("fails: your line is closer to one class than to the other", "w_margin = [1.0, 1.0, 1.0]\n"),
    ],
    "ch04-slow": [
        ("not-separable",
         "X_slow = [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]\ny_slow = [1, 1, -1, -1]\n"),
        ("fails: a few updates separate these points",
         "X_slow = [[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]\ny_slow = [1, 1, -1, -1]\n"),
        ("slow-chapter-set-moved",
         "X_slow = [[2.0, 5.0], [5.0, 3.0], [-1.0, 0.0], [4.0, 2.0]]\ny_slow = [1, 1, -1, -1]\n"),
        ("slow-chapter-set-edited",
         "X_slow = [[0.0, -3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]\ny_slow = [1, 1, -1, -1]\n"),
        ("slow-chapter-set-edited",
         "X_slow = [[0.0, 3.0], [3.0, 1.0], [-3.0, -3.0], [2.0, 1.0]]\ny_slow = [1, 1, -1, -1]\n"),
        ("labels-01",
         "X_slow = [[4.0, -2.0], [-1.0, 1.0], [0.0, 1.0], [3.0, 0.0]]\ny_slow = [0, 0, 1, 1]\n"),
    ],
    "ch04-bob": [
        ("bob-first-test",
         ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [1.0, 2.0, -1.0]")),
        ("bob-first-test", ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [4.0, 8.0, -4.0]")),
        ("bob-after-update",
         ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [-1.0, -2.0, 1.0]")),
        ("bob-after-update",
         ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [-0.25, -0.5, 0.25]")),
        ("bob-after-update",
         ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [-2.0, -4.0, 2.0]")),
        ("bob-zero-start", ("bob_start = [-4.0, -8.0, 4.0]", "bob_start = [0.0, 0.0, 0.0]")),
    ],
    "ch04-invariance": [
        # one message for every wrong set of matrices (it must not tell which letter is wrong)
        # e as if a rate never mattered, whatever the start
        ("fails: at least one of your five constructions does not hold", 'answer_invariant = {"a": ([[1.0, 0.0], [-1.0, 0.5]], [1, -1]), '
                             '"b": [[1, 0, 0], [0, 0.6, -0.8], [0, 0.8, 0.6]], '
                             '"c": ([[1.0, 0.0], [-1.0, 0.0]], [1, -1]), '
                             '"d": [[-1, 0, 0], [0, -1, 0], [0, 0, -1]], "e": [[10, 0, 0], [0, 10, 0], [0, 0, 10]]}\n'),
        ("fails: at least one of your five constructions does not hold", 'answer_invariant = {"a": ([[1.0, 0.0], [-1.0, 0.5]], [1, -1]), '
                             '"b": [[1, 0, 0], [0, 0.6, -0.8], [0, 0.8, 0.6]], '
                             '"c": ([[1.0, 0.0], [-1.0, 0.0]], [1, -1]), '
                             '"d": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "e": ([[0.0, 1.0], [0.0, -1.0]], [1, -1])}\n'),
        ("fails: at least one of your five constructions does not hold", 'answer_invariant = {"a": [[10, 0, 0], [0, 10, 0], [0, 0, 10]], '
                             '"b": [[1, 0, 0], [0, 0.6, -0.8], [0, 0.8, 0.6]], '
                             '"c": ([[1.0, 0.0], [-1.0, 0.0]], [1, -1]), '
                             '"d": [[-1, 0, 0], [0, -1, 0], [0, 0, -1]], "e": [[10, 0, 0], [0, 10, 0], [0, 0, 10]]}\n'),
        ("fails: at least one of your five constructions does not hold", 'answer_invariant = {"a": ([[1.0, 0.0], [-1.0, 0.5]], [1, -1]), '
                             '"b": [[0.6, -0.8, 0], [0.8, 0.6, 0], [0, 0, 1]], '
                             '"c": ([[1.0, 0.0], [-1.0, 0.0]], [1, -1]), '
                             '"d": [[-1, 0, 0], [0, -1, 0], [0, 0, -1]], "e": [[10, 0, 0], [0, 10, 0], [0, 0, 10]]}\n'),
    ],
}
