"""The tables of tests/registry.py are complete and true.

Complete: every public name of lecturekit is in exactly one table, and
whatever behaves like a fit (called with X and y it returns something that
predicts) or an estimator (a class with ``fit``) is filed as one, so a new
public fit cannot escape the table-driven tests. True: what each table says
a fit does (its task, what it does when it runs out of epochs) is what it does.
"""

import inspect
import warnings

import numpy as np
import pytest

import lecturekit as lk
import registry

X4 = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
Y4 = np.array([1, 1, -1, -1])


def test_every_public_name_is_in_exactly_one_table():
    found = registry.classification()
    missing = [name for name in lk.__all__ if name not in found]
    assert not missing, (f"public names in no table of tests/registry.py: {missing}; declare each as a fit "
                         "(FITS, with its task), an estimator (ESTIMATORS) or something else (OTHER)")
    twice = {name: tables for name, tables in found.items() if len(tables) > 1}
    assert not twice, f"names in more than one table of tests/registry.py: {twice}"
    stale = [name for name in found if name not in lk.__all__]
    assert not stale, f"tests/registry.py lists names lecturekit does not export: {stale}"


def _call_as_fit(function):
    """What ``function(X, y)`` gives on four points, or None if it does not take (X, y)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return function(X4, Y4)
        except (TypeError, ValueError):  # not a function of (X, y)
            return None


def test_whatever_fits_and_predicts_is_filed_as_a_fit():
    functions = [name for name in lk.__all__ if inspect.isfunction(getattr(lk, name))]
    behaves = [name for name in functions if hasattr(_call_as_fit(getattr(lk, name)), "predict")]
    assert behaves, "no public function fits X, y: the probe is broken"
    unfiled = [name for name in behaves if name not in registry.FITS]
    assert not unfiled, f"these public functions fit (X, y) and predict, but are not in FITS: {unfiled}"
    first_two = [name for name in functions if list(registry.parameters(name))[:2] == ["X", "y"]
                 and name not in registry.FITS]
    # functions of (X, y) that are not fits: the theory of chapter 5
    assert set(first_two) <= {"is_separable", "separation_certificate", "novikoff_bound"}, first_two


def test_whatever_has_fit_is_filed_as_an_estimator():
    classes = [name for name in lk.__all__ if inspect.isclass(getattr(lk, name))]
    with_fit = [name for name in classes if callable(getattr(getattr(lk, name), "fit", None))]
    assert sorted(with_fit) == sorted(registry.ESTIMATORS)


@pytest.mark.parametrize("name", registry.fits("binary"))
def test_a_binary_fit_refuses_labels_other_than_minus_one_and_plus_one(name):
    with pytest.raises(ValueError, match=r"only -1 and \+1"):
        getattr(lk, name)(X4, np.array([0, 0, 1, 1]))


@pytest.mark.parametrize("name", registry.fits("multiclass"))
def test_a_multiclass_fit_takes_three_classes_of_any_labels(name):
    X = np.array([[0.0, 0.0], [0.2, 0.1], [4.0, 0.0], [4.1, 0.3], [0.0, 4.0], [0.2, 4.2]])
    y = ["a", "a", "b", "b", "c", "c"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        model = getattr(lk, name)(X, y)
    assert list(model.predict(X)) == y


@pytest.mark.parametrize("name", registry.fits("regression"))
def test_a_regression_fit_takes_real_targets(name):
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0.5, 2.5, 4.5, 6.5])   # 2 x + 0.5
    model = getattr(lk, name)(X, y, eta=0.05, epochs=2000)
    np.testing.assert_allclose(model.decision_function(X), y, atol=1e-3)


def test_every_fit_with_max_epochs_declares_what_it_does_when_they_run_out():
    assert registry.fits_with("max_epochs") == registry.iterative_fits()


@pytest.mark.parametrize("name", registry.iterative_fits())
def test_what_a_fit_does_when_its_epochs_run_out_is_what_the_table_says(name):
    X, y = lk.datasets.xor()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = getattr(lk, name)(X, registry.labels_for(name, y), max_epochs=13)
    assert result.epochs == 13 and not result.converged
    warned = any(issubclass(w.category, lk.ConvergenceWarning) for w in caught)
    assert warned == (registry.FITS[name].stops == "warns")


def test_the_capabilities_read_from_signatures_are_the_ones_the_fits_take():
    # a few hand-checked facts, so that a broken signature reader cannot empty the tables
    assert {"perceptron", "lms", "linear_machine", "averaged_linear_machine"} <= set(registry.fits_with("eta"))
    assert "dual_perceptron" not in registry.fits_with("eta")
    assert registry.epoch_argument("batch_perceptron") == "max_iter"
    assert registry.epoch_argument("lms") == "epochs" and registry.epoch_argument("centroid_classifier") is None
    assert set(registry.fits_with("w0")) == {"perceptron", "batch_perceptron", "lms", "perceptron_regression"}


# --------------------------------------------------------------------------
# only public functions are exported, and they are called by keyword
# --------------------------------------------------------------------------

def _positional(name):
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return [p for p in registry.parameters(name).values() if p.kind in kinds]


PUBLIC_FUNCTIONS = [name for name in lk.__all__ if inspect.isfunction(getattr(lk, name))]
LONG_POSITIONAL = {}  # known exceptions, with the file to change: {name: reason}


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=LONG_POSITIONAL[n])) if n in LONG_POSITIONAL else n
    for n in PUBLIC_FUNCTIONS])
def test_a_public_function_takes_at_most_its_data_by_position(name):
    # the data (X, y; w, X, y; a, b; a kernel's degree and c) by position, every option by keyword, so a
    # call reads as what it sets and an option can be added without breaking calls
    assert len(_positional(name)) <= 3, [p.name for p in _positional(name)]


def test_what_is_exported_is_documented():
    undocumented = [name for name in lk.__all__ if name not in ("plot", "widgets")
                    and not (getattr(getattr(lk, name), "__doc__", None) or "").strip()]
    assert not undocumented
