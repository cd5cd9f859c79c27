# Plausible wrong answers for chapter 04: each must lose points under the grader, and the
# visible check must name each one by its own misconception (descriptions are the messages
# of lecturekit/exercises/ch04.py as a learner reads them, code spans rendered).
UPDATE = '''def perceptron_update(w, x_i, y_i, eta):
    """Return w after one step of Alg. 7.1 on (x_i, y_i); x_i is homogeneous."""
{body}'''
EPOCH = '''def perceptron_epoch(w, Xh, y, eta):
    """One epoch of Alg. 7.1 over the homogeneous rows of Xh; return (new w, number of updates)."""
    n_updates = 0
    for x_i, y_i in zip(Xh, y):
{body}
    return w, n_updates
'''
MARGIN = '''def margin_perceptron(Xh, y, tau, max_epochs):
    """Alg. 7.1 from w = 0 with eta = 1, updating whenever y_i w.x_i <= tau; return (w, number of updates)."""
    w = np.zeros(Xh.shape[1])
    n_updates = 0
    for epoch in range(max_epochs):
        converged = True
        for x_i, y_i in zip(Xh, y):
            if {test}:
                w = w + y_i * x_i
                n_updates += 1
                converged = False
        if {stop}:
            break
    return w, n_updates
'''

MUTANTS = {
    "ch04-update": [
        ("< instead of <=: a point on the boundary (and w = 0) is not a mistake", UPDATE.format(body='''\
    if y_i * (w @ x_i) < 0:
        return w + eta * y_i * x_i
    return w
''')),
        ("the update is applied to correctly classified points too", UPDATE.format(body='''\
    return w + eta * y_i * x_i
''')),
        ("the learning rate is ignored", UPDATE.format(body='''\
    if y_i * (w @ x_i) <= 0:
        return w + y_i * x_i
    return w
''')),
        ("the label is forgotten in the update (always moves towards x_i)", UPDATE.format(body='''\
    if y_i * (w @ x_i) <= 0:
        return w + eta * x_i
    return w
''')),
        ("the label is forgotten in the mistake test (tests w . x <= 0)", UPDATE.format(body='''\
    if w @ x_i <= 0:
        return w + eta * y_i * x_i
    return w
''')),
        ("w is updated in place, so the caller's array changes", UPDATE.format(body='''\
    if y_i * (w @ x_i) <= 0:
        w += eta * y_i * x_i
    return w
''')),
    ],
    "ch04-epoch": [
        # the classmate's two bugs, each left in alone
        ("the mistake test compares the prediction with the label: with predict(0) = -1 a negative "
         "example on the boundary is skipped, though y_i w.x_i = 0 is a mistake", EPOCH.format(body='''\
        y_hat = 1 if w @ x_i > 0 else -1
        if y_hat != y_i:
            w = w + eta * y_i * x_i
            n_updates += 1''')),
        ("w += changes the caller's array in place; build a new array instead", EPOCH.format(body='''\
        if y_i * (w @ x_i) <= 0:
            w += eta * y_i * x_i
            n_updates += 1''')),
        # a fix that swaps one bug for another
        ("< instead of <=: from w = 0 nothing is ever updated", EPOCH.format(body='''\
        if y_i * (w @ x_i) < 0:
            w = w + eta * y_i * x_i
            n_updates += 1''')),
    ],
    "ch04-margin-perceptron": [
        ("< tau instead of <= tau: a score of exactly tau (0 at the start) is not treated as too small",
         MARGIN.format(test="y_i * (w @ x_i) < tau", stop="converged")),
        ("tau is ignored: this is the plain perceptron, which stops at the first separating w",
         MARGIN.format(test="y_i * (w @ x_i) <= 0", stop="converged")),
        ("one epoch only: the loop must repeat until an epoch makes no update",
         MARGIN.format(test="y_i * (w @ x_i) <= tau", stop="True")),
    ],
    "ch04-predict": [
        ("< 0 instead of <= 0: from w = 0 no score is negative, so nothing is ever updated",
         "updates_by_hand = []\nw_by_hand = [0.0, 0.0, 0.0]\n"),
        ("updating only when the prediction is wrong: with predict(0) = -1 the negative "
         "example 0 on the boundary is skipped, though y w.x = 0 is a mistake",
         "updates_by_hand = [1, 2]\nw_by_hand = [2.0, 0.0, 1.0]\n"),
        ("judging a whole epoch with the w it started with (batch) instead of updating after each example",
         "updates_by_hand = [0, 1, 2, 1]\nw_by_hand = [2.0, 0.0, 3.0]\n"),
        ("forgetting the leading 1 of x: without a bias the run goes differently",
         "updates_by_hand = [0, 1, 1, 2, 1, 2, 1, 2, 1]\nw_by_hand = [-2.0, 5.0]\n"),
        ("a score of exactly 0 later in the run counted as correct, or the loop stopped after one epoch: "
         "y w.x = 0 is a mistake, and the loop runs until an epoch has none",
         "updates_by_hand = [0, 1]\nw_by_hand = [0.0, 0.0, 2.0]\n"),
    ],
    "ch04-margin": [
        ("the bias w0 is left out: w needs three numbers (w0, w1, w2)", "w_margin = [1.0, 1.0]\n"),
        ("the sign is flipped: w points towards the negatives", "w_margin = [1.0, -1.0, -1.0]\n"),
        ("the perceptron's own w: it stops at the first separating line, whose margin is 0.32",
         "w_margin = [1.0, 1.0, 3.0]\n"),
        ("b = 0: the line x1 + x2 = 0 through the origin is closer to the negatives", "w_margin = [0.0, 1.0, 1.0]\n"),
        ("b = +1 instead of -1: the line x1 + x2 = -1 passes too close to the negatives",
         "w_margin = [1.0, 1.0, 1.0]\n"),
    ],
    "ch04-slow": [
        ("the points are not linearly separable (like XOR): the perceptron never converges, "
         "so it does not 'need' updates, it cycles",
         "X_slow = [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]\ny_slow = [1, 1, -1, -1]\n"),
        ("the classes are far apart compared with the points' distance from the origin: "
         "a wide gap is found in a few updates",
         "X_slow = [[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]\ny_slow = [1, 1, -1, -1]\n"),
        ("labels 0/1 instead of -1/+1",
         "X_slow = [[0.0, 1.0], [4.0, 3.0], [0.0, 0.0], [4.0, 2.0]]\ny_slow = [1, 1, 0, 0]\n"),
    ],
    "ch04-scale": [
        ("thinking η never matters: it cancels only from w = 0; from another start it sets how long "
         "the start is compared with each step", 'answer_scale = "b"\n'),
        ("thinking the same η and a start of the same direction give the same boundaries: what must "
         "agree is w0 / η, and the starts' lengths differ", 'answer_scale = "c"\n'),
        ("thinking the start alone decides the boundaries: the run depends on the start and η only "
         "through w0 / η", 'answer_scale = "d"\n'),
    ],
    "ch04-invariance": [
        ("multiplying the raw features by 10 is not harmless: the leading 1 of x is not multiplied, "
         "so the bias's share of every score changes", 'answer_invariant = "abde"\n'),
        ("shifting every point changes the dot products between the examples (the leading 1 stays "
         "where it is), and with them the run", 'answer_invariant = "bcde"\n'),
        ("swapping every label negates every update, so every w becomes -w and every y_i w.x_i keeps "
         "its value", 'answer_invariant = "be"\n'),
        ("from w = 0 the rate only rescales every w (section 6)", 'answer_invariant = "b, d"\n'),
        ("a rotation about the origin keeps every dot product x_i . x_j, and the dual loop of "
         "section 8 reads nothing else", 'answer_invariant = "ed"\n'),
    ],
}
