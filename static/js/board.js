// The board's progressive enhancement. Everything works without it (plain links and form posts);
// htmx (loaded by base.html) swaps the parts, this file only adds comfort:
// - the permanent form shows the fieldsets of the chosen card types only;
// - the damage form hides the spell's fields when a permanent is the source;
// - the permalink can be copied with one button;
// - a combat lane too wide for the screen starts scrolled to its middle;
// - after htmx swaps, keyboard focus goes somewhere sensible without moving the page: after 解決する
//   to the result heading, after a save to the status message (the learner keeps their place);
// - a status message shows once: a later swap of a part of the board takes it away;
// - the live region announces the stage a swapped result shows (its data-announce);
// - an assignment entry whose error message a check swapped in is marked invalid on its field.
(function () {
  "use strict";

  function syncTypes(form) {
    const checked = new Set(
      Array.from(form.querySelectorAll('input[name="types"]:checked')).map((input) => input.value)
    );
    form.querySelectorAll("[data-for-type]").forEach((fieldset) => {
      const wanted = checked.has(fieldset.getAttribute("data-for-type"));
      const hasError = fieldset.querySelector(".is-invalid, .invalid-feedback");
      fieldset.hidden = !wanted && !hasError;
    });
  }

  function syncSource(form) {
    const select = form.querySelector('select[name="source"]');
    const inline = form.querySelector(".js-inline-source");
    if (select && inline) {
      inline.hidden = select.value !== "" && !inline.querySelector(".is-invalid");
    }
  }

  // The check swaps only the messages (so typing keeps its place): each field follows its message.
  function syncAssignmentErrors() {
    document.querySelectorAll(".assign-error[id$='-error']").forEach((message) => {
      const input = document.getElementById("id_" + message.id.slice(0, -"-error".length));
      if (!(input instanceof HTMLInputElement)) return;
      const bad = message.textContent.trim() !== "";
      input.classList.toggle("is-invalid", bad);
      if (bad) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    });
  }

  function enhance(root) {
    syncAssignmentErrors();
    root.querySelectorAll("form").forEach((form) => {
      if (form.querySelector('input[name="types"]')) syncTypes(form);
      if (form.querySelector('select[name="source"]')) syncSource(form);
    });
    root.querySelectorAll("[data-copy]").forEach((button) => {
      button.hidden = false;
    });
    // A wide lane that scrolls sideways (narrow screen) starts at its middle, where the attacker is.
    root.querySelectorAll(".lane--wide .lane-scroll").forEach((box) => {
      if (box.scrollWidth > box.clientWidth && box.scrollLeft === 0) {
        box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
      }
    });
  }

  document.addEventListener("change", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const form = target.closest("form");
    if (!form) return;
    if (target.getAttribute("name") === "types") syncTypes(form);
    if (target.getAttribute("name") === "source") syncSource(form);
  });

  document.addEventListener("click", (event) => {
    const button = event.target instanceof HTMLElement ? event.target.closest("[data-copy]") : null;
    if (!button) return;
    const input = document.querySelector(button.getAttribute("data-copy"));
    if (!input) return;
    const done = () => {
      button.textContent = "コピーしました";
      window.setTimeout(() => { button.textContent = "URLをコピー"; }, 2000);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, () => { input.select(); });
    } else {
      input.select();
      try { document.execCommand("copy"); done(); } catch (e) { /* the URL stays selected */ }
    }
  });

  document.addEventListener("DOMContentLoaded", () => enhance(document));

  const RESOLVE_TRIGGERS = new Set(["resolve-step", "resolve-all"]);

  document.addEventListener("htmx:afterSettle", (event) => {
    const elt = event.detail && event.detail.elt;
    const trigger = event.detail && event.detail.requestConfig && event.detail.requestConfig.elt;
    enhance(document);
    if (!(elt instanceof HTMLElement)) return;
    if (elt.id !== "board-app") {
      document.querySelectorAll("#board-app > .messages").forEach((old) => old.remove());
    }
    // a swapped result says what the screen reader's live region is to announce
    const announcer = document.getElementById("announcer");
    if (elt.id === "play" && elt.dataset.announce && announcer) announcer.textContent = elt.dataset.announce;
    if (elt.id === "play" && trigger instanceof HTMLElement && RESOLVE_TRIGGERS.has(trigger.id)) {
      // watch.js scrolls the drawing and the stage into view, smoothly: a focus that scrolled too
      // would first make the page jump to the heading, then glide back down
      const heading = document.getElementById("result-heading");
      if (heading) heading.focus({ preventScroll: true });
      return;
    }
    // Focus: a new editor panel or form → its heading; the whole board → the status message.
    const editor = document.getElementById("editor");
    if (elt.id === "editor" && editor) {
      const first = editor.querySelector("form input:not([type=hidden]), form select, form textarea");
      const heading = document.getElementById("editor-heading");
      if (first && editor.querySelector("form.board-form")) first.focus();
      else if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus(); }
    } else if (elt.id === "board-app") {
      const status = elt.querySelector(".messages");
      const heading = document.getElementById("editor-heading");
      const where = status || heading;
      if (where) { where.setAttribute("tabindex", "-1"); where.focus({ preventScroll: true }); }
    } else if (elt.tagName === "FORM" && elt.classList.contains("board-form")) {
      const invalid = elt.querySelector(".is-invalid, .alert-danger");
      if (invalid) { invalid.setAttribute("tabindex", invalid.tagName === "INPUT" ? "0" : "-1"); invalid.focus(); }
    }
  });
})();
