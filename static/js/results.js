// Results entry from the keyboard (arbiter's round page).
// Keys: 1 = White wins, = (or 5) = draw, 0 = Black wins, + = Black forfeits, - = White forfeits,
// Backspace/Delete clears. Each result is saved at once through the API with the version the page
// showed; if another arbiter changed the board meanwhile the API answers 409, nothing is
// overwritten, and the row shows the current result.
(function () {
  const KEYS = { "1": "1-0", "=": "1/2-1/2", "5": "1/2-1/2", "0": "0-1", "+": "+/-", "-": "-/+" };
  const table = document.getElementById("results");
  if (!table) return;
  const csrf = (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  const msg = (name) => table.dataset["msg" + name] || "";
  const labels = {};
  const anySelect = table.querySelector("select.result-select");
  if (anySelect) for (const o of anySelect.options) labels[o.value] = o.value ? o.textContent.split(" ")[0] : "";
  const inputs = () => Array.from(table.querySelectorAll("input.result-input:not([disabled])"));
  // Saves go one at a time, in the order typed: a fast arbiter's results reach the server in
  // order and never race each other for the database.
  let queue = Promise.resolve();
  function enqueue(task) {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  }

  function updateOpenCount() {
    let open = 0;
    for (const row of table.querySelectorAll("tr[data-board]")) {
      const input = row.querySelector("input.result-input");
      const match = row.querySelector("[data-match-result]");
      const value = input ? input.dataset.code : (match && match.textContent.trim() !== "–" ? "x" : "");
      // An entry withdrawn before the round: Art. 21.5 scores the game, no result is awaited.
      const waits = !value && !row.hasAttribute("data-withdrawn");
      if (waits) open += 1;
      row.classList.toggle("pending", waits);
    }
    const el = document.getElementById("open-count");
    if (el) {
      el.textContent = open + " " + (open === 1 ? msg("OpenOne") : msg("OpenMany"));
      el.dataset.open = open;
    }
  }

  function focusNext(input) {
    const all = inputs();
    const start = all.indexOf(input);
    for (let i = start + 1; i < all.length; i++) {
      if (!all[i].dataset.code) { all[i].focus(); return; }
    }
    if (start + 1 < all.length) all[start + 1].focus();
  }

  async function save(input, result) {
    const row = input.closest("tr");
    const status = row.querySelector(".row-status");
    let reason = "";
    if (table.dataset.closed) {
      reason = window.prompt(msg("Reason")) || "";
      if (!reason) return false;
    }
    const response = await fetch(input.dataset.url, {
      method: "PUT",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Accept": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ result: result, version: Number(input.dataset.version), reason: reason }),
    });
    const data = await response.json().catch(() => ({}));
    row.classList.remove("stale");
    if (response.ok) {
      input.dataset.code = data.result;
      input.value = labels[data.result] || data.result;
      input.dataset.version = data.version;
      const select = row.querySelector("select.result-select");
      if (select) select.value = data.result;
      status.textContent = msg("Saved");
      updateOpenCount();
      // The match's result follows; in a knockout tie-break games may appear (or go).
      if (row.dataset.game) await refreshMatch(row);
      return true;
    }
    row.classList.add("stale");
    // The service's reason (detail), or the field errors of a refused request.
    const detail = data.detail || Object.values(data).flat().join(" ") || response.status;
    // A 409's detail says it all (who changed what is in it); other refusals get a prefix.
    status.textContent = response.status === 409 ? (data.detail || msg("Stale")) : msg("Error") + " " + detail;
    if (response.status === 409) { await reloadRow(input); return true; }  // shows the stored one
    return false;
  }

  async function reloadRow(input) {
    // Show what is stored now, so the arbiter decides with the current value.
    const page = await fetch(window.location.href, { credentials: "same-origin" });
    const html = new DOMParser().parseFromString(await page.text(), "text/html");
    const fresh = html.querySelector(`input.result-input[data-url="${input.dataset.url}"]`);
    if (fresh) {
      input.value = fresh.value; input.dataset.code = fresh.dataset.code;
      input.dataset.version = fresh.dataset.version;
    }
    updateOpenCount();
  }

  function gameRows(boardRow) {
    const rows = [];
    for (let r = boardRow.nextElementSibling; r && r.dataset.game; r = r.nextElementSibling) rows.push(r);
    return rows;
  }

  async function refreshMatch(gameRow) {
    // Returns the saved game's row as it is now in the page (it is new if the rows changed).
    let row = gameRow.previousElementSibling;
    while (row && !row.dataset.board) row = row.previousElementSibling;
    if (!row) return null;
    const page = await fetch(window.location.href, { credentials: "same-origin" });
    const html = new DOMParser().parseFromString(await page.text(), "text/html");
    const freshBoard = html.querySelector(`tr[data-board="${row.dataset.board}"]`);
    if (!freshBoard) return gameRow;
    const fresh = freshBoard.querySelector("[data-match-result]");
    const mine = row.querySelector("[data-match-result]");
    if (fresh && mine) mine.textContent = fresh.textContent;
    const ids = (rows) => rows.map((r) => r.dataset.game).join(",");
    const freshGames = gameRows(freshBoard);
    const myGames = gameRows(row);
    if (ids(freshGames) !== ids(myGames)) {
      // Knockout: the next level's tie-break games were created, or games no longer needed
      // were dropped after a correction.
      const note = gameRow.querySelector(".row-status").textContent;
      myGames.forEach((r) => r.remove());
      let anchor = row;
      for (const r of freshGames) {
        const node = document.importNode(r, true);
        anchor.after(node);
        anchor = node;
      }
      const same = table.querySelector(`tr[data-game="${gameRow.dataset.game}"]`);
      if (same) same.querySelector(".row-status").textContent = note;
      updateOpenCount();
      return same;
    }
    updateOpenCount();
    return gameRow;
  }

  table.addEventListener("keydown", async (event) => {
    const input = event.target.closest("input.result-input");
    if (!input) return;
    let result = null;
    if (event.key in KEYS) result = KEYS[event.key];
    else if (event.key === "Backspace" || event.key === "Delete") result = "";
    else if (event.key === "Enter" || event.key === "ArrowDown") { event.preventDefault(); focusNext(input); return; }
    if (result === null) return;
    event.preventDefault();
    // Show the result and move on at once, so a fast arbiter never types into the same box
    // twice; the save finishes in the background and the row reports how it went.
    const previous = input.value;
    input.value = labels[result] || result;
    if (result) focusNext(input);
    if (!(await enqueue(() => save(input, result)))) input.value = previous;
  });

  table.addEventListener("change", async (event) => {
    const select = event.target.closest("select.result-select");
    if (!select) return;
    const input = select.parentElement.querySelector("input.result-input");
    await enqueue(() => save(input, select.value));
  });

  updateOpenCount();
})();
