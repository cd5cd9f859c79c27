"""What the explorers share: controls, read-outs, the picture (legible text, blitting, PNG) and small geometry.

Every explorer module imports its controls, read-out formatting and picture
helpers from here, so that one explorer reads as its state function, its
controls and its drawing code, nothing else.
"""

from __future__ import annotations

import base64
import html
import io
import re
import warnings
from importlib import resources

import ipywidgets as widgets
import matplotlib
import numpy as np

from .. import _engines
from .._validation import check_binary_y, check_choice, check_labels
from ..linear import centroid_classifier
from ..results import ConvergenceWarning

DPI = 80  # figure resolution in the Output: small PNGs redraw fast

# Text in the pictures is legible at 100 % zoom: WCAG asks for no text below about 9 pt at
# display size.  The picture is shown at one CSS pixel per figure pixel, and a CSS pixel is
# 1/96 inch, so a font of s points at DPI dots per inch shows at s * DPI / 96 points: at
# DPI = 80 that needs s >= 10.8.  Every text of an explorer's picture is at least FONT_PT.
MIN_DISPLAY_PT = 9.0
FONT_PT = 11.0
_TEXT_RC = {"font.size": FONT_PT, "axes.titlesize": FONT_PT, "axes.labelsize": FONT_PT,
            "xtick.labelsize": FONT_PT, "ytick.labelsize": FONT_PT, "legend.fontsize": FONT_PT,
            "legend.title_fontsize": FONT_PT, "figure.titlesize": FONT_PT}


def legible():
    """Context manager: text made inside it (labels, ticks, legends, titles) is at least FONT_PT.

    Explorers build their figure inside it; nothing outside changes (matplotlib's
    ``rc_context``, never the global ``rcParams``).
    """
    return matplotlib.rc_context(_TEXT_RC)


# --------------------------------------------------------------------------
# Controls
# --------------------------------------------------------------------------


def slider(description, value, lo, hi, step, *, continuous=True, fmt=".2f"):
    """A FloatSlider with its label in full and a fixed width."""
    return widgets.FloatSlider(value=value, min=lo, max=hi, step=step, description=description,
                               continuous_update=continuous, readout_format=fmt,
                               style={"description_width": "initial"}, layout=widgets.Layout(width="230px"))


def toggles(description, options, value):
    """A group of toggle buttons, each as wide as its text."""
    return widgets.ToggleButtons(options=options, value=value, description=description,
                                 style={"description_width": "initial", "button_width": "auto"})


# --------------------------------------------------------------------------
# Data and fits
# --------------------------------------------------------------------------

STARTS = ("zeros", "basic linear classifier")


def start_weights(X, y, start):
    """The perceptron's initial weights: None (zeros) or the basic linear classifier, as in Flach's Fig. 7.5."""
    check_choice(start, "start", STARTS)
    return None if start == "zeros" else centroid_classifier(X, y).w


def quietly(fit, *args, **kwargs):
    """Fit without a ConvergenceWarning: the explorers report convergence in their read-out."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return fit(*args, **kwargs)


def explorer_engine() -> str:
    """The perceptron engine for explorers: compiled numba when installed (same answers as the loop), else block."""
    return _engines.auto_engine(_engines.AUTO_NUMBA_MIN_VISITS, 1)


def check_data(X, y, default, *, binary=True):
    """(X, y) checked as 2-D data, or ``default()`` when both are None."""
    if (X is None) != (y is None):
        raise ValueError("pass both X and y, or neither (to use the explorer's default data set).")
    if X is None:
        X, y = default()
    from ..plot import _check_X2

    X = _check_X2(X)
    y = check_binary_y(y, X.shape[0]).astype(int) if binary else check_labels(y, X.shape[0])
    return X, y


def error_rate(w, X, y) -> float:
    """Fraction of (X, y) that w misclassifies (a score of 0 counts as a mistake, as in training)."""
    return float(np.mean(y * (X @ w[1:] + w[0]) <= 0))


# --------------------------------------------------------------------------
# Read-outs and text alternatives
# --------------------------------------------------------------------------


def fmt_number(v) -> str:
    """Two decimals, or a dash for a quantity that does not exist (None, NaN)."""
    return "–" if v is None or not np.isfinite(v) else f"{v:.2f}"


def wvec(w) -> str:
    """A weight vector as '(w0, w1, w2)' with three significant digits (and no '-0')."""
    return "(" + ", ".join(f"{x + 0.0:.3g}" for x in np.asarray(w)) + ")"


def equation(w) -> str:
    """'w0 + w1·x₁ + w2·x₂ = 0', bias first as in the course's notation, with two decimals (read-outs and text
    alternatives); a bias of exactly 0 is left out ('w1·x₁ + w2·x₂ = 0')."""
    b, w1, w2 = (float(t) + 0.0 for t in w)
    first = f"{'−' if w1 < 0 else ''}{abs(w1):.2f}·x₁" if b == 0 else \
        f"{'−' if b < 0 else ''}{abs(b):.2f} {'+' if w1 >= 0 else '−'} {abs(w1):.2f}·x₁"
    return f"{first} {'+' if w2 >= 0 else '−'} {abs(w2):.2f}·x₂ = 0"


def plain(markup: str) -> str:
    """Text of a bit of HTML (tags dropped, entities decoded), for a text alternative."""
    text = re.sub(r"<sub>(.*?)</sub>", r"\1", markup)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


# --------------------------------------------------------------------------
# The picture
# --------------------------------------------------------------------------


def static_legend(fig, entries, **kw):
    """A legend of proxy artists, drawn once with the static part: ("data", label), ("line", style, text),
    ("ring", text) or ("marker", style, text) entries."""
    from matplotlib.lines import Line2D

    from ..plot import _BINARY_STYLE

    handles, labels = [], []
    for kind, *rest in entries:
        if kind == "data":
            colour, marker, text = _BINARY_STYLE[rest[0]]
            handles.append(Line2D([], [], linestyle="none", marker=marker, color=colour, markersize=7))
        elif kind == "line":
            style, text = rest
            handles.append(Line2D([], [], **style))
        elif kind == "ring":
            (text,) = rest
            handles.append(Line2D([], [], linestyle="none", marker="o", markerfacecolor="none",
                                  markeredgecolor="black", markersize=12))
        else:
            style, text = rest
            handles.append(Line2D([], [], linestyle="none", **style))
        labels.append(text)
    return fig.legend(handles, labels, **{"loc": "upper right", "frameon": False, **kw})


def fix_limits(ax, X):
    """The view of lk.plot for data X (a padded box), fixed so that redraws never move it."""
    from ..plot import _padded_box

    x0, x1, y0, y1 = _padded_box(X)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)


def line_xy(w, view):
    """Two points far apart on the line w0 + w1 x1 + w2 x2 = 0, spanning ``view`` (None: no line)."""
    w = np.asarray(w, dtype=float)
    v = w[1:]
    vv = float(v @ v)
    if vv == 0 or not np.all(np.isfinite(w)):
        return [], []
    x0, x1, y0, y1 = view
    foot = -w[0] * v / vv  # the point of the line closest to the origin
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    along = np.array([-v[1], v[0]]) / np.sqrt(vv)
    foot = foot + ((centre - foot) @ along) * along  # the point of the line closest to the centre
    reach = 4.0 * max(x1 - x0, y1 - y0)
    a, b = foot - reach * along, foot + reach * along
    return [a[0], b[0]], [a[1], b[1]]


def animate(*artists):
    """Mark artists (nested in dicts, lists or tuples) as the changing part of a picture (see :func:`blit`)."""
    for a in artists:
        if isinstance(a, dict):
            animate(*a.values())
        elif isinstance(a, (list, tuple)):
            animate(*a)
        elif a is not None and hasattr(a, "set_animated"):
            a.set_animated(True)


def blit(canvas, figure, backgrounds, key, *, keep=24):
    """Draw ``figure`` into ``canvas`` and return the RGBA buffer, reusing a cached background.

    Artists marked ``set_animated(True)`` are what changes from one picture to
    the next.  The rest (axes, ticks, labels, legends; text is slow to draw) is
    drawn once per ``key`` into a background kept in ``backgrounds`` (at most
    ``keep`` of them, the oldest forgotten first) and restored for every later
    picture; the animated artists are drawn on top, in z-order.
    """
    background = backgrounds.get(key)
    if background is None:
        with legible():  # tick labels are made while drawing
            canvas.draw()  # skips the animated artists
        background = backgrounds[key] = canvas.copy_from_bbox(figure.bbox)
        while len(backgrounds) > keep:
            del backgrounds[next(iter(backgrounds))]
    else:
        canvas.restore_region(background)
    for ax in figure.axes:
        for artist in sorted((a for a in ax.get_children() if a.get_animated() and a.get_visible()),
                             key=lambda a: a.get_zorder()):
            figure.draw_artist(artist)
    return canvas.buffer_rgba()


def png(buffer) -> str:
    """Encode an RGBA buffer as PNG (fast zlib level), base64."""
    from PIL import Image

    image = Image.frombuffer("RGBA", (buffer.shape[1], buffer.shape[0]), buffer, "raw", "RGBA", 0, 1)
    out = io.BytesIO()
    image.convert("RGB").save(out, format="png", compress_level=1)
    return base64.b64encode(out.getvalue()).decode("ascii")


def page_script() -> str:
    """The ``<script>`` element sent with every picture: keyboard and screen-reader support in the page.

    Read from ``page.js`` next to this module (package data), without its
    leading comment block: what the script does and why is written there.
    """
    source = resources.files(__package__).joinpath("page.js").read_text(encoding="utf-8")
    lines = source.splitlines()
    while lines and (lines[0].startswith("//") or not lines[0].strip()):
        lines.pop(0)
    code = "\n".join(lines).strip()
    if "</script" in code.lower():
        raise ValueError("page.js must not contain '</script': it is sent inside a <script> element.")
    return f"<script>{code}</script>"
