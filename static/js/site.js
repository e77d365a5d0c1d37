// Small helpers for the pages; htmx does the rest.
document.addEventListener("DOMContentLoaded", () => {
  for (const el of document.querySelectorAll("[data-local-time]")) {
    const d = new Date(el.getAttribute("datetime"));
    if (!isNaN(d)) el.title = d.toLocaleString();
  }
});
