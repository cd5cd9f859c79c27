"""Tests of lecturekit.plot: the drawn artists carry the right geometry.

We check geometry, not pixels: points of a boundary satisfy w . (1, x) = 0,
the normal arrow points to the positive side, region colours agree with
``predict``, circled points are the ones that triggered updates.
"""

import json
import subprocess
import sys
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from matplotlib.colors import to_rgba  # noqa: E402

import lecturekit as lk  # noqa: E402
from lecturekit import plot  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture
def ax():
    return plt.subplots()[1]


def score(w, points):
    points = np.atleast_2d(np.asarray(points, dtype=float))
    return w[0] + points @ np.asarray(w[1:], dtype=float)


def assert_on_line(w, *points, tol=1e-9):
    w = np.asarray(w, dtype=float)
    scale = np.abs(w).max() * (1 + max(np.abs(np.asarray(p)).max() for p in points))
    for p in points:
        assert abs(score(w, p)[0]) <= tol * scale, (w, p)


# --------------------------------------------------------------------------
# data
# --------------------------------------------------------------------------


def test_data_draws_each_class_with_its_own_colour_and_marker(ax):
    X, y = lk.datasets.separable(30, seed=0)
    art = plot.data(X, y, ax=ax)
    assert sorted(art.points) == [-1, 1]
    for label, coll in art.points.items():
        np.testing.assert_array_equal(coll.get_offsets(), X[y == label])
    neg, pos = art.points[-1], art.points[1]
    assert not np.allclose(neg.get_facecolor(), pos.get_facecolor())
    assert neg.get_paths()[0].vertices.shape != pos.get_paths()[0].vertices.shape  # circle vs plus
    assert [t.get_text() for t in art.legend.get_texts()] == ["y = −1", "y = +1"]
    assert ax.get_xlabel() == "x₁" and ax.get_ylabel() == "x₂"


def test_data_for_k_classes_uses_distinct_markers_and_okabe_ito(ax):
    X, y = lk.datasets.blobs(5, 4, seed=0)
    art = plot.data(X, y, ax=ax, labels=["north", "west", "south", "east"])
    styles = plot.class_style(np.arange(4))
    assert len({s[1] for s in styles}) == 4 and len({s[0] for s in styles}) == 4
    for (label, coll), (colour, _, _) in zip(art.points.items(), styles):
        np.testing.assert_allclose(coll.get_facecolor()[0], to_rgba(colour))
    assert [t.get_text() for t in art.legend.get_texts()] == ["north", "west", "south", "east"]


def test_data_keeps_axis_labels_set_by_the_caller(ax):
    ax.set_xlabel("length")
    plot.data(*lk.datasets.toy(), ax=ax)
    assert ax.get_xlabel() == "length" and ax.get_ylabel() == "x₂"


def test_data_with_string_labels_and_a_dict_of_names(ax):
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]])
    art = plot.data(X, np.array(["cat", "dog", "cat"]), ax=ax, labels={"dog": "Dogs"})
    assert list(art.points) == ["cat", "dog"]
    assert [t.get_text() for t in art.legend.get_texts()] == ["cat", "Dogs"]


def test_no_ax_draws_on_the_current_axes():
    fig, ax = plt.subplots()
    plot.data(*lk.datasets.toy())
    assert plt.gca() is ax and len(ax.collections) == 2


@pytest.mark.parametrize(
    "X, message",
    [
        (np.zeros((4, 3)), r"X must have exactly 2 columns .* got shape \(4, 3\)"),
        (np.zeros((4, 1)), r"X must have exactly 2 columns"),
        (np.zeros(4), r"X must be a 2-D array"),
        ([[0.0, np.nan]] * 4, r"X contains 1 NaN|X contains 4 NaN"),
    ],
)
def test_data_rejects_x_that_is_not_2d_points(ax, X, message):
    with pytest.raises(ValueError, match=message):
        plot.data(X, [1, 1, -1, -1], ax=ax)
    assert not ax.collections  # nothing half-drawn


def test_data_rejects_labels_of_the_wrong_length(ax):
    with pytest.raises(ValueError, match=r"y has 3 labels but X has 4 rows"):
        plot.data(np.zeros((4, 2)), [1, -1, 1], ax=ax)
    with pytest.raises(ValueError, match=r"labels must give one name per class"):
        plot.data(np.zeros((4, 2)), [1, -1, 1, 1], ax=ax, labels=["only one"])


def test_ax_must_be_an_axes():
    with pytest.raises(TypeError, match=r"ax must be a matplotlib Axes"):
        plot.data(*lk.datasets.toy(), ax=plt.figure())


# --------------------------------------------------------------------------
# boundary
# --------------------------------------------------------------------------

weights = st.tuples(
    st.floats(-5, 5), st.floats(-5, 5), st.floats(-5, 5)
).filter(lambda w: abs(w[1]) + abs(w[2]) > 1e-3)


@given(w=weights)
def test_boundary_points_lie_on_the_line_and_the_normal_points_to_the_positive_side(w):
    fig, ax = plt.subplots()
    ax.set_xlim(-3, 3)
    ax.set_ylim(-2, 2)
    art = plot.boundary(w, ax=ax)
    assert_on_line(w, art.line.get_xy1(), art.line.get_xy2())
    base, tip = np.array(art.normal.xyann), np.array(art.normal.xy)
    assert_on_line(w, base)  # the arrow starts on the boundary
    direction = tip - base
    assert direction @ np.array(w[1:]) > 0
    cross = direction[0] * w[2] - direction[1] * w[1]  # parallel to (w1, w2)
    assert abs(cross) <= 1e-9 * np.linalg.norm(direction) * np.linalg.norm(w[1:])
    assert score(w, tip)[0] > 0
    plt.close(fig)


@given(w=weights, anchor=st.tuples(st.floats(-2, 2), st.floats(-2, 2)))
def test_an_anchored_normal_arrow_starts_at_the_foot_of_the_perpendicular_from_the_anchor(w, anchor):
    """The foot is the point of the line nearest to the anchor (checked against a least-distance search along the
    line), and the arrow still points to the positive side, after a draw too."""
    fig, ax = plt.subplots()
    ax.set_xlim(-3, 3)
    ax.set_ylim(-2, 2)
    art = plot.boundary(w, ax=ax, anchor=anchor)
    fig.canvas.draw()
    base, tip = np.array(art.normal.xyann), np.array(art.normal.xy)
    assert_on_line(w, base)
    p1, p2 = np.array(art.line.get_xy1()), np.array(art.line.get_xy2())
    along = (p2 - p1) / np.linalg.norm(p2 - p1)
    t = np.linspace(-50, 50, 200_001)
    line = base + t[:, None] * along
    nearest = line[np.argmin(np.linalg.norm(line - np.array(anchor), axis=1))]
    assert np.linalg.norm(nearest - base) <= 1e-3
    assert (tip - base) @ np.array(w[1:]) > 0
    plt.close(fig)


@pytest.mark.parametrize("anchor", [(1.0,), (1.0, np.nan), ((1.0, 2.0), (3.0, 4.0))])
def test_boundary_refuses_an_anchor_that_is_not_one_finite_point(ax, anchor):
    with pytest.raises(ValueError, match="anchor must be a point"):
        plot.boundary([0.0, 1.0, 1.0], ax=ax, anchor=anchor)


@pytest.mark.parametrize(
    "w, fixed",
    [([-1.0, 1.0, 0.0], {"x": 1.0}), ([2.0, 0.0, -4.0], {"y": 0.5})],
    ids=["vertical", "horizontal"],
)
def test_boundary_draws_vertical_and_horizontal_lines(ax, w, fixed):
    art = plot.boundary(w, ax=ax)
    (x1, y1), (x2, y2) = art.line.get_xy1(), art.line.get_xy2()
    if "x" in fixed:
        assert x1 == pytest.approx(fixed["x"]) and x2 == pytest.approx(fixed["x"]) and y1 != y2
    else:
        assert y1 == pytest.approx(fixed["y"]) and y2 == pytest.approx(fixed["y"]) and x1 != x2


def test_boundary_crosses_the_view_and_leaves_the_limits_alone(ax):
    X, y = lk.datasets.separable(40, seed=3)
    plot.data(X, y, ax=ax)
    limits = (ax.get_xlim(), ax.get_ylim())
    res = lk.perceptron(X, y)
    for w in res.weight_history(X, y)[1:]:
        plot.boundary(w, ax=ax, normal=False)
    plot.boundary(res, ax=ax, margin=0.1)
    assert (ax.get_xlim(), ax.get_ylim()) == limits
    # the normal arrow starts at the point of the line closest to the centre of the view
    art = plot.boundary(res.w, ax=ax)
    (x0, x1), (y0, y1) = limits
    assert x0 <= art.normal.xyann[0] <= x1 and y0 <= art.normal.xyann[1] <= y1


def _drawn_arrow(art, w):
    """Base and tip of the drawn normal arrow, and its drawn outline, in data coordinates."""
    fig = art.normal.axes.figure
    fig.canvas.draw()
    ax = art.normal.axes
    base, tip = np.array(art.normal.xyann, dtype=float), np.array(art.normal.xy, dtype=float)
    path = art.normal.arrow_patch.get_path()  # drawn in display coordinates
    outline = path.vertices if path.codes is None else path.vertices[path.codes != path.CLOSEPOLY]
    return base, tip, ax.transData.inverted().transform(outline)


@pytest.mark.parametrize("aspect", ["auto", "equal"])
def test_the_normal_arrow_keeps_its_size_when_the_data_span_is_degenerate(aspect):
    """All points share x0 = 1 (a lifted 1-D data set) or x2 = 0: the data span is zero
    in one direction; limits and aspect set after the call must still give an arrow a
    fixed fraction of the axes long on screen, starting on the boundary in view."""
    x = np.array([0.5, 1.0, 1.5, 3.0, 3.5, 4.5])
    y = np.array([-1, -1, -1, 1, 1, 1])
    cases = [(np.column_stack([np.ones(6), x]), [0.0, -2.0, 1.0], ((-0.6, 1.6), (-0.8, 5.0))),
             (np.column_stack([x, np.zeros(6)]), [-2.0, 1.0, 0.0], (None, None))]
    for X, w, (xlim, ylim) in cases:
        fig, ax = plt.subplots(figsize=(4, 4))
        plot.data(X, y, ax=ax)
        art = plot.boundary(w, ax=ax)
        if xlim:
            ax.set_xlim(*xlim)
            ax.set_ylim(*ylim)
        ax.set_aspect(aspect)
        base, tip, _ = _drawn_arrow(art, w)
        box = ax.get_window_extent()
        on_screen = ax.transData.transform(tip) - ax.transData.transform(base)
        wanted = max(0.15 * min(box.width, box.height), 18 * fig.dpi / 72)  # 15 %, at least 18 points
        assert np.hypot(*on_screen) == pytest.approx(wanted, rel=1e-6)
        assert_on_line(w, base)
        (x0, x1), (y0, y1) = sorted(ax.get_xlim()), sorted(ax.get_ylim())
        assert x0 <= base[0] <= x1 and y0 <= base[1] <= y1
        plt.close(fig)


@settings(max_examples=40, deadline=None)
@given(w=weights, aspect=st.sampled_from(["auto", "equal"]), span=st.floats(1e-6, 1e3))
def test_the_drawn_normal_arrow_lies_on_the_positive_side(w, aspect, span):
    """The whole drawn arrow (shaft and head), not only its tip, is on the side where
    w . (1, x) > 0, whatever the limits set after the call."""
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.set_xlim(-1, 1)
    ax.set_ylim(-1, 1)
    art = plot.boundary(w, ax=ax)
    ax.set_xlim(-span, span)
    ax.set_ylim(-1, 1)
    ax.set_aspect(aspect)
    base, tip, outline = _drawn_arrow(art, w)
    v = np.asarray(w[1:], dtype=float)
    assert (tip - base) @ v > 0 and score(w, tip)[0] > 0
    reach = score(w, tip)[0]
    assert np.all(score(w, outline) >= -1e-6 * reach), "part of the drawn arrow is on the negative side"
    plt.close(fig)


def test_boundary_margin_band_is_the_strip_of_the_given_width(ax):
    ax.set_xlim(-2, 2)
    ax.set_ylim(-2, 2)
    w = np.array([0.5, 3.0, 4.0])  # |(w1, w2)| = 5
    art = plot.boundary(w, ax=ax, margin=0.25)
    distances = score(w, art.band.get_xy()) / 5.0
    assert np.all(np.abs(distances) <= 0.25 + 1e-9)
    assert distances.min() == pytest.approx(-0.25) and distances.max() == pytest.approx(0.25)
    assert plot.boundary(w, ax=ax).band is None


def test_boundary_accepts_a_fitted_result(ax):
    res = lk.centroid_classifier(*lk.datasets.toy())
    art = plot.boundary(res, ax=ax, label="centroid")
    assert_on_line(res.w, art.line.get_xy1(), art.line.get_xy2())
    assert art.line.get_label() == "centroid"


@pytest.mark.parametrize(
    "w, error, message",
    [
        ([1.0, 2.0], ValueError, r"w must have length 3 for a boundary in the plane.*got length 2"),
        ([1.0, 2.0, 3.0, 4.0], ValueError, r"w must have length 3.*got length 4"),
        ([[1.0, 2.0, 3.0]], ValueError, r"w must be a 1-D array"),
        ([3.0, 0.0, 0.0], ValueError, r"w = \(3.0, 0.0, 0.0\) has no boundary: w1 = w2 = 0"),
        ("1 2 3", TypeError, r"w must be numeric"),
    ],
)
def test_boundary_rejects_bad_weights_and_draws_nothing(ax, w, error, message):
    with pytest.raises(error, match=message):
        plot.boundary(w, ax=ax)
    assert not ax.lines and not ax.texts and not ax.patches


def test_boundary_rejects_a_negative_margin(ax):
    with pytest.raises(ValueError, match=r"margin must be a distance >= 0"):
        plot.boundary([0.0, 1.0, 1.0], ax=ax, margin=-1)


# --------------------------------------------------------------------------
# regions
# --------------------------------------------------------------------------


def cell_centres(mesh):
    """Centres of the image's pixels, (ny, nx, 2), from its extent (origin lower)."""
    x0, x1, y0, y1 = mesh.get_extent()
    ny, nx = np.asarray(mesh.get_array()).shape
    xe, ye = np.linspace(x0, x1, nx + 1), np.linspace(y0, y1, ny + 1)
    xx, yy = np.meshgrid((xe[:-1] + xe[1:]) / 2, (ye[:-1] + ye[1:]) / 2)
    return np.stack([xx, yy], axis=-1)


def test_region_colours_agree_with_predict_for_a_binary_classifier(ax):
    X, y = lk.datasets.separable(40, seed=1)
    model = lk.perceptron(X, y)
    art = plot.regions(model, X, ax=ax, resolution=40)
    centres = cell_centres(art.mesh).reshape(-1, 2)
    np.testing.assert_allclose(centres, np.column_stack([art.xx.ravel(), art.yy.ravel()]))
    codes = np.asarray(art.mesh.get_array()).ravel()
    np.testing.assert_array_equal(art.classes[codes], model.predict(centres))
    colours = art.mesh.cmap(art.mesh.norm(codes))
    expected = {-1: to_rgba("#D55E00"), 1: to_rgba("#0072B2")}
    for label in (-1, 1):
        np.testing.assert_allclose(colours[art.classes[codes] == label][:, :3],
                                   np.tile(expected[label][:3], ((art.classes[codes] == label).sum(), 1)))
    assert art.ambiguous is None and art.ambiguous_mask is None


@pytest.mark.parametrize("fit", [lk.one_vs_rest, lk.one_vs_one], ids=["one-vs-rest", "pairwise"])
def test_ambiguous_regions_are_shaded_where_the_model_says_so(ax, fit):
    X, y = lk.datasets.blobs(10, 3, seed=0)
    model = fit(X, y, method="centroid")
    art = plot.regions(model, X, ax=ax, resolution=60)
    centres = cell_centres(art.mesh).reshape(-1, 2)
    codes = np.asarray(art.mesh.get_array()).ravel()
    np.testing.assert_array_equal(art.classes[codes], model.predict(centres))
    np.testing.assert_array_equal(art.ambiguous_mask.ravel(), model.ambiguous(centres))
    if fit is lk.one_vs_rest:
        assert art.ambiguous_mask.any()
    if art.ambiguous_mask.any():
        assert art.ambiguous is not None and art.ambiguous.hatches == ["///"]
        assert art.ambiguous.zorder > art.mesh.zorder


def test_linear_machine_has_no_ambiguous_region(ax):
    X, y = lk.datasets.blobs(10, 3, seed=0)
    art = plot.regions(lk.linear_machine(X, y), X, ax=ax, resolution=30)
    assert not art.ambiguous_mask.any() and art.ambiguous is None
    assert art.classes.tolist() == [0, 1, 2]


def test_regions_of_an_estimator_with_string_labels_use_its_classes(ax):
    X, y = lk.datasets.toy()
    clf = lk.Perceptron().fit(X, np.where(y > 0, "yes", "no"))
    art = plot.regions(clf, X, ax=ax, resolution=20)
    codes = np.asarray(art.mesh.get_array()).ravel()
    np.testing.assert_array_equal(art.classes[codes], clf.predict(cell_centres(art.mesh).reshape(-1, 2)))
    assert art.classes.tolist() == ["no", "yes"]


def test_regions_take_the_area_from_the_axes_when_no_x_is_given(ax):
    X, y = lk.datasets.toy()
    plot.data(X, y, ax=ax)
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    art = plot.regions(lk.perceptron(X, y), ax=ax, resolution=10)
    assert list(art.mesh.get_extent()) == pytest.approx([x0, x1, y0, y1])
    assert art.mesh.origin == "lower"


def test_regions_reject_a_model_without_predict(ax):
    with pytest.raises(TypeError, match=r"model must have a predict\(X\) method.*got ndarray.*boundary"):
        plot.regions(np.array([0.0, 1.0, 1.0]), np.zeros((3, 2)), ax=ax)
    assert not ax.collections


def test_regions_reject_a_model_of_three_features(ax):
    X, y = lk.datasets.separable(20, 3, seed=0)
    with pytest.raises(ValueError, match=r"model was fitted on 3 feature\(s\)"):
        plot.regions(lk.perceptron(X, y), X[:, :2], ax=ax)


def test_regions_reject_x_that_is_not_2d(ax):
    X, y = lk.datasets.toy()
    with pytest.raises(ValueError, match=r"X must have exactly 2 columns"):
        plot.regions(lk.perceptron(X, y), np.zeros((4, 3)), ax=ax)


def test_regions_need_an_area(ax):
    with pytest.raises(ValueError, match=r"regions needs an area to colour: pass X"):
        plot.regions(lk.perceptron(*lk.datasets.toy()), ax=ax)


# --------------------------------------------------------------------------
# perceptron trace, mistakes, learning curves
# --------------------------------------------------------------------------


def test_trace_circles_the_examples_that_triggered_updates(ax):
    X, y = lk.datasets.toy()
    res = lk.perceptron(X, y)
    art = plot.perceptron_trace(res, X, y, ax=ax)
    assert res.trace.index.tolist() == [0, 3, 1, 3]
    assert art.circled.tolist() == [0, 3, 1]
    np.testing.assert_array_equal(art.circles.get_offsets(), X[[0, 3, 1]])
    assert set(art.circled.tolist()) == set(res.trace.index.tolist())
    history = res.weight_history(X, y)
    assert art.steps == (1, 2, 3, 4) and len(art.lines) == 4
    for k, line in zip(art.steps, art.lines):
        assert_on_line(history[k], line.get_xy1(), line.get_xy2())
    assert art.final.line is art.lines[-1]
    assert_on_line(res.w, art.final.line.get_xy1())
    assert score(res.w, art.final.normal.xy)[0] > 0
    assert art.start is None  # w = 0 has no boundary


def test_trace_from_the_basic_linear_classifier_as_in_flach_fig_7_5(ax):
    X, y = lk.datasets.unbalanced(40, 20, seed=0)
    w0 = lk.centroid_classifier(X, y).w
    res = lk.perceptron(X, y, eta=0.5, w0=w0)
    art = plot.perceptron_trace(res, X, y, ax=ax, every=3)
    assert_on_line(w0, art.start.line.get_xy1(), art.start.line.get_xy2())
    n = res.n_updates
    assert art.steps == tuple(range(3, n + 1, 3)) + ((n,) if n % 3 else ())
    np.testing.assert_array_equal(np.unique(art.circled), np.unique(res.trace.index))
    np.testing.assert_array_equal(art.circles.get_offsets(), X[art.circled])


def test_trace_of_a_fit_without_updates_draws_the_start_with_its_normal(ax):
    X, y = lk.datasets.toy()
    res = lk.perceptron(X, y, w0=lk.perceptron(X, y).w)
    art = plot.perceptron_trace(res, X, y, ax=ax)
    assert res.n_updates == 0 and art.lines == () and art.final is None
    assert art.start.normal is not None and art.circled.size == 0


def test_trace_rejects_a_result_without_updates_and_foreign_data(ax):
    X, y = lk.datasets.toy()
    with pytest.raises(TypeError, match=r"result must be a perceptron result with a trace"):
        plot.perceptron_trace(lk.centroid_classifier(X, y), X, y, ax=ax)
    with pytest.raises(ValueError, match=r"not the data this perceptron was trained on"):
        plot.perceptron_trace(lk.perceptron(X, y), 2 * X, y, ax=ax)
    X3, y3 = lk.datasets.separable(10, 3, seed=0)
    with pytest.raises(ValueError, match=r"X must have exactly 2 columns"):
        plot.perceptron_trace(lk.perceptron(X3, y3), X3, y3, ax=ax)
    assert not ax.collections and not ax.lines


def test_mistakes_bars_are_the_mistakes_per_epoch(ax):
    X, y = lk.datasets.separable(40, seed=2)
    res = lk.perceptron(X, y)
    bars = plot.mistakes(res, ax=ax)
    assert [b.get_height() for b in bars] == res.mistakes_per_epoch.tolist()
    assert [b.get_x() + b.get_width() / 2 for b in bars] == list(range(1, res.epochs + 1))


@pytest.mark.parametrize(
    "make, attribute, first",
    [
        (lambda X, y: lk.perceptron(X, y), "mistakes_per_epoch", 1),
        (lambda X, y: lk.batch_perceptron(X, y), "criterion", 0),
        (lambda X, y: lk.lms(X, y, epochs=20), "sse", 0),
    ],
    ids=["perceptron", "batch", "lms"],
)
def test_learning_curve_of_a_result(ax, make, attribute, first):
    X, y = lk.datasets.separable(30, seed=0)
    res = make(X, y)
    line = plot.learning_curve(res, ax=ax)
    values = getattr(res, attribute)
    np.testing.assert_array_equal(line.get_ydata(), values)
    assert line.get_xdata().tolist() == list(range(first, first + len(values)))
    assert ax.get_xlabel() in ("epoch", "iteration") and ax.get_ylabel()


def test_learning_curve_of_plain_values(ax):
    line = plot.learning_curve([3, 2, 2, 0], ax=ax, ylabel="errors", label="run 1")
    assert line.get_xdata().tolist() == [1, 2, 3, 4] and ax.get_ylabel() == "errors"
    with pytest.raises(ValueError, match=r"values must be a 1-D array"):
        plot.learning_curve([[1, 2], [3, 4]], ax=ax)


# --------------------------------------------------------------------------
# criterion surface
# --------------------------------------------------------------------------


@given(w=st.lists(st.floats(-3, 3), min_size=3, max_size=3))
def test_criterion_grid_agrees_with_the_core_functions(w):
    X, y = lk.datasets.noisy(25, seed=4)
    J = plot.criterion_grid(X, y, [w], kind="perceptron")[0]
    assert J == pytest.approx(lk.perceptron_criterion(w, X, y), abs=1e-12)
    E = plot.criterion_grid(X, y, [w], kind="sse")[0]
    assert E == pytest.approx(np.sum((y - X @ np.array(w[1:]) - w[0]) ** 2))


def test_surface_holds_the_bias_and_carries_the_path_of_batch_descent(ax):
    X, y = lk.datasets.toy()
    res = lk.batch_perceptron(X, y, fit_intercept=False, eta=0.3)
    art = plot.criterion_surface(X, y, ax=ax, path=res, resolution=31)
    assert art.free == (1, 2) and art.base.tolist() == [0.0, 0.0, 0.0]
    np.testing.assert_array_equal(art.path.get_xydata(), res.path[:, 1:])
    np.testing.assert_array_equal(art.end.get_xydata(), res.path[-1:, 1:])
    i, j = 7, 19
    w = [0.0, art.W1[i, j], art.W2[i, j]]
    assert art.J[i, j] == pytest.approx(lk.perceptron_criterion(w, X, y))
    # the path lies on the surface: w0 stays 0 without an intercept
    assert np.all(res.path[:, 0] == 0)
    # the grid covers the path
    assert art.W1.min() < res.path[:, 1].min() and art.W2.max() > res.path[:, 2].max()
    assert ax.get_xlabel() == "w₁" and ax.get_ylabel() == "w₂"


def test_surface_over_bias_and_slope_for_1d_data_with_sse(ax):
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([-1, -1, 1, 1])
    res = lk.lms(X, y, eta=0.05, epochs=30, mode="batch")
    art = plot.criterion_surface(X, y, ax=ax, kind="sse", path=res, resolution=41)
    assert art.free == (0, 1)
    w_ls = np.linalg.lstsq(np.hstack([np.ones((4, 1)), X]), y, rcond=None)[0]
    assert art.W1.min() < w_ls[0] < art.W1.max() and art.W2.min() < w_ls[1] < art.W2.max()
    i, j = np.unravel_index(np.argmin(art.J), art.J.shape)
    assert np.hypot(art.W1[i, j] - w_ls[0], art.W2[i, j] - w_ls[1]) < 0.2


def test_surface_with_a_fixed_weight_vector_and_chosen_free_coordinates(ax):
    X, y = lk.datasets.toy()
    art = plot.criterion_surface(X, y, ax=ax, free=(0, 2), fixed=[9.0, -1.0, 9.0], resolution=11)
    assert art.base.tolist() == [9.0, -1.0, 9.0]
    w = [art.W1[3, 4], -1.0, art.W2[3, 4]]
    assert art.J[3, 4] == pytest.approx(lk.perceptron_criterion(w, X, y))


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"free": (1, 1)}, r"free must be two different coordinates of w in 0..2"),
        ({"free": (0, 3)}, r"free must be two different coordinates"),
        ({"path": np.zeros((5, 2))}, r"path must have 3 columns"),
        ({"fixed": [0.0, 1.0]}, r"fixed must have length 3"),
        ({"kind": "hinge"}, r"kind must be one of 'perceptron', 'sse'"),
        ({"bounds": (1, 0, 0, 1)}, r"bounds must be"),
    ],
)
def test_surface_rejects_bad_arguments(ax, kwargs, message):
    with pytest.raises(ValueError, match=message):
        plot.criterion_surface(*lk.datasets.toy(), ax=ax, **kwargs)
    assert not ax.collections


# --------------------------------------------------------------------------
# feature map
# --------------------------------------------------------------------------


def test_feature_map_draws_a_conic_in_raw_space_and_a_line_in_squared_space():
    X, y = lk.datasets.ring(80, seed=0)
    res = lk.perceptron(lk.square_features(X), y, max_epochs=1000)
    w = res.w
    fig, axes = plt.subplots(1, 2)
    art = plot.feature_map(X, y, res, axes=axes)
    vertices = np.vstack(art.conic.get_segments())
    conic = w[0] + w[1] * vertices[:, 0] ** 2 + w[2] * vertices[:, 1] ** 2
    assert np.abs(conic).max() < 1e-2 * np.abs(w).max()
    assert_on_line(w, art.line.line.get_xy1(), art.line.line.get_xy2())
    np.testing.assert_allclose(art.squared.points[1].get_offsets(), X[y == 1] ** 2)
    np.testing.assert_allclose(art.raw.points[-1].get_offsets(), X[y == -1])
    assert axes[1].get_xlabel() == "x₁²"
    # every positive is inside the drawn curve: the conic separates what the line separates
    assert np.all(score(w, X[y == 1] ** 2) > 0)


def test_feature_map_makes_its_own_figure_when_no_axes_are_given():
    X, y = lk.datasets.ring(40, seed=1)
    art = plot.feature_map(X, y, [-1.0, 1.0, 1.0])
    assert len(art.axes) == 2 and art.axes[0].figure is art.axes[1].figure


def test_feature_map_rejects_bad_input():
    X, y = lk.datasets.ring(40, seed=1)
    with pytest.raises(ValueError, match=r"w must have length 3"):
        plot.feature_map(X, y, [1.0, 1.0])
    with pytest.raises(ValueError, match=r"X must have exactly 2 columns"):
        plot.feature_map(np.hstack([X, X]), y, [-1.0, 1.0, 1.0])
    with pytest.raises(TypeError, match=r"axes must be two or three matplotlib Axes"):
        plot.feature_map(X, y, [-1.0, 1.0, 1.0], axes=plt.subplots()[1])


# --------------------------------------------------------------------------
# vectors
# --------------------------------------------------------------------------


@given(
    a=st.tuples(st.floats(-4, 4), st.floats(-4, 4)).filter(lambda v: np.hypot(*v) > 0.1),
    b=st.tuples(st.floats(-4, 4), st.floats(-4, 4)).filter(lambda v: np.hypot(*v) > 0.1),
)
def test_vectors_draw_the_projection_and_the_angle(a, b):
    fig, ax = plt.subplots()
    art = plot.vectors(a, b, ax=ax)
    assert art.a.xy == pytest.approx(a) and art.b.xy == pytest.approx(b)
    p = art.projection.get_xydata()[1]
    np.testing.assert_allclose(p, lk.project(a, b), atol=1e-12)
    drop = art.drop.get_xydata()
    assert (drop[0] - drop[1]) @ np.array(b) == pytest.approx(0.0, abs=1e-9)  # perpendicular to b
    theta = lk.angle(a, b, degrees=True)
    assert art.angle_label.get_text() == f"θ = {theta:.1f}°"
    # lk.angle uses arccos, which is off by ~1e-6 degrees for (nearly) parallel vectors
    assert art.angle.theta2 - art.angle.theta1 == pytest.approx(theta, abs=1e-4)
    plt.close(fig)


def test_vectors_widen_the_limits_to_the_tips_and_set_equal_aspect(ax):
    plot.vectors([3.0, 1.0], [-1.0, 2.0], ax=ax)
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    assert x0 <= -1 and x1 >= 3 and y0 <= 0 and y1 >= 2
    assert ax.get_aspect() == 1.0


def test_vectors_with_a_zero_vector_skip_what_is_undefined(ax):
    art = plot.vectors([1.0, 1.0], [0.0, 0.0], ax=ax)
    assert art.angle is None and art.projection is None
    art = plot.vectors([0.0, 0.0], [1.0, 1.0], ax=ax)
    assert art.angle is None and art.projection is not None


def test_vectors_alt_text_names_the_dotted_perpendicular_and_the_side_a_minus_b(ax):
    art = plot.vectors([3.0, 1.0], [2.0, 0.0], ax=ax, show_difference=True)
    text = plot.description(ax)
    assert "a dotted line drops at a right angle from the tip of a to that point on the line of b" in text
    assert art.drop.get_linestyle() == ":"
    # the dashed third side runs from the tip of b to the tip of a; its length is that of a - b = (1, 1)
    np.testing.assert_array_equal(art.difference.get_xydata(), [[2.0, 0.0], [3.0, 1.0]])
    assert art.difference_label.get_text() == "a − b"
    assert f"a − b, of length {np.sqrt(2):.3g}" in text


def test_vectors_alt_text_has_no_perpendicular_when_a_lies_on_the_line_of_b(ax):
    art = plot.vectors([2.0, 4.0], [1.0, 2.0], ax=ax)
    text = plot.description(ax)
    assert "dotted line drops" not in text and "a lies on the line of b" in text
    assert art.difference is None


def test_vectors_labels_of_a_narrow_angle_and_the_projection_do_not_overlap():
    fig, ax = plt.subplots(figsize=(4.8, 4.4))
    ax.set_xlim(-4.5, 4.5), ax.set_ylim(-4.5, 4.5)
    art = plot.vectors([2.0, 1.0], [1.0, 2.0], ax=ax)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in (art.angle_label, art.projection_label)]
    assert not boxes[0].overlaps(boxes[1])
    plt.close(fig)


def test_vectors_must_be_in_the_plane(ax):
    with pytest.raises(ValueError, match=r"a must be a vector in the plane, of length 2; got length 3"):
        plot.vectors([1, 2, 3], [1, 0], ax=ax)
    with pytest.raises(ValueError, match=r"b must be a 1-D array"):
        plot.vectors([1, 2], [[1, 0]], ax=ax)


# --------------------------------------------------------------------------
# Manners: no show, no cla, no rcParams, no pyplot on import
# --------------------------------------------------------------------------


def test_no_function_calls_show_or_cla_or_changes_rcparams(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("lecturekit.plot must not call this")

    fig, axes = plt.subplots(2, 4)  # Axes.__init__ itself calls clear(): make them first
    axes = axes.ravel()
    monkeypatch.setattr(plt, "show", forbidden)
    monkeypatch.setattr(matplotlib.axes.Axes, "cla", forbidden)
    monkeypatch.setattr(matplotlib.axes.Axes, "clear", forbidden)
    before = dict(matplotlib.rcParams)
    X, y = lk.datasets.separable(20, seed=0)
    res = lk.perceptron(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        plot.data(X, y, ax=axes[0])
        plot.boundary(res, ax=axes[0], margin=0.05)
        plot.regions(res, X, ax=axes[1])
        plot.perceptron_trace(res, X, y, ax=axes[2])
        plot.mistakes(res, ax=axes[3])
        plot.learning_curve(res, ax=axes[4])
        plot.criterion_surface(X, y, ax=axes[5], path=lk.batch_perceptron(X, y, fit_intercept=False))
        plot.vectors([1, 2], [2, 0], ax=axes[6])
        Xr, yr = lk.datasets.ring(40, seed=0)
        plot.feature_map(Xr, yr, [-1.0, 1.0, 1.0], axes=[axes[7], axes[3]])
        fig.canvas.draw()
    assert dict(matplotlib.rcParams) == before


def test_importing_lecturekit_plot_does_not_import_pyplot():
    code = ("import json, sys, lecturekit as lk; lk.plot; "
            "print(json.dumps(['matplotlib' in sys.modules, 'matplotlib.pyplot' in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [True, False]


def test_shared_legend_replaces_the_panels_own_legends():
    """perceptron_trace draws a legend of its own; shared_legend puts one below the panels instead, each entry
    once, and leaves no panel legend behind (chapter 4's figures rely on it)."""
    import matplotlib.pyplot as plt

    X, y = lk.datasets.toy()
    res = lk.perceptron(X, y)
    fig, axes = plt.subplots(1, 2, layout="constrained")
    for ax in axes:
        lk.plot.perceptron_trace(res, X, y, ax=ax)
    assert all(ax.get_legend() is not None for ax in axes)
    legend = lk.plot.shared_legend(fig)
    labels = [t.get_text() for t in legend.get_texts()]
    assert all(ax.get_legend() is None for ax in axes)
    assert len(labels) == len(set(labels)) and "final boundary" in labels and "triggered an update" in labels
    plt.close(fig)


def test_a_small_trace_draws_its_points_larger_than_a_large_one():
    import matplotlib.pyplot as plt

    X, y = lk.datasets.toy()
    Xu, yu = lk.datasets.unbalanced(40, 20, seed=0)
    fig, axes = plt.subplots(1, 2)
    small = lk.plot.perceptron_trace(lk.perceptron(X, y), X, y, ax=axes[0])
    large = lk.plot.perceptron_trace(lk.perceptron(Xu, yu), Xu, yu, ax=axes[1])
    size = lambda art: {float(s) for p in art.data.points.values() for s in p.get_sizes()}  # noqa: E731
    assert min(size(small)) > max(size(large))
    plt.close(fig)


def test_a_guide_line_is_drawn_under_the_points_and_not_called_a_boundary():
    """guide=True: the line sits below the scatter markers (zorder 1 < 2) and its text alternative
    names it a guide line with the mathtext read as plain text, not "the boundary" with raw LaTeX."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    try:
        plot.data(np.array([[1.0, 3.0], [1.0, 1.0]]), np.array([1, -1]), ax=ax)
        art = plot.boundary([-1.0, 1.0, 0.0], ax=ax, normal=False, guide=True, label="data line $x_0 = 1$")
        marker_z = min(c.get_zorder() for c in ax.collections)
        assert art.line.get_zorder() < marker_z
        text = ax.__dict__[plot._DESCRIPTION][-1]
        assert "guide line “data line x₀ = 1” (not a boundary)" in text and "$" not in text
        assert "boundary “" not in text
        real = plot.boundary([-2.0, 0.0, 1.0], ax=ax, label="b")
        assert real.line.get_zorder() > marker_z
        assert "the boundary “b”" in ax.__dict__[plot._DESCRIPTION][-1]
        with pytest.raises((TypeError, ValueError), match="guide"):
            plot.boundary([-1.0, 1.0, 0.0], ax=ax, guide="yes")
    finally:
        plt.close(fig)


def test_a_trace_with_counts_labels_each_ring_with_its_number_of_updates():
    """perceptron_trace(counts=True): one "α = k" label per ringed example, k = result.alpha of that example (on the
    toy set: examples 0, 1 once and 3 twice, as a hand run of Alg. 7.1 gives), and the text alternative lists them."""
    X, y = lk.datasets.toy()
    res = lk.perceptron(X, y)
    fig, ax = plt.subplots()
    art = lk.plot.perceptron_trace(res, X, y, ax=ax, counts=True)
    labels = sorted(t.get_text() for t in ax.texts if t.get_text().startswith("α = "))
    assert labels == sorted(f"α = {res.alpha[i]}" for i in art.circled)
    assert sorted(res.alpha[art.circled].tolist()) == [1, 1, 2]
    text = lk.plot.description(ax)
    for i in art.circled:
        assert f"({X[i, 0]:g}, {X[i, 1]:g}) α = {res.alpha[i]}".replace("-", "−") in text
    plt.close(fig)
    fig, ax = plt.subplots()
    lk.plot.perceptron_trace(res, X, y, ax=ax)
    assert not any(t.get_text().startswith("α = ") for t in ax.texts) and "α =" not in lk.plot.description(ax)
    plt.close(fig)


def test_boundary_closest_names_the_point_with_the_smallest_signed_distance():
    """boundary(closest=(X, y)): the text alternative names the training point with the smallest y_i w.(1, x_i)/|w|
    (worked by hand on four points) and whether it is inside the view."""
    X = np.array([[0.0, 2.0], [3.0, 3.0], [0.0, -1.0], [2.0, -4.0]])
    y = np.array([1, 1, -1, -1])
    w = [0.0, 0.0, 1.0]               # the line x2 = 0: signed distances 2, 3, 1, 4
    fig, ax = plt.subplots()
    ax.set(xlim=(-1, 1), ylim=(-2, 2.5))
    lims = (ax.dataLim.bounds, ax.get_xlim(), ax.get_ylim())
    art = lk.plot.boundary(w, ax=ax, closest=(X, y), color="#009E73")
    assert ("passes closest to the training point (0, −1), inside the view, marked by an open square in the line's "
            "colour") in lk.plot.description(ax)
    # the square is drawn on that point, open, in the line's colour, outside the legend and the data limits
    assert art.closest in ax.get_children() and art.closest.get_xydata().tolist() == [[0.0, -1.0]]
    assert art.closest.get_marker() == "s" and art.closest.get_markerfacecolor() == "none"
    assert art.closest.get_markeredgecolor() == art.line.get_color() == "#009E73"
    assert ax.get_legend_handles_labels() == ([], [])
    assert (ax.dataLim.bounds, ax.get_xlim(), ax.get_ylim()) == lims
    assert lk.plot.boundary(w, ax=ax).closest is None
    # a second line closest to the same point: a larger square, so that both show
    second = lk.plot.boundary([0.0, 0.1, 1.0], ax=ax, closest=(X, y), color="#CC79A7").closest
    assert second.get_xydata().tolist() == [[0.0, -1.0]] and second.get_markersize() > art.closest.get_markersize()
    ax.set(xlim=(1, 2))
    lk.plot.boundary(w, ax=ax, closest=(X, y), label="again")
    assert "passes closest to the training point (0, −1), outside the view." in lk.plot.description(ax)
    with pytest.raises(TypeError, match="closest must be a pair"):
        lk.plot.boundary(w, ax=ax, closest=X)
    plt.close(fig)


def test_run_lengths_keeps_the_label_of_the_highest_ring_inside_the_axes():
    """run_lengths: the labels of the rings, the highest one's included, are drawn inside the axes."""
    fig, ax = plt.subplots(figsize=(7, 3.6))
    x = np.geomspace(0.1, 200, 30)
    counts = np.arange(30) % 7 + np.arange(30)
    marked = {f"r{k}": (x[k], int(counts[k])) for k in (0, 10, 20, 29)}
    lk.plot.run_lengths(x, counts, ax=ax, marked=marked)
    fig.canvas.draw()
    box = ax.get_window_extent()
    for t in ax.texts:
        e = t.get_window_extent()
        assert box.y0 <= e.y0 and e.y1 <= box.y1, (t.get_text(), e, box)
    plt.close(fig)
