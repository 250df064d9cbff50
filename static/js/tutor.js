// Progressive enhancement shared by every page. Everything works without it.
// Area scripts live beside it (reader.js, board.js, study.js).
document.addEventListener("htmx:responseError", (event) => {
  const target = event.detail.target;
  if (target && event.detail.xhr && event.detail.xhr.status >= 500) {
    target.setAttribute("aria-busy", "false");
  }
});

// hx-swap="replace": outerHTML without htmx's per-element clean-up of what is replaced. htmx's own
// outerHTML sends two events for every element it removes and copies the old attributes of every
// element with an id onto its successor (for transitions we do not use); on the board, whose result
// replaces a few hundred elements at each click, that was a third of the time from the response to
// the paint. Nothing in a replaced part needs the clean-up: its listeners and htmx data live on its
// own elements and go with them, and htmx never sends a request from an element no longer in the page.
// The new elements are processed (and "htmx:load" fired) at settle, as with outerHTML.
if (window.htmx) {
  htmx.defineExtension("replace", {
    handleSwap(swapStyle, target, fragment, settleInfo) {
      if (swapStyle !== "replace" || !target.parentNode) return false;
      const added = Array.from(fragment.children);
      target.replaceWith(fragment);
      const at = settleInfo.elts.indexOf(target);
      if (at >= 0) settleInfo.elts.splice(at, 1, ...added);
      else settleInfo.elts.push(...added);
      return added;
    },
  });
}

// The new content is laid out as soon as it is in the page, not in the next frame. The browser draws
// only at its display's frames; a swap usually ends some milliseconds before the next one, time in
// which the page would wait doing nothing and then lay out a few hundred new elements (the board's
// result: 4-7 ms here) before drawing. Laid out in that wait, it leaves the frame only the painting.
// It costs no extra work: the frame finds the layout done. Once per task, after every swap of the
// response (the out-of-band ones too).
let layoutQueued = false;
document.addEventListener("htmx:afterSwap", () => {
  if (layoutQueued) return;
  layoutQueued = true;
  queueMicrotask(() => {
    layoutQueued = false;
    document.documentElement.getBoundingClientRect();
  });
});

// The address bar follows a swap once the new content is painted and the browser has nothing more
// urgent to do. htmx's own history writes are off (historyEnabled: false in base.html), but htmx still
// works out which URL a swap pushes or replaces and says so; each write to the browser's history is a
// round trip to the browser process (1-3 ms), and the learner is waiting for the content, not for the
// URL: a task queued right after the paint would still run before whatever the page does next. The
// entries are marked as htmx's, so back and forward are still htmx's to restore (it asks the server
// for the page: there is no history cache). Without requestIdleCallback, a task after the frame.
const whenIdle = window.requestIdleCallback
  ? (write) => requestIdleCallback(write, { timeout: 100 })
  : (write) => setTimeout(write, 0);
const afterPaint = (write) => requestAnimationFrame(() => whenIdle(write));
const htmxEntry = { htmx: true };

document.addEventListener("htmx:pushedIntoHistory", (event) => {
  const path = event.detail.path;
  afterPaint(() => {
    // the entry we leave must be htmx's too, or coming back to it would not restore it
    if (!(history.state && history.state.htmx)) history.replaceState(htmxEntry, "", location.href);
    history.pushState(htmxEntry, "", path);
  });
});

document.addEventListener("htmx:replacedInHistory", (event) => {
  const path = event.detail.path;
  afterPaint(() => history.replaceState(htmxEntry, "", path));
});

// After a swap, keyboard focus goes to what the new part marks with data-swap-focus (a study answer's
// verdict, a form's error), so the learner hears the feedback and Tab goes on from there.
document.addEventListener("htmx:afterSettle", (event) => {
  const elt = event.detail && event.detail.elt;
  if (!(elt instanceof HTMLElement)) return;
  let target = elt.matches("[data-swap-focus]") ? elt : elt.querySelector("[data-swap-focus]");
  // a study answer refused for a missing choice: its first option, where the message is read
  if (!target && elt.id === "study-panel") target = elt.querySelector("input.is-invalid");
  if (target) target.focus();
});
