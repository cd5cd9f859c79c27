"""Figures for the course: data, boundaries, decision regions, perceptron traces,
error surfaces, learning curves, feature maps and vectors.

Every function here

* draws on ``ax`` (the current axes when ``ax=None``) and returns the artists it
  drew, in a small frozen dataclass with named fields, so that notebooks can lay
  figures out and widgets and tests can read the geometry back;
* takes its extent from the data or from the axes' current limits, and never
  calls ``fit``, ``show`` or ``cla`` nor changes ``rcParams``;
* checks its input first, so bad input raises a ``ValueError``/``TypeError``
  naming the argument and nothing half-drawn is left behind.

Colours are the Okabe-Ito palette (safe for colour-blind readers), and every
class also has its own marker, so figures read in greyscale too.  Class +1 is a
blue plus, class -1 a vermillion circle.

Boundaries are infinite lines (:meth:`matplotlib.axes.Axes.axline`) that
always span the view, whatever the limits become; they do not change the data
limits, so drawing boundaries never makes the view grow.  Arrows and angles only
look perpendicular on axes with equal aspect (``ax.set_aspect("equal")``);
:func:`vectors` sets it, the other functions leave the aspect alone.

This module is loaded on first use of ``lk.plot`` (``import lecturekit`` does not
import matplotlib), and it imports ``matplotlib.pyplot`` only when a function is
called without ``ax``.
"""

from __future__ import annotations

import numbers
import re
from dataclasses import dataclass, field

import matplotlib
import matplotlib.axes
import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.colors import BoundaryNorm, ListedColormap, to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Arc, Polygon
from matplotlib.text import Annotation

from ._validation import (
    as_float_array,
    check_binary_y,
    check_bool,
    check_choice,
    check_count,
    check_labels,
    check_weights,
    check_X,
)
from .vectors import dot, project, projection_length

__all__ = [
    "OKABE_ITO",
    "MARKERS",
    "data",
    "boundary",
    "boundary_through_origin",
    "distances",
    "offset",
    "regions",
    "unclaimed",
    "borders",
    "border_segments",
    "perceptron_trace",
    "mistakes",
    "learning_curve",
    "criterion_surface",
    "criterion_grid",
    "feature_map",
    "vectors",
    "update_step",
    "function_contours",
    "curves",
    "reference_line",
    "band",
    "fit_lines",
    "conic",
    "conic_shape",
    "mark",
    "shared_legend",
    "class_style",
    "DataArtists",
    "BoundaryArtists",
    "DistanceArtists",
    "OffsetArtists",
    "RegionArtists",
    "TraceArtists",
    "SurfaceArtists",
    "FeatureMapArtists",
    "VectorArtists",
    "UpdateArtists",
    "ContourArtists",
    "plane",
    "plane_edge_on",
    "lifted_plane",
    "classifiers",
    "run_lengths",
    "named_points",
    "means",
    "class_densities",
    "MeansArtists",
    "CLASSIFIER_STYLES",
    "PlaneArtists",
    "ComparisonArtists",
    "describe",
    "description",
]

#: Okabe & Ito's colour-blind-safe palette (blue, vermillion, bluish green,
#: reddish purple, orange, sky blue, yellow, black).
OKABE_ITO = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000")
#: One marker per class, so that classes differ in shape as well as colour.
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")

_BINARY_STYLE = {1: ("#0072B2", "P", "y = +1"), -1: ("#D55E00", "o", "y = −1")}
_BOUNDARY_COLOR = "0.15"
_NORMAL_FRACTION = 0.15  # the normal arrow is this fraction of the shorter side of the axes, on screen,
_NORMAL_MIN_POINTS = 18.0  # and at least this long (in points), so that its head fits
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")  # w1 -> w₁ without mathtext (slow to parse)
_BIG = 50.0  # the margin band is clipped to the view grown this many times in each direction


# --------------------------------------------------------------------------
# Returned artists
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class DataArtists:
    """What :func:`data` drew.

    Attributes
    ----------
    points : dict
        One ``PathCollection`` per class label, in sorted class order.
    legend : matplotlib.legend.Legend or None
    """

    points: dict
    legend: object = None
    #: The point labels drawn with ``numbers`` (one Annotation per point), else empty.
    numbers: tuple = ()


@dataclass(frozen=True)
class BoundaryArtists:
    """What :func:`boundary` drew.

    Attributes
    ----------
    line : matplotlib.lines.AxLine
        The infinite line ``w0 + w1 x1 + w2 x2 = 0`` through the points
        ``line.get_xy1()`` and ``line.get_xy2()`` (its ``xdata`` are not used by
        matplotlib for an AxLine).
    normal : matplotlib.text.Annotation or None
        The arrow of the normal vector, from ``normal.xyann`` on the boundary to
        ``normal.xy`` on the positive side.
    band : matplotlib.patches.Polygon or None
        The margin band ``|w . (1, x)| / |(w1, w2)| <= margin``.
    closest : matplotlib.lines.Line2D or None
        The open square on the training point the line passes closest to
        (``closest=(X, y)``).
    """

    line: object
    normal: object = None
    band: object = None
    closest: object = None


@dataclass(frozen=True)
class RegionArtists:
    """What :func:`regions` drew.

    Attributes
    ----------
    mesh : matplotlib.image.AxesImage
        One pixel per grid cell (``mesh.get_extent()`` is the area coloured);
        ``mesh.get_array()`` holds the index into ``classes`` of the predicted
        label, and its colour is that class's colour.
    ambiguous : matplotlib.contour.QuadContourSet or None
        The grey hatching of the ambiguous cells (one-vs-rest and pairwise).
    classes : ndarray
        The class labels, in the order of the colours.
    xx, yy : ndarray of shape (resolution, resolution)
        The cell centres where ``model.predict`` was evaluated.
    labels : ndarray of shape (resolution, resolution)
        ``model.predict`` at the cell centres.
    ambiguous_mask : ndarray of bool, shape (resolution, resolution), or None
        ``model.ambiguous`` at the cell centres, when the model has it.
    """

    mesh: object
    ambiguous: object
    classes: np.ndarray
    xx: np.ndarray
    yy: np.ndarray
    labels: np.ndarray
    ambiguous_mask: np.ndarray | None = None

    def legend_handles(self, template: str = "predicted {}") -> list:
        """One legend patch per class, in its region's colour and opacity, labelled
        ``template.format(label)`` (labels ±1 written −1 and +1)."""
        from matplotlib.patches import Patch

        colours, alpha = self.mesh.get_cmap().colors, self.mesh.get_alpha()
        names = [f"{c:+d}".replace("-", "\N{MINUS SIGN}") if isinstance(c, (int, np.integer)) and abs(int(c)) == 1
                 else str(c.item() if hasattr(c, "item") else c) for c in self.classes]
        return [Patch(color=colour, alpha=alpha, label=template.format(name))
                for colour, name in zip(colours, names)]


@dataclass(frozen=True)
class TraceArtists:
    """What :func:`perceptron_trace` drew.

    Attributes
    ----------
    data : DataArtists or None
    start : BoundaryArtists or None
        The initial boundary (dashed), when the initial weights have one.
    lines : tuple of AxLine
        The boundary after each drawn update, oldest first.
    steps : tuple of int
        The update numbers k of ``lines`` (weights after update k).
    final : BoundaryArtists or None
        The last boundary, with its normal vector.
    circles : matplotlib.collections.PathCollection
        Rings around the examples that triggered an update (Flach, Fig. 7.5),
        in the order in which they first did.
    circled : ndarray of int
        Row numbers in X of the circled examples.
    """

    data: DataArtists | None
    start: BoundaryArtists | None
    lines: tuple
    steps: tuple
    final: BoundaryArtists | None
    circles: object
    circled: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=int))


@dataclass(frozen=True)
class SurfaceArtists:
    """What :func:`criterion_surface` drew.

    Attributes
    ----------
    filled, lines : matplotlib.contour.QuadContourSet
        Filled contours and contour lines of the surface.
    path : matplotlib.lines.Line2D or None
        The descent path projected on the two free weights.
    start, end : matplotlib.lines.Line2D or None
        Markers at the first and last iterate.
    free : tuple of int
        The coordinates of w on the horizontal and vertical axes.
    base : ndarray
        The weight vector whose other coordinates are held fixed.
    W1, W2, J : ndarray of shape (resolution, resolution)
        The grid of the two free weights and the surface's values on it.
    separating : matplotlib.patches.Polygon or None
        With ``separating=True`` and a separating region in view: the region
        itself, drawn exactly (the half-planes ``y_i w . (1, x_i) >= 0``
        intersected with the view), lightened, hatched and outlined in white.
        Its inside separates the data; on its outline some score is exactly 0.
    separates : ndarray of bool of shape (resolution, resolution) or None
        Which grid points separate (``y_i w . (1, x_i) > 0`` for every i).
    """

    filled: object
    lines: object
    path: object
    start: object
    end: object
    free: tuple
    base: np.ndarray
    W1: np.ndarray
    W2: np.ndarray
    J: np.ndarray
    separating: object = None
    separates: np.ndarray | None = None


@dataclass(frozen=True)
class FeatureMapArtists:
    """What :func:`feature_map` drew.

    Attributes
    ----------
    raw : DataArtists
        The data in (x1, x2).
    conic : matplotlib.collections.LineCollection
        The curved boundary ``b + v1 x1^2 + v2 x2^2 = 0`` in (x1, x2).
    squared : DataArtists
        The data in (x1^2, x2^2).
    line : BoundaryArtists
        The straight boundary ``b + v1 z1 + v2 z2 = 0`` in (z1, z2) = (x1^2, x2^2).
    axes : tuple of two or three Axes
    corner : DataArtists or None
        With a third panel: the squared points inside its limits.
    corner_line : BoundaryArtists or None
        With a third panel: the straight boundary in it, with the normal vector (which the middle panel then leaves
        out, since there it would sit among the positives).
    """

    raw: DataArtists
    conic: object
    squared: DataArtists
    line: BoundaryArtists
    axes: tuple
    corner: DataArtists | None = None
    corner_line: BoundaryArtists | None = None


@dataclass(frozen=True)
class VectorArtists:
    """What :func:`vectors` drew.

    Attributes
    ----------
    a, b : matplotlib.text.Annotation
        Arrows from the origin (``.xyann``) to the tip (``.xy``).
    a_label, b_label : matplotlib.text.Text
    angle : matplotlib.patches.Arc or None
        The arc between a and b (None when one of them is zero).
    angle_label : matplotlib.text.Text or None
    projection : matplotlib.lines.Line2D or None
        From the origin to the projection of a onto the line of b.
    drop : matplotlib.lines.Line2D or None
        The perpendicular from a to its projection.
    projection_label : matplotlib.text.Text or None
        "projection = ..." beside the projection: its signed length.
    right_angle : matplotlib.patches.Polygon or None
        The small square drawn in the corner when a · b is exactly 0.
    difference, difference_label : matplotlib.lines.Line2D, matplotlib.text.Text or None
        The dashed side from the tip of b to the tip of a (``show_difference=True``) and its label.
    """

    a: object
    b: object
    a_label: object
    b_label: object
    angle: object = None
    angle_label: object = None
    projection: object = None
    drop: object = None
    projection_label: object = None
    right_angle: object = None
    difference: object = None
    difference_label: object = None


@dataclass(frozen=True)
class UpdateArtists:
    """What :func:`update_step` drew.

    Attributes
    ----------
    w, step, w_new : matplotlib.text.Annotation
        The arrows of the feature weights before the update (from the origin), of ``eta * y * x``
        (from the tip of the first) and of the feature weights after it (from the origin).
    before, after : BoundaryArtists
        The boundary before (dashed) and after (solid) the update.
    point : matplotlib.collections.PathCollection
        The example.
    w_tilde_new : ndarray of shape (3,)
        The homogeneous weights after the update, ``w + eta * y * (1, x)``.
    """

    w: object
    step: object
    w_new: object
    before: object
    after: object
    point: object
    w_tilde_new: np.ndarray


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


_DESCRIPTION = "_lecturekit_description"
_WHOLE = "_lecturekit_description_is_whole"
_COLOUR_NAMES = dict(zip(OKABE_ITO, ("blue", "vermillion", "bluish green", "reddish purple", "orange",
                                     "sky blue", "yellow", "black")))
_MARKER_NAMES = {"o": "circles", "s": "squares", "^": "triangles", "D": "diamonds", "v": "down triangles",
                 "P": "plus signs", "X": "crosses", "*": "stars"}


def _figure_of(target):
    """The Figure behind a Figure or an Axes (for describe/description)."""
    if isinstance(target, matplotlib.axes.Axes):
        return target.figure
    if hasattr(target, "savefig") and hasattr(target, "axes"):
        return target
    raise TypeError("target: expected a matplotlib Figure or Axes, got "
                    f"{type(target).__name__}; pass the figure (plt.gcf()) or an axes")


_TEX = (("\\cdot", "·"), ("\\times", "×"), ("\\leq", "≤"), ("\\le", "≤"), ("\\geq", "≥"),
        ("\\ge", "≥"), ("\\neq", "≠"), ("\\|", "‖"), ("\\eta", "η"), ("\\gamma", "γ"),
        ("\\alpha", "α"), ("\\mu", "μ"), ("\\theta", "θ"), ("\\lambda", "λ"), ("\\phi", "φ"),
        ("\\sqrt", "√"), ("\\pm", "±"), ("\\infty", "∞"), ("^2", "²"), ("^{2}", "²"), ("^\\top", "ᵀ"),
        ("\\top", "ᵀ"), ("\\tilde{w}", "w̃"), ("\\tilde{x}", "x̃"), ("\\tilde w", "w̃"), ("\\tilde x", "x̃"),
        ("_{0}", "₀"), ("_{1}", "₁"), ("_{2}", "₂"), ("_0", "₀"), ("_1", "₁"), ("_2", "₂"))


def _plain_math(text: str) -> str:
    """Text as a screen reader should get it: mathtext such as ``$w \\cdot x$``
    becomes ``w · x`` (the figure shows the formula; the alt text reads it)."""
    if "$" not in text:
        return text
    for tex, plain in _TEX:
        text = text.replace(tex, plain)
    for cmd in ("\\mathbf", "\\mathrm", "\\boldsymbol", "\\tilde", "\\hat", "\\bar"):
        text = text.replace(cmd, "")
    return text.replace("$", "").replace("{", "").replace("}", "").replace("\\", "")


def _sentence(text: str) -> str:
    text = " ".join(_plain_math(str(text)).split())
    if text[:1].islower():
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ":")) else text + "."


def describe(target, text: str, *, whole: bool = False):
    """Add a sentence to the text alternative of a figure (or of one of its panels).

    The text alternative is what a screen reader says instead of the picture
    (the ``alt`` of the image in JupyterLab and in the HTML export).  The
    functions of this module already describe what they draw (the points of
    each class, a boundary's equation, a curve's first and last values); add
    what the reader should notice, built from the data, not a generic caption::

        lk.plot.describe(ax, f"After {res.n_updates} updates the boundary separates "
                             f"all {len(y)} points.")

    ``target`` is an Axes (the sentence belongs to that panel) or a Figure
    (it comes first, before the panels').  With ``whole=True`` (a Figure
    only) ``text`` replaces everything said so far and is the whole
    description: the panels' own sentences are left out (an explorer, which
    redraws its panels in place, describes its current state this way).
    Returns ``target``.
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError("text: expected a non-empty sentence describing what the figure "
                         f"shows, got {text!r}")
    fig = _figure_of(target)
    if whole:
        if fig is not target:
            raise ValueError("whole=True describes a whole figure: pass the Figure, not an Axes")
        target.__dict__[_DESCRIPTION] = [_sentence(text)]
        target.__dict__[_WHOLE] = True
        return target
    target.__dict__.setdefault(_DESCRIPTION, []).append(_sentence(text))
    return target


_QUIET = []  # non-empty while a plot function draws parts it describes itself


def _note(ax, text: str) -> None:
    """What a plot function drew, as a sentence of the panel's description."""
    if not _QUIET:
        ax.__dict__.setdefault(_DESCRIPTION, []).append(_sentence(text))


def _axes_fallback(ax) -> str:
    """A sentence for a panel nobody described: its kind, labels and limits."""
    x, y = ax.get_xlabel() or "x", ax.get_ylabel() or "y"
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    return (f"A plot of {y} against {x}, with {x} from {_number(x0)} to {_number(x1)} "
            f"and {y} from {_number(y0)} to {_number(y1)}.")


def description(target) -> str:
    """The text alternative of ``target``'s figure: the figure's own sentences,
    then each panel's (numbered and titled when there are several).  Never
    empty: a panel that nobody described is described by its axes."""
    fig = _figure_of(target)
    parts = list(fig.__dict__.get(_DESCRIPTION, []))
    if fig.__dict__.get(_WHOLE) and parts:
        return " ".join(parts)
    title = fig._suptitle.get_text() if getattr(fig, "_suptitle", None) is not None else ""
    if title:
        parts.insert(0, _sentence(f"Figure titled “{_plain_math(title)}”"))
    panels = [ax for ax in fig.axes if ax.get_visible() and ax.get_label() != "<colorbar>"]
    for k, ax in enumerate(panels, 1):
        own = ax.__dict__.get(_DESCRIPTION, [])
        if not own and parts and len(panels) == 1:
            continue  # the figure's sentences already say it
        body = " ".join(own) if own else _axes_fallback(ax)
        title = _plain_math(ax.get_title())
        if len(panels) > 1:
            head = f"Panel {k} of {len(panels)}" + (f", “{title}”" if title else "")
        else:
            head = f"Titled “{title}”" if title else ""
        parts.append((head + ": " if head else "") + body)
    return " ".join(parts) if parts else "An empty figure."


def _number(v: float) -> str:
    return f"{v:.3g}".replace("-", "−")


def _equation(w, names=None) -> str:
    """w0 + w1 x1 + w2 x2 = 0 as readable text, e.g. '−1 + 1·x₁ + 2·x₂ = 0'
    (``names``: the variables of w1, w2, ...; default x₁, x₂, ...)."""
    terms = [_number(w[0])] if w[0] != 0 else []
    for j, c in enumerate(w[1:], 1):
        if c == 0:
            continue
        var = names[j - 1] if names is not None else f"x{str(j).translate(_SUB)}"
        if not terms:
            terms.append(f"{_number(c)}·{var}")
        else:
            terms.append(f"{'−' if c < 0 else '+'} {_number(abs(c))}·{var}")
    return " ".join(terms or ["0"]) + " = 0"


_AXIS_VARIABLE = re.compile(r"\s*(x[₀-₉]*[⁰¹²³⁴⁵⁶⁷⁸⁹]*)(?!\w)")


def _axis_variables(ax) -> tuple:
    """The names of the two variables of a panel, for an equation in its text alternative.

    An axis labelled with an x, an optional subscript and an optional power, e.g.
    "x₀ (always 1)", "x" or "x₁²" (chapter 9's squared features), names its variable; any other axis (unlabelled, or "petal length (cm)") is x₁ or x₂ as usual.
    """
    names = []
    for k, label in enumerate((ax.get_xlabel(), ax.get_ylabel()), 1):
        m = _AXIS_VARIABLE.match(_plain_math(label))
        names.append(m.group(1) if m else f"x{str(k).translate(_SUB)}")
    return tuple(names)


def _class_phrase(colour, marker, name, count) -> str:
    name = _plain_math(name)
    who = f"with {name}" if name.startswith("y =") else f"of class “{name}”"
    return (f"{count} {who} ({_COLOUR_NAMES.get(colour, 'coloured')} "
            f"{_MARKER_NAMES.get(marker, 'markers')})")


def _ax(ax):
    """The axes to draw on: ``ax`` itself, or pyplot's current axes when None."""
    if ax is None:
        import matplotlib.pyplot as plt

        return plt.gca()
    if not isinstance(ax, matplotlib.axes.Axes):
        raise TypeError(
            f"ax must be a matplotlib Axes (e.g. fig, ax = plt.subplots()) or None; "
            f"got {type(ax).__name__}."
        )
    return ax


def _check_X2(X, name: str = "X") -> np.ndarray:
    X = check_X(X, name)
    if X.shape[1] != 2:
        raise ValueError(
            f"{name} must have exactly 2 columns (x1, x2) to be drawn in the plane; got shape "
            f"{X.shape}. Pick two features, e.g. {name}[:, :2], or map the data to 2-D first."
        )
    return X


def _check_plot_y(y, n: int, name: str = "y") -> np.ndarray:
    """Class labels of any kind (one class is enough to draw), one per row of X."""
    return check_labels(y, n, name, min_classes=1)


def _is_binary(classes) -> bool:
    classes = np.asarray(classes)
    return classes.dtype.kind in "biuf" and np.all(np.isin(classes, (-1, 1)))


def class_style(classes) -> list[tuple[str, str, str]]:
    """(colour, marker, legend label) for each class, in the order given.

    Labels -1/+1 get the binary style (+1 blue plus, -1 vermillion circle);
    any other labels get the Okabe-Ito colours and the markers in turn.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.plot.class_style([-1, 1])
    [('#D55E00', 'o', 'y = −1'), ('#0072B2', 'P', 'y = +1')]
    >>> [style[:2] for style in lk.plot.class_style(["a", "b", "c"])]
    [('#0072B2', 'o'), ('#D55E00', 's'), ('#009E73', '^')]
    """
    classes = np.asarray(classes)
    if _is_binary(classes):
        return [_BINARY_STYLE[int(c)] for c in classes]
    k, m = len(OKABE_ITO), len(MARKERS)
    return [(OKABE_ITO[i % k], MARKERS[(i + i // k) % m], str(c)) for i, c in enumerate(classes.tolist())]


def _view(ax):
    """The current view as (x0, x1, y0, y1), increasing."""
    x0, x1 = sorted(ax.get_xlim())
    y0, y1 = sorted(ax.get_ylim())
    return float(x0), float(x1), float(y0), float(y1)


def _padded_box(X, pad: float = 0.1):
    lo, hi = X.min(axis=0), X.max(axis=0)
    span = np.where(hi > lo, hi - lo, 1.0)
    lo, hi = lo - pad * span, hi + pad * span
    return float(lo[0]), float(hi[0]), float(lo[1]), float(hi[1])


def _label_axes(ax, xlabel, ylabel):
    """Label the axes unless the caller already did."""
    if xlabel and not ax.get_xlabel():
        ax.set_xlabel(xlabel)
    if ylabel and not ax.get_ylabel():
        ax.set_ylabel(ylabel)


def _as_plane_weights(w, name: str = "w") -> np.ndarray:
    """A homogeneous (w0, w1, w2) with a direction; a fitted result stands for its ``w``."""
    if hasattr(w, "w") and not isinstance(w, np.ndarray):
        if w.w is None:
            raise ValueError(
                f"{name} is a kernel perceptron result, which has no weight vector in the plane; "
                "draw it with lk.plot.regions(result, X) instead."
            )
        w = w.w
    w = check_weights(w, 3, name, what=" for a boundary in the plane: (w0 = b, w1, w2)")
    if w[1] == 0 and w[2] == 0:
        raise ValueError(
            f"{name} = {tuple(w.tolist())} has no boundary: w1 = w2 = 0, so every point has the "
            f"same score w0 = {w[0]:g}. Give {name}[1:] a non-zero direction."
        )
    return w


def _clip_convex(poly: np.ndarray, a: np.ndarray, c: float) -> np.ndarray:
    """Keep the part of the convex polygon ``poly`` where ``a . p + c >= 0`` (Sutherland-Hodgman)."""
    out = []
    n = poly.shape[0]
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp, fq = a @ p + c, a @ q + c
        if fp >= 0:
            out.append(p)
        if (fp >= 0) != (fq >= 0):
            out.append(p + fp / (fp - fq) * (q - p))
    return np.array(out).reshape(-1, 2)


def _boundary_geometry(w, view):
    """Two points on the line, an anchor for the normal arrow, and the unit normal.

    The anchor is the middle of the part of the line inside the view, so the
    arrow is on the axes even where the line only cuts a corner of the view;
    when the line misses the view it is the point of the line closest to the
    view's centre.
    """
    x0, x1, y0, y1 = view
    v = w[1:]
    vv = float(v @ v)
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    foot = centre - (w[0] + v @ centre) / vv * v  # closest point of the line to the centre
    unit = v / np.sqrt(vv)
    along = np.array([-unit[1], unit[0]])
    # the stretch foot + t * along that lies inside the view (slab clipping)
    lo, hi = -np.inf, np.inf
    for k, (a, b) in enumerate(((x0, x1), (y0, y1))):
        if abs(along[k]) > 1e-12:
            t1, t2 = (a - foot[k]) / along[k], (b - foot[k]) / along[k]
            lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        elif not a <= foot[k] <= b:
            lo, hi = 1.0, 0.0  # parallel to this side and outside the view
    anchor = foot + 0.5 * (lo + hi) * along if lo <= hi else foot
    half = 0.5 * float(np.hypot(x1 - x0, y1 - y0))
    return foot - half * along, foot + half * along, anchor, unit


def _normal_arrow_ends(w, ax, fraction=None, region=None, anchor=None):
    """Base (on the boundary, inside the view) and tip (on the positive side) of the normal arrow.

    Placed from the view and the axes' size on screen as they are now: the arrow
    is ``_NORMAL_FRACTION`` of the shorter side of the axes long *on screen*
    (at least ``_NORMAL_MIN_POINTS``), so
    a degenerate data span (all points with the same x0, say) or unequal scales
    cannot shrink it to nothing, and it runs along ``(w1, w2)`` in data
    coordinates, so its tip is on the positive side whatever the aspect.
    """
    view = _view(ax)
    if region is not None:  # anchor on the part of the line inside region (x0, x1, y0, y1) as well, where it has one
        inside = (max(view[0], region[0]), min(view[1], region[1]), max(view[2], region[2]), min(view[3], region[3]))
        view = inside if inside[0] < inside[1] and inside[2] < inside[3] else view
    _, _, base, unit = _boundary_geometry(w, view)
    if anchor is not None:  # the foot of the perpendicular from anchor to the line
        v = w[1:]
        base = anchor - (w[0] + v @ anchor) / (v @ v) * v
    box = ax.get_window_extent()
    screen = ax.transData.transform(np.vstack([base, base + unit]))
    step = float(np.hypot(*(screen[1] - screen[0])))  # pixels per data unit along the normal
    fraction = _NORMAL_FRACTION if fraction is None else fraction
    want = max(fraction * min(box.width, box.height), _NORMAL_MIN_POINTS * ax.figure.dpi / 72.0)
    length = want / step if step > 0 and np.isfinite(step) and want > 0 else 0.0
    if length == 0.0:  # no size on screen yet: fall back to the view's own span
        x0, x1, y0, y1 = _view(ax)
        length = fraction * max(min(x1 - x0, y1 - y0), 1e-12)
    # the head's size on screen: at most _HEAD_SCALE, and small enough that its back
    # corners stay on the positive side where unequal scales tilt the arrow towards the line
    along = np.array([-unit[1], unit[0]])
    if region is not None:  # slide the base along the line, as little as will do, so that the tip is inside region
        lo, hi = -np.inf, np.inf
        for k in (0, 1):
            tip_k = base[k] + length * unit[k]
            if abs(along[k]) > 1e-12:  # tip_k + t along[k] within [region[2k], region[2k + 1]]
                t1, t2 = (region[2 * k] - tip_k) / along[k], (region[2 * k + 1] - tip_k) / along[k]
                lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        if lo <= hi:
            base = base + min(max(0.0, lo), hi) * along
    d = screen[1] - screen[0]
    a = ax.transData.transform(base + along) - screen[0]
    if step > 0 and np.hypot(*a) > 0:
        d, a = d / np.hypot(*d), a / np.hypot(*a)
        sin, cos = abs(d[0] * a[1] - d[1] * a[0]), abs(d @ a)
        fits = 0.8 * want * sin / (0.4 * sin + 0.2 * cos)  # "-|>": head 0.4 long, 0.2 wide per unit of scale
        head = min(_HEAD_SCALE, fits * 72.0 / ax.figure.dpi)
    else:
        head = _HEAD_SCALE
    return base, base + length * unit, head


#: head size of the normal arrow (points), shrunk where the head would reach back past the boundary
_HEAD_SCALE = 14.0


class _NormalArrow(Annotation):
    """The normal arrow of :func:`boundary`: an annotation that places and sizes
    itself again each time it is drawn, from the view at that moment, so that
    limits or an aspect set after :func:`boundary` keep it on the boundary, on
    screen and pointing to the positive side."""

    #: length as a fraction of the shorter side of the axes (None: ``_NORMAL_FRACTION``)
    fraction = None
    #: (x0, x1, y0, y1): anchor the arrow on the part of the line inside it too (None: the whole view)
    region = None
    #: (x1, x2): the arrow starts at the point of the line closest to it (None: closest to the view's centre)
    anchor = None

    def __init__(self, w, ax, *, color, zorder):
        self._w = np.asarray(w, dtype=float)
        base, tip, _ = _normal_arrow_ends(self._w, ax)
        super().__init__(
            "", xy=tuple(map(float, tip)), xytext=tuple(map(float, base)), xycoords="data", textcoords="data",
            arrowprops={"arrowstyle": "-|>", "color": color, "linewidth": 1.6,
                        "shrinkA": 0, "shrinkB": 0, "mutation_scale": 14},
            zorder=zorder, annotation_clip=False,  # drawn even when a small axes puts the tip outside
        )
        ax._add_text(self)
        self.place()

    def place(self):
        """Recompute base, tip and head size from the current view (called before each draw)."""
        if self.axes is not None:
            base, tip, head = _normal_arrow_ends(self._w, self.axes, self.fraction, self.region, self.anchor)
            self.xy = tuple(map(float, tip))
            self.xyann = tuple(map(float, base))
            self.arrowprops["mutation_scale"] = head

    def draw(self, renderer):
        self.place()
        super().draw(renderer)


# --------------------------------------------------------------------------
# Data and boundaries
# --------------------------------------------------------------------------


def _point_labels(numbers, n: int):
    """The text beside each point for ``numbers`` (False: none), checked."""
    if numbers is False or numbers is None:
        return None
    if numbers is True:
        return [str(k) for k in range(n)]
    if isinstance(numbers, (str, bytes)) or not hasattr(numbers, "__len__"):
        raise TypeError(f"numbers must be True, False or one label per point (a list of {n}); "
                        f"got {type(numbers).__name__}")
    if len(numbers) != n:
        raise ValueError(f"numbers must give one label per point ({n}); got {len(numbers)}")
    return [str(t) for t in numbers]


def _draw_point_labels(ax, X, texts) -> tuple:
    """Each point's label just above and right of it, with a white halo so that
    it stays legible over lines and other points."""
    import matplotlib.patheffects as effects

    halo = [effects.withStroke(linewidth=2.5, foreground="white")]
    ticks = ax.xaxis.get_major_ticks()
    size = ticks[0].label1.get_fontsize() if ticks else None  # as large as the tick labels
    return tuple(ax.annotate(t, (x0, y0), xytext=(7, 7), textcoords="offset points", fontsize=size,
                             color="#111111", zorder=5, path_effects=halo, annotation_clip=True)
                 for (x0, y0), t in zip(X, texts))


def data(X, y, ax=None, *, labels=None, axis_labels=("x₁", "x₂"), legend=True, size=40, numbers=False):
    """Scatter 2-D data, one colour and one marker per class, with a legend.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : array-like of shape (n_samples,)
        Labels -1/+1 (binary style) or any k class labels.
    ax : matplotlib Axes, optional
        Defaults to the current axes.
    labels : dict or sequence of str, optional
        Legend text per class: a dict ``{label: text}`` or a sequence in sorted
        class order.  Defaults to "y = +1" / "y = -1", or the class labels.
    axis_labels : (str, str), default ("x₁", "x₂")
        Set on axes that have no labels yet.
    legend : bool, default True
    size : float, default 40
        Marker area in points^2.
    numbers : bool or sequence, default False
        Write a label beside each point: ``True`` numbers the points 0, 1, …
        in the order of X (the numbers of "example 2" in a text, a trace or
        the stepper); a sequence gives one label per point.  The figure's
        description says so.

    Returns
    -------
    DataArtists

    Raises
    ------
    ValueError
        If X does not have exactly two columns, or y does not match X, or
        ``numbers`` does not give one label per point.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> X, y = lk.datasets.toy()
    >>> art = lk.plot.data(X, y, ax=ax)
    >>> sorted(art.points)
    [-1, 1]
    >>> plt.close(fig)
    """
    X = _check_X2(X)
    y = _check_plot_y(y, X.shape[0])
    check_bool(legend, "legend")
    texts = _point_labels(numbers, X.shape[0])
    ax = _ax(ax)
    classes = np.unique(y)
    styles = class_style(classes)
    if labels is None:
        names = [s[2] for s in styles]
    elif isinstance(labels, dict):
        names = [str(labels.get(c.item() if hasattr(c, "item") else c, s[2])) for c, s in zip(classes, styles)]
    else:
        names = [str(t) for t in labels]
        if len(names) != classes.shape[0]:
            raise ValueError(
                f"labels must give one name per class ({classes.shape[0]}: {classes.tolist()}); "
                f"got {len(names)}. Or pass a dict {{label: name}}."
            )
    points = {}
    for c, (colour, marker, _), name in zip(classes, styles, names):
        rows = y == c
        key = c.item() if hasattr(c, "item") else c
        points[key] = ax.scatter(
            X[rows, 0], X[rows, 1], s=size, color=colour, marker=marker,
            edgecolors="white", linewidths=0.5, label=name, zorder=2,
        )
    _label_axes(ax, *axis_labels)
    leg = ax.legend(loc="best", fontsize="small") if legend else None
    counts = [_class_phrase(colour, marker, name, int(np.sum(y == c)))
              for c, (colour, marker, _), name in zip(classes, styles, names)]
    drawn = _draw_point_labels(ax, X, texts) if texts else ()
    xname, yname = _plain_math(ax.get_xlabel()), _plain_math(ax.get_ylabel())
    where = (f"in the ({xname}, {yname}) plane" if xname and yname
             else f"along the {xname or yname} axis" if xname or yname else "in the plane")
    note = f"{X.shape[0]} points {where}: " + "; ".join(counts)
    if texts and numbers is True:
        note += f"; each point is labelled with its number, 0 to {X.shape[0] - 1}, in the order of the data"
    elif texts:
        note += "; each point is labelled (" + ", ".join(f"{t} at ({_number(x0)}, {_number(x1)})"
                                                           for t, (x0, x1) in list(zip(texts, X))[:8]) \
                + (" and more" if len(texts) > 8 else "") + ")"
    _note(ax, note)
    return DataArtists(points=points, legend=leg, numbers=drawn)


def boundary(w, ax=None, *, normal=True, margin=None, label=None, color=None, guide=False, anchor=None, closest=None,
             **line_kw):
    """Draw the line ``w0 + w1 x1 + w2 x2 = 0`` of homogeneous weights w, with its normal vector.

    The line is infinite (it spans the view whatever the limits become) and
    does not change the data limits.  The normal vector ``(w1, w2)`` is drawn
    as an arrow from the point of the boundary closest to the centre of the
    view, pointing to the positive side (where ``w . (1, x) > 0``); its length
    is a fixed fraction of the axes' shorter side on screen, not ``|w|``, since
    scaling w does not move the boundary.  The arrow is placed when the figure
    is drawn, so limits and aspect set after this call (or a data span of zero
    width) still give an arrow of that size on the boundary in view.

    Parameters
    ----------
    w : array-like of shape (3,) or a fitted result with ``.w``
        Homogeneous weights (w0 = b, w1, w2), bias first.
    ax : matplotlib Axes, optional
    normal : bool, default True
        Draw the normal vector.
    margin : float, optional
        Shade the band of points within this (Euclidean) distance of the line,
        e.g. ``lk.margin(w, X, y, space="input")``.
    label : str, optional
        Legend label of the line.
    color : colour, optional
        Colour of line, arrow and band (default near-black).
    guide : bool, default False
        The line is a guide (say, the line the data lie on), not a decision
        boundary: drawn below the points (``zorder`` 1 unless given) and called
        "a line" rather than "the boundary" in the text alternative.
    anchor : (x1, x2), optional
        Start the normal arrow at the point of the line closest to this point
        instead of the point closest to the centre of the view: several lines
        that cross near the centre then keep their arrows apart.
    closest : (X, y), optional
        Training data (``X`` of shape (n, 2), labels -1/+1): the point with
        the smallest signed distance ``y_i (w0 + w1 x1 + w2 x2) / |(w1, w2)|``
        (the one the line passes closest to, on its own side) is marked by an
        open square in the line's colour, and the text alternative names it and
        says whether it lies inside the view as it is when this is called (set
        the limits first).
    **line_kw
        Passed to the line (``linestyle``, ``linewidth``, ``alpha``, ``zorder``...).

    Returns
    -------
    BoundaryArtists

    Raises
    ------
    ValueError
        If w is not of length 3 or has w1 = w2 = 0 (no boundary), or margin < 0.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.boundary([-1.0, 1.0, 1.0], ax=ax, margin=0.5)  # x1 + x2 = 1
    >>> x1, x2 = art.line.get_xy1()
    >>> round(-1.0 + x1 + x2, 12)
    0.0
    >>> plt.close(fig)
    """
    w = _as_plane_weights(w)
    check_bool(normal, "normal")
    if margin is not None:
        if isinstance(margin, bool) or not isinstance(margin, numbers.Real) or not np.isfinite(margin) or margin < 0:
            raise ValueError(f"margin must be a distance >= 0 or None; got {margin!r}.")
        margin = float(margin)
    ax = _ax(ax)
    color = _BOUNDARY_COLOR if color is None else color
    view = _view(ax)
    p1, p2, foot, unit = _boundary_geometry(w, view)
    check_bool(guide, "guide")
    kw = {"linewidth": 1.8, "zorder": 1 if guide else 3, **line_kw}
    # transform=ax.transData keeps the line out of the data limits (see Axes.axline)
    line = ax.axline(tuple(map(float, p1)), tuple(map(float, p2)), color=color, label=label,
                     transform=ax.transData, **kw)

    if anchor is not None:
        anchor = np.asarray(anchor, dtype=float)
        if anchor.shape != (2,) or not np.all(np.isfinite(anchor)):
            raise ValueError(f"anchor must be a point (x1, x2) of two finite numbers; got {anchor.tolist()!r}.")
    arrow = None
    if normal:
        arrow = _NormalArrow(w, ax, color=color, zorder=kw["zorder"])
        if anchor is not None:
            arrow.anchor = anchor
            arrow.place()

    band = None
    if margin is not None and margin > 0:
        x0, x1, y0, y1 = view
        cx, cy, s = (x0 + x1) / 2, (y0 + y1) / 2, _BIG * max(x1 - x0, y1 - y0)
        box = np.array([[cx - s, cy - s], [cx + s, cy - s], [cx + s, cy + s], [cx - s, cy + s]])
        v = w[1:]
        reach = margin * np.sqrt(v @ v)  # |w . (1, x)| <= margin |v|
        strip = _clip_convex(_clip_convex(box, v, w[0] + reach), -v, -w[0] + reach)
        # a visible tint with a thin edge in the line's colour, so that the band reads at notebook width
        band = Polygon(strip, closed=True, facecolor=to_rgba(color, 0.2), edgecolor=to_rgba(color, 0.45),
                       linewidth=0.6, zorder=1,
                       label=f"margin in the plane {margin:.3g}")
        ax.add_artist(band)  # add_artist, not add_patch: the band must not change the data limits
    if guide:
        what = f"a guide line “{_plain_math(label)}” (not a boundary)" if label else "a guide line (not a boundary)"
    else:
        what = f"the boundary “{_plain_math(label)}”" if label else "a boundary"
    text = f"A straight line, {what}, where {_equation(w, _axis_variables(ax))}"
    if arrow is not None:
        text += f"; an arrow along its normal ({_number(w[1])}, {_number(w[2])}) points to the positive side"
    if band is not None:
        text += f"; a shaded band marks the points within {_number(margin)} of it"
    mark = None
    if closest is not None:
        point, where = _closest_point(w, closest, view)
        # an open square in the line's colour, above the data; add_artist keeps it out of the data limits. A point
        # that another line's square already marks gets a larger square around it, so both stay visible.
        taken = sum(1 for a in ax.get_children() if isinstance(a, Line2D) and a.get_label() == "_closest point"
                    and a.get_xydata().tolist() == [point.tolist()])
        mark = Line2D([point[0]], [point[1]], linestyle="none", marker="s", markersize=13 + 6 * taken,
                      markerfacecolor="none", markeredgecolor=line.get_color(), markeredgewidth=1.6, zorder=4,
                      label="_closest point")
        ax.add_artist(mark)
        text += (f"; it passes closest to the training point ({_number(point[0])}, {_number(point[1])}), "
                 f"{where} the view")
        if where == "inside":
            text += ", marked by an open square in the line's colour"
    _note(ax, text)
    return BoundaryArtists(line=line, normal=arrow, band=band, closest=mark)


def _closest_point(w, closest, view):
    """The training point the line of w passes closest to (smallest y_i w . (1, x_i) / |(w1, w2)|), and "inside"
    or "outside" the view (x0, x1, y0, y1)."""
    if not (isinstance(closest, (tuple, list)) and len(closest) == 2):
        raise TypeError(f"closest must be a pair (X, y) of training data; got {type(closest).__name__}.")
    X = _check_X2(closest[0], "closest[0] (X)")
    y = check_binary_y(closest[1], X.shape[0])
    k = int(np.argmin(y * (w[0] + X @ w[1:]) / np.linalg.norm(w[1:])))
    x0, x1, y0, y1 = view
    inside = x0 <= X[k, 0] <= x1 and y0 <= X[k, 1] <= y1
    return X[k], "inside" if inside else "outside"


@dataclass(frozen=True)
class DistanceArtists:
    """What :func:`distances` drew.

    Attributes
    ----------
    segments : list of matplotlib.lines.Line2D
        From each point to its foot on the boundary.
    labels : list of matplotlib.text.Annotation
        The signed distance of each point, written beyond the point.
    distances : ndarray of shape (n,)
        The signed distances ``(w0 + w1 x1 + w2 x2) / |(w1, w2)|``.
    feet : ndarray of shape (n, 2)
        The closest point of the boundary to each point.
    """

    segments: list
    labels: list
    distances: np.ndarray
    feet: np.ndarray


def _signed(v: float) -> str:
    """'+1.34' or '−0.45' (a true minus sign, as on the axes)."""
    return f"{v + 0.0:+.2f}".replace("-", "−")


def boundary_through_origin(w, ax=None, *, label=None, color=None):
    """Draw the line ``w1 x1 + w2 x2 = 0`` of a weight vector w = (w1, w2) without a bias, with its normal.

    Chapter 1's boundary: :func:`boundary` of the homogeneous weights (0, w1, w2), with the same
    arrow, text alternative and errors.

    Raises
    ------
    ValueError
        If w is not of length 2 or is the zero vector (no boundary).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.boundary_through_origin([1.0, 2.0], ax=ax)
    >>> x1, x2 = art.line.get_xy1()
    >>> round(x1 + 2 * x2, 12)
    0.0
    >>> plt.close(fig)
    """
    w = check_weights(w, 2, "w", what=" for a boundary through the origin: (w1, w2)")
    if not w.any():
        raise ValueError("w = (0, 0) has no boundary: every point has the score 0. Give w a non-zero direction.")
    return boundary([0.0, *w.tolist()], ax=ax, label=label, color=color)


def distances(w, X, ax=None, *, color="0.35"):
    """Join each point to its foot on the line ``w0 + w1 x1 + w2 x2 = 0`` and write its signed distance.

    The signed distance of x is ``(w0 + w1 x1 + w2 x2) / |(w1, w2)|``: positive on
    the side the normal (w1, w2) points to.  Each point gets a dotted segment to the
    closest point of the line (the foot, ``x - r (w1, w2) / |(w1, w2)|``) and its
    distance, written just beyond the point on the side away from the line, so that
    the number crosses neither the line nor its segment.  Set equal aspect on ``ax``
    for the segments to look perpendicular to the line.

    Parameters
    ----------
    w : array-like of shape (3,) or a fitted result with ``.w``
        Homogeneous weights (w0 = b, w1, w2), bias first.
    X : array-like of shape (n_samples, 2)
    ax : matplotlib Axes, optional
    color : colour, default "0.35"
        Colour of the segments.

    Returns
    -------
    DistanceArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.distances([-3.0, 0.0, 1.0], [[1.0, 5.0], [2.0, 1.0]], ax=ax)   # the line x2 = 3
    >>> art.distances.tolist(), art.feet.tolist()
    ([2.0, -2.0], [[1.0, 3.0], [2.0, 3.0]])
    >>> [t.get_text() for t in art.labels]
    ['+2.00', '−2.00']
    >>> plt.close(fig)
    """
    w = _as_plane_weights(w)
    X = _check_X2(X)
    ax = _ax(ax)
    v = w[1:]
    length = float(np.sqrt(v @ v))
    unit = v / length
    r = (w[0] + X @ v) / length
    feet = X - r[:, None] * unit
    segments, labels = [], []
    for x, f, ri in zip(X, feet, r):
        (seg,) = ax.plot([x[0], f[0]], [x[1], f[1]], linestyle=":", color=color, linewidth=1.2, zorder=1)
        away = unit * (1.0 if ri > 0 else -1.0) if ri != 0 else np.array([0.7, 0.7])
        ha = "left" if away[0] > 0.35 else "right" if away[0] < -0.35 else "center"
        va = "bottom" if away[1] > 0.35 else "top" if away[1] < -0.35 else "center"
        labels.append(ax.annotate(_signed(ri), tuple(x), xytext=tuple(7 * away), textcoords="offset points",
                                  ha=ha, va=va, fontsize=9, color="#111111", zorder=5))
        segments.append(seg)
    n = X.shape[0]
    _note(ax, f"Dotted segment{'s join' if n != 1 else ' joins'} {n} point{'s' if n != 1 else ''} to "
              f"{'their feet' if n != 1 else 'its foot'} on the line {_equation(w, _axis_variables(ax))}, "
              f"labelled with {'their' if n != 1 else 'its'} signed distance{'s' if n != 1 else ''} "
              f"(positive on the side the normal points to): "
              + ", ".join(f"{_signed(ri)} at ({_number(x[0])}, {_number(x[1])})" for x, ri in zip(X, r)))
    return DistanceArtists(segments=segments, labels=labels, distances=r, feet=feet)


@dataclass(frozen=True)
class OffsetArtists:
    """What :func:`offset` drew.

    Attributes
    ----------
    segment : matplotlib.lines.Line2D
        From the origin to the line's closest point.
    label : matplotlib.text.Annotation
        The signed distance of the line from the origin.
    distance : float
        ``-w0 / |(w1, w2)|``: positive when the line lies on the side the normal points to.
    foot : ndarray of shape (2,)
        The point of the line closest to the origin.
    """

    segment: object
    label: object
    distance: float
    foot: np.ndarray


def offset(w, ax=None, *, color="black", linewidth=2.5):
    """Join the origin to the closest point of the line ``w0 + w1 x1 + w2 x2 = 0`` and write its signed distance.

    The closest point is ``d (w1, w2) / |(w1, w2)|`` with ``d = -w0 / |(w1, w2)|``, the line's
    signed distance from the origin along its normal.  The thick segment runs from the origin to
    it; ``d`` is written just beyond that point, on the side of the line away from the origin and on
    a white ground, so that neither the line nor the segment crosses the number or its sign.

    Parameters
    ----------
    w : array-like of shape (3,) or a fitted result with ``.w``
        Homogeneous weights (w0 = b, w1, w2), bias first.
    ax : matplotlib Axes, optional
    color : colour, default "black"
    linewidth : float, default 2.5

    Returns
    -------
    OffsetArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.offset([-2.0, 0.0, 1.0], ax=ax)   # the line x2 = 2
    >>> art.distance, art.foot.tolist(), art.label.get_text()
    (2.0, [0.0, 2.0], '+2.00')
    >>> plt.close(fig)
    """
    w = _as_plane_weights(w)
    ax = _ax(ax)
    v = w[1:]
    length = float(np.sqrt(v @ v))
    d = float(-w[0] / length)
    foot = d * v / length
    (seg,) = ax.plot([0.0, foot[0]], [0.0, foot[1]], color=color, linewidth=linewidth, zorder=3)
    away = v / length * (1.0 if d > 0 else -1.0) if d != 0 else np.array([0.7, 0.7])
    ha = "left" if away[0] > 0.35 else "right" if away[0] < -0.35 else "center"
    va = "bottom" if away[1] > 0.35 else "top" if away[1] < -0.35 else "center"
    label = ax.annotate(_signed(d), tuple(foot), xytext=tuple(10 * away), textcoords="offset points",
                        ha=ha, va=va, color=color, fontsize=10, zorder=6,
                        bbox=dict(facecolor="white", edgecolor="none", pad=1.0, alpha=0.9))
    _note(ax, f"A thick segment joins the origin to the closest point ({_number(foot[0])}, {_number(foot[1])}) "
              f"of the line {_equation(w, _axis_variables(ax))}, labelled with the line's signed distance "
              f"from the origin, {_signed(d)} (positive on the side the normal points to)")
    return OffsetArtists(segment=seg, label=label, distance=d, foot=foot)


# --------------------------------------------------------------------------
# Decision regions
# --------------------------------------------------------------------------


def _check_model(model, name: str = "model", planar: bool = True):
    if not callable(getattr(model, "predict", None)):
        raise TypeError(
            f"{name} must have a predict(X) method (a fitted lecturekit result such as "
            f"lk.perceptron(X, y), a multiclass model, or a fitted estimator); got "
            f"{type(model).__name__}. If you have a weight vector w, use lk.plot.boundary(w)."
        )
    d = getattr(model, "n_features", getattr(model, "n_features_in_", None))
    if planar and isinstance(d, numbers.Integral) and d != 2:
        raise ValueError(
            f"{name} was fitted on {d} feature(s); decision regions are drawn in the plane, "
            "for models of exactly 2 features."
        )
    return model


def _model_classes(model, predicted) -> np.ndarray:
    classes = getattr(model, "classes_", None)
    if classes is None:
        classes = getattr(model, "classes", None)
    seen = np.unique(predicted)
    if classes is None:
        classes = np.array([-1, 1]) if _is_binary(seen) else seen
    classes = np.asarray(classes)
    if not np.all(np.isin(seen, classes)):
        raise ValueError(
            f"model.predict returned labels {seen.tolist()} that are not among its classes "
            f"{classes.tolist()}."
        )
    return classes


def regions(model, X=None, ax=None, *, resolution=200, ambiguous=True, alpha=0.25, features=None):
    """Colour the plane by the class that ``model.predict`` gives; shade ambiguous regions.

    The area is the bounding box of X (padded by 10%) when X is given, else the
    current view of ``ax``.  For one-vs-rest and pairwise models (which have an
    ``ambiguous`` method), points that no classifier or several claim, or where
    the vote ties, get thin grey hatching over the colour of the class that
    ``predict`` resolves them to (the colour stays visible).

    Parameters
    ----------
    model : object with ``predict(X)``
        Any fitted lecturekit result, multiclass model or estimator of 2 features.
    X : array-like of shape (n_samples, 2), optional
        The data, to choose the area.  Not drawn: call :func:`data` for that.
    ax : matplotlib Axes, optional
    resolution : int, default 200
        Cells per side of the grid.
    ambiguous : bool, default True
        Shade the ambiguous cells (when the model has ``ambiguous``).
    alpha : float, default 0.25
        Opacity of the class colours.
    features : callable, optional
        The feature map the model was trained on (e.g. ``lk.product_features``):
        each point of the plane is mapped by it before ``model.predict``, so a
        model of mapped features is shaded in the raw plane.

    Returns
    -------
    RegionArtists

    Raises
    ------
    TypeError
        If model has no ``predict``.
    ValueError
        If X is not 2-D data, the model was fitted on other than 2 features, or
        there is neither X nor data on the axes to choose the area.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.blobs(10, 3, seed=0)
    >>> model = lk.one_vs_rest(X, y, method="centroid")
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.regions(model, X, ax=ax, resolution=50)
    >>> art.labels.shape, art.classes.tolist()
    ((50, 50), [0, 1, 2])
    >>> plt.close(fig)
    """
    if features is not None and not callable(features):
        raise TypeError(f"features must be a feature map (a function of X, e.g. lk.product_features) or None; "
                        f"got {type(features).__name__}.")
    model = _check_model(model, planar=features is None)
    if X is not None:
        X = _check_X2(X)
    resolution = check_count(resolution, "resolution", minimum=2)
    check_bool(ambiguous, "ambiguous")
    if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real) or not 0 <= alpha <= 1:
        raise ValueError(f"alpha must be a number in [0, 1]; got {alpha!r}.")
    ax = _ax(ax)
    if X is not None:
        x0, x1, y0, y1 = _padded_box(X)
    elif ax.has_data():
        x0, x1, y0, y1 = _view(ax)
    else:
        raise ValueError(
            "regions needs an area to colour: pass X (the data) or draw the data on ax first."
        )
    xe, ye = np.linspace(x0, x1, resolution + 1), np.linspace(y0, y1, resolution + 1)
    xc, yc = (xe[:-1] + xe[1:]) / 2, (ye[:-1] + ye[1:]) / 2
    xx, yy = np.meshgrid(xc, yc)
    grid = np.column_stack([xx.ravel(), yy.ravel()])
    try:
        predicted = np.asarray(model.predict(grid if features is None else features(grid)))
    except ValueError as exc:
        raise ValueError(
            f"model.predict failed on points of the plane ({exc}); regions needs a model of 2 features, "
            "or the feature map it was trained on as features=."
        ) from None
    if predicted.shape != (grid.shape[0],):
        raise ValueError(
            f"model.predict must return one label per point; got shape {predicted.shape} "
            f"for {grid.shape[0]} points."
        )
    classes = _model_classes(model, predicted)
    order = np.argsort(classes)
    codes = order[np.searchsorted(classes, predicted, sorter=order)]  # index of each label in classes
    colours = [s[0] for s in class_style(classes)]
    k = classes.shape[0]
    # One image, not a mesh of resolution² quads: as fast to draw, and a legend
    # placed with loc="best" then need not test itself against every cell.
    mesh = ax.imshow(
        codes.reshape(resolution, resolution), origin="lower", extent=(x0, x1, y0, y1),
        cmap=ListedColormap(colours), norm=BoundaryNorm(np.arange(k + 1) - 0.5, k),
        alpha=alpha, zorder=0, interpolation="nearest", resample=False, aspect=ax.get_aspect(),
    )
    overlay, mask = None, None
    if ambiguous and callable(getattr(model, "ambiguous", None)):
        mask = np.asarray(model.ambiguous(grid), dtype=bool).reshape(resolution, resolution)
        if mask.any():
            # thin grey hatching and no fill, so that the class colour that predict gives stays visible beneath
            with matplotlib.rc_context({"hatch.color": "0.3", "hatch.linewidth": 0.6}):
                overlay = ax.contourf(
                    xc, yc, mask.astype(float), levels=[0.5, 1.5], colors=["none"], hatches=["///"], zorder=0.5,
                )
    shares = [f"{100 * np.mean(predicted == c):.0f} % predicted {c.item() if hasattr(c, 'item') else c}"
              for c in classes]
    text = "Background shaded by the predicted class: " + ", ".join(shares)
    if mask is not None and mask.any():
        share = 100 * mask.mean()  # a hatched speck is never "0 %"
        text += (f"; grey hatching marks the ambiguous {'under 1' if share < 1 else f'{share:.0f}'} % of the area, "
                 "over the colour of the class it is resolved to")
    _note(ax, text)
    return RegionArtists(
        mesh=mesh, ambiguous=overlay, classes=classes, xx=xx, yy=yy,
        labels=predicted.reshape(resolution, resolution), ambiguous_mask=mask,
    )


def unclaimed(model, art, ax=None, *, color="black", linewidth=1.5):
    """Outline the part of a :func:`regions` area that no classifier of a one-vs-rest model claims.

    A point is unclaimed when every score ``model.decision_function`` gives there
    is at most 0.  For a model with a weight matrix ``W`` of rows (b, w1, w2)
    that part is the polygon where every row's score is at most 0, clipped to
    the area, and its exact outline is drawn, dashed, on top of the classifier
    lines (which show through the gaps); otherwise the outline follows the grid
    cells.  The figure's text alternative says what share of the grid's cells
    it surrounds.

    Parameters
    ----------
    model : one-vs-rest model (``lk.one_vs_rest``), with ``decision_function``
    art : RegionArtists
        What :func:`regions` drew for ``model``: its grid is outlined.
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib.patches.Polygon, matplotlib.contour.QuadContourSet or None
        The outline: the exact polygon for a model with ``W``, the grid's
        contour otherwise (None when every cell is claimed).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.blobs(10, 3, seed=3)
    >>> model = lk.one_vs_rest(X, y)
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.regions(model, X, ax=ax, resolution=50)
    >>> outline = lk.plot.unclaimed(model, art, ax=ax)
    >>> plt.close(fig)
    """
    if not callable(getattr(model, "decision_function", None)) or not callable(getattr(model, "ambiguous", None)):
        raise TypeError(f"model must be a one-vs-rest model (from lk.one_vs_rest); got {type(model).__name__}.")
    if not isinstance(art, RegionArtists):
        raise TypeError(f"art must be what lk.plot.regions returned for this model; got {type(art).__name__}.")
    ax = _ax(ax)
    grid = np.column_stack([art.xx.ravel(), art.yy.ravel()])
    scores = np.asarray(model.decision_function(grid))
    if scores.ndim != 2 or scores.shape[0] != grid.shape[0]:
        raise ValueError(f"model.decision_function must give one row of scores per point; got shape {scores.shape}.")
    none = (scores > 0).sum(axis=1).reshape(art.xx.shape) == 0
    if not none.any():
        _note(ax, "Every point of the area is claimed by at least one classifier")
        return None
    W = getattr(model, "W", None)
    W = None if W is None else np.asarray(W, dtype=float)
    corners = None
    if W is not None and W.ndim == 2 and W.shape[1] == 3:
        x0, x1, y0, y1 = art.mesh.get_extent()
        corners = _clip_to_half_planes([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], W)
    if corners is not None and len(corners) >= 3:
        outline = Polygon(corners, closed=True, fill=False, edgecolor=color, linewidth=linewidth,
                                   linestyle=(0, (4, 3)), zorder=5)
        ax.add_patch(outline)
    else:
        outline = ax.contour(art.xx, art.yy, none.astype(float), levels=[0.5], colors=[color],
                             linewidths=linewidth, linestyles="dashed", zorder=5)
    _note(ax, f"A dashed outline surrounds the {100 * none.mean():.0f} % of the area that no classifier claims")
    return outline


def borders(model, segments, ax=None, *, numbers=True):
    """Draw the borders of a linear machine, given as segments, and name its regions.

    ``segments`` maps each pair of classes ``(i, j)`` (row indices of
    ``model.W``) to the border they share, a pair of end points, or to None
    when they share none in the view: a border is drawn as a thick black
    segment, and the line (w_i - w_j) . x~ = 0 of a pair without one as a dashed
    grey line.  With ``numbers`` each class's number is written at the centre of
    the part of the view that ``model.predict`` gives it.  The axes are
    labelled x₁ and x₂ unless they already have labels.  The figure's text
    alternative lists the pairs of either kind.

    Parameters
    ----------
    model : a linear machine with a weight matrix ``W`` of rows (b, w1, w2) and ``predict``
    segments : dict
        ``{(i, j): ((x1, y1), (x2, y2)) or None}``, one entry per pair of classes.
    ax : matplotlib Axes, optional
    numbers : bool, default True

    Returns
    -------
    tuple of two lists
        The pairs that share a border, and the pairs that do not.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import numpy as np
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.blobs(10, 3, seed=3)
    >>> model = lk.linear_machine(X, y)
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.regions(model, X, ax=ax, resolution=50)
    >>> shared, apart = lk.plot.borders(model, {(0, 1): ((0, 0), (1, 1)), (0, 2): None, (1, 2): None}, ax=ax)
    >>> shared, apart
    ([(0, 1)], [(0, 2), (1, 2)])
    >>> plt.close(fig)
    """
    W = np.asarray(getattr(model, "W", None), dtype=float)
    if W.ndim != 2 or W.shape[1] != 3 or not callable(getattr(model, "predict", None)):
        raise TypeError("model: expected a linear machine with a weight matrix W of rows (b, w1, w2) and predict; "
                        f"got {type(model).__name__}.")
    if not isinstance(segments, dict):
        raise TypeError(f"segments: expected a dict {{(i, j): end points or None}}; got {type(segments).__name__}.")
    ax = _ax(ax)
    shared, apart = [], []
    _QUIET.append(True)  # the dashed lines are described with the borders, in one sentence
    try:
        for (i, j), seg in sorted(segments.items()):
            if seg is None:
                apart.append((i, j))
                boundary(W[i] - W[j], ax=ax, normal=False, color="0.5", linestyle="--", linewidth=1.5)
            else:
                shared.append((i, j))
                ax.plot(*np.transpose(np.asarray(seg, dtype=float)), color="black", linewidth=2.5)
    finally:
        _QUIET.pop()
    if numbers:
        x0, x1, y0, y1 = _view(ax)
        g1, g2 = np.meshgrid(np.linspace(x0, x1, 81), np.linspace(y0, y1, 81))
        grid = np.column_stack([g1.ravel(), g2.ravel()])
        predicted = np.asarray(model.predict(grid))
        for c in getattr(model, "classes", range(len(W))):
            if np.any(predicted == c):
                ax.text(*grid[predicted == c].mean(axis=0), str(c), fontsize="x-large", fontweight="bold",
                        ha="center", va="center", bbox=dict(boxstyle="circle", facecolor="white", alpha=0.8))
    _label_axes(ax, "x₁", "x₂")
    shared_text = ", ".join(f"{i}|{j}" for i, j in shared) or "none"
    apart_text = ", ".join(f"{i}|{j}" for i, j in apart) or "none"
    _note(ax, f"Black borders: {shared_text}; dashed grey line of a pair apart: {apart_text}")
    return shared, apart


def border_segments(W, lo, hi):
    """The border of each pair of classes of a linear machine inside a box, for :func:`borders`.

    The border of classes ``i`` and ``j`` is the stretch of the line
    (w_i - w_j) . x~ = 0 inside the box on which ``i`` and ``j`` beat every other
    class.  Along the line each other class and each side of the box cuts off a
    half-line; what is left is the border, or nothing.  A stretch shorter than
    1e-9 (in the line's own parameter) is taken for a point where regions meet,
    not a border.  Computed in floating point.

    Parameters
    ----------
    W : array of shape (k, 3)
        One row (b, w1, w2) per class.
    lo, hi : pairs of numbers
        The lower left and upper right corners of the box.

    Returns
    -------
    dict
        ``{(i, j): ((x1, y1), (x2, y2)) or None}`` for every pair i < j.

    Examples
    --------
    >>> import lecturekit as lk
    >>> segs = lk.plot.border_segments([[0, -1, 0], [1, 0, 0], [0, 1, 0]], (-4, -4), (4, 4))
    >>> sorted(pair for pair, seg in segs.items() if seg is not None)
    [(0, 1), (1, 2)]
    """
    W = np.asarray(W, dtype=float)
    if W.ndim != 2 or W.shape[1] != 3 or W.shape[0] < 2 or not np.all(np.isfinite(W)):
        raise ValueError(f"W: expected finite rows (b, w1, w2), one per class, at least two; got shape {W.shape}.")
    lo, hi = np.asarray(lo, dtype=float), np.asarray(hi, dtype=float)
    if lo.shape != (2,) or hi.shape != (2,) or not np.all(lo < hi):
        raise ValueError(f"lo, hi: expected two corners (x1, x2) with lo < hi in both; got {lo.tolist()}, {hi.tolist()}.")
    segments = {}
    for i in range(len(W)):
        for j in range(i + 1, len(W)):
            segments[i, j] = _border(W, i, j, lo, hi)
    return segments


def _border(W, i, j, lo, hi):
    d = W[i] - W[j]
    if not np.any(d[1:]):
        return None  # no line: the two scores differ by a constant, or are equal everywhere
    p0, t = -d[0] * d[1:] / (d[1:] @ d[1:]), np.array([-d[2], d[1]])  # a point of the line, and its direction
    # each condition a + b s >= 0 on the point p0 + s t: i beats every other class m, and the box
    conds = [((W[i] - W[m]) @ np.r_[1.0, p0], (W[i, 1:] - W[m, 1:]) @ t) for m in range(len(W)) if m not in (i, j)]
    conds += [(p0[q] - lo[q], t[q]) for q in (0, 1)] + [(hi[q] - p0[q], -t[q]) for q in (0, 1)]
    s_lo, s_hi = -np.inf, np.inf
    for a, b in conds:
        if b > 0:
            s_lo = max(s_lo, -a / b)
        elif b < 0:
            s_hi = min(s_hi, -a / b)
        elif a < 0:
            return None
    if not s_hi - s_lo > 1e-9:
        return None
    return tuple(map(tuple, (p0 + s_lo * t, p0 + s_hi * t)))


def _clip_to_half_planes(polygon, W):
    """The convex polygon `polygon` (a list of (x, y) corners) cut down to where b + w1 x + w2 y <= 0 for every row
    (b, w1, w2) of W (Sutherland-Hodgman, in floating point); an empty list when nothing is left."""
    for b, w1, w2 in W:
        kept = []
        for k, (px, py) in enumerate(polygon):
            qx, qy = polygon[(k + 1) % len(polygon)]
            sp, sq = b + w1 * px + w2 * py, b + w1 * qx + w2 * qy
            if sp <= 0:
                kept.append((px, py))
            if (sp < 0 < sq) or (sq < 0 < sp):
                t = sp / (sp - sq)
                kept.append((px + t * (qx - px), py + t * (qy - py)))
        polygon = kept
        if not polygon:
            return []
    return polygon


# --------------------------------------------------------------------------
# Training: perceptron trace, learning curves, error surfaces
# --------------------------------------------------------------------------


def _check_trace_result(result, name: str = "result"):
    if getattr(result, "trace", None) is None or not callable(getattr(result, "weight_history", None)):
        raise TypeError(
            f"{name} must be a perceptron result with a trace of its updates (from lk.perceptron, "
            f"lk.voted_perceptron or lk.averaged_perceptron); got {type(result).__name__}."
        )
    if getattr(result, "w", None) is None:
        raise ValueError(
            f"{name} is a kernel perceptron, which has no weight vector in the plane to draw."
        )
    return result


#: perceptron_trace names each grey line in the legend when it draws at most TRACE_NAMED of them on at
#: most TRACE_NAMED_POINTS points (a small example told update by update); otherwise one entry stands for all.
TRACE_NAMED = 4
TRACE_NAMED_POINTS = 20
_TRACE_STYLES = (":", "-.", (0, (5, 2)), (0, (1, 1, 4, 1)))


def perceptron_trace(result, X, y, ax=None, *, every=1, circle=True, show_data=True, numbers=False, counts=False):
    """Replay a perceptron fit: the boundary after each update, and the examples that triggered them.

    As in Flach's Fig. 7.5: the data, the starting boundary (dashed, when the
    start has one, e.g. the basic linear classifier), the boundary after each
    update in grey (older ones fainter), the final boundary in black with its
    normal vector, and a ring around every example that triggered an update.
    On a small example (at most :data:`TRACE_NAMED` grey lines, at most
    :data:`TRACE_NAMED_POINTS` points) each grey line has its own line style and
    legend entry ("after update 2"); otherwise one legend entry stands for them
    all.
    For a voted or averaged perceptron these are the boundaries of the
    underlying running perceptron (its last one is ``w_last``), not of the
    vote or the average.

    Parameters
    ----------
    result : PerceptronResult
        A fit of (X, y), e.g. ``lk.perceptron(X, y)``.
    X : array-like of shape (n_samples, 2)
        The training data of ``result``.
    y : array-like of shape (n_samples,), labels -1/+1
    ax : matplotlib Axes, optional
    every : int, default 1
        Draw the boundary after every ``every``-th update (and after the last).
    circle : bool, default True
        Ring the examples that triggered updates.
    show_data : bool, default True
        Scatter the data first (with :func:`data`).
    numbers : bool or sequence, default False
        Label the points (see :func:`data`): ``True`` numbers them in the order
        of X, the numbers of the trace's examples (``result.trace.index``).
    counts : bool, default False
        Label each ringed example with ``α = k``, the number of updates it
        triggered (``result.alpha``).

    Returns
    -------
    TraceArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> res = lk.perceptron(X, y)
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.perceptron_trace(res, X, y, ax=ax)
    >>> art.steps, art.circled.tolist()
    ((1, 2, 3, 4), [0, 3, 1])
    >>> plt.close(fig)
    """
    result = _check_trace_result(result)
    X = _check_X2(X)
    y = check_binary_y(y, X.shape[0])
    if result.n_features != 2:
        raise ValueError(f"result was fitted on {result.n_features} feature(s); a trace is drawn for 2.")
    every = check_count(every, "every")
    check_bool(circle, "circle")
    check_bool(show_data, "show_data")
    history = result.weight_history(X, y)  # raises if (X, y) is not the training data
    ax = _ax(ax)

    if not show_data:
        _point_labels(numbers, X.shape[0])  # checked all the same
    # on a small example the markers are drawn larger, so that they stay visible inside the rings
    drawn = data(X, y, ax, numbers=numbers, size=90 if X.shape[0] <= TRACE_NAMED_POINTS else 40) if show_data else None
    if show_data:  # room around the data for the rings (and numbers) of the points at the edge
        x0, x1, y0, y1 = _padded_box(X, 0.12)
        ax.update_datalim([(x0, y0), (x1, y1)])
        ax.autoscale_view()
    n = history.shape[0] - 1
    start = None
    if np.any(history[0][1:] != 0):
        start = boundary(history[0], ax, normal=(n == 0), color=OKABE_ITO[2], linestyle="--",
                         linewidth=1.4, label="start")
    steps = list(range(every, n + 1, every))
    if n and (not steps or steps[-1] != n):
        steps.append(n)
    lines, kept, final = [], [], None
    grey = [k for k in steps if k != n and np.any(history[k][1:] != 0)]
    # a small example told update by update: each grey line named, in a style of its own
    named = len(grey) <= TRACE_NAMED and X.shape[0] <= TRACE_NAMED_POINTS
    for j, k in enumerate(steps):
        w_k = history[k]
        if not np.any(w_k[1:] != 0):
            continue  # this w has no boundary (w1 = w2 = 0): nothing to draw
        if k == n:
            final = boundary(w_k, ax, normal=True, color="black", label="final boundary")
            lines.append(final.line)
        else:
            shade = 0.15 + 0.55 * (j + 1) / len(steps)
            if named:
                style = {"linestyle": _TRACE_STYLES[grey.index(k) % len(_TRACE_STYLES)], "linewidth": 1.5,
                         "alpha": max(shade, 0.75), "label": f"after update {k}"}
            else:  # one legend entry, on the last (darkest) grey line
                style = {"linewidth": 1.0, "alpha": shade,
                         "label": "after each earlier update (fainter: older)" if k == grey[-1] else None}
            _QUIET.append(True)  # the trace describes its faint lines in one sentence
            try:
                lines.append(boundary(w_k, ax, normal=False, color="0.45", **style).line)
            finally:
                _QUIET.pop()
        kept.append(k)

    index = np.asarray(result.trace.index)
    _, first = np.unique(index, return_index=True)
    circled = index[np.sort(first)] if circle else np.zeros(0, dtype=int)
    circles = ax.scatter(
        X[circled, 0], X[circled, 1], s=230, facecolors="none", edgecolors="black",
        linewidths=1.2, zorder=4, label="triggered an update" if circled.size else None,
    )
    check_bool(counts, "counts")
    alpha = np.asarray(result.alpha)
    if counts:
        for i in circled:
            ax.annotate(f"α = {alpha[i]}", X[i], textcoords="offset points", xytext=(9, -15), fontsize="small",
                        bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.85))
    if show_data:
        ax.legend(loc="best", fontsize="small")
    text = f"The perceptron's run: {n} update{'' if n == 1 else 's'}"
    if start is not None:
        from .conventions import sign

        wrong = int(np.sum(sign(X @ history[0][1:] + history[0][0]) != y))
        text += f" from the dashed start line, which misclassifies {wrong} of the {X.shape[0]} points"
    if kept:
        text += ((f"; grey lines show the boundary after updates {', '.join(map(str, kept[:-1]))}"
                  + (", each in its own dash style and named in the legend" if named else ", older ones fainter"))
                 if len(kept) > 1 else "")
        if final is not None:
            text += f"; the final boundary is black, {_equation(history[n])}"
    if circled.size:
        text += ("; rings mark the points that triggered updates, at "
                 + ", ".join(f"({_number(X[i, 0])}, {_number(X[i, 1])})" for i in circled[:8])
                 + (" and more" if circled.size > 8 else ""))
        if counts:
            text += ("; each ring is labelled α = the number of updates its point triggered: "
                     + ", ".join(f"({_number(X[i, 0])}, {_number(X[i, 1])}) α = {alpha[i]}" for i in circled[:8])
                     + (" and more" if circled.size > 8 else ""))
    _note(ax, text)
    return TraceArtists(data=drawn, start=start, lines=tuple(lines), steps=tuple(kept), final=final,
                        circles=circles, circled=circled)


def mistakes(result, ax=None, *, color=None):
    """Bar chart of the mistakes (= updates) the perceptron made in each epoch.

    Parameters
    ----------
    result : PerceptronResult
        Anything with ``mistakes_per_epoch``.
    ax : matplotlib Axes, optional
    color : colour, optional

    Returns
    -------
    matplotlib.container.BarContainer

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> res = lk.perceptron(*lk.datasets.toy())
    >>> fig, ax = plt.subplots()
    >>> [int(bar.get_height()) for bar in lk.plot.mistakes(res, ax=ax)]
    [2, 2, 0]
    >>> plt.close(fig)
    """
    if getattr(result, "mistakes_per_epoch", None) is None:
        raise TypeError(
            f"result must be a perceptron-family result with mistakes_per_epoch; got {type(result).__name__}."
        )
    counts = np.asarray(result.mistakes_per_epoch)
    ax = _ax(ax)
    bars = ax.bar(np.arange(1, counts.shape[0] + 1), counts, color=OKABE_ITO[0] if color is None else color)
    _label_axes(ax, "epoch", "mistakes (updates)")
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.yaxis.get_major_locator().set_params(integer=True)
    shown = ", ".join(str(int(c)) for c in counts[:20]) + (", …" if counts.shape[0] > 20 else "")
    epochs = f"{counts.shape[0]} epoch{'' if counts.shape[0] == 1 else 's'}"
    _note(ax, f"A bar chart of mistakes per epoch over {epochs}: {shown}")
    return bars


def learning_curve(values, ax=None, *, ylabel=None, xlabel=None, label=None, start=None, **line_kw):
    """Plot a learning curve: a criterion, an error or a count per epoch or iteration.

    Parameters
    ----------
    values : array-like of shape (n,) or a fitted result
        The values to plot.  A result stands for its own curve: a perceptron
        result for ``mistakes_per_epoch`` (epochs 1, 2, ...), a batch
        perceptron for ``criterion`` (iterations 0, 1, ...), an LMS result for
        ``sse`` (epochs 0, 1, ...: 0 is before training).
    ax : matplotlib Axes, optional
    ylabel, xlabel : str, optional
        Default to the curve's meaning ("epoch", "mistakes", ...).
    label : str, optional
        Legend label.
    start : int, optional
        The x value of the first point (1 for a plain array).
    **line_kw
        Passed to ``ax.plot``.

    Returns
    -------
    matplotlib.lines.Line2D

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> res = lk.batch_perceptron(*lk.datasets.toy())
    >>> fig, ax = plt.subplots()
    >>> line = lk.plot.learning_curve(res, ax=ax)  # J(w) at w(0), w(1), ...
    >>> line.get_xdata().tolist(), line.get_ydata().tolist()
    ([0, 1, 2, 3], [0.0, 8.0, 3.0, 0.0])
    >>> plt.close(fig)
    """
    if getattr(values, "criterion", None) is not None:
        y_values, default_x, default_y, first = values.criterion, "iteration", "perceptron criterion J(w)", 0
    elif getattr(values, "sse", None) is not None:
        y_values, default_x, default_y, first = values.sse, "epoch", "sum of squared errors", 0
    elif getattr(values, "mistakes_per_epoch", None) is not None:
        y_values, default_x, default_y, first = values.mistakes_per_epoch, "epoch", "mistakes", 1
    else:
        y_values, default_x, default_y, first = values, "epoch", None, 1
    y_values = as_float_array(y_values, "values", ndim=1) + 0.0  # + 0.0 turns -0.0 into 0.0
    if start is not None:
        first = check_count(start, "start", minimum=0)
    ax = _ax(ax)
    x = np.arange(first, first + y_values.shape[0])
    (line,) = ax.plot(x, y_values, **{"marker": "o", "markersize": 3, "label": label, **line_kw})
    _label_axes(ax, default_x if xlabel is None else xlabel, default_y if ylabel is None else ylabel)
    ax.xaxis.get_major_locator().set_params(integer=True)
    if y_values.shape[0]:
        name = f" “{label}”" if label else ""
        drawn = "A curve"
        if str(line.get_linestyle()) in ("None", "none", "", " "):  # markers only, not joined
            drawn = _MARKER_NAMES.get(line.get_marker(), "markers").capitalize() + " not joined by a line"
        what = f"{drawn}{name} of {ax.get_ylabel() or 'values'} against {ax.get_xlabel()}"
        if y_values.shape[0] <= 12:
            _note(ax, f"{what}, from {x[0]} to {x[-1]}: " + ", ".join(map(_number, y_values)))
        else:
            _note(ax, f"{what}, from {x[0]} to {x[-1]}: it starts at {_number(y_values[0])}, ends at "
                      f"{_number(y_values[-1])}, and {_lowest_phrase(x, y_values)}")
    return line


# Values of a curve within this fraction of its lowest value count as "at the lowest".
_NEAR_LOWEST = 1e-3


def _lowest_phrase(x, y_values) -> str:
    """Where a curve is lowest, in words that do not hang on the last bit.

    A curve that settles at its limit (batch LMS at the least-squares SSE) has
    many values equal up to rounding, and which of them is the smallest depends
    on the order of the floating-point sums, which depends on the processor
    (OpenBLAS picks its kernels by CPU).  So a minimum is named by its epoch only
    when no other value lies within 0.1 % of it; otherwise the phrase names the
    first epoch that comes within 0.1 % of the lowest value.
    """
    low = float(y_values.min())  # finite: learning_curve refuses NaN and inf
    near = np.flatnonzero(y_values <= low + _NEAR_LOWEST * abs(low))
    k = int(near[0])
    if near.shape[0] == 1:
        return f"is lowest, {_number(low)}, at {x[k]}"
    if low == 0:
        return f"first reaches its lowest, 0, at {x[k]}"
    return f"first comes within {_NEAR_LOWEST * 100:g} % of its lowest, {_number(low)}, at {x[k]}"


_KINDS = ("perceptron", "sse")


def criterion_grid(X, y, W, *, kind="perceptron") -> np.ndarray:
    """The perceptron criterion or the squared error at many weight vectors at once.

    ``perceptron``: ``J(w) = sum over y_i w . (1, x_i) <= 0 of -y_i w . (1, x_i)``
    (see :func:`lecturekit.perceptron_criterion`); ``sse``:
    ``E(w) = sum_i (y_i - w . (1, x_i))^2`` (what ``LMSResult.sse`` records).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    W : array-like of shape (m, n_features + 1)
        Homogeneous weight vectors, bias first.
    kind : {"perceptron", "sse"}

    Returns
    -------
    ndarray of shape (m,)

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.plot.criterion_grid([[2.0], [-1.0]], [-1, 1], [[0.0, 1.0], [0.0, -1.0]])
    array([3., 0.])
    """
    check_choice(kind, "kind", _KINDS)
    X = check_X(X)
    y = check_binary_y(y, X.shape[0]) if kind == "perceptron" else as_float_array(y, "y", ndim=1)
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"y has {y.shape[0]} values but X has {X.shape[0]} rows; they must have the same length.")
    W = as_float_array(W, "W", ndim=2)
    if W.shape[1] != X.shape[1] + 1:
        raise ValueError(
            f"W must have {X.shape[1] + 1} columns (bias first, then one weight per feature of X); "
            f"got shape {W.shape}."
        )
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    S = Xh @ W.T  # S[i, m] = w_m . x_i
    if kind == "perceptron":
        margins = y[:, None] * S
        return -np.minimum(margins, 0.0).sum(axis=0) + 0.0
    return ((y[:, None] - S) ** 2).sum(axis=0)


def _half_plane_polygon(box, constraints):
    """The convex polygon {(u, v) in box : c + p u + q v >= 0 for every (c, p, q)}, by clipping the box's
    rectangle with one half-plane at a time (Sutherland-Hodgman).  Returns its vertices, shape (k, 2)."""
    u0, u1, v0, v1 = box
    poly = [(u0, v0), (u1, v0), (u1, v1), (u0, v1)]
    for c, p, q in constraints:
        value = [c + p * u + q * v for u, v in poly]
        out = []
        for k in range(len(poly)):
            (a, fa), (b, fb) = (poly[k], value[k]), (poly[(k + 1) % len(poly)], value[(k + 1) % len(poly)])
            if fa >= 0:
                out.append(a)
            if (fa >= 0) != (fb >= 0):  # the edge crosses the line c + p u + q v = 0
                t = fa / (fa - fb)
                out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
        poly = out
        if not poly:
            break
    return np.array(poly, dtype=float).reshape(-1, 2)


def _polygon_area(vertices):
    u, v = vertices[:, 0], vertices[:, 1]
    return 0.5 * abs(float(np.dot(u, np.roll(v, -1)) - np.dot(v, np.roll(u, -1))))


def criterion_surface(X, y, ax=None, *, kind="perceptron", free=None, fixed=None, path=None,
                      bounds=None, resolution=121, levels=16, separating=False):
    """Contours of the perceptron criterion or the squared error over two weights, with a descent path.

    w has ``d + 1`` coordinates (bias first); two of them, ``free``, span the
    plane of the plot, and the others are held at the values in ``fixed``.
    For 1-D data the plot is over (w0, w1) and nothing is held.  For 2-D data
    the default is (w1, w2) with the bias w0 held at 0: a path from
    ``lk.batch_perceptron(X, y, fit_intercept=False)`` (or ``lk.lms(...,
    fit_intercept=False)``) then lies exactly on the drawn surface; a path that
    changes the held coordinates is drawn projected onto the free ones.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        Labels -1/+1 (for ``sse``, any real targets).
    ax : matplotlib Axes, optional
    kind : {"perceptron", "sse"}, default "perceptron"
        ``J(w)``, the perceptron criterion, or ``E(w) = sum_i (y_i - w . (1, x_i))^2``.
    free : (int, int), optional
        Coordinates of w on the horizontal and vertical axes; default the last two.
    fixed : float or array-like of shape (n_features + 1,), optional
        The values of the other coordinates: one number for all of them, or a
        whole weight vector whose ``free`` entries are ignored.  Default 0.
    path : array-like of shape (T, n_features + 1) or a result with ``.path``
        Iterates of a descent (``BatchPerceptronResult`` or ``LMSResult``).
    bounds : (w_a_min, w_a_max, w_b_min, w_b_max), optional
        The extent of the grid; default a box around the origin, the path
        and (for ``sse``) the least-squares solution.
    resolution : int, default 121
    levels : int, default 16
    separating : bool, default False
        Perceptron criterion only: hatch (white, outlined) the region of weight
        vectors that separate the data (every ``y_i w . (1, x_i) > 0``), drawn
        exactly as the intersection of the half-planes, not from the grid.  That
        is the set the perceptron stops in; ``J`` is 0 on it and on its outline
        (where a score is exactly 0), and a colour band of the filled contours
        covers more than it.

    Returns
    -------
    SurfaceArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> res = lk.batch_perceptron(X, y, fit_intercept=False)
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.criterion_surface(X, y, ax=ax, path=res)
    >>> art.free, art.base.tolist()
    ((1, 2), [0.0, 0.0, 0.0])
    >>> plt.close(fig)
    """
    check_choice(kind, "kind", _KINDS)
    X = check_X(X)
    y = check_binary_y(y, X.shape[0]) if kind == "perceptron" else as_float_array(y, "y", ndim=1)
    d1 = X.shape[1] + 1
    if free is None:
        free = (d1 - 2, d1 - 1)
    if (not isinstance(free, (tuple, list)) or len(free) != 2
            or not all(isinstance(i, numbers.Integral) and not isinstance(i, bool) and 0 <= i < d1 for i in free)
            or free[0] == free[1]):
        raise ValueError(
            f"free must be two different coordinates of w in 0..{d1 - 1} (0 is the bias); got {free!r}."
        )
    a, b = int(free[0]), int(free[1])
    if fixed is None:
        base = np.zeros(d1)
    elif isinstance(fixed, numbers.Real) and not isinstance(fixed, bool):
        base = np.full(d1, float(fixed))
    else:
        base = check_weights(fixed, d1, "fixed", what=" (a whole homogeneous weight vector, bias first)")
    if path is not None:
        if hasattr(path, "path") and not isinstance(path, np.ndarray):
            path = path.path
        path = as_float_array(path, "path", ndim=2)
        if path.shape[1] != d1:
            raise ValueError(
                f"path must have {d1} columns (homogeneous weights of {X.shape[1]}-feature data); "
                f"got shape {path.shape}."
            )
    resolution = check_count(resolution, "resolution", minimum=3)
    levels = check_count(levels, "levels", minimum=2)
    if not isinstance(separating, (bool, np.bool_)):
        raise TypeError(f"separating must be True or False; got {separating!r}.")
    if separating and kind != "perceptron":
        raise ValueError("separating=True shows where the perceptron criterion's data is separated; "
                         f"it needs kind='perceptron', got kind={kind!r}.")
    if bounds is None:
        pts = [np.zeros(2)]
        if path is not None:
            pts.append(path[:, [a, b]])
        if kind == "sse":
            Xh = np.hstack([np.ones((X.shape[0], 1)), X])
            w_ls, *_ = np.linalg.lstsq(Xh, y, rcond=None)
            pts.append(w_ls[[a, b]])
        pts = np.vstack(pts)
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        span = np.maximum(hi - lo, 1.0)
        lo, hi = lo - 0.25 * span, hi + 0.25 * span
        bounds = (lo[0], hi[0], lo[1], hi[1])
    else:
        bounds = as_float_array(bounds, "bounds", ndim=1)
        if bounds.shape[0] != 4 or bounds[0] >= bounds[1] or bounds[2] >= bounds[3]:
            raise ValueError(
                f"bounds must be (w_a_min, w_a_max, w_b_min, w_b_max) with min < max; got {bounds.tolist()}."
            )
    ax = _ax(ax)
    W1, W2 = np.meshgrid(np.linspace(bounds[0], bounds[1], resolution), np.linspace(bounds[2], bounds[3], resolution))
    W = np.tile(base, (W1.size, 1))
    W[:, a], W[:, b] = W1.ravel(), W2.ravel()
    J = criterion_grid(X, y, W, kind=kind).reshape(W1.shape)
    filled = ax.contourf(W1, W2, J, levels=levels, cmap="cividis", alpha=0.85, zorder=0)
    # no line at the lowest level: for J it is the edge of the flat J = 0 region, traced jaggedly
    lines = ax.contour(W1, W2, J, levels=filled.levels[1:], colors="white", linewidths=0.4, alpha=0.7, zorder=0.5)
    path_line = start = end = mesh = separates = None
    if separating:
        Xh = np.hstack([np.ones((X.shape[0], 1)), X])
        separates = np.all(y[:, None] * (Xh @ W.T) > 0, axis=0).reshape(W1.shape)
        # y_i w . (1, x_i) = c_i + p_i w_a + q_i w_b, the held coordinates in c_i: one half-plane per example
        margin_rows = y[:, None] * Xh
        constraints = [(float(row @ base - row[a] * base[a] - row[b] * base[b]), float(row[a]), float(row[b]))
                       for row in margin_rows]
        region = _half_plane_polygon(tuple(float(v) for v in bounds), constraints)
        if len(region) >= 3 and _polygon_area(region) > 0:
            # lightened, hatched and outlined in white, so the set does not read as a value of J
            mesh = Polygon(region, closed=True, facecolor=(1.0, 1.0, 1.0, 0.2), hatch="////",
                           edgecolor="white", linewidth=1.2, zorder=1.5)
            ax.add_patch(mesh)
            # an empty stand-in for the legend, dark as the J = 0 band it covers, so the white hatching shows there
            ax.fill([], [], facecolor=matplotlib.colormaps["cividis"](0.0), edgecolor="white", hatch="////",
                    label="separating weights")
    if path is not None:
        (path_line,) = ax.plot(path[:, a], path[:, b], "-o", color=OKABE_ITO[4], markersize=3.5,
                               linewidth=1.4, label="descent path", zorder=3)
        (start,) = ax.plot(path[:1, a], path[:1, b], "o", color="white", markeredgecolor="black",
                           markersize=8, label="start", zorder=4)
        closed = path.shape[0] > 1 and np.allclose(path[0, [a, b]], path[-1, [a, b]], rtol=0, atol=1e-9 * (
            1 + float(np.abs(path[:, [a, b]]).max())))
        (end,) = ax.plot(path[-1:, a], path[-1:, b], "*", color=OKABE_ITO[4], markeredgecolor="black",
                         markersize=13, label="start = end" if closed else "end", zorder=4)
        if closed:  # the star covers the start's dot: one legend entry for both
            start.set_label("_start")
    _label_axes(ax, f"w{str(a).translate(_SUB)}", f"w{str(b).translate(_SUB)}")
    name = "perceptron criterion J(w)" if kind == "perceptron" else "sum of squared errors"
    if kind == "sse":  # one lowest point: say where it is
        k = int(np.argmin(J))
        lowest = f"{_number(J.min())} (darkest, at ({_number(W1.flat[k])}, {_number(W2.flat[k])}))"
    else:  # J is 0 on a whole region: no single grid point is "the" lowest
        lowest = f"{_number(J.min())} (darkest)"
    text = (f"Filled contours of the {name} over ({ax.get_xlabel()}, {ax.get_ylabel()}), the other "
            f"weights held fixed, from {lowest} to {_number(J.max())} (lightest)")
    if separates is not None:
        share = separates.mean()
        text += (f"; hatched, outlined in white: the weight vectors that separate the data (every example "
                 f"strictly correct), {share:.0%} of the grid" if mesh is not None else
                 "; no weight vector in view separates the data, so nothing is hatched")
    if path is not None:
        steps = path.shape[0] - 1
        text += f"; an orange path of {steps} step{'' if steps == 1 else 's'} ({path.shape[0]} iterates) "
        first, last = (f"({_number(p[a])}, {_number(p[b])})" for p in (path[0], path[-1]))
        # a path that ends where it started, to the digits shown, is a loop (an epoch of online LMS)
        text += (f"that closes into a loop, starting and ending at {first}" if steps and first == last else
                 f"runs from {first} to {last}")
        # a path that moves in the held coordinates is drawn projected: say so, and by how much
        moved = [k for k in range(d1) if k not in (a, b) and np.any(path[:, k] != base[k])]
        if moved:
            text += (", drawn projected onto the plane: off the drawn slice, its " + ", ".join(
                f"w{str(k).translate(_SUB)} runs from {_number(path[:, k].min())} to {_number(path[:, k].max())} "
                f"(held at {_number(base[k])} in the contours)" for k in moved))
    _note(ax, text)
    return SurfaceArtists(filled=filled, lines=lines, path=path_line, start=start, end=end,
                          free=(a, b), base=base, W1=W1, W2=W2, J=J, separating=mesh, separates=separates)


# --------------------------------------------------------------------------
# Feature maps and vectors
# --------------------------------------------------------------------------


def feature_map(X, y, w, axes=None, *, resolution=400):
    """The x^2 / y^2 trick side by side: a conic in (x1, x2) is a line in (x1^2, x2^2).

    Left: the data in (x1, x2) with the curved boundary
    ``b + v1 x1^2 + v2 x2^2 = 0`` (an ellipse when v1 and v2 have one sign and
    b the other; see :func:`conic_shape` for the other cases).
    Right: the data in (z1, z2) = (x1^2, x2^2) with the straight boundary
    ``b + v1 z1 + v2 z2 = 0`` and its normal vector.  Both panels get equal
    scales on their axes; one legend for both goes below them.  A third
    panel, when given, enlarges the corner of the squared features where the
    positives lie (up to 1.2 times their largest square on each axis, with a
    margin below 0 so that markers on the axes are drawn whole); it draws,
    and its text alternative counts, only the points inside those limits.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        Raw data.
    y : array-like of shape (n_samples,)
    w : array-like of shape (3,) or a fitted result with ``.w``
        Homogeneous weights (b, v1, v2) learnt in the squared space, e.g.
        ``lk.perceptron(lk.square_features(X), y).w``.
    axes : two or three matplotlib Axes, optional
        Default: a new figure with two panels.
    resolution : int, default 400
        Grid points per side for tracing the conic.

    Returns
    -------
    FeatureMapArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.ring(60, seed=0)
    >>> res = lk.perceptron(lk.square_features(X), y, max_epochs=1000)
    >>> fig, axes = plt.subplots(1, 2)
    >>> art = lk.plot.feature_map(X, y, res, axes=axes)
    >>> len(art.conic.get_segments()) >= 1
    True
    >>> plt.close(fig)
    """
    X = _check_X2(X)
    y = _check_plot_y(y, X.shape[0])
    w = _as_plane_weights(w)
    resolution = check_count(resolution, "resolution", minimum=10)
    if axes is None:
        import matplotlib.pyplot as plt

        _, axes = plt.subplots(1, 2, figsize=(9, 4), layout="constrained")
    axes = tuple(np.ravel(np.asarray(axes, dtype=object)))
    if len(axes) not in (2, 3) or not all(isinstance(a, matplotlib.axes.Axes) for a in axes):
        raise TypeError(f"axes must be two or three matplotlib Axes (e.g. plt.subplots(1, 2)[1]) or None; "
                        f"got {axes!r}.")
    left, right = axes[:2]

    raw = data(X, y, left, legend=False)
    conic_art = conic((w[0], 0.0, 0.0, w[1], w[2], 0.0), left, label="boundary", resolution=resolution)
    left.set_title("raw features (x₁, x₂): a conic", fontsize="medium")

    squared = data(X**2, y, right, axis_labels=("x₁²", "x₂²"), legend=False)
    # with a third panel, the normal is drawn there, enlarged, and not among the positives of the middle panel
    line = boundary(w, right, label="boundary", normal=len(axes) == 2)
    if line.normal is not None:
        line.normal.fraction = 0.15  # short enough that its tip lands in the quadrant z >= 0, among the positives
        line.normal.region = (0.0, np.inf, 0.0, np.inf)  # on the part of the line where squares can land
        _stand_out(line.normal)
    right.set_title("squared features (x₁², x₂²): a line", fontsize="medium")
    # squares are never negative: shade where no point can land (patches that leave the data limits alone)
    from matplotlib.patches import Rectangle

    far = 1e6
    for corner, size, transform in (((0.0, -far), (1.0, far), right.get_yaxis_transform()),   # x axes, y data
                                    ((-far, 0.0), (far, 1.0), right.get_xaxis_transform())):  # x data, y axes
        # add_artist, not add_patch: the strips reach far beyond the data and must not widen its limits
        right.add_artist(Rectangle(corner, *size, transform=transform, facecolor="0.9", edgecolor="none", zorder=0))
    describe(right, "The grey strips below z₂ = 0 and left of z₁ = 0 are where no squared point can land.")
    for panel in (left, right):  # shapes and the normal's right angle read true only at equal scales
        panel.set_aspect("equal", adjustable="datalim")
    corner, corner_line = (None, None) if len(axes) == 2 else _feature_map_corner(X**2, y, w, axes[2])
    normal = line.normal if corner_line is None else corner_line.normal
    # one legend for all panels, below them, where it hides no point
    handles, names = left.get_legend_handles_labels()
    if normal is not None:  # named in the legend, so that a reader knows to look for it among the positives
        from matplotlib.lines import Line2D

        handles.append(Line2D([], [], color=normal.arrow_patch.get_edgecolor(), linewidth=2.4, marker=">",
                              markersize=7))
        names.append("normal (v₁, v₂) in the squared features")
    left.figure.legend(handles, names, loc="outside lower center", ncol=len(names), fontsize="small")
    return FeatureMapArtists(raw=raw, conic=conic_art, squared=squared, line=line, axes=axes, corner=corner,
                             corner_line=corner_line)


def _feature_map_corner(Z, y, w, ax):
    """The corner of the squared features where the positives lie, enlarged; only the points in view are drawn."""
    from . import conventions

    positive = Z[y == conventions.POSITIVE] if np.any(y == conventions.POSITIVE) else Z
    top = 1.2 * np.max(positive, axis=0)
    top = np.where(top > 0, top, 1.0)
    low = -0.06 * top   # markers of points on the axes (a coordinate near 0) are drawn whole
    in_view = np.all((Z >= low) & (Z <= top), axis=1)
    describe(ax, f"The corner of the squared features where the positives lie, enlarged (z₁ from 0 to "
                 f"{_number(top[0])}, z₂ from 0 to {_number(top[1])}): it shows the {int(in_view.sum())} of the "
                 f"{len(y)} squared points that lie in it.")
    corner = data(Z[in_view], y[in_view], ax, axis_labels=("x₁²", "x₂²"), legend=False)
    line = boundary(w, ax)
    if line.normal is not None:
        _stand_out(line.normal)
    ax.set(xlim=(low[0], top[0]), ylim=(low[1], top[1]), aspect="equal")
    ax.set_title("the corner of the middle panel, enlarged, with the normal vector", fontsize="medium")
    return corner, line


def _stand_out(normal):
    """A normal arrow drawn above the points, thick and with a white edge, so that it stands out among them."""
    from matplotlib import patheffects

    normal.set_zorder(5)
    normal.arrow_patch.set_linewidth(2.4)
    normal.arrow_patch.set_path_effects([patheffects.withStroke(linewidth=6, foreground="white")])


# --------------------------------------------------------------------------
# Functions, curves and conics (chapters 6-9)
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class ContourArtists:
    """What :func:`function_contours` drew.

    Attributes
    ----------
    lines : matplotlib.contour.QuadContourSet
        The contour lines (labelled with their values).
    arrows : matplotlib.quiver.Quiver or None
        The gradient arrows, one per point of ``at``.
    path, start, end : matplotlib.lines.Line2D or None
        The descent path and markers at its first and last point.
    W1, W2, values : ndarray
        The grid and the function's values on it.
    """

    lines: object
    arrows: object
    path: object
    start: object
    end: object
    W1: np.ndarray
    W2: np.ndarray
    values: np.ndarray


def _pair(p) -> str:
    return f"({_number(p[0])}, {_number(p[1])})"


def function_contours(f, ax=None, *, bounds, levels, gradient=None, at=None, path=None, scale=10.0,
                      resolution=121, name="J", axis_labels=("w₁", "w₂"), color="0.35", label_at=None):
    """Contour lines of a function of two variables, with gradient arrows and a descent path.

    Parameters
    ----------
    f : callable
        ``f(np.array([W1, W2]))`` for arrays ``W1``, ``W2`` of one shape returns
        the function's values there (write ``f`` with ``w[0]`` and ``w[1]``).
    ax : matplotlib Axes, optional
    bounds : (x_min, x_max, y_min, y_max)
    levels : sequence of float
        The values at which contour lines are drawn and labelled, increasing.
    gradient : callable, optional
        ``gradient(p)`` for a point ``p`` of shape (2,) returns the gradient there.
    at : array-like of shape (m, 2), optional
        Points at which to draw the gradient as an arrow (needs ``gradient``).
    path : array-like of shape (T, 2), optional
        Iterates of a descent, drawn as a line from a ring to a star.
    scale : float, default 10
        Arrows are drawn ``1/scale`` as long as the gradient, in data units.
    resolution : int, default 121
    name : str, default "J"
        The function's name in the text alternative.
    axis_labels : (str, str)
    color : matplotlib colour, default "0.35" (dark grey)
        The colour of the contour lines (their labels stay black).
    label_at : array-like of shape (m, 2), optional
        Points near which the contour labels are placed, one label each (by
        default matplotlib places one on every line).

    Returns
    -------
    ContourArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> bowl = lambda w: (w[0] - 1) ** 2 + 4 * w[1] ** 2
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.function_contours(bowl, ax, bounds=(-1, 3, -1, 1), levels=[0.5, 2],
    ...                                 gradient=lambda p: [2 * (p[0] - 1), 8 * p[1]], at=[[2.0, 0.5]])
    >>> "at (2, 0.5) the gradient is (2, 4)" in lk.plot.description(ax)
    True
    >>> plt.close(fig)
    """
    if not callable(f):
        raise TypeError(f"f must be a function of w = (w1, w2); got {type(f).__name__}.")
    bounds = as_float_array(bounds, "bounds", ndim=1)
    if bounds.shape[0] != 4 or bounds[0] >= bounds[1] or bounds[2] >= bounds[3]:
        raise ValueError(f"bounds must be (x_min, x_max, y_min, y_max) with min < max; got {bounds.tolist()}.")
    levels = as_float_array(levels, "levels", ndim=1)
    if levels.shape[0] == 0 or np.any(np.diff(levels) <= 0):
        raise ValueError(f"levels must be increasing values of f; got {levels.tolist()}.")
    if at is not None:
        if gradient is None:
            raise ValueError("at gives points for gradient arrows: pass gradient=... as well.")
        at = as_float_array(at, "at", ndim=2)
        if at.shape[1] != 2:
            raise ValueError(f"at must have shape (m, 2), points in the plane; got {at.shape}.")
    if path is not None:
        path = as_float_array(path, "path", ndim=2)
        if path.shape[1] != 2 or path.shape[0] == 0:
            raise ValueError(f"path must have shape (T, 2), points in the plane; got {path.shape}.")
    scale = float(scale)
    if not np.isfinite(scale) or scale <= 0:
        raise ValueError(f"scale must be a number > 0; got {scale!r}.")
    resolution = check_count(resolution, "resolution", minimum=3)
    ax = _ax(ax)
    W1, W2 = np.meshgrid(np.linspace(bounds[0], bounds[1], resolution),
                         np.linspace(bounds[2], bounds[3], resolution))
    values = np.asarray(f(np.array([W1, W2])), dtype=float)
    if values.shape != W1.shape:
        raise ValueError(f"f returned shape {values.shape} on a grid of shape {W1.shape}; it must work on "
                         "arrays (write it with w[0] and w[1]).")
    # dark lines and labels: every level reads on a white background (no pale end of a colour map)
    if label_at is not None:
        label_at = as_float_array(label_at, "label_at", ndim=2)
        if label_at.shape[1] != 2:
            raise ValueError(f"label_at must have shape (m, 2), points in the plane; got {label_at.shape}.")
    lines = ax.contour(W1, W2, values, levels=levels, colors=[color], linewidths=1.0, zorder=1)
    ax.clabel(lines, fontsize="x-small", colors="black", fmt=lambda v: f"{v:g}",
              manual=False if label_at is None else [tuple(p) for p in label_at])
    arrows = path_line = start = end = None
    text = (f"Contour lines of {name} over ({axis_labels[0]}, {axis_labels[1]}) at "
            + ", ".join(_number(v) for v in levels))
    # with a path, its end says where the descent got to; a grid's lowest cell is only near it. A lowest cell on
    # the grid's edge says only where the drawing stops, so it is reported only inside the grid.
    k = int(np.argmin(values))
    row, col = np.unravel_index(k, values.shape)
    if path is None and 0 < row < values.shape[0] - 1 and 0 < col < values.shape[1] - 1:
        text += (f"; on the drawn grid {name} is lowest, {_number(values.flat[k])}, at "
                 f"{_pair((W1.flat[k], W2.flat[k]))}")
    if at is not None:
        G = np.array([np.asarray(gradient(p), dtype=float) for p in at])
        arrows = ax.quiver(at[:, 0], at[:, 1], G[:, 0], G[:, 1], angles="xy", scale_units="xy", scale=scale,
                           color=OKABE_ITO[1], width=0.006, zorder=3,
                           label=f"gradient ∇{name} (drawn 1/{scale:g} long)")
        text += (f". Vermillion arrows show the gradient at {at.shape[0]} points, drawn 1/{scale:g} as long: "
                 + "; ".join(f"at {_pair(p)} the gradient is {_pair(g)}" for p, g in zip(at, G)))
    if path is not None:
        (path_line,) = ax.plot(path[:, 0], path[:, 1], "-o", color=OKABE_ITO[4], markersize=3, linewidth=1.4,
                               label="descent path", zorder=2)
        (start,) = ax.plot(path[:1, 0], path[:1, 1], "o", color="white", markeredgecolor="black", markersize=7,
                           label="start", zorder=4)
        (end,) = ax.plot(path[-1:, 0], path[-1:, 1], "*", color=OKABE_ITO[4], markeredgecolor="black",
                         markersize=12, label="end", zorder=4)
        steps = path.shape[0] - 1
        last = float(np.asarray(f(path[-1]), dtype=float))
        text += (f". An orange descent path of {steps} step{'' if steps == 1 else 's'} runs from {_pair(path[0])} "
                 f"to {_pair(path[-1])}, where {name} = {_number(last)}")
    _label_axes(ax, *axis_labels)
    _note(ax, text)
    return ContourArtists(lines=lines, arrows=arrows, path=path_line, start=start, end=end, W1=W1, W2=W2,
                          values=values)


def _values_phrase(x, v, at) -> str:
    """What a curve's values are, for the text alternative: at the given x, or all of them when few."""
    if at is not None:
        idx = [int(np.argmin(np.abs(x - a))) for a in at]
        return ", ".join(f"{_number(v[i])} at {_number(x[i])}" for i in idx)
    if v.shape[0] <= 12:
        return ", ".join(f"{_number(a)}" for a in v)
    lo, hi = int(np.argmin(v)), int(np.argmax(v))
    return (f"{_number(v[0])} at {_number(x[0])}, {_number(v[-1])} at {_number(x[-1])}; lowest "
            f"{_number(v[lo])} (first at {_number(x[lo])}), highest {_number(v[hi])} (first at {_number(x[hi])})")


def curves(x, ys, ax=None, *, at=None, styles=None, xlabel=None, ylabel=None, **line_kw):
    """Several named curves over one x, in distinct line styles, described by their values.

    Parameters
    ----------
    x : array-like of shape (n,)
    ys : dict
        ``{name: values of shape (n,)}``; the names go into the legend.
    ax : matplotlib Axes, optional
    at : sequence of float, optional
        x values to mark: a marker on every curve at the nearest x (each curve
        its own shape, the later ones smaller and on top, so that curves with
        equal values there are all seen), and the text alternative gives the
        curves' values there.  Without it the text gives
        every value of a short curve (12 or fewer points), else its ends and extremes.
    styles : sequence of str, optional
        Line styles, one per curve (default solid, dashed, dash-dot, dotted, ...);
        the colours follow the Okabe-Ito palette unless ``color`` is given.
    xlabel, ylabel : str, optional
    **line_kw
        Passed to every ``ax.plot``.

    Returns
    -------
    dict
        ``{name: Line2D}``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> z = np.linspace(-2, 2, 5)
    >>> fig, ax = plt.subplots()
    >>> lines = lk.plot.curves(z, {"hinge": np.maximum(0, 1 - z)}, ax, at=[-1, 2], xlabel="z")
    >>> "“hinge”: 2 at −1, 0 at 2" in lk.plot.description(ax)
    True
    >>> plt.close(fig)
    """
    x = as_float_array(x, "x", ndim=1)
    if not isinstance(ys, dict) or not ys:
        raise TypeError(f"ys must be a non-empty dict {{name: values}}; got {type(ys).__name__}.")
    values = {}
    for name, v in ys.items():
        v = as_float_array(v, f"ys[{name!r}]", ndim=1)
        if v.shape != x.shape:
            raise ValueError(f"ys[{name!r}] has {v.shape[0]} values but x has {x.shape[0]}; they must match.")
        values[str(name)] = v + 0.0  # + 0.0 turns -0.0 into 0.0 in the text
    styles = list(styles) if styles is not None else ["-", "--", "-.", ":"] * (len(values) // 4 + 1)
    if len(styles) < len(values):
        raise ValueError(f"styles must give one line style per curve ({len(values)}); got {len(styles)}.")
    if at is not None:
        at = as_float_array(at, "at", ndim=1)
    ax = _ax(ax)
    lines = {}
    for k, ((name, v), style) in enumerate(zip(values.items(), styles)):
        kw = line_kw if "color" in line_kw else {**line_kw, "color": OKABE_ITO[k % len(OKABE_ITO)]}
        (lines[name],) = ax.plot(x, v, linestyle=style, label=name, **kw)
        if at is not None:  # a shape and size of its own per curve, largest first: equal values stay visible
            idx = [int(np.argmin(np.abs(x - a))) for a in at]
            shape = ("o", "s", "^", "D", "v")[k % 5]
            ax.plot(x[idx], v[idx], shape, markerfacecolor="white" if k % 2 == 0 else lines[name].get_color(),
                    markeredgecolor=lines[name].get_color(), markeredgewidth=1.6,
                    markersize=max(4.0, 15.0 - 4.5 * k), zorder=3 + 0.1 * k)
    _label_axes(ax, xlabel, ylabel)
    what = ax.get_ylabel() or "values"
    marked = "" if at is None else (", dots mark each curve at " + ", ".join(_number(a) for a in at))
    _note(ax, f"{len(values)} curve{'' if len(values) == 1 else 's'} of {what} against {ax.get_xlabel() or 'x'}, "
              f"from {_number(x.min())} to {_number(x.max())}{marked}: "
              + "; ".join(f"“{_plain_math(n)}”: {_values_phrase(x, v, at)}" for n, v in values.items()))
    return lines


def reference_line(value, ax=None, *, label, color="0.4", linestyle=":", **line_kw):
    """A horizontal line at ``value`` (a bound, a floor, the optimum), labelled and described.

    Returns the ``Line2D``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> line = lk.plot.reference_line(0.1, ax, label="label noise")
    >>> lk.plot.description(ax)
    'A dotted horizontal line “label noise” at 0.1.'
    >>> plt.close(fig)
    """
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"value must be a finite number; got {value!r}.")
    if not isinstance(label, str) or not label.strip():
        raise ValueError("label: say what the line marks, e.g. label='least-squares SSE'.")
    ax = _ax(ax)
    line = ax.axhline(value, color=color, linestyle=linestyle, label=label, **line_kw)
    kind = {":": "dotted", "--": "dashed", "-.": "dash-dotted", "-": "solid"}.get(linestyle, "")
    _note(ax, f"A {kind + ' ' if kind else ''}horizontal line “{_plain_math(label)}” at {_number(value)}")
    return line


def band(x, low, high, ax=None, *, label, color="0.85"):
    """A shaded band between two curves over the same ``x`` (a formula give or take its spread), labelled and
    described: one legend entry for the band, not one per edge.

    Returns the ``PolyCollection``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> patch = lk.plot.band([1, 2, 3], [0.0, 0.1, 0.5], [0.2, 0.5, 0.9], ax, label="formula ± 2 sd")
    >>> lk.plot.description(ax)
    'A shaded band “formula ± 2 sd” from x = 1 to 3: lower edge 0, 0.1, 0.5; upper edge 0.2, 0.5, 0.9.'
    >>> plt.close(fig)
    """
    x, low, high = (np.asarray(v, dtype=float).ravel() for v in (x, low, high))
    if not (x.shape == low.shape == high.shape) or x.size < 2:
        raise ValueError(f"x, low and high must be three sequences of one length (at least 2); got lengths "
                         f"{x.size}, {low.size}, {high.size}.")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(low)) and np.all(np.isfinite(high))):
        raise ValueError("x, low and high must be finite numbers.")
    if np.any(low > high):
        raise ValueError("low must not exceed high at any x: pass the lower edge first.")
    if not isinstance(label, str) or not label.strip():
        raise ValueError("label: say what the band shows, e.g. label='formula ± 2 sd'.")
    ax = _ax(ax)
    patch = ax.fill_between(x, low, high, color=color, label=label, linewidth=0)

    def listed(v):
        return ", ".join(_number(a) for a in v) if v.size <= 12 else f"{_number(v[0])} … {_number(v[-1])}"

    _note(ax, f"A shaded band “{_plain_math(label)}” from x = {_number(x[0])} to {_number(x[-1])}: lower edge "
              f"{listed(low)}; upper edge {listed(high)}")
    return patch


def fit_lines(x, y, fits, ax=None, *, styles=None, colors=None, xlabel="x", ylabel="y"):
    """One-dimensional regression data and lines ``y = w0 + w1 x``, described by their equations.

    Parameters
    ----------
    x, y : array-like of shape (n,)
    fits : dict
        ``{name: (w0, w1)}``: intercept and slope of each line (e.g. an LMS
        result's ``w``).
    ax : matplotlib Axes, optional
    styles, colors : sequences, optional
        One line style and colour per line.

    Returns
    -------
    dict
        ``{"data": PathCollection, name: Line2D, ...}``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.fit_lines([0.0, 1.0, 2.0], [1.0, 3.1, 4.9], {"fit": (1.05, 1.95)}, ax)
    >>> "“fit”: y = 1.05 + 1.95x" in lk.plot.description(ax)
    True
    >>> plt.close(fig)
    """
    x = as_float_array(x, "x", ndim=1)
    y = as_float_array(y, "y", ndim=1)
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same length; got {x.shape[0]} and {y.shape[0]}.")
    if not isinstance(fits, dict) or not fits:
        raise TypeError("fits must be a non-empty dict {name: (intercept, slope)}.")
    lines_w = {str(n): as_float_array(w, f"fits[{n!r}]", ndim=1) for n, w in fits.items()}
    for n, w in lines_w.items():
        if w.shape[0] != 2:
            raise ValueError(f"fits[{n!r}] must be (intercept, slope); got {w.shape[0]} numbers.")
    styles = list(styles) if styles is not None else ["-", "--", ":", "-."] * (len(lines_w) // 4 + 1)
    colors = list(colors) if colors is not None else [OKABE_ITO[4], OKABE_ITO[2], "0.4", OKABE_ITO[3]] * (
        len(lines_w) // 4 + 1)
    ax = _ax(ax)
    art = {"data": ax.scatter(x, y, color=OKABE_ITO[0], zorder=3, label="data", s=25)}
    grid = np.array([x.min(), x.max()])
    for (n, w), style, colour in zip(lines_w.items(), styles, colors):
        (art[n],) = ax.plot(grid, w[0] + w[1] * grid, linestyle=style, color=colour, linewidth=2, label=n)
    _label_axes(ax, xlabel, ylabel)
    eq = lambda w: f"y = {_number(w[0])} {'−' if w[1] < 0 else '+'} {_number(abs(w[1]))}x"  # noqa: E731
    _note(ax, f"{x.shape[0]} data points, x from {_number(x.min())} to {_number(x.max())}; lines: "
              + "; ".join(f"“{_plain_math(n)}”: {eq(w)}" for n, w in lines_w.items()))
    return art


def _conic_matrix(coef) -> np.ndarray:
    c, a1, a2, a11, a22, a12 = coef
    return np.array([[a11, a12 / 2, a1 / 2], [a12 / 2, a22, a2 / 2], [a1 / 2, a2 / 2, c]])


def conic_shape(coef) -> str:
    """The curve ``c + a1 x1 + a2 x2 + a11 x1² + a22 x2² + a12 x1 x2 = 0`` in words.

    ``coef`` is ``(c, a1, a2, a11, a22, a12)``.  Ellipses get their centre and
    semi-axes; hyperbolas, parabolas and the degenerate cases (two crossing or
    parallel lines, one line, a point, no real point) are named.  Coefficients
    are compared with 0 relative to the largest of them (1e-12), so a conic
    built from rounded numbers is named as the exact one would be.

    Examples
    --------
    >>> import lecturekit as lk
    >>> lk.plot.conic_shape([-1.0, 0, 0, 0.25, 1.0, 0])     # (x1/2)^2 + x2^2 = 1
    'an ellipse centred at (0, 0) with semi-axes 2 along x₁ and 1 along x₂'
    >>> lk.plot.conic_shape([0.0, 0, 0, 1.0, -1.0, 0])      # x1^2 = x2^2
    'two lines crossing at (0, 0)'
    >>> lk.plot.conic_shape([-4.0, 0, 0, 1.0, -1.0, 0])
    'a hyperbola centred at (0, 0)'
    """
    coef = as_float_array(coef, "coef", ndim=1)
    if coef.shape[0] != 6:
        raise ValueError(f"coef must be (c, a1, a2, a11, a22, a12); got {coef.shape[0]} numbers.")
    s = float(np.max(np.abs(coef)))
    if s == 0:
        return "no curve (every coefficient is 0)"
    coef = coef / s
    small = 1e-12
    c, a1, a2, a11, a22, a12 = coef
    A = _conic_matrix(coef)
    Q = A[:2, :2]
    if np.max(np.abs(Q)) < small:  # linear
        return "a straight line" if max(abs(a1), abs(a2)) >= small else "no curve (a constant)"
    delta, big = float(np.linalg.det(Q)), float(np.linalg.det(A))
    if abs(delta) >= small:
        centre = np.linalg.solve(Q, -np.array([a1, a2]) / 2)
        f0 = float(c + np.array([a1, a2]) @ centre / 2)  # the value at the centre
        where = _pair(centre + 0.0)
        if delta > 0:
            lam, vec = np.linalg.eigh(Q)
            if abs(f0) < small:
                return f"a single point, {where}"
            if f0 * lam[0] > 0:
                return "no real point (an imaginary ellipse)"
            axes = np.sqrt(-f0 / lam)
            if abs(a12) < small:
                return (f"an ellipse centred at {where} with semi-axes {_number(np.sqrt(-f0 / a11))} along x₁ "
                        f"and {_number(np.sqrt(-f0 / a22))} along x₂")
            long_dir = vec[:, int(np.argmax(axes))]
            angle = float(np.degrees(np.arctan2(long_dir[1], long_dir[0]))) % 180.0
            return (f"an ellipse centred at {where} with semi-axes {_number(axes.max())} and "
                    f"{_number(axes.min())}, the longer at {angle:.0f}° to the x₁-axis")
        if abs(big) < small:
            return f"two lines crossing at {where}"
        return f"a hyperbola centred at {where}"
    if abs(big) >= small:
        return "a parabola"
    # degenerate with a parallel direction: two parallel lines, one (double) line, or nothing
    lam, vec = np.linalg.eigh(Q)
    k = int(np.argmax(np.abs(lam)))
    u = vec[:, k]  # the one curved direction: F = lam t^2 + b t + c along it
    b_lin = float(np.array([a1, a2]) @ u)
    disc = b_lin**2 - 4 * lam[k] * c
    if abs(disc) < small:
        return "one straight line (counted twice)"
    return "two parallel lines" if disc > 0 else "no real point"


def conic(coef, ax=None, *, label=None, color="black", resolution=400, **line_kw):
    """Draw the curve ``c + a1 x1 + a2 x2 + a11 x1² + a22 x2² + a12 x1 x2 = 0`` across the view.

    ``coef = (c, a1, a2, a11, a22, a12)``.  The curve is traced on a grid twice
    the size of the current view (so it runs past the edges) and does not change
    the data limits; its text alternative names it (:func:`conic_shape`).

    Returns the ``LineCollection``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> _ = ax.set_xlim(-3, 3), ax.set_ylim(-2, 2)
    >>> art = lk.plot.conic([-1.0, 0, 0, 0.25, 1.0, 0], ax, label="generating ellipse")
    >>> lk.plot.description(ax)
    'The curve “generating ellipse”, −1 + 0.25·x₁² + 1·x₂² = 0, is an ellipse centred at (0, 0) with semi-axes 2 along x₁ and 1 along x₂.'
    >>> plt.close(fig)
    """
    coef = as_float_array(coef, "coef", ndim=1)
    if coef.shape[0] != 6:
        raise ValueError(f"coef must be (c, a1, a2, a11, a22, a12); got {coef.shape[0]} numbers.")
    resolution = check_count(resolution, "resolution", minimum=10)
    ax = _ax(ax)
    x0, x1, y0, y1 = _view(ax)
    cx, cy, sx, sy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0), (y1 - y0)
    gx = np.linspace(cx - sx, cx + sx, resolution)
    gy = np.linspace(cy - sy, cy + sy, resolution)
    GX, GY = np.meshgrid(gx, gy)
    c, a1, a2, a11, a22, a12 = coef
    F = c + a1 * GX + a2 * GY + a11 * GX**2 + a22 * GY**2 + a12 * GX * GY
    import contourpy

    segments = contourpy.contour_generator(gx, gy, F, line_type="Separate").lines(0.0)
    kw = {"linewidths": 1.8, "zorder": 3, **line_kw}
    art = LineCollection(segments, colors=color, label=label, **kw)
    ax.add_collection(art, autolim=False)
    terms = [(c, ""), (a1, "x₁"), (a2, "x₂"), (a11, "x₁²"), (a22, "x₂²"), (a12, "x₁x₂")]
    parts = []
    for v, var in terms:
        if v == 0:
            continue
        num = _number(abs(v)) if parts else _number(v)
        piece = f"{num}·{var}" if var else num
        parts.append(piece if not parts else f"{'−' if v < 0 else '+'} {piece}")
    name = f"The curve “{_plain_math(label)}”, " if label else "A curve, "
    _note(ax, f"{name}{' '.join(parts) or '0'} = 0, is {conic_shape(coef)}")
    return art


def mark(points, ax=None, *, label, color="black", size=180):
    """Ring some points (the misclassified ones, the lone positive, ...) and say which.

    Returns the ``PathCollection`` of the rings.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> rings = lk.plot.mark([[1.5, 0.0]], ax, label="misclassified")
    >>> lk.plot.description(ax)
    'Rings mark 1 point, “misclassified”: (1.5, 0).'
    >>> plt.close(fig)
    """
    P = as_float_array(points, "points", ndim=2) if np.size(points) else np.zeros((0, 2))
    if P.shape[1] != 2:
        raise ValueError(f"points must have shape (m, 2); got {P.shape}.")
    if not isinstance(label, str) or not label.strip():
        raise ValueError("label: say what the rings mark, e.g. label='misclassified'.")
    ax = _ax(ax)
    rings = ax.scatter(P[:, 0], P[:, 1], s=size, facecolors="none", edgecolors=color, linewidths=1.5, zorder=4,
                       label=label)
    listed = ", ".join(_pair(p) for p in P[:6]) + (", ..." if P.shape[0] > 6 else "")
    _note(ax, f"Rings mark {P.shape[0]} point{'' if P.shape[0] == 1 else 's'}, “{_plain_math(label)}”"
              + (f": {listed}" if P.shape[0] else ""))
    return rings


def vectors(a, b, ax=None, *, show_projection=True, show_angle=True, show_difference=False, labels=("a", "b")):
    """Two vectors in the plane as arrows from the origin, their angle and the projection of a onto b.

    Sets equal aspect on ``ax`` so that angles look right, and widens the data
    limits to include the origin and both tips.  A zero vector has no
    direction: then no angle (and, for b = 0, no projection) is drawn.

    Parameters
    ----------
    a, b : array-like of shape (2,)
    ax : matplotlib Axes, optional
    show_projection : bool, default True
        Draw the projection ``(a . b / b . b) b`` of a onto the line of b, and
        the perpendicular from a to it.
    show_angle : bool, default True
        Draw the arc between a and b, labelled in degrees.
    show_difference : bool, default False
        Draw the third side of the triangle, from the tip of b to the tip of a
        (the vector a - b), dashed and labelled with its length.
    labels : (str, str), default ("a", "b")

    Returns
    -------
    VectorArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.vectors([3.0, 1.0], [2.0, 0.0], ax=ax)
    >>> art.projection.get_xydata().tolist()
    [[0.0, 0.0], [3.0, 0.0]]
    >>> art.angle_label.get_text()
    'θ = 18.4°'
    >>> plt.close(fig)
    """
    a = as_float_array(a, "a", ndim=1)
    b = as_float_array(b, "b", ndim=1)
    for name, v in (("a", a), ("b", b)):
        if v.shape[0] != 2:
            raise ValueError(f"{name} must be a vector in the plane, of length 2; got length {v.shape[0]}.")
    check_bool(show_projection, "show_projection")
    check_bool(show_angle, "show_angle")
    check_bool(show_difference, "show_difference")
    if len(labels) != 2:
        raise ValueError(f"labels must be two strings, for a and b; got {labels!r}.")
    ax = _ax(ax)
    origin = (0.0, 0.0)
    na, nb = float(np.hypot(*a)), float(np.hypot(*b))
    arrows, texts = [], []
    for v, name, colour in ((a, labels[0], OKABE_ITO[0]), (b, labels[1], OKABE_ITO[1])):
        arrows.append(ax.annotate(
            "", xy=tuple(v), xytext=origin, xycoords="data", textcoords="data",
            arrowprops={"arrowstyle": "-|>", "color": colour, "linewidth": 2, "shrinkA": 0, "shrinkB": 0,
                        "mutation_scale": 16},
            zorder=3,
        ))
        # the label sits beyond the tip, along the arrow, so that it never covers the arrowhead
        length = float(np.hypot(*v))
        away = (8 * v[0] / length, 8 * v[1] / length) if length > 0 else (6.0, 6.0)
        texts.append(ax.annotate(
            name, xy=tuple(v), xytext=away, textcoords="offset points", color=colour,
            ha="left" if away[0] >= 0 else "right", va="bottom" if away[1] >= 0 else "top",
            fontsize="large", fontstyle="italic", fontweight="bold", zorder=3,
        ))

    arc = arc_label = proj_line = drop = proj_label = square = None
    points = [np.zeros(2), a, b]
    if show_projection and nb > 0:
        p = project(a, b) + 0.0  # + 0.0: a coordinate of -0.0 is read as 0, not "−0"
        length = projection_length(a, b) + 0.0
        # a broad translucent band under the arrow of b: it stays visible where it runs along b
        (proj_line,) = ax.plot([0.0, p[0]], [0.0, p[1]], color=OKABE_ITO[2], linewidth=10, alpha=0.45,
                               solid_capstyle="butt", zorder=1,
                               label=f"projection of {labels[0]} on {labels[1]}")
        (drop,) = ax.plot([a[0], p[0]], [a[1], p[1]], linestyle=":", color="0.35", linewidth=1.2, zorder=2)
        points.append(p)
        # the signed length, written beside the middle of the band on the side away from a
        ub = b / nb
        side = np.array([-ub[1], ub[0]])
        if side @ a > 0:
            side = -side
        # aligned so that the text extends away from the line of b, never back across it (or into the angle)
        proj_label = ax.annotate(
            f"projection = {_number(length)}", xy=tuple(p / 2), xytext=tuple(10 * side), textcoords="offset points",
            ha="left" if side[0] > 0.3 else "right" if side[0] < -0.3 else "center",
            va="bottom" if side[1] > 0.3 else "top" if side[1] < -0.3 else "center",
            fontsize="small", color="0.15", zorder=3,
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.8},
        )
    if show_angle and na > 0 and nb > 0:
        t_a, t_b = np.degrees(np.arctan2(a[1], a[0])), np.degrees(np.arctan2(b[1], b[0]))
        sweep = (t_b - t_a + 180.0) % 360.0 - 180.0  # signed, in [-180, 180)
        theta1 = t_a if sweep >= 0 else t_b  # Arc runs counter-clockwise from theta1
        r = 0.3 * min(na, nb)
        arc = Arc(origin, 2 * r, 2 * r, theta1=theta1, theta2=theta1 + abs(sweep), color="0.3", linewidth=1.2)
        ax.add_patch(arc)
        if dot(a, b) == 0:  # a right angle: the usual square in the corner
            ua, ub = 0.5 * r * a / na, 0.5 * r * b / nb
            square = Polygon([(0.0, 0.0), tuple(ua), tuple(ua + ub), tuple(ub)], closed=True, fill=False,
                             edgecolor="0.3", linewidth=1.0, zorder=2)
            ax.add_patch(square)
        mid = np.radians(theta1 + abs(sweep) / 2)
        theta = float(np.degrees(np.arccos(np.clip(a @ b / (na * nb), -1.0, 1.0))))
        label_kw = {"fontsize": "small", "color": "0.2",
                    "bbox": {"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.8}}
        if abs(sweep) >= 60:
            # outside the arc (and the right-angle mark): anchored on the arc's middle, pushed out along the
            # bisector and aligned so that the text extends away from the corner, never back over the arc
            out = (np.cos(mid), np.sin(mid))
            arc_label = ax.annotate(
                f"θ = {theta:.1f}°", xy=(r * out[0], r * out[1]), xytext=(8 * out[0], 8 * out[1]),
                textcoords="offset points",
                ha="left" if out[0] > 0.3 else "right" if out[0] < -0.3 else "center",
                va="bottom" if out[1] > 0.3 else "top" if out[1] < -0.3 else "center", **label_kw)
        else:
            # a narrow angle leaves no room between the arrows: the label goes outside the angle, beside the
            # arc's end on a, on the side of a away from b, aligned so that it extends away from both arrows
            ua = a / na
            out = np.array([-ua[1], ua[0]])
            if out @ b > 0:
                out = -out
            arc_label = ax.annotate(
                f"θ = {theta:.1f}°", xy=tuple(r * ua), xytext=tuple(6 * out), textcoords="offset points",
                ha="left" if out[0] > 0.3 else "right" if out[0] < -0.3 else "center",
                va="bottom" if out[1] > 0.3 else "top" if out[1] < -0.3 else "center", **label_kw)
    diff = diff_label = None
    if show_difference:
        d_len = float(np.hypot(*(a - b)))
        (diff,) = ax.plot([b[0], a[0]], [b[1], a[1]], linestyle="--", color="0.35", linewidth=1.2, zorder=2)
        mid = (a + b) / 2
        # beside the middle of the side, on the side away from the origin (outside the triangle)
        out = np.array([-(a - b)[1], (a - b)[0]]) / d_len if d_len > 0 else np.array([0.0, 1.0])
        if out @ mid < 0:
            out = -out
        diff_label = ax.annotate(
            f"{labels[0]} − {labels[1]}", xy=tuple(mid), xytext=tuple(6 * out),
            textcoords="offset points", ha="left" if out[0] > 0.3 else "right" if out[0] < -0.3 else "center",
            va="bottom" if out[1] > 0.3 else "top" if out[1] < -0.3 else "center", fontsize="small", color="0.15",
            zorder=3, bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.8})
    points = np.vstack(points)
    # annotations do not widen the data limits themselves; 15% more leaves room for the labels
    ax.update_datalim(np.vstack([points, 1.15 * points]))
    ax.autoscale_view()
    # equal aspect; keep limits the caller fixed (then the axes box adapts instead)
    fixed = not (ax.get_autoscalex_on() and ax.get_autoscaley_on())
    ax.set_aspect("equal", adjustable="box" if fixed else "datalim")
    _label_axes(ax, "x₁", "x₂")
    text = (f"Arrows from the origin: {labels[0]} = ({_number(a[0])}, {_number(a[1])}) in blue, length "
            f"{_number(na)}, and {labels[1]} = ({_number(b[0])}, {_number(b[1])}) in vermillion, length "
            f"{_number(nb)}")
    if arc_label is not None:
        text += f"; the angle between them is {theta:.1f}°" + (", marked as a right angle" if square else "")
    if proj_line is not None:
        text += (f"; the projection of {labels[0]} on the line of {labels[1]}, a band labelled with its signed "
                 f"length {_number(length)}, ends at ({_number(p[0])}, {_number(p[1])})")
        if float(np.hypot(*(a - p))) > 1e-12 * na:
            text += (f"; a dotted line drops at a right angle from the tip of {labels[0]} to that point on the "
                     f"line of {labels[1]}")
        else:
            text += f" ({labels[0]} lies on the line of {labels[1]}: the perpendicular has length 0)"
    if diff is not None:
        text += (f"; a dashed line from the tip of {labels[1]} to the tip of {labels[0]} is "
                 f"{labels[0]} − {labels[1]}, of length {_number(d_len)}")
    _note(ax, text)
    return VectorArtists(a=arrows[0], b=arrows[1], a_label=texts[0], b_label=texts[1], angle=arc,
                         angle_label=arc_label, projection=proj_line, drop=drop, projection_label=proj_label,
                         right_angle=square, difference=diff, difference_label=diff_label)


# --------------------------------------------------------------------------
# A plane in 3-D, classifiers side by side, scans of run lengths, named points
# --------------------------------------------------------------------------

#: One colour and line style per closed-form or iterative classifier of chapter 3,
#: shared by the chapter's figures and its explorer.
CLASSIFIER_STYLES = {
    "basic linear": (OKABE_ITO[3], "-"),
    "least squares": (OKABE_ITO[4], "--"),
    "perceptron": (OKABE_ITO[2], ":"),
}


@dataclass(frozen=True)
class PlaneArtists:
    """What :func:`plane` drew.

    Attributes
    ----------
    surface : the grey plane (a ``Poly3DCollection``)
    positive, negative : the points with ``w . x > 0`` and ``w . x < 0``
    normal : the arrow of w from the origin
    counts : (int, int, int)
        How many points have a score > 0, < 0 and exactly 0.
    """

    surface: object
    positive: object
    negative: object
    normal: object
    counts: tuple


def plane(w, X, ax=None, *, limit: float = 2.0):
    """The plane ``w . x = 0`` through the origin of 3-D space, its normal w, and points by side.

    The axes are cut to the cube ``[-limit, limit]^3`` with equal scales on
    the three axes (so that lengths along the axes compare; on screen a right
    angle stays right only where one of its sides is parallel to the screen,
    so the normal looks perpendicular to the plane when the plane is seen
    edge-on), and the points are coloured by the sign of ``w . x`` as
    :func:`data` colours classes: blue plus signs on the side w points to,
    vermillion circles on the other.  The group on the camera's side of the
    plane (from ``ax.elev`` and ``ax.azim``: call ``ax.view_init`` first) is
    drawn over the plane, the other group under it, so the picture shows which
    side each point is on.  The normal arrow and a dot at the origin are drawn
    over the points, so no point hides where the arrow starts.  The
    legend goes below the axes, off the data.

    Parameters
    ----------
    w : array-like of shape (3,)
        The normal; its third coordinate must not be 0 (the plane is drawn as
        ``x3 = -(w1 x1 + w2 x2) / w3``).
    X : array-like of shape (n_samples, 3)
    ax : a 3-D matplotlib Axes (``fig.add_subplot(projection="3d")``), optional
        Default: a new figure with one orthographic 3-D axes.
    limit : float > 0, default 2

    Returns
    -------
    PlaneArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig = plt.figure()
    >>> ax = fig.add_subplot(projection="3d", proj_type="ortho")
    >>> art = lk.plot.plane([1.0, 1.0, 2.0], [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [2.0, 0.0, -1.0]], ax=ax)
    >>> art.counts
    (1, 1, 1)
    >>> plt.close(fig)
    """
    w = as_float_array(w, "w", ndim=1)
    if w.shape != (3,):
        raise ValueError(f"w must be a normal vector in 3-D, of length 3; got length {w.shape[0]}.")
    if w[2] == 0:
        raise ValueError("w[2] must not be 0: the plane is drawn as x3 = -(w1 x1 + w2 x2) / w3. "
                         "Reorder the coordinates so that the last one has a non-zero weight.")
    X = check_X(X)
    if X.shape[1] != 3:
        raise ValueError(f"X must have 3 columns (x1, x2, x3); got shape {X.shape}.")
    if not (isinstance(limit, numbers.Real) and np.isfinite(limit) and limit > 0):
        raise ValueError(f"limit must be a positive number; got {limit!r}.")
    if ax is None:
        import matplotlib.pyplot as plt

        ax = plt.figure(figsize=(6.5, 6.5)).add_subplot(projection="3d", proj_type="ortho")
    if getattr(ax, "name", "") != "3d":
        raise TypeError("ax must be a 3-D axes: fig.add_subplot(projection='3d')")
    scores = X @ w
    up, down = scores > 0, scores < 0
    g1, g2 = np.meshgrid(np.linspace(-limit, limit, 9), np.linspace(-limit, limit, 9))
    with np.errstate(all="ignore"):
        g3 = -(w[0] * g1 + w[1] * g2) / w[2]
    ax.computed_zorder = False  # draw by zorder: plane, points, then the origin and the arrow on top
    surface = ax.plot_surface(g1, g2, np.clip(g3, -limit, limit), color="0.6", alpha=0.3, linewidth=0, zorder=1)
    terms = []
    for j, c in enumerate(w, 1):
        if c == 0:
            continue
        size = "" if abs(c) == 1 else f"{_number(abs(c))}·"
        sign = ("−" if c < 0 else "") if not terms else ("− " if c < 0 else "+ ")
        terms.append(f"{sign}{size}x{str(j).translate(_SUB)}")
    eq = " ".join(terms)
    # the plane separates the two groups, so one group is in front of it and the other behind it, as seen
    # from the camera (set ax.view_init before calling): the group behind is drawn under the plane
    e, a = np.radians(ax.elev), np.radians(ax.azim)
    towards_viewer = np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), np.sin(e)]) @ w
    drawn = []
    for rows, (colour, marker, _), text, side in ((up, _BINARY_STYLE[1], "$w \\cdot x > 0$", 1),
                                                  (down, _BINARY_STYLE[-1], "$w \\cdot x < 0$", -1)):
        in_front = side * towards_viewer >= 0
        drawn.append(ax.scatter(X[rows, 0], X[rows, 1], X[rows, 2], color=colour, marker=marker, s=30,
                                label=text, depthshade=False, zorder=2 if in_front else 0))
    ax.scatter([0.0], [0.0], [0.0], color="black", marker="o", s=22, depthshade=False, zorder=3)
    arrow = ax.quiver(0, 0, 0, *w, color="black", linewidth=2, arrow_length_ratio=0.15, zorder=4,
                      label=f"normal $w = ({', '.join(_number(c) for c in w)})$")
    ticks = np.arange(-np.floor(limit), np.floor(limit) + 1)
    for lim, tick in ((ax.set_xlim, ax.set_xticks), (ax.set_ylim, ax.set_yticks), (ax.set_zlim, ax.set_zticks)):
        lim(-limit, limit)
        tick(ticks)
    ax.set_box_aspect((1, 1, 1))
    ax.set_xlabel("x₁")
    ax.set_ylabel("x₂")
    ax.set_zlabel("x₃")
    if not ax.figure.legends:  # one legend for a figure with several views of the plane
        ax.figure.legend(*ax.get_legend_handles_labels(), loc="lower center", ncols=3, fontsize="small")
    n_up, n_down = int(up.sum()), int(down.sum())
    n_on = X.shape[0] - n_up - n_down
    text = (f"A grey plane through the origin, {eq} = 0, with its normal w = "
            f"({', '.join(_number(c) for c in w)}) drawn as a black arrow from the origin (a black dot); "
            f"{n_up} points with w · x > 0 (blue plus signs) on the side the arrow points to, "
            f"{n_down} with w · x < 0 (vermillion circles) on the other")
    if n_on:
        text += f", and {n_on} on the plane"
    _note(ax, text)
    return PlaneArtists(surface=surface, positive=drawn[0], negative=drawn[1], normal=arrow,
                        counts=(n_up, n_down, n_on))


def lifted_plane(w, X, ax=None, *, limit: float = 3.5, edge_on: bool = False):
    """Chapter 2's bias trick in 3-D: points ``(1, x1, x2)`` on the slice ``x0 = 1``, the plane
    ``w . x~ = 0`` through the origin, and the line where the two meet, which is the boundary
    ``w0 + w1 x1 + w2 x2 = 0`` of the raw points drawn in that slice.

    Drawn with :func:`plane` (the points coloured by the sign of their score, the normal arrow from the
    origin, the plane with a dark edge), plus the slice as a green square with a green outline and the
    line of intersection in orange; the text
    alternative names the slice, the plane's equation and the line, from the numbers given.

    Parameters
    ----------
    w : array-like of shape (3,)
        Homogeneous weights ``(w0, w1, w2)`` with ``w2 != 0`` and ``(w1, w2) != 0``.
    X : array-like of shape (n_samples, 2)
        Raw points; the function lifts them to ``(1, x1, x2)``.
    ax : a 3-D matplotlib Axes, optional
        Set its camera (``ax.view_init``) before the call, unless ``edge_on``.
    limit : float > 1, default 3.5
        The half-width of the cube drawn.
    edge_on : bool, default False
        Look along the orange line, so that the plane is seen edge-on (a line) and the slice too: the
        camera is set here, the three axes get equal scales (right angles look right) and the box, its
        ticks and panes are hidden, and the orange line, seen end-on, is drawn as an orange dot where the two edges
        cross. Otherwise the foreshortened x0 axis gets a tick every 2 units.

    Returns
    -------
    PlaneArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig = plt.figure()
    >>> ax = fig.add_subplot(projection="3d", proj_type="ortho")
    >>> lk.plot.lifted_plane([-3.0, 1.0, 2.0], [[3.0, 1.0], [2.0, 0.0]], ax=ax).counts
    (1, 1, 0)
    >>> plt.close(fig)
    """
    w = as_float_array(w, "w", ndim=1)
    if w.shape != (3,) or not w[1:].any():
        raise ValueError(f"w must be (w0, w1, w2) with (w1, w2) not both 0; got {w.tolist()}.")
    X = _check_X2(X)
    if not (isinstance(limit, numbers.Real) and np.isfinite(limit) and limit > 1):
        raise ValueError(f"limit must be a number greater than 1 (the slice x0 = 1 must be inside); got {limit!r}.")
    if not isinstance(edge_on, bool):
        raise TypeError(f"edge_on must be True or False; got {edge_on!r}.")
    Xh = np.hstack([np.ones((X.shape[0], 1)), X])
    if edge_on:
        if ax is None:
            import matplotlib.pyplot as plt

            ax = plt.figure().add_subplot(projection="3d", proj_type="ortho")
        # the camera looks along the line's direction (0, w2, -w1): elevation and azimuth of that vector
        along = np.array([0.0, w[2], -w[1]]) / np.hypot(w[1], w[2])
        ax.view_init(elev=float(np.degrees(np.arcsin(along[2]))),
                     azim=float(np.degrees(np.arctan2(along[1], along[0]))))
    _QUIET.append(True)
    try:
        art = plane(w, Xh, ax, limit=limit)
    finally:
        _QUIET.pop()
    ax = art.surface.axes
    # plane() clips the plane's height to the cube, which leaves flat shelves on its faces; draw instead
    # the part of the plane inside the cube, a convex polygon cut from the square of (x0, x1)
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    art.surface.remove()
    square = np.array([[-limit, -limit], [limit, -limit], [limit, limit], [-limit, limit]])
    a = w[:2] / w[2]
    poly = _clip_convex(_clip_convex(square, a, limit), -a, limit)
    height = -(poly @ w[:2]) / w[2]
    surface = Poly3DCollection([np.column_stack([poly, height])], facecolor=(0.6, 0.6, 0.6, 0.3),
                               edgecolor="0.25", linewidth=1.2, zorder=1)
    ax.add_collection3d(surface)
    art = PlaneArtists(surface=surface, positive=art.positive, negative=art.negative, normal=art.normal,
                       counts=art.counts)
    g1, g2 = np.meshgrid(np.linspace(-limit, limit, 2), np.linspace(-limit, limit, 2))
    ax.plot_surface(np.ones_like(g1), g1, g2, color=OKABE_ITO[2], alpha=0.16, linewidth=0, zorder=1)
    # the slice's outline in a saturated colour, so that it reads apart from the grey plane where they overlap
    edge = np.array([[-limit, -limit], [limit, -limit], [limit, limit], [-limit, limit], [-limit, -limit]])
    ax.plot(np.ones(len(edge)), edge[:, 0], edge[:, 1], color=OKABE_ITO[2], linewidth=2, zorder=2,
            label="the slice $x_0 = 1$")
    # the line w0 + w1 x1 + w2 x2 = 0 in the slice, clipped to the square [-limit, limit]^2
    n = w[1:]
    foot = -w[0] * n / (n @ n)
    direction = np.array([-n[1], n[0]]) / np.linalg.norm(n)
    t = np.linspace(-4 * limit, 4 * limit, 801)
    pts = foot + t[:, None] * direction
    pts = pts[np.all(np.abs(pts) <= limit, axis=1)]
    ax.plot(np.ones(len(pts)), pts[:, 0], pts[:, 1], color=OKABE_ITO[4], linewidth=3, zorder=3,
            label="where they meet: the line $w_0 + w_1 x_1 + w_2 x_2 = 0$")
    # the points over the slice's outline, which runs through them when the slice is seen edge-on
    for drawn in (art.positive, art.negative):
        drawn.set_zorder(5)
    # the normal's head drawn flat on the screen, so that no view foreshortens it to nothing
    ax.add_artist(_ArrowHead3D(0.75 * w, w, ax))
    ax.set_xlabel("x₀")
    ax.set_ylabel("x₁")
    ax.set_zlabel("x₂")
    if edge_on:
        ax.plot([1.0], [foot[0]], [foot[1]], linestyle="none", marker="o", markersize=10, color=OKABE_ITO[4],
                markeredgecolor="black", markeredgewidth=0.8, zorder=6)
        for drawn in (art.positive, art.negative):
            drawn.set_sizes([60])  # larger, so that the plus signs' strokes read against the green line
        ax.set_box_aspect((1, 1, 1))
        ax.set(xticks=[], yticks=[], zticks=[], xlabel="", ylabel="", zlabel="")
        # seen edge-on, the box's shaded panes would meet in a band that reads like one more line: no box
        ax.set_axis_off()
        # no axes can be read in this view, so name what is seen: the origin, the slice, the plane, the normal
        lifted_foot = np.r_[1.0, foot]
        below = lifted_foot - np.r_[0.0, 0.8 * limit * n / np.linalg.norm(n)]
        for at, words, style in (((0.0, 0.0, 0.0), "  origin", {"ha": "left", "va": "top"}),
                                 (below, "the slice $x_0 = 1$  ", {"ha": "right", "va": "center"}),
                                 (-1.6 * lifted_foot, "  the plane $\\tilde w \\cdot \\tilde x = 0$",
                                  {"ha": "left", "va": "bottom"}),
                                 (1.08 * w, "$\\tilde w$", {"ha": "center", "va": "bottom"})):
            ax.text(*at, words, fontsize="medium", zorder=7, **style)
    else:
        ax.set_xticks(np.arange(-2.0 * np.floor(limit / 2), limit, 2.0))   # x0 is foreshortened: fewer ticks
    art.positive.set_label("$\\tilde w \\cdot \\tilde x > 0$")
    art.negative.set_label("$\\tilde w \\cdot \\tilde x < 0$")
    art.normal.set_label(f"normal $\\tilde w = ({', '.join(_number(c) for c in w)})$")
    for legend in list(ax.figure.legends):
        legend.remove()
    ax.figure.legend(*ax.get_legend_handles_labels(), loc="lower center", ncols=2, fontsize="small")
    n_up, n_down, n_on = art.counts
    eq = _equation(np.r_[0.0, w], ("x₀", "x₁", "x₂"))
    line = _equation(w, ("x₁", "x₂"))
    text = (f"A 3-D view with axes x₀, x₁, x₂. A green square with a green outline is the slice x₀ = 1, "
            f"holding the "
            f"{X.shape[0]} points lifted to (1, x₁, x₂): {n_up} with a positive score (blue plus signs) and "
            f"{n_down} with a negative score (vermillion circles)"
            + (f", {n_on} with score 0" if n_on else "")
            + f". A grey plane with a dark edge through the origin, {eq}, with its normal ({', '.join(_number(c) for c in w)}) "
            f"drawn as a black arrow from the origin, cuts the slice along a thick orange line, the points "
            f"(1, x₁, x₂) with {line}: the boundary of the raw points, drawn in the slice")
    if edge_on:
        text += (". Seen along that line: the plane and the slice are seen edge-on, as a black and a green "
                 "line, the orange line as an orange dot where they cross, and the arrow meets the black line "
                 "at a right angle")
    _note(ax, text)
    return art


class _ArrowHead3D(matplotlib.patches.FancyArrowPatch):
    """An arrowhead from ``start`` to ``end`` in 3-D, projected each time it is drawn and drawn flat on the
    screen, so that its size does not depend on the view (a quiver's head is a 3-D object, foreshortened
    when it points towards the viewer)."""

    def __init__(self, start, end, ax):
        super().__init__((0.0, 0.0), (0.0, 0.0), arrowstyle="-|>", mutation_scale=22, color="black",
                         linewidth=2, shrinkA=0, shrinkB=0, zorder=7)
        self._ends = np.array([start, end], dtype=float)
        self.axes = ax

    def do_3d_projection(self, renderer=None):
        from mpl_toolkits.mplot3d import proj3d

        xs, ys, zs = proj3d.proj_transform(*self._ends.T, self.axes.M)
        self.set_positions((xs[0], ys[0]), (xs[1], ys[1]))
        return float(np.min(zs))


def plane_edge_on(w, X, along, ax=None):
    """The plane ``w . x = 0`` of :func:`plane` seen edge-on, looking along ``along``, a direction in it.

    The screen's vertical axis is the unit normal ``w / |w|`` (a point's height
    is its signed distance ``w . x / |w|``), its horizontal axis the unit
    vector ``u = along x w / |along x w|`` in the plane at a right angle to
    ``along``, so that right x up = -along points out of the screen, towards
    the viewer: the picture is what one sees looking along ``along``.  The plane is a
    grey horizontal line through the origin, the normal a black arrow of
    length 1, the unit normal ``w / |w|`` (one unit of the signed distance the
    vertical axis measures: it shows the direction of ``w``, not its length,
    as :func:`boundary` does in 2-D), the points are
    coloured by the sign of ``w . x`` as :func:`plane` colours them.  The line
    joins the figure's legend; the text alternative names the screen's axes.

    Parameters
    ----------
    w : array-like of shape (3,)
    X : array-like of shape (n_samples, 3)
    along : array-like of shape (3,)
        Non-zero, with ``w . along = 0`` (up to rounding): the viewing direction.
    ax : a 2-D matplotlib Axes, optional

    Returns
    -------
    numpy.ndarray of shape (n_samples, 2)
        The drawn coordinates ``(u . x, w . x / |w|)`` of the points.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> lk.plot.plane_edge_on([0.0, 0.0, 2.0], [[1.0, 0.0, 3.0]], along=[0.0, 1.0, 0.0], ax=ax).round(6).tolist()
    [[1.0, 3.0]]
    >>> plt.close(fig)
    """
    from .vectors import norm

    w = as_float_array(w, "w", ndim=1)
    along = as_float_array(along, "along", ndim=1)
    if w.shape != (3,) or along.shape != (3,):
        raise ValueError(f"w and along must be vectors in 3-D, of length 3; got lengths {w.shape[0]} and "
                         f"{along.shape[0]}.")
    if not w.any() or not along.any():
        raise ValueError("w and along must be non-zero: w is the plane's normal, along the viewing direction.")
    n, look = w / norm(w), along / norm(along)
    if abs(n @ look) > 1e-9:
        raise ValueError(f"along must lie in the plane w . x = 0 to see it edge-on; w . along / (|w| |along|) = "
                         f"{n @ look:.3g}. Pick a direction perpendicular to w.")
    X = check_X(X)
    if X.shape[1] != 3:
        raise ValueError(f"X must have 3 columns (x1, x2, x3); got shape {X.shape}.")
    if ax is None:
        import matplotlib.pyplot as plt

        ax = plt.subplots(figsize=(6, 5))[1]
    # in the plane, at a right angle to the viewing direction; right x up = towards the viewer = -look,
    # so the screen shows the view along ``along`` and not its mirror image
    u = np.cross(look, n)
    u = u / norm(u)
    shown = np.column_stack([X @ u, X @ n])
    _QUIET.append(True)
    try:
        data(shown, np.where(X @ w > 0, 1, -1), ax=ax, legend=False, axis_labels=("u · x", "w · x / |w|"),
             labels={1: "$w \\cdot x > 0$", -1: "$w \\cdot x < 0$"})
    finally:
        _QUIET.pop()
    line = ax.axhline(0.0, color="0.45", linewidth=2, zorder=1, label="the plane, seen edge-on")
    ax.annotate("", xy=(0.0, 1.0), xytext=(0.0, 0.0), zorder=4,   # the unit normal: direction, not length
                arrowprops=dict(arrowstyle="-|>", color="black", linewidth=2, shrinkA=0, shrinkB=0))
    ax.scatter([0.0], [0.0], color="black", marker="o", s=22, zorder=5)
    ax.set_aspect("equal")
    fig = ax.figure
    handles, labels = [], []
    for legend in list(fig.legends):
        handles += list(legend.legend_handles)
        labels += [t.get_text() for t in legend.get_texts()]
        legend.remove()
    if line.get_label() not in labels:
        handles.append(line)
        labels.append(line.get_label())
    from matplotlib.lines import Line2D

    unit_label = "edge-on: the unit normal $w / |w|$"   # the 3-D view's arrow is w itself: say which is which
    if unit_label not in labels:
        handles.append(Line2D([], [], color="black", linewidth=2, marker=">", markevery=[-1]))
        labels.append(unit_label)
    if labels:
        fig.legend(handles, labels, loc="lower center", ncols=min(4, len(labels)), fontsize="small")
        if not fig.get_layout_engine():
            fig.subplots_adjust(bottom=max(fig.subplotpars.bottom, 0.17))   # the legend below the axis labels
    up, down = int(np.sum(X @ w > 0)), int(np.sum(X @ w < 0))
    vec = lambda v: "(" + ", ".join(_number(c) for c in v) + ")"   # noqa: E731
    _note(ax, f"The plane w · x = 0, w = {vec(w)}, seen edge-on, looking along {vec(along)}: a grey horizontal "
              f"line through the origin. Across the screen runs the direction u = {vec(u)} in the plane, up the "
              f"screen the signed distance w · x / |w|. The unit normal w / |w| is a black arrow of "
              f"length 1 straight up from the origin; {up} points with w · x > 0 (blue plus signs) lie "
              f"above the line, {down} with w · x < 0 (vermillion circles) below it")
    return shown


@dataclass(frozen=True)
class ComparisonArtists:
    """What :func:`classifiers` drew.

    Attributes
    ----------
    data : DataArtists
    lines : dict
        One :class:`BoundaryArtists` per classifier name.
    mistakes : dict
        The training mistakes of each classifier (row indices of X).
    rings : PathCollection, dict or None
        The rings of ``ring``: one ``PathCollection`` when ``ring`` names one
        classifier, a dict ``{name: PathCollection}`` when it names several.
    off_view : list
        One label (an ``Annotation`` whose ``xy`` is the arrow's tip) per point
        left outside ``view``; its arrow, at the border and on the line from the
        view's centre to the point, is a ``FancyArrowPatch`` of the axes.
    """

    data: DataArtists
    lines: dict
    mistakes: dict
    rings: object = None
    off_view: list = field(default_factory=list)


_INSET_CORNER = (0.02, 0.02, 0.42, 0.42)
_INSET_BESIDE = (1.04, 0.5, 0.5, 0.5)


def classifiers(models, X, y, ax=None, *, ring=None, view=None, legend="below", zoom=None,
                zoom_at=_INSET_CORNER):
    """Several linear classifiers on the same data: each boundary labelled with its training mistakes.

    Every boundary gets the colour and line style of
    :data:`CLASSIFIER_STYLES` (the names there: "basic linear", "least
    squares", "perceptron"; other names get the next Okabe-Ito colour), no
    normal arrow, and a legend entry "name: k mistakes" (a mistake is a
    training point whose ``predict`` differs from its label).

    Parameters
    ----------
    models : dict ``{name: fitted model}``
        Anything with ``w`` (homogeneous, bias first) and ``predict``.
    X : array-like of shape (n_samples, 2)
    y : labels -1/+1
    ax : matplotlib Axes, optional
    ring : str or sequence of str, optional
        Ring the training mistakes of the model of this name (or of each of
        these names), in its colour; several rings around one point are drawn
        one inside the other, the first solid, the second larger and dashed.
    view : array-like of shape (m, 2), optional
        Set the limits to these points (padded by 10%) instead of all of X,
        to zoom in on part of the data (or to give several panels the same
        window).  A point of X left outside the view gets an arrow at the
        border, pointing towards it and labelled with its coordinates, and
        the description names it.
    legend : {"below", "inside", None}, default "below"
    zoom : (x0, x1, y0, y1) or "rings", optional
        Also draw this box of the plane enlarged, in an inset, with the same
        points, lines and rings, so that rings around points close together
        can be told apart and counted; the box is outlined in the main panel
        and the description counts the rings inside it.  ``"rings"`` picks the
        box around the rings of the first model in ``ring`` that crowd each
        other (no inset if none do) and, unless ``zoom_at`` is given, puts the
        inset beside the panel, where it hides no point.
    zoom_at : (left, bottom, width, height), default (0.02, 0.02, 0.42, 0.42)
        Where the inset goes, in fractions of the panel (a left of 1 or more puts it
        beside the panel, where it hides no point); give it the box's aspect.

    Returns
    -------
    ComparisonArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.classifiers({"basic linear": lk.centroid_classifier(X, y),
    ...                            "perceptron": lk.perceptron(X, y)}, X, y, ax=ax, ring="basic linear")
    >>> {name: rows.tolist() for name, rows in art.mistakes.items()}
    {'basic linear': [3], 'perceptron': []}
    >>> plt.close(fig)
    """
    if not isinstance(models, dict) or not models:
        raise TypeError("models must be a non-empty dict {name: fitted model}, e.g. "
                        "{'perceptron': lk.perceptron(X, y)}")
    X = _check_X2(X)
    y = check_binary_y(y, X.shape[0])
    if legend not in ("below", "inside", None):
        raise ValueError(f"legend must be 'below', 'inside' or None; got {legend!r}.")
    names = [] if ring is None else [ring] if isinstance(ring, str) else list(ring) \
        if isinstance(ring, (list, tuple)) else None
    if names is None or any(not isinstance(n, str) or n not in models for n in names):
        raise ValueError(f"ring must be one of the models' names {list(models)} or a list of them; got {ring!r}.")
    ax = _ax(ax)
    drawn = data(X, y, ax, legend=False)
    if view is not None:
        V = _check_X2(view, "view")
        x0, x1, y0, y1 = _padded_box(V)
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
    spare = iter(c for c in OKABE_ITO[5:] + OKABE_ITO[:2])
    lines, mistakes, styles = {}, {}, {}
    for name, model in models.items():
        colour, style = CLASSIFIER_STYLES.get(name, (None, "-"))
        colour = colour or next(spare)
        styles[name] = colour, style
        wrong = np.flatnonzero(np.asarray(model.predict(X)) != y)
        mistakes[name] = wrong
        lines[name] = boundary(model, ax, normal=False, color=colour, linestyle=style, linewidth=2.2,
                               label=f"{name}: {wrong.size} mistake{'s' if wrong.size != 1 else ''}")
    drawn_rings = {}
    for k, name in enumerate(names):
        rows = mistakes[name]
        colour = CLASSIFIER_STYLES.get(name, ("black",))[0] or "black"
        # one ring inside the other, and every second one dashed, so that rings of two models around
        # the same point can be told apart (and counted) where their colours overlap
        drawn_rings[name] = ax.scatter(X[rows, 0], X[rows, 1], s=200 + 150 * k, facecolors="none",
                                       edgecolors=colour, linewidths=1.6, zorder=4,
                                       linestyles="-" if k % 2 == 0 else (0, (3, 2)),
                                       label=f"mistakes of {name}" if rows.size else None)
        # a white halo, so that a ring stands out against markers of a neighbouring colour
        from matplotlib import patheffects
        drawn_rings[name].set_path_effects([patheffects.withStroke(linewidth=3.4, foreground="white")])
        where = ", ".join(f"({_number(X[i, 0])}, {_number(X[i, 1])})" for i in rows[:8])
        _note(ax, f"Rings in the colour of the {name} line mark its {rows.size} training mistake(s)"
                  + f", at {where}" + (" and more" if rows.size > 8 else "") if rows.size
                  else f"The {name} line makes no training mistake, so nothing is ringed in its colour")
    rings = drawn_rings.get(ring) if isinstance(ring, str) else (drawn_rings or None)
    arrows = []
    if view is not None:
        (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
        out = np.flatnonzero((X[:, 0] < x0) | (X[:, 0] > x1) | (X[:, 1] < y0) | (X[:, 1] > y1))
        arrows = [_off_view_arrow(ax, X[i], (x0, x1, y0, y1), avoid=[m.w for m in models.values()], points=X)
                  for i in out[:5]]
        if out.size:
            _note(ax, f"{out.size} point(s) lie outside the view, each shown by an arrow at the border "
                      "pointing towards it: "
                      + ", ".join(f"({_number(X[i, 0])}, {_number(X[i, 1])}) with y = {int(y[i]):+d}" for i in out[:5]))
    if isinstance(zoom, str):
        if zoom != "rings" or not names:
            raise ValueError(f"zoom must be a box (x0, x1, y0, y1) or 'rings' (with ring= given); got {zoom!r}.")
        zoom_at = _INSET_BESIDE if zoom_at is _INSET_CORNER else zoom_at
        zoom = _crowded_rings_box(ax, X[mistakes[names[0]]], zoom_at)
    if zoom is not None:
        _zoom_inset(ax, models, styles, X, y, names, mistakes, zoom, zoom_at)
    if legend == "below":
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2, fontsize="small")
    elif legend == "inside":
        ax.legend(loc="best", fontsize="small")
    return ComparisonArtists(data=drawn, lines=lines, mistakes=mistakes, rings=rings, off_view=arrows)


def _crowded_rings_box(ax, P, zoom_at, crowd=0.06):
    """The box around the largest group of points of P in view linked by gaps under ``crowd`` times the view's
    diagonal (rings that crowd each other), padded and widened to the inset's shape; None if no two crowd."""
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    P = P[(P[:, 0] >= x0) & (P[:, 0] <= x1) & (P[:, 1] >= y0) & (P[:, 1] <= y1)]
    r = crowd * np.hypot(x1 - x0, y1 - y0)
    if len(P) < 2:
        return None
    dist = np.hypot(*(P[:, None, :] - P[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(dist, np.inf)
    near = dist < r
    if not near.any():
        return None
    # the largest group of rings linked by overlaps (one clump, not two far apart)
    group, best = np.full(len(P), -1), None
    for start in range(len(P)):
        if group[start] >= 0 or not near[start].any():
            continue
        todo, group[start] = [start], start
        while todo:
            k = todo.pop()
            for j in np.flatnonzero(near[k] & (group < 0)):
                group[j] = start
                todo.append(j)
        if best is None or np.sum(group == start) > np.sum(group == best):
            best = start
    C = P[group == best]
    lo, hi = C.min(axis=0) - r / 2, C.max(axis=0) + r / 2
    # the inset's shape in data units of the panel, so that the enlargement keeps the panel's aspect
    shape = zoom_at[2] * (x1 - x0) / (zoom_at[3] * (y1 - y0))
    width, height = hi - lo
    if width < shape * height:
        lo[0], hi[0] = (lo[0] + hi[0] - shape * height) / 2, (lo[0] + hi[0] + shape * height) / 2
    else:
        lo[1], hi[1] = (lo[1] + hi[1] - width / shape) / 2, (lo[1] + hi[1] + width / shape) / 2
    return (float(lo[0]), float(hi[0]), float(lo[1]), float(hi[1]))


def _zoom_inset(ax, models, styles, X, y, names, mistakes, zoom, zoom_at):
    """The box ``zoom`` of :func:`classifiers`' panel enlarged in an inset, rings included."""
    box = np.asarray(zoom, dtype=float)
    if box.shape != (4,) or not np.all(np.isfinite(box)) or box[0] >= box[1] or box[2] >= box[3]:
        raise ValueError(f"zoom must be a box (x0, x1, y0, y1) with x0 < x1 and y0 < y1; got {zoom!r}.")
    x0, x1, y0, y1 = box
    inset = ax.inset_axes(list(zoom_at))
    _QUIET.append(True)
    try:
        data(X, y, inset, legend=False, size=16)
        for name, model in models.items():
            colour, style = styles[name]
            boundary(model, inset, normal=False, color=colour, linestyle=style, linewidth=2.2)
    finally:
        _QUIET.pop()
    inside = (X[:, 0] >= x0) & (X[:, 0] <= x1) & (X[:, 1] >= y0) & (X[:, 1] <= y1)
    counts = []
    for k, name in enumerate(names):
        rows = mistakes[name][inside[mistakes[name]]]
        colour = styles[name][0]
        inset.scatter(X[rows, 0], X[rows, 1], s=90 + 70 * k, facecolors="none", edgecolors=colour,
                      linewidths=1.6, zorder=4, linestyles="-" if k % 2 == 0 else (0, (3, 2)))
        counts.append(f"{rows.size} ring(s) of {name}")
    inset.set_xlim(x0, x1)
    inset.set_ylim(y0, y1)
    inset.set_xlabel("")
    inset.set_ylabel("")
    inset.set_xticks([])
    inset.set_yticks([])
    ax.indicate_inset_zoom(inset, edgecolor="0.3")
    where = f"x₁ from {_number(x0)} to {_number(x1)}, x₂ from {_number(y0)} to {_number(y1)}"
    _note(ax, f"An inset enlarges the box {where}, outlined in the panel, where it shows "
              + (", ".join(counts) if counts else "the points") + " apart")
    return inset


def shared_legend(fig, *, ncol=6):
    """One legend below the panels of ``fig`` for what they draw, each entry once.

    It replaces the panels' own legends (a helper such as
    :func:`perceptron_trace` draws one). Entries with the same label in
    several panels appear once; the mistake
    count that :func:`classifiers` puts in a line's label ("perceptron: 0
    mistakes") is dropped, since it differs from panel to panel (put it in
    each panel's title instead).

    Parameters
    ----------
    fig : matplotlib Figure
        Its axes are read in order; the legend goes below them (use
        ``layout="constrained"`` to leave room for it).
    ncol : int, default 6

    Returns
    -------
    matplotlib.legend.Legend

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> fig, axes = plt.subplots(1, 2, layout="constrained")
    >>> for ax, model in zip(axes, (lk.centroid_classifier(X, y), lk.perceptron(X, y))):
    ...     art = lk.plot.classifiers({"basic linear" if ax is axes[0] else "perceptron": model}, X, y,
    ...                               ax=ax, legend=None)
    >>> [t.get_text() for t in lk.plot.shared_legend(fig).get_texts()]
    ['y = −1', 'y = +1', 'basic linear', 'perceptron']
    >>> plt.close(fig)
    """
    import re

    from matplotlib.figure import Figure

    if not isinstance(fig, Figure):
        raise TypeError(f"fig must be a matplotlib Figure (fig, axes = plt.subplots(...)); got {type(fig).__name__}.")
    if not isinstance(ncol, (int, np.integer)) or isinstance(ncol, bool) or ncol < 1:
        raise ValueError(f"ncol must be a whole number of at least 1; got {ncol!r}.")
    handles, labels = [], []
    for ax in fig.axes:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            label = re.sub(r": \d+ mistakes?$", "", label)
            if label not in labels:
                handles.append(handle)
                labels.append(label)
    for ax in fig.axes:  # the shared legend replaces the panels' own
        if ax.get_legend() is not None:
            ax.get_legend().remove()
    loc = "outside lower center" if fig.get_layout_engine() is not None else "lower center"
    return fig.legend(handles, labels, loc=loc, ncol=int(ncol), fontsize="small")


def _off_view_arrow(ax, p, view, avoid=(), points=None):
    """An arrow just inside the border of ``view``, on the way from its centre to ``p``, pointing at ``p``.

    The arrow lies on the line from the view's centre to ``p``; its label (the returned annotation, whose ``xy``
    is the arrow's tip) sits at the arrow's tail or a little to either side of it, for one of a few arrow
    lengths: wherever it lies furthest from the lines ``w~ · x~ = 0`` of the homogeneous weights in ``avoid``
    and from ``points`` (in fractions of the view), so that it hides no boundary or point."""
    x0, x1, y0, y1 = view
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    half = np.array([(x1 - x0) / 2, (y1 - y0) / 2])
    d = np.asarray(p, dtype=float) - centre
    t = 1.0 / np.max(np.abs(d) / half)         # centre + t d is on the border
    tip = centre + 0.97 * t * d

    points = np.empty((0, 2)) if points is None else np.asarray(points, dtype=float)

    def clearance(q):
        gaps = [abs(w[0] + w[1:] @ q) / np.linalg.norm(w[1:] * half) for w in map(np.asarray, avoid)
                if np.linalg.norm(w[1:]) > 0]
        # a label box is about 0.3 of the half-width wide and 0.08 high: distances to points in those units
        near = np.abs(points - q) / (half * [0.3, 0.08]) if points.size else np.empty((0, 2))
        return min(min(gaps, default=np.inf), float(np.min(np.max(near, axis=1))) / 10 if near.size else np.inf)

    side = np.array([-d[1], d[0]]) * half / half[::-1]
    side = side / np.linalg.norm(side / half) * 0.25
    spots = [(f, k) for f in (0.80, 0.70, 0.60) for k in (0, 1, -1)]
    f, k = max(spots, key=lambda fk: (min(clearance(centre + fk[0] * t * d + fk[1] * side), 0.12),
                                      -np.linalg.norm(((fk[0] - 0.80) * t * d + fk[1] * side) / half)))
    # the arrow runs along the line from the centre to p, so that it points where p is; only the label may sit
    # beside the arrow's tail, where it hides no boundary or point
    from matplotlib.patches import FancyArrowPatch

    ax.add_patch(FancyArrowPatch(centre + f * t * d, tip, arrowstyle="-|>", mutation_scale=12, color="black",
                                 linewidth=1.4, zorder=6, shrinkA=0, shrinkB=0))
    return ax.annotate(f"({_number(p[0])}, {_number(p[1])})", xy=tip, xytext=centre + f * t * d + k * side,
                       ha="center", va="center", fontsize="small", zorder=6.5,
                       # opaque, so that a line running through the label does not cross its text
                       bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": "0.6", "alpha": 1.0})


@dataclass(frozen=True)
class MeansArtists:
    """What :func:`means` drew.

    Attributes
    ----------
    markers : dict
        ``{+1: PathCollection, -1: PathCollection}``, the two class means.
    segment : matplotlib.lines.Line2D
        The dotted segment from one mean to the other.
    midpoint : matplotlib.lines.Line2D or None
    mu_pos, mu_neg : ndarray of shape (2,)
    """

    markers: dict
    segment: object
    midpoint: object
    mu_pos: np.ndarray
    mu_neg: np.ndarray


def means(X, y, ax=None, *, midpoint=True, size=500):
    """The two class means of 2-D data (labels -1/+1), joined by a dotted segment with its midpoint.

    The means are drawn with the markers and colours of their classes, large
    and hollow, and labelled μ+ and μ− in the legend; the midpoint ½(μ+ + μ−), where the
    closest-centroid boundary crosses the segment, is a black diamond.  The
    description gives the coordinates of all three.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : labels -1/+1, both present
    ax : matplotlib Axes, optional
    midpoint : bool, default True
        Mark the midpoint of the two means.
    size : float, default 500
        Marker area of the means, in points^2.  They are drawn hollow, on top
        of the data, so that the points inside them stay visible.

    Returns
    -------
    MeansArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> X, y = lk.datasets.toy()
    >>> art = lk.plot.means(X, y, ax=ax)
    >>> art.mu_pos.tolist(), art.mu_neg.tolist()
    ([1.5, 2.0], [-0.5, -1.0])
    >>> lk.plot.description(ax)
    'The class means are drawn large: μ+ = (1.5, 2) (blue plus sign) and μ− = (−0.5, −1) (vermillion circle), joined by a dotted segment whose midpoint (0.5, 0.5) is a black diamond.'
    >>> plt.close(fig)
    """
    X = _check_X2(X)
    y = check_binary_y(y, X.shape[0])
    check_bool(midpoint, "midpoint")
    ax = _ax(ax)
    mu_pos, mu_neg = X[y > 0].mean(axis=0), X[y < 0].mean(axis=0)
    markers = {}
    for label, mu, name in ((1, mu_pos, "$\\mu^+$"), (-1, mu_neg, "$\\mu^-$")):
        markers[label] = ax.scatter([mu[0]], [mu[1]], **_mean_style(label, size))
        # the legend's entry: the same marker at a size that fits a legend row
        ax.scatter([], [], **_mean_style(label, min(size, 220)), label=name)
    segment = ax.plot([mu_neg[0], mu_pos[0]], [mu_neg[1], mu_pos[1]], ":", color="black", linewidth=1.5,
                      zorder=3, label="segment $\\mu^- \\mu^+$")[0]
    middle = (mu_pos + mu_neg) / 2
    mid = ax.plot([middle[0]], [middle[1]], "D", color="black", markersize=7, zorder=5,
                  label="midpoint")[0] if midpoint else None
    _note(ax, f"The class means are drawn large: μ+ = ({_number(mu_pos[0])}, {_number(mu_pos[1])}) (blue plus sign) "
              f"and μ− = ({_number(mu_neg[0])}, {_number(mu_neg[1])}) (vermillion circle), joined by a dotted segment"
              + (f" whose midpoint ({_number(middle[0])}, {_number(middle[1])}) is a black diamond" if midpoint else ""))
    return MeansArtists(markers=markers, segment=segment, midpoint=mid, mu_pos=mu_pos, mu_neg=mu_neg)


def _mean_style(label, size):
    """Scatter keywords for a class mean (``label`` ±1) of area ``size``: its class's marker, hollow, on top of the
    data points, so that every point inside it shows through, with a thick outline in the class's colour, edged
    black, and a white halo that sets it off from a crowd of points.  :func:`means` and the outlier explorer
    draw means with it."""
    from matplotlib import patheffects

    colour, marker, _ = _BINARY_STYLE[label]
    halo = [patheffects.withStroke(linewidth=4.4, foreground="white"),
            patheffects.withStroke(linewidth=3.0, foreground="black"), patheffects.Normal()]
    return dict(s=size, facecolors="none", marker=marker, edgecolors=[colour], linewidths=1.6, zorder=4.5,
                path_effects=halo)


def class_densities(X, y, ax=None, *, bounds, sigma2=1.0, levels=(0.01, 0.02, 0.1)):
    """Contour lines of the round Gaussian p(x | ±1) around each class mean of 2-D data, in the class's colour.

    Each class ``±1`` is modelled as a round Gaussian of variance ``sigma2`` around
    its mean ``μ±``, ``p(x | ±1) = exp(−‖x − μ±‖² / (2 sigma2)) / (2π sigma2)``,
    and drawn with :func:`function_contours`; each level's label sits on the side
    of its mean away from the other mean, so that the labels stay clear of the
    region between the means, where the circles of the two classes cross.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
    y : labels -1/+1, both present
    ax : matplotlib Axes, optional
    bounds : (x_min, x_max, y_min, y_max)
    sigma2 : float, default 1
        The variance of each coordinate, the same for both classes.
    levels : sequence of float, default (0.01, 0.02, 0.1)
        Increasing density values, each below the peak ``1 / (2π sigma2)``.

    Returns
    -------
    dict
        ``{+1: ContourArtists, -1: ContourArtists}``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> X, y = lk.datasets.toy()
    >>> art = lk.plot.class_densities(X, y, ax=ax, bounds=(-3.5, 4.5, -3.5, 4.5))
    >>> lk.plot.description(ax)
    'Contour lines of p(x | +1) over (x₁, x₂) at 0.01, 0.02, 0.1. Contour lines of p(x | −1) over (x₁, x₂) at 0.01, 0.02, 0.1.'
    >>> plt.close(fig)
    """
    X = _check_X2(X)
    y = check_binary_y(y, X.shape[0])
    sigma2 = float(sigma2)
    if not np.isfinite(sigma2) or sigma2 <= 0:
        raise ValueError(f"sigma2 must be a number > 0; got {sigma2!r}.")
    levels = as_float_array(levels, "levels", ndim=1)
    peak = 1 / (2 * np.pi * sigma2)
    if levels.shape[0] == 0 or np.any(levels <= 0) or np.any(levels >= peak):
        raise ValueError(f"levels must be densities between 0 and the peak 1 / (2π sigma2) = {peak:.4g}; "
                         f"got {levels.tolist()}.")
    mu = {1: X[y > 0].mean(axis=0), -1: X[y < 0].mean(axis=0)}
    radii = np.sqrt(-2 * sigma2 * np.log(levels / peak))      # the circle of each level
    spread = np.radians(35.0) * (np.arange(levels.shape[0]) - (levels.shape[0] - 1) / 2)
    art = {}
    for label, sign in ((1, "+"), (-1, "−")):
        away = mu[label] - mu[-label]
        norm = np.linalg.norm(away)
        angle = np.arctan2(away[1], away[0]) if norm > 0 else np.pi / 2
        spots = mu[label] + radii[:, None] * np.c_[np.cos(angle + spread), np.sin(angle + spread)]
        m = mu[label]
        art[label] = function_contours(
            lambda x, m=m: np.exp(-((x[0] - m[0]) ** 2 + (x[1] - m[1]) ** 2) / (2 * sigma2)) * peak, ax,
            bounds=bounds, levels=levels, name=f"p(x | {sign}1)", axis_labels=("x₁", "x₂"),
            color=_BINARY_STYLE[label][0], label_at=spots)
    return art


def run_lengths(x, counts, ax=None, *, marked=None, xlabel="x", ylabel="updates until convergence",
                label=None, marked_label=None, log=True):
    """How many updates runs need, one dot per run, against a parameter of the run (a scan).

    The dots are not joined: a count is a step function of the parameter, so a
    line between two runs could draw counts that no run has.  ``marked`` rings
    some runs and labels them.

    Parameters
    ----------
    x : array-like of shape (n_runs,)
        The parameter of each run (e.g. the start length ``|w0| / eta``).
    counts : array-like of int, shape (n_runs,)
    ax : matplotlib Axes, optional
    marked : dict ``{label: (x, count)}``, optional
        Runs to ring and annotate (e.g. ``{"η=0.2": (9.7, 4)}``).
    xlabel, ylabel, label, marked_label : str
        Axis labels, and the legend entries of the dots and of the rings.
    log : bool, default True
        A logarithmic x axis.

    Returns
    -------
    (dots, rings) : the two ``Line2D`` (rings is None without ``marked``)

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> dots, rings = lk.plot.run_lengths([1, 2, 4], [5, 3, 4], ax=ax, marked={"a": (2, 3)})
    >>> print(lk.plot.description(ax))
    Updates until convergence against x (log axis): 3 runs, one dot each, need 3 to 5 updates, neighbours differing by up to 2; rings mark a: 3 updates.
    >>> plt.close(fig)
    """
    x = as_float_array(x, "x", ndim=1)
    counts = np.asarray(counts)
    if counts.shape != x.shape or not np.issubdtype(counts.dtype, np.integer):
        raise ValueError(f"counts must be integers, one per value of x ({x.shape[0]}); got {counts!r}.")
    check_bool(log, "log")
    ax = _ax(ax)
    order = np.argsort(x, kind="stable")
    (dots,) = ax.plot(x[order], counts[order], ".", color="0.4", label=label)
    rings = None
    if marked:
        mx = np.array([float(v[0]) for v in marked.values()])
        my = np.array([int(v[1]) for v in marked.values()])
        (rings,) = ax.plot(mx, my, "o", mfc="none", ms=10, color=OKABE_ITO[1], label=marked_label)
        # labels of neighbouring rings alternate between two heights above them, each joined to its own ring by a
        # leader line, so that a label next to a neighbouring ring cannot be read as that ring's
        by_x = sorted(marked.items(), key=lambda item: float(item[1][0]))
        for j, (text, (px, py)) in enumerate(by_x):
            ax.annotate(text, (px, py), textcoords="offset points", xytext=(0, 20) if j % 2 == 0 else (0, 38),
                        ha="center", va="center", fontsize="small",
                        arrowprops=dict(arrowstyle="-", color="0.35", lw=0.7, shrinkA=2, shrinkB=6))
        # headroom above the highest ring, so that its label (up to about 45 points above it) stays inside the axes
        lo, hi = ax.get_ylim()
        ax.set_ylim(lo, hi + 0.3 * (hi - lo))
    if log:
        ax.set_xscale("log")
    _label_axes(ax, xlabel, ylabel)
    if label or marked_label:
        ax.legend(loc="upper center", fontsize="small")
    steps = np.abs(np.diff(counts[order]))
    text = (f"{ylabel} against {xlabel}{' (log axis)' if log else ''}: {x.shape[0]} runs, one dot each, "
            f"need {counts.min()} to {counts.max()} updates")
    if steps.size:
        text += f", neighbours differing by up to {steps.max()}"
    if marked:
        text += "; rings mark " + ", ".join(f"{_plain_math(k)}: {int(v[1])} updates" for k, v in marked.items())
    _note(ax, text)
    return dots, rings


def named_points(points, names, ax=None, *, model=None, join=True):
    """Mark a few points with black squares and their names; optionally what a classifier predicts there.

    Parameters
    ----------
    points : array-like of shape (k, 2)
    names : sequence of k str
    ax : matplotlib Axes, optional
    model : object with ``predict``, optional
        Then the description says the predicted label of each point.
    join : bool, default True
        Join the points, in the order given, by a dotted line.

    Returns
    -------
    matplotlib.lines.Line2D : the squares

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> X, y = lk.datasets.toy()
    >>> _ = lk.plot.named_points([[0.0, 0.0], [1.0, 1.0]], "AB", ax=ax, model=lk.perceptron(X, y))
    >>> print(lk.plot.description(ax))
    Points A = (0, 0) and B = (1, 1), black squares joined by a dotted line; the classifier predicts A −1 and B +1.
    >>> plt.close(fig)
    """
    P = _check_X2(points, "points")
    # a minus sign, not a hyphen, before a number that stands alone ("A (-3)"; not "C-1")
    names = [re.sub(r"(?<!\w)-(?=\d)", "−", str(n)) for n in names]
    if len(names) != P.shape[0]:
        raise ValueError(f"names must give one name per point ({P.shape[0]}); got {len(names)}.")
    check_bool(join, "join")
    ax = _ax(ax)
    if join:
        ax.plot(P[:, 0], P[:, 1], ":", color="black", linewidth=1)
    (squares,) = ax.plot(P[:, 0], P[:, 1], "ks", ms=5, zorder=4)
    import matplotlib.patheffects as effects

    halo = [effects.withStroke(linewidth=3, foreground="white")]  # legible over data points and shading
    for name, p in zip(names, P):
        ax.annotate(name, p, xytext=(-13, 4), textcoords="offset points", fontweight="bold", zorder=5,
                    path_effects=halo)

    def listing(parts):
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    text = ("Points " + listing([f"{n} = ({_number(p[0])}, {_number(p[1])})" for n, p in zip(names, P)])
            + (", black squares joined by a dotted line" if join else ", black squares"))
    if model is not None:
        labels = np.asarray(model.predict(P))
        text += "; the classifier predicts " + listing(
            [f"{n} {'+1' if v > 0 else '−1'}" for n, v in zip(names, labels)])
    _note(ax, text)
    return squares


def update_step(w, x, y, ax=None, *, eta=1.0):
    """One perceptron update drawn as vector addition: ``w~' = w~ + eta y (1, x)``.

    The feature weights (w1, w2) are an arrow from the origin; ``eta y x`` is drawn from its tip, so the
    arrow of the new feature weights closes the triangle.  The bias, which changes by ``eta y``, has no
    arrow: the text alternative gives it, and the two boundaries (before dashed, after solid) show its
    effect.  The example is drawn in its class's style.  Sets equal aspect.

    Parameters
    ----------
    w : array-like of shape (3,)
        Homogeneous weights before the update (bias first), with (w1, w2) not both 0.
    x : array-like of shape (2,)
        The example (raw features).
    y : -1 or +1
        Its label.
    ax : matplotlib Axes, optional
    eta : float > 0, default 1.0

    Returns
    -------
    UpdateArtists

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> import lecturekit as lk
    >>> fig, ax = plt.subplots()
    >>> art = lk.plot.update_step([0.0, -2.0, 3.0], [3.0, 1.0], 1, ax=ax)
    >>> art.w_tilde_new.tolist()
    [1.0, 1.0, 4.0]
    >>> plt.close(fig)
    """
    w = _as_plane_weights(w)
    x = as_float_array(x, "x", ndim=1)
    if x.shape[0] != 2 or not np.all(np.isfinite(x)):
        raise ValueError(f"x must be one point in the plane, two finite numbers; got {x.tolist()!r}.")
    if isinstance(y, bool) or y not in (-1, 1):
        raise ValueError(f"y must be the label -1 or +1; got {y!r}.")
    y = int(y)
    if isinstance(eta, bool) or not isinstance(eta, numbers.Real) or not np.isfinite(eta) or eta <= 0:
        raise ValueError(f"eta must be a number > 0; got {eta!r}.")
    eta = float(eta)
    xt = np.concatenate([[1.0], x])
    w_new = w + eta * y * xt
    if w_new[1] == 0 and w_new[2] == 0:
        raise ValueError("the update leaves (w1, w2) = (0, 0): the new weights have no boundary to draw; "
                         "pick another example or start.")
    ax = _ax(ax)
    step = eta * y * x
    arrows = []
    for start, end, colour, name, style in ((np.zeros(2), w[1:], "0.55", "w", "-"),
                                            (w[1:], w_new[1:], OKABE_ITO[4], "ηyx", "--"),
                                            (np.zeros(2), w_new[1:], "0.1", "w′", "-")):
        arrows.append(ax.annotate(
            "", xy=tuple(end), xytext=tuple(start), xycoords="data", textcoords="data",
            arrowprops={"arrowstyle": "-|>", "color": colour, "linewidth": 2, "linestyle": style,
                        "shrinkA": 0, "shrinkB": 0, "mutation_scale": 16}, zorder=4))
        ax.annotate(name, xy=tuple((start + end) / 2), xytext=(6, -12 if name == "ηyx" else 6),
                    textcoords="offset points", color=colour, fontsize="large", fontstyle="italic",
                    fontweight="bold", zorder=4)
    colour, marker, label = _BINARY_STYLE[y]
    point = ax.scatter([x[0]], [x[1]], c=colour, marker=marker, s=80, zorder=5, label=f"the example, {label}")
    ax.annotate("x", xy=tuple(x), xytext=(7, -4), textcoords="offset points", color=colour, fontsize="large",
                fontstyle="italic", fontweight="bold")
    pts = np.vstack([np.zeros(2), w[1:], w_new[1:], x])
    ax.update_datalim(np.vstack([pts - 0.6, pts + 0.6]))
    ax.autoscale_view()
    ax.set_aspect("equal", adjustable="datalim")
    _QUIET.append(True)
    try:
        before = boundary(w, ax=ax, normal=False, color="0.55", linestyle="--", linewidth=1.4,
                          label="boundary before")
        after = boundary(w_new, ax=ax, normal=False, label="boundary after")
    finally:
        _QUIET.pop()
    _label_axes(ax, "x₁", "x₂")
    m_old, m_new = y * float(w @ xt), y * float(w_new @ xt)
    side = ("on its own side" if m_new > 0 else "on the boundary" if m_new == 0 else "still on the wrong side")
    pair = lambda v: f"({_number(v[0])}, {_number(v[1])})"   # noqa: E731
    _note(ax, f"One perceptron update with η = {_number(eta)} on the example x = {pair(x)} with label "
              f"{y:+d}, drawn as a {_COLOUR_NAMES.get(colour, colour)} "
              f"{_MARKER_NAMES.get(marker, 'marker')[:-1]}. The feature weights w = {pair(w[1:])} (grey arrow "
              f"from the origin) plus η y x = {pair(step)} (dashed orange arrow from the tip of w) give "
              f"w′ = {pair(w_new[1:])} (black arrow); the bias goes from {_number(w[0])} to {_number(w_new[0])}. "
              f"The boundary turns from {_equation(w)} (dashed grey) to {_equation(w_new)} (solid black). "
              f"The example's functional margin goes from {_number(m_old)} to {_number(m_new)}: after the "
              f"update it is {side}")
    return UpdateArtists(w=arrows[0], step=arrows[1], w_new=arrows[2], before=before, after=after, point=point,
                         w_tilde_new=w_new)
