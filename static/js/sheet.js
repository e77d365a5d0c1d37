// The score-sheet entry page (Art. 11): while the arbiter types, the sheet is sent to the
// server's check (moves_check) and every move read is listed, with the first illegal one and
// why. Saving checks again; nothing is stored while a move is illegal.
(function () {
  "use strict";
  const form = document.getElementById("sheet-form");
  if (!form) return;
  const status = document.getElementById("sheet-status");
  const list = document.getElementById("sheet-moves");
  let timer = null;
  let sent = 0;

  function line(text, className) {
    const p = document.createElement("p");
    p.className = className;
    p.textContent = text;
    return p;
  }

  // The check only reads: when the connection or the server fails it is asked again (up to
  // three times, a second apart) rather than leaving the arbiter without an answer.
  async function ask(body) {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(form.dataset.checkUrl, {
          method: "POST", body: body, credentials: "same-origin",
          headers: { Accept: "application/json" },
        });
        if (response.ok || response.status === 400) return await response.json();
        if (attempt >= 3) return null;
      } catch (e) {
        if (attempt >= 3) return null;
      }
      await new Promise(function (done) { setTimeout(done, 1000); });
    }
  }

  async function check() {
    const mine = ++sent;
    const answer = await ask(new FormData(form));
    if (mine !== sent || answer === null) return; // a newer check is on its way, or none came
    list.replaceChildren();
    (answer.moves || []).forEach(function (move) {
      const item = document.createElement("li");
      // Red's moves carry the move number, as on the sheet: "1. P2-5 M8.7".
      item.textContent = (move.ply % 2 ? (move.ply + 1) / 2 + ". " : "") + move.written;
      if (move.vi !== move.written) { // read from another notation: shown in Vietnamese too
        const vi = document.createElement("span");
        vi.className = "muted";
        vi.textContent = " " + move.vi;
        item.appendChild(vi);
      }
      list.appendChild(item);
    });
    status.replaceChildren();
    if (answer.error) {
      const error = line(answer.error.message, "msg error");
      error.dataset.testid = "sheet-error";
      status.appendChild(error);
      const bad = document.createElement("li");
      bad.className = "error";
      bad.textContent = answer.error.text || "";
      if (answer.error.ply) list.appendChild(bad);
    } else if (answer.moves && answer.moves.length) {
      status.appendChild(line(answer.moves.length + " " + form.dataset.msgMoves + ". "
        + form.dataset.msgOk, "msg ok"));
    }
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  }

  form.addEventListener("input", later);
  // Text typed before this script ran (a slow connection loads it after the form shows), or put
  // back by the browser on returning to the page, is checked as if just typed.
  const text = form.elements.namedItem("text");
  if (text && text.value !== text.defaultValue) later();
  form.dataset.ready = "1";
})();
