"""Every perceptron engine makes exactly the updates of the literal loop.

``engine="loop"`` is Flach's Alg. 7.1 written out; "block" (numpy) and "numba"
(compiled, optional) must give bit-identical weights, alpha, trace and
mistakes per epoch on every input: random reals, integers (many scores exactly
0), decimals (many scores within rounding of 0), extreme magnitudes,
non-separable data that runs into max_epochs, any eta, w0, fit_intercept and
keep_weights.
"""

import importlib.util
import subprocess
import sys
import tracemalloc
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lecturekit as lk
from lecturekit import _engines
from lecturekit._validation import check_X
from lecturekit.perceptron import DUAL_ENGINES, ENGINES, _homogeneous, perceptron_loop

HAVE_NUMBA = importlib.util.find_spec("numba") is not None
FAST = ["block", "auto"] + (["numba"] if HAVE_NUMBA else [])
needs_numba = pytest.mark.skipif(not HAVE_NUMBA, reason="numba not installed (pip install lecturekit[fast])")


def fit(X, y, engine, **kw):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        return lk.perceptron(X, y, engine=engine, **kw)


def assert_same_fit(a, b):
    np.testing.assert_array_equal(a.w, b.w)  # NaN == NaN here, as it should for identical arithmetic
    assert (a.converged, a.epochs, a.n_updates) == (b.converged, b.epochs, b.n_updates)
    np.testing.assert_array_equal(a.alpha, b.alpha)
    np.testing.assert_array_equal(a.mistakes_per_epoch, b.mistakes_per_epoch)
    np.testing.assert_array_equal(a.trace.epoch, b.trace.epoch)
    np.testing.assert_array_equal(a.trace.index, b.trace.index)
    if a.trace.weights is None:
        assert b.trace.weights is None
    else:
        np.testing.assert_array_equal(a.trace.weights, b.trace.weights)


MAGNITUDES = np.array([0.0, 1e-300, 1e-160, 1e-3, 0.1, 0.3, 1.0, 3.0, 1e5, 1e150, 1e160])


def make_X(kind, n, d, rng):
    if kind == "normal":
        return rng.standard_normal((n, d))
    if kind == "integer":  # scores are exact integers: many exact ties at 0
        return rng.integers(-2, 3, (n, d)).astype(float)
    if kind == "decimal":  # multiples of 0.1: many scores within rounding of 0
        return rng.integers(-5, 6, (n, d)) * 0.1
    # extreme: underflow, overflow to inf and NaN in w, zeros
    return rng.choice(MAGNITUDES, (n, d)) * rng.choice([-1.0, 1.0], (n, d))


@st.composite
def problems(draw):
    kind = draw(st.sampled_from(["normal", "integer", "decimal", "extreme"]))
    n = draw(st.integers(2, 40))
    d = draw(st.sampled_from([1, 2, 3, 5, 12, 40]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    X = make_X(kind, n, d, rng)
    y = rng.choice([-1, 1], n)
    y[:2] = [1, -1]  # both classes present
    if draw(st.booleans()):  # separable-ish: labels from a hyperplane, with a few flips
        with np.errstate(all="ignore"):
            s = X @ rng.standard_normal(d) + 0.1
        y = np.where(s > 0, 1, -1)
        y[rng.random(n) < 0.05] *= -1
        y[:2] = [1, -1] if y[0] == y[1] else y[:2]
    fit_intercept = draw(st.booleans())
    w0 = None
    if draw(st.booleans()):
        w0 = rng.integers(-2, 3, d + 1) * draw(st.sampled_from([1.0, 0.5, 0.1]))
        if not fit_intercept:
            w0[0] = 0.0
    kw = dict(
        eta=draw(st.sampled_from([1.0, 0.1, 0.3, 2.5, 1e-3])),
        max_epochs=draw(st.integers(1, 25)),
        w0=w0,
        fit_intercept=fit_intercept,
        keep_weights=draw(st.booleans()),
    )
    return X, y, kw


@settings(max_examples=300)
@given(problems())
def test_every_engine_makes_the_loops_updates(problem):
    X, y, kw = problem
    ref = fit(X, y, "loop", **kw)
    for engine in FAST:
        assert_same_fit(ref, fit(X, y, engine, **kw))


@pytest.mark.parametrize("engine", FAST)
def test_many_near_ties(engine):
    # Decimal data in up to 40 dimensions: ddot, gemv and a compiled sum round
    # these scores differently.  With the band around 0 switched off (fast
    # scores trusted everywhere) block and numba diverged from the loop on 0.6 %
    # and 2 % of such sets on the development machine; with it, never.
    rng = np.random.default_rng(0)
    for trial in range(150):
        n, d = int(rng.integers(2, 30)), int(rng.integers(2, 40))
        X = rng.integers(-5, 6, (n, d)) * 0.1
        y = rng.choice([-1, 1], n)
        y[:2] = [1, -1]
        kw = dict(eta=[1.0, 0.1, 0.3][trial % 3], max_epochs=10)
        assert_same_fit(fit(X, y, "loop", **kw), fit(X, y, engine, **kw))


@pytest.mark.parametrize("engine", FAST)
def test_dense_mistakes_long_traces_and_many_epochs(engine):
    rng = np.random.default_rng(1)
    # random labels: half the examples are mistakes in every epoch (block's one-at-a-time mode,
    # numba's growing trace buffers)
    X = rng.standard_normal((1000, 3))
    y = rng.choice([-1, 1], 1000)
    a, b = fit(X, y, "loop", max_epochs=12), fit(X, y, engine, max_epochs=12)
    assert not a.converged and a.epochs == 12 and a.n_updates > 4096
    assert_same_fit(a, b)
    # XOR for more epochs than the kernel's first mistakes-per-epoch buffer
    X, y = lk.datasets.xor()
    a, b = fit(X, y, "loop", max_epochs=600), fit(X, y, engine, max_epochs=600)
    assert a.epochs == 600 and not a.converged
    assert_same_fit(a, b)


def test_auto_on_a_moderately_large_set_equals_the_loop():
    X, y = lk.datasets.noisy(3000, 8, flip=0.1, seed=2)
    assert _engines.auto_engine(3000, 100) == ("numba" if HAVE_NUMBA else "block")
    assert_same_fit(fit(X, y, "loop"), fit(X, y, "auto"))


@pytest.mark.parametrize("fit_intercept", [True, False])
@pytest.mark.parametrize("engine", ["block"] + (["numba"] if HAVE_NUMBA else []))
def test_engine_functions_return_the_loops_tuple(engine, fit_intercept):
    # the engines take the raw X and the leading coordinate; the loop takes Xh = [lead, X]
    X, y = lk.datasets.noisy(200, 4, flip=0.1, seed=3)
    Xh = _homogeneous(X, fit_intercept)
    y = y.astype(float)
    w0 = np.zeros(5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        ref = perceptron_loop(Xh, y, eta=1.0, w=w0, max_epochs=15, keep_weights=True)
    got = getattr(_engines, f"perceptron_{engine}")(X, float(fit_intercept), y, 1.0, w0, 15, True)
    assert len(got) == 8
    np.testing.assert_array_equal(w0, 0)  # the caller's w is not modified
    np.testing.assert_array_equal(got[0], ref.w)
    assert got[1:3] == (ref.converged, ref.epochs)
    for k, want in zip((3, 4, 5, 6), (ref.alpha, ref.mistakes_per_epoch, ref.trace.epoch, ref.trace.index)):
        assert isinstance(got[k], np.ndarray) and got[k].dtype == np.int64  # no Python lists
        np.testing.assert_array_equal(got[k], want)
    np.testing.assert_array_equal(np.array(got[7]), ref.trace.weights)


def test_unknown_engine_names_the_argument():
    assert ENGINES == ("auto", "loop", "block", "numba")
    with pytest.raises(ValueError, match="engine must be one of"):
        lk.perceptron([[0.0], [1.0]], [-1, 1], engine="fast")


def test_without_numba_auto_falls_back_to_block_and_numba_explains(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "numba" else real(name, *a))
    assert not _engines.numba_available()
    assert _engines.auto_engine(10**6, 100) == "block"
    X, y = lk.datasets.noisy(300, 3, flip=0.1, seed=4)
    assert_same_fit(fit(X, y, "loop", max_epochs=5), fit(X, y, "auto", max_epochs=5))
    with pytest.raises(ImportError, match=r"pip install lecturekit\[fast\]"):
        lk.perceptron(X, y, engine="numba")


def test_auto_avoids_compiling_for_small_fits():
    if not _engines._KERNELS:  # the choice is "numba" anyway once the loop is compiled
        assert _engines.auto_engine(100, 100) == "block"
        # a small data set with a huge epoch cap (chapter 5's rescaling runs) is not worth numba
        assert _engines.auto_engine(2, 100_000) == "block"
        assert _engines.auto_engine(_engines.AUTO_NUMBA_MIN_EXAMPLES - 1, 10**6) == "block"
    assert _engines.auto_engine(10**4, 100) == ("numba" if HAVE_NUMBA else "block")


@needs_numba
def test_numba_without_a_writable_cache_location_compiles_without_cache(monkeypatch):
    import numba.core.caching

    def read_only(self):
        raise OSError("read-only file system")

    monkeypatch.setattr(numba.core.caching._CacheLocator, "ensure_cache_path", read_only)

    def twice(a):
        return 2 * a

    assert _engines._njit(twice)(21) == 42


def test_import_lecturekit_does_not_import_numba():
    code = "import sys, lecturekit; assert 'numba' not in sys.modules, 'numba imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("engine", FAST)
def test_a_fit_holds_at_most_one_extra_copy_of_X(engine):
    X, y = lk.datasets.noisy(20000, 40, flip=0.05, seed=5)
    fit(X[:50], y[:50], engine)  # compile outside the measurement
    tracemalloc.start()
    try:
        fit(X, y, engine, max_epochs=3)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # no copy of X at all (a copy alone would be >= 1.0): only O(n) vectors (row norms,
    # alpha, the trace buffers and the result's copies of them, ~0.2 X.nbytes at d = 40)
    # and O(d) scratch
    assert peak < 0.5 * X.nbytes, peak / X.nbytes


@pytest.mark.parametrize("engine", FAST)
def test_non_contiguous_X_is_copied_once(engine):
    X, y = lk.datasets.noisy(20000, 40, flip=0.05, seed=5)
    XF = np.asfortranarray(X)
    fit(XF[:50], y[:50], engine)  # compile outside the measurement
    tracemalloc.start()
    try:
        got = fit(XF, y, engine, max_epochs=3)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1.2 * X.nbytes, peak / X.nbytes
    assert_same_fit(fit(X, y, "loop", max_epochs=3), got)


def test_fast_engines_do_not_modify_X():
    X, y = lk.datasets.noisy(500, 3, flip=0.1, seed=7)
    X0 = X.copy()
    for engine in FAST:
        fit(X, y, engine, max_epochs=5, keep_weights=True)
        fit(X, y, engine, max_epochs=5, fit_intercept=False)
    np.testing.assert_array_equal(X, X0)


def test_check_X_finiteness_without_a_temporary():
    # finite entries whose sum overflows are accepted (the sum is only a fast path) ...
    big = np.full((4, 3), 1e308)
    big[::2] *= -1
    np.testing.assert_array_equal(check_X(big), big)
    np.testing.assert_array_equal(check_X(np.full((3, 2), 1e308)), 1e308)
    # ... and any NaN or inf is refused with the count, also when the sum is finite-looking
    for bad, count in ([[np.inf, -np.inf], [1.0, 2.0]], 2), ([[np.nan, 1.0]], 1), ([[1e308, 1e308], [np.inf, 0]], 1):
        with pytest.raises(ValueError, match=f"X contains {count} NaN or infinite value"):
            check_X(bad)
    # integer input is converted and always finite
    assert check_X(np.array([[1, 2], [3, 4]], dtype=np.int64)).dtype == np.float64


@pytest.mark.parametrize("separable", [True, False])
def test_default_engine_equals_sklearn_bit_for_bit(separable):
    from sklearn.linear_model import Perceptron as SkPerceptron

    if separable:
        X, y = lk.datasets.separable(3000, 10, margin=0.05, seed=6)
    else:
        X, y = lk.datasets.noisy(3000, 10, flip=0.1, seed=6)
    ours = fit(X, y, "auto", eta=0.5, max_epochs=40)
    assert ours.converged == separable
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sk = SkPerceptron(shuffle=False, tol=None, penalty=None, eta0=0.5, max_iter=ours.epochs).fit(X, y)
    # bit-identical on data without near-ties (scikit-learn adds the intercept after a
    # sequential sum over the features, so near-ties may round differently there)
    np.testing.assert_array_equal(sk.coef_.ravel(), ours.w[1:])
    assert sk.intercept_[0] == ours.w[0]


# --------------------------------------------------------------------------
# dual perceptron: incremental scores (engine="auto") vs literal recomputation
# --------------------------------------------------------------------------


@given(st.integers(0, 2**32 - 1), st.integers(2, 30), st.integers(1, 4), st.booleans())
def test_dual_incremental_scores_match_recomputation_on_integer_data(seed, n, d, fit_intercept):
    # integer Gram matrices: every score is an exact integer whatever the order of summation
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, (n, d)).astype(float)
    y = rng.choice([-1, 1], n)
    y[:2] = [1, -1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        a = lk.dual_perceptron(X, y, engine="loop", max_epochs=15, fit_intercept=fit_intercept)
        b = lk.dual_perceptron(X, y, engine="auto", max_epochs=15, fit_intercept=fit_intercept)
        p = lk.perceptron(X, y, engine="auto", max_epochs=15, fit_intercept=fit_intercept)
    for other in (b, p):
        np.testing.assert_array_equal(a.alpha, other.alpha)
        np.testing.assert_array_equal(a.trace.index, other.trace.index)
        np.testing.assert_array_equal(a.mistakes_per_epoch, other.mistakes_per_epoch)
    np.testing.assert_array_equal(a.w, b.w)
    np.testing.assert_array_equal(a.w, p.w)


def test_dual_incremental_scores_match_recomputation_on_decimal_data():
    X = [[-0.3], [-0.3], [-0.3]]  # the same point three times, labelled -1, +1, +1
    y = [-1, 1, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        a = lk.dual_perceptron(X, y, engine="loop", max_epochs=5)
        b = lk.dual_perceptron(X, y, engine="auto", max_epochs=5)
    np.testing.assert_array_equal(a.alpha, b.alpha)  # loop: [5, 4, 1]; incremental: [5, 5, 1]


def dual_fits(X, y, **kw):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        return (lk.dual_perceptron(X, y, engine="loop", **kw), lk.dual_perceptron(X, y, engine="auto", **kw))


def assert_same_dual(a, b):
    np.testing.assert_array_equal(a.alpha, b.alpha)
    np.testing.assert_array_equal(a.trace.epoch, b.trace.epoch)
    np.testing.assert_array_equal(a.trace.index, b.trace.index)
    np.testing.assert_array_equal(a.mistakes_per_epoch, b.mistakes_per_epoch)
    assert (a.converged, a.epochs) == (b.converged, b.epochs)
    if a.w is not None:
        np.testing.assert_array_equal(a.w, b.w)


@st.composite
def dual_problems(draw):
    kind = draw(st.sampled_from(["normal", "integer", "decimal", "repeated", "extreme"]))
    n = draw(st.integers(2, 25))
    d = draw(st.integers(1, 6))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    if kind == "repeated":  # near-ties like the minimal case: a few decimal points, repeated
        pts = rng.integers(-5, 6, (int(rng.integers(1, 4)), d)) * 0.1
        X = pts[rng.integers(0, len(pts), n)]
    else:
        X = make_X(kind, n, d, rng)
        if kind == "extreme":
            X = np.clip(X, -1e100, 1e100)  # the Gram matrix must stay finite
    y = rng.choice([-1, 1], n)
    y[:2] = [1, -1]
    kernel = draw(st.sampled_from([None, None, "poly"]))
    kw = dict(max_epochs=draw(st.integers(1, 20)), fit_intercept=draw(st.booleans()))
    if kernel == "poly" and kind != "extreme":
        kw["kernel"] = lk.polynomial_kernel(2, draw(st.sampled_from([1.0, 0.1, 0.3])))
    return X, y, kw


@settings(max_examples=300)
@given(dual_problems())
def test_dual_auto_makes_the_loops_updates(problem):
    X, y, kw = problem
    assert_same_dual(*dual_fits(X, y, **kw))


def test_dual_near_ties_minimal_case_and_variants():
    # Every G[i, j] is 0.3 * 0.3 + 1 = 1.09.  By hand: epoch 1 scores 0, -1.09, 0: three
    # mistakes; from then on each epoch scores 0 (+1.09, wrong sign) for example 0,
    # exactly 0 for example 1 and +1.09 for example 2: alpha grows by (1, 1, 0) per epoch.
    # In floating point the tie of example 1 came out as a rounding error of either sign.
    a, b = dual_fits([[-0.3]] * 3, [-1, 1, 1], max_epochs=5)
    np.testing.assert_array_equal(a.alpha, [5, 5, 1])
    assert_same_dual(a, b)
    rng = np.random.default_rng(8)
    for trial in range(200):
        d = int(rng.integers(1, 4))
        pts = rng.integers(-5, 6, (int(rng.integers(1, 4)), d)) * 0.1
        n = int(rng.integers(3, 15))
        X = pts[rng.integers(0, len(pts), n)]
        y = rng.choice([-1, 1], n)
        y[:2] = [1, -1]
        assert_same_dual(*dual_fits(X, y, max_epochs=12, fit_intercept=bool(trial % 2)))


def test_dual_engines_are_auto_and_loop_only():
    assert DUAL_ENGINES == ("auto", "loop")
    for engine in ("block", "numba", "fast"):
        with pytest.raises(ValueError, match="engine must be one of 'auto', 'loop'"):
            lk.dual_perceptron([[0.0], [1.0]], [-1, 1], engine=engine)


@pytest.mark.parametrize("engine", FAST)
def test_overflowing_scores_are_decided_by_the_loops_expression(engine):
    # Entries near 1e160: products w_j x_ij overflow to +-inf and the loop's ddot gives NaN
    # (not a mistake) where a fast score in another order gave -inf, which passed as
    # "certainly a mistake" before the engines stopped trusting fast scores once
    # |w| |x_i| may overflow.
    rng = np.random.default_rng(9)
    for trial in range(60):
        X = make_X("extreme", 31, 40, rng)
        y = rng.choice([-1, 1], 31)
        y[:2] = [1, -1]
        kw = dict(max_epochs=int(rng.integers(1, 4)), fit_intercept=bool(trial % 2))
        assert_same_fit(fit(X, y, "loop", **kw), fit(X, y, engine, **kw))
