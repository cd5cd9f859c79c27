"""Checks of chapter 3's exercises (the closest-centroid classifier).

Expected values are computed here independently of the learner's answer:
from the class means of explicit data (numpy), from lecturekit's
``centroid_classifier`` (which the chapter's tests compare with a distance
computation), or by hand in the comments.  Predict and explain answers are
never shown (``reveal=False``).
"""

import numpy as np

from . import Mistake, exercise
from .. import centroid_classifier, conventions, datasets, is_separable


def _means(X, y):
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    return X[y == conventions.POSITIVE].mean(axis=0), X[y == conventions.NEGATIVE].mean(axis=0)


# --------------------------------------------------------------------------
# Exercise 1 (derive): the rule |x - mu-|^2 - |x - mu+|^2 > c as a linear classifier
# --------------------------------------------------------------------------

def _cautious_reference(X, y, c):
    mu_pos, mu_neg = _means(X, y)
    return np.concatenate([[-(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2 - c / 2], mu_pos - mu_neg])


@exercise("ch03-cautious", number=1, title="a cautious nearer-mean rule", points=2, kind="derive",
          hint="Section 2 wrote the gap of the squared distances as 2 (w · x + b). Put c on the other side of "
               "the inequality and read off the new bias; mind the factor 2.")
def _cautious(t, cautious_weights):
    X, y = datasets.toy()
    # by hand: mu+ = (1.5, 2), mu- = (-0.5, -1), w = (2, 3), b0 = -2.5; with c = 5 the bias is -2.5 - 5/2 = -5
    ok = t.check(lambda: np.asarray(cautious_weights(X.copy(), y.copy(), 5.0), dtype=float),
                 _cautious_reference(X, y, 5.0), call="`cautious_weights(X_toy, y_toy, c=5)`",
                 misconceptions=[Mistake("cautious-c-ignored", [-2.5, 2.0, 3.0], "c left out: that is the "
                                                                                 "chapter's rule, c = 0"),
                                 Mistake("cautious-no-half", [-7.5, 2.0, 3.0], "the whole c subtracted from the "
                                                                               "bias: the gap is twice the score"),
                                 Mistake("cautious-sign", [0.0, 2.0, 3.0], "c added to the bias: a larger c "
                                                                           "must make the positive side smaller"),
                                 Mistake("cautious-sign-no-half", [2.5, 2.0, 3.0], "c added to the bias, and "
                                                                                   "without the factor 1/2")])
    t.check(lambda: np.asarray(cautious_weights(X.copy(), y.copy(), 0.0), dtype=float),
            centroid_classifier(X, y).w, call="`cautious_weights(X_toy, y_toy, c=0)`")
    Xr, yr = datasets.unbalanced(20, 9, seed=35)
    got = t.check(lambda: np.asarray(cautious_weights(Xr.copy(), yr.copy(), 1.3), dtype=float),
                  _cautious_reference(Xr, yr, 1.3), call="`cautious_weights(X, y, c=1.3)` on 29 random points")
    if ok and got:
        # the weights must give the rule itself: compare with the distances on fresh points
        w = np.asarray(cautious_weights(Xr.copy(), yr.copy(), 1.3), dtype=float)
        mu_pos, mu_neg = _means(Xr, yr)
        P = np.random.default_rng(36).uniform(-4, 4, size=(300, 2))
        gap = ((P - mu_neg) ** 2).sum(axis=1) - ((P - mu_pos) ** 2).sum(axis=1)
        t.check_true(bool(np.array_equal(np.where(w[0] + P @ w[1:] > 0, 1, -1), np.where(gap > 1.3, 1, -1))),
                     what="the weights label 300 random points as the rule 'gap > c' does")


# --------------------------------------------------------------------------
# Exercise 2 (debug): an online update of the two means
# --------------------------------------------------------------------------

def _state(X, y):
    mu_pos, mu_neg = _means(X, y)
    return mu_pos, int(np.sum(np.asarray(y) == 1)), mu_neg, int(np.sum(np.asarray(y) == -1))


def _added(X, y, x, label):
    """The state after appending (x, label) to the data: means recomputed from all the points."""
    return _state(np.vstack([X, [x]]), np.append(y, label))


_ONLINE_OLD_N = "the new mean divided by the old class size: with n examples already in, the new one is the (n + 1)-th"
_ONLINE_OTHER_N = "the negative mean updated with the size of the positive class"
_ONLINE_IN_PLACE = "the means are changed in place (+= on the caller's arrays)"


@exercise("ch03-online", number=2, title="find the bugs in an online update", points=2, kind="debug",
          hint="The mean of n + 1 numbers, from the mean of the first n and the new one: write it for n = 1 "
               "and check with two numbers. Then read both branches of the given code side by side.")
def _online(t, add_example):
    X, y = datasets.toy()                 # mu+ = (1.5, 2), n+ = 2; mu- = (-0.5, -1), n- = 2
    mu_pos, n_pos, mu_neg, n_neg = _state(X, y)
    # a positive at (9, 2): mu+ becomes (0 + 3 + 9, 3 + 1 + 2) / 3 = (4, 2)
    t.check(lambda: add_example(mu_pos.copy(), n_pos, mu_neg.copy(), n_neg, [9.0, 2.0], 1),
            _added(X, y, [9.0, 2.0], 1), call="`add_example(mu+, 2, mu-, 2, [9, 2], 1)` for the toy set",
            misconceptions=[Mistake("online-old-n", (mu_pos + (np.array([9.0, 2.0]) - mu_pos) / 2, 3, mu_neg, 2),
                                    _ONLINE_OLD_N),
                            Mistake("online-count-kept", (np.array([4.0, 2.0]), 2, mu_neg, 2),
                                    "the class size is not increased: the next update would divide by the "
                                    "wrong number")])
    # four positives, two negatives; a negative at (2, -4): mu- becomes (-3 + 2 + 2, -2 + 0 - 4) / 3 = (1/3, -2)
    X6, y6 = np.vstack([X, [[1.0, 1.0], [2.0, 2.0]]]), np.append(y, [1, 1])
    mp6, np6, mn6, nn6 = _state(X6, y6)
    x = np.array([2.0, -4.0])
    t.check(lambda: add_example(mp6.copy(), np6, mn6.copy(), nn6, x.tolist(), -1), _added(X6, y6, x, -1),
            call="`add_example(mu+, 4, mu-, 2, [2, -4], -1)`",
            misconceptions=[Mistake("online-old-n", (mp6, 4, mn6 + (x - mn6) / 2, 3), _ONLINE_OLD_N),
                            Mistake("online-other-n", (mp6, 4, mn6 + (x - mn6) / 5, 3), _ONLINE_OTHER_N),
                            Mistake("online-other-n", (mp6, 4, mn6 + (x - mn6) / 4, 3), _ONLINE_OTHER_N)])

    def callers_means():
        mp, mn = mu_pos.copy(), mu_neg.copy()
        add_example(mp, n_pos, mn, n_neg, [9.0, 2.0], 1)
        add_example(mp, n_pos, mn, n_neg, [9.0, 2.0], -1)
        return mp, mn

    t.check(callers_means, (mu_pos, mu_neg), call="the caller's `mu_pos` and `mu_neg` after two calls",
            misconceptions=[Mistake("online-in-place", (np.array([4.0, 2.0]), np.array([8 / 3, 0.0])), _ONLINE_IN_PLACE),
                            Mistake("online-in-place", (np.array([4.0, 2.0]), mu_neg), _ONLINE_IN_PLACE),
                            Mistake("online-in-place", (mu_pos, np.array([8 / 3, 0.0])), _ONLINE_IN_PLACE)])
    rng = np.random.default_rng(37)
    Xr, yr = rng.normal(size=(11, 3)), np.array([1, -1] * 5 + [1])
    for xr, lab in zip(rng.normal(size=(2, 3)), (1, -1)):
        t.check(lambda: add_example(*_state(Xr, yr), xr.tolist(), lab), _added(Xr, yr, xr, lab), atol=1e-9,
                call=f"`add_example(...)` on 11 random points in 3-D, a new example with label {lab:+d}")


# --------------------------------------------------------------------------
# Exercise 3 (predict): the units of the first feature, by hand
# --------------------------------------------------------------------------
# x1 -> s x1 on the toy set: mu+ = (1.5 s, 2), mu- = (-0.5 s, -1).
#   (2s, 0):  d+^2 = 0.25 s^2 + 4,  d-^2 = 6.25 s^2 + 1: right (predicted -1) iff d+^2 >= d-^2 iff s^2 <= 1/2
#   (0, 3):   d+^2 = 2.25 s^2 + 1,  d-^2 = 0.25 s^2 + 16: wrong (predicted -1) iff 2 s^2 >= 15
#   (3s, 1) and (-3s, -2) are right for every s.
def _units_answers():
    # the same two thresholds from the formulas of the scores: w = mu+ - mu- = (2 s, 3),
    # b = -(|mu+|^2 - |mu-|^2) / 2 = -(2 s^2 + 3) / 2; score(2s, 0) = 4 s^2 - s^2 - 1.5 <= 0 iff s^2 <= 1/2,
    # score(0, 3) = 9 - s^2 - 1.5 <= 0 iff s^2 >= 7.5
    return float(np.sqrt(1.5 / 3.0)), float(np.sqrt(7.5))


@exercise("ch03-units", number=3, title="which units work?", points=2, kind="predict",
          hint="With the first feature times s, mu+ = (1.5 s, 2) and mu- = (-0.5 s, -1). Write the score "
               "w · x + b of each toy point as a function of s and find where it changes sign.")
def _units(t, s_largest, s_two_mistakes):
    largest, two = _units_answers()
    t.check(s_largest, largest, call="`s_largest`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("units-squared", 0.5, "s² given instead of s (the distances grow with s², "
                                                          "the question asks for s)"),
                            Mistake("units-one", 1.0, "s = 1 is where the toy set is; at which s does (2s, 0) "
                                                      "change sides?")])
    t.check(s_two_mistakes, two, call="`s_two_mistakes`", atol=1e-3, reveal=False,
            misconceptions=[Mistake("units-squared-two", 7.5, "s_two_mistakes given as a threshold on s², not on s")])


# --------------------------------------------------------------------------
# Exercise 4 (construct): a 1-D failure
# --------------------------------------------------------------------------

@exercise("ch03-construct", number=4, title="build a failure in one dimension", points=4, kind="construct",
          hint="Put the negatives close together, think about where the midpoint of the two means lands, "
               "and move positives until it passes one of them.")
def _construct(t, failure_data_1d):
    X, y = failure_data_1d()
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if not t.check_true(X.ndim == 2 and X.shape[1:] == (1,), what="`X` must have shape (n, 1): one feature",
                        mistake=Mistake("two-features", None, "two features instead of one (the toy set)")
                        if X.ndim == 2 and X.shape[1] == 2 else None):
        return
    if not t.check_true(X.shape[0] <= 10 and y.shape == (X.shape[0],) and bool(np.all(np.isfinite(X))),
                        what="at most 10 finite rows, and one label per row"):
        return
    if not t.check_true(set(y.tolist()) == {-1, 1}, what="labels -1 and +1, both present"):
        return
    separable = bool(is_separable(X, y))
    errs = bool((centroid_classifier(X, y).predict(X) != y).any())
    t.check_true(separable, what="the data must be linearly separable (a threshold separates them)",
                 mistake=Mistake("not-separable", None, "the centroid rule errs, but the data are not separable")
                 if errs else None)
    t.check_true(errs, what="the closest-centroid classifier must misclassify at least one training point",
                 mistake=Mistake("centroid-right", None, "separable data on which the centroid rule is right everywhere")
                 if separable else None)


# --------------------------------------------------------------------------
# Exercise 5 (predict): copies of (0, 3) that repair the mistake on (2, 0)
# --------------------------------------------------------------------------

def _copies_answers():
    """The smallest number k of added copies of (0, 3) after which (2, 0) is predicted -1, and w~ then."""
    X, y = datasets.toy()
    for k in range(50):
        Xk, yk = np.vstack([X] + [[[0.0, 3.0]]] * k), np.append(y, [1] * k)
        model = centroid_classifier(Xk, yk)
        if model.predict(X[3:4])[0] == conventions.NEGATIVE:
            return k, model.w
    raise AssertionError("no number of copies repairs (2, 0)")  # pragma: no cover


def _with_copies_w(k, mu_neg_of=None):
    mu_pos = np.array([3.0, 3.0 * k + 4.0]) / (k + 2)
    mu_neg = np.array([-0.5, -1.0])
    return np.concatenate([[-(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2], mu_pos - mu_neg])


@exercise("ch03-copies", number=5, title="copies that repair a mistake", points=3, kind="predict",
          hint="With k copies added, mu+ is the mean of k + 2 positives. Compare the two squared distances of "
               "(2, 0) for k = 0, 1, 2, ...; then build w~ from the means as in section 1.")
def _copies(t, n_copies, w_tilde_copies):
    k, w = _copies_answers()
    t.check(n_copies, k, call="`n_copies`", reveal=False,
            misconceptions=[Mistake("copies-total", k + 1, "counted the copies of (0, 3) in the data, the "
                                                           "original one included: the question asks for added "
                                                           "copies")])
    t.check(lambda: np.asarray(w_tilde_copies, dtype=float), w, call="`w_tilde_copies`", reveal=False,
            misconceptions=[Mistake("copies-old-w", [-2.5, 2.0, 3.0], "the toy set's own weights: the copies "
                                                                      "move mu+"),
                            Mistake("copies-bias-sign", w * [-1, 1, 1], "the bias with the wrong sign"),
                            Mistake("copies-one-fewer", _with_copies_w(k - 1), "the weights for one copy fewer"),
                            Mistake("copies-no-half", w * [2, 1, 1], "the bias without the factor 1/2")])


# --------------------------------------------------------------------------
# Exercise 6 (explain): duplicated negatives
# --------------------------------------------------------------------------

_DUPLICATE_KEY = "ad"
# each wrong letter set is answered by the first misconception it shows, in this order; the messages name
# the misconception and where to reason, never which letters are right
_DUPLICATE_ERRORS = (
    ("duplicate-means-move", lambda s: "a" not in s or "d" not in s,
     "treating duplicated points as if they moved a class mean: what is the mean of a list in which every "
     "point appears twice?"),
    ("duplicate-ls-blind", lambda s: "b" in s,
     "treating the least-squares fit as if it saw only the class means: look at what n- multiplies in the "
     "right-hand side of Eq. 7.7"),
    ("duplicate-ls-always", lambda s: "c" in s,
     "a statement about every data set needs every data set: is there one where the least-squares fit has "
     "nothing to trade off?"),
)


def _letters(answer):
    if not isinstance(answer, str):
        raise TypeError(f"duplicate_answer must be a string of letters such as 'bc'; got {type(answer).__name__}")
    return "".join(sorted(set(answer.lower()) - set(" ,;")))


@exercise("ch03-duplicate", number=6, title="duplicated negatives", points=2, kind="explain",
          hint="Eq. 7.10: what does duplicating every negative do to mu-? Eq. 7.7: what does it do to the "
               "right-hand side, and is there a data set where the fit has nothing to trade off?")
def _duplicate(t, duplicate_answer):
    got = _letters(duplicate_answer)
    mistake = next((Mistake(key, got, message) for key, shows, message in _DUPLICATE_ERRORS
                    if got != _DUPLICATE_KEY and shows(got)), None)
    t.check(got, _DUPLICATE_KEY, call="`duplicate_answer`", reveal=False,
            misconceptions=[mistake] if mistake else [])
