"""One-vs-rest, pairwise and the linear machine."""

import numpy as np
import pytest
from sklearn.datasets import load_iris

import lecturekit as lk

X3 = np.array([[0.0, 0.0], [0.0, 1.0], [4.0, 0.0], [4.0, 1.0], [2.0, 5.0], [2.0, 6.0]])
Y3 = np.array(["a", "a", "b", "b", "c", "c"])


def test_one_vs_rest_ambiguous_region_by_hand():
    # hand-made classifiers: a claims x < 1, b claims x > 3, c claims y > 3
    W = np.array([[1.0, -1.0, 0.0], [-3.0, 1.0, 0.0], [-3.0, 0.0, 1.0]])
    model = lk.multiclass.OneVsRestModel(classes=np.array(["a", "b", "c"]), W=W,
                                         means=np.array([[0.0, 0.5], [4.0, 0.5], [2.0, 5.5]]))
    pts = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 5.0], [4.0, 0.5]])
    # (2, 0): nobody claims it -> ambiguous; (0, 5): a and c claim it -> ambiguous
    np.testing.assert_array_equal(model.ambiguous(pts), [False, True, True, False])
    # nearest class mean among the candidates: (2, 0) -> all classes: a (dist^2 4.25) vs b (4.25) vs c: tie
    # goes to the first; (0, 5) -> candidates a, c: c is nearer (4.25 < 20.25)
    np.testing.assert_array_equal(model.predict(pts), ["a", "a", "c", "b"])


def test_one_vs_rest_and_pairwise_learn_separable_blobs_with_string_labels():
    for fit in (lk.one_vs_rest, lk.one_vs_one):
        model = fit(X3, Y3)
        np.testing.assert_array_equal(model.predict(X3), Y3)
        assert not model.ambiguous(X3).any()


def test_pairwise_votes_and_ties():
    model = lk.one_vs_one(X3, Y3, method="centroid")
    assert len(model.pairs) == 3
    v = model.votes(X3)
    assert v.sum(axis=1).tolist() == [3] * 6  # every pairwise classifier votes once
    Z = np.random.default_rng(0).uniform(-2, 8, size=(400, 2))
    v = model.votes(Z)
    tie = (v == v.max(1, keepdims=True)).sum(1) > 1
    np.testing.assert_array_equal(model.ambiguous(Z), tie)


def test_linear_machine_boundaries_are_weight_differences():
    res = lk.linear_machine(X3, Y3)
    assert res.converged
    np.testing.assert_array_equal(res.predict(X3), Y3)
    Z = np.random.default_rng(1).uniform(-2, 8, size=(300, 2))
    g = res.decision_function(Z)
    for i in range(3):
        for j in range(3):
            if i != j:
                wij = res.boundary(i, j)
                np.testing.assert_allclose(lk.to_homogeneous(Z) @ wij, g[:, i] - g[:, j], atol=1e-9)
    assert not res.ambiguous(Z).any()


def test_linear_machine_with_two_classes_is_the_perceptron_on_the_difference():
    X, y = lk.datasets.separable(40, 2, margin=0.05, seed=3)
    lm = lk.linear_machine(X, y, max_epochs=1000)
    p = lk.perceptron(X, y, eta=2.0, max_epochs=1000)
    # class order is (-1, +1): w_+ - w_- follows the perceptron with step 2 eta
    np.testing.assert_array_equal(lm.W[1] - lm.W[0], p.w)


def test_iris_linear_machine_beats_chance_and_ovr_has_ambiguous_points():
    iris = load_iris()
    X, y = iris.data, iris.target_names[iris.target]
    with pytest.warns(lk.ConvergenceWarning):  # versicolor and virginica overlap: not separable
        lm = lk.linear_machine(X, y, max_epochs=1000)
    assert lm.score(X, y) > 0.9
    assert not lm.ambiguous(X).any()
    ovr = lk.one_vs_rest(X, y, method="least_squares")
    assert ovr.ambiguous(X).any()  # versicolor is hard to cut off from both sides with one line
    assert ovr.score(X, y) > 0.6


def test_labels_need_two_classes():
    with pytest.raises(ValueError, match="at least two classes"):
        lk.one_vs_rest(X3, ["a"] * 6)


def test_a_linear_machine_built_by_hand_needs_no_training_record():
    """LinearMachineResult(classes, W, means) without the training fields is a machine that predicts by argmax; its
    mistake record is empty (it was never trained), not an error."""
    W = np.array([[0.0, 1.0, 0.0], [0.0, -1.0, 0.0]])
    machine = lk.multiclass.LinearMachineResult(classes=np.array([0, 1]), W=W, means=np.array([[1.0, 0.0], [-1.0, 0.0]]))
    assert machine.mistakes_per_epoch.tolist() == [] and machine.n_updates == 0 and not machine.converged
    assert machine.predict(np.array([[2.0, 5.0], [-3.0, 1.0], [0.0, 0.0]])).tolist() == [0, 1, 0]
