"""Points that carry their numbers, so that "example 2" in a text, a trace or the
stepper's title can be found in the figure (lk.plot.data(numbers=...),
lk.plot.perceptron_trace(numbers=...), the stepper on small data sets)."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Annotation  # noqa: E402

import lecturekit as lk  # noqa: E402


def test_numbers_label_each_point_with_its_row_of_x():
    X, y = lk.datasets.toy()
    fig, ax = plt.subplots()
    art = lk.plot.data(X, y, ax=ax, numbers=True)
    assert [t.get_text() for t in art.numbers] == [str(k) for k in range(len(X))]
    assert [tuple(t.xy) for t in art.numbers] == [tuple(x) for x in X.tolist()]
    assert "labelled with its number, 0 to 3, in the order of the data" in lk.plot.description(fig)
    plt.close(fig)


def test_labels_of_ones_own_and_no_labels_by_default():
    X, y = lk.datasets.toy()
    fig, ax = plt.subplots()
    art = lk.plot.data(X, y, ax=ax, numbers=["A", "B", "C", "D"])
    assert [t.get_text() for t in art.numbers] == ["A", "B", "C", "D"]
    assert "each point is labelled (A at (0, 3)" in lk.plot.description(fig)
    fig2, ax2 = plt.subplots()
    assert lk.plot.data(X, y, ax=ax2).numbers == ()
    assert "labelled" not in lk.plot.description(fig2)
    plt.close(fig)
    plt.close(fig2)


@pytest.mark.parametrize("bad, error", [(["a", "b"], ValueError), ("abcd", TypeError), (3, TypeError)])
def test_numbers_must_give_one_label_per_point(bad, error):
    X, y = lk.datasets.toy()
    fig, ax = plt.subplots()
    with pytest.raises(error, match="numbers must"):
        lk.plot.data(X, y, ax=ax, numbers=bad)
    with pytest.raises(error, match="numbers must"):
        lk.plot.perceptron_trace(lk.perceptron(X, y), X, y, ax=ax, numbers=bad, show_data=False)
    plt.close(fig)


def test_a_trace_numbers_the_points_its_updates_name():
    X, y = lk.datasets.toy()
    res = lk.perceptron(X, y)
    fig, ax = plt.subplots()
    art = lk.plot.perceptron_trace(res, X, y, ax=ax, numbers=True)
    numbered = {t.get_text(): tuple(t.xy) for t in art.data.numbers}
    # the ringed points are the examples of the trace, found by their numbers
    for k in art.circled.tolist():
        assert numbered[str(k)] == tuple(X[k].tolist())
    plt.close(fig)


def test_the_stepper_numbers_small_data_sets_as_its_title_names_them():
    pytest.importorskip("ipywidgets")
    X, y = lk.datasets.toy()
    stepper = lk.widgets.perceptron_stepper(X, y)
    stepper.controls["step"].value = 2
    ax = stepper.figure.axes[0]
    numbered = {t.get_text(): tuple(t.xy) for t in ax.texts if isinstance(t, Annotation) and t.get_text().isdigit()}
    assert numbered == {str(k): tuple(x) for k, x in enumerate(X.tolist())}
    title = next(t.get_text() for t in ax.texts if t.get_text().startswith("update 2"))
    k = stepper.state["index"]
    assert f"example {k}" in title and numbered[str(k)] == tuple(X[k].tolist())
    # a large data set is left unnumbered (the labels would cover the points)
    big_X, big_y = lk.datasets.separable(40, seed=0)
    assert len(big_X) > lk.explorers.stepper.STEPPER_NUMBERED
    big = lk.widgets.perceptron_stepper(big_X, big_y)
    assert not [t for t in big.figure.axes[0].texts if isinstance(t, Annotation) and t.get_text().isdigit()]
