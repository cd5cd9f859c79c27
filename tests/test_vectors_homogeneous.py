"""Chapter 1-2 helpers: dot products and homogeneous coordinates, checked by hand and by geometry."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import lecturekit as lk

finite = st.floats(-100, 100, allow_nan=False, allow_infinity=False)
vec3 = arrays(np.float64, 3, elements=finite)


def test_dot_by_hand():
    assert lk.dot([1, 2, 3], [4, -5, 6]) == 4 - 10 + 18


def test_norm_is_sqrt_of_self_dot():
    assert lk.norm([3, 4]) == 5.0
    assert lk.norm([1, 2, 2]) ** 2 == pytest.approx(lk.dot([1, 2, 2], [1, 2, 2]))


def test_cosine_of_unit_vectors_is_their_dot():
    theta = 0.7
    u = [math.cos(theta), math.sin(theta)]
    v = [1.0, 0.0]
    assert lk.cosine(u, v) == pytest.approx(lk.dot(u, v)) == pytest.approx(math.cos(theta))
    assert lk.angle(u, v) == pytest.approx(theta)
    assert lk.angle([1, 0], [-1, 0], degrees=True) == pytest.approx(180.0)
    assert lk.angle([1.0, 2.0], [2.0, 4.0]) == 0.0  # exactly: no arccos rounding near 0


def test_projection_onto_a_unit_vector_has_length_dot():
    a = np.array([3.0, 4.0])
    u = np.array([1.0, 1.0]) / math.sqrt(2)
    p = lk.project(a, u)
    assert lk.norm(p) == pytest.approx(lk.dot(a, u))
    assert lk.projection_length(a, u) == pytest.approx(7 / math.sqrt(2))
    # the residual is orthogonal to the direction
    assert lk.dot(a - p, u) == pytest.approx(0.0, abs=1e-12)


@given(vec3, vec3)
def test_cauchy_schwarz_and_projection_residual(a, b):
    assert abs(lk.dot(a, b)) <= lk.norm(a) * lk.norm(b) * (1 + 1e-12) + 1e-12
    if lk.norm(b) > 1e-3:
        r = a - lk.project(a, b)
        assert abs(lk.dot(r, b)) <= 1e-7 * (1 + lk.norm(a) * lk.norm(b))


def test_zero_vector_has_no_direction():
    with pytest.raises(ValueError, match="zero vector"):
        lk.cosine([0, 0], [1, 0])
    with pytest.raises(ValueError, match="same length"):
        lk.dot([1, 2], [1, 2, 3])


def test_homogeneous_puts_the_one_first():
    Xh = lk.to_homogeneous([[2.0, 3.0], [4.0, 5.0]])
    np.testing.assert_array_equal(Xh, [[1, 2, 3], [1, 4, 5]])
    np.testing.assert_array_equal(lk.from_homogeneous(Xh), [[2, 3], [4, 5]])


def test_bias_round_trip_and_threshold_form():
    w = lk.join_bias([2.0, 3.0], -1.0)
    np.testing.assert_array_equal(w, [-1, 2, 3])
    w_, b = lk.split_bias(w)
    np.testing.assert_array_equal(w_, [2, 3])
    assert b == -1.0
    # Flach: w . x = t  <=>  (-t, w) . (1, x) = 0
    wh = lk.threshold_to_homogeneous([1.0, 1.0], 2.0)
    np.testing.assert_array_equal(wh, [-2, 1, 1])
    x = np.array([0.5, 1.5])  # on the line x1 + x2 = 2
    assert lk.dot(wh, np.concatenate([[1.0], x])) == 0.0
    wt, t = lk.homogeneous_to_threshold(wh)
    assert t == 2.0 and np.array_equal(wt, [1, 1])


@given(arrays(np.float64, (6, 2), elements=finite), st.floats(0.01, 50), vec3)
def test_scaling_w_and_b_by_k_keeps_every_decision(X, k, w):
    clf = lk.LinearClassifier(w)
    scaled = lk.LinearClassifier(k * w)
    np.testing.assert_array_equal(np.sign(clf.decision_function(X)), np.sign(scaled.decision_function(X)))


def test_split_bias_rejects_non_homogeneous():
    with pytest.raises(ValueError, match="w must be homogeneous"):
        lk.split_bias([1.0])
    with pytest.raises(ValueError, match="first all ones"):
        lk.from_homogeneous([[2.0, 3.0]])
