"""The scikit-learn-style estimators inside scikit-learn's own machinery."""

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import lecturekit as lk

BINARY = [lk.Perceptron(max_epochs=500), lk.AveragedPerceptron(), lk.CentroidClassifier(), lk.LeastSquaresClassifier()]
MULTI = [lk.LinearMachine(max_epochs=200), lk.OneVsRestClassifier(method="least_squares"),
         lk.OneVsOneClassifier(method="centroid")]


@pytest.mark.parametrize("est", BINARY, ids=lambda e: type(e).__name__)
def test_binary_estimators_in_cross_val_score_and_pipeline(est):
    X, y = lk.datasets.separable(120, 3, margin=0.1, seed=0)
    y01 = (y > 0).astype(int)  # estimators accept any two labels
    scores = cross_val_score(make_pipeline(StandardScaler(), est), X, y01, cv=3)
    assert scores.shape == (3,) and scores.mean() > 0.8
    fitted = clone(est).fit(X, y01)
    assert set(fitted.predict(X)) <= {0, 1}
    np.testing.assert_array_equal(fitted.classes_, [0, 1])


def test_perceptron_estimator_wraps_the_function():
    X, y = lk.datasets.separable(60, 2, margin=0.05, seed=1)
    clf = lk.Perceptron(eta=0.5).fit(X, y)
    res = lk.perceptron(X, y, eta=0.5)
    np.testing.assert_array_equal(clf.w_, res.w)
    np.testing.assert_array_equal(clf.coef_.ravel(), res.w[1:])
    assert clf.intercept_[0] == res.w[0] and clf.converged_ and clf.n_iter_ == res.epochs


@pytest.mark.parametrize("est", MULTI, ids=lambda e: type(e).__name__)
def test_multiclass_estimators_with_string_labels(est):
    X, y = lk.datasets.blobs(30, 3, spread=0.4, seed=2)
    names = np.array(["red", "green", "blue"])[y]
    scores = cross_val_score(est, X, names, cv=3)
    assert scores.mean() > 0.9


def test_grid_search_uses_get_and_set_params():
    X, y = lk.datasets.noisy(80, 2, flip=0.1, seed=3)
    gs = GridSearchCV(lk.AveragedPerceptron(), {"max_epochs": [1, 5], "eta": [0.5, 1.0]}, cv=3).fit(X, y)
    assert set(gs.best_params_) == {"max_epochs", "eta"}
    assert lk.Perceptron().set_params(eta=0.1).get_params()["eta"] == 0.1
    with pytest.raises(ValueError, match="'alpha' is not a parameter of Perceptron"):
        lk.Perceptron().set_params(alpha=1)


def test_unfitted_and_wrong_label_counts():
    with pytest.raises(AttributeError, match="not fitted yet"):
        lk.Perceptron().predict([[1.0, 2.0]])
    with pytest.raises(ValueError, match="exactly two classes"):
        lk.Perceptron().fit([[0.0], [1.0], [2.0]], [0, 1, 2])
