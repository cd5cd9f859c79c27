"""lk.is_separable / lk.separation_certificate: an exact test that needs no SciPy.

It decides Gordan's alternative exactly on the decimal readings of the floats (each x read
as Fraction(repr(x)), the number as typed): a float simplex proposes an answer, exact
rational checks accept it or an exact simplex decides (lecturekit/theory.py).  Checked
against an independent exact reference (Fourier-Motzkin elimination in Fractions), against
SciPy's HiGHS LP solver on data without near ties, against Cover's counting theorem, by the
exact evidence it returns, and with its float filter switched off or lying.
"""

import itertools
import json
import math
import subprocess
import sys
import warnings
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lecturekit as lk
import lecturekit.theory as theory

ROOT = Path(__file__).resolve().parents[1]


def homogeneous(X, fit_intercept):
    X = np.asarray(X, dtype=float)
    return np.hstack([np.ones((len(X), 1)), X]) if fit_intercept else X


def reading(x):
    """The number a float stands for: its shortest round-tripping decimal, exactly."""
    return Fraction(repr(float(x)))


def exact_points(X, y, fit_intercept, read=reading):
    """z_i = y_i (1, x_i) (or y_i x_i) in Fractions, each coordinate read by `read`."""
    return [[int(y_i) * read(v) for v in row] for row, y_i in zip(homogeneous(X, fit_intercept), y)]


def _direction(z):
    """z scaled by a positive number so that equal directions compare equal."""
    top = max(abs(v) for v in z)
    return tuple(v / top for v in z) if top else tuple(z)


def separable_by_fourier_motzkin(Z):
    """Is there a w with z . w > 0 for every row z of Z (Fractions)?  The reference.

    Fourier-Motzkin elimination on the strict homogeneous system: eliminating w_k, each
    pair of a row with z_k > 0 and one with z_k < 0 gives the positive combination without
    w_k (strict stays strict); rows with z_k = 0 carry over; rows of one sign only just
    bound w_k and drop out.  The system is infeasible iff a row 0 > 0 appears.  No simplex,
    no Gordan: independent of the code under test.
    """
    rows = {_direction(z) for z in Z}
    D = len(Z[0])
    for k in range(D):
        if any(not any(z) for z in rows):
            return False
        pos = [z for z in rows if z[k] > 0]
        neg = [z for z in rows if z[k] < 0]
        rest = {z for z in rows if z[k] == 0}
        if k == D - 1:  # the pairs would all be 0 > 0
            return not rest and not (pos and neg)
        rest |= {_direction([-q[k] * a + p[k] * b for a, b in zip(p, q)]) for p in pos for q in neg}
        rows = rest
    return True  # pragma: no cover - the loop returns at k = D - 1


def reference(X, y, fit_intercept):
    return separable_by_fourier_motzkin(exact_points(X, y, fit_intercept))


def check_exact_evidence(X, y, fit_intercept):
    """Return the decision after checking its evidence exactly, on the decimal readings."""
    ok, evidence = lk.separation_certificate(X, y, fit_intercept=fit_intercept, exact=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ok_float, floats = lk.separation_certificate(X, y, fit_intercept=fit_intercept)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # is_separable needs no w and never warns
        assert lk.is_separable(X, y, fit_intercept=fit_intercept) == ok == ok_float
    Z = exact_points(X, y, fit_intercept)
    assert all(isinstance(v, Fraction) for v in evidence)
    if ok:
        assert evidence.shape == floats.shape == (len(Z[0]),)
        assert all(sum(a * b for a, b in zip(z, evidence)) > 0 for z in Z), "the w returned does not separate"
        if not caught:  # the float w stands for the w checked, unless a warning said it could not
            assert [reading(v) for v in floats] == list(evidence)
        else:
            assert [w.category for w in caught] == [RuntimeWarning]
    else:
        assert not caught
        assert evidence.shape == floats.shape == (len(Z),)
        assert all(v >= 0 for v in evidence) and sum(evidence) == 1
        assert [sum(v * z[k] for v, z in zip(evidence, Z)) for k in range(len(Z[0]))] == [0] * len(Z[0])
        assert floats.tolist() == [float(v) for v in evidence]
    return ok


decimals = st.sampled_from(["0.1", "0.25"]).flatmap(
    lambda step: st.integers(-10, 10).map(lambda k: float(k * Decimal(step))))
sums = st.tuples(decimals, decimals).map(lambda ab: ab[0] + ab[1])  # 0.1 + 0.2 reads 0.30000000000000004


def decimal_data(coordinates=decimals, n_max=8):
    return st.integers(1, n_max).flatmap(lambda n: st.integers(1, 3).flatmap(lambda d: st.tuples(
        st.lists(st.lists(coordinates, min_size=d, max_size=d), min_size=n, max_size=n),
        st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n),
        st.booleans())))


@settings(max_examples=300)
@given(decimal_data())
def test_agrees_with_exact_fourier_motzkin_on_decimal_data(case):
    X, y, fit_intercept = np.array(case[0]), np.array(case[1]), case[2]
    assert check_exact_evidence(X, y, fit_intercept) == reference(X, y, fit_intercept)


@settings(max_examples=150)
@given(decimal_data(st.one_of(decimals, sums)))
def test_decides_the_decimal_reading_of_computed_floats(case):
    # a float computed as 0.1 + 0.2 stands for 0.30000000000000004, its own decimal reading
    X, y, fit_intercept = np.array(case[0]), np.array(case[1]), case[2]
    assert check_exact_evidence(X, y, fit_intercept) == reference(X, y, fit_intercept)


@settings(max_examples=150)
@given(decimal_data(), st.data())
def test_the_answer_needs_no_float_filter(case, data):
    """The exact simplex alone, and any lie of the float filter, give the reference's answer."""
    X, y, fit_intercept = np.array(case[0]), np.array(case[1]), case[2]
    expected = reference(X, y, fit_intercept)
    with mock.patch.object(theory, "_float_filter", lambda Z: None):
        assert check_exact_evidence(X, y, fit_intercept) == expected
    D = X.shape[1] + fit_intercept
    lie = data.draw(st.one_of(
        st.tuples(st.just(True), st.lists(st.floats(-10, 10), min_size=D, max_size=D).map(np.array)),
        st.tuples(st.just(False), st.lists(st.sampled_from(range(len(y))), min_size=1, unique=True).map(sorted))))
    with mock.patch.object(theory, "_float_filter", lambda Z: lie):
        assert check_exact_evidence(X, y, fit_intercept) == expected


@pytest.mark.parametrize("failure", [ValueError, RuntimeError, ZeroDivisionError])
def test_a_float_simplex_that_breaks_down_hands_over_to_the_exact_one(failure):
    xor = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    with mock.patch.object(theory, "_gordan", side_effect=failure):
        assert not check_exact_evidence(xor, np.array([-1, -1, 1, 1]), True)
        assert check_exact_evidence(xor, np.array([-1, 1, 1, 1]), True)
        assert check_exact_evidence(np.array([[1.0], [1 + 1e-9]]), np.array([-1, 1]), True)


near_ties = st.tuples(st.integers(-3, 3), st.sampled_from(["0.1", "0.25"]), st.integers(-2, 2), st.booleans()).map(
    lambda t: float(t[0] * Decimal(t[1]) + t[3] * t[2] * Decimal("1e-10")))  # below the filter's tolerance


@settings(max_examples=200)
@given(decimal_data(near_ties))
def test_decides_near_ties_that_the_float_filter_cannot(case):
    # points 1e-10 off a tie: the float simplex's candidate sometimes fails its exact check here
    X, y, fit_intercept = np.array(case[0]), np.array(case[1]), case[2]
    assert check_exact_evidence(X, y, fit_intercept) == reference(X, y, fit_intercept)


float_neighbours = st.tuples(decimals, st.sampled_from([0, 0, 1, -1])).map(
    lambda t: float(np.nextafter(t[0], np.inf * t[1])) if t[1] else t[0])  # one float away


@settings(max_examples=150)
@given(decimal_data(float_neighbours, n_max=6))
def test_decides_points_one_float_apart(case):
    # separating cones about as thin as the spacing of floats: the float w is searched for and
    # checked, or a warning says that none was found
    X, y, fit_intercept = np.array(case[0]), np.array(case[1]), case[2]
    assert check_exact_evidence(X, y, fit_intercept) == reference(X, y, fit_intercept)


def test_a_float_w_is_found_for_points_one_float_apart():
    # 0.3 and 0.1 + 0.2 = 0.30000000000000004 are neighbouring floats: no float threshold b has
    # 0.3 < b < 0.30000000000000004, but w = (-0.9000000000000001, 3) puts 0.3 in between
    X, y = np.array([[0.3], [0.1 + 0.2]]), np.array([-1, 1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ok, w = lk.separation_certificate(X, y)
    assert ok and check_exact_evidence(X, y, True)
    assert Fraction(3, 10) < -reading(w[0]) / reading(w[1]) < Fraction("0.30000000000000004")


def test_when_no_float_w_is_found_it_warns_and_exact_gives_the_certificate():
    X, y = np.array([[0.3], [0.1 + 0.2]]), np.array([-1, 1])
    with mock.patch.object(theory, "_FLOAT_TRIES", 0):
        with pytest.warns(RuntimeWarning, match=r"exact=True\) returns the exact w"):
            ok, w = lk.separation_certificate(X, y)
        assert ok and check_exact_evidence(X, y, True)
        ok, w_exact = lk.separation_certificate(X, y, exact=True)
        assert ok and [float(v) for v in w_exact] == w.tolist()


def test_points_a_billionth_apart_are_separable():
    # x = 1 labelled -1 and x = 1 + 1e-9 (it reads 1.000000001) labelled +1: any threshold
    # in between separates them, however small the gap
    X, y = np.array([[1.0], [1 + 1e-9]]), np.array([-1, 1])
    assert repr(1 + 1e-9) == "1.000000001"
    assert check_exact_evidence(X, y, True)
    # the float filter (tolerance 1e-9) proposes "not separable" here; its exact check rejects it
    assert theory._float_filter(y[:, None] * homogeneous(X, True))[0] is False
    assert lk.is_separable([[1.0], [1 + 1e-15]], [-1, 1])
    # through the origin both points lie on the same side of 0: no w > 0 and < 0 at once
    assert not check_exact_evidence(X, y, False)


def test_three_decimal_points_on_a_line_are_a_tie_though_their_floats_are_not():
    # (0.1, 0.3), (0.2, 0.2), (0.3, 0.1) lie on x1 + x2 = 0.4, so no line has the middle
    # one alone on its side; the floats nearest them are not collinear, and exactly in
    # binary every labelling of three points off a line would be separable
    X, y = np.array([[0.1, 0.3], [0.2, 0.2], [0.3, 0.1]]), np.array([1, -1, 1])
    assert separable_by_fourier_motzkin(exact_points(X, y, True, read=Fraction))  # binary values
    assert not check_exact_evidence(X, y, True)
    ok, lam = lk.separation_certificate(X, y, exact=True)
    assert lam.tolist() == [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]  # (0.2, 0.2) is the midpoint


def test_hulls_that_touch_at_a_point_are_not_separable():
    # the positive triangle (0, 0), (0.1, 0.3), (0.3, 0.1) and the negative segment from
    # (0.2, 0.2) to (0.4, 0.4) touch at (0.2, 0.2), on the triangle's edge x1 + x2 = 0.4: that
    # line is the only one with the classes on its two closed sides, and it has a point on it
    X = np.array([[0.0, 0.0], [0.1, 0.3], [0.3, 0.1], [0.2, 0.2], [0.4, 0.4]])
    y = np.array([1, 1, 1, -1, -1])
    assert not check_exact_evidence(X, y, True)
    ok, lam = lk.separation_certificate(X, y, exact=True)
    assert lam.tolist() == [0, Fraction(1, 4), Fraction(1, 4), Fraction(1, 2), 0]
    # the binary values of the floats leave (0.2, 0.2) a hair outside the triangle
    assert separable_by_fourier_motzkin(exact_points(X, y, True, read=Fraction))
    # move the negative point off the edge by 1e-12 and a line fits between
    X[3] = [0.200000000001, 0.2]
    assert check_exact_evidence(X, y, True)


def test_copies_of_a_point_with_both_labels_cancel_exactly():
    X = np.array([[0.1, 0.7], [0.3, 0.3], [0.1, 0.7]])
    ok, lam = lk.separation_certificate(X, np.array([1, 1, -1]), exact=True)
    assert not ok and lam.tolist() == [Fraction(1, 2), 0, Fraction(1, 2)]
    assert not check_exact_evidence(X, np.array([1, 1, -1]), False)
    # 0.1 + 0.2 is the float 0.30000000000000004, another number than 0.3: a different point
    near = np.array([[0.3], [0.1 + 0.2]])
    assert check_exact_evidence(near, np.array([-1, 1]), True)


@pytest.mark.parametrize("X, y, fit_intercept, expected", [
    ([[0.1, 0.2], [0.2, 0.4], [0.3, 0.6]], [1, -1, 1], True, False),       # collinear, middle alone
    ([[0.1, 0.2], [0.2, 0.4], [0.3, 0.6]], [1, 1, -1], True, True),        # collinear, an end alone
    ([[0.1, 0.2], [0.2, 0.4], [0.3, 0.6]], [1, 1, -1], False, False),      # on one ray from 0
    ([[0.1, 0.2], [-0.2, -0.4]], [1, 1], False, False),                    # opposite rays from 0
    ([[0.1, 0.2], [-0.2, -0.4]], [1, -1], False, True),
    ([[0.1, 0.0, 0.1], [0.2, 0.0, 0.2], [0.3, 0.0, 0.1]], [1, -1, 1], True, True),    # a zero column
    ([[0.1, 0.1, 0.3], [0.2, 0.2, 0.2], [0.3, 0.3, 0.1]], [1, -1, 1], True, False),   # a repeated column
    ([[0.0, 0.0], [0.5, 0.25]], [1, 1], False, False),                    # the origin has score 0
])
def test_collinear_and_rank_deficient_data(X, y, fit_intercept, expected):
    X, y = np.array(X), np.array(y)
    assert reference(X, y, fit_intercept) == expected
    assert check_exact_evidence(X, y, fit_intercept) == expected


@pytest.mark.parametrize("x", [-0.3, 0.0, 0.25, 1e-300])
@pytest.mark.parametrize("label", [-1, 1])
def test_one_point(x, label):
    X, y = np.array([[x, 0.1 * x]]), np.array([label])
    assert check_exact_evidence(X, y, True)            # with a bias: w = (label, 0, 0)
    assert check_exact_evidence(X, y, False) == (x != 0)  # through the origin: unless x = 0
    if x == 0:
        assert lk.separation_certificate(X, y, fit_intercept=False, exact=True)[1].tolist() == [1]


def _scaled(X, factor):
    """factor * X computed in decimal and then typed: the readings scale exactly."""
    return np.array([[float(Decimal(repr(float(v))) * factor) for v in row] for row in X])


@settings(max_examples=150)
@given(decimal_data(n_max=6), st.sampled_from(["1e-12", "1e-6", "0.25", "-3", "7", "1e6", "1e12"]),
       st.sampled_from(["-0.3", "0.05", "1000"]), st.randoms(use_true_random=False))
def test_invariances(case, factor, shift, random):
    """Scale (units), shift (with a bias), relabelling and order change nothing."""
    X, y, fit_intercept = np.array(case[0]), np.array(case[1]), case[2]
    expected = lk.is_separable(X, y, fit_intercept=fit_intercept)
    assert check_exact_evidence(_scaled(X, Decimal(factor)), y, fit_intercept) == expected
    assert lk.is_separable(X, -y, fit_intercept=fit_intercept) == expected  # w -> -w
    order = list(range(len(y)))
    random.shuffle(order)
    assert lk.is_separable(X[order], y[order], fit_intercept=fit_intercept) == expected
    if fit_intercept:
        moved = np.array([[float(Decimal(repr(float(v))) + Decimal(shift)) for v in row] for row in X])
        assert lk.is_separable(moved, y) == expected


@pytest.mark.parametrize("tiny", [1e-200, 5e-324])
def test_tiny_and_huge_coordinates(tiny):
    # the lengths of these points underflow to 0 in floating point; they are not the origin
    X = np.array([[tiny, 0.0], [0.0, tiny]])
    assert check_exact_evidence(X, np.array([1, 1]), False)
    assert check_exact_evidence(X, np.array([1, -1]), True)
    assert not check_exact_evidence(np.vstack([X, [[tiny, tiny]]]), np.array([1, 1, -1]), False)
    assert check_exact_evidence(np.array([[1e300], [2e300]]), np.array([-1, 1]), True)
    # integers beyond 2^53: the certificate is still a float vector whose reading separates
    assert check_exact_evidence(np.array([[1e17], [1e17 + 16]]), np.array([-1, 1]), True)


def test_exact_must_be_a_bool():
    with pytest.raises(TypeError, match="exact must be True or False; got 'yes'"):
        lk.separation_certificate([[0.0], [1.0]], [1, -1], exact="yes")


def separable_by_highs(X, y, fit_intercept):
    """The question as an LP for SciPy: is there a w with y_i w . x_i >= 1 for all i?"""
    linprog = pytest.importorskip("scipy.optimize").linprog
    P = homogeneous(X, fit_intercept)
    res = linprog(np.zeros(P.shape[1]), A_ub=-(y[:, None] * P), b_ub=-np.ones(len(P)),
                  bounds=[(None, None)] * P.shape[1], method="highs")
    assert res.status in (0, 2), res.message
    return res.status == 0


small_data = st.integers(1, 12).flatmap(lambda n: st.integers(1, 3).flatmap(lambda d: st.tuples(
    st.lists(st.lists(st.integers(-3, 3), min_size=d, max_size=d), min_size=n, max_size=n),
    st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n),
    st.booleans())))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(small_data)
def test_agrees_with_highs_on_small_integer_data(case):
    # small integers make ties, repeats, collinear points and points on every line
    X, y, fit_intercept = np.array(case[0], dtype=float), np.array(case[1]), case[2]
    assert check_exact_evidence(X, y, fit_intercept) == separable_by_highs(X, y, fit_intercept)


@pytest.mark.parametrize("seed", range(20))
def test_agrees_with_highs_on_random_data_near_a_separating_plane(seed):
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(20, 300)), int(rng.integers(2, 30))
    X = rng.normal(size=(n, d))
    y = np.where(homogeneous(X, True) @ rng.normal(size=d + 1) >= 0, 1, -1)
    flips = int(rng.integers(0, 3))  # 0 flips: separable; 1 or 2: sometimes not
    y[rng.choice(n, size=flips, replace=False)] *= -1
    fit_intercept = bool(seed % 3)
    assert check_exact_evidence(X, y, fit_intercept) == separable_by_highs(X, y, fit_intercept)


@pytest.mark.parametrize("seed", range(6))
def test_the_exact_simplex_alone_agrees_on_hundreds_of_points(seed):
    # the chapters' sizes: the fallback must give the filter's answer (and HiGHS's) there too
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(50, 300)), int(rng.integers(2, 6))
    X = rng.normal(size=(n, d)).round(2)
    y = np.where(homogeneous(X, True) @ rng.normal(size=d + 1) >= 0, 1, -1)
    y[rng.choice(n, size=seed % 3, replace=False)] *= -1
    expected = separable_by_highs(X, y, True)
    assert check_exact_evidence(X, y, True) == expected
    with mock.patch.object(theory, "_float_filter", lambda Z: None):
        assert check_exact_evidence(X, y, True) == expected


@pytest.mark.parametrize("n,D", [(4, 2), (5, 2), (6, 3), (7, 3), (8, 4)])
def test_counts_cover_theorem_through_the_origin(n, D):
    # Gaussian points are in general position (with probability 1): Cover's count is exact
    Z = np.random.default_rng(n * 10 + D).normal(size=(n, D))
    count = sum(check_exact_evidence(Z, np.array(labels), False)
                for labels in itertools.product([-1, 1], repeat=n))
    assert count == 2 * sum(math.comb(n - 1, k) for k in range(D))   # Cover (1965), C(n, D)
    assert count == lk.cover_probability(n, D, fit_intercept=False) * 2 ** n


def test_three_points_on_a_line_leave_12_of_16_labellings():
    # with a bias, 4 points in the plane give 14 of 16 in general position; with three of
    # them on one line the middle one cannot be cut off from both ends: 2 more are lost
    X = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [0.0, 1.0]])
    counts = sum(check_exact_evidence(X, np.array(labels), True)
                 for labels in itertools.product([-1, 1], repeat=4))
    assert counts == 12
    for labels in ([1, -1, 1, 1], [1, -1, 1, -1], [-1, 1, -1, 1], [-1, 1, -1, -1]):
        assert not lk.is_separable(X, np.array(labels))


def test_a_repeated_point_with_both_labels_is_never_separable():
    X = np.array([[1.0, 2.0], [1.0, 2.0], [5.0, 5.0]])
    ok, lam = lk.separation_certificate(X, np.array([1, -1, 1]))
    assert not ok
    np.testing.assert_allclose(lam, [0.5, 0.5, 0.0], atol=1e-12)  # the two copies cancel


def test_the_origin_cannot_be_separated_without_a_bias():
    X = np.array([[0.0, 0.0], [1.0, 1.0]])
    assert not lk.is_separable(X, np.array([1, 1]), fit_intercept=False)
    assert lk.is_separable(X, np.array([1, 1]), fit_intercept=True)


@pytest.mark.parametrize("scale", [1e-6, 1e-3, 1.0, 1e3, 1e6])
def test_the_answer_does_not_depend_on_the_units(scale):
    # w = (b, w1/s, w2/s) separates s * X when (b, w1, w2) separates X, and back
    for X, y in (lk.datasets.noisy(40, seed=3), lk.datasets.separable(40, margin=0.05, seed=1)):
        assert check_exact_evidence(scale * X, y, True) == check_exact_evidence(X, y, True) == separable_by_highs(X, y, True)


def test_sixty_four_pixel_digits_are_separated_with_a_witness():
    X, y = lk.datasets.digits_pair()
    assert check_exact_evidence(X, y, True) == separable_by_highs(X, y, True)


def test_is_separable_imports_no_scipy():
    code = ("import json, sys, lecturekit as lk\n"
            "print(json.dumps([lk.is_separable([[0, 0], [1, 1], [0, 1], [1, 0]], [-1, -1, 1, 1]),\n"
            "                  'scipy' in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [False, False]
