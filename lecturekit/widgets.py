"""Interactive explorers for the notebooks (ipywidgets).

Each explorer is a function that returns one widget, an :class:`Explorer`
(a ``VBox``): controls, a one-line read-out and a figure in an ``Output`` of
fixed height.  Its logic is split in two so that tests can drive it without a
browser:

* a plain ``*_state`` function of the control values that computes everything
  the explorer shows and returns it as a dict (no widgets, no figures);
* the explorer, which calls it whenever a control changes, redraws a figure
  it owns (never the user's) with :mod:`lecturekit.plot`, and puts the figure
  in its ``Output`` as a PNG inside an ``<img>`` whose ``alt`` is a
  description built from the state (``box.alt``, also
  ``lk.plot.description(box.figure)``).

From Python, ``box.controls["eta"].value = 0.5`` updates ``box.state``,
``box.artists`` (what was drawn), ``box.alt`` and ``box.output.outputs`` at
once, exactly as moving the slider does in the browser.

Every slider updates while it is dragged (``continuous_update=True``), so a
redraw must take a few tens of milliseconds (issue 15; see
``benchmarks/explorers.py``).  An explorer therefore keeps its figure: what
does not depend on the controls (axes, ticks, legends, surfaces; drawing text
is slow) is drawn once and kept as a background, and only the artists that
change are updated and drawn over it (blitting); fits over a finite set of
choices are computed once.  Changes that pile up are coalesced, the last
value winning (see :class:`Explorer`).

In the page, each picture also carries a small script that gives every slider
handle the accessible name of its visible label (ipywidgets does not: its
issue 2650) and makes the read-out a live region (issue 14).  Data sets
come from :mod:`lecturekit.datasets` with fixed seeds, so every explorer can be
called with no arguments.  This module is loaded on first use of
``lk.widgets``; ipywidgets and matplotlib are imported when an explorer is
built.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import html
import io
import numbers
import warnings

import numpy as np

from . import datasets
from ._validation import (
    as_float_array,
    check_binary_y,
    check_bool,
    check_choice,
    check_count,
    check_labels,
    check_positive,
    check_weights,
    check_X,
)
from .features import square_features
from .gradient import batch_perceptron
from .linear import centroid_classifier, least_squares_classifier
from .lms import lms, lms_stable_eta
from .multiclass import linear_machine, one_vs_one, one_vs_rest
from .perceptron import perceptron
from .results import ConvergenceWarning
from .vectors import angle, cosine, dot, norm, project, projection_length

__all__ = [
    "Explorer",
    "dot_product_state",
    "dot_product_explorer",
    "hyperplane_state",
    "hyperplane_explorer",
    "stepper_state",
    "perceptron_stepper",
    "learning_rate_state",
    "learning_rate_explorer",
    "gradient_descent_state",
    "gradient_descent_explorer",
    "multiclass_state",
    "multiclass_explorer",
    "feature_map_state",
    "feature_map_explorer",
    "outlier_state",
    "outlier_explorer",
    "bound_state",
    "bound_explorer",
]

DPI = 80  # figure resolution in the Output: small PNGs redraw fast


# --------------------------------------------------------------------------
# The explorer widget
# --------------------------------------------------------------------------


@functools.cache
def _explorer_class():
    """Define Explorer on first use, so that importing this module does not import ipywidgets."""
    import ipywidgets as widgets
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    class Explorer(widgets.VBox):
        """Controls, a read-out and a figure in a fixed-height Output: one displayable widget.

        Attributes
        ----------
        controls : dict of str -> ipywidgets.Widget
            The controls by name; set ``controls[name].value`` to drive the explorer.
        state : dict
            What the explorer's ``*_state`` function returned for the current values.
        artists : object
            What the plot functions returned for the current figure (kept and
            updated in place from one redraw to the next).
        figure : matplotlib.figure.Figure
            The explorer's own figure (not registered with pyplot, so nothing leaks).
        output : ipywidgets.Output
            Holds the figure as one ``<img>`` whose ``alt`` is :attr:`alt`; its
            ``layout.height`` is fixed.
        readout : ipywidgets.HTML
            A line of numbers about the current state, in a live region
            (``aria-live="polite"``) so that screen readers announce it.
        alt : str
            The figure's text alternative, built from the state (also
            ``lk.plot.description(explorer.figure)``).
        n_draws : int
            How many pictures have been sent to the Output.
        n_full_draws : int
            How many of them were drawn from scratch (the others updated the
            artists' data in place).

        Notes
        -----
        Redraws follow the hand: sliders update while dragged, and changes that
        arrive while a redraw is pending are coalesced, so the last value
        always wins.  In a running kernel a change that comes from the page
        only marks the picture as stale and schedules one redraw on the event
        loop; changes handled before it runs are folded into it (and
        ipywidgets' front end itself sends at most one pending change per
        control, merging the rest).  A value set by code, or any change
        without an event loop (tests, scripts), redraws at once.
        ``with explorer.hold(): ...`` folds any number of changes into one
        redraw at the end.

        Two ways to draw: ``draw(fig, state)`` builds the figure and
        ``refresh(fig, artists, state)`` updates it in place; or, in layered
        mode, ``static(fig, state)`` builds what does not change (once per
        ``static_key(state)``, each key its own figure) and ``draw(static,
        state)`` adds or updates what does, marked animated.  Either way the
        non-animated part is rendered once per view and reused.
        """

        def __init__(self, name, controls, compute, draw, describe, *, rows, figsize, passive=(),
                     refresh=None, alt=None, static=None, static_key=None, warm=()):
            self.name = name
            self.controls = dict(controls)
            self._compute, self._draw, self._describe = compute, draw, describe
            self._refresh, self._alt = refresh, alt
            # layered mode: static(fig, state) builds what stays (axes, limits, labels, legends);
            # draw(axes, state) adds what changes, removed again before the next picture
            self._static, self._static_key = static, static_key or (lambda state: None)
            self._axes, self._current_key, self._pages = None, _UNSET, {}
            self._updating, self._held, self._stale, self._scheduled = False, 0, False, False
            self.state, self.artists, self.n_draws, self.n_full_draws, self.alt = None, None, 0, 0, ""
            self._backgrounds = {}  # (static key, view) -> pixels of everything but the animated artists
            # Fixed margins (in inches) rather than a layout engine: a redraw takes half the time.
            w_in, h_in = figsize
            self._margins = {"left": 0.6 / w_in, "right": 1 - 0.15 / w_in, "bottom": 0.5 / h_in,
                             "top": 1 - 0.35 / h_in, "wspace": 0.3}
            self.figure = Figure(figsize=figsize, dpi=DPI)
            self._canvas = FigureCanvasAgg(self.figure)
            self._size = tuple(int(round(s * DPI)) for s in figsize)
            width, height = self._size
            self.output = widgets.Output(layout=widgets.Layout(height=f"{height + 8}px", width=f"{width + 8}px",
                                                               overflow="hidden"))
            self.readout = widgets.HTML()
            self.readout.add_class("lk-readout")
            boxes = [widgets.HBox([self.controls[name] for name in row]) for row in rows]
            super().__init__(children=[*boxes, self.readout, self.output])
            self.add_class("lk-explorer")
            for name, control in self.controls.items():
                if isinstance(control, (widgets.SelectionSlider, widgets.SelectionRangeSlider)):
                    control.add_class("lk-choice-slider")  # its read-out takes no typing (see _A11Y_SCRIPT)
                if name not in passive and "value" in control.trait_names():
                    control.observe(self.update, names="value")
            for values in warm:  # draw the static parts of other views now, not while the hand moves
                self._warm(self._compute({**self.values, **values}))
            self._redraw(raise_errors=True)

        #: Send, with each picture, the small script that names the controls and makes the read-out a
        #: live region in the page (see _A11Y_SCRIPT).
        a11y_script = True

        def __repr__(self) -> str:  # short and stable: notebooks store it as the cell's text output
            return f"Explorer({self.name}: {', '.join(self.controls)})"

        @property
        def values(self) -> dict:
            """The current value of every control that has one."""
            return {name: c.value for name, c in self.controls.items() if "value" in c.trait_names()}

        # -- coalescing -------------------------------------------------------
        def hold(self):
            """Context manager: changes made inside it give one redraw, for the last values, at the end."""
            import contextlib

            @contextlib.contextmanager
            def held():
                self._held += 1
                try:
                    yield self
                finally:
                    self._held -= 1
                    if not self._held and self._stale:
                        self._redraw(raise_errors=True)

            return held()

        def update(self, change=None):
            """A control changed: redraw now, or mark the picture stale and redraw once, soon."""
            if self._updating:  # a control changed by compute itself: one redraw is enough
                return
            self._stale = True
            if self._held:
                return
            # Only a change that comes from the page (a comm message: ipywidgets holds the
            # property lock while it applies it) is deferred; code that sets a value reads
            # the new state right after, as it expects.
            owner = change.get("owner") if isinstance(change, dict) else None
            from_page = bool(getattr(owner, "_property_lock", None))
            loop = _running_loop() if from_page else None
            if loop is None:
                self._redraw(raise_errors=True)
            elif not self._scheduled:
                self._scheduled = True
                loop.call_soon(self._scheduled_redraw)

        def _scheduled_redraw(self):
            self._scheduled = False
            if self._stale and not self._held:
                self._redraw(raise_errors=False)  # on the event loop an exception would only reach a log

        def flush(self):
            """Draw a pending redraw now (what the event loop would do next)."""
            if self._stale:
                self._redraw(raise_errors=True)

        # -- drawing ----------------------------------------------------------
        def _redraw(self, raise_errors):
            """Recompute the state from the current values and show the new picture."""
            self._updating = True
            self._stale = False
            try:
                self.state = self._compute(self.values)
                self.readout.value = _live(self._describe(self.state))
                if self._static is not None:
                    self.artists = self._layers(self.state)
                else:
                    artists = None
                    if self._refresh is not None and self.artists is not None:
                        artists = self._refresh(self.figure, self.artists, self.state)
                    if artists is None:  # first picture, or one that cannot be updated in place
                        self._new_figure()
                        artists = self._draw(self.figure, self.state)
                        self._backgrounds.clear()
                    self.artists = artists
                self.alt = self._alt(self.state) if self._alt else _plain(self._describe(self.state))
                self._show()
            except Exception as exc:
                # In the browser an exception in a callback only reaches the log: say it here,
                # and take the stale picture down rather than leave a wrong one.
                self.state, self.artists, self._current_key = None, None, _UNSET  # rebuild everything next time
                self._pages.clear()
                self.output.outputs = ()
                self.readout.value = _live(f"<span style='color:#D55E00'>error: {html.escape(str(exc))}</span>")
                if raise_errors:
                    raise
            finally:
                self._updating = False

        def _new_figure(self):
            self.figure.clear()  # the explorer's own figure, never the user's
            self.figure.subplots_adjust(**self._margins)  # clear() forgets them
            self.n_full_draws += 1

        def _layers(self, state):
            """Layered mode: show the page (figure) of the state's static key, then redraw its changing part.

            Each static key gets its own figure, built once and kept, so that
            switching back to a data set costs no rebuilding.
            """
            key = self._static_key(state)
            if key != self._current_key:
                page = self._pages.get(key)
                if page is None:
                    figure = self.figure if not self._pages else Figure(figsize=self.figure.get_size_inches(),
                                                                        dpi=DPI)
                    figure.clear()
                    figure.subplots_adjust(**self._margins)
                    self.n_full_draws += 1
                    page = self._pages[key] = {"figure": figure, "canvas": FigureCanvasAgg(figure),
                                               "axes": self._static(figure, state), "dynamic": []}
                self.figure, self._canvas, self._axes = page["figure"], page["canvas"], page["axes"]
                self._current_key = key
            page = self._pages[key]
            for artist in page["dynamic"]:
                artist.remove()
            fig = self.figure
            limits = [(ax, ax.get_xlim(), ax.get_ylim()) for ax in fig.axes]
            before = {id(a) for ax in fig.axes for a in ax.get_children()}
            artists = self._draw(self._axes, state)
            page["dynamic"] = [a for ax in fig.axes for a in ax.get_children() if id(a) not in before]
            for artist in page["dynamic"]:
                artist.set_animated(True)
            for ax, xlim, ylim in limits:  # the changing part never moves the view
                ax.set_xlim(xlim)
                ax.set_ylim(ylim)
            return artists

        def _warm(self, state):
            """Build ``state``'s page and render its background into the cache (layered mode)."""
            if self._static is not None:
                self._layers(state)
                self._render()

        def _view_key(self):
            """What the static background depends on: its key and each axes' place, limits and scales."""
            return (self._current_key,) + tuple(
                (ax.get_position(original=True).bounds, ax.get_xlim(), ax.get_ylim(), ax.get_xscale(), ax.get_yscale())
                for ax in self.figure.axes)

        def _render(self):
            """Draw the figure into the canvas and return the RGBA buffer.

            Artists marked ``set_animated(True)`` are what changes from one
            picture to the next: the rest (axes, ticks, labels, legends; text is
            slow to draw) is drawn once into a background that is kept per view
            and reused (blitting); the animated artists are drawn on top, in
            z-order.
            """
            canvas, fig = self._canvas, self.figure
            key = self._view_key()
            background = self._backgrounds.get(key)
            if background is None:
                canvas.draw()  # skips the animated artists
                background = self._backgrounds[key] = canvas.copy_from_bbox(fig.bbox)
                while len(self._backgrounds) > 24:  # a bounded cache: forget the oldest view
                    del self._backgrounds[next(iter(self._backgrounds))]
            else:
                canvas.restore_region(background)
            for ax in fig.axes:
                for artist in sorted((a for a in ax.get_children() if a.get_animated() and a.get_visible()),
                                     key=lambda a: a.get_zorder()):
                    fig.draw_artist(artist)
            return canvas.buffer_rgba()

        def _show(self):
            from .plot import describe

            describe(self.figure, self.alt, whole=True)
            png = _png(self._render())
            width, height = self._size
            # One <img> with its text alternative: JupyterLab's image renderer ignores output
            # metadata, so an image/png output could not carry an alt.  Setting `outputs`
            # (rather than `with output: display(...)`) replaces the picture in one step and
            # works the same with or without a kernel.
            tag = (f'<img src="data:image/png;base64,{png}" width="{width}" height="{height}" '
                   f'alt="{html.escape(self.alt, quote=True)}" class="lk-explorer-figure"/>')
            if self.a11y_script:
                tag += _A11Y_SCRIPT
            self.output.outputs = (
                {"output_type": "display_data", "metadata": {},
                 "data": {"text/html": tag, "text/plain": "<lecturekit figure>"}},
            )
            self.n_draws += 1

    return Explorer


_UNSET = object()

# Accessibility in the page (issue 14).  ipywidgets gives a slider's handle (role="slider") no
# accessible name (ipywidgets issue 2650), the Play widget's icon buttons none either, and the HTML
# widget no way to be a live region.  JupyterLab runs <script> elements of trusted HTML outputs, and
# an Output widget's outputs are trusted, so each picture carries this script: it finds its own
# explorer (the ancestor with class lk-explorer) and
# * names every slider handle and editable read-out after the slider's visible label, gives the
#   Play buttons names, and names ToggleButtons groups after their label;
# * gives each slider handle the value its read-out shows as aria-valuetext (noUiSlider announces
#   its internal position: the exponent of a FloatLogSlider, the index of a SelectionSlider);
# * makes a SelectionSlider's read-out plain text: ipywidgets leaves it editable but ignores what is
#   typed into it (it only parses numbers), so Tab would stop on a text box that does nothing;
# * marks the selected button of a ToggleButtons group aria-pressed="true", the others "false";
# * keeps the keys a focused control uses for itself (arrows, Home/End, PageUp/PageDown, Enter,
#   Space, type-ahead letters) from reaching JupyterLab's command-mode shortcuts: without this,
#   ArrowDown on a dropdown moves to the next cell instead of choosing the next option;
# * makes the read-out's container (which persists while its content is replaced) a polite live
#   region, so screen readers announce the new numbers.
# It is idempotent; running it again after each picture also covers views rendered later.
_A11Y_SCRIPT = """<script>(function (me, tries) {
  function text(el) { return el ? (el.textContent || '').trim() : ''; }
  function set(el, attr, value) { if (el.getAttribute(attr) !== value) { el.setAttribute(attr, value); } }
  function apply(root) {
    var out = root.querySelector('.lk-readout .widget-html-content');
    if (out && out.getAttribute('aria-live') !== 'polite') {
      out.setAttribute('role', 'status'); out.setAttribute('aria-live', 'polite');
      out.setAttribute('aria-atomic', 'true'); }
    root.querySelectorAll('.widget-slider').forEach(function (w) {
      var name = text(w.querySelector('.widget-label'));
      var readout = w.querySelector('.widget-readout');
      var shown = readout && readout.style.display !== 'none' ? text(readout) : '';
      w.querySelectorAll('[role=slider]').forEach(function (h) {
        if (name) { set(h, 'aria-label', name); }
        if (shown) { set(h, 'aria-valuetext', shown); } });
      if (!readout || !name) { return; }
      if (w.classList.contains('lk-choice-slider')) {
        if (readout.getAttribute('contenteditable') !== 'false') { readout.setAttribute('contenteditable', 'false'); }
        readout.removeAttribute('role'); readout.removeAttribute('aria-label');
      } else { set(readout, 'role', 'textbox'); set(readout, 'aria-label', name + ' value'); }
    });
    root.querySelectorAll('.widget-toggle-buttons').forEach(function (w) {
      var name = text(w.querySelector('.widget-label'));
      var b = w.querySelector('.widget-toggle-button');
      var group = b ? b.parentNode : w;
      if (name && group.getAttribute('aria-label') !== name) {
        group.setAttribute('role', 'group'); group.setAttribute('aria-label', name); }
      w.querySelectorAll('.widget-toggle-button').forEach(function (b) {
        set(b, 'aria-pressed', b.classList.contains('mod-active') ? 'true' : 'false'); });
    });
    root.querySelectorAll('.widget-play').forEach(function (w) {
      var names = ['play or pause', 'stop', 'repeat'];
      w.querySelectorAll('button').forEach(function (b, i) {
        if (!text(b) && names[i] && !b.getAttribute('aria-label')) { b.setAttribute('aria-label', names[i]); }
      });
    });
  }
  var OWN_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown', ' ', 'Enter'];
  function keep(event) {  // a key the focused control handles itself stays with it
    var t = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey || (event.key === 'Enter' && event.shiftKey)) { return; }
    if (!t.matches || !t.matches('select, button, input, [role=slider], [role=button], [role=checkbox]')) { return; }
    if (OWN_KEYS.indexOf(event.key) >= 0 || (t.tagName === 'SELECT' && event.key.length === 1)) {
      event.stopPropagation(); }
  }
  function start() {
    var root = me && me.closest ? me.closest('.lk-explorer') : null;
    if (!root || !root.isConnected) {  // the views are still being put together: look again soon
      if (tries-- > 0) { setTimeout(start, 100); }
      return;
    }
    apply(root);
    if (!root.lkA11y) {  // views of the controls may render later: follow the explorer's subtree
      root.lkA11y = new MutationObserver(function () { apply(root); });
      root.lkA11y.observe(root, {childList: true, subtree: true, attributes: true,
                                 attributeFilter: ['class', 'contenteditable']});
      root.addEventListener('keydown', keep);
    }
  }
  start();
})(document.currentScript, 100);</script>"""


def _running_loop():
    """The kernel's asyncio event loop if one is running in this thread, else None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _png(buffer) -> str:
    """Encode an RGBA buffer as PNG (fast zlib level), base64."""
    from PIL import Image

    image = Image.frombuffer("RGBA", (buffer.shape[1], buffer.shape[0]), buffer, "raw", "RGBA", 0, 1)
    out = io.BytesIO()
    image.convert("RGB").save(out, format="png", compress_level=1)
    return base64.b64encode(out.getvalue()).decode("ascii")


def _live(inner: str) -> str:
    """The read-out's HTML.  (Its stable container is made a live region in the page: see _A11Y_JS.)"""
    return inner


def _plain(markup: str) -> str:
    """Text of a bit of HTML (tags dropped, entities decoded), for a text alternative."""
    import re

    text = re.sub(r"<sub>(.*?)</sub>", r"\1", markup)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())


def __getattr__(name):
    if name == "Explorer":
        return _explorer_class()
    raise AttributeError(f"module 'lecturekit.widgets' has no attribute {name!r}")


def _w():
    import ipywidgets

    return ipywidgets


def _slider(description, value, lo, hi, step, *, continuous=True, fmt=".2f"):
    w = _w()
    return w.FloatSlider(value=value, min=lo, max=hi, step=step, description=description,
                         continuous_update=continuous, readout_format=fmt,
                         style={"description_width": "initial"}, layout=w.Layout(width="230px"))


def _toggles(description, options, value):
    w = _w()
    return w.ToggleButtons(options=options, value=value, description=description,
                           style={"description_width": "initial", "button_width": "auto"})


def _quietly(fit, *args, **kwargs):
    """Fit without a ConvergenceWarning: the explorers report convergence in their read-out."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return fit(*args, **kwargs)


def _data(X, y, default, *, binary=True):
    if (X is None) != (y is None):
        raise ValueError("pass both X and y, or neither (to use the explorer's default data set).")
    if X is None:
        X, y = default()
    from .plot import _check_X2

    X = _check_X2(X)
    y = check_binary_y(y, X.shape[0]).astype(int) if binary else check_labels(y, X.shape[0])
    return X, y


def _static_legend(fig, entries, **kw):
    """A legend of proxy artists, drawn once with the static part: ("data", label), ("line", style, text),
    ("ring", text) or ("marker", style, text) entries."""
    from matplotlib.lines import Line2D

    from .plot import _BINARY_STYLE

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
    return fig.legend(handles, labels, **{"loc": "upper right", "fontsize": "small", "frameon": False, **kw})


def _fix_limits(ax, X):
    from .plot import _padded_box

    x0, x1, y0, y1 = _padded_box(X)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)


def _fmt(v) -> str:
    return "–" if v is None or not np.isfinite(v) else f"{v:.2f}"


def _wvec(w) -> str:
    return "(" + ", ".join(f"{x + 0.0:.3g}" for x in np.asarray(w)) + ")"


# --------------------------------------------------------------------------
# 1. Dot product
# --------------------------------------------------------------------------


def dot_product_state(a1, a2, b1, b2) -> dict:
    """Everything the dot-product explorer shows for a = (a1, a2) and b = (b1, b2).

    Returns
    -------
    dict
        ``a``, ``b``, ``dot`` (a . b), ``norm_a``, ``norm_b``, ``cosine``,
        ``angle`` (degrees), ``projection_length`` (signed length of the
        projection of a onto b) and ``projection`` (that vector).  Quantities
        that need a direction are NaN (or None) when a vector is zero.

    Examples
    --------
    >>> import lecturekit as lk
    >>> s = lk.widgets.dot_product_state(3.0, 4.0, 1.0, 0.0)
    >>> s["dot"], s["cosine"], round(s["angle"], 2), s["projection_length"]
    (3.0, 0.6, 53.13, 3.0)
    """
    a = np.array([a1, a2], dtype=float)
    b = np.array([b1, b2], dtype=float)
    na, nb = norm(a), norm(b)
    both = na > 0 and nb > 0
    return {
        "a": a,
        "b": b,
        "dot": dot(a, b),
        "norm_a": na,
        "norm_b": nb,
        "cosine": cosine(a, b) if both else float("nan"),
        "angle": angle(a, b, degrees=True) if both else float("nan"),
        "projection_length": projection_length(a, b) if nb > 0 else float("nan"),
        "projection": project(a, b) if nb > 0 else None,
    }


def dot_product_explorer(a=(2.0, 1.0), b=(1.0, 2.0), *, limit=4.0):
    """Two vectors in the plane: dot product, cosine, angle and projection.

    Parameters
    ----------
    a, b : (float, float)
        Starting vectors.
    limit : float, default 4
        Sliders run over [-limit, limit].

    Returns
    -------
    Explorer
        Controls ``a1``, ``a2``, ``b1``, ``b2``.
    """
    limit = check_positive(limit, "limit")
    for name, v in (("a", a), ("b", b)):
        if as_float_array(v, name, ndim=1).shape[0] != 2:
            raise ValueError(f"{name} must be a vector in the plane, of length 2; got {v!r}.")
    controls = {
        name: _slider(name, float(v), -limit, limit, 0.1, continuous=True, fmt=".1f")
        for name, v in zip(("a1", "a2", "b1", "b2"), (*a, *b))
    }

    def compute(v):
        return dot_product_state(v["a1"], v["a2"], v["b1"], v["b2"])

    def static(fig, s):
        ax = fig.add_subplot()
        ax.set_xlim(-limit - 0.5, limit + 0.5)
        ax.set_ylim(-limit - 0.5, limit + 0.5)
        ax.set_aspect("equal", adjustable="box")
        ax.axhline(0, color="0.85", linewidth=0.8, zorder=0)
        ax.axvline(0, color="0.85", linewidth=0.8, zorder=0)
        return ax

    def draw(ax, s):
        from .plot import vectors

        return vectors(s["a"], s["b"], ax=ax)

    def alt(s):
        a, b = s["a"], s["b"]
        text = (f"Two arrows from the origin: a = ({a[0]:.1f}, {a[1]:.1f}) and b = ({b[0]:.1f}, {b[1]:.1f}). "
                f"Their dot product is {s['dot']:.2f}")
        if np.isfinite(s["angle"]):
            text += f" and the angle between them is {s['angle']:.1f} degrees"
        if s["projection"] is not None:
            p = s["projection"]
            text += (f"; the projection of a onto b, drawn along b, ends at ({p[0]:.2f}, {p[1]:.2f}), "
                     f"a signed length of {s['projection_length']:.2f}")
        return text + "."

    def describe(s):
        return (f"a · b = <b>{s['dot']:.2f}</b> &nbsp; |a| = {s['norm_a']:.2f}, |b| = {s['norm_b']:.2f}, "
                f"cos θ = {_fmt(s['cosine'])}, θ = {_fmt(s['angle'])}°, "
                f"projection of a on b: {_fmt(s['projection_length'])} &nbsp; "
                f"(a · b = |a| |b| cos θ)")

    return _explorer_class()("dot_product_explorer", controls, compute, draw, describe,
                             rows=[("a1", "a2"), ("b1", "b2")], figsize=(4.8, 4.4), static=static, alt=alt)


# --------------------------------------------------------------------------
# 2. Hyperplane
# --------------------------------------------------------------------------


def hyperplane_state(w1, w2, b, k=1.0, swap=False, flip=False, *, X, y) -> dict:
    """The classifier ``sign(k (b + w1 x1 + w2 x2))`` on (X, y), optionally with classes swapped or w negated.

    Scaling by k > 0 changes w but not the boundary or its sides; swapping
    the classes makes every example a mistake unless w is negated too
    (``swap=True, flip=True`` classifies exactly like neither).

    Parameters
    ----------
    w1, w2, b : float
        Normal vector and bias.
    k : float > 0, default 1
    swap : bool, default False
        Use -y instead of y.
    flip : bool, default False
        Use -w instead of w.
    X : array-like of shape (n, 2)
    y : array-like of shape (n,), labels -1/+1

    Returns
    -------
    dict
        ``w`` (homogeneous, after k and flip), ``y`` (after swap), ``scores``,
        ``misclassified`` (indices with ``y_i w . x_i <= 0``),
        ``n_misclassified``, ``has_boundary``, ``unit_normal`` and ``offset``
        (the signed distance ``-w0 / |(w1, w2)|`` of the boundary from the
        origin along the unit normal), which do not depend on k.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> s1 = lk.widgets.hyperplane_state(-1.0, 4.0, 0.0, X=X, y=y)
    >>> s3 = lk.widgets.hyperplane_state(-1.0, 4.0, 0.0, k=3.0, X=X, y=y)
    >>> s3["w"].tolist(), s1["offset"] == s3["offset"], s3["n_misclassified"]
    ([0.0, -3.0, 12.0], True, 0)
    >>> lk.widgets.hyperplane_state(-1.0, 4.0, 0.0, swap=True, X=X, y=y)["n_misclassified"]
    4
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    k = check_positive(k, "k", hint="k > 0 rescales w without moving the boundary; use flip=True for -w.")
    swap, flip = check_bool(swap, "swap"), check_bool(flip, "flip")
    w = k * np.array([b, w1, w2], dtype=float) * (-1.0 if flip else 1.0)
    y_used = -y if swap else y
    scores = X @ w[1:] + w[0]
    wrong = np.flatnonzero(y_used * scores <= 0)
    v = float(np.hypot(w[1], w[2]))
    return {
        "w": w,
        "y": y_used.astype(int),
        "scores": scores,
        "misclassified": wrong,
        "n_misclassified": int(wrong.size),
        "has_boundary": v > 0,
        "unit_normal": w[1:] / v if v > 0 else None,
        "offset": float(-w[0] / v) if v > 0 else float("nan"),
    }


def hyperplane_explorer(X=None, y=None):
    """Move a line with w1, w2 and b; scale by k; swap the classes or negate w.

    Shows the boundary ``b + w1 x1 + w2 x2 = 0``, its normal vector, and rings
    the misclassified points.  ``k`` changes w but not the picture; swapping
    the classes is undone by negating w.

    Parameters
    ----------
    X, y : optional
        2-D data with labels -1/+1; default ``lk.datasets.separable(30, seed=1)``.

    Returns
    -------
    Explorer
        Controls ``w1``, ``w2``, ``b``, ``k``, ``swap``, ``flip``.
    """
    X, y = _data(X, y, lambda: datasets.separable(30, seed=1))
    w = centroid_classifier(X, y).w
    w = np.round(w / np.hypot(w[1], w[2]), 1)  # start from the basic linear classifier, |(w1, w2)| ~ 1
    wid = _w()
    controls = {
        "w1": _slider("w1", float(w[1]), -3.0, 3.0, 0.1, continuous=True, fmt=".1f"),
        "w2": _slider("w2", float(w[2]), -3.0, 3.0, 0.1, continuous=True, fmt=".1f"),
        "b": _slider("b", float(w[0]), -3.0, 3.0, 0.1, continuous=True, fmt=".1f"),
        "k": _slider("scale k", 1.0, 0.25, 4.0, 0.25, continuous=True),
        "swap": wid.Checkbox(value=False, description="swap the classes", indent=False),
        "flip": wid.Checkbox(value=False, description="negate w", indent=False),
    }

    def compute(v):
        return hyperplane_state(v["w1"], v["w2"], v["b"], v["k"], v["swap"], v["flip"], X=X, y=y)

    def static(fig, s):
        ax = fig.add_axes((0.13, 0.1, 0.57, 0.85))  # the legend goes to the right, off the data
        _fix_limits(ax, X)
        ax.set_aspect("equal", adjustable="box")
        ax.set_xlabel("x₁")
        ax.set_ylabel("x₂")
        _static_legend(fig, [("data", 1), ("data", -1), ("line", {"color": "0.15", "linewidth": 1.8}, "boundary"),
                             ("ring", "misclassified")])
        from .plot import data

        # kept from picture to picture and moved with set_offsets: making a scatter is slow
        points = data(X, y, ax=ax, legend=False)
        ring = ax.scatter([], [], s=200, facecolors="none", edgecolors="black", linewidths=1.4, zorder=4)
        _animate(points.points, ring)
        return {"ax": ax, "data": points, "ring": ring}

    def draw(a, s):
        from .plot import boundary

        ax, yy = a["ax"], s["y"]
        for label, points in a["data"].points.items():
            points.set_offsets(X[yy == label])
        drawn = {"data": a["data"], "boundary": boundary(s["w"], ax=ax) if s["has_boundary"] else None}
        a["ring"].set_offsets(X[s["misclassified"]].reshape(-1, 2))
        drawn["misclassified"] = a["ring"]
        return drawn

    def alt(s):
        n_pos = int(np.sum(s["y"] > 0))
        where = (f"The boundary {_equation(s['w'])} has its normal vector pointing to the side of class +1"
                 if s["has_boundary"] else "With w1 = w2 = 0 there is no boundary")
        return (f"Scatter plot of {n_pos} points of class +1 and {len(s['y']) - n_pos} of class −1"
                f"{' (classes swapped)' if s['y'] is not y and np.any(s['y'] != y) else ''}. {where}; "
                f"{s['n_misclassified']} points are misclassified and ringed.")

    def describe(s):
        where = (f"unit normal {_wvec(s['unit_normal'])}, distance from origin {s['offset']:.2f}"
                 if s["has_boundary"] else "w1 = w2 = 0: no boundary")
        return (f"w = (w0, w1, w2) = <b>{_wvec(s['w'])}</b> &nbsp; {where} &nbsp; "
                f"misclassified: <b>{s['n_misclassified']}</b> of {len(s['y'])}")

    return _explorer_class()("hyperplane_explorer", controls, compute, draw, describe,
                             rows=[("w1", "w2", "b"), ("k", "swap", "flip")], figsize=(6.4, 4.4), static=static, alt=alt)


# --------------------------------------------------------------------------
# 3. Perceptron stepper
# --------------------------------------------------------------------------


def stepper_state(result, X, y, step) -> dict:
    """The perceptron at update ``step`` of a fit: its weights and the example that triggered the update.

    Parameters
    ----------
    result : PerceptronResult
        A fit of (X, y).
    X, y : the training data
    step : int
        0 (the initial weights) to ``result.n_updates``.

    Returns
    -------
    dict
        ``step``, ``n_updates``, ``w`` (weights after update ``step``),
        ``w_before`` (before it; None at step 0), ``index``, ``epoch``
        (example and epoch of the update; None at step 0), ``x``, ``label``
        (that example), ``mistakes`` (training examples with ``y_i w . x_i <=
        0`` under ``w``), ``converged``, ``eta``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> res = lk.perceptron(X, y)
    >>> s = lk.widgets.stepper_state(res, X, y, 2)
    >>> s["w"].tolist(), s["index"], s["epoch"], s["mistakes"]  # (-3, -2) scores 0: still a mistake
    ([0.0, -2.0, 3.0], 3, 1, 2)
    """
    from .plot import _check_trace_result

    result = _check_trace_result(result)
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    history = result.weight_history(X, y)
    n = history.shape[0] - 1
    if isinstance(step, bool) or not isinstance(step, numbers.Integral) or not 0 <= step <= n:
        raise ValueError(f"step must be an integer from 0 to n_updates = {n}; got {step!r}.")
    step = int(step)
    w = history[step]
    index = int(result.trace.index[step - 1]) if step else None
    return {
        "step": step,
        "n_updates": n,
        "w": w,
        "w_before": history[step - 1] if step else None,
        "index": index,
        "epoch": int(result.trace.epoch[step - 1]) if step else None,
        "x": X[index] if step else None,
        "label": int(y[index]) if step else None,
        "mistakes": int(np.sum(y * (X @ w[1:] + w[0]) <= 0)),
        "converged": bool(result.converged),
        "eta": float(result.eta),
    }


_STEPPER_DATA = {
    "toy: 4 points": datasets.toy,
    "separable: 20 points": lambda: datasets.separable(20, seed=0),
    "unbalanced (Flach Fig. 7.5)": lambda: datasets.unbalanced(40, 20, seed=0),
    "centroid failure": datasets.centroid_failure,
    "noisy: not separable": lambda: datasets.noisy(20, seed=0),
}
_STARTS = ("zeros", "basic linear classifier")


def _start_weights(X, y, start):
    check_choice(start, "start", _STARTS)
    return None if start == "zeros" else centroid_classifier(X, y).w


def perceptron_stepper(X=None, y=None, *, eta=1.0, start="zeros", max_epochs=50):
    """Step forward and back through the updates of a perceptron fit (Flach, Alg. 7.1).

    Shows the boundary before (dashed) and after the current update, with its
    normal vector, and rings the example that triggered it.  Next/Back step by
    one update, the Play button plays them all; η and the initial weights
    (zeros, or the basic linear classifier as in Flach's Fig. 7.5) refit.

    Parameters
    ----------
    X, y : optional
        2-D data with labels -1/+1.  Without them a drop-down offers the
        course's data sets.
    eta : float, default 1.0
    start : {"zeros", "basic linear classifier"}, default "zeros"
    max_epochs : int, default 50

    Returns
    -------
    Explorer
        Controls ``data`` (only without X), ``eta``, ``start``, ``step``,
        ``play``, ``back``, ``next``.  ``state`` is :func:`stepper_state` plus
        the fit (``result``) and the data (``X``, ``y``).
    """
    wid = _w()
    check_choice(start, "start", _STARTS)
    eta = check_positive(eta, "eta")
    max_epochs = check_count(max_epochs, "max_epochs")
    if X is None and y is None:
        sets = {name: make() for name, make in _STEPPER_DATA.items()}
    else:
        sets = {"your data": _data(X, y, None)}
    controls = {}
    if len(sets) > 1:
        controls["data"] = wid.Dropdown(options=list(sets), value=next(iter(sets)), description="data")
    controls["eta"] = _slider("η", eta, min(eta, 0.1), max(eta, 2.0), 0.1)
    controls["start"] = _toggles("start", _STARTS, start)
    controls["step"] = wid.IntSlider(value=0, min=0, max=0, description="update", continuous_update=True)
    controls["play"] = wid.Play(value=0, min=0, max=0, interval=800, description="play", show_repeat=False)
    controls["back"] = wid.Button(description="◀ back", layout=wid.Layout(width="80px"))
    controls["next"] = wid.Button(description="next ▶", layout=wid.Layout(width="80px"))
    step, play = controls["step"], controls["play"]
    wid.link((play, "value"), (step, "value"))
    controls["back"].on_click(lambda _: setattr(step, "value", max(step.min, step.value - 1)))
    controls["next"].on_click(lambda _: setattr(step, "value", min(step.max, step.value + 1)))
    fits = {}

    def compute(v):
        name = v.get("data", next(iter(sets)))
        X_, y_ = sets[name]
        key = (name, v["eta"], v["start"])
        if key not in fits:
            fits[key] = _quietly(perceptron, X_, y_, eta=v["eta"], w0=_start_weights(X_, y_, v["start"]),
                                 max_epochs=max_epochs, keep_weights=True)
        result = fits[key]
        n = result.n_updates
        if step.max != n:  # a new fit: the slider and the player follow its number of updates
            k = min(step.value, n)
            step.value = play.value = k
            step.max = play.max = n
        state = stepper_state(result, X_, y_, min(v["step"], n))
        state.update(result=result, X=X_, y=y_, data=name)
        return state

    def static(fig, s):
        from .plot import data

        ax = fig.add_axes((0.11, 0.1, 0.56, 0.8))  # the legend goes to the right, off the data
        data(s["X"], s["y"], ax=ax, legend=False)  # fixed for a data set (the static key)
        _fix_limits(ax, s["X"])
        _static_legend(fig, [("data", 1), ("data", -1),
                             ("line", {"color": "0.55", "linestyle": "--", "linewidth": 1.2}, "before the update"),
                             ("line", {"color": "black", "linewidth": 1.8}, "after the update"),
                             ("ring", "triggered the update")])
        ring = ax.scatter([], [], s=260, facecolors="none", edgecolors="black", linewidths=1.6, zorder=4)
        title = ax.text(0.5, 1.02, "", transform=ax.transAxes, ha="center", va="bottom", fontsize="medium")
        _animate(ring, title)
        return {"ax": ax, "ring": ring, "title": title}

    def draw(a, s):
        from .plot import boundary

        ax = a["ax"]
        drawn = {"before": None, "after": None, "ring": a["ring"], "title": a["title"]}
        if s["w_before"] is not None and np.any(s["w_before"][1:] != 0):
            drawn["before"] = boundary(s["w_before"], ax=ax, normal=False, color="0.55", linestyle="--",
                                       linewidth=1.2)
        if np.any(s["w"][1:] != 0):
            drawn["after"] = boundary(s["w"], ax=ax, color="black")
        a["ring"].set_offsets(np.reshape(s["x"] if s["index"] is not None else [], (-1, 2)))
        title = (f"update {s['step']} of {s['n_updates']}: example {s['index']} (y = {s['label']:+d}), "
                 f"epoch {s['epoch']}" if s["step"] else f"initial weights ({s['n_updates']} updates to come)")
        a["title"].set_text(title)
        return drawn

    def alt(s):
        n_pos = int(np.sum(s["y"] > 0))
        text = (f"Data set '{s['data']}': {n_pos} points of class +1 and {len(s['y']) - n_pos} of class −1. ")
        if s["step"]:
            x = s["x"]
            text += (f"Update {s['step']} of {s['n_updates']}: example {s['index']} at ({x[0]:.2f}, {x[1]:.2f}), "
                     f"class {s['label']:+d}, ringed, was misclassified and moved the boundary from the dashed "
                     f"line to {_equation(s['w']) if np.any(s['w'][1:] != 0) else 'no line yet'}. ")
        else:
            text += f"The initial weights; {s['n_updates']} updates follow. "
        return text + f"{s['mistakes']} training examples are misclassified now."

    def describe(s):
        if s["step"]:
            rule = (f"w ← w + η y<sub>i</sub> x<sub>i</sub> = {_wvec(s['w_before'])} + {s['eta']:g} · "
                    f"({s['label']:+d}) · {_wvec(np.r_[1.0, s['x']])} = <b>{_wvec(s['w'])}</b>")
        else:
            rule = f"w = <b>{_wvec(s['w'])}</b>"
        end = "converged" if s["converged"] else "did not converge within max_epochs"
        return f"{rule} &nbsp; training mistakes now: {s['mistakes']} &nbsp; (fit {end})"

    rows = [(*(("data",) if "data" in controls else ()), "eta", "start"), ("back", "next", "play", "step")]
    # `play` moves `step` through the link; observing both would draw every frame twice
    warm = [{"data": name} for name in sets] if "data" in controls else ()
    return _explorer_class()("perceptron_stepper", controls, compute, draw, describe, rows=rows, figsize=(7.0, 4.6),
                             passive=("play",), static=static, static_key=lambda s: s["data"], alt=alt, warm=warm)


# --------------------------------------------------------------------------
# 4. Learning rate (Flach Fig. 7.5)
# --------------------------------------------------------------------------


def learning_rate_state(X, y, eta, start="basic linear classifier", *, max_epochs=100) -> dict:
    """Train the perceptron with learning rate ``eta`` from zeros or from the basic linear classifier.

    From w = 0, eta only scales every w (same boundaries, same updates); from
    the basic linear classifier it changes how far each update moves the
    boundary, hence the number of updates (Flach, §7.2 and Fig. 7.5).

    Returns
    -------
    dict
        ``result``, ``w0``, ``w``, ``direction`` (w / |w|), ``n_updates``,
        ``epochs``, ``converged``, ``eta``, ``start``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.unbalanced(40, 20, seed=0)
    >>> [lk.widgets.learning_rate_state(X, y, eta)["n_updates"] for eta in (0.2, 0.5, 1.0)]
    [4, 11, 13]
    >>> [lk.widgets.learning_rate_state(X, y, eta, "zeros")["n_updates"] for eta in (0.2, 0.5, 1.0)]
    [9, 9, 9]
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    eta = check_positive(eta, "eta")
    w0 = _start_weights(X, y, start)
    result = _quietly(perceptron, X, y, eta=eta, w0=w0, max_epochs=max_epochs)
    return {
        "result": result,
        "w0": np.zeros(X.shape[1] + 1) if w0 is None else w0,
        "w": result.w,
        "direction": result.w / np.linalg.norm(result.w),
        "n_updates": result.n_updates,
        "epochs": result.epochs,
        "converged": result.converged,
        "eta": eta,
        "start": start,
    }


def learning_rate_explorer(X=None, y=None, *, etas=(0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0),
                           start="basic linear classifier"):
    """The perceptron with different learning rates, as in Flach's Fig. 7.5 (η = 0.2, 0.5, 1).

    Left: the fit replayed (:func:`lecturekit.plot.perceptron_trace`), right:
    mistakes per epoch.  Switch the start to "zeros" to see η stop mattering.

    Parameters
    ----------
    X, y : optional
        2-D data with labels -1/+1; default ``lk.datasets.unbalanced(40, 20, seed=0)``.
    etas : sequence of float
        The learning rates offered.
    start : {"basic linear classifier", "zeros"}

    Returns
    -------
    Explorer
        Controls ``eta`` and ``start``; ``state`` is :func:`learning_rate_state`.
    """
    X, y = _data(X, y, lambda: datasets.unbalanced(40, 20, seed=0))
    check_choice(start, "start", _STARTS)
    etas = [check_positive(e, "etas") for e in etas]
    if not etas:
        raise ValueError("etas must offer at least one learning rate, e.g. (0.2, 0.5, 1.0).")
    wid = _w()
    controls = {
        "eta": wid.SelectionSlider(options=etas, value=0.2 if 0.2 in etas else etas[0], description="η",
                                   continuous_update=True),
        "start": _toggles("start", _STARTS, start),
    }

    # every (eta, start) the controls offer, fitted once: moving a control only picks one
    states = {(eta, start): learning_rate_state(X, y, eta, start) for eta in etas for start in _STARTS}
    most_epochs = max(st["epochs"] for st in states.values())
    most_mistakes = max(int(st["result"].mistakes_per_epoch.max(initial=0)) for st in states.values())

    def compute(v):
        return states[v["eta"], v["start"]]

    def static(fig, s):
        from .plot import data

        left = fig.add_axes((0.07, 0.12, 0.4, 0.76))
        right = fig.add_axes((0.55, 0.12, 0.25, 0.76))
        data(X, y, ax=left, legend=False)
        _fix_limits(left, X)
        right.set_xlim(0.4, most_epochs + 0.6)
        right.set_ylim(0, 1.08 * max(most_mistakes, 1))
        right.set_xlabel("epoch")
        right.set_ylabel("mistakes (updates)")
        right.set_title("mistakes per epoch", fontsize="medium")
        _static_legend(fig, [("data", 1), ("data", -1),
                             ("line", {"color": "#009E73", "linestyle": "--", "linewidth": 1.4}, "start"),
                             ("line", {"color": "0.45", "linewidth": 1.0}, "after each update"),
                             ("line", {"color": "black", "linewidth": 1.8}, "final boundary"),
                             ("ring", "triggered an update")], fontsize="x-small")
        title = left.text(0.5, 1.02, "", transform=left.transAxes, ha="center", va="bottom", fontsize="medium")
        from matplotlib.collections import LineCollection

        # Flach's Fig. 7.5 as perceptron_trace draws it, with artists that are kept and updated
        steps = LineCollection([], linewidths=1.0, zorder=3)
        left.add_collection(steps, autolim=False)
        start = left.plot([], [], color="#009E73", linestyle="--", linewidth=1.4, zorder=3)[0]
        rings = left.scatter([], [], s=230, facecolors="none", edgecolors="black", linewidths=1.2, zorder=4)
        bars = right.bar(np.arange(1, most_epochs + 1), np.zeros(most_epochs), color="#0072B2")
        _animate(title, steps, start, rings, list(bars))
        return {"left": left, "right": right, "title": title, "steps": steps, "start": start, "rings": rings,
                "bars": bars}

    def draw(a, s):
        from .plot import boundary

        result, left = s["result"], a["left"]
        view = (*left.get_xlim(), *left.get_ylim())
        history = result.weight_history(X, y)
        n = history.shape[0] - 1
        a["start"].set_data(*(_line_xy(history[0], view) if np.any(history[0][1:] != 0) else ([], [])))
        kept = [k for k in range(1, n) if np.any(history[k][1:] != 0)]  # each update but the last
        a["steps"].set_segments([np.column_stack(_line_xy(history[k], view)) for k in kept])
        a["steps"].set_color([(0.45, 0.45, 0.45, 0.15 + 0.55 * (j + 1) / max(n, 1)) for j in range(len(kept))])
        final = boundary(history[-1], ax=left, color="black") if n and np.any(history[-1][1:] != 0) else None
        index = np.asarray(result.trace.index)
        _, first = np.unique(index, return_index=True)
        circled = index[np.sort(first)]
        a["rings"].set_offsets(X[circled].reshape(-1, 2))
        counts = result.mistakes_per_epoch
        for j, bar in enumerate(a["bars"]):
            bar.set_height(counts[j] if j < counts.shape[0] else 0)
        a["title"].set_text(f"η = {s['eta']:g}, start: {s['start']}")
        return {"steps": kept, "final": final, "circled": circled, "mistakes": list(a["bars"])[:counts.shape[0]],
                "title": a["title"]}

    def alt(s):
        per_epoch = ", ".join(str(int(m)) for m in s["result"].mistakes_per_epoch)
        return (f"Left: the perceptron's boundary after each of its {s['n_updates']} updates with learning rate "
                f"η = {s['eta']:g}, starting from {s['start']}, over {len(y)} training points; the final "
                f"boundary is {_equation(s['w'])}. Right: a bar chart of mistakes per epoch: {per_epoch}.")

    def describe(s):
        end = "converged" if s["converged"] else "not converged"
        return (f"<b>{s['n_updates']}</b> updates in {s['epochs']} epochs ({end}); "
                f"final w = {_wvec(s['w'])}, direction w/|w| = {_wvec(s['direction'])}")

    return _explorer_class()("learning_rate_explorer", controls, compute, draw, describe, rows=[("eta", "start")],
                             figsize=(10.0, 4.0), static=static, alt=alt)


# --------------------------------------------------------------------------
# 5. Gradient descent on the criterion surface
# --------------------------------------------------------------------------

_CRITERIA = ("perceptron", "squared error")


def _through_origin(n=30, seed=5):
    """A separable set whose separating line passes through the origin (no bias needed)."""
    X, y, u = datasets.separable(n, margin=0.1, seed=seed, return_direction=True)
    return X + u[0] * u[1:], y  # shift the line b + v . x = 0 to v . x = 0


def _default_start(X, y) -> np.ndarray:
    """w(0) for the descent: |w| = 2, at 135 degrees from sum_i y_i x_i, so most examples start wrong.

    (From w = 0 the first batch step is eta sum_i y_i x_i, which often separates
    at once: a path of one step whatever eta is.)
    """
    m = y @ X
    m = m / np.linalg.norm(m) if np.any(m) else np.array([1.0, 0.0])
    t = np.radians(135.0)
    return np.r_[0.0, 2.0 * np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]]) @ m]


def gradient_descent_state(X, y, eta, schedule="constant", n_iter=20, criterion="perceptron", w0=None) -> dict:
    """Batch gradient descent without a bias (w0 = 0) on the perceptron criterion or the squared error.

    ``criterion="perceptron"`` runs :func:`lecturekit.batch_perceptron`,
    ``"squared error"`` runs batch :func:`lecturekit.lms`, both with
    ``fit_intercept=False`` so that the path stays in the plane (w1, w2).
    Both start from ``w0``: by default a vector of length 2 pointing 135
    degrees away from ``sum_i y_i x_i``, so that the path has somewhere to go.

    Returns
    -------
    dict
        ``path`` (iterates, shape (T, 3), or None if LMS overflowed),
        ``values`` (J or SSE at each iterate), ``w`` (last iterate),
        ``converged`` (perceptron: all examples correct), ``diverged``,
        ``message``, ``etas`` (the learning rate of each step), ``kind``
        ("perceptron" or "sse"), ``criterion``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> s = lk.widgets.gradient_descent_state(X, y, 0.5, "1/k", 10, w0=[0.0, 1.0, -1.0])
    >>> s["converged"], len(s["path"]) - 1, s["etas"][:3].round(3).tolist()
    (True, 6, [0.5, 0.25, 0.167])
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    eta = check_positive(eta, "eta")
    check_choice(schedule, "schedule", ("constant", "1/k"))
    n_iter = check_count(n_iter, "n_iter")
    check_choice(criterion, "criterion", _CRITERIA)
    if X.shape[1] != 2:
        raise ValueError(f"X must have exactly 2 columns, for a path in the plane (w1, w2); got shape {X.shape}.")
    w0 = _default_start(X, y) if w0 is None else check_weights(w0, 3, "w0", what=" (0, w1, w2): bias first")
    if w0[0] != 0:
        raise ValueError(f"w0[0] is the bias and must be 0: the descent runs without a bias; got {w0[0]:g}.")
    if criterion == "perceptron":
        res = _quietly(batch_perceptron, X, y, eta=eta, schedule=schedule, max_iter=n_iter, w0=w0,
                       fit_intercept=False)
        return {"path": res.path, "values": res.criterion, "w": res.w, "converged": res.converged,
                "diverged": False, "message": "", "etas": res.etas, "kind": "perceptron", "criterion": criterion}
    try:
        res = lms(X, y, eta=eta, epochs=n_iter, mode="batch", schedule=schedule, w0=w0, fit_intercept=False)
    except FloatingPointError as exc:
        return {"path": None, "values": None, "w": None, "converged": False, "diverged": True,
                "message": str(exc), "etas": None, "kind": "sse", "criterion": criterion}
    grew = bool(res.sse[-1] > res.sse[0] and res.sse[-1] > 10 * res.sse.min())
    limit = lms_stable_eta(X, mode="batch", fit_intercept=False)
    message = f"diverged: the error grows; batch LMS on this X is stable for η < {limit:.3g}" if grew else ""
    return {"path": res.path, "values": res.sse, "w": res.w, "converged": False, "diverged": grew,
            "message": message, "etas": res.etas, "kind": "sse", "criterion": criterion}


def gradient_descent_explorer(X=None, y=None, *, eta=0.02, schedule="constant", n_iter=30,
                              criterion="perceptron"):
    """Gradient descent on the perceptron criterion or the squared error: η, schedule and steps.

    Left: contours of the surface over (w1, w2) with w0 = 0 and the descent
    path; right: the criterion at each iterate.

    Parameters
    ----------
    X, y : optional
        2-D data with labels -1/+1; default a separable set whose separating
        line goes through the origin (descent runs without a bias).
    eta, schedule, n_iter, criterion : starting values of the controls.

    Returns
    -------
    Explorer
        Controls ``criterion``, ``eta``, ``schedule``, ``n_iter``; ``state`` is
        :func:`gradient_descent_state`.
    """
    X, y = _data(X, y, _through_origin)
    check_choice(criterion, "criterion", _CRITERIA)
    check_choice(schedule, "schedule", ("constant", "1/k"))
    wid = _w()
    controls = {
        "criterion": _toggles("criterion", _CRITERIA, criterion),
        "eta": wid.FloatLogSlider(value=check_positive(eta, "eta"), base=10, min=-3, max=1, step=0.1,
                                  description="η", continuous_update=True, readout_format=".3g"),
        "schedule": _toggles("schedule", ("constant", "1/k"), schedule),
        "n_iter": wid.IntSlider(value=check_count(n_iter, "n_iter"), min=1, max=100, description="steps",
                                continuous_update=True),
    }

    def compute(v):
        return gradient_descent_state(X, y, v["eta"], v["schedule"], v["n_iter"], v["criterion"])

    base_reach = {}
    for kind in ("perceptron", "sse"):
        ref = np.linalg.lstsq(X, y, rcond=None)[0] if kind == "sse" else np.ones(2)
        base_reach[kind] = 3.0 * max(1.0, float(np.abs(ref).max()))

    def view(s):
        """The static key: the criterion and how far the view reaches (base or 10 x base, to follow the path)."""
        base = base_reach[s["kind"]]
        need = 1.25 * float(np.abs(s["path"][:, 1:]).max()) if s["path"] is not None else 10 * base
        level = 1 if need <= base else 10
        return s["kind"], level * base

    def static(fig, s):
        from .plot import criterion_surface

        kind, reach = view(s)
        left = fig.add_axes((0.07, 0.12, 0.36, 0.76))
        right = fig.add_axes((0.62, 0.12, 0.35, 0.76))
        surface = criterion_surface(X, y, ax=left, kind=kind, bounds=(-reach, reach, -reach, reach),
                                    resolution=81)
        left.set_xlim(-reach, reach)
        left.set_ylim(-reach, reach)
        left.set_aspect("equal", adjustable="box")
        left.set_title(("perceptron criterion J(w)" if kind == "perceptron" else "squared error E(w)")
                       + ", w₀ = 0", fontsize="medium")
        bar = fig.colorbar(surface.filled, ax=left, fraction=0.05, pad=0.03)
        bar.set_label("J(w)" if kind == "perceptron" else "E(w)")
        right.set_xlim(0, controls["n_iter"].max)
        right.set_ylim(0, 1.05 * float(surface.J.max()))  # a path inside the view stays below the surface's top
        right.set_xlabel("iteration")
        right.set_ylabel("J(w)" if kind == "perceptron" else "SSE")
        from .plot import OKABE_ITO

        a = {"left": left, "right": right, "surface": surface,
             "path": left.plot([], [], "-o", color=OKABE_ITO[4], markersize=3.5, linewidth=1.4, zorder=3)[0],
             "start": left.plot([], [], "o", color="white", markeredgecolor="black", markersize=8, zorder=4)[0],
             "end": left.plot([], [], "*", color=OKABE_ITO[4], markeredgecolor="black", markersize=13, zorder=4)[0],
             "curve": right.plot([], [], color=OKABE_ITO[0], linewidth=1.6)[0],
             "note": right.text(0.5, 0.5, "", ha="center", va="center", transform=right.transAxes)}
        _animate(a["path"], a["start"], a["end"], a["curve"], a["note"])
        return a

    def draw(a, s):
        path = s["path"]
        if path is not None:
            a["path"].set_data(path[:, 1], path[:, 2])
            a["start"].set_data(path[:1, 1], path[:1, 2])
            a["end"].set_data(path[-1:, 1], path[-1:, 2])
            a["curve"].set_data(np.arange(len(s["values"])), s["values"])
            a["note"].set_text("")
        else:
            for name in ("path", "start", "end", "curve"):
                a[name].set_data([], [])
            a["note"].set_text("diverged:\nη too large")
        return {"surface": a["surface"], "path": a["path"], "curve": a["curve"] if path is not None else None}

    def alt(s):
        name = "perceptron criterion J" if s["kind"] == "perceptron" else "squared error E"
        if s["w"] is None:
            return f"Contours of the {name} over (w1, w2); the descent diverged, so no path is drawn."
        w0, w = s["path"][0], s["w"]
        return (f"Left: contours of the {name} over (w1, w2) with w0 = 0, and the descent path of "
                f"{len(s['path']) - 1} steps from ({w0[1]:.2f}, {w0[2]:.2f}) to ({w[1]:.2f}, {w[2]:.2f}). "
                f"Right: the criterion at each iterate, from {s['values'][0]:.3g} to {s['values'][-1]:.3g}.")

    def describe(s):
        if s["w"] is None:
            return f"<b>diverged</b>: {s['message']}"
        steps, allowed = len(s["path"]) - 1, controls["n_iter"].value
        if s["converged"]:  # J = 0: the gradient is 0, so the descent stops; say so, or "steps" seems dead
            status = ("all examples correct" if steps == allowed else
                      f"all examples correct after {steps} of the {allowed} steps allowed: J = 0 has gradient 0, "
                      "so more steps change nothing")
        else:
            status = s["message"] or ("not yet separating" if s["kind"] == "perceptron" else "descending")
        return (f"{steps} steps, last w = <b>{_wvec(s['w'])}</b>, "
                f"{'J' if s['kind'] == 'perceptron' else 'SSE'} = {s['values'][-1] + 0.0:.3g} ({status})")

    return _explorer_class()("gradient_descent_explorer", controls, compute, draw, describe,
                             rows=[("criterion", "schedule"), ("eta", "n_iter")], figsize=(9.0, 4.0),
                             static=static, static_key=view, alt=alt,
                             # the four views (two criteria, two reaches), drawn once now
                             warm=[{"criterion": c, "eta": e} for c in _CRITERIA
                                   for e in (10.0 ** controls["eta"].max, 10.0 ** controls["eta"].min)])


# --------------------------------------------------------------------------
# 6. Multiclass
# --------------------------------------------------------------------------

_SCHEMES = ("one-vs-rest", "pairwise", "linear machine")
_METHODS = ("centroid", "perceptron", "least_squares")


def multiclass_state(X, y, scheme, method="centroid", *, resolution=100) -> dict:
    """Fit a multiclass scheme and measure how much of the plane it leaves ambiguous.

    Parameters
    ----------
    X : array-like of shape (n, 2)
    y : array-like of shape (n,), any class labels
    scheme : {"one-vs-rest", "pairwise", "linear machine"}
    method : {"centroid", "perceptron", "least_squares"}
        The binary learner of one-vs-rest and pairwise (the linear machine
        trains with its own perceptron rule).
    resolution : int, default 100
        Grid points per side for the ambiguous fraction.

    Returns
    -------
    dict
        ``model``, ``scheme``, ``method``, ``accuracy`` (on X), ``n_classifiers``,
        ``W`` (their weight vectors), ``ambiguous_fraction`` (of the padded box
        around X), ``converged`` (False when a perceptron stopped at its epoch limit).

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.blobs(10, 3, seed=0)
    >>> s = lk.widgets.multiclass_state(X, y, "one-vs-rest")
    >>> s["n_classifiers"], s["accuracy"], s["ambiguous_fraction"] > 0
    (3, 1.0, True)
    >>> lk.widgets.multiclass_state(X, y, "linear machine")["ambiguous_fraction"]
    0.0
    """
    from .plot import _check_X2, _padded_box

    X = _check_X2(X)
    check_choice(scheme, "scheme", _SCHEMES)
    check_choice(method, "method", _METHODS)
    resolution = check_count(resolution, "resolution", minimum=2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        if scheme == "linear machine":
            model = linear_machine(X, y)
        else:
            fit = one_vs_rest if scheme == "one-vs-rest" else one_vs_one
            kwargs = {"max_epochs": 100} if method == "perceptron" else {}
            model = fit(X, y, method=method, **kwargs)
    x0, x1, y0, y1 = _padded_box(X)
    gx, gy = np.meshgrid(np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution))
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    return {
        "model": model,
        "scheme": scheme,
        "method": method,
        "accuracy": float(np.mean(model.predict(X) == np.asarray(y))),
        "n_classifiers": int(model.W.shape[0]),
        "W": model.W,
        "ambiguous_fraction": float(np.mean(model.ambiguous(grid))),
        "converged": not any(issubclass(w.category, ConvergenceWarning) for w in caught),
    }


def multiclass_explorer(X=None, y=None, *, scheme="one-vs-rest", method="centroid"):
    """One data set, three ways to handle k classes: one-vs-rest, pairwise and the linear machine.

    Colours the plane by the predicted class, hatches the ambiguous regions
    (claimed by no classifier or several, or a tied vote) and draws the
    binary classifiers' lines.

    Parameters
    ----------
    X, y : optional
        2-D data with any k class labels; default ``lk.datasets.blobs(15, 3, seed=0)``.
    scheme, method : starting values of the controls.

    Returns
    -------
    Explorer
        Controls ``scheme`` and ``method``; ``state`` is :func:`multiclass_state`.
    """
    X, y = _data(X, y, lambda: datasets.blobs(15, 3, seed=0), binary=False)
    check_choice(scheme, "scheme", _SCHEMES)
    check_choice(method, "method", _METHODS)
    controls = {
        "scheme": _toggles("scheme", _SCHEMES, scheme),
        "method": _w().Dropdown(options=_METHODS, value=method, description="binary learner",
                                style={"description_width": "initial"}),
    }

    from .plot import _padded_box, class_style

    box = _padded_box(X)
    classes = np.unique(y)
    palette = np.array([[int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)] for c, _, _ in class_style(classes)])
    res = 150
    gx, gy = np.meshgrid(np.linspace(box[0], box[1], res), np.linspace(box[2], box[3], res))
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    stripes = ((np.arange(res)[:, None] + np.arange(res)[None, :]) % 6) < 2  # hatching "///" in the image
    fits = {}

    def compute(v):
        controls["method"].disabled = v["scheme"] == "linear machine"
        return fit(v["scheme"], v["method"])

    def fit(scheme, method):
        key = (scheme, "" if scheme == "linear machine" else method)
        if key not in fits:  # at most seven distinct fits: each is computed once
            state = multiclass_state(X, y, scheme, method)
            model = state["model"]
            codes = np.searchsorted(classes, np.asarray(model.predict(grid))).reshape(res, res)
            image = 1 - 0.25 * (1 - palette[codes])  # the class colour at 25 % on white
            mask = None
            if callable(getattr(model, "ambiguous", None)):
                mask = np.asarray(model.ambiguous(grid), dtype=bool).reshape(res, res)
                image[mask & stripes] = 0.45
            state.update(image=image, ambiguous_mask=mask, grid=grid, codes=codes)
            fits[key] = state
        return fits[key]

    for scheme_ in _SCHEMES:  # all seven fits now, so that moving a control only picks one
        for method_ in _METHODS:
            fit(scheme_, method_)

    def static(fig, s):
        from matplotlib.patches import Patch

        from .plot import data

        ax = fig.add_axes((0.1, 0.1, 0.62, 0.82))
        ax.set_xlim(box[0], box[1])
        ax.set_ylim(box[2], box[3])
        regions = ax.imshow(s["image"], extent=box, origin="lower", interpolation="nearest", aspect="auto",
                            zorder=0)
        points = data(X, y, ax=ax, legend=False)
        title = ax.text(0.5, 1.02, "", transform=ax.transAxes, ha="center", va="bottom", fontsize="medium")
        handles, labels = ax.get_legend_handles_labels()
        fig.legend([*handles, Patch(facecolor="0.75", hatch="///", edgecolor="0.45")], [*labels, "ambiguous"],
                   loc="upper right", fontsize="small", frameon=False)
        _animate(regions, points.points, title)
        return {"ax": ax, "regions": regions, "data": points, "title": title}

    def draw(a, s):
        from .plot import boundary

        ax = a["ax"]
        a["regions"].set_data(s["image"])
        lines = []
        if s["scheme"] != "linear machine":
            model = s["model"]
            colours = [c for c, _, _ in class_style(model.classes)]
            pairs = getattr(model, "pairs", ()) or [(c,) for c in range(len(model.classes))]
            for w, pair in zip(s["W"], pairs):
                if np.any(w[1:] != 0):
                    lines.append(boundary(w, ax=ax, normal=True, color=colours[pair[0]], linewidth=1.2,
                                          linestyle="--" if len(pair) > 1 else "-"))
        a["title"].set_text(s["scheme"] + ("" if s["scheme"] == "linear machine" else f" ({s['method']})"))
        return {"regions": a["regions"], "data": a["data"], "lines": lines, "title": a["title"]}

    def alt(s):
        counts = ", ".join(f"{int(np.sum(y == c))} of class {c}" for c in classes)
        lines = "; ".join(_equation(w) for w in s["W"]) if s["scheme"] != "linear machine" else ""
        return (f"The plane coloured by the class that {s['scheme']}"
                f"{'' if s['scheme'] == 'linear machine' else ' with ' + s['method']} predicts, over the data "
                f"({counts}). {s['ambiguous_fraction']:.0%} of the area is ambiguous and hatched"
                + (f". Its {s['n_classifiers']} binary boundaries: {lines}." if lines else "."))

    def describe(s):
        note = "" if s["converged"] else " (a perceptron did not converge)"
        return (f"{s['n_classifiers']} linear functions; training accuracy <b>{s['accuracy']:.0%}</b>; "
                f"ambiguous: <b>{s['ambiguous_fraction']:.0%}</b> of the plotted area{note}")

    return _explorer_class()("multiclass_explorer", controls, compute, draw, describe, rows=[("scheme", "method")],
                             figsize=(7.0, 4.6), static=static, alt=alt)


# --------------------------------------------------------------------------
# 7. Feature map
# --------------------------------------------------------------------------

_LEARNERS = {
    "perceptron": lambda Z, y: _quietly(perceptron, Z, y, max_epochs=1000),
    "least squares": least_squares_classifier,
    "basic linear classifier": centroid_classifier,
}


def feature_map_state(X, y, learner="perceptron") -> dict:
    """Learn a linear classifier on the squared features (x1^2, x2^2).

    Returns
    -------
    dict
        ``Z`` (the squared features), ``result``, ``w`` = (b, v1, v2) with
        boundary ``b + v1 x1^2 + v2 x2^2 = 0``, ``errors`` (training mistakes),
        ``conic`` ("ellipse", "hyperbola", "parabola-like", "empty" or "line"
        describing the boundary in (x1, x2)), ``learner``.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y = lk.datasets.ring(80, seed=0)
    >>> s = lk.widgets.feature_map_state(X, y)
    >>> s["errors"], s["conic"]
    (0, 'ellipse')
    """
    X = check_X(X)
    y = check_binary_y(y, X.shape[0])
    check_choice(learner, "learner", tuple(_LEARNERS))
    Z = square_features(X)
    result = _LEARNERS[learner](Z, y)
    w = np.asarray(result.w, dtype=float)
    b, v1, v2 = w
    if v1 == 0 and v2 == 0:
        kind = "none"
    elif v1 * v2 > 0:
        kind = "ellipse" if b * v1 < 0 else "empty"
    elif v1 * v2 < 0:
        kind = "hyperbola" if b != 0 else "line pair"
    else:
        kind = "line pair" if -b / (v1 + v2) > 0 else "empty"
    return {"Z": Z, "result": result, "w": w, "errors": int(np.sum(result.predict(Z) != y)),
            "conic": kind, "learner": learner}


def feature_map_explorer(X=None, y=None, *, learner="perceptron"):
    """The ring data in (x1, x2) and in (x1^2, x2^2): a curved boundary becomes a straight one.

    Without data, sliders set the semi-axes a and b of the ellipse that
    separates the classes (``lk.datasets.circles``).

    Parameters
    ----------
    X, y : optional
        2-D data with labels -1/+1.
    learner : {"perceptron", "least squares", "basic linear classifier"}

    Returns
    -------
    Explorer
        Controls ``learner`` and, without data, ``a`` and ``b``; ``state`` is
        :func:`feature_map_state`.
    """
    check_choice(learner, "learner", tuple(_LEARNERS))
    given = X is not None or y is not None
    if given:
        X, y = _data(X, y, None)
    controls = {"learner": _w().Dropdown(options=list(_LEARNERS), value=learner, description="learner")}
    if not given:
        controls["a"] = _slider("a (x₁ semi-axis)", 1.0, 0.5, 2.0, 0.25, continuous=True)
        controls["b"] = _slider("b (x₂ semi-axis)", 1.0, 0.5, 2.0, 0.25, continuous=True)

    sizes = [0.5 + 0.25 * i for i in range(7)]  # the sliders' values
    reach = 2 * max(sizes) * 1.05 if not given else None
    fits = {}

    def compute(v):
        key = (v["learner"], None, None) if given else (v["learner"], v["a"], v["b"])
        if key not in fits:
            X_, y_ = (X, y) if given else datasets.circles(120, a=v["a"], b=v["b"], seed=0)
            state = feature_map_state(X_, y_, v["learner"])
            state.update(X=X_, y=y_)
            fits[key] = state
        return fits[key]

    def static(fig, s):
        from .plot import data

        left = fig.add_axes((0.07, 0.12, 0.38, 0.78))
        right = fig.add_axes((0.55, 0.12, 0.38, 0.78))
        if given:  # the view of the data given, as lk.plot.feature_map would choose it
            _fix_limits(left, X)
            _fix_limits(right, X**2)
        else:  # one view for every (a, b), so that the semi-axes visibly change the picture
            left.set_xlim(-reach, reach)
            left.set_ylim(-reach, reach)
            right.set_xlim(-0.05 * reach**2, reach**2)
            right.set_ylim(-0.05 * reach**2, reach**2)
        left.set_aspect("equal", adjustable="box")  # an ellipse must look like one
        right.set_aspect("equal", adjustable="box")
        left.set_title("raw features (x₁, x₂): a conic", fontsize="medium")
        right.set_title("squared features (x₁², x₂²): a line", fontsize="medium")
        raw = data(s["X"], s["y"], ax=left, legend=False)
        squared = data(s["X"] ** 2, s["y"], ax=right, legend=False, axis_labels=("x₁²", "x₂²"))
        from matplotlib.collections import LineCollection

        conic = LineCollection([], colors="black", linewidths=1.8, zorder=3)
        left.add_collection(conic, autolim=False)
        left.legend(loc="upper right", fontsize="x-small")
        _animate(raw.points, squared.points, conic)
        return {"left": left, "right": right, "raw": raw, "squared": squared, "conic": conic}

    def draw(a, s):
        import contourpy

        from .plot import boundary

        for label in a["raw"].points:
            a["raw"].points[label].set_offsets(s["X"][s["y"] == label])
            a["squared"].points[label].set_offsets(s["X"][s["y"] == label] ** 2)
        line = None
        w = s["w"]
        if s["conic"] != "none":
            x0, x1 = a["left"].get_xlim()
            y0, y1 = a["left"].get_ylim()
            gx, gy = np.linspace(2 * x0, 2 * x1, 300), np.linspace(2 * y0, 2 * y1, 300)
            score = w[0] + w[1] * gx[None, :] ** 2 + w[2] * gy[:, None] ** 2
            a["conic"].set_segments(contourpy.contour_generator(gx, gy, score, line_type="Separate").lines(0.0))
            line = boundary(w, ax=a["right"])
        else:
            a["conic"].set_segments([])
        return {"raw": a["raw"], "squared": a["squared"], "conic": a["conic"], "line": line}

    def alt(s):
        b, v1, v2 = s["w"]
        n_pos = int(np.sum(s["y"] > 0))
        shape = ""
        if s["conic"] == "ellipse":
            shape = f" with semi-axes {np.sqrt(-b / v1):.2f} along x₁ and {np.sqrt(-b / v2):.2f} along x₂"
        return (f"Left: {n_pos} points of class +1 inside and {len(s['y']) - n_pos} of class −1 outside, in "
                f"(x₁, x₂) with equal scales, and the learnt boundary {b:.2f} + {v1:.2f} x₁² + {v2:.2f} x₂² = 0, "
                f"{'an' if s['conic'][0] in 'aeiou' else 'a'} {s['conic']}{shape}. Right: the same points in (x₁², x₂²), where the boundary is a straight "
                f"line with its normal vector. Training mistakes: {s['errors']}.")

    def describe(s):
        b, v1, v2 = s["w"]
        return (f"boundary {b:.2f} + {v1:.2f} x1² + {v2:.2f} x2² = 0: a <b>{s['conic']}</b> in (x1, x2), "
                f"a line in (x1², x2²); training mistakes: <b>{s['errors']}</b>")

    rows = [("learner",)] if given else [("learner", "a", "b")]
    return _explorer_class()("feature_map_explorer", controls, compute, draw, describe, rows=rows, figsize=(9.0, 4.4),
                             static=static, alt=alt)


# --------------------------------------------------------------------------
# Helpers for pictures updated in place
# --------------------------------------------------------------------------


def _line_xy(w, view):
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


def _animate(*artists):
    """Mark artists (nested in dicts, lists or tuples) as the changing part of a picture (see Explorer._render)."""
    for a in artists:
        if isinstance(a, dict):
            _animate(*a.values())
        elif isinstance(a, (list, tuple)):
            _animate(*a)
        elif a is not None and hasattr(a, "set_animated"):
            a.set_animated(True)


def _equation(w) -> str:
    """'w0 + w1·x₁ + w2·x₂ = 0' with two decimals, for read-outs and text alternatives."""
    b, w1, w2 = (float(t) + 0.0 for t in w)
    return f"{'−' if w1 < 0 else ''}{abs(w1):.2f}·x₁ {'+' if w2 >= 0 else '−'} {abs(w2):.2f}·x₂ {'+' if b >= 0 else '−'} {abs(b):.2f} = 0"


def _error_rate(w, X, y) -> float:
    """Fraction of (X, y) that w misclassifies (a score of 0 counts as a mistake, as in training)."""
    return float(np.mean(y * (X @ w[1:] + w[0]) <= 0))


# --------------------------------------------------------------------------
# 8. One outlier and the class balance (chapter 3)
# --------------------------------------------------------------------------

_OUTLIER_VIEW = (-8.5, 8.5, -8.5, 8.5)
_OUTLIER_LEARNERS = ("basic linear classifier", "least squares", "perceptron")


@functools.cache
def _outlier_pool():
    """Two seeded Gaussian clouds: 60 candidates of class +1 and 20 examples of class -1."""
    rng = np.random.default_rng(3)
    pos = rng.normal((1.5, 1.0), 0.9, size=(60, 2))
    neg = rng.normal((-1.5, -1.0), 0.9, size=(20, 2))
    pos.setflags(write=False)
    neg.setflags(write=False)
    return pos, neg


def outlier_state(ox=6.0, oy=-6.0, n_pos=20, *, X=None, y=None, label=1, max_epochs=100) -> dict:
    """Three linear classifiers on data with one movable outlier and a chosen class balance.

    The training set is the first ``n_pos`` examples of class +1 and every
    example of class -1 of (X, y), plus one outlier at (ox, oy) with class
    ``label``.  On it are fitted the basic linear classifier (the
    perpendicular bisector of the class means, Flach §7.1), the least-squares
    classifier and the perceptron (Flach, Alg. 7.1, from w = 0, eta = 1).  The
    outlier moves a class mean by (outlier - mean) / (class size), so the
    fewer examples its class has, the further one point drags the
    closest-centroid boundary.

    Parameters
    ----------
    ox, oy : float
        Position of the outlier.
    n_pos : int >= 1
        How many examples of class +1 to keep (the class balance).
    X, y : optional
        2-D data with labels -1/+1; default 60 candidates of class +1 around
        (1.5, 1) and 20 examples of class -1 around (-1.5, -1), seed 3.
    label : {1, -1}, default 1
        Class of the outlier.
    max_epochs : int, default 100
        The perceptron's epoch limit (one outlier can make the data
        non-separable).

    Returns
    -------
    dict
        ``X``, ``y`` (the training set, outlier last), ``outlier``,
        ``label``, ``n_pos``, ``n_neg`` (class sizes, outlier included),
        ``mu_pos``, ``mu_neg`` (class means), ``w`` (dict learner -> homogeneous
        weights, bias first), ``error`` (dict learner -> training error rate,
        a score of 0 counting as a mistake), ``converged``, ``n_updates``
        (the perceptron's).

    Examples
    --------
    >>> import lecturekit as lk
    >>> s = lk.widgets.outlier_state(6.0, -6.0, 20)
    >>> s["n_pos"], s["n_neg"], sorted(s["error"])
    (21, 20, ['basic linear classifier', 'least squares', 'perceptron'])
    """
    if X is None and y is None:
        pos, neg = _outlier_pool()
    else:
        X, y = _data(X, y, None)
        pos, neg = X[y > 0], X[y < 0]
    n_pos = check_count(n_pos, "n_pos")
    if n_pos > pos.shape[0]:
        raise ValueError(f"n_pos must be at most the {pos.shape[0]} examples of class +1 available; got {n_pos}.")
    if label not in (1, -1) or isinstance(label, bool):
        raise ValueError(f"label must be 1 or -1, the outlier's class; got {label!r}.")
    if not all(isinstance(t, numbers.Real) and not isinstance(t, bool) and np.isfinite(t) for t in (ox, oy)):
        raise ValueError(f"the outlier (ox, oy) must be a finite point, two numbers; got ({ox!r}, {oy!r}).")
    outlier = np.array([ox, oy], dtype=float)
    X = np.vstack([pos[:n_pos], neg, outlier[None, :]])
    y = np.r_[np.ones(n_pos, dtype=int), -np.ones(neg.shape[0], dtype=int), label]
    w = {
        "basic linear classifier": centroid_classifier(X, y).w,
        "least squares": least_squares_classifier(X, y).w,
    }
    result = _quietly(perceptron, X, y, max_epochs=check_count(max_epochs, "max_epochs"), engine=_explorer_engine())
    w["perceptron"] = result.w
    return {
        "X": X, "y": y, "outlier": outlier, "label": int(label),
        "n_pos": int(np.sum(y > 0)), "n_neg": int(np.sum(y < 0)),
        "mu_pos": X[y > 0].mean(axis=0), "mu_neg": X[y < 0].mean(axis=0),
        "w": w, "error": {name: _error_rate(wk, X, y) for name, wk in w.items()},
        "converged": bool(result.converged), "n_updates": int(result.n_updates),
    }


def outlier_explorer(*, ox=6.0, oy=-6.0, n_pos=20):
    """Move one outlier of class +1 and change how many examples class +1 has (chapter 3).

    Shows the basic linear classifier (the perpendicular bisector of the two
    class means, both drawn), the least-squares classifier and the perceptron
    on the same data, and reads out their three training error rates.  The
    data are fixed and seeded (:func:`outlier_state`); the view is fixed, so
    what moves is the boundaries, not the axes.

    Parameters
    ----------
    ox, oy, n_pos : starting values of the controls.

    Returns
    -------
    Explorer
        Controls ``ox``, ``oy`` (the outlier's position) and ``n_pos`` (the
        number of examples of class +1, outlier not counted); ``state`` is
        :func:`outlier_state`.
    """
    outlier_state(ox, oy, n_pos)  # checks the starting values
    wid = _w()
    x0, x1, y0, y1 = _OUTLIER_VIEW
    controls = {
        "ox": _slider("outlier x₁", float(ox), -8.0, 8.0, 0.5, continuous=True, fmt=".1f"),
        "oy": _slider("outlier x₂", float(oy), -8.0, 8.0, 0.5, continuous=True, fmt=".1f"),
        "n_pos": wid.IntSlider(value=int(n_pos), min=1, max=_outlier_pool()[0].shape[0], step=1,
                               description="examples of class +1", continuous_update=True,
                               style={"description_width": "initial"}, layout=wid.Layout(width="300px")),
    }
    styles = {"basic linear classifier": ("#009E73", "-"), "least squares": ("#CC79A7", "--"),
              "perceptron": ("#000000", "-.")}

    def compute(v):
        return outlier_state(v["ox"], v["oy"], v["n_pos"])

    def draw(fig, s):
        from .plot import OKABE_ITO

        ax = fig.add_axes((0.09, 0.1, 0.58, 0.85))  # the legend goes to the right, off the data
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        ax.set_aspect("equal", adjustable="box")
        ax.set_xlabel("x₁")
        ax.set_ylabel("x₂")
        a = {
            "pos": ax.scatter([], [], s=30, color=OKABE_ITO[0], marker="P", edgecolors="white", linewidths=0.5,
                              zorder=2, label="y = +1"),
            "neg": ax.scatter([], [], s=30, color=OKABE_ITO[1], marker="o", edgecolors="white", linewidths=0.5,
                              zorder=2, label="y = −1"),
            "outlier": ax.scatter([], [], s=220, facecolors="none", edgecolors="black", linewidths=1.5, zorder=4,
                                  label="the outlier"),
            "link": ax.plot([], [], color="0.4", linestyle=":", linewidth=1.0, zorder=1)[0],
            "centroids": ax.scatter([0, 0], [0, 0], s=160, c=[OKABE_ITO[0], OKABE_ITO[1]], marker="X", edgecolors="black",
                                    linewidths=1.0, zorder=5, label="class means"),
            "lines": {name: ax.plot([], [], color=c, linestyle=ls, linewidth=1.8, zorder=3, label=name)[0]
                      for name, (c, ls) in styles.items()},
        }
        # a static legend, outside the axes: drawing a legend costs more than all the data
        fig.legend(*ax.get_legend_handles_labels(), loc="upper right", fontsize="small", frameon=False)
        _animate(a)
        return refresh(fig, a, s)

    def refresh(fig, a, s):
        X, y = s["X"], s["y"]
        a["pos"].set_offsets(X[y > 0])  # the outlier too, with its class's marker, inside its ring
        a["neg"].set_offsets(X[y < 0])
        a["outlier"].set_offsets(s["outlier"][None, :])
        mus = np.vstack([s["mu_pos"], s["mu_neg"]])
        a["centroids"].set_offsets(mus)
        a["link"].set_data(mus[:, 0], mus[:, 1])
        for name, line in a["lines"].items():
            line.set_data(*_line_xy(s["w"][name], _OUTLIER_VIEW))
        return a

    def describe(s):
        rates = ", ".join(f"{name} <b>{s['error'][name]:.1%}</b>" for name in _OUTLIER_LEARNERS)
        note = "" if s["converged"] else " (the perceptron did not converge: the data are not separable)"
        return (f"{s['n_pos']} examples of class +1 (outlier included), {s['n_neg']} of class −1; "
                f"training error: {rates}{note}")

    def alt(s):
        o = s["outlier"]
        lines = "; ".join(f"{name}: {_equation(s['w'][name])}, training error {s['error'][name]:.1%}"
                          for name in _OUTLIER_LEARNERS)
        return (f"Scatter plot of {s['n_pos']} examples of class +1 (blue plus signs) and {s['n_neg']} of "
                f"class −1 (vermillion circles), with the outlier of class {s['label']:+d} ringed at "
                f"({o[0]:.1f}, {o[1]:.1f}). The class means, drawn as crosses, are at "
                f"({s['mu_pos'][0]:.2f}, {s['mu_pos'][1]:.2f}) and ({s['mu_neg'][0]:.2f}, {s['mu_neg'][1]:.2f}). "
                f"Three boundaries: {lines}.")

    return _explorer_class()("outlier_explorer", controls, compute, draw, describe, rows=[("ox", "oy"), ("n_pos",)],
                             figsize=(7.0, 5.0), refresh=refresh, alt=alt)


# --------------------------------------------------------------------------
# 9. The convergence bound (chapter 5)
# --------------------------------------------------------------------------

_BOUND_ANGLE = np.radians(60.0)  # direction of the raw normal v of the reference separator
_BOUND_OFFSET = 0.25  # the reference line v . x = 0.25 rho, a quarter of the way to the rim
_BOUND_K = (1.0, 1e5)  # the fixed view of the inequality plot: updates k ...
_BOUND_Y = (0.02, 2e4)  # ... and values (log scales)


def _explorer_engine() -> str:
    """The perceptron engine for explorers: compiled numba when installed (same answers as the loop), else block."""
    from . import _engines

    return _engines.auto_engine(_engines.AUTO_NUMBA_MIN_VISITS, 1)


@functools.cache
def _bound_pool(n=60, seed=7):
    """n seeded points uniform in the unit disc (read-only)."""
    rng = np.random.default_rng(seed)
    r = np.sqrt(rng.uniform(0.0, 1.0, n))
    t = rng.uniform(0.0, 2 * np.pi, n)
    P = np.column_stack([r * np.cos(t), r * np.sin(t)])
    P.setflags(write=False)
    return P


def bound_state(gamma=0.1, R=3.0) -> dict:
    """A separable data set with margin gamma and radius R in homogeneous coordinates, and the perceptron on it.

    Everything is measured on the points the perceptron sees, the homogeneous
    x̃ = (1, x1, x2) (Flach's and Daumé's convention with a bias):
    ``R = max_i |x̃_i|`` and ``gamma = min_i y_i u* . x̃_i`` for the unit vector
    u* = (b, v) / |(b, v)| whose line is ``v . x = 0.25 rho`` (v at 60 degrees,
    rho = sqrt(R^2 - 1)).  The data are 60 seeded points of the disc of
    radius rho, less those closer than gamma to u*'s hyperplane, plus two
    anchors that make both numbers exact: a point at distance rho from the
    origin (so |x̃| = R) and a point at margin exactly gamma.

    Novikoff's theorem: the perceptron from w = 0 makes at most
    ``(R / gamma)^2`` updates.  Its proof bounds the weights after k updates
    from both sides, ``w̃_k . u* >= k gamma`` and ``|w̃_k| <= sqrt(k) R``, and
    since ``w̃_k . u* <= |w̃_k|``, ``k gamma <= sqrt(k) R``, i.e.
    ``k <= (R / gamma)^2``: the bound is where the line k gamma overtakes
    the curve sqrt(k) R.

    Parameters
    ----------
    gamma : float in (0, 0.6]
        The margin of u*, in homogeneous coordinates.
    R : float in [1.5, 20]
        The radius in homogeneous coordinates (at least 1: the constant
        coordinate alone has length 1).

    Returns
    -------
    dict
        ``X``, ``y`` (raw data, labels -1/+1), ``u`` (u*, homogeneous, unit),
        ``gamma``, ``R`` (measured with :func:`lecturekit.margin` and
        :func:`lecturekit.radius`), ``rho``, ``bound`` ((R / gamma)^2),
        ``n_updates``, ``epochs``, ``converged``, ``w`` (final weights),
        ``k`` (1..n_updates), ``projection`` (w̃_k . u* for each k) and
        ``norm`` (|w̃_k| for each k).

    Examples
    --------
    >>> import lecturekit as lk
    >>> s = lk.widgets.bound_state(0.1, 3.0)
    >>> round(s["R"], 12), round(s["gamma"], 12), round(s["bound"], 6), s["n_updates"] <= s["bound"]
    (3.0, 0.1, 900.0, True)
    """
    from .theory import margin, radius

    if isinstance(gamma, bool) or not isinstance(gamma, numbers.Real) or not 0 < gamma <= 0.6:
        raise ValueError(f"gamma must be a margin in (0, 0.6]; got {gamma!r}. Try gamma=0.1.")
    if isinstance(R, bool) or not isinstance(R, numbers.Real) or not 1.5 <= R <= 20:
        raise ValueError(f"R must be a radius in [1.5, 20] (homogeneous points have |x̃| >= 1); got {R!r}. "
                         "Try R=3.")
    gamma, R = float(gamma), float(R)
    rho = np.sqrt(R * R - 1.0)
    v = np.array([np.cos(_BOUND_ANGLE), np.sin(_BOUND_ANGLE)])
    c = -_BOUND_OFFSET * rho  # the raw line v . x + c = 0
    scale = np.hypot(1.0, c)  # |(c, v)|
    u = np.r_[c, v] / scale
    P = rho * _bound_pool()
    m = (P @ v + c) / scale  # signed homogeneous margins of u*
    keep = np.abs(m) >= gamma
    side = np.array([-v[1], v[0]])
    anchors = np.vstack([rho * v,  # |(1, x)| = R exactly
                         (-c - gamma * scale) * v + 0.3 * rho * side])  # y u* . (1, x) = gamma exactly
    X = np.vstack([P[keep], anchors])
    y = np.where(X @ v + c > 0, 1, -1)
    gamma_measured, R_measured = margin(u, X, y), radius(X)
    bound = (R_measured / gamma_measured) ** 2
    # From w = 0 every epoch but the last makes an update, so bound + 1 epochs always suffice.
    result = perceptron(X, y, max_epochs=int(bound) + 2, keep_weights=True, engine=_explorer_engine())
    W = result.trace.weights[1:]  # w̃_1, ..., w̃_K (the trace starts with w̃_0 = 0)
    return {
        "X": X, "y": y, "u": u, "gamma": gamma_measured, "R": R_measured, "rho": float(rho), "bound": bound,
        "n_updates": int(result.n_updates), "epochs": int(result.epochs), "converged": bool(result.converged),
        "w": result.w, "k": np.arange(1, W.shape[0] + 1), "projection": W @ u,
        "norm": np.sqrt(np.sum(W * W, axis=1)),
    }


def bound_explorer(*, gamma=0.1, R=3.0):
    """Novikoff's bound (R/γ)² against the perceptron's actual number of updates (chapter 5).

    Left: the data (:func:`bound_state`), scaled by rho = sqrt(R^2 - 1) so
    that the picture keeps its size, with the reference separator u* and its
    margin band and the perceptron's final boundary.  Right, on log-log axes:
    the two inequalities of the proof over the updates k, ``w̃_k . u* >= k γ``
    and ``|w̃_k| <= sqrt(k) R``, with the bound where k γ overtakes sqrt(k) R.

    Parameters
    ----------
    gamma, R : starting values of the controls (homogeneous coordinates).

    Returns
    -------
    Explorer
        Controls ``gamma`` and ``R``; ``state`` is :func:`bound_state`.
    """
    bound_state(gamma, R)  # checks the starting values
    controls = {
        "gamma": _slider("margin γ", float(gamma), 0.05, 0.5, 0.05, continuous=True, fmt=".2f"),
        "R": _slider("radius R", float(R), 1.5, 10.0, 0.5, continuous=True, fmt=".1f"),
    }
    kk = np.geomspace(*_BOUND_K, 200)

    def compute(v):
        return bound_state(v["gamma"], v["R"])

    def draw(fig, s):
        from matplotlib.patches import Circle

        from .plot import OKABE_ITO

        left = fig.add_axes((0.06, 0.12, 0.36, 0.78))
        right = fig.add_axes((0.53, 0.12, 0.3, 0.78))
        left.set_xlim(-1.15, 1.15)
        left.set_ylim(-1.15, 1.15)
        left.set_aspect("equal", adjustable="box")
        left.set_xlabel("x₁ / ρ")
        left.set_ylabel("x₂ / ρ")
        left.set_title("the data divided by ρ = √(R² − 1)", fontsize="small")
        left.add_patch(Circle((0, 0), 1.0, fill=False, edgecolor="0.6", linewidth=0.8, linestyle=":"))
        right.set_xscale("log")
        right.set_yscale("log")
        right.set_xlim(*_BOUND_K)
        right.set_ylim(*_BOUND_Y)
        right.set_xlabel("updates k")
        a = {
            "pos": left.scatter([], [], s=26, color=OKABE_ITO[0], marker="P", edgecolors="white", linewidths=0.5,
                                zorder=2),
            "neg": left.scatter([], [], s=26, color=OKABE_ITO[1], marker="o", edgecolors="white", linewidths=0.5,
                                zorder=2),
            "u_line": left.plot([], [], color="#009E73", linewidth=1.6, zorder=3)[0],
            "u_band": left.fill_between([0, 1], [0, 0], [0, 0], color="#009E73", alpha=0.15, linewidth=0, zorder=1),
            "w_line": left.plot([], [], color="black", linestyle="--", linewidth=1.4, zorder=3)[0],
            "lower": right.plot(kk, kk * s["gamma"], color="#009E73", linestyle="--", linewidth=1.2)[0],
            "upper": right.plot(kk, np.sqrt(kk) * s["R"], color="#D55E00", linestyle="--", linewidth=1.2)[0],
            "projection": right.plot([], [], color="#009E73", linewidth=2.0)[0],
            "norm": right.plot([], [], color="#D55E00", linewidth=2.0)[0],
            "bound": right.axvline(1.0, color="black", linewidth=1.0, linestyle=":"),
            "updates": right.axvline(1.0, color="black", linewidth=1.6),
        }
        from matplotlib.lines import Line2D

        handles = [Line2D([], [], color="#009E73", linewidth=1.6), Line2D([], [], color="black", linestyle="--"),
                   a["projection"], a["lower"], a["norm"], a["upper"], a["updates"], a["bound"]]
        labels = ["u* (margin γ shaded)", "perceptron's boundary", "w̃ₖ · u*", "k γ (≤ w̃ₖ · u*)", "‖w̃ₖ‖",
                  "√k R (≥ ‖w̃ₖ‖)", "actual updates", "bound (R/γ)²"]
        fig.legend(handles, labels, loc="center right", fontsize="x-small", frameon=False)
        _animate(a)
        return refresh(fig, a, s)

    def refresh(fig, a, s):
        X, y, rho = s["X"] / s["rho"], s["y"], s["rho"]
        a["pos"].set_offsets(X[y > 0])
        a["neg"].set_offsets(X[y < 0])
        view = (-1.15, 1.15, -1.15, 1.15)
        u = s["u"]
        # in scaled coordinates z = x / rho the line u0 + u . x = 0 is u0 / rho + u . z = 0
        a["u_line"].set_data(*_line_xy([u[0] / rho, u[1], u[2]], view))
        width = s["gamma"] / (rho * np.hypot(u[1], u[2]))  # the band |u* . x̃| <= gamma, scaled
        xs, ys = _line_xy([u[0] / rho, u[1], u[2]], view)
        n = np.array([u[1], u[2]]) / np.hypot(u[1], u[2])
        band = np.array([[xs[0], ys[0]], [xs[1], ys[1]]])
        poly = np.vstack([band + width * n, (band - width * n)[::-1]])
        a["u_band"].set_paths([poly])
        w = s["w"]
        a["w_line"].set_data(*_line_xy([w[0] / rho, w[1], w[2]], view))
        a["lower"].set_ydata(kk * s["gamma"])
        a["upper"].set_ydata(np.sqrt(kk) * s["R"])
        a["projection"].set_data(s["k"], s["projection"])
        a["norm"].set_data(s["k"], s["norm"])
        a["bound"].set_xdata([s["bound"], s["bound"]])
        a["updates"].set_xdata([s["n_updates"], s["n_updates"]])
        return a

    def describe(s):
        return (f"R = {s['R']:.2f}, γ = {s['gamma']:.3f} (homogeneous coordinates, x̃ = (1, x); "
                f"ρ = √(R² − 1) = {s['rho']:.2f}); "
                f"bound (R/γ)² = <b>{s['bound']:.0f}</b> updates; the perceptron made <b>{s['n_updates']}</b> "
                f"in {s['epochs']} epochs ({s['n_updates'] / s['bound']:.1%} of the bound)")

    def alt(s):
        n_pos = int(np.sum(s["y"] > 0))
        return (f"Left: {n_pos} points of class +1 and {len(s['y']) - n_pos} of class −1 in the plane, scaled by "
                f"ρ = {s['rho']:.2f}, with the reference separator u* and its margin band of γ = {s['gamma']:.3f}, "
                f"and the perceptron's final boundary {_equation(s['w'])}. Right, on log-log axes over the updates "
                f"k: w̃ₖ · u* stays above the line k γ and ‖w̃ₖ‖ stays below the curve √k R for all "
                f"{s['n_updates']} updates; the two bounds cross at k = (R/γ)² = {s['bound']:.0f}, the most "
                f"updates the theorem allows.")

    return _explorer_class()("bound_explorer", controls, compute, draw, describe, rows=[("gamma", "R")],
                             figsize=(9.5, 4.2), refresh=refresh, alt=alt)
