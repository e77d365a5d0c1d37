// Results entry on the arbiter's round page (docs/web.md, "Results": by tap and from the keyboard).
// Tap: one button per common result (1-0, ½, 0-1, +/−, −/+), the law's other codes under "More…".
// Keys: 1 = White wins, = (or 5) = draw, 0 = Black wins, + = Black forfeits, - = White forfeits,
// Backspace/Delete clears. Every result goes through an outbox kept on the device
// (static/js/outbox.js): sent at once, one at a time in the order typed, with the version of the
// board it was typed against; kept and sent later when the connection is down; a board changed
// meanwhile by someone else comes back as a conflict (409) that the arbiter decides: keep theirs
// or send mine. Nothing is overwritten silently and nothing typed is lost when the tab closes.
(function () {
  const KEYS = { "1": "1-0", "=": "1/2-1/2", "5": "1/2-1/2", "0": "0-1", "+": "+/-", "-": "-/+" };
  const table = document.getElementById("results");
  if (!table || !window.ResultOutbox) return;
  // The device's outbox holds this account's results only: another account logged in on the
  // same device neither sees nor sends them (they were typed under someone else's name).
  const outbox = window.ResultOutbox.forUser(table.dataset.user || "");
  const csrf = () => (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  const msg = (name) => table.dataset["msg" + name] || "";
  const labels = {};
  const anySelect = table.querySelector("select.result-select");
  if (anySelect) {
    for (const o of anySelect.options) {
      if (o.value && o.value !== "more") labels[o.value] = o.textContent.trim().split(" ")[0];
    }
  }
  const inputs = () => Array.from(table.querySelectorAll("input.result-input:not([disabled])"));
  const cellOf = (url) => {
    const input = table.querySelector(`input.result-input[data-url="${url}"]`);
    return input ? input.closest(".result-cell") : null;
  };
  const inputOf = (cell) => cell.querySelector("input.result-input");

  // ---- what a cell shows --------------------------------------------------------------------
  function show(cell, code) {
    const input = inputOf(cell);
    input.value = labels[code] || code || "";
    input.dataset.shown = code || "";
    for (const b of cell.querySelectorAll("button.rb")) {
      b.setAttribute("aria-pressed", b.dataset.result === code ? "true" : "false");
    }
    const select = cell.querySelector("select.result-select");
    if (select) {
      const tapped = !code || cell.querySelector(`button.rb[data-result="${CSS.escape(code)}"]`);
      select.value = tapped ? "more" : code;
    }
    updateOpenCount();
  }

  function stored(cell, code, version) {
    const input = inputOf(cell);
    input.dataset.code = code || "";
    input.dataset.version = version;
  }

  function status(cell, state, text) {
    const row = cell.closest("tr");
    const el = row.querySelector(".row-status");
    row.dataset.state = state;
    row.classList.toggle("stale", state === "conflict");
    if (el) el.textContent = text;
    const old = row.querySelector(".row-conflict");
    if (old && state !== "conflict") old.remove();
  }

  function conflictControls(cell, item) {
    const row = cell.closest("tr");
    let box = row.querySelector(".row-conflict");
    if (box) box.remove();
    box = document.createElement("span");
    box.className = "row-conflict";
    const mine = document.createElement("span");
    mine.textContent = msg("Mine") + " " + (labels[item.result] || item.result || "–");
    const accept = document.createElement("button");
    accept.type = "button"; accept.className = "btn secondary"; accept.dataset.decide = "theirs";
    accept.textContent = msg("Accept");
    const resend = document.createElement("button");
    resend.type = "button"; resend.className = "btn"; resend.dataset.decide = "mine";
    resend.textContent = msg("SendMine");
    box.append(mine, accept, resend);
    const anchor = row.querySelector(".row-status");
    anchor.after(box);
  }

  function updateOpenCount() {
    let open = 0;
    for (const row of table.querySelectorAll("tr[data-board]")) {
      const input = row.querySelector("input.result-input");
      const match = row.querySelector("[data-match-result]");
      // Counted on what the server holds (a result waiting to be sent still waits); a match
      // waits until its own result follows from every game (a partial score is not one).
      const value = input ? input.dataset.code : (match ? match.dataset.code : "");
      // An entry withdrawn before the round: Art. 21.5 scores the game, no result is awaited.
      const waits = !value && !row.hasAttribute("data-withdrawn");
      if (waits) open += 1;
      row.classList.toggle("pending", waits);
    }
    const el = document.getElementById("open-count");
    if (el) {
      el.textContent = open === 0 ? msg("AllIn")
        : open + " " + (open === 1 ? msg("OpenOne") : msg("OpenMany"));
      el.dataset.open = open;
    }
    // Closing is offered once every result is in (the page of one arbiter's boards does not
    // see the others: there the server's answer stands).
    const closeForm = document.getElementById("close-form");
    const blocked = document.getElementById("close-blocked");
    if (closeForm && blocked && !table.dataset.mine) {
      closeForm.hidden = open > 0;
      blocked.hidden = open === 0;
    }
  }

  function updateOutboxStatus() {
    const el = document.getElementById("outbox-status");
    if (!el) return;
    const waiting = outbox.items().filter((i) => i.state !== "conflict").length;
    el.hidden = waiting === 0;
    el.dataset.waiting = waiting;
    el.textContent = waiting + " " + (waiting === 1 ? msg("QueuedOne") : msg("QueuedMany"));
  }

  function focusNext(input) {
    const all = inputs();
    const start = all.indexOf(input);
    for (let i = start + 1; i < all.length; i++) {
      if (!all[i].dataset.shown) { all[i].focus(); return; }
    }
    if (start + 1 < all.length) all[start + 1].focus();
  }

  // ---- entering a result --------------------------------------------------------------------
  // Art. 20: only the chief arbiter and the organisers correct a closed round, with a reason
  // kept in the board's history (at most REASON_MAX_LENGTH characters). The reason is asked in
  // the page's own dialog (#reason-dialog, worded by the server in the page's language).
  const reasonDialog = document.getElementById("reason-dialog");
  if (reasonDialog) {
    reasonDialog.querySelector("[data-testid=reason-cancel]").addEventListener(
      "click", () => reasonDialog.close());
  }

  function askReason() {
    const dialog = reasonDialog;
    const text = dialog.querySelector("textarea");
    const count = dialog.querySelector("[data-count]");
    const error = dialog.querySelector("[data-error]");
    text.value = "";
    count.textContent = "0";
    error.hidden = true;
    return new Promise((resolve) => {
      const done = (value) => {
        dialog.removeEventListener("close", onClose);
        form.removeEventListener("submit", onSubmit);
        text.removeEventListener("input", onInput);
        resolve(value);
      };
      const form = dialog.querySelector("form");
      const onInput = () => { count.textContent = String(text.value.length); error.hidden = true; };
      const onSubmit = (event) => {
        event.preventDefault();
        const reason = text.value.trim();
        if (!reason) { error.hidden = false; text.focus(); return; }
        dialog.returnValue = "ok";
        dialog.close();
        done(reason);
      };
      const onClose = () => { if (dialog.returnValue !== "ok") done(null); };
      text.addEventListener("input", onInput);
      form.addEventListener("submit", onSubmit);
      dialog.addEventListener("close", onClose);
      dialog.returnValue = "";
      dialog.showModal();
      text.focus();
    });
  }

  function send(cell, result, reason) {
    const input = inputOf(cell);
    show(cell, result);
    outbox.put({ url: input.dataset.url, result: result, reason: reason,
                 version: Number(input.dataset.version) });
    status(cell, "saving", navigator.onLine ? msg("Saving") : msg("Waiting"));
    updateOutboxStatus();
    flush();
  }

  // Enters ``result`` on the board or game of ``cell``; true when it was sent at once (an open
  // round), false when nothing was sent yet (a closed round asks its reason first).
  function enter(cell, result) {
    if (!table.dataset.closed) { send(cell, result, ""); return true; }
    if (!table.dataset.canCorrect) { status(cell, "error", msg("NoRight")); return false; }
    askReason().then((reason) => {
      if (reason === null) show(cell, inputOf(cell).dataset.shown);
      else send(cell, result, reason);
    });
    return false;
  }

  // ---- sending the outbox -------------------------------------------------------------------
  let flushing = Promise.resolve();
  function flush() {
    flushing = flushing.then(() => outbox.withLock(sendAll)).catch(() => {});
    return flushing;
  }

  // A knockout's or a team's match follows its games: once the outbox is sent, the page is read
  // again once for every game stored (not once per game: a team round of 16 games would read it
  // 16 times, one after the other).
  async function sendAll() {
    const games = [];
    try {
      await sendQueued(games);
    } finally {
      await refreshMatches(games);
    }
  }

  async function sendQueued(games) {
    for (const id of outbox.items().map((i) => i.id)) {
      const item = outbox.get(id);  // as it is now: a result retyped meanwhile replaced it
      if (!item || item.state === "conflict") continue;
      const cell = cellOf(item.url);
      if (!navigator.onLine) { markWaiting(); return; }
      let response;
      outbox.update(item.id, { state: "sending" });
      try {
        response = await fetch(item.url, {
          method: "PUT", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(),
                     "Accept": "application/json",
                     "Accept-Language": document.documentElement.lang || "vi" },
          body: JSON.stringify({ result: item.result, version: item.version, reason: item.reason }),
        });
      } catch (e) {  // no connection: the item stays, in its place
        outbox.update(item.id, { state: "pending" });
        markWaiting();
        return;
      }
      const data = await response.json().catch(() => ({}));
      const same = response.status === 409 && (data.result || "") === item.result;
      if (response.ok || same) {  // stored (a 409 with this very result: sent before a close)
        outbox.remove(item.id);
        outbox.rebase(item.url, item.version, data.version);
        // A newer result of the same board still waiting stays on screen until it is sent.
        const newer = outbox.items().some((i) => i.url === item.url);
        if (cell) {
          stored(cell, data.result, data.version);
          if (!newer) { show(cell, data.result); status(cell, "saved", msg("Saved")); }
          if (cell.closest("tr").dataset.game) games.push(cell.closest("tr"));
        }
      } else if (response.status === 409) {
        // Someone else changed the board: keep their value until the arbiter decides.
        outbox.update(item.id, { state: "conflict", theirs: data.result || "",
                                 theirsVersion: data.version, detail: data.detail || msg("Stale") });
        if (cell) showConflict(cell, outbox.get(item.id));
      } else if (response.status >= 500 || response.status === 0) {
        outbox.update(item.id, { state: "pending" });
        markWaiting();
        return;
      } else if (response.status === 401 || /CSRF/.test(data.detail || "")) {
        // Signed out meanwhile (or a stale form token): keep everything, in order, until the
        // arbiter signs in again and reopens the page.
        outbox.update(item.id, { state: "pending" });
        if (cell) status(cell, "error", msg("Error") + " " + (data.detail || response.status));
        updateOutboxStatus();
        return;
      } else {
        outbox.remove(item.id);
        const detail = data.detail || Object.values(data).flat().join(" ") || response.status;
        if (cell) {
          show(cell, inputOf(cell).dataset.code);
          status(cell, "error", msg("Error") + " " + detail);
        }
      }
      updateOutboxStatus();
    }
    updateOutboxStatus();
  }

  function markWaiting() {
    for (const item of outbox.items()) {
      const cell = cellOf(item.url);
      if (cell && item.state !== "conflict") status(cell, "waiting", msg("Waiting"));
    }
    updateOutboxStatus();
  }

  function showConflict(cell, item) {
    // Their value as the answer gave it, unless the page already shows a newer one.
    if (item.theirsVersion > Number(inputOf(cell).dataset.version)) stored(cell, item.theirs, item.theirsVersion);
    show(cell, inputOf(cell).dataset.code);
    status(cell, "conflict", msg("Conflict") + " " + item.detail);
    conflictControls(cell, item);
  }

  function decide(button) {
    const row = button.closest("tr");
    const cell = row.querySelector(".result-cell");
    const item = outbox.items().find((i) => i.url === inputOf(cell).dataset.url);
    if (!item) return;
    if (button.dataset.decide === "theirs") {
      outbox.remove(item.id);
      show(cell, inputOf(cell).dataset.code);
      status(cell, "saved", msg("Saved"));
    } else {
      outbox.update(item.id, { state: "pending", version: Number(inputOf(cell).dataset.version) });
      show(cell, item.result);
      status(cell, "saving", msg("Saving"));
      flush();
    }
    updateOutboxStatus();
  }

  // ---- knockout and team matches: the match row follows its games ----------------------------
  function gameRows(boardRow) {
    const rows = [];
    for (let r = boardRow.nextElementSibling; r && r.dataset.game; r = r.nextElementSibling) rows.push(r);
    return rows;
  }

  async function refreshMatches(games) {
    if (!games.length) return;
    let html;
    try {
      const page = await fetch(window.location.href, { credentials: "same-origin" });
      html = new DOMParser().parseFromString(await page.text(), "text/html");
    } catch (e) { return; }
    const matches = new Map();  // each match's row, and its games just stored
    for (const gameRow of games) {
      let row = gameRow.previousElementSibling;
      while (row && !row.dataset.board) row = row.previousElementSibling;
      if (row) matches.set(row, (matches.get(row) || []).concat([gameRow]));
    }
    for (const [row, stored] of matches) refreshMatch(html, row, stored);
    updateOpenCount();
  }

  function refreshMatch(html, row, stored) {
    const freshBoard = html.querySelector(`tr[data-board="${row.dataset.board}"]`);
    if (!freshBoard) return;
    const fresh = freshBoard.querySelector("[data-match-result]");
    const mine = row.querySelector("[data-match-result]");
    if (fresh && mine) { mine.textContent = fresh.textContent; mine.dataset.code = fresh.dataset.code; }
    // The match's note ("tied: tie-break games follow", who goes through) follows too.
    const freshNote = freshBoard.querySelector("[data-match-note]");
    const myNote = row.querySelector("[data-match-note]");
    if (freshNote && myNote) myNote.textContent = freshNote.textContent;
    const ids = (rows) => rows.map((r) => r.dataset.game).join(",");
    const freshGames = gameRows(freshBoard);
    const myGames = gameRows(row);
    if (ids(freshGames) !== ids(myGames)) {
      // Knockout: the next level's tie-break games were created, or games no longer needed
      // were dropped after a correction. The games just stored keep saying so.
      const notes = stored.map((r) => [r.dataset.game, r.querySelector(".row-status").textContent]);
      myGames.forEach((r) => r.remove());
      let anchor = row;
      for (const r of freshGames) {
        const node = document.importNode(r, true);
        anchor.after(node);
        anchor = node;
      }
      for (const [game, note] of notes) {
        const same = table.querySelector(`tr[data-game="${game}"]`);
        if (same) same.querySelector(".row-status").textContent = note;
      }
    }
  }

  // ---- events -------------------------------------------------------------------------------
  table.addEventListener("keydown", (event) => {
    const input = event.target.closest("input.result-input");
    if (!input) return;
    let result = null;
    if (event.key in KEYS) result = KEYS[event.key];
    else if (event.key === "Backspace" || event.key === "Delete") result = "";
    else if (event.key === "Enter" || event.key === "ArrowDown") { event.preventDefault(); focusNext(input); return; }
    if (result === null) return;
    event.preventDefault();
    // Show the result and move on at once, so a fast arbiter never types into the same box twice.
    if (enter(input.closest(".result-cell"), result) && result) focusNext(input);
  });

  table.addEventListener("click", (event) => {
    const choice = event.target.closest("button.rb");
    if (choice && !choice.disabled) { enter(choice.closest(".result-cell"), choice.dataset.result); return; }
    const decision = event.target.closest("button[data-decide]");
    if (decision) decide(decision);
  });

  table.addEventListener("change", (event) => {
    const select = event.target.closest("select.result-select");
    if (!select || select.value === "more") return;
    const cell = select.closest(".result-cell");
    if (!enter(cell, select.value)) show(cell, inputOf(cell).dataset.shown);
  });

  // "Board n": straight to that board's row, its first result button ready (without
  // JavaScript the server answers with the page at #board-n).
  const jump = document.querySelector("form.board-jump");
  if (jump) {
    jump.addEventListener("submit", (event) => {
      const number = jump.querySelector("input[name=board]").value.trim();
      const row = document.getElementById("board-" + number);
      if (!row) return;
      event.preventDefault();
      window.location.hash = "board-" + number;  // scrolls there and marks it (:target)
      const first = row.querySelector("button.rb:not([disabled])");
      if (first) first.focus({ preventScroll: true });
    });
  }

  window.addEventListener("online", flush);
  window.addEventListener("offline", markWaiting);
  window.setInterval(() => { if (navigator.onLine && outbox.items().some((i) => i.state !== "conflict")) flush(); }, 15000);

  // ---- on opening the page: what the device still holds -------------------------------------
  for (const input of table.querySelectorAll("input.result-input")) input.dataset.shown = input.dataset.code;
  for (const item of outbox.items()) {
    const cell = cellOf(item.url);
    if (!cell) continue;
    if (item.state === "conflict") showConflict(cell, item);
    else { show(cell, item.result); status(cell, "waiting", msg("Waiting")); }
  }
  updateOpenCount();
  updateOutboxStatus();
  flush();
  // Taps and keys count from here on (the buttons do nothing before: this script is deferred).
  table.dataset.ready = "1";
})();
