// The arbiters' check-in list (docs/web.md, "Check-in"): one tap per player, a search box and
// the counters. Every tap goes through the device's outbox (static/js/outbox.js, as results do):
// shown at once, sent one at a time in the order tapped with the version of the event the list
// was read at; kept and sent later when the connection is down, even if the tab is closed. A
// player changed meanwhile by a colleague comes back as a conflict (409): the list shows what is
// stored and the arbiter taps again if needed. Without JavaScript each tap is a form.
(function () {
  const list = document.getElementById("check-in");
  if (!list || !window.CheckInOutbox) return;
  const outbox = window.CheckInOutbox.forUser(list.dataset.user || "");
  const csrf = () => (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  const msg = (name) => list.dataset["msg" + name] || "";
  const rows = () => Array.from(list.querySelectorAll("li[data-url]"));
  const rowOf = (url) => list.querySelector(`li[data-url="${url}"]`);

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/đ/g, "d")
      .replace(/Đ/g, "D").toLowerCase();
  }

  function show(row, checkedIn) {
    row.dataset.state = checkedIn ? "in" : "out";
    const button = row.querySelector("button.check-in-btn");
    button.setAttribute("aria-pressed", checkedIn ? "true" : "false");
    row.querySelector("input[name=checked_in]").value = checkedIn ? "" : "1";
    row.querySelector(".state").textContent = checkedIn ? msg("In") : msg("Out");
    counters();
  }

  function status(row, text) {
    row.querySelector(".row-status").textContent = text;
  }

  function counters() {
    const all = rows();
    const inside = all.filter((r) => r.dataset.state === "in").length;
    document.getElementById("count-in").textContent = inside;
    document.getElementById("count-missing").textContent = all.length - inside;
  }

  function outboxStatus() {
    const el = document.getElementById("outbox-status");
    const waiting = outbox.items().length;
    el.hidden = waiting === 0;
    el.textContent = waiting ? waiting + " " + msg("Waiting") : "";
  }

  // ---- sending ------------------------------------------------------------------------------
  let flushing = Promise.resolve();
  function flush() {
    flushing = flushing.then(() => outbox.withLock(sendAll)).catch(() => {});
    return flushing;
  }

  async function sendAll() {
    for (const id of outbox.items().map((i) => i.id)) {
      const item = outbox.get(id);
      if (!item) continue;
      if (!navigator.onLine) break;
      const row = rowOf(item.url);
      outbox.update(item.id, { state: "sending" });
      let response;
      try {
        response = await fetch(item.url, {
          method: "PUT", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(),
                     "Accept": "application/json",
                     "Accept-Language": document.documentElement.lang || "vi" },
          body: JSON.stringify({ checked_in: item.checkedIn, version: item.version }),
        });
      } catch (e) {  // no connection: the item stays, in its place
        outbox.update(item.id, { state: "pending" });
        break;
      }
      const data = await response.json().catch(() => ({}));
      if (response.ok) {
        outbox.remove(item.id);
        outbox.rebase(item.url, item.version, data.version);
        if (row) {
          row.dataset.version = data.version;
          if (!outbox.items().some((i) => i.url === item.url)) {
            show(row, data.checked_in);
            status(row, msg("Saved"));
          }
        }
      } else if (response.status === 409) {
        // A colleague changed this player meanwhile: theirs stays, shown; tap again to change.
        outbox.remove(item.id);
        if (row) {
          row.dataset.version = data.version;
          show(row, data.result === "in");
          status(row, data.detail || msg("Stale"));
        }
      } else if (response.status >= 500 || response.status === 401 || /CSRF/.test(data.detail || "")) {
        outbox.update(item.id, { state: "pending" });  // kept, in order, until it can go
        if (row) status(row, msg("Error") + " " + (data.detail || response.status));
        break;
      } else {
        outbox.remove(item.id);
        if (row) status(row, msg("Error") + " " + (data.detail || response.status));
      }
      outboxStatus();
    }
    outboxStatus();
  }

  // ---- taps and search ----------------------------------------------------------------------
  list.addEventListener("submit", (event) => {
    const row = event.target.closest("li[data-url]");
    if (!row) return;
    event.preventDefault();
    const checkedIn = row.dataset.state !== "in";
    show(row, checkedIn);
    status(row, navigator.onLine ? msg("Saving") : msg("Offline"));
    outbox.put({ url: row.dataset.url, checkedIn: checkedIn, version: Number(row.dataset.version) });
    outboxStatus();
    flush();
  });

  const search = document.getElementById("check-in-search");
  function filter() {
    const words = fold(search.value.trim()).split(/\s+/).filter(Boolean);
    for (const row of rows()) {
      const text = fold(row.dataset.number + " " + row.dataset.name);
      row.hidden = !words.every((w) => text.includes(w));
    }
  }
  if (search) {
    search.addEventListener("input", filter);
    // A name typed before this script ran (it is deferred), or put back by the browser on
    // returning to the page, filters the list as if just typed.
    if (search.value !== search.defaultValue) filter();
  }

  window.addEventListener("online", flush);
  window.setInterval(() => { if (navigator.onLine && outbox.items().length) flush(); }, 15000);

  // ---- on opening the page: what the device still holds -------------------------------------
  for (const item of outbox.items()) {
    const row = rowOf(item.url);
    if (row) { show(row, item.checkedIn); status(row, msg("Offline")); }
  }
  counters();
  outboxStatus();
  flush();
  list.dataset.ready = "1";  // taps go through the outbox from here on
})();
