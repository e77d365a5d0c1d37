// Small helpers for the pages; htmx does the rest.
document.addEventListener("DOMContentLoaded", () => {
  // A choice that applies at once (no inline handlers: the Content-Security-Policy forbids them).
  for (const el of document.querySelectorAll("[data-autosubmit]")) {
    el.addEventListener("change", () => el.form.submit());
  }
  for (const el of document.querySelectorAll("[data-local-time]")) {
    const d = new Date(el.getAttribute("datetime"));
    if (!isNaN(d)) el.title = d.toLocaleString();
  }
});
