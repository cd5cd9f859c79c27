# Plausible wrong answers for chapter 09: each must lose points under the grader, and each
# description must be named by its exercise's visible test (tests/test_chapter_09.py).
_DUAL = ('def dual_alpha(G, y, max_epochs, c, alpha0):\n'
         '    n = len(y)\n'
         '    alpha = np.zeros(n, dtype=int)\n'
         '    scores = np.zeros(n)\n'
         '    for epoch in range(max_epochs):\n'
         '        mistakes = 0\n'
         '        for i in range(n):\n'
         '            if y[i] * scores[i] {} 0:\n'
         '                alpha[i] += {}\n'
         '                {}\n'
         '                mistakes += 1\n'
         '        if mistakes == 0:\n'
         '            break\n'
         '    return alpha\n')
# the classmate's code as Exercise 3 shows it: both bugs in
_CLASSMATE = ('def dual_alpha(G, y, max_epochs, c, alpha0):\n'
              '    n = len(y)\n'
              '    alpha = np.array(alpha0, dtype=int)\n'
              '    scores = np.zeros(n)\n'
              '    for epoch in range(max_epochs):\n'
              '        mistakes = 0\n'
              '        for i in range(n):\n'
              '            if y[i] * scores[i] <= 0:\n'
              '                alpha[i] += 1\n'
              '                scores += y[i] * (G[i] + c)\n'
              '                mistakes += 1\n'
              '        if mistakes == 0:\n'
              '            break\n'
              '    return alpha\n')
# the update fixed, the start-up scores taken from G alone (the c·c of the constant coordinate left out)
_HALF_FIX = _CLASSMATE.replace("scores = np.zeros(n)", "scores = (alpha * y) @ G").replace("(G[i] + c)",
                                                                                              "(G[i] + c * c)")
_OTHER_C = ("with c = 2 your counts differ from those of the dual perceptron on the points (c, x_i); write out "
            "(c, x_i) · (c, x_j) and compare it with what your update adds")
_POLY3 = ("def poly3_features(X):\n    X = np.asarray(X, dtype=float)\n    x1, x2 = X[:, 0], X[:, 1]\n"
          "    r3, r6 = np.sqrt(3.0), np.sqrt(6.0)\n    return np.column_stack([{}])\n")
_CUBIC = "np.ones(len(X)), r3 * x1, r3 * x2, r3 * x1**2, r3 * x2**2, r6 * x1 * x2, x1**3, x2**3"
_MIXED = ", r3 * x1**2 * x2, r3 * x1 * x2**2"

MUTANTS = {
    "ch09-construct-ellipse": [
        ("your boundary passes through (1, 2) and (1.5, 1): which of your weights multiplies x1²?",
         "w_ellipse = [-32.0, 12.0, 5.0]\n"),
        ("the two equations used x1 and x2 where the features are x1² and x2²: each coordinate of the points enters "
         "squared", "w_ellipse = [-4.0, 1.0, 2.0]\n"),
        ("fails: w_ellipse gives the positive label outside its ellipse and the negative label inside it",
         "w_ellipse = [32.0, -5.0, -12.0]\n"),
        ("your boundary passes through one of the two points and misses the other: the score must be 0 at both, one "
         "equation per point", "w_ellipse = [-20.0, 3.0, 8.0]\n"),
    ],
    "ch09-construct-lost": [
        ("these data need the squares (like the ring): the exercise asks for data a line already separates before "
         "the map", "X_lost = np.array([[0.0, 0.0], [2.0, 0.0], [-3.0, 0.0], [0.0, 2.0], [0.0, -3.0]])\n"
                   "y_lost = np.array([1, -1, -1, -1, -1])\n"),
        ("two of the points have the same squares: this exercise asks for images that all differ, so the reason no "
         "line separates them must lie elsewhere", "X_lost = np.array([[1.0, 0.0], [-1.0, 0.0]])\ny_lost = np.array([1, -1])\n"),
    ],
    "ch09-debug-dual": [
        ("these are the counts of the classmate's code: work out what scores[j] must hold after each update, and "
         "compare it with what the code adds", _CLASSMATE),
        ("these are the counts of a dual perceptron with no constant coordinate (c = 0): this call has c = 1",
         _DUAL.format("<=", "1", "scores += y[i] * G[i]")),
        # lk.dual_perceptron's fit_intercept inlined (its source adds 1), and a constant coordinate that adds c
        (_OTHER_C, _DUAL.format("<=", "1", "scores += y[i] * (G[i] + 1)")),
        # a constant coordinate that adds c, from alpha = 0: on the c = 2 probe its counts are the classmate's
        ("these are the counts of the classmate's code: work out what scores[j] must hold after each update, and "
         "compare it with what the code adds", _DUAL.format("<=", "1", "scores += y[i] * (G[i] + c)")),
        # the right update, but the run starts from alpha = 0 whatever alpha0 says
        ("these are the counts of a run that starts from alpha = 0; this call starts from alpha0 = [1, 0, 1, 1, 0, 1, "
         "1, 1, 0], the counts of an earlier epoch", _DUAL.format("<=", "1", "scores += y[i] * (G[i] + c * c)")),
        ("resumed from alpha0, these are not the counts of the run it continues. On the exercise's example, resumed "
         "with c = 1 from the counts (1, 0, 0, 1, 0, 0) of a converged run, this code still finds a mistake in its "
         "first epoch", _HALF_FIX),
    ],
    "ch09-poly3": [
        ("section 8's map: it belongs to the kernel (1 + x·z)², one power lower",
         _POLY3.format("np.ones(len(X)), np.sqrt(2.0) * x1, np.sqrt(2.0) * x2, x1 * x1, x2 * x2, "
                       "np.sqrt(2.0) * x1 * x2")),
        ("s³ has terms that mix x1 and x2 as well as x1³ and x2³: expand (x1 z1 + x2 z2)³ fully", _POLY3.format(_CUBIC)),
        ("the term 1 of (1 + s)³ has no feature", _POLY3.format((_CUBIC + _MIXED).replace("np.ones(len(X)), ", ""))),
    ],
    "ch09-fs-bound": [
        ("the shortfalls come back on every pass: the augmented data of three passes have three times as many "
         "shortfalls", "bound_at_1 = 6 * 3.02 / 0.25\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
        ("section 7 does not add up separate one-pass bounds: it counts every visit as a new example of one long "
         "sequence, with its own added coordinate", "bound_at_1 = 3 * 6 * 3.02 / 0.25\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
        ("that is the bound at the best Delta, Delta² = R D: the exercise fixes Delta = 1",
         "bound_at_1 = ((5 ** 0.5 + 6.06 ** 0.5) / 0.5) ** 2\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
        ("D² adds up squared shortfalls, one per visit: how many visits, and how does D grow?",
         "bound_at_1 = 6 * (1 + 9 * 2.02) / 0.25\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
        ("chapter 5's bound divides by the square of the margin, and the margin here carries the factor "
         "1 / sqrt(1 + D² / Delta²)", "bound_at_1 = 6 * 7.06 ** 0.5 / 0.25\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
        ("the length of an augmented point counts its constant coordinate 1 and the added coordinate Delta: at most "
         "sqrt(R² + Delta²), R the length of the longest (1, x1, x2)", "bound_at_1 = 5 * 7.06 / 0.25\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
        ("your bound uses gamma as the margin: section 7 works out the margin of the normalised long vector, a unit "
         "vector in the space of the augmented data, and applies chapter 5's bound to them", "bound_at_1 = 6 / 0.25\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
        ("an example falls short of the margin gamma, not of 0: d_i = max(0, gamma - y_i u·x̃_i)",
         "bound_at_1 = 6 * (1 + 3 * (0.6 ** 2 + 0.4 ** 2)) / 0.25\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
        ("an example beyond the margin falls short by 0, not by a negative amount: d_i takes the max with 0",
         "bound_at_1 = 6 * (1 + 3 * (0.9 ** 2 + 0.7 ** 2 + 0.3 ** 2 + 1.1 ** 2 + 0.9 ** 2)) / 0.25\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
        # the bound right, the margin wrong: section 7's lower bound typed for a point that reaches the margin,
        # and the long vector left unnormalised
        ("that is section 7's lower bound, one number for all fifteen visits; margin_1 asks for the margin on one "
         "visit, example 1's in pass 2",
         "bound_at_1 = 6 * 7.06 / 0.25\nmargin_1 = 0.5 / 7.06 ** 0.5\n"),
        ("margin_1 is y u'·x' for u' the normalised long vector, the one chapter 5's bound is applied to: is the vector "
         "your number was taken with that vector, of length 1?",
         "bound_at_1 = 6 * 7.06 / 0.25\nmargin_1 = 1.4\n"),
        # gamma not squared, and the best Delta typed to the two decimals the exercise asks for
        ("chapter 5's bound is (radius / margin)², and the margin here is gamma / sqrt(1 + D² / Delta²): all of it "
         "is squared", "bound_at_1 = 6 * 7.06 / 0.5\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
        ("that is the bound at the best Delta, Delta² = R D: the exercise fixes Delta = 1",
         "bound_at_1 = 88.28\nmargin_1 = 1.4 / 7.06 ** 0.5\n"),
    ],
    "ch09-shape": [
        # (t/2 + 1)² taken as t²/4 + 1: the roots of 0.75 t² - 5
        ("cross-term-dropped", "t_changes = [-2.58, 2.58]\n"),
        # the line taken as (t, t/2), through the origin: the roots of 0.75 t² - 4
        ("line-through-origin", "t_changes = [-2.31, 2.31]\n"),
        # one root only (read off a sketch, or the quadratic's other root dropped)
        ("fails: t_changes is the list of every t at which the label changes", "t_changes = [-2.0]\n"),
        # the classifier taken to keep one label along the line (v1 and v2 exchanged, or b's sign flipped: no root)
        ("fails: t_changes is the list of every t at which the label changes", "t_changes = []\n"),
    ],
}
