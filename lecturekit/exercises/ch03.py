"""Checks of chapter 3's exercises (the closest-centroid classifier)."""

import numpy as np

from . import Mistake, exercise
from .. import centroid_classifier, datasets, is_separable


@exercise("ch03-bias", number=1, title="the bias", points=1, kind="reproduce",
          hint="Demand that the midpoint of the two means scores exactly 0 with w = mu+ - mu-, and solve for b.")
def _bias(t, centroid_bias):
    t.check(lambda: centroid_bias([1.5, 2.0], [-0.5, -1.0]), -2.5, call="`centroid_bias([1.5, 2], [-0.5, -1])`",
            misconceptions=[Mistake("bias-sign", 2.5, "sign flipped"), Mistake("bias-no-half", -5.0, "the factor 1/2 forgotten"),
                            Mistake("bias-lengths", -(np.sqrt(6.25) - np.sqrt(1.25)) / 2, "lengths instead of squared lengths"),
                            Mistake("bias-distance", -6.5, "squared distance between the means"),
                            Mistake("bias-dropped", 0.0, "the bias is dropped")])
    t.check(lambda: centroid_bias([0.0, 0.0], [2.0, 0.0]), 2.0, call="`centroid_bias([0, 0], [2, 0])`")
    X, y = datasets.unbalanced(30, 12, seed=31)
    mp, mn = X[y == 1].mean(axis=0), X[y == -1].mean(axis=0)
    t.check(lambda: centroid_bias(mp, mn), centroid_classifier(X, y).bias, call="`centroid_bias(mu_pos, mu_neg)` on random means")


@exercise("ch03-weights", number=2, title="find the bugs in the classifier", points=2, kind="debug",
          hint="Compute the toy set's two means by hand (section 1) and compare with what each line of the "
               "given function computes; then try a data set whose classes have different sizes.")
def _weights(t, centroid_weights):
    X, y = datasets.toy()
    given = "the given function unchanged: means over all n examples and a flipped bias"
    total_n = "each mean divided by the total n instead of its own class size"
    t.check(lambda: centroid_weights(X, y), [-2.5, 2.0, 3.0], call="`centroid_weights(*lk.datasets.toy())`",
            misconceptions=[Mistake("weights-sign", [-2.5, -2.0, -3.0], "w points from mu+ to mu- (sign flipped)"),
                            Mistake("weights-no-bias", [0.0, 2.0, 3.0], "bias dropped"),
                            Mistake("weights-bias-last", [2.0, 3.0, -2.5], "bias last"),
                            Mistake("weights-sums", [-10.0, 4.0, 6.0], "class sums instead of class means"),
                            Mistake("weights-bias-sign", [2.5, 2.0, 3.0], "the bias with the wrong sign"),
                            Mistake("weights-total-n", [-0.625, 1.0, 1.5], total_n),
                            Mistake("weights-given", [0.625, 1.0, 1.5], given)])
    Xu, yu = [[0.0, 0.0], [2.0, 0.0], [4.0, 0.0], [0.0, 2.0]], [1, 1, 1, -1]
    t.check(lambda: centroid_weights(Xu, yu), [0.0, 2.0, -2.0], call=f"`centroid_weights({Xu}, {yu})`",
            misconceptions=[Mistake("weights-total-n", [-1.0, 1.5, -0.5], total_n),
                            Mistake("weights-given", [1.0, 1.5, -0.5], given)])
    for seed, (n_pos, n_neg) in ((33, (15, 10)), (32, (40, 10))):
        Xr, yr = datasets.unbalanced(n_pos, n_neg, seed=seed)
        t.check(lambda: centroid_weights(Xr, yr), centroid_classifier(Xr, yr).w, atol=1e-9,
                call=f"`centroid_weights(X, y)` on {n_pos} positives and {n_neg} negatives")


@exercise("ch03-predict", number=3, title="predict by the nearer mean", points=2, kind="reproduce",
          hint="Two squared distances per row, one to each class mean; a tie is not 'strictly nearer'.")
def _predict(t, nearest_centroid_predict):
    X, y = datasets.toy()
    # the one-row probes name a mistake only when the earlier probes passed, so that each
    # wrong answer is named once, by the probe that tells it apart
    ok = t.check(lambda: nearest_centroid_predict(X, y, X), [1, 1, -1, 1],
                 call="`nearest_centroid_predict(X_toy, y_toy, X_toy)`",
                 misconceptions=[Mistake("one-nn", [1, 1, -1, -1], "nearest training point (1-NN) instead of nearest mean"),
                                 Mistake("labels-swapped", [-1, -1, 1, -1], "labels swapped (nearer to mu+ gives -1)")])
    biased = t.check(lambda: nearest_centroid_predict(X, y, [[1.0, 0.0]]), [-1],
                     call="`nearest_centroid_predict(X_toy, y_toy, [[1, 0]])`",
                     misconceptions=[Mistake("no-bias", [1], "bias dropped (sign of x . (mu+ - mu-))")] if ok else [])
    t.check(lambda: nearest_centroid_predict(X, y, [[0.5, 0.5]]), [-1],
            call="`nearest_centroid_predict(X_toy, y_toy, [[0.5, 0.5]])`",
            misconceptions=[Mistake("tie-positive", [1], "a tie goes to +1 (<=)")] if ok and biased else [])
    t.check(lambda: nearest_centroid_predict(X, y, [[3.0, -0.5]]), [1],
            call="`nearest_centroid_predict(X_toy, y_toy, [[3, -0.5]])`",
            misconceptions=[Mistake("city-block", [-1], "city-block distances instead of squared Euclidean")] if ok else [])
    P = np.random.default_rng(34).uniform(-4, 4, size=(200, 2))
    t.check(lambda: nearest_centroid_predict(X, y, P), centroid_classifier(X, y).predict(P),
            call="`nearest_centroid_predict(X_toy, y_toy, P)` for 200 random points P")


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


_OUTLIER_W, _OUTLIER_ROWS = [-9.375, 4.5, 3.0], [0]


def _mean_of_means():
    mu_pos, mu_neg = (np.array([1.5, 2.0]) + np.array([9.0, 2.0])) / 2, np.array([-0.5, -1.0])
    return [-(mu_pos @ mu_pos - mu_neg @ mu_neg) / 2, *(mu_pos - mu_neg)]


@exercise("ch03-outlier", number=5, title="one outlier, by hand", points=3, kind="predict",
          hint="Recompute only what the new point changes: the positive mean (now over three points), "
               "then w and b; then score each row and compare the sign with its label.")
def _outlier(t, w_tilde_outlier, misclassified_rows):
    t.check(w_tilde_outlier, _OUTLIER_W, call="`w_tilde_outlier`", reveal=False,
            misconceptions=[Mistake("old-classifier", [-2.5, 2.0, 3.0], "the new point left out of the mean (the old w~)"),
                            Mistake("outlier-no-half", [-18.75, 4.5, 3.0], "the bias without the factor 1/2"),
                            Mistake("outlier-bias-sign", [9.375, 4.5, 3.0], "the bias with the wrong sign"),
                            Mistake("outlier-mean-of-means", _mean_of_means(),
                                    "mu+ taken as the mean of the old mean and the new point")])
    t.check(misclassified_rows, _OUTLIER_ROWS, call="`misclassified_rows`", reveal=False,
            misconceptions=[Mistake("old-mistake", [3], "the old classifier's mistake (row 3) kept"),
                            Mistake("no-mistakes", [], "no mistakes left"),
                            Mistake("both-rows", [0, 3], "row 3 still counted, though its score is now negative")])


@exercise("ch03-duplicate", number=6, title="duplicated negatives", points=2, kind="explain",
          hint="Eq. 7.10: what does duplicating every negative do to mu-? Eq. 7.7: what does it do to the "
               "right-hand side, and is there a data set where the fit has nothing to trade off?")
def _duplicate(t, duplicate_answer):
    answer = duplicate_answer.strip().lower() if isinstance(duplicate_answer, str) else duplicate_answer
    t.check(answer, "a", call="`duplicate_answer`", reveal=False,
            misconceptions=[Mistake("neither-moves", "b", "class sizes never matter to a closed form: but the "
                                    "least-squares right-hand side n+ mu+ - n- mu- counts every example"),
                            Mistake("ls-always-moves", "c", "least squares must move: not when it already fits "
                                    "every point exactly (then the duplicates agree with the fit)"),
                            Mistake("centroid-moves", "d", "duplicates move the mean: a class mean of duplicated "
                                    "points is the same mean")])
