// Watching the result (the page works without this file): when the stages are shown, the page
// scrolls so that the drawing (sticky, see watch.css) and the current stage's text share the screen.
// It scrolls only when they do not already: a learner who has scrolled to read keeps the place.
(function () {
  "use strict";

  const smooth = () =>
    window.matchMedia("(prefers-reduced-motion: no-preference)").matches ? "smooth" : "auto";

  function bring(play) {
    if (!(play instanceof HTMLElement) || !play.classList.contains("play--result")) return;
    const drawing = play.querySelector(".table-wrap");
    const stage = play.querySelector(".stage-detail .stage") || play.querySelector(".stage-detail");
    if (!drawing || !stage) return;
    const view = window.innerHeight;
    const playTop = play.getBoundingClientRect().top;
    const stageTop = stage.getBoundingClientRect().top;
    const stacked = getComputedStyle(play).display !== "grid"; // phone: the drawing sits above the text
    const drawingBottom = stacked ? drawing.getBoundingClientRect().bottom : 0;
    const stageHidden = stageTop < drawingBottom || stageTop > view - 80;
    const drawingCut = drawing.getBoundingClientRect().bottom > view && playTop > 8;
    if (!stageHidden && !drawingCut) return;
    // the drawing at the top of the screen; on a phone, the stage's first lines right under it
    let target = window.scrollY + playTop - (stacked ? 0 : 8);
    if (stacked && stageTop - playTop > view - 120) {
      target = window.scrollY + stageTop - drawing.offsetHeight - 8; // a long list of stages above
    }
    window.scrollTo({ top: Math.max(0, target), behavior: smooth() });
  }

  // 次の段階 on the last stage but one (or 前の段階 on the second) is gone after the swap: keyboard
  // focus goes to the other stepper button instead of falling back to the page.
  const STEPPERS = { "stage-next": "stage-prev", "stage-prev": "stage-next" };

  document.addEventListener("htmx:afterSettle", (event) => {
    const elt = event.detail && event.detail.elt;
    const trigger = event.detail && event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!(elt instanceof HTMLElement) || (elt.id !== "play" && elt.id !== "board-app")) return;
    const play = document.getElementById("play");
    // 保存して解決 swaps the whole board: focus goes to the result heading, as after 解決する, and the
    // live region says which stage is shown
    if (trigger instanceof HTMLElement && trigger.id === "assign-resolve" && play && play.classList.contains("play--result")) {
      const heading = document.getElementById("result-heading");
      const announcer = document.getElementById("announcer");
      const count = play.querySelector(".stage-count");
      const title = play.querySelector(".stage-detail .stage-title");
      if (heading) heading.focus({ preventScroll: true });
      if (announcer && count) announcer.textContent = `${count.textContent.trim()}: ${title ? title.textContent.trim() : ""}`;
    }
    bring(play);
    if (trigger instanceof HTMLElement && STEPPERS[trigger.id] && !document.getElementById(trigger.id)) {
      const other = document.getElementById(STEPPERS[trigger.id]) || document.getElementById("result-heading");
      if (other) other.focus({ preventScroll: true });
    }
  });

  document.addEventListener("DOMContentLoaded", () => {
    if (new URLSearchParams(window.location.search).has("stage")) bring(document.getElementById("play"));
  });
})();
