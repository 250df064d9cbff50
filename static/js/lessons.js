// A lesson's reveal in place (the page works without this file: its links go to #lesson-reveal).
// htmx swaps #lesson-reveal (the drawing, the prediction and the stages) at each step; this file only
// says where keyboard focus goes after the swap, since the element that was clicked is gone:
// - one stage shown → that stage (its text is what the learner came for; the screen reader reads it);
// - every stage shown → the reveal's heading;
// - back before resolving → the first field with an error, else the predict heading.
// Focusing scrolls the stage into view: watch.css keeps it clear of the phone's sticky drawing.
(function () {
  "use strict";

  function focusTarget(reveal) {
    const invalid = reveal.querySelector("#form-prediction .is-invalid");
    if (invalid) return invalid;
    const stage = reveal.querySelector(".stage-detail > .stage");
    if (stage && !reveal.querySelector(".stage-detail .step")) return stage;
    return (
      reveal.querySelector("#lesson-reveal-heading") ||
      reveal.querySelector("#lesson-predict-heading")
    );
  }

  document.addEventListener("htmx:afterSettle", (event) => {
    const elt = event.detail && event.detail.elt;
    if (!(elt instanceof HTMLElement) || elt.id !== "lesson-reveal") return;
    const where = focusTarget(elt);
    if (!where) return;
    if (!where.matches("input, select, textarea, a, button")) where.setAttribute("tabindex", "-1");
    where.focus();
  });
})();
