// The bracket page refreshes itself while a round is in play (htmx swaps #live): keep the
// matches the reader opened open across the swap.
(function () {
  let open = [];
  document.addEventListener("htmx:beforeSwap", () => {
    open = Array.from(document.querySelectorAll("details.match[open]")).map((d) => d.id);
  });
  document.addEventListener("htmx:afterSwap", () => {
    for (const id of open) {
      const el = document.getElementById(id);
      if (el) el.open = true;
    }
  });
})();
