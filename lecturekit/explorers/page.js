// Keyboard and screen-reader support for lecturekit's explorers, in the page.
//
// Sent with every picture of an explorer (lecturekit/explorers/_helpers.py, page_script(), which
// drops this comment block). JupyterLab runs <script> elements of trusted HTML outputs, and an
// Output widget's outputs are trusted, so the script runs each time a picture arrives. It finds its
// own explorer (the ancestor with class lk-explorer) and fills in what ipywidgets 8 leaves out:
// * ipywidgets gives a slider's handle (role="slider") no accessible name (upstream:
//   jupyter-widgets/ipywidgets#2650), nor the Play widget's icon buttons, and the HTML widget cannot
//   be a live region. The script names every slider handle and editable read-out after the
//   slider's visible label, gives the Play buttons names, and names ToggleButtons groups after
//   their label;
// * gives each slider handle the value its read-out shows as aria-valuetext (noUiSlider announces
//   its internal position: the exponent of a FloatLogSlider, the index of a SelectionSlider);
// * makes a SelectionSlider's read-out plain text: ipywidgets leaves it editable but ignores what is
//   typed into it (it only parses numbers), so Tab would stop on a text box that does nothing;
// * marks the selected button of a ToggleButtons group aria-pressed="true", the others "false";
// * keeps the keys a focused control uses for itself (arrows, Home/End, PageUp/PageDown, Enter,
//   Space, type-ahead letters) from reaching JupyterLab's command-mode shortcuts: without this,
//   ArrowDown on a dropdown moves to the next cell instead of choosing the next option;
// * makes the read-out's container (which persists while its content is replaced) a polite live
//   region, so screen readers announce the new numbers.
// It is idempotent; running it again after each picture also covers views rendered later.
// The browser tests (tests/browser/test_explorers_lab.py) check every point above in JupyterLab.

(function (me, tries) {
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
})(document.currentScript, 100);
