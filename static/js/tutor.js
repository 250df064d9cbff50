// Progressive enhancement shared by every page. Everything works without it.
// Area scripts live beside it (reader.js, board.js, study.js).
document.addEventListener("htmx:responseError", (event) => {
  const target = event.detail.target;
  if (target && event.detail.xhr && event.detail.xhr.status >= 500) {
    target.setAttribute("aria-busy", "false");
  }
});
