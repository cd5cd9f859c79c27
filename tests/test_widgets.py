"""Tests of lecturekit.widgets without a browser.

Each explorer's update logic is a plain ``*_state`` function, checked here
against the core functions.  The explorers themselves are built, driven by
setting control values from Python (what a slider does in the browser), and
checked for the new state, the new artists and a new picture in the Output.
"""

import base64
import html
import io
import json
import re
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import ipywidgets  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import lecturekit as lk  # noqa: E402
from lecturekit import widgets  # noqa: E402
from lecturekit.explorers.gradient_descent import _through_origin  # noqa: E402
from lecturekit.explorers.outlier import _outlier_pool  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

EXPLORERS = [
    widgets.dot_product_explorer,
    widgets.hyperplane_explorer,
    widgets.perceptron_stepper,
    widgets.learning_rate_explorer,
    widgets.gradient_descent_explorer,
    widgets.multiclass_explorer,
    widgets.feature_map_explorer,
    widgets.outlier_explorer,
    widgets.bound_explorer,
]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def picture(box):
    """The PNG (base64) that the explorer's Output shows, in an <img> whose alt is the figure's description."""
    (out,) = box.output.outputs
    assert out["output_type"] == "display_data"
    match = re.fullmatch(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)" width="\d+" height="\d+" '
                         r'alt="([^"]*)" class="lk-explorer-figure"/>(<script>.*</script>)',
                         out["data"]["text/html"], flags=re.S)
    assert match, out["data"]["text/html"][:200]
    assert html.unescape(match.group(2)) == box.alt == lk.plot.description(box.figure)
    return match.group(1)


def pixels(box):
    """The picture decoded to an array of RGB pixels."""
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(base64.b64decode(picture(box)))).convert("RGB"))


def assert_on_line(w, *points):
    for p in points:
        assert abs(w[0] + w[1] * p[0] + w[2] * p[1]) <= 1e-9 * (1 + np.abs(w).max() * (1 + np.abs(p).max()))


# --------------------------------------------------------------------------
# Every explorer
# --------------------------------------------------------------------------


@pytest.mark.parametrize("make", EXPLORERS, ids=lambda f: f.__name__)
def test_each_explorer_is_one_widget_with_a_fixed_height_picture(make):
    box = make()
    assert isinstance(box, ipywidgets.VBox)
    assert isinstance(box, widgets.Explorer)
    assert box.output in box.children and box.readout in box.children
    assert box.output.layout.height.endswith("px")
    assert picture(box).startswith("iVBORw0KGgo")  # a PNG
    assert box.n_draws == 1 and box.state is not None and box.readout.value
    assert plt.get_fignums() == []  # the explorer's figure is its own, not pyplot's


WITH_SLIDERS = [make for make in EXPLORERS if make is not widgets.multiclass_explorer]


@pytest.mark.parametrize("make", WITH_SLIDERS, ids=lambda f: f.__name__)
def test_every_slider_updates_while_it_is_dragged(make):
    box = make()
    sliders = [c for c in box.controls.values() if "continuous_update" in c.trait_names()]
    assert sliders, "every explorer has at least one slider"
    for control in sliders:
        assert control.continuous_update is True, control.description


@pytest.mark.parametrize("make", WITH_SLIDERS, ids=lambda f: f.__name__)
def test_a_held_burst_of_changes_gives_one_picture_of_the_last_values(make):
    box = make()
    name, control = next((n, c) for n, c in box.controls.items() if "continuous_update" in c.trait_names())
    values = _values_of(control)
    draws = box.n_draws
    with box.hold():
        for v in values:
            control.value = v
        assert box.n_draws == draws  # nothing drawn while the hand moves
    assert box.n_draws == draws + 1
    last = control.value
    fresh = make()
    fresh.controls[name].value = last
    assert box.readout.value == fresh.readout.value and box.alt == fresh.alt
    np.testing.assert_array_equal(pixels(box), pixels(fresh))


def test_in_a_kernel_a_burst_is_coalesced_on_the_event_loop_and_the_last_value_wins():
    import asyncio

    box = widgets.dot_product_explorer()
    draws = box.n_draws

    async def burst():
        for v in (-3.0, -2.0, -1.0, 0.5, 2.5):  # comm messages from the page, handled one after another
            box.controls["a1"].set_state({"value": v})  # what ipywidgets does with such a message
        assert box.n_draws == draws and box._stale  # marked stale, one redraw scheduled
        await asyncio.sleep(0)  # the event loop runs the scheduled redraw
        await asyncio.sleep(0)

    asyncio.run(burst())
    assert box.n_draws == draws + 1
    assert box.state["a"].tolist() == [2.5, box.controls["a2"].value]
    assert "a = (2.5," in box.alt
    np.testing.assert_array_equal(pixels(box), pixels(widgets.dot_product_explorer(a=(2.5, 1.0))))


def test_an_error_on_the_event_loop_is_shown_not_raised():
    import asyncio

    box = widgets.dot_product_explorer()

    def broken(values):
        raise ValueError("something is off")

    box._compute = broken

    async def move():
        box.controls["a1"].set_state({"value": 1.0})
        await asyncio.sleep(0)

    asyncio.run(move())
    assert "error: something is off" in box.readout.value and box.output.outputs == ()


def test_a_value_set_by_code_inside_a_running_kernel_is_drawn_at_once():
    import asyncio

    box = widgets.dot_product_explorer()

    async def cell():  # a notebook cell runs with the kernel's event loop running
        box.controls["a1"].value = -2.0
        return box.state["a"][0], box.alt

    a1, alt = asyncio.run(cell())
    assert a1 == -2.0 and "a = (-2.0," in alt and not box._stale


def _values_of(control):
    """A few values of a slider, ending away from where it started."""
    if hasattr(control, "options"):
        options = list(control.options)
        return [o for o in options if o != control.value][:4]
    lo, hi = (control.min, control.max)
    if hasattr(control, "base"):  # a log slider: min and max are exponents
        lo, hi = control.base ** lo, control.base ** hi
    if lo == hi:
        return [lo]
    picks = np.linspace(lo, hi, 5)
    if isinstance(control.value, int):
        picks = np.unique(np.round(picks).astype(int))
    return [type(control.value)(v) for v in picks if v != control.value][:4]


@pytest.mark.parametrize("make", EXPLORERS, ids=lambda f: f.__name__)
def test_every_control_has_a_visible_label_and_the_picture_a_sentence_for_its_alt(make):
    box = make()
    for name, control in box.controls.items():
        label = control.description if not isinstance(control, ipywidgets.Play) else "play"
        assert label.strip(), f"{name} has no visible label, so no accessible name"
    assert re.fullmatch(r"[A-Z].{40,}\.", box.alt, flags=re.S), box.alt  # a full sentence or more
    assert "lk-explorer" in box._dom_classes and "lk-readout" in box.readout._dom_classes
    # the script that names the controls and makes the read-out live goes with every picture
    html_out = box.output.outputs[0]["data"]["text/html"]
    assert "aria-live" in html_out and "[role=slider]" in html_out and "closest('.lk-explorer')" in html_out
    # a slider over a list of choices ignores what is typed into its read-out: the class tells the
    # script to make that read-out plain text (the browser test walks the rest with the keyboard)
    for name, control in box.controls.items():
        choices = isinstance(control, (ipywidgets.SelectionSlider, ipywidgets.SelectionRangeSlider))
        assert ("lk-choice-slider" in control._dom_classes) == choices, name


def test_an_explorer_has_a_short_stable_repr():
    # a notebook stores the repr as the cell's text/plain output, which strict nbval compares
    assert repr(widgets.perceptron_stepper()) == (
        "Explorer(perceptron_stepper: data, eta, start, step, play, back, next)"
    )


def test_an_error_in_an_update_is_shown_and_the_stale_picture_removed():
    box = widgets.dot_product_explorer()

    def broken(values):
        raise ValueError("something is off")

    box._compute = broken
    with pytest.raises(ValueError, match="something is off"):
        box.controls["a1"].value = 1.0
    assert "error: something is off" in box.readout.value
    assert box.output.outputs == () and box.state is None


def test_dot_product_explorer_rejects_vectors_not_in_the_plane():
    with pytest.raises(ValueError, match=r"a must be a vector in the plane, of length 2"):
        widgets.dot_product_explorer(a=(1.0, 2.0, 3.0))


def test_importing_the_widgets_module_does_not_import_ipywidgets_or_matplotlib():
    code = ("import json, sys, lecturekit as lk; lk.widgets; "
            "print(json.dumps(['ipywidgets' in sys.modules, 'matplotlib' in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [False, False]


# --------------------------------------------------------------------------
# Dot product
# --------------------------------------------------------------------------


@given(
    a=st.tuples(st.floats(-4, 4), st.floats(-4, 4)).filter(lambda v: np.hypot(*v) > 1e-3),
    b=st.tuples(st.floats(-4, 4), st.floats(-4, 4)).filter(lambda v: np.hypot(*v) > 1e-3),
)
def test_dot_product_state_agrees_with_the_vector_functions(a, b):
    s = widgets.dot_product_state(*a, *b)
    assert s["dot"] == lk.dot(a, b)
    assert s["cosine"] == lk.cosine(a, b) and s["angle"] == lk.angle(a, b, degrees=True)
    assert s["projection_length"] == lk.projection_length(a, b)
    np.testing.assert_array_equal(s["projection"], lk.project(a, b))
    assert s["dot"] == pytest.approx(s["norm_a"] * s["norm_b"] * s["cosine"], abs=1e-9)


def test_dot_product_state_of_a_zero_vector_has_no_angle():
    s = widgets.dot_product_state(0.0, 0.0, 1.0, 2.0)
    assert s["dot"] == 0.0 and np.isnan(s["cosine"]) and np.isnan(s["angle"])
    assert s["projection_length"] == 0.0
    s = widgets.dot_product_state(1.0, 2.0, 0.0, 0.0)
    assert np.isnan(s["projection_length"]) and s["projection"] is None


def test_dot_product_explorer_follows_its_sliders():
    box = widgets.dot_product_explorer()
    before, text = picture(box), box.readout.value
    box.controls["a1"].value = 3.0
    box.controls["a2"].value = 0.0
    assert box.state["a"].tolist() == [3.0, 0.0]
    assert box.artists.a.xy == pytest.approx((3.0, 0.0))
    np.testing.assert_allclose(box.artists.projection.get_xydata()[1], lk.project([3.0, 0.0], [1.0, 2.0]))
    assert box.readout.value != text and picture(box) != before
    assert box.n_draws == 3
    box.controls["b1"].value = 0.0
    box.controls["b2"].value = 0.0  # b = 0: no angle, no projection, no error
    assert box.artists.angle is None and "no angle (a zero vector has no direction)" in box.readout.value
    assert "θ =" not in box.readout.value and "°" not in box.readout.value


# --------------------------------------------------------------------------
# Hyperplane
# --------------------------------------------------------------------------


def test_scaling_w_by_k_keeps_the_boundary_and_its_mistakes():
    X, y = lk.datasets.separable(30, seed=1)
    ref = widgets.hyperplane_state(0.7, -1.1, 0.3, X=X, y=y)
    for k in (0.25, 2.0, 4.0):
        s = widgets.hyperplane_state(0.7, -1.1, 0.3, k, X=X, y=y)
        np.testing.assert_allclose(s["w"], k * np.array([0.3, 0.7, -1.1]))
        np.testing.assert_allclose(s["unit_normal"], ref["unit_normal"])
        assert s["offset"] == pytest.approx(ref["offset"])
        np.testing.assert_array_equal(s["misclassified"], ref["misclassified"])


def test_swapping_the_classes_is_undone_by_negating_w():
    X, y = lk.datasets.separable(30, seed=1)
    plain = widgets.hyperplane_state(0.6, 0.8, -0.2, X=X, y=y)
    swapped = widgets.hyperplane_state(0.6, 0.8, -0.2, swap=True, X=X, y=y)
    both = widgets.hyperplane_state(0.6, 0.8, -0.2, swap=True, flip=True, X=X, y=y)
    assert np.all(plain["scores"] != 0)
    assert sorted(swapped["misclassified"].tolist() + plain["misclassified"].tolist()) == list(range(30))
    np.testing.assert_array_equal(both["misclassified"], plain["misclassified"])
    np.testing.assert_array_equal(both["w"], -plain["w"])


def test_hyperplane_state_rejects_bad_k_and_bad_data():
    X, y = lk.datasets.toy()
    with pytest.raises(ValueError, match=r"k must be a finite number > 0"):
        widgets.hyperplane_state(1.0, 1.0, 0.0, 0.0, X=X, y=y)
    with pytest.raises(ValueError, match=r"y must contain only -1 and \+1"):
        widgets.hyperplane_state(1.0, 1.0, 0.0, X=X, y=[0, 1, 0, 1])


def test_hyperplane_explorer_moves_the_line_and_rings_the_mistakes():
    X, y = lk.datasets.separable(30, seed=1)
    box = widgets.hyperplane_explorer(X, y)
    before = picture(box)
    box.controls["w1"].value, box.controls["w2"].value, box.controls["b"].value = 1.0, 0.0, -0.2
    w = box.state["w"]
    assert w.tolist() == [-0.2, 1.0, 0.0]
    line = box.artists["boundary"].line
    assert_on_line(w, line.get_xy1(), line.get_xy2())
    np.testing.assert_array_equal(box.artists["misclassified"].get_offsets(), X[box.state["misclassified"]])
    assert box.state["n_misclassified"] == int(np.sum(y * (X[:, 0] - 0.2) <= 0))
    assert picture(box) != before

    xy1 = line.get_xy1()
    box.controls["k"].value = 3.0  # same boundary, three times the weights
    assert box.state["w"].tolist() == pytest.approx([-0.6, 3.0, 0.0])
    assert box.artists["boundary"].line.get_xy1() == pytest.approx(xy1)

    box.controls["swap"].value = True
    assert box.state["n_misclassified"] == 30 - int(np.sum(y * (X[:, 0] - 0.2) <= 0))
    assert sorted(box.artists["data"].points) == [-1, 1]
    np.testing.assert_array_equal(box.artists["data"].points[1].get_offsets(), X[y == -1])


def test_hyperplane_explorer_without_a_direction_draws_no_line():
    box = widgets.hyperplane_explorer()
    box.controls["w1"].value = 0.0
    box.controls["w2"].value = 0.0
    assert box.artists["boundary"] is None and not box.state["has_boundary"]
    assert "no boundary" in box.readout.value


# --------------------------------------------------------------------------
# Perceptron stepper
# --------------------------------------------------------------------------


def test_stepper_state_is_the_weight_history_and_the_trace():
    X, y = lk.datasets.separable(20, seed=0)
    res = lk.perceptron(X, y)
    history = res.weight_history(X, y)
    for k in range(res.n_updates + 1):
        s = widgets.stepper_state(res, X, y, k)
        np.testing.assert_array_equal(s["w"], history[k])
        if k:
            i = res.trace.index[k - 1]
            assert s["index"] == i and s["epoch"] == res.trace.epoch[k - 1]
            np.testing.assert_array_equal(s["w"], s["w_before"] + res.eta * y[i] * np.r_[1.0, X[i]])
        else:
            assert s["index"] is None and s["w_before"] is None
    assert s["mistakes"] == 0 and s["n_updates"] == res.n_updates


@pytest.mark.parametrize("step", [-1, 99, 1.5, True])
def test_stepper_state_rejects_a_step_out_of_range(step):
    X, y = lk.datasets.toy()
    with pytest.raises(ValueError, match=r"step must be an integer from 0 to n_updates = 4"):
        widgets.stepper_state(lk.perceptron(X, y), X, y, step)


def test_stepper_at_step_k_shows_the_weights_after_update_k():
    box = widgets.perceptron_stepper()
    X, y = lk.datasets.toy()
    res = lk.perceptron(X, y)
    history = res.weight_history(X, y)
    step = box.controls["step"]
    assert step.max == res.n_updates == 4 and box.controls["play"].max == 4
    for k in (3, 1, 4):
        before = picture(box)
        step.value = k
        np.testing.assert_array_equal(box.state["w"], history[k])
        assert box.state["index"] == res.trace.index[k - 1]
        after = box.artists["after"].line
        assert_on_line(history[k], after.get_xy1(), after.get_xy2())
        np.testing.assert_array_equal(box.artists["ring"].get_offsets(), X[[res.trace.index[k - 1]]])
        assert picture(box) != before
    assert box.artists["before"] is not None


def test_stepper_buttons_and_player_move_the_step():
    box = widgets.perceptron_stepper()
    box.controls["next"].click()
    box.controls["next"].click()
    assert box.state["step"] == 2
    box.controls["back"].click()
    assert box.state["step"] == 1
    for _ in range(10):
        box.controls["next"].click()
    assert box.state["step"] == box.state["n_updates"]  # stops at the last update
    box.controls["play"].value = 2  # the Play widget drives the slider
    assert box.controls["step"].value == 2 and box.state["step"] == 2


def test_stepper_refits_when_eta_start_or_data_change():
    box = widgets.perceptron_stepper()
    box.controls["data"].value = "unbalanced (Flach Fig. 7.5)"
    box.controls["start"].value = "basic linear classifier"
    box.controls["eta"].value = 0.5
    X, y = lk.datasets.unbalanced(40, 20, seed=0)
    w0 = lk.centroid_classifier(X, y).w
    res = lk.perceptron(X, y, eta=0.5, w0=w0)
    assert box.state["result"].n_updates == res.n_updates == box.controls["step"].max
    np.testing.assert_array_equal(box.state["result"].w, res.w)
    box.controls["step"].value = 0
    np.testing.assert_array_equal(box.state["w"], w0)
    assert box.artists["after"] is not None  # the basic linear classifier has a boundary
    box.controls["step"].value = res.n_updates
    np.testing.assert_allclose(box.state["w"], res.w)


def test_stepper_read_out_says_what_the_weights_of_this_step_do():
    # at update 0 of a run that converges, the read-out used to say "training mistakes now: 4 (fit
    # converged)": it must say what *these* weights do, and call the fit converged only at its end
    for X, y, max_epochs in (lk.datasets.toy() + (50,), lk.datasets.noisy(12, seed=3) + (5,)):
        box = widgets.perceptron_stepper(X, y, max_epochs=max_epochs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", lk.ConvergenceWarning)  # the second set is not separable
            res = lk.perceptron(X, y, max_epochs=max_epochs, engine="loop")
        history = res.weight_history(X, y)
        for k, w in enumerate(history):
            box.controls["step"].value = k
            wrong = int(np.sum(y * (X @ w[1:] + w[0]) <= 0))  # by hand, from the fit's own weights
            text = box.readout.value
            if wrong:
                assert f"under these weights <b>{wrong}</b> of {len(y)} training points are mistakes" in text, text
            else:
                assert "under these weights <b>no</b> training point is a mistake" in text, text
            left = res.n_updates - k
            more = f"{left} more update{'s' if left > 1 else ''}"
            assert ("converged" in text) == (left == 0 and res.converged), text  # only at the end, if it did
            if left == 0:
                ending = "it converged" if res.converged else "it did not converge within max_epochs"
                assert f"(the fit's last update: {ending})" in text, text
            elif res.converged:
                assert f"({more} until the fit converges)" in text, text
            else:
                assert f"({more} in this fit, which did not converge within max_epochs)" in text, text
    assert res.n_updates > 0 and not res.converged  # the second data set is the case without convergence


def _exact_mistakes_along_the_trace(X, y, eta, trace):
    """Line 6's test after each update, in fractions on the numbers as typed (0.1 is 1/10)."""
    from fractions import Fraction

    rows = [[Fraction(1)] + [Fraction(repr(float(v))) for v in x] for x in X]
    eta, w = Fraction(repr(float(eta))), [Fraction(0)] * 3
    counts = [sum(int(t) * sum(a * b for a, b in zip(w, x)) <= 0 for x, t in zip(rows, y))]
    for i in trace:
        w = [a + eta * int(y[i]) * b for a, b in zip(w, rows[i])]
        counts.append(sum(int(t) * sum(a * b for a, b in zip(w, x)) <= 0 for x, t in zip(rows, y)))
    return counts


@pytest.mark.parametrize("eta", [1.0, 0.1, 0.3, 7.0])
def test_stepper_counts_mistakes_as_the_fit_decides_them_on_decimal_ties(eta):
    # chapter 4's tie data: after six updates example 1, (0.4, 0.2), lies exactly on the line; added up in
    # floats its score is +3.5e-18 for eta = 0.1, which a float read-out called correct ("no mistake, 2 more
    # updates until the fit converges"); the read-out must count it, as the fit's test does
    X = np.array([[0.0, -0.3], [0.4, 0.2], [-0.3, -0.4], [-0.1, 0.1]])
    y = np.array([1, 1, 1, -1])
    res = lk.perceptron(X, y, eta=eta)
    expected = _exact_mistakes_along_the_trace(X, y, eta, res.trace.index.tolist())
    got = [widgets.stepper_state(res, X, y, k)["mistakes"] for k in range(res.n_updates + 1)]
    assert got == expected and expected[6] == 1 and expected[-1] == 0
    box = widgets.perceptron_stepper(X, y, eta=eta)
    box.controls["step"].value = 6
    assert "under these weights <b>1</b> of 4 training points are mistakes" in box.readout.value


def test_stepper_on_your_own_data_and_on_data_that_is_not_separable():
    X, y = lk.datasets.noisy(12, seed=3)
    box = widgets.perceptron_stepper(X, y, max_epochs=5)
    assert "data" not in box.controls
    assert not box.state["converged"] and "did not converge" in box.readout.value
    assert box.controls["step"].max == box.state["result"].n_updates


def test_explorers_reject_bad_data_naming_the_argument():
    X, y = lk.datasets.toy()
    with pytest.raises(ValueError, match=r"pass both X and y, or neither"):
        widgets.perceptron_stepper(X)
    with pytest.raises(ValueError, match=r"X must have exactly 2 columns"):
        widgets.perceptron_stepper(np.hstack([X, X]), y)
    with pytest.raises(ValueError, match=r"y must contain only -1 and \+1"):
        widgets.hyperplane_explorer(X, [0, 1, 0, 1])
    with pytest.raises(ValueError, match=r"start must be one of 'zeros', 'basic linear classifier'"):
        widgets.perceptron_stepper(start="random")


# --------------------------------------------------------------------------
# Learning rate
# --------------------------------------------------------------------------


def test_learning_rate_only_scales_w_from_zero_but_matters_from_the_basic_linear_classifier():
    X, y = lk.datasets.unbalanced(40, 20, seed=0)
    from_zero = [widgets.learning_rate_state(X, y, eta, "zeros") for eta in (0.2, 0.5, 1.0)]
    for s in from_zero:
        np.testing.assert_allclose(s["direction"], from_zero[-1]["direction"])
        assert s["n_updates"] == from_zero[-1]["n_updates"]
    w0 = lk.centroid_classifier(X, y).w
    counts = []
    for eta in (0.2, 0.5, 1.0):
        s = widgets.learning_rate_state(X, y, eta)
        res = lk.perceptron(X, y, eta=eta, w0=w0)
        np.testing.assert_array_equal(s["w"], res.w)
        counts.append(s["n_updates"])
    assert len(set(counts)) == 3


def test_learning_rate_explorer_replays_the_chosen_fit():
    box = widgets.learning_rate_explorer()
    before = picture(box)
    box.controls["eta"].value = 1.0
    X, y = lk.datasets.unbalanced(40, 20, seed=0)
    res = lk.perceptron(X, y, eta=1.0, w0=lk.centroid_classifier(X, y).w)
    assert box.state["n_updates"] == res.n_updates
    a = box.artists
    np.testing.assert_array_equal(np.sort(a["circled"]), np.unique(res.trace.index))
    assert [b.get_height() for b in a["mistakes"]] == res.mistakes_per_epoch.tolist()
    history = res.weight_history(X, y)
    segments = box.figure.axes[0].collections
    lines = [seg for c in segments if hasattr(c, "get_segments") for seg in c.get_segments()]
    assert len(lines) == len(a["steps"]) == res.n_updates - 1
    for k, seg in zip(a["steps"], lines):  # the boundary after each update but the last
        assert_on_line(history[k], *seg)
    assert_on_line(history[-1], a["final"].line.get_xy1(), a["final"].line.get_xy2())
    assert picture(box) != before


# --------------------------------------------------------------------------
# Gradient descent
# --------------------------------------------------------------------------


def test_gradient_descent_state_is_the_batch_perceptron_path():
    X, y = lk.datasets.toy()
    w0 = [0.0, 1.0, -1.0]
    s = widgets.gradient_descent_state(X, y, 0.3, "1/k", 50, w0=w0)
    res = lk.batch_perceptron(X, y, eta=0.3, schedule="1/k", max_iter=50, w0=w0, fit_intercept=False)
    np.testing.assert_array_equal(s["path"], res.path)
    np.testing.assert_array_equal(s["values"], res.criterion)
    np.testing.assert_allclose(s["etas"], 0.3 / np.arange(1, res.n_iter + 1))
    assert s["converged"] and np.all(s["path"][:, 0] == 0)


def test_gradient_descent_on_the_squared_error_and_its_divergence():
    X, y = lk.datasets.separable(30, seed=5)
    limit = lk.lms_stable_eta(X, mode="batch", fit_intercept=False)
    good = widgets.gradient_descent_state(X, y, 0.5 * limit, n_iter=50, criterion="squared error")
    assert not good["diverged"] and good["values"][-1] < good["values"][0]
    bad = widgets.gradient_descent_state(X, y, 1.5 * limit, n_iter=50, criterion="squared error")
    assert bad["diverged"]
    worse = widgets.gradient_descent_state(X, y, 100 * limit, n_iter=100, criterion="squared error")
    assert worse["diverged"] and worse["path"] is None and "diverged" in worse["message"]


def test_gradient_descent_state_rejects_a_start_with_a_bias():
    X, y = lk.datasets.toy()
    with pytest.raises(ValueError, match=r"w0\[0\] is the bias and must be 0"):
        widgets.gradient_descent_state(X, y, 0.1, w0=[1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match=r"schedule must be one of"):
        widgets.gradient_descent_state(X, y, 0.1, schedule="exponential")


def test_gradient_descent_explorer_draws_the_path_on_the_surface():
    box = widgets.gradient_descent_explorer()
    box.controls["eta"].value = 0.1
    path = box.state["path"]
    np.testing.assert_array_equal(box.artists["path"].get_xydata(), path[:, 1:])
    np.testing.assert_array_equal(box.artists["curve"].get_ydata(), box.state["values"] + 0.0)
    # the surface under the path is the criterion itself
    surface = box.artists["surface"]
    W = np.column_stack([np.zeros(surface.W1.size), surface.W1.ravel(), surface.W2.ravel()])
    np.testing.assert_allclose(surface.J.ravel(), lk.plot.criterion_grid(*_through_origin(), W))
    assert box.figure.axes[0].get_aspect() == 1.0 and len(box.figure.axes) == 3  # equal scales, a colourbar
    box.controls["criterion"].value = "squared error"
    assert box.state["kind"] == "sse"
    box.controls["eta"].value = 10.0  # diverges: reported, not raised
    assert box.state["diverged"] and "diverged" in box.readout.value
    np.testing.assert_array_equal(box.artists["path"].get_xydata(), box.state["path"][:, 1:])  # runs off the view


def test_steps_past_the_end_of_the_descent_are_explained():
    # the batch perceptron stops once J = 0 (its gradient is 0 there): a "steps" slider beyond
    # that point moves nothing in the picture, so the read-out must say why
    X, y = _through_origin()
    box = widgets.gradient_descent_explorer(n_iter=30)
    ran = lk.batch_perceptron(X, y, eta=0.02, max_iter=30, fit_intercept=False,
                              w0=box.state["path"][0])
    steps = len(ran.path) - 1
    assert ran.converged and steps < 30      # the default data converge early: the case in question
    assert f"after {steps} of the 30 steps allowed" in box.readout.value and "change nothing" in box.readout.value
    path = box.state["path"].copy()
    box.controls["n_iter"].value = 31
    np.testing.assert_array_equal(box.state["path"], path)
    assert "of the 31 steps allowed" in box.readout.value
    box.controls["n_iter"].value = steps
    assert box.readout.value.endswith("(all examples correct)")


# --------------------------------------------------------------------------
# Multiclass
# --------------------------------------------------------------------------


def test_multiclass_state_for_the_three_schemes():
    X, y = lk.datasets.blobs(10, 3, seed=0)
    ovr = widgets.multiclass_state(X, y, "one-vs-rest")
    ovo = widgets.multiclass_state(X, y, "pairwise", "perceptron")
    lm = widgets.multiclass_state(X, y, "linear machine")
    assert isinstance(ovr["model"], lk.multiclass.OneVsRestModel) and ovr["n_classifiers"] == 3
    assert isinstance(ovo["model"], lk.multiclass.OneVsOneModel)
    assert lm["ambiguous_fraction"] == 0.0 and ovr["ambiguous_fraction"] > 0
    np.testing.assert_array_equal(ovr["W"], lk.one_vs_rest(X, y, method="centroid").W)
    with pytest.raises(ValueError, match=r"scheme must be one of"):
        widgets.multiclass_state(X, y, "one-vs-all")


def test_multiclass_explorer_switches_scheme_and_colours_by_predict():
    box = widgets.multiclass_explorer()
    X, y = lk.datasets.blobs(15, 3, seed=0)
    for scheme in ("pairwise", "linear machine", "one-vs-rest"):
        box.controls["scheme"].value = scheme
        image = np.asarray(box.artists["regions"].get_array())
        s = box.state
        # each cell of the image has the colour of the class that predict gives at its centre,
        # or the hatching grey where the scheme is ambiguous
        predicted = np.asarray(s["model"].predict(s["grid"])).reshape(image.shape[:2])
        palette = {c: np.array([int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)])
                   for c, (h, _, _) in zip(np.unique(y), lk.plot.class_style(np.unique(y)))}
        hatched = np.all(image == 0.45, axis=2)
        for c, rgb in palette.items():
            cells = (predicted == c) & ~hatched
            np.testing.assert_allclose(image[cells], np.broadcast_to(1 - 0.25 * (1 - rgb), image[cells].shape))
        mask = s["ambiguous_mask"]
        if scheme == "linear machine":  # its regions leave nothing ambiguous
            assert mask is None or not mask.any()
        if mask is not None:
            assert np.all(mask[hatched]) and hatched.any() == mask.any()
        assert box.controls["method"].disabled == (scheme == "linear machine")
    assert box.state["ambiguous_mask"].any()  # one-vs-rest leaves '?' regions
    assert len(box.artists["lines"]) == 3


# --------------------------------------------------------------------------
# Feature map
# --------------------------------------------------------------------------


def test_feature_map_state_learns_a_line_in_squared_space():
    X, y = lk.datasets.ring(80, seed=0)
    s = widgets.feature_map_state(X, y, "perceptron")
    np.testing.assert_array_equal(s["Z"], lk.square_features(X))   # the squares the chapter uses
    assert s["errors"] == 0 and s["conic"] == "ellipse"
    np.testing.assert_array_equal(s["w"], lk.perceptron(lk.square_features(X), y, max_epochs=1000).w)
    with pytest.raises(ValueError, match=r"learner must be one of"):
        widgets.feature_map_state(X, y, "svm")


def test_feature_map_explorer_follows_the_ellipse_sliders():
    box = widgets.feature_map_explorer()
    before = picture(box)
    box.controls["a"].value = 2.0
    box.controls["b"].value = 0.5
    X, y = lk.datasets.circles(120, a=2.0, b=0.5, seed=0)
    np.testing.assert_array_equal(box.state["X"], X)
    w = box.state["w"]
    vertices = np.vstack(box.artists["conic"].get_segments())
    assert np.abs(w[0] + w[1] * vertices[:, 0] ** 2 + w[2] * vertices[:, 1] ** 2).max() < 1e-2 * np.abs(w).max()
    # the ellipse is as wide as it is drawn: the view stays and the scales are equal (chapter 9's point)
    assert np.ptp(vertices[:, 0]) > 3 * np.ptp(vertices[:, 1])
    left = box.figure.axes[0]
    assert left.get_aspect() == 1.0 and left.get_xlim() == widgets.feature_map_explorer().figure.axes[0].get_xlim()
    assert_on_line(w, box.artists["line"].line.get_xy1())
    assert picture(box) != before
    box.controls["learner"].value = "basic linear classifier"
    assert box.state["learner"] == "basic linear classifier"
    np.testing.assert_array_equal(box.state["w"], lk.centroid_classifier(X**2, y).w)


# --------------------------------------------------------------------------
# One outlier and the class balance (chapter 3)
# --------------------------------------------------------------------------


def test_outlier_state_fits_the_three_classifiers_on_the_data_it_shows():
    s = widgets.outlier_state(-3.0, 5.0, 12)
    X, y = s["X"], s["y"]
    pos, neg = _outlier_pool()
    np.testing.assert_array_equal(X, np.vstack([pos[:12], neg, [[-3.0, 5.0]]]))
    assert y.tolist() == [1] * 12 + [-1] * 20 + [1]
    assert (s["n_pos"], s["n_neg"]) == (13, 20)
    # the basic linear classifier by hand: the perpendicular bisector of the two class means
    mu_p = (pos[:12].sum(axis=0) + [-3.0, 5.0]) / 13
    mu_n = neg.mean(axis=0)
    np.testing.assert_allclose(s["mu_pos"], mu_p)
    np.testing.assert_allclose(s["mu_neg"], mu_n)
    w = s["w"]["basic linear classifier"]
    np.testing.assert_allclose(w[1:], mu_p - mu_n)
    assert_on_line(w, (mu_p + mu_n) / 2)
    # least squares: np.linalg.lstsq on (1, x)
    Xh = np.column_stack([np.ones(len(y)), X])
    np.testing.assert_allclose(s["w"]["least squares"], np.linalg.lstsq(Xh, y, rcond=None)[0], atol=1e-12)
    # the perceptron: the literal loop of Alg. 7.1
    ref = lk.perceptron(X, y, max_epochs=100, engine="loop")
    np.testing.assert_array_equal(s["w"]["perceptron"], ref.w)
    assert s["n_updates"] == ref.n_updates and s["converged"] == ref.converged
    for name, wk in s["w"].items():
        wrong = np.sum(np.where(Xh @ wk > 0, 1, -1) != y)
        assert s["error"][name] == wrong / len(y), name


@given(n=st.integers(1, 60), ox=st.floats(-8, 8), oy=st.floats(-8, 8))
def test_one_outlier_moves_its_class_mean_by_its_offset_over_the_class_size(n, ox, oy):
    base = widgets.outlier_state(0.0, 0.0, n)
    moved = widgets.outlier_state(ox, oy, n)
    np.testing.assert_allclose(moved["mu_pos"] - base["mu_pos"], np.array([ox, oy]) / (n + 1), atol=1e-12)
    np.testing.assert_array_equal(moved["mu_neg"], base["mu_neg"])


def test_a_far_outlier_in_the_other_class_breaks_the_perceptrons_convergence():
    s = widgets.outlier_state(-2.0, -1.5, 20)  # a point of class +1 inside the cloud of class -1
    assert not lk.is_separable(s["X"], s["y"])
    assert not s["converged"] and not s["separable"] and s["error"]["perceptron"] > 0
    readout = widgets.outlier_explorer(ox=-2.0, oy=-1.5).readout.value
    assert "the data are not separable" in readout and "did not converge within 100 epochs" in readout


def test_the_read_out_does_not_call_separable_data_not_separable():
    """At (-5.5, 1.5) with 20 positives the data are separable (is_separable finds a line) but the
    perceptron needs more than 100 epochs (it converges within 1000): the read-out says both, and
    says "not separable" only where is_separable says so, on a grid of slider positions."""
    s = widgets.outlier_state(-5.5, 1.5, 20)
    assert not s["converged"] and s["separable"] and lk.is_separable(s["X"], s["y"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", lk.ConvergenceWarning)
        assert lk.perceptron(s["X"], s["y"], max_epochs=1000).converged
    readout = widgets.outlier_explorer(ox=-5.5, oy=1.5, n_pos=20).readout.value
    assert "did not converge within 100 epochs, although the data are separable" in readout
    assert "not separable" not in readout
    for n_pos in (1, 5, 20, 60):
        for ox in np.arange(-8.0, 8.01, 2.5):
            for oy in np.arange(-8.0, 8.01, 2.5):
                s = widgets.outlier_state(float(ox), float(oy), n_pos)
                assert s["separable"] == lk.is_separable(s["X"], s["y"]), (n_pos, ox, oy)
                if s["converged"]:
                    assert s["separable"] and s["error"]["perceptron"] == 0.0


def test_outlier_state_rejects_bad_input_naming_the_argument():
    with pytest.raises(ValueError, match=r"n_pos must be at most the 60 examples"):
        widgets.outlier_state(0.0, 0.0, 61)
    with pytest.raises(ValueError, match=r"label must be 1 or -1"):
        widgets.outlier_state(0.0, 0.0, 5, label=0)
    with pytest.raises(ValueError, match=r"outlier \(ox, oy\) must be a finite point"):
        widgets.outlier_state(float("nan"), 0.0, 5)


def test_outlier_explorer_draws_what_its_state_says():
    box = widgets.outlier_explorer()
    before = picture(box)
    box.controls["ox"].value = -6.0
    box.controls["n_pos"].value = 5
    s = box.state
    ref = widgets.outlier_state(-6.0, -6.0, 5)
    for name in ref["w"]:
        np.testing.assert_array_equal(s["w"][name], ref["w"][name])
        xs, ys = box.artists["lines"][name].get_data()
        assert_on_line(s["w"][name], (xs[0], ys[0]), (xs[1], ys[1]))
    np.testing.assert_allclose(box.artists["mu_pos"].get_offsets(), [s["mu_pos"]])
    np.testing.assert_allclose(box.artists["mu_neg"].get_offsets(), [s["mu_neg"]])
    np.testing.assert_array_equal(box.artists["outlier"].get_offsets(), [[-6.0, -6.0]])
    assert len(box.artists["pos"].get_offsets()) == 6 and len(box.artists["neg"].get_offsets()) == 20
    # the means look as chapter 3's figures draw them (lk.plot.means): hollow, in the class's colour, above the points
    for name, label in (("mu_pos", 1), ("mu_neg", -1)):
        mean = box.artists[name]
        assert mean.get_facecolor().size == 0 or np.all(mean.get_facecolor()[:, 3] == 0)
        assert mean.get_zorder() > max(box.artists["pos"].get_zorder(), box.artists["neg"].get_zorder())
        np.testing.assert_allclose(mean.get_edgecolor()[0], matplotlib.colors.to_rgba(lk.plot.OKABE_ITO[label < 0]))
    assert picture(box) != before
    for name in ("basic linear classifier", "least squares", "perceptron"):
        assert f"{name} <b>{s['error'][name]:.1%}</b>" in box.readout.value
    assert "(−6.0, −6.0)" in box.alt and "6 examples of class +1" in box.alt


# --------------------------------------------------------------------------
# The convergence bound (chapter 5)
# --------------------------------------------------------------------------

GAMMAS = [round(0.05 * i, 2) for i in range(1, 11)]
RADII = [1.5 + 0.5 * i for i in range(18)]


@given(gamma=st.sampled_from(GAMMAS), R=st.sampled_from(RADII))
def test_bound_state_has_the_margin_and_radius_asked_for_in_homogeneous_coordinates(gamma, R):
    s = widgets.bound_state(gamma, R)
    Xh = np.column_stack([np.ones(len(s["y"])), s["X"]])
    assert np.linalg.norm(s["u"]) == pytest.approx(1.0)
    assert np.max(np.linalg.norm(Xh, axis=1)) == pytest.approx(R, rel=1e-12)
    assert np.min(s["y"] * (Xh @ s["u"])) == pytest.approx(gamma, rel=1e-9)
    assert s["R"] == pytest.approx(R, rel=1e-12) and s["gamma"] == pytest.approx(gamma, rel=1e-9)
    assert s["bound"] == pytest.approx(lk.novikoff_bound(s["X"], s["y"], s["u"]))
    assert s["bound"] == pytest.approx((R / gamma) ** 2, rel=1e-8)


@given(gamma=st.sampled_from(GAMMAS), R=st.sampled_from(RADII))
def test_the_two_inequalities_of_the_proof_hold_at_every_update(gamma, R):
    s = widgets.bound_state(gamma, R)
    ref = lk.perceptron(s["X"], s["y"], max_epochs=10**6, keep_weights=True, engine="loop")
    assert ref.converged and s["n_updates"] == ref.n_updates <= s["bound"]
    np.testing.assert_array_equal(s["w"], ref.w)
    W = ref.trace.weights[1:]
    k = np.arange(1, len(W) + 1)
    np.testing.assert_array_equal(s["k"], k)
    np.testing.assert_allclose(s["projection"], W @ s["u"], rtol=1e-12)
    np.testing.assert_allclose(s["norm"], np.linalg.norm(W, axis=1), rtol=1e-12)
    assert np.all(s["projection"] >= k * s["gamma"] - 1e-9)  # w_k . u* >= k gamma
    assert np.all(s["norm"] <= np.sqrt(k) * s["R"] + 1e-9)  # |w_k| <= sqrt(k) R


def test_bound_state_rejects_a_radius_below_the_constant_coordinate_and_a_bad_margin():
    with pytest.raises(ValueError, match=r"R must be a radius in \[1.5, 20\]"):
        widgets.bound_state(0.1, 0.5)
    with pytest.raises(ValueError, match=r"gamma must be a margin in \(0, 0.6\]"):
        widgets.bound_state(0.0, 3.0)


def test_bound_explorer_shows_the_bound_where_the_two_inequalities_cross():
    box = widgets.bound_explorer()
    before = picture(box)
    box.controls["gamma"].value = 0.2
    box.controls["R"].value = 5.0
    s = box.state
    assert s["bound"] == pytest.approx(625.0)
    a = box.artists
    kk = a["lower"].get_xdata()
    np.testing.assert_allclose(a["lower"].get_ydata(), kk * 0.2, rtol=1e-9)
    np.testing.assert_allclose(a["upper"].get_ydata(), np.sqrt(kk) * 5.0, rtol=1e-9)
    assert a["bound"].get_xdata()[0] == pytest.approx(625.0)
    assert a["updates"].get_xdata()[0] == s["n_updates"]
    # where the line k gamma overtakes sqrt(k) R is the bound
    crossing = kk[np.argmax(kk * 0.2 > np.sqrt(kk) * 5.0)]
    assert 625.0 <= crossing <= 625.0 * kk[1] / kk[0]
    np.testing.assert_array_equal(a["projection"].get_xydata(), np.column_stack([s["k"], s["projection"]]))
    assert f"bound (R/γ)² = <b>625</b>" in box.readout.value and f"made <b>{s['n_updates']}</b>" in box.readout.value
    assert "(R/γ)² = 625" in box.alt and picture(box) != before


# --------------------------------------------------------------------------
# Pictures updated in place are the pictures drawn from scratch
# --------------------------------------------------------------------------

MOVES = {
    "outlier_explorer": {"ox": -4.0, "oy": 2.5, "n_pos": 7},
    "bound_explorer": {"gamma": 0.3, "R": 7.5},
}


@pytest.mark.parametrize("name", sorted(MOVES))
def test_a_picture_updated_in_place_equals_one_drawn_from_scratch(name):
    make = getattr(widgets, name)
    box = make()
    for control, value in MOVES[name].items():
        box.controls[control].value = value
    fresh = make(**MOVES[name])
    assert box.n_full_draws == 1 and box.n_draws == 1 + len(MOVES[name])
    np.testing.assert_array_equal(pixels(box), pixels(fresh))
    assert box.alt == fresh.alt and box.readout.value == fresh.readout.value


# --------------------------------------------------------------------------
# Legible text, the page script, the package
# --------------------------------------------------------------------------

CSS_PX_PER_INCH = 96  # a CSS pixel is 1/96 inch: the size of a figure pixel at 100 % zoom
MIN_DISPLAY_PT = 9  # WCAG's floor for legible text, about 9 pt at display size


def _figures_after_moving_every_control(box):
    """Move every control through a few values; return every figure the explorer drew (one per view)."""
    for name, control in box.controls.items():
        if "value" not in control.trait_names() or isinstance(control, ipywidgets.Play):
            continue
        start = control.value
        for value in _values_of(control) if not isinstance(control, ipywidgets.Checkbox) else [not start]:
            control.value = value
        control.value = start
    return [page["figure"] for page in box._pages.values()] or [box.figure]


def _texts(fig):
    from matplotlib.text import Text

    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


@pytest.mark.parametrize("make", EXPLORERS, ids=lambda f: f.__name__)
def test_every_text_of_every_picture_is_at_least_9_pt_at_display_size(make):
    box = make()
    width, height = (int(v) for v in re.search(r'width="(\d+)" height="(\d+)"',
                                                box.output.outputs[0]["data"]["text/html"]).groups())
    for fig in _figures_after_moving_every_control(box):
        # the <img> shows one figure pixel per CSS pixel, so s points at fig.dpi show at s * dpi / 96 pt
        assert (width, height) == (round(fig.bbox.width), round(fig.bbox.height))
        texts = _texts(fig)
        assert texts, "every picture has some text (ticks at least)"
        small = sorted({(t.get_text()[:30], t.get_fontsize()) for t in texts
                        if t.get_fontsize() * fig.dpi / CSS_PX_PER_INCH < MIN_DISPLAY_PT})
        assert not small, f"text below {MIN_DISPLAY_PT} pt at display size: {small}"


@pytest.mark.parametrize("make", EXPLORERS, ids=lambda f: f.__name__)
def test_no_text_falls_off_the_picture_and_no_legend_covers_a_plot(make):
    from matplotlib.legend import Legend

    box = make()
    for fig in _figures_after_moving_every_control(box):
        renderer = fig.canvas.get_renderer()
        picture_box = fig.bbox.padded(1)  # one pixel of rounding
        ticks = {id(label) for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)
                 for tick in axis.get_major_ticks() + axis.get_minor_ticks() for label in (tick.label1, tick.label2)}
        # an axes' tight box holds its title, axis labels and the tick labels it draws
        boxes = [(f"axes {ax.get_title() or ax.get_xlabel()!r}", ax.get_tightbbox(renderer)) for ax in fig.axes]
        boxes += [(repr(t.get_text()), t.get_window_extent(renderer)) for t in _texts(fig) if id(t) not in ticks]
        for what, extent in boxes:
            assert picture_box.contains(extent.x0, extent.y0) and picture_box.contains(extent.x1, extent.y1), (
                f"{what} at {extent.extents.round()} is not inside the picture {fig.bbox.extents}")
        for legend in fig.findobj(Legend):
            for ax in fig.axes:
                if legend.axes is not ax:
                    assert not legend.get_window_extent(renderer).overlaps(ax.get_window_extent(renderer)), (
                        f"a legend covers the axes {ax.get_title() or ax.get_xlabel()!r}")


def test_the_page_script_is_valid_javascript_and_is_what_every_picture_carries():
    from importlib import resources

    from lecturekit.explorers import _helpers

    source = resources.files("lecturekit.explorers").joinpath("page.js").read_text(encoding="utf-8")
    script = _helpers.page_script()
    assert script.startswith("<script>(function (me, tries) {")
    assert script.endswith("})(document.currentScript, 100);</script>")
    code = script[len("<script>"):-len("</script>")]
    assert code in source and not re.search(r"^\s*//", code, flags=re.M)  # the comment block stays at home
    assert widgets.dot_product_explorer().output.outputs[0]["data"]["text/html"].endswith(script)
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("node is not installed (Debian: apt-get install nodejs); .ci/run installs it")
    # V8, the engine of chromium, parses the file as a script; and what is sent too
    for text in (source, code):
        path = ROOT / "build" / "page-check.js"
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        checked = subprocess.run([node, "--check", str(path)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
    broken = code.replace("function (me, tries) {", "function (me, tries) {{", 1)
    path.write_text(broken, encoding="utf-8")
    assert subprocess.run([node, "--check", str(path)], capture_output=True).returncode != 0  # the check can fail
    path.unlink()


def test_the_page_script_is_in_the_built_package(tmp_path):
    # page.js is package data: setuptools' build_py (what a wheel or an install copies) puts it next
    # to the explorers' modules
    for name in ("pyproject.toml", "README.md"):
        (tmp_path / name).write_text((ROOT / name).read_text(encoding="utf-8"), encoding="utf-8")
    shutil.copytree(ROOT / "lecturekit", tmp_path / "lecturekit", ignore=shutil.ignore_patterns("__pycache__"))
    built = subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q", "build_py",
                            "--build-lib", str(tmp_path / "lib")], cwd=tmp_path, capture_output=True, text=True)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    package = tmp_path / "lib" / "lecturekit" / "explorers"
    assert (package / "explorer.py").is_file()
    assert (package / "page.js").read_text(encoding="utf-8") == (
        ROOT / "lecturekit" / "explorers" / "page.js").read_text(encoding="utf-8")


def test_lk_widgets_offers_every_explorer_and_each_module_stays_short():
    import lecturekit.explorers as explorers

    assert widgets.__all__ == explorers.__all__
    for name in widgets.__all__:
        assert getattr(widgets, name) is getattr(explorers, name)
    for path in sorted((ROOT / "lecturekit" / "explorers").glob("*.py")):
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= 400, f"{path.name} has {lines} lines: split it (one explorer, one module)"


def test_the_stepper_names_the_data_it_was_given():
    """The read-out calls X, y by the name passed in; an empty name is refused with a message naming `name`."""
    X, y = np.array([[0.0, 1.0], [2.0, 0.0], [1.0, 3.0], [-1.0, -1.0]]), np.array([1, -1, 1, -1])
    stepper = widgets.perceptron_stepper(X, y, name="toy set")
    assert "toy set" in stepper.alt and "your data" not in stepper.alt
    with pytest.raises(ValueError, match="name"):
        widgets.perceptron_stepper(X, y, name="  ")


def test_an_explorer_carries_a_still_of_its_picture_for_viewers_without_widgets():
    """Beside the widget view, an explorer's display holds static HTML: its read-out and its current picture as one
    <img> whose alt is the explorer's text alternative (no page script), so a notebook read where widgets do not run
    shows a picture, not the bare text Explorer(...). The still follows the controls."""
    import html as html_
    e = lk.widgets.bound_explorer()
    bundle = e._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle and bundle["text/plain"].startswith("Explorer(")
    still = bundle["text/html"]
    assert still.count("<img ") == 1 and "<script" not in still
    assert f'alt="{html_.escape(e.alt, quote=True)}"' in still and e.readout.value in still
    before = still
    name, control = next((n, c) for n, c in e.controls.items() if hasattr(c, "max") and hasattr(c, "value"))
    control.value = control.max
    after = e._repr_mimebundle_()["text/html"]
    assert after != before and f'alt="{html_.escape(e.alt, quote=True)}"' in after
