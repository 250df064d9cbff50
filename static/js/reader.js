// The reader's progressive enhancement. Without JavaScript every link still works: card and
// term links open their own pages, the language toggles reload the page with ?lang=both / ?en=.
// With htmx, card/term links fill #cr-popover (a native popover: Esc and clicking outside close
// it); this script opens it next to the link, moves focus into it and gives focus back on close.
(() => {
  "use strict";
  let opener = null;

  const isPopoverLink = (element) =>
    element instanceof Element && element.matches("a.card-ref, a.term-ref, #cr-popover a[hx-get]");

  const place = (popover) => {
    if (!opener || window.matchMedia("(max-width: 40rem)").matches) {
      popover.style.removeProperty("top");
      popover.style.removeProperty("left");
      return;
    }
    const rect = opener.getBoundingClientRect();
    const width = popover.offsetWidth;
    const height = popover.offsetHeight;
    const left = Math.max(8, Math.min(rect.left, window.innerWidth - width - 8));
    const below = rect.bottom + 6;
    const top = below + height > window.innerHeight - 8 ? Math.max(8, rect.top - height - 6) : below;
    popover.style.left = `${left}px`;
    popover.style.top = `${top}px`;
    popover.style.right = "auto";
    popover.style.bottom = "auto";
  };

  document.addEventListener("htmx:beforeRequest", (event) => {
    const element = event.detail.elt;
    if (isPopoverLink(element) && !element.closest("#cr-popover")) opener = element;
  });

  document.addEventListener("htmx:afterSwap", (event) => {
    const popover = event.detail.target;
    if (!popover || popover.id !== "cr-popover") return;
    if (typeof popover.showPopover === "function" && !popover.matches(":popover-open")) {
      popover.showPopover();
    }
    place(popover);
    const focusTarget = popover.querySelector("[data-popover-focus]");
    if (focusTarget) focusTarget.focus({ preventScroll: true });
  });

  // Give focus back to the link that opened the popover when it closes (Esc, outside click, 閉じる).
  document.addEventListener(
    "toggle",
    (event) => {
      if (event.target.id === "cr-popover" && event.newState === "closed" && opener) {
        opener.focus({ preventScroll: true });
      }
    },
    true,
  );

  // A paragraph swapped in by its language toggle: keep keyboard focus on the toggle.
  document.addEventListener("htmx:afterSettle", (event) => {
    const target = event.detail.elt;
    if (target instanceof Element && target.classList.contains("para")) {
      const toggle = target.querySelector(".para__toggle");
      if (toggle && document.activeElement === document.body) toggle.focus({ preventScroll: true });
    }
  });
})();
