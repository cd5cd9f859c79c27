"""Every figure has a text alternative built from its data.

lk.plot's functions describe what they draw; lk.plot.describe adds the
chapter's point; lk.plot.description assembles the whole; in IPython a
figure displays as one <img> whose alt is that description.
"""

import base64
import html
import re

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import lecturekit as lk  # noqa: E402
from lecturekit import _display  # noqa: E402


@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


def _numbers(text):
    return [float(t.replace("−", "-")) for t in re.findall(r"[−-]?\d+(?:\.\d+)?", text)]


def test_data_counts_each_class_with_its_colour_and_shape(ax):
    X, y = lk.datasets.separable(37, 2, seed=3)
    lk.plot.data(X, y, ax=ax)
    text = lk.plot.description(ax)
    assert text.startswith(f"{len(y)} points in the (x₁, x₂) plane")
    assert f"{np.sum(y == 1)} with y = +1 (blue plus signs)" in text
    assert f"{np.sum(y == -1)} with y = −1 (vermillion circles)" in text


def test_boundary_gives_its_equation_and_normal(ax):
    ax.set_xlim(-3, 3)
    ax.set_ylim(-3, 3)
    w = np.array([-1.25, 0.5, -2.0])
    lk.plot.boundary(w, ax=ax, label="mine")
    text = lk.plot.description(ax)
    assert "−1.25 + 0.5·x₁ − 2·x₂ = 0" in text
    assert "normal (0.5, −2)" in text and "“mine”" in text


def test_vectors_give_lengths_angle_and_projection(ax):
    a, b = np.array([3.0, 1.0]), np.array([1.0, 2.0])
    lk.plot.vectors(a, b, ax=ax)
    text = lk.plot.description(ax)
    theta = np.degrees(np.arccos(a @ b / np.linalg.norm(a) / np.linalg.norm(b)))
    assert f"the angle between them is {theta:.1f}°" in text
    p = (a @ b) / (b @ b) * b
    assert f"ends at ({p[0]:.3g}, {p[1]:.3g})" in text


def test_a_short_curve_lists_its_values(ax):
    values = [5.0, 3.0, 1.0, 0.0]
    lk.plot.learning_curve(values, ax=ax, ylabel="mistakes")
    assert _numbers(lk.plot.description(ax).split(":")[-1]) == values


def test_trace_names_the_points_that_triggered_updates(ax):
    X, y = lk.datasets.toy()
    result = lk.perceptron(X, y)
    art = lk.plot.perceptron_trace(result, X, y, ax=ax)
    text = lk.plot.description(ax)
    assert f"{result.n_updates} updates" in text and "after updates 1, 2, 3" in text
    for i in art.circled:
        assert f"({X[i, 0]:.3g}, {X[i, 1]:.3g})" in text


def test_panels_are_numbered_titled_and_the_figure_speaks_first():
    fig, axes = plt.subplots(1, 2)
    fig.suptitle("Two views")
    axes[0].set_title("left")
    lk.plot.data(*lk.datasets.toy(), ax=axes[0])
    lk.plot.describe(fig, "The point of the figure")
    text = lk.plot.description(fig)
    plt.close(fig)
    assert text.startswith("Figure titled “Two views”. The point of the figure.")
    assert "Panel 1 of 2, “left”: 4 points" in text
    assert "Panel 2 of 2: A plot of" in text  # nobody described it: its axes do


def test_whole_replaces_everything_and_bad_input_is_refused(ax):
    lk.plot.data(*lk.datasets.toy(), ax=ax)
    fig = ax.figure
    lk.plot.describe(fig, "first", whole=True)
    lk.plot.describe(fig, "Only this.", whole=True)
    assert lk.plot.description(fig) == "Only this."
    with pytest.raises(ValueError, match="pass the Figure"):
        lk.plot.describe(ax, "x", whole=True)
    with pytest.raises(ValueError, match="non-empty sentence"):
        lk.plot.describe(ax, "  ")
    with pytest.raises(TypeError, match="Figure or Axes"):
        lk.plot.describe("not a figure", "text")


def test_an_undescribed_figure_still_gets_a_sentence(ax):
    ax.plot([0, 1], [2, 3])
    ax.set_xlabel("epoch")
    assert re.fullmatch(r"A plot of y against epoch, with epoch from .* and y from .*\.",
                        lk.plot.description(ax.figure))


def test_figure_html_is_one_png_with_the_description_as_alt(ax):
    lk.plot.data(*lk.datasets.toy(), ax=ax)
    lk.plot.describe(ax, 'Quotes " and <tags> are escaped')
    out = _display.figure_html(ax.figure)
    found = re.fullmatch(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)" />', out)
    assert found
    assert base64.b64decode(found.group(1))[:8] == b"\x89PNG\r\n\x1a\n"
    assert html.unescape(found.group(2)) == lk.plot.description(ax.figure)


def test_install_shows_figures_as_html_and_drops_the_bare_png():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    from matplotlib.figure import Figure

    png = shell.display_formatter.formatters["image/png"]
    png.for_type(Figure, lambda fig: "bare png")
    assert _display.install(shell) is True
    fig, ax = plt.subplots()
    lk.plot.data(*lk.datasets.toy(), ax=ax)
    data, _ = shell.display_formatter.format(fig)
    plt.close(fig)
    assert "image/png" not in data
    assert data["text/html"].startswith('<img src="data:image/png;base64,')
    assert 'alt="4 points in the (x₁, x₂) plane' in data["text/html"]
    assert _display.install(object()) is False  # not an IPython shell: nothing to install


def test_mathtext_is_read_out_as_text_and_sentences_start_with_a_capital(ax):
    ax.set_title(r"the sign of $w \cdot x$ when $\|w\| \leq 1$")
    lk.plot.data(*lk.datasets.toy(), ax=ax, labels={1: r"$w \cdot x > 0$", -1: "below"})
    lk.plot.describe(ax, "the line cuts the square")
    text = lk.plot.description(ax.figure)
    assert text.startswith("Titled “the sign of w · x when ‖w‖ ≤ 1”: 4 points")
    assert "of class “w · x > 0”" in text and "$" not in text and "\\" not in text
    assert text.endswith("The line cuts the square.")


def test_classifiers_count_each_models_mistakes_ring_them_and_name_points_out_of_view(ax):
    X, y = lk.datasets.separable(30, seed=1)
    Xo = X.copy()
    Xo[9] += [4.0, 5.0]
    models = {"basic linear": lk.centroid_classifier(Xo, y), "perceptron": lk.perceptron(Xo, y)}
    art = lk.plot.classifiers(models, Xo, y, ax=ax, ring="basic linear", view=np.delete(Xo, 9, axis=0))
    text = lk.plot.description(ax)
    for name, model in models.items():
        wrong = np.flatnonzero(model.predict(Xo) != y)
        assert art.mistakes[name].tolist() == wrong.tolist()
        assert f"“{name}: {wrong.size} mistake" in text
    assert f"mark its {art.mistakes['basic linear'].size} training mistake(s)" in text
    assert "1 point(s) lie outside the view" in text and f"({Xo[9, 0]:.3g}, {Xo[9, 1]:.3g})" in text
    # the point off the view gets an arrow inside the view, on the way from its centre to the point
    (arrow,) = art.off_view
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    tip, tail = np.array(arrow.xy), np.array(arrow.get_position())
    assert x0 < tip[0] < x1 and y0 < tip[1] < y1 and x0 < tail[0] < x1 and y0 < tail[1] < y1
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    towards = Xo[9] - centre
    assert np.allclose(np.cross(tip - centre, towards), 0.0, atol=1e-9) and (tip - tail) @ towards > 0
    assert arrow.get_text() == f"({Xo[9, 0]:.3g}, {Xo[9, 1]:.3g})"
    # the arrow drawn lies on that line too (its label may sit beside its tail, but it does not turn the arrow)
    from matplotlib.patches import FancyArrowPatch

    (drawn,) = [patch for patch in ax.patches if isinstance(patch, FancyArrowPatch)]
    start, end = (np.array(q) for q in drawn._posA_posB)
    assert np.allclose(end, tip)
    assert abs(np.cross(end - start, towards)) <= 1e-9 * np.linalg.norm(end - start) * np.linalg.norm(towards)
    assert (end - start) @ towards > 0


def test_classifiers_ring_the_mistakes_of_several_models_one_ring_inside_the_other(ax):
    X, y = lk.datasets.unbalanced(seed=8)
    models = {"basic linear": lk.centroid_classifier(X, y), "least squares": lk.least_squares_classifier(X, y),
              "perceptron": lk.perceptron(X, y)}
    art = lk.plot.classifiers(models, X, y, ax=ax, ring=["basic linear", "least squares"])
    assert sorted(art.rings) == ["basic linear", "least squares"]
    for name, rings in art.rings.items():
        assert rings.get_offsets().tolist() == X[art.mistakes[name]].tolist()
    assert art.rings["basic linear"].get_sizes()[0] != art.rings["least squares"].get_sizes()[0]
    text = lk.plot.description(ax)
    for name in art.rings:
        assert f"Rings in the colour of the {name} line mark its {art.mistakes[name].size} training mistake(s)" in text
    with pytest.raises(ValueError, match="ring must be one of the models' names"):
        lk.plot.classifiers(models, X, y, ax=ax, ring=["basic linear", "nearest"])


def test_means_draws_both_class_means_and_their_midpoint_from_the_data(ax):
    X, y = lk.datasets.separable(30, seed=1)
    art = lk.plot.means(X, y, ax=ax)
    mu_p, mu_n = X[y == 1].mean(axis=0), X[y == -1].mean(axis=0)
    assert art.markers[1].get_offsets().tolist() == [mu_p.tolist()]
    assert art.markers[-1].get_offsets().tolist() == [mu_n.tolist()]
    assert np.allclose(np.column_stack(art.segment.get_data()), [mu_n, mu_p])
    assert np.allclose(np.ravel(art.midpoint.get_data()), (mu_p + mu_n) / 2)
    # the midpoint is on the closest-centroid boundary (it scores 0 up to rounding)
    assert abs(lk.centroid_classifier(X, y).decision_function([(mu_p + mu_n) / 2])[0]) < 1e-12
    text = lk.plot.description(ax)
    assert f"μ+ = ({mu_p[0]:.3g}, {mu_p[1]:.3g})".replace("-", "−") in text
    assert f"μ− = ({mu_n[0]:.3g}, {mu_n[1]:.3g})".replace("-", "−") in text and "$" not in text
    with pytest.raises(ValueError, match="needs examples of both"):
        lk.plot.means(X[y == 1], y[y == 1], ax=ax)


def test_run_lengths_and_named_points_describe_what_they_draw(ax):
    counts = np.array([5, 3, 9, 4])
    lk.plot.run_lengths([1.0, 2.0, 4.0, 8.0], counts, ax=ax, marked={"η=1": (2.0, 3)}, xlabel="start length")
    X, y = lk.datasets.toy()
    lk.plot.named_points([[0.0, 0.0], [2.0, 3.0]], "PQ", ax=ax, model=lk.perceptron(X, y))
    text = lk.plot.description(ax)
    assert "4 runs, one dot each, need 3 to 9 updates, neighbours differing by up to 6" in text
    assert "rings mark η=1: 3 updates" in text
    assert "Points P = (0, 0) and Q = (2, 3)" in text and "predicts P −1 and Q +1" in text
