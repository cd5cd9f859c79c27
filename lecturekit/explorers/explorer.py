"""The explorer widget: controls, a read-out and a picture that follows them, in one ``VBox``.

An explorer (one per module of this package) is an :class:`Explorer` built
from plain functions: ``compute(values) -> state`` (the explorer's ``*_state``
function), ``describe(state) -> read-out HTML``, ``alt(state) -> text
alternative`` and the drawing functions.  This class does the rest: it
redraws when a control changes, coalesces changes that pile up while the
hand moves, keeps the figure's static part as a cached background
(blitting), and sends each picture to its ``Output`` as one ``<img>`` with
its ``alt`` and the page script (``page.js``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..plot import describe as describe_figure
from ._helpers import DPI, blit, legible, page_script, plain, png

__all__ = ["Explorer"]

_UNSET = object()


def _running_loop():
    """The kernel's asyncio event loop if one is running in this thread, else None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


@functools.cache
def _page_script() -> str:
    """page.js as a <script> element, read once."""
    return page_script()


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

    Parameters
    ----------
    name : str
        The builder's name, for the repr (``Explorer(name: control, ...)``).
    controls : dict of str -> ipywidgets.Widget
        The controls, each with a visible label (its ``description``).
    compute : callable(values) -> dict
        The state for the controls' values (a dict name -> value): the
        explorer's ``*_state`` function, plus anything the drawing needs.
    draw : callable
        ``draw(fig, state) -> artists`` builds the picture; in layered mode
        (with ``static``) ``draw(static_artists, state) -> artists`` adds or
        updates its changing part.
    describe : callable(state) -> str
        The read-out, a line of HTML.
    rows : list of tuples of str
        The controls' names, row by row, in reading order (the Tab order).
    figsize : (float, float)
        The picture's size in inches, at :data:`DPI` dots per inch.
    passive : names of controls that move another control and need no redraw of their own.
    refresh : callable(fig, artists, state) -> artists or None, optional
        Updates the picture in place; None asks for a full draw.
    alt : callable(state) -> str, optional
        The text alternative (default: the read-out as plain text).
    static, static_key : optional
        Layered mode: ``static(fig, state)`` draws what does not change for
        ``static_key(state)`` (one figure per key, kept).
    warm : sequence of dicts of control values
        Views whose static part is drawn when the explorer is built, not
        while the hand moves.

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
        self._still = ""  # the latest picture as static HTML (see _repr_mimebundle_)
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
                control.add_class("lk-choice-slider")  # its read-out takes no typing (see page.js)
            if name not in passive and "value" in control.trait_names():
                control.observe(self.update, names="value")
        for values in warm:  # draw the static parts of other views now, not while the hand moves
            self._warm(self._compute({**self.values, **values}))
        self._redraw(raise_errors=True)

    #: Send, with each picture, the small script that names the controls and makes the read-out a
    #: live region in the page (see page.js).
    a11y_script = True

    def __repr__(self) -> str:  # short and stable: notebooks store it as the cell's text output
        return f"Explorer({self.name}: {', '.join(self.controls)})"

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus a still of its first picture (read-out and image with its text alternative) as HTML:
        JupyterLab and the course's exported pages show the live widget, while a viewer without widgets (a
        notebook read on GitHub, a saved notebook opened without its widget state) shows the still instead of
        the bare text ``Explorer(...)``."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict) and self._still:
            bundle["text/html"] = self._still
        return bundle

    @property
    def values(self) -> dict:
        """The current value of every control that has one."""
        return {name: c.value for name, c in self.controls.items() if "value" in c.trait_names()}

    # -- coalescing -------------------------------------------------------
    @contextlib.contextmanager
    def hold(self):
        """Context manager: changes made inside it give one redraw, for the last values, at the end."""
        self._held += 1
        try:
            yield self
        finally:
            self._held -= 1
            if not self._held and self._stale:
                self._redraw(raise_errors=True)

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
            self.readout.value = self._describe(self.state)
            if self._static is not None:
                self.artists = self._layers(self.state)
            else:
                artists = None
                if self._refresh is not None and self.artists is not None:
                    artists = self._refresh(self.figure, self.artists, self.state)
                if artists is None:  # first picture, or one that cannot be updated in place
                    self._new_figure()
                    with legible():
                        artists = self._draw(self.figure, self.state)
                    self._backgrounds.clear()
                self.artists = artists
            self.alt = self._alt(self.state) if self._alt else plain(self._describe(self.state))
            self._show()
        except Exception as exc:
            # In the browser an exception in a callback only reaches the log: say it here,
            # and take the stale picture down rather than leave a wrong one.
            self.state, self.artists, self._current_key = None, None, _UNSET  # rebuild everything next time
            self._pages.clear()
            self.output.outputs = ()
            self.readout.value = f"<span style='color:#D55E00'>error: {html.escape(str(exc))}</span>"
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
                with legible():
                    axes = self._static(figure, state)
                page = self._pages[key] = {"figure": figure, "canvas": FigureCanvasAgg(figure), "axes": axes,
                                           "dynamic": []}
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
        """Draw the figure (its background cached per view: see :func:`_helpers.blit`); return the RGBA buffer."""
        return blit(self._canvas, self.figure, self._backgrounds, self._view_key())

    def _show(self):
        describe_figure(self.figure, self.alt, whole=True)
        picture = png(self._render())
        width, height = self._size
        # One <img> with its text alternative: JupyterLab's image renderer ignores output
        # metadata, so an image/png output could not carry an alt.  Setting `outputs`
        # (rather than `with output: display(...)`) replaces the picture in one step and
        # works the same with or without a kernel.
        tag = (f'<img src="data:image/png;base64,{picture}" width="{width}" height="{height}" '
               f'alt="{html.escape(self.alt, quote=True)}" class="lk-explorer-figure"/>')
        self._still = (f'<div class="lk-explorer-still">{self.readout.value}'
                       f'<p><em>A still of the explorer (run the cell to use its controls):</em></p>{tag}</div>')
        if self.a11y_script:
            tag += _page_script()
        self.output.outputs = (
            {"output_type": "display_data", "metadata": {},
             "data": {"text/html": tag, "text/plain": "<lecturekit figure>"}},
        )
        self.n_draws += 1

