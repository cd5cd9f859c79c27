"""Every y * score <= 0 decision of the library agrees with exact arithmetic on decimal data.

The reference, tests/exact_reference.py, runs each algorithm in fractions.Fraction
on the decimals as typed (0.3 is 3/10); the library gets the same numbers as
floats (3 / 10 is the float nearest 0.3).  On such data exact ties (a point
exactly on a line) are common, and floating point computes them as +-1e-17.
"""

import warnings
from contextlib import contextmanager
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import exact_reference as ref
import lecturekit as lk
from lecturekit import conventions, exact, linear

ENGINES = ["loop", "block", "auto"] + (["numba"] if lk._engines.numba_available() else [])


@contextmanager
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        yield


# ------------------------------------------------------------ decimal data sets

@st.composite
def decimal_sets(draw, n=(3, 8), d=(1, 3), classes=2, step=None):
    """Points with coordinates k/10 (or k/4): as Fractions for the reference, as floats for lk."""
    step = draw(st.sampled_from([10, 4])) if step is None else step
    n = draw(st.integers(*n))
    d = draw(st.integers(*d))
    ks = draw(st.lists(st.lists(st.integers(-9, 9), min_size=d, max_size=d), min_size=n, max_size=n))
    F = [[Fraction(k, step) for k in row] for row in ks]
    X = np.array([[k / step for k in row] for row in ks], dtype=float)
    if classes == 2:
        y = draw(st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n))
        if len(set(y)) < 2:
            y[0] = -y[1] if n > 1 else 1
            y = y if len(set(y)) == 2 else [1] + [-1] * (n - 1)
    else:
        y = draw(st.lists(st.integers(0, classes - 1), min_size=n, max_size=n))
        if len(set(y)) < 2:
            y[0] = (y[1] + 1) % classes
    return F, X, np.array(y)


def same_updates(res, want):
    assert res.trace.index.tolist() == [i for _, i in want["updates"]]
    assert res.trace.epoch.tolist() == [e for e, _ in want["updates"]]


# ------------------------------------------------------------ named cases from the issue

def test_a_point_on_the_line_is_a_mistake_and_a_converged_run_classifies_every_point():
    X = [[0, -0.3], [0.4, 0.2], [-0.3, -0.4], [-0.1, 0.1]]
    y = [1, 1, 1, -1]
    want = ref.perceptron([[Fraction(str(v)) for v in row] for row in X], y)
    for engine in ENGINES:
        res = lk.perceptron(X, y, engine=engine)
        same_updates(res, want)
        assert res.converged == want["converged"]
        if res.converged:
            assert res.score(X, y) == 1.0
            assert np.all(np.asarray(y) * res.decision_function(X) > 0)


def test_w_on_the_line_decides_the_point_as_a_tie():
    # w = (0, 0.4, -0.8) scores (0.4, 0.2) as 0.16 - 0.16: exactly 0
    w = [0.0, 0.4, -0.8]
    assert exact.score_sign(w, [1.0, 0.4, 0.2]) == 0
    clf = lk.LinearClassifier(w=np.array(w))
    assert clf.decision_function([[0.4, 0.2]]).tolist() == [0.0]
    assert clf.predict([[0.4, 0.2]]).tolist() == [conventions.SIGN_AT_ZERO]
    # 0.1 + 0.2 - 0.3 is 5.55e-17 in floating point, 0 exactly
    assert lk.LinearClassifier(w=np.array([-0.3, 1.0, 1.0])).decision_function([[0.1, 0.2]]).tolist() == [0.0]


def test_primal_and_dual_agree_on_the_issues_example():
    X = [[0.2, -0.1], [-0.4, 0.5], [0.2, -0.5], [0.3, 0.3], [-0.3, 0.1]]
    y = [1, -1, 1, 1, -1]
    want = ref.perceptron([[Fraction(str(v)) for v in row] for row in X], y)
    primal = lk.perceptron(X, y)
    for engine in ("auto", "loop"):
        dual = lk.dual_perceptron(X, y, engine=engine)
        assert dual.alpha.tolist() == primal.alpha.tolist() == want["alpha"]


# ------------------------------------------------------------ the primal perceptron

@settings(max_examples=300, deadline=None)
@given(decimal_sets(), st.sampled_from([1, Fraction(3, 10), 7, Fraction(1, 4)]), st.booleans(),
       st.integers(1, 30))
def test_perceptron_makes_the_exact_updates(data, eta, fit_intercept, max_epochs):
    F, X, y = data
    want = ref.perceptron(F, y, eta=eta, max_epochs=max_epochs, fit_intercept=fit_intercept)
    with quiet():
        for engine in ENGINES:
            res = lk.perceptron(X, y, eta=float(eta), max_epochs=max_epochs, fit_intercept=fit_intercept,
                                engine=engine)
            same_updates(res, want)
            assert res.alpha.tolist() == want["alpha"]
            assert res.converged == want["converged"]
            assert res.mistakes_per_epoch.tolist() == want["mpe"]


@settings(max_examples=200, deadline=None)
@given(decimal_sets(), st.lists(st.integers(-9, 9), min_size=4, max_size=4), st.booleans())
def test_perceptron_from_a_given_start_makes_the_exact_updates(data, w0, fit_intercept):
    F, X, y = data
    d1 = X.shape[1] + 1
    w0 = [Fraction(k, 10) for k in w0[:d1]] + [Fraction(0)] * max(0, d1 - 4)
    if not fit_intercept:
        w0[0] = Fraction(0)
    want = ref.perceptron(F, y, eta=Fraction(1, 2), w0=w0, max_epochs=20, fit_intercept=fit_intercept)
    with quiet():
        res = lk.perceptron(X, y, eta=0.5, w0=[float(v) for v in w0], max_epochs=20, fit_intercept=fit_intercept)
    same_updates(res, want)


@settings(max_examples=200, deadline=None)
@given(decimal_sets(), st.sampled_from([0.3, 7.0, 0.001, 1e3]))
def test_from_zero_any_eta_makes_the_same_updates(data, eta):
    _, X, y = data
    with quiet():
        a = lk.perceptron(X, y, max_epochs=25)
        b = lk.perceptron(X, y, eta=eta, max_epochs=25)
    assert a.trace.index.tolist() == b.trace.index.tolist()
    assert a.converged == b.converged


@settings(max_examples=200, deadline=None)
@given(decimal_sets())
def test_a_converged_run_classifies_every_training_point(data):
    _, X, y = data
    with quiet():
        for fit in (lk.perceptron, lk.dual_perceptron):
            res = fit(X, y, max_epochs=50)
            if res.converged:
                assert np.array_equal(res.predict(X), y)
                assert np.all(y * res.decision_function(X) > 0)
        est = lk.Perceptron(max_epochs=50).fit(X, y)
        if est.converged_:
            assert np.array_equal(est.predict(X), y)


@settings(max_examples=200, deadline=None)
@given(decimal_sets())
def test_where_the_1_goes_makes_no_difference(data):
    _, X, y = data
    ones = np.ones((X.shape[0], 1))
    with quiet():
        first = lk.perceptron(X, y, max_epochs=20)
        last = lk.perceptron(np.hstack([X, ones]), y, max_epochs=20, fit_intercept=False)
        dual_last = lk.dual_perceptron(np.hstack([X, ones]), y, max_epochs=20, fit_intercept=False)
    assert first.trace.index.tolist() == last.trace.index.tolist() == dual_last.trace.index.tolist()
    # last.w = (0 (no bias), w_1 ... w_d, the weight of the column of ones)
    assert last.w[0] == 0.0
    np.testing.assert_array_equal(first.w[1:], last.w[1:-1])
    assert first.w[0] == last.w[-1]


# ------------------------------------------------------------ dual, voted, averaged

@settings(max_examples=200, deadline=None)
@given(decimal_sets(), st.booleans(), st.integers(1, 20))
def test_dual_makes_the_exact_updates_and_the_primals(data, fit_intercept, max_epochs):
    F, X, y = data
    want = ref.dual_perceptron(F, y, max_epochs=max_epochs, fit_intercept=fit_intercept)
    with quiet():
        primal = lk.perceptron(X, y, max_epochs=max_epochs, fit_intercept=fit_intercept)
        for engine in ("auto", "loop"):
            res = lk.dual_perceptron(X, y, max_epochs=max_epochs, fit_intercept=fit_intercept, engine=engine)
            same_updates(res, want)
            assert res.alpha.tolist() == primal.alpha.tolist()


@settings(max_examples=100, deadline=None)
@given(decimal_sets(step=1), st.booleans())
def test_dual_with_a_kernel_exact_on_the_data(data, fit_intercept):
    # integer data: the polynomial kernel's values are exact integers
    F, X, y = data
    kernel = lk.polynomial_kernel(2, 1.0)
    Fh = [list(map(Fraction, row)) for row in F]
    G = [[(ref.dot(a, b) + 1) ** 2 + (1 if fit_intercept else 0) for b in Fh] for a in Fh]
    want = ref.dual_perceptron(F, y, max_epochs=15, gram=G)
    with quiet():
        for engine in ("auto", "loop"):
            res = lk.dual_perceptron(X, y, kernel=kernel, max_epochs=15, fit_intercept=fit_intercept, engine=engine)
            same_updates(res, want)


@settings(max_examples=150, deadline=None)
@given(decimal_sets(), st.sampled_from([1, Fraction(3, 10)]), st.integers(1, 6))
def test_voted_perceptron_matches_the_exact_one(data, eta, epochs):
    F, X, y = data
    want = ref.voted_perceptron(F, y, eta=eta, max_epochs=epochs)
    res = lk.voted_perceptron(X, y, eta=float(eta), max_epochs=epochs)
    same_updates(res, want)
    assert res.counts.tolist() == want["counts"]
    assert res.predict(X).tolist() == ref.voted_predict(want, F)


@settings(max_examples=150, deadline=None)
@given(decimal_sets(), st.sampled_from([1, Fraction(3, 10)]), st.integers(1, 6))
def test_averaged_perceptron_matches_the_exact_one(data, eta, epochs):
    F, X, y = data
    want = ref.averaged_perceptron(F, y, eta=eta, max_epochs=epochs)
    res = lk.averaged_perceptron(X, y, eta=float(eta), max_epochs=epochs)
    same_updates(res, want)
    exact_pred = [ref.sign(ref.dot(want["w"], x)) for x in ref.hom(F)]
    assert res.predict(X).tolist() == exact_pred
    np.testing.assert_allclose(res.w, [float(v) for v in want["w"]], rtol=1e-9, atol=1e-12)
    est = lk.AveragedPerceptron(eta=float(eta), max_epochs=epochs).fit(X, y)
    assert est.predict(X).tolist() == exact_pred


# ------------------------------------------------------------ multiclass

@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decimal_sets(n=(3, 9), classes=3), st.sampled_from([1, Fraction(3, 10)]))
def test_linear_machine_matches_the_exact_one(data, eta):
    F, X, y = data
    classes = sorted(set(y.tolist()))
    want = ref.linear_machine(F, y.tolist(), classes, eta=eta, max_epochs=20)
    with quiet():
        res = lk.linear_machine(X, y, eta=float(eta), max_epochs=20)
    assert res.trace.index.tolist() == [i for _, i in want["updates"]]
    assert res.converged == want["converged"]
    exact_pred = [classes[ref.argmax_first([ref.dot(w, x) for w in want["W"]])] for x in ref.hom(F)]
    assert res.predict(X).tolist() == exact_pred
    if res.converged:
        assert res.predict(X).tolist() == y.tolist()
    scores = res.decision_function(X)
    assert [classes[i] for i in np.argmax(scores, axis=1)] == exact_pred


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decimal_sets(n=(3, 8), classes=3), st.integers(1, 5))
def test_averaged_linear_machine_matches_the_exact_one(data, epochs):
    F, X, y = data
    classes = sorted(set(y.tolist()))
    want = ref.linear_machine(F, y.tolist(), classes, max_epochs=epochs, averaged=True)
    res = lk.averaged_linear_machine(X, y, max_epochs=epochs)
    assert res.trace.index.tolist() == [i for _, i in want["updates"]]
    exact_pred = [classes[ref.argmax_first([ref.dot(w, x) for w in want["W"]])] for x in ref.hom(F)]
    assert res.predict(X).tolist() == exact_pred


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decimal_sets(n=(3, 8), classes=3))
def test_one_vs_rest_and_one_vs_one_claims_are_exact(data):
    F, X, y = data
    classes = sorted(set(y.tolist()))
    with quiet():
        ovr = lk.one_vs_rest(X, y, max_epochs=15)
        ovo = lk.one_vs_one(X, y, max_epochs=15)
    Fh = ref.hom(F)
    for c, cls in enumerate(classes):
        yc = [1 if v == cls else -1 for v in y.tolist()]
        w = ref.perceptron(F, yc, max_epochs=15)["w"]
        claims = [ref.dot(w, x) > 0 for x in Fh]
        assert (conventions.sign(ovr.decision_function(X)[:, c]) == 1).tolist() == claims
    # each pairwise classifier votes as its exact score says
    for m, (a, b) in enumerate(ovo.pairs):
        rows = [i for i, v in enumerate(y.tolist()) if v in (classes[a], classes[b])]
        ya = [1 if y[i] == classes[a] else -1 for i in rows]
        w = ref.perceptron([F[i] for i in rows], ya, max_epochs=15)["w"]
        first = [ref.dot(w, x) > 0 for x in Fh]
        votes = ovo.votes(X)
        assert all(votes[i, a] >= int(first[i]) for i in range(len(Fh)))


def test_nearest_mean_ties_go_to_the_first_class():
    # means (0.1, 0) and (0.3, 0): the point (0.2, 0.1) is exactly as far from both
    X = np.array([[0.1, 0.0], [0.3, 0.0], [0.2, 0.9]])
    y = np.array(["a", "b", "c"])
    model = lk.one_vs_rest(X, y, method="centroid")
    p = np.array([[0.2, 0.1]])
    # in floating point the second mean looks nearer: 0.2 - 0.1 and 0.2 - 0.3 round differently
    d2 = ((p - model.means[:2]) ** 2).sum(axis=1)
    assert d2[1] < d2[0]
    assert model._nearest_among(p, np.array([[True, True, False]])).tolist() == [0]
    # ... and the third mean, (0.2, 0.9), is farther than both
    assert model._nearest_among(p, np.array([[False, True, True]])).tolist() == [1]


# ------------------------------------------------------------ the batch perceptron, J and its gradient

@settings(max_examples=150, deadline=None)
@given(decimal_sets(), st.sampled_from([1, Fraction(3, 10)]), st.booleans())
def test_batch_perceptron_makes_the_exact_steps(data, eta, fit_intercept):
    F, X, y = data
    want = ref.batch_perceptron(F, y, eta=eta, max_iter=40, fit_intercept=fit_intercept)
    with quiet():
        res = lk.batch_perceptron(X, y, eta=float(eta), max_iter=40, fit_intercept=fit_intercept)
    assert res.mistakes.tolist() == want["mistakes"]
    assert res.converged == want["converged"]
    if res.converged:
        assert np.array_equal(res.predict(X), y)


@settings(max_examples=150, deadline=None)
@given(decimal_sets(), st.lists(st.integers(-9, 9), min_size=4, max_size=4))
def test_criterion_and_gradient_use_the_exact_set_of_mistakes(data, wk):
    F, X, y = data
    d1 = X.shape[1] + 1
    wf = [Fraction(k, 10) for k in wk[:d1]] + [Fraction(0)] * max(0, d1 - 4)
    w = np.array([float(v) for v in wf])
    Fh = ref.hom(F)
    M = [i for i, x in enumerate(Fh) if y[i] * ref.dot(wf, x) <= 0]
    J = -sum((y[i] * ref.dot(wf, Fh[i]) for i in M), Fraction(0))
    grad = [-sum((y[i] * Fh[i][c] for i in M), Fraction(0)) for c in range(d1)]
    assert lk.perceptron_criterion(w, X, y) == pytest.approx(float(J), abs=1e-12)
    np.testing.assert_allclose(lk.perceptron_criterion_gradient(w, X, y), [float(g) for g in grad], atol=1e-12)
    assert lk.perceptron_criterion(w, X, y) >= 0.0 and not np.signbit(lk.perceptron_criterion(w, X, y))


# ------------------------------------------------------------ the filter is sound

@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-99, 99), min_size=2, max_size=6), st.lists(st.integers(-99, 99), min_size=2, max_size=6),
       st.sampled_from([10, 100, 4, 3]))
def test_exact_scores_have_the_exact_sign(wk, xk, den):
    d = min(len(wk), len(xk))
    wf = [Fraction(k, den) for k in wk[:d]]
    xf = [Fraction(k, den) for k in xk[:d - 1]]
    w = np.array([float(v) for v in wf])
    X = np.array([[float(v) for v in xf]])
    # den = 3 is not a short decimal: the floats are then read as the 17-digit decimals they print as
    wd = [exact.decimal(v) for v in w]
    xd = [Fraction(1)] + [exact.decimal(v) for v in X[0]]
    want = np.sign(float(ref.dot(wd, xd))) if ref.dot(wd, xd) != 0 else 0.0
    got = exact.exact_scores(w, X)[0]
    assert np.sign(got) == want
    if den != 3:
        assert ref.dot(wd, xd) == ref.dot(wf, [Fraction(1)] + xf)  # short decimals read back exactly


def test_decimal_reads_floats_as_typed():
    assert exact.decimal(0.1) == Fraction(1, 10)
    assert exact.decimal(-2.5e-7) == Fraction(-25, 10**8)
    assert exact.decimal(1e300) == 10**300
    assert exact.decimal(5e-324) == Fraction(5, 10**324)
    with pytest.raises(ValueError, match="cannot read"):
        exact.decimal(float("nan"))


@pytest.mark.parametrize("seed", range(6))
def test_extreme_magnitudes_are_decided_exactly_by_every_engine(seed):
    # products that overflow (1e160 * 1e160) or underflow (1e-300): the float filter must stand
    # aside and the exact margin decide, in every engine
    rng = np.random.default_rng(seed)
    mags = np.array([0.0, 1e-300, 1e-160, 0.1, 0.3, 1.0, 1e150, 1e160])
    X = rng.choice(mags, (12, 3)) * rng.choice([-1.0, 1.0], (12, 3))
    y = rng.choice([-1, 1], 12)
    y[:2] = [1, -1]
    F = [[Fraction(repr(float(v))) for v in row] for row in X]
    for fit_intercept in (True, False):
        want = ref.perceptron(F, y.tolist(), max_epochs=4, fit_intercept=fit_intercept)
        with quiet(), np.errstate(all="ignore"):
            for engine in ENGINES:
                res = lk.perceptron(X, y, max_epochs=4, fit_intercept=fit_intercept, engine=engine)
                same_updates(res, want)


# ------------------------------------------------------------ tiny and huge weights

def typed(k, e):
    """The float a learner gets by typing the decimal k * 10**e (as f"{k}e{e}")."""
    return float(f"{k}e{e}")


@pytest.mark.parametrize("e", [-1, -150, -161, -162, -163, -170, -200, -250, -300, -320])
def test_the_line_scaled_down_keeps_a_point_on_it_at_score_0(e):
    # w~ = (-0.3, 0.1, 0.2) typed at a smaller scale: (1, 1) lies on the line, exactly 0 for every e.
    # sqrt(w @ w) underflows to 0 below about 1e-162, which collapsed the rounding bound and
    # let a rounded score of 1e-179 decide predict, decision_function and margin.
    w = np.array([typed(-3, e), typed(1, e), typed(2, e)])
    for v in (w, -w):
        assert sum(exact.decimal(a) for a in v) == 0  # the reference: on the line, as typed
        clf = lk.LinearClassifier(v)
        assert clf.decision_function([[1.0, 1.0]])[0] == 0.0
        assert clf.predict([[1.0, 1.0]])[0] == conventions.SIGN_AT_ZERO
    assert lk.margin(w, [[1.0, 1.0], [0.0, 0.0]], [1, -1]) == 0.0  # (1, 1) is the closest, at 0


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(-9, 9), min_size=2, max_size=2), st.lists(st.integers(-9, 9), min_size=2, max_size=2),
       st.integers(-1, 1), st.integers(-170, 170), st.integers(-170, 170))
def test_the_sign_is_the_exact_one_at_every_scale(wk, xk, delta, e, f):
    # the bias is chosen so that the exact score is -1, 0 or +1 times 10**(e + f): points on or next
    # to the line, with weights and coordinates between 1e-170 and 1e170 (never subnormal)
    w0 = -(wk[0] * xk[0] + wk[1] * xk[1]) + delta
    w = np.array([typed(w0, e + f), typed(wk[0], e), typed(wk[1], e)])
    X = np.array([[typed(xk[0], f), typed(xk[1], f)]])
    exact_score = sum(exact.decimal(a) * b for a, b in zip(w, [Fraction(1)] + [exact.decimal(v) for v in X[0]]))
    assert exact_score == Fraction(delta) * Fraction(10) ** (e + f)  # the reference, in fractions
    clf = lk.LinearClassifier(w)
    with np.errstate(all="ignore"):
        assert np.sign(clf.decision_function(X)[0]) == delta
        assert clf.predict(X)[0] == (conventions.POSITIVE if delta > 0 else conventions.NEGATIVE)
        assert np.sign(exact.exact_scores(w, X)[0]) == delta


def test_a_score_below_the_smallest_float_keeps_its_sign():
    # the exact score 3.6e-331 is below 5e-324; its numerator is too large for a float
    clf = lk.LinearClassifier([0.0, -4e-321, 7e-321])
    assert clf.decision_function([[-9e-11, 5e-324]])[0] > 0
    assert clf.predict([[-9e-11, 5e-324]])[0] == conventions.POSITIVE


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("e", [0, -163, -200])
def test_a_tiny_start_that_separates_makes_no_update(engine, e):
    # w0 = (-3, 1, 2) * 10**e separates these points; a start whose norm underflowed was taken for 0
    X = np.array([[2.0, 2.0], [0.0, 0.0], [3.0, 0.5], [-1.0, 0.0]])
    y = np.array([1, -1, 1, -1])
    w0 = [typed(-3, e), typed(1, e), typed(2, e)]
    want = ref.perceptron([[exact.decimal(v) for v in row] for row in X], y.tolist(),
                          w0=[exact.decimal(v) for v in w0], max_epochs=5)
    with quiet():
        res = lk.perceptron(X, y, w0=w0, max_epochs=5, engine=engine)
    same_updates(res, want)
    assert res.n_updates == 0


@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1, max_size=5))
def test_norms_are_the_plain_ones_unless_the_squares_underflow(v):
    v = np.array(v)
    with np.errstate(over="ignore"):
        plain = np.sqrt(v @ v)
    got = float(exact.norms(v))
    if plain * plain >= 2.0**-960 or not np.isfinite(plain):
        assert got == plain or (np.isnan(got) and np.isnan(plain))  # bit for bit: nothing else changes
    else:
        m = float(np.max(np.abs(v)))
        assert (got == 0.0) == (m == 0.0)
        if m >= 2.0**-1000:  # a normal result: as accurate as the plain norm of v scaled up by 2**600
            up = float(np.sqrt((v * 2.0**600) @ (v * 2.0**600)))
            assert abs(got * 2.0**600 - up) <= 4 * exact.U * up
            assert m <= got  # |v|_inf <= |v|_2: the bound that keeps the filter sound


# ------------------------------------------------------------ the closed-form classifiers

@settings(max_examples=200, deadline=None)
@given(decimal_sets(), st.booleans())
def test_centroid_classifier_predicts_as_the_exact_means_do(data, fit_intercept):
    F, X, y = data
    w = ref.centroid_classifier(F, y.tolist(), fit_intercept)
    want = [ref.sign(ref.dot(w, x)) for x in ref.hom(F)]
    res = lk.centroid_classifier(X, y, fit_intercept=fit_intercept)
    assert res.predict(X).tolist() == want
    assert [v == 0 for v in res.decision_function(X)] == [ref.dot(w, x) == 0 for x in ref.hom(F)]
    assert lk.CentroidClassifier(fit_intercept=fit_intercept).fit(X, y).predict(X).tolist() == want


@settings(max_examples=200, deadline=None)
@given(decimal_sets())
def test_least_squares_classifier_predicts_as_the_exact_solution_does(data):
    F, X, y = data
    w = ref.least_squares(F, y.tolist())
    if w is None:  # no unique solution: the library keeps numpy's minimum-norm one
        return
    want = [ref.sign(ref.dot(w, x)) for x in ref.hom(F)]
    assert lk.least_squares_classifier(X, y).predict(X).tolist() == want


def test_an_ill_conditioned_least_squares_fit_is_the_classifier_its_weights_print():
    # Points on the line through (cos 1, sin 1) are collinear only up to the rounding of their
    # coordinates: read as decimals they are not, and the exact normal equations interpolate the
    # labels (scores exactly -1, -1, 1, 1), while lstsq's w scores the third point about -0.18.
    # The classifier a learner sees printed is w: its scores must agree with w . x.
    u = np.array([np.cos(1.0), np.sin(1.0)])
    X = np.outer([0.0, 0.0, 1.0, 5.0], u)
    y = np.array([-1.0, -1.0, 1.0, 1.0])
    res = lk.least_squares_classifier(X, y)
    w_exact = ref.least_squares([[Fraction(repr(v)) for v in row] for row in X.tolist()], [-1, -1, 1, 1])
    assert w_exact is not None and ref.dot(w_exact, ref.hom([[Fraction(repr(v)) for v in X[2].tolist()]])[0]) == 1
    float_scores = conventions.homogeneous(X) @ res.w
    assert float_scores[2] < -0.1
    np.testing.assert_allclose(res.decision_function(X), float_scores, rtol=0, atol=1e-12)
    assert res.predict(X)[2] == -1


def test_least_squares_on_many_features_is_decided_by_its_weights_as_printed():
    # Beyond linear.EXACT_MAX_FEATURES the normal equations are not solved in fractions (too slow
    # at the first decision of every fit): the stored w, read as decimals, decides, with no delay.
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, linear.EXACT_MAX_FEATURES + 1))
    y = np.where(rng.normal(size=30) > 0, 1, -1)
    res = lk.least_squares_classifier(X, y)
    assert res.exact.exact_weights() == [Fraction(repr(float(v))) for v in res.w]
    small = lk.least_squares_classifier(X[:, :linear.EXACT_MAX_FEATURES], y)
    assert small.exact.exact_weights() == ref.least_squares(
        [[Fraction(repr(v)) for v in row] for row in X[:, :linear.EXACT_MAX_FEATURES].tolist()], y.tolist())


@pytest.mark.parametrize("scale", [1e92, 1e120, 1e153])
def test_the_centroid_classifier_decides_huge_coordinates_exactly(scale):
    # weights of scale^2 used to overflow the bound of the float weights' error (an OverflowError
    # inside predict); the midpoint of the means (hand computation: scale / 2) is a tie
    res = lk.centroid_classifier([[0.0], [scale]], [-1, 1])
    assert res.predict([[scale / 10], [scale / 2], [0.6 * scale]]).tolist() == [-1, conventions.SIGN_AT_ZERO, 1]
    assert res.decision_function([[scale / 2]])[0] == 0.0


def test_the_centroid_classifier_refuses_means_whose_squares_overflow():
    with pytest.raises(ValueError, match=r"X: the class means are too large .* divide X by a power of 10"):
        lk.centroid_classifier([[0.0], [1e155]], [-1, 1])


def test_a_point_midway_between_the_means_is_on_the_centroid_boundary():
    # means 0.3 and 0.9: 0.6 is exactly midway, and floating point scores it 1e-17
    X, y = np.array([[0.3], [0.6], [1.2]]), np.array([-1, 1, 1])
    res = lk.centroid_classifier(X, y)
    assert res.decision_function(X)[1] == 0.0
    assert res.predict(X)[1] == conventions.SIGN_AT_ZERO
    assert not np.signbit(lk.centroid_classifier([[1.0], [1.0]], [1, -1]).w[0])  # no "-0." bias


@settings(max_examples=150, deadline=None)
@given(decimal_sets(), st.sampled_from([1, Fraction(3, 10), 2]), st.booleans())
def test_batch_perceptron_with_the_1_over_k_rate_makes_the_exact_steps(data, eta, fit_intercept):
    # eta / k is not a short decimal (1/3): the library takes it exactly, not as its rounded float
    F, X, y = data
    want = ref.batch_perceptron(F, y, eta=eta, max_iter=30, fit_intercept=fit_intercept, schedule="1/k")
    with quiet():
        res = lk.batch_perceptron(X, y, eta=float(eta), schedule="1/k", max_iter=30, fit_intercept=fit_intercept)
    assert res.mistakes.tolist() == want["mistakes"]


def test_the_1_over_k_counterexample():
    # exactly, the fourth iterate puts a point on the boundary (2 mistakes); 0.333... did not
    X, y = np.array([[0.1], [0.4], [-0.4]]), np.array([-1, 1, 1])
    want = ref.batch_perceptron([[Fraction(1, 10)], [Fraction(4, 10)], [Fraction(-4, 10)]], [-1, 1, 1],
                                eta=1, max_iter=10, schedule="1/k")
    with quiet():
        res = lk.batch_perceptron(X, y, schedule="1/k", max_iter=10)
    assert res.mistakes.tolist() == want["mistakes"]


@settings(max_examples=200, deadline=None)
@given(decimal_sets(), st.lists(st.integers(-9, 9), min_size=4, max_size=4), st.booleans())
def test_margin_and_the_bound_decide_separation_exactly(data, uk, fit_intercept):
    F, X, y = data
    d1 = X.shape[1] + (1 if fit_intercept else 0)
    uf = [Fraction(k, 10) for k in uk[:d1]] + [Fraction(0)] * max(0, d1 - 4)
    u = np.array([float(v) for v in uf])
    if not any(uf[1:] if fit_intercept else uf):
        return
    rows = ref.hom(F) if fit_intercept else [list(map(Fraction, r)) for r in F]
    worst = min(yi * ref.dot(uf, r) for yi, r in zip(y.tolist(), rows))
    got = lk.margin(u, X, y, fit_intercept=fit_intercept)
    assert np.sign(got) == (worst > 0) - (worst < 0)
    if worst > 0:
        assert lk.novikoff_bound(X, y, u, fit_intercept=fit_intercept) > 0
    else:
        with pytest.raises(ValueError, match="does not separate"):
            lk.novikoff_bound(X, y, u, fit_intercept=fit_intercept)


def test_a_point_on_u_s_line_gives_no_bound():
    X, y = [[0.1, 0.2], [1.0, 1.0], [-1.0, -1.0]], [1, 1, -1]
    assert lk.margin([-0.3, 1.0, 1.0], X, y) == 0.0
    with pytest.raises(ValueError, match="does not separate"):
        lk.novikoff_bound(X, y, [-0.3, 1.0, 1.0])
