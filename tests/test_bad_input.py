"""Bad input gets a clear ValueError/TypeError naming the argument, for every public fit."""

import warnings

import numpy as np
import pytest

import lecturekit as lk
import registry

X_OK = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
Y_OK = np.array([1, 1, -1, -1])

# every public fit, from the one declared list (tests/registry.py): a new fit is tested here
# as soon as it is declared there, and the suite fails until it is
BINARY_FITS = {name: getattr(lk, name) for name in registry.fits("binary")}
ALL_FITS = {name: getattr(lk, name) for name in registry.fits()}

BAD_X = [
    ("1-D X", np.array([1.0, 2.0, 3.0, 4.0]), ValueError, r"X must be a 2-D array.*reshape"),
    ("NaN", np.array([[0.0, np.nan], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]), ValueError, r"X contains 1 NaN"),
    ("inf", np.array([[0.0, np.inf], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]]), ValueError, r"X contains 1 NaN or infinite"),
    ("strings", np.array([["a", "b"]] * 4), TypeError, r"X must hold numbers"),
    ("objects", np.array([[object(), 1]] * 4, dtype=object), TypeError, r"X must hold numbers"),
    ("empty", np.zeros((0, 2)), ValueError, r"X is empty"),
    ("ragged", [[1.0, 2.0], [1.0]], ValueError, r"X could not be turned into a rectangular array"),
]


@pytest.mark.parametrize("name", ALL_FITS)
@pytest.mark.parametrize("case,X,exc,msg", BAD_X, ids=[c[0] for c in BAD_X])
def test_bad_X(name, case, X, exc, msg):
    y = {"empty": np.zeros(0), "ragged": Y_OK[:2]}.get(case, Y_OK)
    with pytest.raises(exc, match=msg):
        ALL_FITS[name](X, registry.labels_for(name, y))


@pytest.mark.parametrize("name", ALL_FITS)
def test_mismatched_lengths(name):
    with pytest.raises(ValueError, match=r"y has 3 .* X has 4 rows"):
        ALL_FITS[name](X_OK, registry.labels_for(name, Y_OK[:3]))


BAD_Y = [
    ("zero-one", np.array([1, 1, 0, 0]), ValueError, r"only -1 and \+1.*y = 2 \* y - 1"),
    ("strings", np.array(["yes", "yes", "no", "no"]), ValueError, r"y must hold the numbers -1 and \+1.*np.where"),
    ("one class", np.array([1, 1, 1, 1]), ValueError, r"only the class \+1.*both -1 and \+1"),
    ("other values", np.array([2, 2, -1, -1]), ValueError, r"only -1 and \+1; got the values \[-1, 2\]"),
    ("2-D", np.array([[1], [1], [-1], [-1]]), ValueError, r"y must be a 1-D array.*np.ravel"),
]


@pytest.mark.parametrize("name", BINARY_FITS)
@pytest.mark.parametrize("case,y,exc,msg", BAD_Y, ids=[c[0] for c in BAD_Y])
def test_bad_labels(name, case, y, exc, msg):
    with pytest.raises(exc, match=msg):
        BINARY_FITS[name](X_OK, y)


@pytest.mark.parametrize("name", registry.fits_with("eta"))
@pytest.mark.parametrize("eta,exc", [(0, ValueError), (-0.5, ValueError), (float("nan"), ValueError), ("1", TypeError)])
def test_bad_eta(name, eta, exc):
    with pytest.raises(exc, match="eta must be"):
        ALL_FITS[name](X_OK, registry.labels_for(name, Y_OK), eta=eta)


EPOCH_FITS = [name for name in registry.fits() if registry.epoch_argument(name)]


@pytest.mark.parametrize("name", EPOCH_FITS)
@pytest.mark.parametrize("value,exc", [(0, ValueError), (-3, ValueError), (2.5, TypeError), (True, TypeError)])
def test_bad_epoch_counts(name, value, exc):
    arg = registry.epoch_argument(name)
    with pytest.raises(exc, match=f"{arg} must be an integer >= 1"):
        ALL_FITS[name](X_OK, registry.labels_for(name, Y_OK), **{arg: value})


@pytest.mark.parametrize("name", registry.fits_with("w0"))
def test_w0_of_the_wrong_length(name):
    with pytest.raises(ValueError, match=r"w0 must have length 3.*got length 2.*join_bias"):
        ALL_FITS[name](X_OK, registry.labels_for(name, Y_OK), w0=[1.0, 2.0])


@pytest.mark.parametrize("name", [n for n in registry.fits_with("w0") if n in registry.fits_with("fit_intercept")])
def test_w0_with_bias_but_no_intercept(name):
    # training never moves the bias without an intercept, so a non-zero start would shift every prediction
    with pytest.raises(ValueError, match="w0\\[0\\] is the bias and must be 0 when fit_intercept=False; got 5.0"):
        ALL_FITS[name](X_OK, registry.labels_for(name, Y_OK), w0=[5.0, 0.0, 0.0], fit_intercept=False)


def test_weight_history_refuses_other_data_and_kernel_results():
    res = lk.perceptron(X_OK, Y_OK)
    with pytest.raises(ValueError, match="not the data"):
        res.weight_history(X_OK[::-1], Y_OK[::-1])
    kern = lk.dual_perceptron(X_OK, Y_OK, kernel=lk.polynomial_kernel(2))
    with pytest.raises(ValueError, match="no weight vector"):
        kern.weight_history(X_OK, Y_OK)


def test_unknown_options_are_named():
    with pytest.raises(ValueError, match="engine must be one of"):
        lk.perceptron(X_OK, Y_OK, engine="turbo")
    with pytest.raises(ValueError, match="mode must be one of"):
        lk.lms(X_OK, Y_OK, mode="stochastic")
    with pytest.raises(ValueError, match="residual must be one of"):
        lk.perceptron_regression(X_OK, Y_OK, residual="cubic")
    with pytest.raises(ValueError, match="schedule must be"):
        lk.batch_perceptron(X_OK, Y_OK, schedule="exp")
    with pytest.raises(ValueError, match="method must be one of"):
        lk.one_vs_rest(X_OK, Y_OK, method="svm")
    with pytest.raises(TypeError, match="kernel must be a callable"):
        lk.dual_perceptron(X_OK, Y_OK, kernel="rbf")
    with pytest.raises(TypeError, match="fit_intercept must be True or False"):
        lk.perceptron(X_OK, Y_OK, fit_intercept="no")


def test_kernel_returning_the_wrong_shape():
    with pytest.raises(ValueError, match=r"kernel\(X, X\) must return a finite array of shape \(4, 4\)"):
        lk.dual_perceptron(X_OK, Y_OK, kernel=lambda A, B: np.ones((2, 2)))


def test_predict_with_the_wrong_number_of_features():
    res = lk.perceptron(X_OK, Y_OK)
    with pytest.raises(ValueError, match=r"X has 3 feature\(s\) but this classifier was fitted on 2"):
        res.predict(np.ones((2, 3)))


def test_theory_functions_check_their_input():
    with pytest.raises(ValueError, match="u does not separate"):
        lk.novikoff_bound(X_OK, Y_OK, [0.0, 1.0, -4.0])
    with pytest.raises(ValueError, match="w must have length 3"):
        lk.margin([1.0, 2.0], X_OK, Y_OK)
    with pytest.raises(ValueError, match="n must be an integer >= 1"):
        lk.cover_probability(0, 2)
    with pytest.raises(TypeError, match="f must be a callable"):
        lk.numerical_gradient(3.0, [1.0])
    for test in (lk.is_separable, lk.separation_certificate):
        with pytest.raises(ValueError, match="y has 3 labels but X has 4 rows"):
            test(X_OK, Y_OK[:-1])
        with pytest.raises(ValueError, match=r"only -1 and \+1; got the values \[0, 1, 2\]"):
            test(X_OK, [0, 1, 2, 1])
        with pytest.raises(ValueError, match="X contains 1 NaN or infinite"):
            test(np.vstack([[np.nan, 1.0], X_OK[1:]]), Y_OK)


def test_datasets_require_integer_seeds():
    with pytest.raises(TypeError, match="seed must be an integer"):
        lk.datasets.separable(10, seed=None)
    with pytest.raises(ValueError, match="margin must be a number in"):
        lk.datasets.separable(10, margin=0.9)


@pytest.mark.parametrize("name", registry.iterative_fits())
def test_non_separable_data_stops_at_max_epochs_for_every_iterative_fit(name):
    X, y = lk.datasets.xor()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        res = ALL_FITS[name](X, registry.labels_for(name, y), max_epochs=13)
    assert res.epochs == 13 and not res.converged
    if registry.FITS[name].stops == "warns":   # its answer is the last iterate: it says it did not converge
        assert any(issubclass(w.category, lk.ConvergenceWarning) for w in caught)
