// The mock exam's countdown. Without it the page still shows the start time and the deadline;
// the server closes the exam at the deadline either way, so this is only a convenience.
(() => {
  const pad = (n) => String(n).padStart(2, "0");
  const tick = () => {
    for (const timer of document.querySelectorAll("[data-exam-deadline]")) {
      const left = timer.querySelector(".exam-timer__left");
      const deadline = Date.parse(timer.dataset.examDeadline);
      if (!left || Number.isNaN(deadline)) continue;
      const seconds = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      left.textContent = seconds > 0
        ? `残り ${Math.floor(seconds / 60)}:${pad(seconds % 60)}`
        : "時間切れです。回答は保存されません。「一覧と採点」から採点してください。";
      timer.classList.toggle("exam-timer--late", seconds <= 60);
    }
  };
  tick();
  setInterval(tick, 1000);
})();

// After 前へ／次へ swaps in another question, start reading (and the keyboard) at its heading, or at
// the error when the answer was refused; otherwise focus would stay on a button that is gone.
document.addEventListener("htmx:afterSettle", () => {
  const panel = document.getElementById("exam-panel");
  if (!panel || panel.contains(document.activeElement)) return;
  const error = panel.querySelector(".is-invalid, .alert-danger");
  const heading = panel.querySelector("h1");
  (error || heading)?.focus?.();
  if (!error && heading) heading.scrollIntoView({ block: "start" });
});
