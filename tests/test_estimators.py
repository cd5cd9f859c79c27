"""The scikit-learn-style estimators inside scikit-learn's own machinery.

scikit-learn's generic checks are in test_estimator_checks.py; here are the
tools people use (clone, pickle, Pipeline, GridSearchCV, cross_val_score,
CalibratedClassifierCV, sklearn's OneVsRestClassifier, DataFrames), each
checked against an independent fact where one exists.
"""

import json
import pickle
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.calibration import CalibratedClassifierCV
from sklearn.exceptions import DataConversionWarning as SkDataConversionWarning
from sklearn.exceptions import NotFittedError as SkNotFittedError
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score
from sklearn.multiclass import OneVsRestClassifier as SkOneVsRest
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import lecturekit as lk
import registry
from lecturekit import conventions as cv
from lecturekit.estimators import DataConversionWarning, NotFittedError

ROOT = Path(__file__).resolve().parent.parent

# every estimator, from the one declared list (tests/registry.py), with settings that keep these tests quick
QUICK = {"Perceptron": {"max_epochs": 500}, "LinearMachine": {"max_epochs": 200},
         "OneVsRestClassifier": {"method": "least_squares"}, "OneVsOneClassifier": {"method": "centroid"}}
BINARY = [getattr(lk, n)(**QUICK.get(n, {})) for n in registry.estimators("binary")]
MULTI = [getattr(lk, n)(**QUICK.get(n, {})) for n in registry.estimators("multiclass")]
ALL = BINARY + MULTI


def name(est):
    return type(est).__name__


# --------------------------------------------------------------------------
# The estimators translate the functions
# --------------------------------------------------------------------------


def test_perceptron_estimator_wraps_the_function():
    X, y = lk.datasets.separable(60, 2, margin=0.05, seed=1)
    clf = lk.Perceptron(eta=0.5).fit(X, y)
    res = lk.perceptron(X, y, eta=0.5)
    np.testing.assert_array_equal(clf.w_, res.w)
    np.testing.assert_array_equal(clf.coef_.ravel(), res.w[1:])
    assert clf.intercept_[0] == res.w[0] and clf.converged_ and clf.n_iter_ == res.epochs


@pytest.mark.parametrize("labels", [(-1, 1), (0, 1), ("no", "yes"), (False, True)], ids=str)
@pytest.mark.parametrize("est", BINARY, ids=name)
def test_binary_labels_of_any_kind_give_the_same_classifier(est, labels):
    """classes_[1] plays +1: any two labels give the weights of the -1/+1 fit, and predict in those labels."""
    X, y = lk.datasets.separable(40, 2, margin=0.1, seed=4)
    named = np.where(y > 0, labels[1], labels[0])
    fitted = clone(est).fit(X, named)
    reference = clone(est).fit(X, y)
    np.testing.assert_array_equal(fitted.classes_, np.array(labels))
    np.testing.assert_array_equal(fitted.w_, reference.w_)
    pred = fitted.predict(X)
    assert pred.dtype == fitted.classes_.dtype
    np.testing.assert_array_equal(pred == labels[1], reference.predict(X) == 1)


def test_predict_at_a_score_of_zero_follows_lecturekits_rule():
    # class means (1, 0) and (-1, 0): every point of the y axis scores exactly 0
    clf = lk.CentroidClassifier().fit([[1.0, 0.0], [-1.0, 0.0]], ["left", "right"])
    assert clf.decision_function([[0.0, 5.0]])[0] == 0.0
    # a score of 0 predicts conventions.SIGN_AT_ZERO: classes_[0] plays -1, classes_[1] +1
    at_zero = clf.classes_[int(cv.SIGN_AT_ZERO == cv.POSITIVE)]
    assert clf.predict([[0.0, 5.0]])[0] == at_zero
    assert clf.predict([[0.0, 5.0]])[0] == clf.classes_[int(lk.centroid_classifier(
        [[1.0, 0.0], [-1.0, 0.0]], [-1, 1]).predict([[0.0, 5.0]])[0] == cv.POSITIVE)]   # as the function does


# --------------------------------------------------------------------------
# clone, pickle
# --------------------------------------------------------------------------


@pytest.mark.parametrize("est", ALL, ids=name)
def test_clone_keeps_parameters_and_drops_the_fit(est):
    X, y = lk.datasets.blobs(10, 2 if est in BINARY else 3, seed=0)
    fitted = clone(est).fit(X, y)
    copy = clone(fitted)
    assert copy.get_params() == est.get_params() and copy is not fitted
    assert not hasattr(copy, "result_") and not hasattr(copy, "classes_")


@pytest.mark.parametrize("est", ALL, ids=name)
def test_pickle_round_trip_predicts_the_same(est):
    X, y = lk.datasets.blobs(15, 2 if est in BINARY else 3, spread=0.8, seed=5)
    labels = np.array(["a", "b", "c"])[y]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        fitted = clone(est).fit(X, labels)
    back = pickle.loads(pickle.dumps(fitted))
    np.testing.assert_array_equal(back.predict(X), fitted.predict(X))
    np.testing.assert_array_equal(back.decision_function(X), fitted.decision_function(X))
    np.testing.assert_array_equal(back.classes_, fitted.classes_)
    assert back.get_params() == fitted.get_params() and back.n_features_in_ == 2


def test_pickled_classifier_still_decides_ties_exactly():
    # The midpoint of the two class means lies on the closest-centroid boundary (hand computation:
    # means (0.4, 0.4) and (0, 0.1), midpoint (0.2, 0.25)); in floats its score is -2.8e-17. The
    # exact weights are computed lazily by a closure, which must not stop a fitted model pickling
    # nor be lost by it.
    X = np.array([[0.3, 0.7], [0.5, 0.1], [0.1, -0.1], [-0.1, 0.3]])
    y = np.array(["a", "a", "b", "b"])
    fitted = lk.estimators.CentroidClassifier().fit(X, y)
    w = fitted.result_.w
    assert w[0] + np.array([0.2, 0.25]) @ w[1:] != 0.0  # the float score is not the exact one
    for model in (fitted, pickle.loads(pickle.dumps(fitted))):
        assert model.decision_function([[0.2, 0.25]])[0] == 0.0


# --------------------------------------------------------------------------
# Pipeline, GridSearchCV, cross_val_score
# --------------------------------------------------------------------------


@pytest.mark.parametrize("est", BINARY, ids=name)
def test_binary_estimators_in_cross_val_score_and_pipeline(est):
    X, y = lk.datasets.separable(120, 3, margin=0.1, seed=0)
    y01 = (y > 0).astype(int)
    scores = cross_val_score(make_pipeline(StandardScaler(), est), X, y01, cv=3)
    assert scores.shape == (3,) and scores.mean() > 0.8


def test_least_squares_in_a_pipeline_with_a_scaler_predicts_as_without_it():
    """With an intercept, least squares is unchanged by a per-column affine map (same column space of [1, X])."""
    X, y = lk.datasets.noisy(80, 3, flip=0.1, seed=6)
    X = X * [1.0, 100.0, 0.01] + [5.0, -3.0, 0.0]
    plain = lk.LeastSquaresClassifier().fit(X, y)
    piped = make_pipeline(StandardScaler(), lk.LeastSquaresClassifier()).fit(X, y)
    np.testing.assert_allclose(piped.decision_function(X), plain.decision_function(X), atol=1e-9)
    np.testing.assert_array_equal(piped.predict(X), plain.predict(X))


def test_grid_search_finds_that_eta_does_not_matter_from_w_zero():
    """Flach §7.2: from w = 0 the learning rate only scales w, so every eta scores the same.

    Powers of two scale exactly in floating point, so the scores are equal, not just close.
    """
    X, y = lk.datasets.noisy(90, 2, flip=0.1, seed=3)
    grid = {"max_epochs": [1, 5], "eta": [0.25, 1.0, 4.0]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        gs = GridSearchCV(lk.Perceptron(), grid, cv=3).fit(X, np.where(y > 0, "pos", "neg"))
    scores = {(p["max_epochs"], p["eta"]): s for p, s in zip(gs.cv_results_["params"], gs.cv_results_["mean_test_score"])}
    for epochs in grid["max_epochs"]:
        assert len({scores[epochs, eta] for eta in grid["eta"]}) == 1
    assert isinstance(gs.best_estimator_, lk.Perceptron) and set(gs.best_params_) == {"max_epochs", "eta"}
    assert lk.Perceptron().set_params(eta=0.1).get_params()["eta"] == 0.1
    with pytest.raises(ValueError, match="'alpha' is not a parameter of Perceptron"):
        lk.Perceptron().set_params(alpha=1)


@pytest.mark.parametrize("est", ALL, ids=name)
def test_cross_val_score_with_roc_auc_on_binary_data(est):
    X, y = lk.datasets.separable(90, 2, margin=0.15, seed=7)
    y = np.where(y > 0, "spam", "ham")
    cv = StratifiedKFold(3)
    aucs = cross_val_score(est, X, y, cv=cv, scoring="roc_auc")
    # the same numbers by hand: roc_auc_score of the decision function, "spam" (classes_[1]) positive
    by_hand = [
        roc_auc_score(y[test] == "spam", clone(est).fit(X[train], y[train]).decision_function(X[test]))
        for train, test in cv.split(X, y)
    ]
    np.testing.assert_allclose(aucs, by_hand)
    assert aucs.min() > 0.9  # a margin of 0.15 separates the classes of every fold


@pytest.mark.parametrize("est", MULTI, ids=name)
def test_multiclass_estimators_with_string_labels(est):
    X, y = lk.datasets.blobs(30, 3, spread=0.4, seed=2)
    names = np.array(["red", "green", "blue"])[y]
    scores = cross_val_score(est, X, names, cv=3)
    assert scores.mean() > 0.9


# --------------------------------------------------------------------------
# CalibratedClassifierCV and sklearn's OneVsRestClassifier
# --------------------------------------------------------------------------


@pytest.mark.parametrize("est", ALL, ids=name)
def test_calibrated_classifier_gives_probabilities(est):
    X, y = lk.datasets.separable(120, 2, margin=0.1, seed=8)
    y = np.where(y > 0, 1, 0)
    cal = CalibratedClassifierCV(est, cv=3).fit(X, y)
    proba = cal.predict_proba(X)
    assert proba.shape == (120, 2)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    np.testing.assert_array_equal(cal.classes_, [0, 1])
    assert np.mean(cal.predict(X) == y) > 0.9


@pytest.mark.parametrize("method, est", [("centroid", lk.CentroidClassifier()),
                                         ("least_squares", lk.LeastSquaresClassifier()),
                                         ("perceptron", lk.Perceptron()),
                                         ("averaged_perceptron", lk.AveragedPerceptron())], ids=str)
def test_sklearn_one_vs_rest_wrapping_a_binary_estimator_fits_lecturekits_one_vs_rest(method, est):
    """sklearn's OneVsRestClassifier(binary) trains the same k classifiers as lk.one_vs_rest."""
    X, y = lk.datasets.blobs(20, 4, spread=0.7, seed=9)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        sk = SkOneVsRest(est).fit(X, y)
        ours = lk.one_vs_rest(X, y, method=method)
    np.testing.assert_array_equal(sk.classes_, ours.classes)
    np.testing.assert_allclose(sk.decision_function(X), ours.decision_function(X), rtol=1e-12, atol=1e-12)
    # sklearn predicts the most confident classifier, the course the nearest mean; they agree where exactly one claims x
    clear = ~ours.ambiguous(X)
    assert clear.sum() > 0
    np.testing.assert_array_equal(sk.predict(X)[clear], ours.predict(X)[clear])


@pytest.mark.parametrize("est", MULTI, ids=name)
def test_multiclass_decision_function_agrees_with_predict_in_ambiguous_regions(est):
    X, y = lk.datasets.blobs(25, 4, spread=1.0, seed=10)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        fitted = clone(est).set_params(**({"method": "perceptron"} if "method" in est.get_params() else {})).fit(X, y)
    grid = np.stack(np.meshgrid(np.linspace(-4, 4, 61), np.linspace(-4, 4, 61)), axis=-1).reshape(-1, 2)
    if hasattr(fitted.result_, "ambiguous") and not isinstance(fitted, lk.LinearMachine):
        assert fitted.result_.ambiguous(grid).sum() > 50  # the grid does cross "?" regions
    np.testing.assert_array_equal(fitted.classes_[np.argmax(fitted.decision_function(grid), axis=1)],
                                  fitted.predict(grid))


@pytest.mark.filterwarnings("ignore::lecturekit.ConvergenceWarning")  # overlapping blobs
@pytest.mark.parametrize("est", MULTI, ids=name)
def test_multiclass_estimators_on_two_classes_score_like_a_binary_classifier(est):
    X, y = lk.datasets.blobs(20, 2, spread=1.2, seed=11)
    fitted = clone(est).fit(X, y)
    scores = fitted.decision_function(X)
    assert scores.shape == (40,)
    assert np.unique(scores).size == 40  # a score that varies with x, so ROC curves can rank by it
    np.testing.assert_array_equal(fitted.classes_[(scores > 0).astype(int)], fitted.predict(X))


# --------------------------------------------------------------------------
# DataFrames with column names
# --------------------------------------------------------------------------


@pytest.mark.parametrize("est", ALL, ids=name)
def test_dataframes_with_column_names(est):
    pd = pytest.importorskip("pandas")
    X, y = lk.datasets.blobs(15, 2 if est in BINARY else 3, seed=12)
    df = pd.DataFrame(X, columns=["height", "weight"])
    target = pd.Series(np.array(["a", "b", "c"])[y], name="kind", dtype=object)
    fitted = clone(est).fit(df, target)
    assert fitted.feature_names_in_.tolist() == ["height", "weight"] and fitted.feature_names_in_.dtype == object
    np.testing.assert_array_equal(fitted.predict(df), clone(est).fit(X, target.to_numpy()).predict(X))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fitted.predict(df)  # the right names: no warning
    with pytest.warns(UserWarning, match="X does not have valid feature names, but .* was fitted with feature names") as rec:
        fitted.predict(X)
    assert rec[0].filename == __file__  # the warning points at the caller's line
    with pytest.raises(ValueError, match="Feature names must be in the same order as they were in fit"):
        fitted.predict(df[["weight", "height"]])
    with pytest.raises(ValueError, match="Feature names unseen at fit time:\n- age\n"):
        fitted.predict(df.rename(columns={"height": "age"}))
    refitted = fitted.fit(X, target.to_numpy())  # refit without names forgets them
    assert not hasattr(refitted, "feature_names_in_")


def test_dataframe_with_mixed_column_name_types_is_refused():
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame([[0.0, 1.0], [1.0, 0.0]], columns=["a", 1])
    with pytest.raises(TypeError, match=r"all input features have string names.*\['int', 'str'\].*astype\(str\)"):
        lk.Perceptron().fit(df, [0, 1])


# --------------------------------------------------------------------------
# Errors and warnings in scikit-learn's conventions
# --------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["predict", "decision_function", "score"])
@pytest.mark.parametrize("est", ALL, ids=name)
def test_unfitted_estimators_raise_not_fitted_error(est, method):
    args = ([[1.0, 2.0]], [0]) if method == "score" else ([[1.0, 2.0]],)
    with pytest.raises(SkNotFittedError, match=f"This {name(est)} instance is not fitted yet; call fit"):
        getattr(clone(est), method)(*args)
    with pytest.raises(NotFittedError):  # lecturekit's class too, and a ValueError and an AttributeError
        getattr(clone(est), method)(*args)
    assert issubclass(NotFittedError, ValueError) and issubclass(NotFittedError, AttributeError)


def test_not_fitted_error_survives_pickling():
    try:
        lk.Perceptron().predict([[1.0]])
    except NotFittedError as exc:
        back = pickle.loads(pickle.dumps(exc))
    assert isinstance(back, SkNotFittedError) and isinstance(back, NotFittedError)
    assert str(back).startswith("This Perceptron instance is not fitted yet")


def test_column_vector_y_is_flattened_with_a_warning():
    X, y = lk.datasets.toy()
    with pytest.warns(SkDataConversionWarning, match="A column-vector y was passed when a 1d array was expected") as rec:
        col = lk.Perceptron().fit(X, y.reshape(-1, 1))
    assert rec[0].filename == __file__  # the warning points at the caller's line
    with pytest.warns(SkDataConversionWarning) as rec:
        assert col.score(X, y.reshape(-1, 1)) == 1.0
    assert rec[0].filename == __file__
    assert issubclass(DataConversionWarning, UserWarning)
    np.testing.assert_array_equal(col.w_, lk.Perceptron().fit(X, y).w_)


@pytest.mark.parametrize(
    "X, y, error, match",
    [
        ([[1.0, 2.0], [3.0, 4.0]], None, ValueError, "requires y to be passed, but the target y is None"),
        ([1.0, 2.0, 3.0], [0, 1, 0], ValueError, r"got a 1D array .* Reshape your data either using X.reshape\(-1, 1\)"),
        (np.zeros((0, 2)), [], ValueError, r"0 sample\(s\) \(shape=\(0, 2\)\)"),
        (np.zeros((3, 0)), [0, 1, 0], ValueError, r"0 feature\(s\) \(shape=\(3, 0\)\) while a minimum of 1 is required"),
        ([[1.0], [2.0]], [0.5, 1.5], ValueError, r"Unknown label type: continuous.*e\.g\. 0\.5"),
        ([[1.0], [2.0]], [0, 1, 1], ValueError, "X has 2 rows but y has 3 labels"),
        ([[1.0], [2.0]], [[0, 1], [1, 0]], ValueError, r"y should be a 1d array, got an array of shape \(2, 2\)"),
        ([[1.0 + 1j], [2.0]], [0, 1], ValueError, "Complex data not supported"),
        ([[1.0], [np.nan]], [0, 1], ValueError, r"Input X contains NaN or infinity \(1 value"),
        (np.array([[1.0], ["x"]], dtype=object), [0, 1], ValueError, "X must hold numbers.*could not convert string"),
        ([[1.0], [2.0]], [0, 0], ValueError, "only one class: 0"),
        ([[1.0], [2.0]], np.array([0, "a"], dtype=object), ValueError, r"Unknown label type: .*\['int', 'str'\]"),
    ],
    ids=["y None", "1-D X", "no samples", "no features", "continuous y", "lengths differ", "2-D y", "complex X",
         "NaN", "string in object X", "one class", "mixed labels"],
)
@pytest.mark.parametrize("est", [lk.Perceptron(), lk.LinearMachine()], ids=name)
def test_bad_input_is_named_in_sklearns_words(est, X, y, error, match):
    with pytest.raises(error, match=match):
        clone(est).fit(X, y)


def test_sparse_input_is_refused_by_name():
    sparse = pytest.importorskip("scipy.sparse")
    with pytest.raises(TypeError, match=r"sparse csr_matrix arrived: sparse input is not supported.*X.toarray\(\)"):
        lk.Perceptron().fit(sparse.csr_matrix(np.eye(2)), [0, 1])


def test_object_array_of_numbers_is_accepted():
    X, y = lk.datasets.toy()
    np.testing.assert_array_equal(lk.Perceptron().fit(X.astype(object), y).w_, lk.perceptron(X, y).w)


def test_feature_count_mismatch_at_predict():
    clf = lk.CentroidClassifier().fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])
    with pytest.raises(ValueError, match="X has 3 features, but CentroidClassifier is expecting 2 features as input"):
        clf.predict([[0.0, 1.0, 2.0]])


# --------------------------------------------------------------------------
# Using the estimators loads no scikit-learn
# --------------------------------------------------------------------------


def test_the_estimators_work_without_loading_scikit_learn():
    code = """
import json, sys, warnings
import lecturekit as lk
from lecturekit.estimators import NotFittedError, DataConversionWarning
X, y = lk.datasets.blobs(10, 3, seed=0)
lk.LinearMachine().fit(X, y).decision_function(X)
lk.Perceptron().fit(X[y < 2], y[y < 2]).predict(X)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    lk.CentroidClassifier().fit(X[y < 2], y[y < 2].reshape(-1, 1))
try:
    lk.OneVsOneClassifier().predict(X)
except NotFittedError as exc:
    error = type(exc) is NotFittedError
print(json.dumps({"modules": sorted(m for m in sys.modules if m.split(".")[0] in ("sklearn", "scipy")),
                  "warning": caught[0].category is DataConversionWarning, "error": error}))
"""
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    report = json.loads(result.stdout)
    # without scikit-learn loaded, the error and the warning are lecturekit's own classes
    assert report == {"modules": [], "warning": True, "error": True}
