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

// A live page (a round in play) asks the event's version every few seconds and reloads its
// #live part only when the version moved (issue 23): "changed since?" costs a tiny answer,
// usually a 304, instead of the whole page.
(function () {
  function watch() {
    const live = document.getElementById("live");
    if (!live || !live.dataset.versionUrl) return;
    const seconds = Number(live.dataset.refreshSeconds) || 30;
    setTimeout(async () => {
      const current = document.getElementById("live");
      if (!current || !current.dataset.versionUrl) return;
      try {
        const answer = await fetch(current.dataset.versionUrl,
          { headers: { Accept: "application/json" }, cache: "no-cache" });
        if (answer.ok) {
          const { version } = await answer.json();
          if (String(version) !== current.dataset.version && window.htmx) {
            window.htmx.trigger(current, "version-changed");
          }
        }
      } catch (error) {
        // Offline for a moment: ask again at the next tick.
      }
      watch();
    }, seconds * 1000);
  }
  document.addEventListener("DOMContentLoaded", watch);
})();
