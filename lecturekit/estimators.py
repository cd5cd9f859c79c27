"""Thin scikit-learn-style estimators built on the lecturekit functions.

For people with the scikit-learn habit: ``fit``/``predict``/``decision_function``/
``score``, ``get_params``/``set_params``, fitted attributes ending in ``_``.
They pass scikit-learn's own estimator checks and work inside its
``Pipeline``, ``GridSearchCV``, ``cross_val_score``, ``CalibratedClassifierCV``
and ``OneVsRestClassifier``.

The algorithms live in the functions; these classes only translate:

* **labels** -- the functions use -1/+1; the estimators accept any labels, as
  scikit-learn's classifiers do (-1/+1, 0/1, strings).  ``classes_`` is the
  sorted array of labels seen in ``fit``; a binary estimator trains its
  function with ``classes_[1]`` as +1 and ``classes_[0]`` as -1, and
  ``predict`` returns labels of the same dtype as ``classes_``.
* **input** -- X and y are checked at the entry points with scikit-learn's
  conventions (the same exception types, and wording its tools and checks
  look for), which differ in places from the functions' own checks: an object
  array of numbers is accepted, a column-vector y is flattened with a
  :class:`DataConversionWarning`, a continuous y is an "Unknown label type".
* **not fitted** -- ``predict`` before ``fit`` raises :class:`NotFittedError`.

Why not subclass scikit-learn's ``BaseEstimator``?  ``import lecturekit``
must not import scikit-learn (the course runs on numpy alone), so a base
class from scikit-learn is out of reach at class-definition time.  The
protocol is small -- ``get_params``/``set_params`` from the constructor
signature, ``n_features_in_`` and ``feature_names_in_``, tags, and two
exception classes -- so it is written out here.  scikit-learn is only touched
when scikit-learn itself asks: ``__sklearn_tags__`` imports its tag classes,
and the two exception classes gain scikit-learn's as a second base when
``sklearn.exceptions`` is already loaded (see :func:`_sklearn_flavoured`).
"""

from __future__ import annotations

import functools
import inspect
import numbers
import sys
import warnings

import numpy as np

from . import conventions
from .linear import centroid_classifier, least_squares_classifier
from .multiclass import linear_machine, one_vs_one, one_vs_rest
from .perceptron import averaged_perceptron, perceptron

__all__ = [
    "Perceptron",
    "AveragedPerceptron",
    "CentroidClassifier",
    "LeastSquaresClassifier",
    "LinearMachine",
    "OneVsRestClassifier",
    "OneVsOneClassifier",
    "NotFittedError",
    "DataConversionWarning",
]


# --------------------------------------------------------------------------
# scikit-learn's exception and warning classes, without importing scikit-learn
# --------------------------------------------------------------------------


class NotFittedError(ValueError, AttributeError):
    """An estimator was used (``predict``, ``decision_function``, ``score``) before ``fit``.

    A ``ValueError`` and an ``AttributeError``, like scikit-learn's
    ``sklearn.exceptions.NotFittedError``; when scikit-learn is loaded the
    error raised is an instance of that class too.
    """


class DataConversionWarning(UserWarning):
    """``y`` arrived in a shape the estimator had to convert (a column vector, flattened).

    When scikit-learn is loaded the warning is also an instance of
    ``sklearn.exceptions.DataConversionWarning``, so its filters apply.
    """


def _sklearn_flavoured(cls):
    """``cls``, or a subclass of ``cls`` and scikit-learn's class of the same name.

    Code that catches (or filters) ``sklearn.exceptions.NotFittedError`` has
    imported ``sklearn.exceptions``; when that module is not loaded nobody can
    be waiting for scikit-learn's class, and ``cls`` alone is enough.  So a
    look at ``sys.modules`` decides, and lecturekit never imports scikit-learn.
    """
    sklearn_exceptions = sys.modules.get("sklearn.exceptions")
    sklearn_cls = getattr(sklearn_exceptions, cls.__name__, None)
    return cls if sklearn_cls is None else _joined(cls, sklearn_cls)


@functools.lru_cache(maxsize=None)
def _joined(cls, sklearn_cls):
    # __qualname__ names the module attribute that __getattr__ below serves,
    # so the joined class survives pickling (e.g. an error sent back by a
    # joblib worker of cross_val_score).
    return type(cls.__name__, (cls, sklearn_cls),
                {"__module__": __name__, "__qualname__": f"_sklearn_{cls.__name__}", "__doc__": cls.__doc__})


def __getattr__(name):
    base = {"_sklearn_NotFittedError": NotFittedError,
            "_sklearn_DataConversionWarning": DataConversionWarning}.get(name)
    if base is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import sklearn.exceptions  # only reached when unpickling an error that scikit-learn's world made

    return _joined(base, getattr(sklearn.exceptions, base.__name__))


# --------------------------------------------------------------------------
# Input checks with scikit-learn's conventions (its validate_data, check_array,
# column_or_1d and type_of_target), written out so that lecturekit needs no
# scikit-learn.  The messages keep the phrases scikit-learn's checks look for
# ("Reshape your data", "0 feature(s)", "Unknown label type", ...).
# --------------------------------------------------------------------------


def _is_sparse(a) -> bool:
    # a scipy sparse matrix or array exists only once scipy.sparse is imported
    sparse = sys.modules.get("scipy.sparse")
    return sparse is not None and sparse.issparse(a)


def _feature_names(X):
    """Column names of a DataFrame as an object array, or None (no names, or not all strings)."""
    columns = getattr(X, "columns", None)
    if columns is None or isinstance(X, np.ndarray):
        return None
    names = np.asarray(list(columns), dtype=object)
    types = sorted({type(name).__name__ for name in names})
    if types == ["str"]:
        return names
    if "str" in types:
        raise TypeError(
            "Feature names are only supported if all input features have string names, but X "
            f"has column names of the types {types}. Convert them all to strings, e.g. "
            "X.columns = X.columns.astype(str), or drop the names with X.to_numpy()."
        )
    return None  # integer column names (the pandas default) are not feature names


def _names_list(names) -> str:
    shown = [f"- {name}\n" for name in names[:5]]
    return "".join(shown) + ("- ...\n" if len(names) > 5 else "")


def _check_X(X, who: str) -> np.ndarray:
    """X as a finite float64 array of shape (n_samples, n_features), n_samples, n_features >= 1."""
    if X is None:
        raise ValueError(f"{who} needs X, an array-like of shape (n_samples, n_features); got None.")
    if _is_sparse(X):
        raise TypeError(
            f"{who} needs dense X, but a sparse {type(X).__name__} arrived: sparse input is not "
            "supported. Convert it with X.toarray()."
        )
    if isinstance(X, (str, bytes)):
        raise ValueError(f"X must be a 2D array of numbers; got the string {X!r}.")
    try:
        arr = np.asarray(X)
    except ValueError as exc:  # ragged nested lists
        raise ValueError(f"X could not be turned into a 2D array ({exc}); make every row the same length.") from None
    if arr.dtype.kind == "c":
        raise ValueError(
            f"Complex data not supported: X has dtype {arr.dtype}. Pass real numbers, e.g. X.real or np.abs(X)."
        )
    if arr.dtype == object:
        try:
            arr = arr.astype(np.float64)
        except (TypeError, ValueError) as exc:  # e.g. a dict or the string "abc" in a cell
            raise type(exc)(
                f"X must hold numbers, but an entry of its object array could not be converted: {exc}. "
                "Encode text or categories as numbers first."
            ) from None
    if arr.dtype.kind not in "biuf":
        raise ValueError(
            f"X must hold numbers; got dtype {arr.dtype}. Encode text or categories as numbers first."
        )
    if arr.ndim != 2:
        raise ValueError(
            f"Expected a 2D array X of shape (n_samples, n_features), got a {arr.ndim}D array of shape "
            f"{arr.shape} instead. Reshape your data either using X.reshape(-1, 1) if it has a single "
            "feature or X.reshape(1, -1) if it is a single sample."
        )
    if arr.shape[0] == 0:
        raise ValueError(f"X has 0 sample(s) (shape={arr.shape}) while a minimum of 1 is required.")
    if arr.shape[1] == 0:
        raise ValueError(f"X has 0 feature(s) (shape={arr.shape}) while a minimum of 1 is required.")
    arr = arr.astype(np.float64, copy=False)
    if not np.isfinite(arr).all():
        bad = int(arr.size - np.count_nonzero(np.isfinite(arr)))
        raise ValueError(
            f"Input X contains NaN or infinity ({bad} value(s)). Remove or impute them first, "
            "e.g. with sklearn.impute.SimpleImputer in a Pipeline."
        )
    return arr


def _outside_stacklevel() -> int:
    """The ``stacklevel`` that points a warning at the first caller outside this module.

    Counted from the function that calls this one and then ``warnings.warn``;
    fit may pass through a subclass's fit first, so the depth is not fixed.
    """
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename == __file__:
        frame, level = frame.f_back, level + 1
    return level


def _column_or_1d(y, who: str) -> np.ndarray:
    """y as a 1-D array; a column vector is flattened with a DataConversionWarning."""
    if y is None:
        raise ValueError(
            f"{who} requires y to be passed, but the target y is None. Call fit(X, y) with one label per row of X."
        )
    if _is_sparse(y) or isinstance(y, (str, bytes)):
        raise ValueError(f"y should be a 1d array of labels, got {type(y).__name__} {y!r:.60} instead.")
    y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        warnings.warn(
            "A column-vector y was passed when a 1d array was expected. Please change the shape "
            "of y to (n_samples,), for example using ravel().",
            _sklearn_flavoured(DataConversionWarning),
            stacklevel=_outside_stacklevel(),
        )
        y = y.ravel()
    if y.ndim != 1:
        raise ValueError(
            f"y should be a 1d array, got an array of shape {y.shape} instead. {who} predicts one "
            "label per sample (no multi-output)."
        )
    return y


def _check_labels(y, n_samples: int, who: str) -> np.ndarray:
    """Class labels, one per row of X: numbers with integer values, strings, or a mix-free object array."""
    y = _column_or_1d(y, who)
    if y.shape[0] != n_samples:
        raise ValueError(
            f"Found input variables with inconsistent numbers of samples: X has {n_samples} rows "
            f"but y has {y.shape[0]} labels. Pass one label per row of X."
        )
    kind = y.dtype.kind
    if kind == "c":
        raise ValueError(f"Complex data not supported: y has dtype {y.dtype}; pass class labels.")
    if kind == "f":
        if not np.isfinite(y).all():
            raise ValueError("Input y contains NaN or infinity; remove those samples.")
        if np.any(y != np.round(y)):
            example = y[y != np.round(y)][0]
            raise ValueError(
                f"Unknown label type: continuous. y holds non-integer numbers (e.g. {example:g}), "
                f"but {who} is a classifier and needs discrete classes. For a real-valued target "
                "use lk.lms or a regressor; to classify by a threshold t, pass y > t."
            )
    elif kind == "O":
        types = sorted({type(label).__name__ for label in y})
        mixed = len(types) > 1 and "str" in types  # strings and numbers cannot be sorted together
        if mixed or not all(isinstance(label, (str, numbers.Integral)) for label in y):
            raise ValueError(
                f"Unknown label type: y is an object array holding {types}. Pass labels of one "
                "kind: all strings or all integers."
            )
    elif kind not in "biuUS":
        raise ValueError(f"Unknown label type: y has dtype {y.dtype}; pass integers or strings as labels.")
    return y


# --------------------------------------------------------------------------
# The estimator protocol
# --------------------------------------------------------------------------


class _Estimator:
    """get/set_params, fitted-state and input checks, tags and accuracy for every estimator."""

    _estimator_type = "classifier"  # read by scikit-learn < 1.6 (is_classifier)
    _multi_class = True  # the binary estimators say False in their tags

    # --- parameters: the constructor's arguments, stored unchanged ---------
    @classmethod
    def _param_names(cls) -> list[str]:
        sig = inspect.signature(cls.__init__)
        return [p for p in sig.parameters if p != "self"]

    def get_params(self, deep: bool = True) -> dict:
        """Constructor parameters as a dict (scikit-learn protocol; ``deep`` has nothing to descend into)."""
        return {name: getattr(self, name) for name in self._param_names()}

    def set_params(self, **params):
        """Set constructor parameters (scikit-learn protocol); returns self."""
        valid = self._param_names()
        for name, value in params.items():
            if name not in valid:
                raise ValueError(
                    f"{name!r} is not a parameter of {type(self).__name__}; valid ones are {valid}."
                )
            setattr(self, name, value)
        return self

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}({args})"

    # --- tags: what scikit-learn's tools and checks may expect -------------
    def __sklearn_tags__(self):
        # Only scikit-learn (>= 1.6) calls this, so scikit-learn is already imported.
        from sklearn.utils import ClassifierTags, InputTags, Tags, TargetTags

        return Tags(
            estimator_type="classifier",
            target_tags=TargetTags(required=True),
            transformer_tags=None,
            classifier_tags=ClassifierTags(multi_class=self._multi_class),
            regressor_tags=None,
            input_tags=InputTags(),
        )

    def _more_tags(self) -> dict:
        # the same tags for scikit-learn < 1.6, which reads this dict instead
        return {"binary_only": not self._multi_class, "requires_y": True}

    # --- fitted state --------------------------------------------------------
    def __sklearn_is_fitted__(self) -> bool:
        return hasattr(self, "result_")

    def _check_is_fitted(self, method: str) -> None:
        if not self.__sklearn_is_fitted__():
            name = type(self).__name__
            raise _sklearn_flavoured(NotFittedError)(
                f"This {name} instance is not fitted yet; call fit(X, y) before {method}."
            )

    # --- X at fit (reset=True) and after it ----------------------------------
    def _validate_X(self, X, *, reset: bool) -> np.ndarray:
        """Check X; in fit record n_features_in_ (and feature_names_in_), later compare with them."""
        who = type(self).__name__
        names = _feature_names(X)
        X = _check_X(X, who)
        if reset:
            self.n_features_in_ = X.shape[1]
            if names is not None:
                self.feature_names_in_ = names
            else:
                self.__dict__.pop("feature_names_in_", None)  # refitted on data without names
            return X
        self._check_feature_names(names)
        if X.shape[1] != self.n_features_in_:
            raise ValueError(
                f"X has {X.shape[1]} features, but {who} is expecting {self.n_features_in_} features "
                f"as input. Pass the same {self.n_features_in_} columns, in the same order, as in fit."
            )
        return X

    def _check_feature_names(self, names) -> None:
        fitted = getattr(self, "feature_names_in_", None)
        who = type(self).__name__
        if fitted is None and names is not None:
            warnings.warn(f"X has feature names, but {who} was fitted without feature names", UserWarning,
                          stacklevel=_outside_stacklevel())
        elif fitted is not None and names is None:
            warnings.warn(f"X does not have valid feature names, but {who} was fitted with feature names",
                          UserWarning, stacklevel=_outside_stacklevel())
        elif fitted is not None and (len(fitted) != len(names) or np.any(fitted != names)):
            unseen = sorted(set(names) - set(fitted))
            missing = sorted(set(fitted) - set(names))
            message = "The feature names should match those that were passed during fit.\n"
            if unseen:
                message += "Feature names unseen at fit time:\n" + _names_list(unseen)
            if missing:
                message += "Feature names seen at fit time, yet now missing:\n" + _names_list(missing)
            if not unseen and not missing:
                message += "Feature names must be in the same order as they were in fit.\n"
            raise ValueError(message)

    def _fit_labels(self, X, y) -> tuple[np.ndarray, np.ndarray]:
        """Check X and y at fit; set classes_ and return X and y as indices into classes_."""
        X = self._validate_X(X, reset=True)
        y = _check_labels(y, X.shape[0], type(self).__name__)
        classes, y_index = np.unique(y, return_inverse=True)
        if classes.shape[0] < 2:
            raise ValueError(
                f"{type(self).__name__} needs samples of at least 2 classes, but y contains only one "
                f"class: {classes.tolist()[0]!r}."
            )
        if classes.shape[0] > 2 and not self._multi_class:
            raise ValueError(
                "Only binary classification is supported. The type of the target is multiclass: y has "
                f"{classes.shape[0]} classes {classes[:5].tolist()}. For more classes use "
                "lk.LinearMachine, lk.OneVsRestClassifier, or wrap this estimator in "
                f"sklearn.multiclass.OneVsRestClassifier({type(self).__name__}())."
            )
        self.classes_ = classes
        return X, y_index.ravel()

    def score(self, X, y, sample_weight=None) -> float:
        """Mean accuracy of ``predict(X)`` against y (weighted by ``sample_weight`` if given)."""
        y_pred = self.predict(X)
        y = _column_or_1d(y, type(self).__name__)
        if y.shape[0] != y_pred.shape[0]:
            raise ValueError(f"y has {y.shape[0]} labels but X has {y_pred.shape[0]} rows.")
        return float(np.average(y_pred == y, weights=sample_weight))


class _Binary(_Estimator):
    """A lecturekit binary function as an estimator: classes_[1] is +1, classes_[0] is -1."""

    _multi_class = False
    _fit_function = None

    def fit(self, X, y):
        """Fit on X of shape (n_samples, n_features) and y with exactly two classes; returns self."""
        X, y_index = self._fit_labels(X, y)
        y_pm = np.where(y_index == 1, conventions.POSITIVE, conventions.NEGATIVE)
        self.result_ = type(self)._fit_function(X, y_pm, **self.get_params())
        self.w_ = self.result_.w
        self.coef_ = self.w_[1:].reshape(1, -1)
        self.intercept_ = self.w_[:1].copy()
        return self

    def decision_function(self, X) -> np.ndarray:
        """Scores ``w . (1, x)``, shape (n_samples,); > 0 means ``classes_[1]``."""
        self._check_is_fitted("decision_function")
        return self.result_.decision_function(self._validate_X(X, reset=False))

    def predict(self, X) -> np.ndarray:
        """``classes_[1]`` where ``conventions.sign`` of the (exact) score is +1, else ``classes_[0]``."""
        self._check_is_fitted("predict")
        scores = self.result_.decision_function(self._validate_X(X, reset=False))
        return self.classes_[(conventions.sign(scores) == conventions.POSITIVE).astype(int)]


_FITTED_BINARY = """
    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The two labels seen in fit, sorted; ``classes_[1]`` plays the role of +1.
    w_ : ndarray of shape (n_features + 1,)
        Homogeneous weights, bias first.
    coef_ : ndarray of shape (1, n_features)
    intercept_ : ndarray of shape (1,)
    result_ : the lecturekit result object of the fit
    n_features_in_ : int
    feature_names_in_ : ndarray of str objects, shape (n_features_in_,)
        Set only when X has string column names (a DataFrame).
"""


class Perceptron(_Binary):
    __doc__ = """Flach's Alg. 7.1 as an estimator (see :func:`lecturekit.perceptron`).

    Parameters
    ----------
    eta : float, default 1.0
    max_epochs : int, default 100
    fit_intercept : bool, default True
    engine : {"auto", "loop", "block", "numba"}, default "auto"
    """ + _FITTED_BINARY + """    converged_ : bool
    n_iter_ : int
        Epochs run.
    n_updates_ : int

    Examples
    --------
    >>> import lecturekit as lk
    >>> clf = lk.Perceptron().fit([[2.0, 1.0], [1.0, 3.0], [-1.0, -1.0], [-2.0, 1.0]], [1, 1, 0, 0])
    >>> clf.predict([[3.0, 3.0], [-3.0, 0.0]])
    array([1, 0])
    """

    _fit_function = staticmethod(perceptron)

    def __init__(self, eta=1.0, max_epochs=100, fit_intercept=True, engine="auto"):
        self.eta = eta
        self.max_epochs = max_epochs
        self.fit_intercept = fit_intercept
        self.engine = engine

    def fit(self, X, y):
        """Run the perceptron on X and y (two classes); returns self."""
        super().fit(X, y)
        self.converged_ = self.result_.converged
        self.n_iter_ = self.result_.epochs
        self.n_updates_ = self.result_.n_updates
        return self


class AveragedPerceptron(_Binary):
    __doc__ = """Daumé's averaged perceptron as an estimator (see :func:`lecturekit.averaged_perceptron`).

    Parameters
    ----------
    eta : float, default 1.0
    max_epochs : int, default 10
    fit_intercept : bool, default True
    """ + _FITTED_BINARY

    _fit_function = staticmethod(averaged_perceptron)

    def __init__(self, eta=1.0, max_epochs=10, fit_intercept=True):
        self.eta = eta
        self.max_epochs = max_epochs
        self.fit_intercept = fit_intercept


class CentroidClassifier(_Binary):
    __doc__ = """The basic linear (closest-centroid) classifier (see :func:`lecturekit.centroid_classifier`).

    Parameters
    ----------
    fit_intercept : bool, default True
    """ + _FITTED_BINARY

    _fit_function = staticmethod(centroid_classifier)

    def __init__(self, fit_intercept=True):
        self.fit_intercept = fit_intercept


class LeastSquaresClassifier(_Binary):
    __doc__ = """The least-squares classifier (see :func:`lecturekit.least_squares_classifier`).

    Parameters
    ----------
    fit_intercept : bool, default True
    """ + _FITTED_BINARY

    _fit_function = staticmethod(least_squares_classifier)

    def __init__(self, fit_intercept=True):
        self.fit_intercept = fit_intercept


# --------------------------------------------------------------------------
# Multiclass
# --------------------------------------------------------------------------


class _Multi(_Estimator):
    """A lecturekit multiclass model as an estimator."""

    def fit(self, X, y):
        """Fit on X of shape (n_samples, n_features) and y with two or more classes; returns self."""
        X, y_index = self._fit_labels(X, y)
        # the model gets the labels themselves, so its classes equal classes_
        self.result_ = self._fit(X, self.classes_[y_index])
        return self

    def predict(self, X) -> np.ndarray:
        """The model's class for each row of X (labels of the dtype of ``classes_``)."""
        self._check_is_fitted("predict")
        return self.result_.predict(self._validate_X(X, reset=False))

    def decision_function(self, X) -> np.ndarray:
        """Class scores whose argmax is ``predict``: shape (n_samples, n_classes), or (n_samples,) for two classes.

        With two classes the score is that of ``classes_[1]`` minus that of
        ``classes_[0]``, so > 0 means ``classes_[1]``, as scikit-learn expects
        (``roc_auc`` and ``CalibratedClassifierCV`` read it so).
        """
        self._check_is_fitted("decision_function")
        scores = self._class_scores(self._validate_X(X, reset=False))
        return scores if scores.shape[1] > 2 else scores[:, 1] - scores[:, 0]


class LinearMachine(_Multi):
    """A linear machine trained with the multiclass perceptron (see :func:`lecturekit.linear_machine`).

    ``decision_function`` gives the discriminants ``g_c(x) = w_c . (1, x)``.

    Parameters
    ----------
    eta : float, default 1.0
    max_epochs : int, default 100
    fit_intercept : bool, default True

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    W_ : ndarray of shape (n_classes, n_features + 1)
        One homogeneous weight vector per class.
    converged_ : bool
    result_ : LinearMachineResult
    n_features_in_ : int
    feature_names_in_ : ndarray of str objects, shape (n_features_in_,)
        Set only when X has string column names (a DataFrame).
    """

    def __init__(self, eta=1.0, max_epochs=100, fit_intercept=True):
        self.eta = eta
        self.max_epochs = max_epochs
        self.fit_intercept = fit_intercept

    def _fit(self, X, y):
        res = linear_machine(X, y, **self.get_params())
        self.W_ = res.W
        self.converged_ = res.converged
        return res

    def _class_scores(self, X):
        return self.result_.decision_function(X)  # argmax is predict (first class wins a tie)


class OneVsRestClassifier(_Multi):
    """One-vs-rest with a lecturekit binary learner (see :func:`lecturekit.one_vs_rest`).

    ``predict`` is the model's: the one class whose classifier claims the
    point, and where none or several claim it, the candidate whose training
    mean is nearest (the slides' rule).  ``decision_function`` agrees with it,
    as scikit-learn requires: the score of class c is 1 if its classifier
    claims the point (else 0) minus ``(rank_c + f_c) / (2 k)``, where ``rank_c``
    orders the k class means by distance (0 for the nearest) and
    ``f_c = (1 - 1 / (1 + d_c^2)) / 2`` grows with that distance d_c.  That
    term is below 1/2, so it only breaks ties, and it makes the score vary
    continuously with x (useful for ROC curves).  The binary classifiers' own
    scores are ``result_.decision_function(X)``.

    Parameters
    ----------
    method : {"perceptron", "averaged_perceptron", "centroid", "least_squares"} or callable
    max_epochs : int, default 100
        For the perceptrons; the closed-form learners ignore it.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    result_ : OneVsRestModel
    n_features_in_ : int
    feature_names_in_ : ndarray of str objects, shape (n_features_in_,)
        Set only when X has string column names (a DataFrame).
    """

    def __init__(self, method="perceptron", max_epochs=100):
        self.method = method
        self.max_epochs = max_epochs

    def _binary_kwargs(self) -> dict:
        # the closed-form learners take no epoch count
        return {} if self.method in ("centroid", "least_squares") else {"max_epochs": self.max_epochs}

    def _fit(self, X, y):
        return one_vs_rest(X, y, method=self.method, **self._binary_kwargs())

    def _votes(self, X):
        return self.result_._claims(X).astype(float)  # which classifiers claim x

    def _class_scores(self, X):
        # votes (whole numbers) minus a closeness term below 1/2: it only breaks ties, in
        # favour of the nearest class mean.  The rank is the model's own order of the class
        # means by exact distance (ties: first class), the order its predict uses, and the
        # fraction in [0, 1/2] keeps the score continuous without crossing ranks.
        means = self.result_.means
        k = means.shape[0]
        d2 = ((X[:, None, :] - means[None, :, :]) ** 2).sum(-1)
        rank = self.result_._mean_ranks(X)
        farness = rank + 0.5 * (1.0 - 1.0 / (1.0 + d2))  # in [rank, rank + 1/2]
        return self._votes(X) - farness / (2 * k)  # farness / (2k) < 1/2


class OneVsOneClassifier(OneVsRestClassifier):
    """Pairwise classifiers with voting (see :func:`lecturekit.one_vs_one`).

    ``predict`` is the model's: the class with the most votes, and among tied
    classes the one whose training mean is nearest.  ``decision_function``
    agrees with it: the votes of class c minus ``(rank_c + f_c) / (2 k)`` (see
    :class:`OneVsRestClassifier`).  The raw votes are ``result_.votes(X)``.

    Parameters
    ----------
    method : {"perceptron", "averaged_perceptron", "centroid", "least_squares"} or callable
    max_epochs : int, default 100

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    result_ : OneVsOneModel
    n_features_in_ : int
    feature_names_in_ : ndarray of str objects, shape (n_features_in_,)
        Set only when X has string column names (a DataFrame).
    """

    def __init__(self, method="perceptron", max_epochs=100):  # its own, so that a wrong argument's
        self.method = method                                   # TypeError names this class
        self.max_epochs = max_epochs

    def _fit(self, X, y):
        return one_vs_one(X, y, method=self.method, **self._binary_kwargs())

    def _votes(self, X):
        return self.result_.votes(X).astype(float)
