# Plausible wrong answers for chapter 09: each must lose points under the grader, and each
# description must be named by its exercise's visible test (tests/test_chapter_09.py).
_AXES = "def ellipse_axes(w):\n    b, v1, v2 = np.asarray(w, dtype=float)\n{}"
_DUAL = ('def dual_alpha(G, y, max_epochs):\n'
         '    """Mistake counts alpha of the dual perceptron on the Gram matrix G (Flach, Alg. 7.2)."""\n'
         '    alpha = np.zeros(len(y), dtype=int)\n'
         '    for epoch in range(max_epochs):\n'
         '        mistakes = 0\n'
         '        for i in range(len(y)):\n'
         '            if y[i] * np.sum({}) {} 0:\n'
         '                alpha[i] += {}\n'
         '                mistakes += 1\n'
         '        if mistakes == 0:\n'
         '            break\n'
         '    return alpha\n')
_POLY2 = ("def poly2_features(X):\n    X = np.asarray(X, dtype=float)\n    x1, x2 = X[:, 0], X[:, 1]\n"
          "    r2 = np.sqrt(2.0)\n    return np.column_stack([{}])\n")
_CHECK = ("    if not (v1 * v2 > 0 and b * v1 < 0):\n        raise ValueError(\"not an ellipse\")\n")

MUTANTS = {
    "ch09-construct-ellipse": [
        ("the semi-axes are swapped: v1 belongs to x1", "w_ellipse = [-1.0, 4.0, 1 / 9]\n"),
        ("v_j = 1 / a_j instead of 1 / a_j²: the equation is in x_j², so the semi-axis enters squared",
         "w_ellipse = [-1.0, 1 / 3, 2.0]\n"),
        ("positives inside: the signs of the whole vector are flipped", "w_ellipse = [1.0, -1 / 9, -4.0]\n"),
    ],
    "ch09-axes": [
        ("square root forgotten", _AXES.format(_CHECK + "    return -b / v1, -b / v2\n")),
        ("only the textbook sign pattern accepted (positives outside)", _AXES.format(
            "    if v1 <= 0 or v2 <= 0 or b >= 0:\n        raise ValueError(\"not an ellipse\")\n"
            "    return np.sqrt(-b / v1), np.sqrt(-b / v2)\n")),
        ("absolute values taken instead of checking the signs", _AXES.format("    return np.sqrt(abs(b / v1)), np.sqrt(abs(b / v2))\n")),
        ("the semi-axes are swapped", _AXES.format(_CHECK + "    return np.sqrt(-b / v2), np.sqrt(-b / v1)\n")),
        ("no check for curves that are not ellipses", _AXES.format(
            "    if not (v1 * v2 > 0 and b * v1 < 0):\n        print(\"not an ellipse\")\n"
            "    with np.errstate(invalid=\"ignore\"):\n        return np.sqrt(-b / v1), np.sqrt(-b / v2)\n")),
    ],
    "ch09-debug-dual": [
        ("the labels y_j left out of the score: it must be the sum of alpha_j y_j G[i, j]",
         _DUAL.format("alpha * G[i]", "<=", "1")),
        ("alpha_i counts mistakes: it grows by 1, not by y_i", _DUAL.format("alpha * y * G[i]", "<=", "y[i]")),
        ("< 0 instead of <= 0: with every alpha 0 the score is 0, which is a mistake",
         _DUAL.format("alpha * y * G[i]", "<", "1")),
    ],
    "ch09-poly2": [
        ("section 7's map copied: it belongs to the kernel (1 + x·z)², not (2 + x·z)²",
         _POLY2.format("np.ones(len(X)), r2 * x1, r2 * x2, x1 * x1, x2 * x2, r2 * x1 * x2")),
        ("the constant feature is 4; it must be 2, since 2·2 gives the 4 of the expansion",
         _POLY2.format("4.0 * np.ones(len(X)), 2.0 * x1, 2.0 * x2, x1 * x1, x2 * x2, r2 * x1 * x2")),
        ("the linear features have the factor sqrt(2); 4 x1 z1 needs the factor 2",
         _POLY2.format("2.0 * np.ones(len(X)), r2 * x1, r2 * x2, x1 * x1, x2 * x2, r2 * x1 * x2")),
        ("the product feature x1 x2 is missing",
         _POLY2.format("2.0 * np.ones(len(X)), 2.0 * x1, 2.0 * x2, x1 * x1, x2 * x2")),
        ("squares only (the map of section 2)", _POLY2.format("x1 * x1, x2 * x2")),
    ],
    "ch09-shape": [
        ("(a) an ellipse: v1 = 1 and v2 = -1 have opposite signs, which makes a hyperbola", 'boundary_shape = "a"\n'),
        ("(b) an ellipse with positives outside: opposite signs of v1 and v2 give a hyperbola", 'boundary_shape = "b"\n'),
        ("(d) positives above and below: the score -4 + x1² - x2² grows with |x1|, not |x2|", 'boundary_shape = "d"\n'),
        ("(e) two parallel lines: that needs v1 or v2 to be 0 (e.g. -4 + x1² = 0 is x1 = ±2)", 'boundary_shape = "e"\n'),
    ],
}
