"""Checks of chapter 6's exercises (gradient descent and the perceptron criterion).

Expected values are worked out by hand in the comments, or computed here from
the definitions (the extend exercise's criterion is written out below and
differentiated numerically, an independent route to its gradient).  Predict
and explain answers are never shown (``reveal=False``).
"""

import numpy as np

from . import Mistake, exercise

_X_TOY = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
_Y_TOY = np.array([1, 1, -1, -1])
_X_LINE, _Y_LINE = np.array([[1.0], [2.0], [3.0]]), np.array([1, 1, -1])


def _homogeneous(X):
    X = np.asarray(X, dtype=float)
    return np.hstack([np.ones((X.shape[0], 1)), X])


# --------------------------------------------------------------------------
# Exercise 1 — predict the criterion and its gradient
# --------------------------------------------------------------------------
# (1, 2), (2, -1) with y = +1, (0, 1) with y = -1, w = (-1, 1, 0): scores -1 + x1 = 0, 1, -1, so
# y_i w . (1, x_i) = 0, 1, 1.  Only (1, 2) is in M (on the boundary): J = 0, grad = -(1, 1, 2).
@exercise("ch06-predict-gradient", number=1, title="predict the criterion and its gradient", points=2,
          kind="predict",
          hint="Write down the three scores with the 1 in front, then the set M (remember that a score of "
               "exactly 0 is a mistake). J adds how far each member of M is on the wrong side; the gradient "
               "adds their -y_i (1, x_i).")
def _predict(t, J_value, grad):
    t.check(J_value, 0.0, call="`J_value`", reveal=False,
            misconceptions=[Mistake("count-not-distance", 1.0, "counts the mistakes instead of summing how far "
                                                               "they are wrong")])
    t.check(grad, [-1.0, -1.0, -2.0], call="`grad`", reveal=False, misconceptions=[
        Mistake("strict-test", [0.0, 0.0, 0.0], "`<` instead of `<=`: a point on the boundary is left out of M"),
        Mistake("uphill", [1.0, 1.0, 2.0], "the gradient's sign is flipped: + sum over M of y_i x_i"),
        Mistake("sum-over-all", [-1.0, -3.0, 0.0], "the sum runs over every example, not only the mistakes"),
        Mistake("no-bias", [0.0, 0.0, 1.0], "the bias coordinate is forgotten: scores and gradient without the 1"),
    ])


# --------------------------------------------------------------------------
# Exercise 2 — construct: zero criterion, yet not separating
# --------------------------------------------------------------------------
@exercise("ch06-construct", number=2, title="construct: zero criterion, yet not separating", points=2,
          kind="construct",
          hint="J = 0 asks that no example is strictly on the wrong side. The perceptron also updates on an "
               "example whose score is exactly 0: look for a line through one of the points.")
def _construct(t, w_flat):
    try:
        w = np.asarray(w_flat, dtype=float)
    except (TypeError, ValueError):
        w = np.zeros(0)
    if not t.check_true(w.shape == (3,), what=f"`w_flat` holds three numbers (b, w1, w2); got "
                                              f"{'shape ' + str(w.shape) if w.size else 'no numbers'}"):
        return
    if not t.check_true(bool(w.any()), what="`w_flat` is not the zero vector",
                        mistake=Mistake("zero-vector", None, "w = 0 is the trivial answer the exercise excludes: "
                                                             "it has no boundary at all")):
        return
    margins = _Y_TOY * (_homogeneous(_X_TOY) @ w)
    t.check_true(bool(np.all(margins >= 0)), what="J(w_flat) = 0 on the toy set: no example strictly on its "
                                                  "wrong side",
                 mistake=Mistake("strictly-wrong", None, "a point strictly on the wrong side adds a positive "
                                                         "term to J"))
    t.check_true(bool(np.any(margins <= 0)), what="`w_flat` does not separate the toy set: the perceptron "
                                                  "would still update",
                 mistake=Mistake("separates", None, "a separating w also has J = 0, but then the perceptron "
                                                    "stops: put a point on the boundary"))


# --------------------------------------------------------------------------
# Exercise 3 — explain: the falling criterion
# --------------------------------------------------------------------------
# One step on the bowl maps (w1 - 1, w2 + 0.5) to ((1 - 2 eta)(w1 - 1), (1 - 8 eta)(w2 + 0.5)); with eta = 0.3 the
# second factor is -1.4: the w2 error changes sign and grows at every step, and the steps grow with it.
@exercise("ch06-explain", number=3, title="explain: a longer step on the bowl", points=2, kind="explain",
          hint="Write one step for each coordinate separately: what does it do to w2 + 0.5? Compare the factor "
               "you get with 1.")
def _explain(t, answer):
    t.check(answer, "b", call="`answer`", reveal=False, misconceptions=[
        Mistake("longer-is-faster", "a", "a longer step is not a faster descent: along w2 a step multiplies the "
                                         "distance to the minimum by 1 - 8 eta, and |1 - 2.4| > 1"),
        Mistake("gradient-points-at-minimum", "c", "the gradient is perpendicular to the contours, not aimed at the "
                                                   "minimum: on an elongated bowl steepest descent does not go "
                                                   "straight to the lowest point"),
    ])


# --------------------------------------------------------------------------
# Exercise 4 — the perceptron criterion (reproduce: the lesson shows the two lines)
# --------------------------------------------------------------------------
@exercise("ch06-criterion", number=4, title="the perceptron criterion", points=2, kind="reproduce",
          hint="Section 2's pseudocode has two lines: the set of examples with a score y_i w . x_i that is not "
               "positive, then the sum over that set. Put the 1 in front of every x first.")
def _criterion(t, criterion):
    # w = (0, 1, 0): margins y_i w . (1, x_i) = 0, 3, 3, -2, so J = 0 + 2 = 2
    t.check(lambda: criterion([0.0, 1.0, 0.0], _X_TOY, _Y_TOY), 2.0, call="`criterion([0, 1, 0], X_toy, y_toy)`",
            misconceptions=[Mistake("sign-flipped", -2.0, "the sign is flipped: sums y_i w . x_i over the mistakes "
                                                          "(J <= 0)"),
                            Mistake("sum-over-all", -4.0, "the sum runs over every example, not only the mistakes")])
    # section 2 by hand: margins -2.5, 2.5, 0.5, -2.5, so J = 5
    t.check(lambda: criterion([0.5, 1.0, -1.0], _X_TOY, _Y_TOY), 5.0,
            call="`criterion([0.5, 1, -1], X_toy, y_toy)`")
    t.check(lambda: criterion([0.0, -1.0, 4.0], _X_TOY, _Y_TOY), 0.0, call="`criterion([0, -1, 4], X_toy, y_toy)`")
    # w = (0, 0, 1): margins 3, 1, 2, 0 -- one example on the boundary, none strictly wrong: J = 0
    t.check(lambda: criterion([0.0, 0.0, 1.0], _X_TOY, _Y_TOY), 0.0, call="`criterion([0, 0, 1], X_toy, y_toy)`",
            misconceptions=[Mistake("count-not-distance", 1.0, "counts the mistakes instead of summing how far "
                                                               "they are wrong")])
    # with a bias: w = (-1.5, 1) scores 1, 2, 3 as -0.5, 0.5, 1.5; margins -0.5, 0.5, -1.5, so J = 2
    t.check(lambda: criterion([-1.5, 1.0], _X_LINE, _Y_LINE), 2.0, call="`criterion([-1.5, 1], [[1], [2], [3]], "
                                                                        "[1, 1, -1])`",
            misconceptions=[Mistake("no-bias", 3.0, "the bias coordinate is forgotten: scores X @ w[1:] without "
                                                    "the 1")])


# --------------------------------------------------------------------------
# Exercise 5 — extend: the gradient of a new criterion
# --------------------------------------------------------------------------
def squared_margin_criterion(w, X, y, b):
    """J_q(w) = 1/2 sum over y_i w . (1, x_i) <= b of (b - y_i w . (1, x_i))^2, from its definition."""
    m = np.asarray(y) * (_homogeneous(X) @ np.asarray(w, dtype=float))
    short = m <= b
    return 0.5 * float(np.sum((b - m[short]) ** 2))


def _numerical(w, X, y, b, h=1e-6):
    """Central differences of J_q: independent of any formula for its gradient (J_q is smooth)."""
    w = np.asarray(w, dtype=float)
    out = np.zeros_like(w)
    for j in range(w.size):
        e = np.zeros_like(w)
        e[j] = h
        out[j] = (squared_margin_criterion(w + e, X, y, b) - squared_margin_criterion(w - e, X, y, b)) / (2 * h)
    return out


@exercise("ch06-margin-gradient", number=5, title="extend: the gradient of a new criterion", points=2,
          kind="extend",
          hint="Near a w where no score equals b the set of examples in the sum does not change; differentiate "
               "one term (b - y_i w . x_i)^2 / 2 with the chain rule, then check your function against "
               "lk.numerical_gradient before you run this cell.")
def _margin_gradient(t, squared_margin_gradient):
    # toy set, w = (0.5, 1, -1), b = 1: margins -2.5, 2.5, 0.5, -2.5; the short ones are examples 1, 3, 4
    # with b - m = 3.5, 0.5, 3.5: gradient -(3.5 (1, 0, 3) + 0.5 (-1)(1, -3, -2) + 3.5 (-1)(1, 2, 0))
    # = -(3.5 - 0.5 - 3.5, 0 + 1.5 - 7, 10.5 + 1 - 0) = (0.5, 5.5, -11.5)
    w = [0.5, 1.0, -1.0]
    t.check(lambda: squared_margin_gradient(w, _X_TOY, _Y_TOY, 1.0), [0.5, 5.5, -11.5],
            call="`squared_margin_gradient([0.5, 1, -1], X_toy, y_toy, b=1)`",
            misconceptions=[
                Mistake("perceptron-gradient", [1.0, -1.0, -5.0], "the factor (b - y_i w . x_i) is missing: that is "
                                                                  "the gradient of the linear criterion over the "
                                                                  "same set"),
                Mistake("uphill", [-0.5, -5.5, 11.5], "the gradient's sign is flipped"),
                Mistake("no-half", [1.0, 11.0, -23.0], "the 1/2 in front of the sum is forgotten: twice the "
                                                       "gradient"),
                Mistake("perceptron-set", [0.0, 7.0, -10.5], "the sum runs over the mistakes (y_i w . x_i <= 0) "
                                                             "instead of the examples with y_i w . x_i <= b"),
            ])
    # at w = 0 every margin is 0 <= b: the gradient is -b sum_i y_i (1, x_i) = -2 (0, 4, 6) for b = 2
    t.check(lambda: squared_margin_gradient([0.0, 0.0, 0.0], _X_TOY, _Y_TOY, 2.0), [0.0, -8.0, -12.0],
            call="`squared_margin_gradient([0, 0, 0], X_toy, y_toy, b=2)`")
    # a separating w with every margin above b: nothing in the sum
    t.check(lambda: squared_margin_gradient([0.0, -1.0, 4.0], _X_TOY, _Y_TOY, 0.5), [0.0, 0.0, 0.0],
            call="`squared_margin_gradient([0, -1, 4], X_toy, y_toy, b=0.5)`")
    # with a bias, against central differences of J_q at a few points away from the edges m_i = b
    for w_r, b in (([-2.5, 1.0], 1.0), ([0.3, -0.2], 0.5), ([1.0, 0.25], 1.4)):
        t.check(lambda: squared_margin_gradient(w_r, _X_LINE, _Y_LINE, b), _numerical(w_r, _X_LINE, _Y_LINE, b),
                atol=1e-5, call=f"`squared_margin_gradient({w_r}, [[1], [2], [3]], [1, 1, -1], b={b})` against "
                                "central differences of J_q")


# --------------------------------------------------------------------------
# Exercise 6 — debug: a batch step that never leaves 0
# --------------------------------------------------------------------------
@exercise("ch06-batch-step", number=6, title="debug: a batch step that never leaves 0", points=2, kind="debug",
          hint="Run the given code from w = np.zeros(3) on the toy set and look at which examples it counts as "
               "mistakes; then call it twice with the same array and print the array between the calls.")
def _batch_step(t, batch_step):
    w_t = np.array([0.5, 1.0, -1.0])
    # by hand: grad J = (0, 2, -3) at w_t (section 3), so w - 0.5 grad J = (0.5, 0, 0.5)
    t.check(lambda: batch_step(w_t, _X_TOY, _Y_TOY, 0.5), [0.5, 0.0, 0.5],
            call="`batch_step([0.5, 1, -1], X_toy, y_toy, eta=0.5)`",
            misconceptions=[Mistake("uphill", [0.5, 2.0, -2.5], "the step goes uphill: w + eta * grad J")])
    t.check(w_t, [0.5, 1.0, -1.0], call="`w_t` after `batch_step(w_t, ...)`",
            misconceptions=[Mistake("in-place", [0.5, 0.0, 0.5], "w is changed in place, so the caller's array "
                                                                 "changes")])
    # from w = 0 every example is a mistake: the step is eta * sum_i y_i (1, x_i) = 0.1 (0, 4, 6)
    t.check(lambda: batch_step(np.zeros(3), _X_TOY, _Y_TOY, 0.1), [0.0, 0.4, 0.6],
            call="`batch_step(np.zeros(3), X_toy, y_toy, eta=0.1)`",
            misconceptions=[Mistake("strict-test", [0.0, 0.0, 0.0], "`<` instead of `<=`: from w = 0 nothing is a "
                                                                    "mistake and the step does nothing")])
    t.check(lambda: batch_step(np.array([0.0, -1.0, 4.0]), _X_TOY, _Y_TOY, 0.5), [0.0, -1.0, 4.0],
            call="`batch_step([0, -1, 4], X_toy, y_toy, eta=0.5)`")
    # with a bias: at w = (-2.5, 1) all three are mistakes, sum y_i (1, x_i) = (1, 0)
    t.check(lambda: batch_step(np.array([-2.5, 1.0]), _X_LINE, _Y_LINE, 1.0), [-1.5, 1.0],
            call="`batch_step([-2.5, 1], [[1], [2], [3]], [1, 1, -1], eta=1)`")
