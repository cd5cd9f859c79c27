"""The course's explorers in JupyterLab, driven from the keyboard.

One notebook, written into the server's folder by the test, displays one
explorer per chapter, and chapter 4's perceptron stepper too. After Run All:

- every slider handle (role="slider") has an accessible name, and it equals
  the slider's visible label; the read-out is a polite live region; every
  picture is an <img> whose alt is a full sentence;
- every explorer is walked with the keyboard alone. Its controls are found in
  its DOM (slider handles and their editable read-outs, buttons, checkboxes,
  dropdowns, any element with an interactive role or a tabindex of 0 or
  more, whatever its own tabindex: a control that Tab skips is still found;
  disabled ones are left out; a widget box holding none is reported). Each
  enabled control has a non-empty accessible name, as chromium's
  accessibility tree computes it, that contains its visible label. From the
  first control, Tab reaches every one in visual order (top to bottom, left
  to right) and then leaves the explorer. Then each is operated from the
  keyboard: an arrow key on a slider handle (Home/End when one step changes
  nothing at that value), the old value typed into its read-out, Space and
  Enter on toggle buttons and checkboxes, ArrowDown/ArrowUp on a dropdown,
  Enter on a button, Enter on Play, Enter again to pause, Enter on stop;
  after each, the picture or the read-out changes, the control keeps the
  focus, a handle announces the value its read-out shows, the pressed toggle
  button is the aria-pressed one, and at the end every control is back
  where it was (the read-out is the one at the start);
- one explorer with known values: its sliders are found by role and name, as
  a screen reader would, and ArrowRight gives the expected read-out;
- for each explorer, the time from a slider's keyboard step to the
  new picture on screen is measured and reported (never asserted: timings
  depend on the machine).
"""

import collections
import re
import statistics
import time
import traceback

import nbformat
import pytest

from .browser_support import SUMMARY, LabNotebook, PageWatch, save_failure

pytestmark = pytest.mark.browser

# chapter -> the explorer call its notebook embeds
EXPLORERS = [
    ("1 dot product", "lk.widgets.dot_product_explorer()"),
    ("2 hyperplane", "lk.widgets.hyperplane_explorer()"),
    ("3 closest centroid", "lk.widgets.outlier_explorer()"),
    ("4 perceptron", "lk.widgets.learning_rate_explorer()"),
    # shown at update 2 (as after pressing "next" twice): at update 0 the weights are the start
    # weights whatever η is, so the η slider would change nothing there
    ("4 perceptron stepper", 'stepper = lk.widgets.perceptron_stepper()\nstepper.controls["step"].value = 2\nstepper'),
    ("5 convergence", "lk.widgets.bound_explorer()"),
    ("6 gradient descent", "lk.widgets.gradient_descent_explorer()"),
    ("7 LMS", 'lk.widgets.gradient_descent_explorer(criterion="squared error")'),
    ("8 multiclass", "lk.widgets.multiclass_explorer()"),
    ("9 feature map", "lk.widgets.feature_map_explorer()"),
]
# the slider timed, when not the explorer's first (from w = 0, η only scales the stepper's weights:
# the picture stays the same)
TIMED = {"4 perceptron stepper": "update"}
KEYED = "5 convergence"  # the explorer whose sliders are found by role and name, with a known read-out
STEPS = 5  # keyboard steps timed per explorer

SRC_JS = "root => { const img = root.querySelector('img.lk-explorer-figure'); return img ? img.src : ''; }"
READOUT_JS = "root => { const r = root.querySelector('.lk-readout'); return r ? r.innerText : ''; }"
CHANGED_JS = """([root, before]) => {
    const img = root.querySelector('img.lk-explorer-figure');
    return img && img.src !== before && img.complete;
}"""
SCRIPTS_RAN_JS = """n => {
    const roots = [...document.querySelectorAll('.lk-explorer')];
    return roots.length >= n && roots.every(r => r.querySelector('.lk-readout [aria-live=polite]')
        && [...r.querySelectorAll('[role=slider]')].every(h => h.getAttribute('aria-label')));
}"""
NAMES_JS = """root => [...root.querySelectorAll('.widget-slider')].map(w => ({
    label: (w.querySelector('.widget-label') || {}).textContent || '',
    names: [...w.querySelectorAll('[role=slider]')].map(h => h.getAttribute('aria-label')),
}))"""
# Every element a keyboard user operates, found in the explorer's DOM whatever its tabindex (a
# control that Tab skips must still be found). Each is tagged data-lk-ctl="<explorer>-<k>", its
# widget data-lk-widget="<explorer>-<j>"; widget boxes that hold no such element are returned too.
CONTROLS_JS = """([root, index]) => {
    const interactive = 'input:not([type=hidden]), select, textarea, button, a[href], [contenteditable=""], '
        + '[contenteditable=true], [role=slider], [role=button], [role=checkbox], [role=switch], [role=radio], '
        + '[role=combobox], [role=listbox], [role=spinbutton], [role=textbox], [role=tab], [role=menuitem], '
        + '[tabindex]:not([tabindex^="-"])';
    const boxes = '.widget-slider, .widget-toggle-buttons, .widget-toggle-button, .widget-dropdown, .widget-select, '
        + '.widget-checkbox, .widget-button, .widget-play, .widget-radio, .widget-text, .widget-textarea, '
        + '.widget-combobox, .widget-colorpicker, .widget-datepicker, .widget-upload';
    const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const text = e => (e ? e.innerText || e.textContent || '' : '').replace(/\\s+/g, ' ').trim();
    root.querySelectorAll('[data-lk-ctl], [data-lk-widget]').forEach(e => {
        delete e.dataset.lkCtl; delete e.dataset.lkWidget; });
    const found = [...root.querySelectorAll(interactive)].filter(shown);
    const widgets = [];
    const controls = found.map((e, k) => {
        e.dataset.lkCtl = `${index}-${k}`;
        const w = e.closest(boxes.replace(', .widget-toggle-button,', ','))
            || e.closest('.jupyter-widgets:not(.lk-explorer)') || root;
        if (!w.dataset.lkWidget) { w.dataset.lkWidget = `${index}-${widgets.length}`; widgets.push(w); }
        const label = e.tagName === 'BUTTON' ? text(e)
            : (e.labels && e.labels.length) ? [...e.labels].map(text).join(' ')
            : text(w.querySelector('.widget-label'));
        const r = e.getBoundingClientRect();
        return {
            tag: e.tagName.toLowerCase(), role: e.getAttribute('role') || '', type: e.type || '',
            widget: w.dataset.lkWidget, kind: [...w.classList].filter(c => /^widget-/.test(c)
                && !/^widget-(inline|hbox|vbox|box|hslider|vslider)/.test(c)).join('.'),
            label, disabled: !!(e.disabled || e.getAttribute('aria-disabled') === 'true'),
            editable: e.isContentEditable, active: e.classList.contains('mod-active'),
            icon: !text(e) && !!e.querySelector('i, svg, img'),
            top: r.top, bottom: r.bottom, left: r.left,
        };
    });
    const empty = [...root.querySelectorAll(boxes)].filter(shown)
        .filter(b => !found.some(e => b === e || b.contains(e)))
        .map(b => [...b.classList].filter(c => /^widget-/.test(c)).join('.') + ' ' + JSON.stringify(text(b)));
    return {controls, empty};
}"""


def write_notebook(path):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    cells = [nbformat.v4.new_code_cell("%matplotlib inline\nimport lecturekit as lk")]
    cells += [nbformat.v4.new_code_cell(call) for _, call in EXPLORERS]
    nb.cells = cells
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))


def explorer_root(page, cell_index):
    return page.locator(".jp-Notebook .jp-Cell").nth(cell_index).locator(".lk-explorer").first


def timed_step(page, root, handle, key):
    """Press `key` on the focused slider handle; seconds until the new picture is on screen."""
    before = root.evaluate(SRC_JS)
    start = time.perf_counter()
    handle.press(key)
    page.wait_for_function(CHANGED_JS, arg=[root.element_handle(), before], polling="raf", timeout=30_000)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")  # painted
    return time.perf_counter() - start


FOCUS_JS = """root => {
    const a = document.activeElement;
    if (!a || a === document.body) return {ctl: null, where: 'nothing'};
    const desc = a.tagName.toLowerCase() + (a.getAttribute('role') ? `[role=${a.getAttribute('role')}]` : '')
        + ' ' + JSON.stringify((a.getAttribute('aria-label') || a.innerText || '').trim().slice(0, 40));
    return {ctl: a.dataset.lkCtl || null, where: root.contains(a) ? 'inside' : 'outside', desc};
}"""
FOCUS_CTL_JS = """([root, ctl]) => {
    const e = root.querySelector(`[data-lk-ctl="${ctl}"]`);
    if (!e) return false;
    e.focus();
    return document.activeElement === e;
}"""
SNAP_JS = """root => {
    const img = root.querySelector('img.lk-explorer-figure'), r = root.querySelector('.lk-readout');
    root.querySelectorAll('img.lk-explorer-figure').forEach(i => { i.dataset.lkSeen = '1'; });
    return {src: img ? img.src : '', text: r ? r.innerText : ''};
}"""
# 'picture' once a new picture (each redraw replaces the Output's outputs; an identical one is not
# re-rendered) has arrived and is decoded, 'text' once only the read-out differs from `text`.
REACTED_JS = """([root, text]) => {
    const imgs = [...root.querySelectorAll('img.lk-explorer-figure')];
    if (imgs.length > 0 && imgs.every(i => !i.dataset.lkSeen && i.complete)) return 'picture';
    const r = root.querySelector('.lk-readout');
    return text !== null && r && r.innerText !== text ? 'text' : false;
}"""
CTL_STATE_JS = """([root, ctl]) => {
    const e = root.querySelector(`[data-lk-ctl="${ctl}"]`);
    if (!e) return null;
    const w = e.closest('.widget-slider'), r = w ? w.querySelector('.widget-readout') : null;
    return {now: e.getAttribute('aria-valuenow'), min: e.getAttribute('aria-valuemin'),
            max: e.getAttribute('aria-valuemax'), text: e.isContentEditable ? e.innerText.trim() : null,
            valuetext: e.getAttribute('aria-valuetext'), pressed: e.getAttribute('aria-pressed'),
            shown: r && r.style.display !== 'none' ? r.innerText.trim() : null,
            index: e.tagName === 'SELECT' ? e.selectedIndex : null,
            options: e.tagName === 'SELECT' ? e.options.length : null,
            checked: e.type === 'checkbox' ? e.checked : null, active: e.classList.contains('mod-active'),
            disabled: !!e.disabled, focused: document.activeElement === e};
}"""
# True once no new picture has come for `ms` milliseconds.
QUIET_JS = """([root, ms]) => {
    const img = root.querySelector('img.lk-explorer-figure');
    if (window.lkQuietImg !== img) { window.lkQuietImg = img; window.lkQuietSince = performance.now(); }
    return img && img.complete && performance.now() - window.lkQuietSince >= ms;
}"""
REDRAW_TIMEOUT = 20_000  # ms: one redraw on a loaded 2-core machine takes well under a second


def visual_order(controls):
    """Indices of `controls` in reading order: lines from top to bottom (elements whose boxes overlap
    vertically share a line), left to right within a line."""
    lines, bottom = [], None
    for k in sorted(range(len(controls)), key=lambda k: controls[k]["top"]):
        c = controls[k]
        if bottom is None or c["top"] >= bottom - 1:
            lines.append([])
            bottom = c["bottom"]
        lines[-1].append(k)
        bottom = max(bottom, c["bottom"])
    return [k for line in lines for k in sorted(line, key=lambda k: controls[k]["left"])]


def accessible_names(page, index, count):
    """{k: (role, name)} of the tagged controls as chromium's accessibility tree has them (what a
    screen reader is given: an independent computation of the name, not the test's own)."""
    cdp = page.context.new_cdp_session(page)
    try:
        document = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        names = {}
        for k in range(count):
            node = cdp.send("DOM.querySelector", {"nodeId": document, "selector": f'[data-lk-ctl="{index}-{k}"]'})
            if not node.get("nodeId"):
                names[k] = ("?", "")
                continue
            ax = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node["nodeId"], "fetchRelatives": False})
            first = ax["nodes"][0] if ax.get("nodes") else {}
            names[k] = (first.get("role", {}).get("value", "?"), str(first.get("name", {}).get("value", "")).strip())
        return names
    finally:
        cdp.detach()


class Walk:
    """The keyboard walk of one explorer: Tab through its controls, then operate each."""

    def __init__(self, page, root, index, chapter):
        self.page, self.root, self.index, self.chapter = page, root, index, chapter
        self.handle = root.element_handle()
        self.problems, self.notes, self.presses, self.operated = [], [], 0, set()
        found = page.evaluate(CONTROLS_JS, [self.handle, index])
        self.empty = found["empty"]
        self.all = found["controls"]
        self.controls = {k: c for k, c in enumerate(self.all) if not c["disabled"]}
        self.names = accessible_names(page, index, len(self.all))
        for k, c in enumerate(self.all):
            c["ctl"] = f"{index}-{k}"
            c["ax_role"], c["name"] = self.names[k]
        self.order = [k for k in visual_order(self.all) if k in self.controls]

    def say(self, k, what):
        c = self.all[k]
        self.problems.append(f"ch. {self.chapter}, {c['ax_role']} {c['name'] or c['label']!r} "
                             f"(<{c['tag']}> in {c['kind']}): {what}")

    # -- names ------------------------------------------------------------
    def check_names(self):
        for box in self.empty:
            self.problems.append(f"ch. {self.chapter}: the widget {box} holds no control that the keyboard can reach")
        if not self.controls:
            self.problems.append(f"ch. {self.chapter}: no enabled control found in the explorer")
        for k, c in self.controls.items():
            # an icon font's glyph (Font Awesome's are in the private use area) is no name to read out
            name = " ".join(re.sub("[\ue000-\uf8ff]", " ", c["name"]).split())
            label = " ".join(re.sub("[\ue000-\uf8ff]", " ", c["label"]).split())
            if not name:
                self.say(k, f"has no accessible name (its visible label is {label!r}, its name {c['name']!r})")
            elif not label:
                if not c["icon"]:  # an icon button shows no text that its name should contain
                    self.say(k, "has no visible label")
            elif label.casefold() not in name.casefold():  # WCAG 2.5.3, label in name
                self.say(k, f"accessible name {name!r} does not contain its visible label {label!r}")

    # -- Tab ----------------------------------------------------------------
    def tab_walk(self):
        """Focus the first control, press Tab until focus leaves the explorer; return the stops."""
        if not self.order:
            return []
        first = self.order[0]
        if not self.page.evaluate(FOCUS_CTL_JS, [self.handle, self.all[first]["ctl"]]):
            self.say(first, "cannot take the focus")
            return []
        stops = [self.root.evaluate(FOCUS_JS)]
        for _ in range(len(self.order) + 2):
            self.page.keyboard.press("Tab")
            stops.append(self.root.evaluate(FOCUS_JS))
            if stops[-1]["where"] != "inside":
                break
        reached = [int(s["ctl"].split("-")[1]) for s in stops if s["ctl"] and s["ctl"].startswith(f"{self.index}-")]
        for s in stops:
            if s["where"] == "inside" and not (s["ctl"] or "").startswith(f"{self.index}-"):
                self.problems.append(f"ch. {self.chapter}: Tab stops on {s['desc']}, which is not a control")
        for k in self.order:
            if k not in reached:
                self.say(k, "is skipped by Tab (Tab order: "
                         + ", ".join(repr(self.all[r]["name"] or self.all[r]["label"]) for r in reached) + ")")
        if [k for k in reached if k in self.order] != [k for k in self.order if k in reached]:
            self.problems.append(
                f"ch. {self.chapter}: Tab order is not the visual order: Tab gives "
                + ", ".join(repr(self.all[k]["name"]) for k in reached) + "; on screen: "
                + ", ".join(repr(self.all[k]["name"]) for k in self.order))
        if stops[-1]["where"] == "inside":
            self.problems.append(f"ch. {self.chapter}: focus is still in the explorer after "
                                 f"{len(stops) - 1} Tabs ({stops[-1]['desc']})")
        return reached

    # -- operating ----------------------------------------------------------
    def state(self, k):
        return self.page.evaluate(CTL_STATE_JS, [self.handle, self.all[k]["ctl"]])

    def describe(self, k):
        """The control's state and where the focus is, for a failure message."""
        s = self.state(k)
        if s is None:
            return "gone from the page"
        shown = {key: s[key] for key in ("now", "valuetext", "text", "index", "checked", "pressed")
                 if s[key] is not None}
        if s["disabled"]:
            shown["disabled"] = True
        focus = self.root.evaluate(FOCUS_JS)
        return f"{shown}, {'focused' if s['focused'] else 'the focus is on ' + focus.get('desc', focus['where'])}"

    def act(self, k, keys, what, text=None, patience=None, settle=False):
        """Focus control k, press `keys` (typing `text` first if given; a function presses keys
        itself and returns how many): True when the picture or
        the read-out changed, False (reported) when not. With `patience` (ms), nothing changing
        within it is not reported and gives None. With `settle`, wait until no new picture has
        come for half a second (several key presses may give several pictures)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        before = self.root.evaluate(SNAP_JS)
        if not self.page.evaluate(FOCUS_CTL_JS, [self.handle, self.all[k]["ctl"]]):
            self.say(k, f"cannot take the focus (to {what})")
            return False
        if text is not None:
            self.page.keyboard.press("Control+A")
            self.page.keyboard.type(text)
        if callable(keys):
            self.presses += keys()
        else:
            for key in keys:
                self.page.keyboard.press(key)
            self.presses += len(keys)
        try:
            how = self.page.wait_for_function(REACTED_JS, arg=[self.handle, before["text"]], polling="raf",
                                              timeout=patience or REDRAW_TIMEOUT).json_value()
            if how == "text":  # the picture follows the read-out, unless it is the same picture
                try:
                    self.page.wait_for_function(REACTED_JS, arg=[self.handle, None], polling="raf", timeout=1500)
                except PlaywrightTimeout:
                    pass
            if settle:
                self.page.wait_for_function(QUIET_JS, arg=[self.handle, 500], polling=100, timeout=REDRAW_TIMEOUT)
        except PlaywrightTimeout:
            if patience:
                return None
            self.say(k, f"{what}: neither the picture nor the read-out changed within {REDRAW_TIMEOUT // 1000} s "
                        f"(the control is now {self.describe(k)}; read-out {before['text']!r})")
            return False
        after = self.root.evaluate(SNAP_JS)
        self.operated.add(k)
        if after == before:
            self.say(k, f"{what}: the picture and the read-out stayed the same ({after['text']!r})")
            return False
        now = self.state(k)
        if now is None or not now["focused"]:
            self.say(k, f"{what}: the control lost the focus ({self.describe(k)})")
        return True

    def operate(self):
        widgets = {}
        for k in self.order:
            widgets.setdefault(self.all[k]["widget"], []).append(k)
        for members in widgets.values():
            roles = [self.all[k]["ax_role"] for k in members]
            if "slider" in roles:
                self.operate_slider(members)
            elif "widget-play" in self.all[members[0]]["kind"]:
                self.operate_play(members)
            elif all(self.all[k]["tag"] == "button" for k in members) and len(members) > 1:
                self.operate_toggles(members)
            else:
                for k in members:
                    self.operate_one(k)
        for k in self.order:
            if k not in self.operated:
                self.say(k, "was not operated from the keyboard (see above, or no key is known for its role)")

    def operate_slider(self, members):
        """One step with an arrow key; if that changes nothing at this value (a run that stops
        early ignores a larger step count), Home or End. Then back: the old value typed into the
        slider's read-out, or arrow keys when it has none."""
        handle = next(k for k in members if self.all[k]["ax_role"] == "slider")
        readouts = [k for k in members if k != handle and self.all[k]["editable"]][:1]
        for k in members:
            if k not in (handle, *readouts):
                self.operate_one(k)
        start = self.state(handle)
        key = "ArrowRight" if float(start["now"]) < float(start["max"]) else "ArrowLeft"
        done = self.act(handle, [key], key, patience=2500)
        if done is None:
            self.notes.append(f"{key} on {self.all[handle]['name']!r} at {start['valuetext'] or start['now']} "
                              "changed nothing, so Home/End")
            ends = [far for far, at in (("Home", start["min"]), ("End", start["max"])) if self.state(handle)["now"] != at]
            for i, far in enumerate(ends):
                done = self.act(handle, [far], f"{key} from {start['valuetext'] or start['now']} changed nothing; {far}",
                                patience=2500 if i < len(ends) - 1 else None)
                if done is not None:
                    break
        if not done:
            return
        moved = self.state(handle)
        if moved["now"] == start["now"]:
            self.say(handle, f"the key left aria-valuenow at {start['now']}")
        if moved["shown"] is not None and moved["valuetext"] != moved["shown"]:
            self.say(handle, f"a screen reader announces the value {moved['valuetext'] or moved['now']!r}, "
                             f"the slider shows {moved['shown']!r}")
        goal = self.now_before[handle]
        if readouts:
            # the value typed back in is the one shown at the start (U+2212 is d3's minus sign)
            typed = self.readout_before[readouts[0]].replace("\u2212", "-")
            self.act(readouts[0], ["Enter"], f"typing {typed!r} and Enter", text=typed)
        elif moved["now"] != goal:
            back = "ArrowLeft" if float(moved["now"]) > float(goal) else "ArrowRight"

            def press_back():  # the handle moves at once; the kernel follows
                for count in range(1, 201):
                    self.page.keyboard.press(back)
                    if self.state(handle)["now"] == goal:
                        break
                return count

            self.act(handle, press_back, f"{back} back to the start", settle=True)
        if self.state(handle)["now"] != goal:
            self.say(handle, f"could not be set back to {goal} from the keyboard (it is at {self.state(handle)['now']})")

    def operate_play(self, members):
        """A Play widget: play (Enter), pause (Enter again) or let it reach the end, then stop."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        play, *others = members  # play/pause, stop (the repeat button is hidden)
        if not self.act(play, ["Enter"], "Enter (play)"):
            return
        self.page.keyboard.press("Enter")  # pause (at the last update it has stopped by itself)
        self.presses += 1
        try:  # still: no new picture for longer than the Play widget's interval
            self.page.wait_for_function(QUIET_JS, arg=[self.handle, 1500], polling=100, timeout=REDRAW_TIMEOUT)
        except PlaywrightTimeout:
            self.say(play, f"Enter again did not pause it: the picture still changes after {REDRAW_TIMEOUT // 1000} s")
            return
        for k in others:
            self.act(k, ["Enter"], "Enter")

    def operate_toggles(self, members):
        """A group of toggle buttons: select each other option (Space), then the first again (Enter)."""
        active = [k for k in members if self.state(k)["active"]]
        for k in [k for k in members if k not in active]:
            if not self.act(k, ["Space"], "Space"):
                return
            pressed = {j: self.state(j)["pressed"] for j in members}
            if not self.state(k)["active"]:
                self.say(k, "Space changed the picture but the button is not shown as selected")
            elif pressed != {j: "true" if j == k else "false" for j in members}:
                self.say(k, "after Space, aria-pressed of the group's buttons is "
                            + ", ".join(f"{self.all[j]['name']!r}: {p}" for j, p in pressed.items()))
        for k in active:
            self.act(k, ["Enter"], "Enter")

    def operate_one(self, k):
        c, s = self.all[k], self.state(k)
        if c["tag"] == "select" or c["ax_role"] in ("combobox", "listbox"):
            if s["options"] is None or s["options"] < 2:
                self.say(k, "offers fewer than two options")
                return
            key, back = ("ArrowDown", "ArrowUp") if s["index"] < s["options"] - 1 else ("ArrowUp", "ArrowDown")
            if self.act(k, [key], key):
                if self.state(k)["index"] == s["index"]:
                    self.say(k, f"{key} did not change the selected option")
                self.act(k, [back], back)
        elif c["type"] == "checkbox" or c["ax_role"] in ("checkbox", "switch"):
            if self.act(k, ["Space"], "Space") and self.state(k)["checked"] == s["checked"]:
                self.say(k, "Space did not tick or untick the box")
            self.act(k, ["Space"], "Space again")
        elif c["tag"] == "button" or c["ax_role"] == "button":
            self.act(k, ["Enter"], "Enter")
        else:
            self.say(k, f"no keyboard action known for its role {c['ax_role']!r}")

    def run(self):
        # where the sliders are at the start (a control may move another: the stepper's stop button
        # moves its update slider), to set them back there
        self.readout_before = {k: self.state(k)["text"] for k in self.order if self.all[k]["editable"]}
        self.now_before = {k: self.state(k)["now"] for k in self.order if self.all[k]["ax_role"] == "slider"}
        first = self.root.evaluate(READOUT_JS)
        self.check_names()
        reached = self.tab_walk()
        self.operate()
        last = self.root.evaluate(READOUT_JS)
        if last != first:  # every control was set back: the explorer is where it started
            self.problems.append(f"ch. {self.chapter}: after every control was set back, the read-out is "
                                 f"{last!r}, not {first!r} as at the start")
        return reached


def test_explorers_are_named_and_follow_the_keyboard(lab_server, lab_page, request):
    rel = "explorer-check/explorers.ipynb"
    write_notebook(lab_server.root_dir / rel)
    watch = PageWatch(lab_page)
    notebook = LabNotebook(lab_server, lab_page, rel)
    problems, timings, walks = [], {}, []
    try:
        notebook.open()
        notebook.run_all()
        lab_page.wait_for_function(
            f"() => document.querySelectorAll('.lk-explorer img.lk-explorer-figure').length >= {len(EXPLORERS)}",
            timeout=60_000)
        # the pictures' scripts name the controls and make the read-outs live regions (what is
        # still missing after this is reported below)
        try:
            lab_page.wait_for_function(SCRIPTS_RAN_JS, arg=len(EXPLORERS), timeout=30_000)
        except Exception:
            pass

        # every explorer with the keyboard alone: Tab to each control, then operate each
        for index, (chapter, call) in enumerate(EXPLORERS, start=1):
            start = time.perf_counter()
            walk = Walk(lab_page, explorer_root(lab_page, index), index, chapter)
            reached = walk.run()
            problems += walk.problems
            roles = collections.Counter(walk.all[k]["ax_role"] for k in walk.order)
            walks.append(
                f"explorer ch. {chapter}: keyboard walk, {len(walk.order)} controls ("
                + ", ".join(f"{n} {r}" for r, n in sorted(roles.items()))
                + (f"; {len(walk.all) - len(walk.order)} disabled" if len(walk.all) > len(walk.order) else "")
                + f"), {len([k for k in reached if k in walk.order])} reached by Tab, "
                f"{len(walk.operated)} operated with {walk.presses} key presses, "
                f"{time.perf_counter() - start:.1f} s" + "".join(f"; {note}" for note in walk.notes))
        # names and live regions; one control of each explorer timed from the keyboard
        for index, (chapter, call) in enumerate(EXPLORERS, start=1):
            root = explorer_root(lab_page, index)
            alt = root.locator("img.lk-explorer-figure").get_attribute("alt") or ""
            if len(alt.split()) < 8 or not alt.rstrip().endswith("."):
                problems.append(f"ch. {chapter}: the picture's alt is not a full sentence: {alt!r}")
            live = root.locator(".lk-readout .widget-html-content")
            if live.get_attribute("aria-live") != "polite" or live.get_attribute("role") != "status":
                problems.append(f"ch. {chapter}: the read-out is not a polite live region")
            for slider in root.evaluate(NAMES_JS):
                if not slider["names"] or any(n != slider["label"].strip() for n in slider["names"]):
                    problems.append(f"ch. {chapter}: slider labelled {slider['label']!r} has accessible "
                                    f"name(s) {slider['names']}")
            handles = root.locator("[role=slider]")
            if handles.count() == 0:  # chapter 8: toggle buttons, pressed with the keyboard
                button = root.locator(".widget-toggle-button:not(.mod-active)").first
                before = root.evaluate(SRC_JS)
                start = time.perf_counter()
                button.press("Enter")
                lab_page.wait_for_function(CHANGED_JS, arg=[root.element_handle(), before], polling="raf")
                timings[chapter] = [time.perf_counter() - start]
                continue
            handle = root.get_by_role("slider", name=TIMED[chapter]) if chapter in TIMED else handles.first
            handle.scroll_into_view_if_needed()
            handle.focus()
            now = float(handle.get_attribute("aria-valuenow"))
            top = float(handle.get_attribute("aria-valuemax"))
            key = "ArrowRight" if now < top else "ArrowLeft"
            times = []
            for _ in range(STEPS):
                if handle.get_attribute("aria-valuenow") == handle.get_attribute(
                        "aria-valuemax" if key == "ArrowRight" else "aria-valuemin"):
                    key = "ArrowLeft" if key == "ArrowRight" else "ArrowRight"
                times.append(timed_step(lab_page, root, handle, key))
                lab_page.wait_for_timeout(150)
            timings[chapter] = times

        # one explorer with known values: the sliders found by role and name, as a screen reader would
        index = next(i for i, (chapter, _) in enumerate(EXPLORERS, start=1) if chapter == KEYED)
        root = explorer_root(lab_page, index)
        gamma = root.get_by_role("slider", name="margin γ")
        radius = root.get_by_role("slider", name="radius R")
        if gamma.count() != 1 or radius.count() != 1:
            problems.append(f"sliders by role and name: margin γ {gamma.count()}, radius R {radius.count()}")
        radius.focus()
        before_src, before_text = root.evaluate(SRC_JS), root.evaluate(READOUT_JS)
        lab_page.keyboard.press("ArrowRight")
        lab_page.wait_for_function(CHANGED_JS, arg=[root.element_handle(), before_src], polling="raf")
        after_text = root.evaluate(READOUT_JS)
        if after_text == before_text or "R = 3.50" not in after_text:
            problems.append(f"the read-out did not follow the keyboard: {before_text!r} -> {after_text!r}")

    except Exception as error:
        where = traceback.extract_tb(error.__traceback__)[-1]
        problems.append(f"{type(error).__name__} at line {where.lineno} ({where.line}): {str(error)[:2000]}")

    for chapter, times in timings.items():
        ms = [1000 * t for t in times]
        SUMMARY.append(f"explorer ch. {chapter}: keyboard step -> new picture on screen, "
                       f"median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms over {len(ms)} step(s)")
    SUMMARY.extend(walks)
    if watch.page_errors:
        problems.append(watch.summary())
    if problems:
        saved = save_failure(lab_page, f"lab-{request.node.name}",
                             extra="\n".join(problems) + "\n\nserver log:\n" + lab_server.log_tail())
        pytest.fail("explorers in JupyterLab:\n- " + "\n- ".join(problems) + f"\n{saved}", pytrace=False)
