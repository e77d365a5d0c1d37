// Small helpers for the pages; htmx does the rest. A live page swaps its #live part (below):
// what is inside it is listened to on the document, so it keeps working after a swap.

// A choice that applies at once (no inline handlers: the Content-Security-Policy forbids them).
document.addEventListener("change", (event) => {
  const el = event.target;
  if (el instanceof Element && el.matches("[data-autosubmit]") && el.form) el.form.submit();
});

function localTimes(root) {
  for (const el of root.querySelectorAll("[data-local-time]")) {
    const d = new Date(el.getAttribute("datetime"));
    if (!isNaN(d)) el.title = d.toLocaleString();
  }
}
document.addEventListener("htmx:load", (event) => localTimes(event.detail.elt));

document.addEventListener("DOMContentLoaded", () => {
  localTimes(document);
  // htmx has read the page by now (its script comes first). A box that asks the server as you
  // type (hx-trigger "… search") typed in before that (the scripts are deferred), or refilled by
  // the browser on returning to the page, asks now.
  for (const el of document.querySelectorAll("input[hx-trigger*=search]")) {
    if (el.value !== el.defaultValue && window.htmx) window.htmx.trigger(el, "search");
  }
  // The page listens from here on (htmx and these helpers; a page's own script marks its part).
  document.body.dataset.ready = "1";
});

// A live page (a round in play) asks the event's version every few seconds and reloads its
// #live part only when the version moved: "changed since?" costs a tiny answer,
// usually a 304, instead of the whole page. While the event's live feed is open
// (static/js/live.js: <html data-live-state="open">) it tells the page at once, and the
// check is skipped; it runs again whenever the feed is down.
(function () {
  function watch() {
    const live = document.getElementById("live");
    if (!live || !live.dataset.versionUrl) return;
    const seconds = Number(live.dataset.refreshSeconds) || 30;
    setTimeout(async () => {
      const current = document.getElementById("live");
      if (!current || !current.dataset.versionUrl) return;
      if (document.documentElement.dataset.liveState === "open") { watch(); return; }
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

// Destructive actions ask first: a form with data-confirm="question" opens a dialog
// (no window.confirm, no inline handler); "yes" submits it with confirmed=1. Without JavaScript
// the server answers with a confirmation page instead (tournaments/views/confirm.py).
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.confirm) return;
  const flag = form.querySelector("input[name=confirmed]");
  if (flag && flag.value === "1") return;
  event.preventDefault();
  const submitter = event.submitter;
  const dialog = document.createElement("dialog");
  dialog.className = "confirm-dialog";
  dialog.setAttribute("data-testid", "confirm-dialog");
  const text = document.createElement("p");
  text.textContent = form.dataset.confirm;
  const actions = document.createElement("div");
  actions.className = "actions";
  const no = document.createElement("button");
  no.type = "button";
  no.className = "btn secondary";
  no.textContent = document.body.dataset.confirmNo || "Cancel";
  no.setAttribute("data-testid", "confirm-no");
  const yes = document.createElement("button");
  yes.type = "button";
  yes.className = "btn danger";
  yes.textContent = form.dataset.confirmYes || (submitter && submitter.textContent.trim()) || "OK";
  yes.setAttribute("data-testid", "confirm-yes");
  actions.append(no, yes);
  dialog.append(text, actions);
  document.body.append(dialog);
  const close = () => { dialog.close(); dialog.remove(); };
  no.addEventListener("click", close);
  dialog.addEventListener("cancel", close);
  yes.addEventListener("click", () => {
    let input = flag;
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = "confirmed";
      form.append(input);
    }
    input.value = "1";
    if (submitter && submitter.name) {  // keep the pressed button's name and value
      const pressed = document.createElement("input");
      pressed.type = "hidden";
      pressed.name = submitter.name;
      pressed.value = submitter.value;
      form.append(pressed);
    }
    close();
    form.submit();
  });
  dialog.showModal();
  no.focus();
});

// Offline (docs/web.md, "Offline"): the service worker keeps the pages last seen; a page served
// from it says so, with the time of that version.
document.addEventListener("DOMContentLoaded", () => {
  const banner = document.getElementById("offline-banner");
  const showSince = (since) => {
    const when = new Date(since);
    const lang = document.documentElement.lang === "vi" ? "vi-VN" : "en-GB";
    const time = document.getElementById("offline-time");
    time.textContent = isNaN(when) ? since : when.toLocaleString(lang);
    time.setAttribute("datetime", since);
    banner.hidden = false;
  };
  if (banner && document.body.dataset.offlineSince) showSince(document.body.dataset.offlineSince);
  // A page open when the connection drops says since when it has not been refreshed.
  let fresh = document.body.dataset.offlineSince ? null : new Date().toISOString();
  document.body.addEventListener("htmx:afterSwap", () => { fresh = new Date().toISOString(); });
  window.addEventListener("offline", () => { if (banner && fresh) showSince(fresh); });
  window.addEventListener("online", () => { if (banner && fresh) banner.hidden = true; });
  // Logging out forgets the pages kept on this device (not the results still to be sent).
  for (const form of document.querySelectorAll("form[data-logout]")) {
    form.addEventListener("submit", () => {
      if (window.caches) caches.keys().then((names) => names.forEach((n) => caches.delete(n)));
    });
  }
  if (!("serviceWorker" in navigator) || !document.body.dataset.serviceWorker) return;
  navigator.serviceWorker.register(document.body.dataset.serviceWorker, { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const assets = performance.getEntriesByType("resource").map((r) => r.name);
      registration.active.postMessage({ type: "keep", page: window.location.href, assets });
    })
    .catch(() => {});
});

// "Find my board" (the public round page): as you type, the A-to-Z list keeps the players
// whose name has every word typed, diacritics ignored ("nguyen" finds "Nguyễn"), or whose
// start number it is; a search that leads to one board jumps there (#board-n, highlighted).
// Without JavaScript the server answers the same search (views/public.py). The form and the list
// are in the part a live page swaps: both are looked up at each keystroke, and the box keeps
// what was typed across a swap (hx-preserve), the new list narrowed again.
(() => {
  const fold = (text) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[đĐ]/g, "d").toLowerCase().split(/\s+/).filter(Boolean);
  const rows = () => Array.from(document.querySelectorAll("details.seat-list tr[data-board]"));
  const matching = (form) => {
    const words = fold(form.querySelector("input[name=find]").value);
    if (!words.length) return null;
    return rows().filter((row) => {
      if (words.length === 1 && words[0] === row.dataset.number) return true;
      const name = fold(row.dataset.name).join(" ");
      return words.every((word) => name.includes(word));
    });
  };
  const narrow = (form) => {
    const found = matching(form);
    rows().forEach((row) => row.classList.toggle("seat-hidden", found !== null && !found.includes(row)));
    const list = document.querySelector("details.seat-list");
    if (list && found !== null) list.open = true;
  };
  document.addEventListener("input", (event) => {
    const form = event.target.closest && event.target.closest("form[data-find-board]");
    if (form && event.target.name === "find") narrow(form);
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches("[data-find-board]")) return;
    const found = matching(form);
    if (!found) return;
    const boards = new Set(found.map((row) => row.dataset.board));
    if (boards.size !== 1) return;  // several boards or none: the server lists them
    event.preventDefault();
    const number = boards.values().next().value;
    document.querySelectorAll("table.pairings tr.found").forEach((row) => row.classList.remove("found"));
    const target = document.getElementById(`board-${number}`);
    if (target) target.classList.add("found");
    window.location.hash = `board-${number}`;
  });
  // A name typed before this script ran (it is deferred), or kept across a swap, narrows the
  // list as if just typed.
  const start = () => {
    const form = document.querySelector("form[data-find-board]");
    if (!form) return;
    const box = form.querySelector("input[name=find]");
    if (box.value !== box.defaultValue) narrow(form);
    form.dataset.ready = "1";
  };
  start();
  document.addEventListener("htmx:load", start);
})();
