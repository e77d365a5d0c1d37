// The recorder's board of a relayed game (docs/live.md, "Relay"): tap a piece, then the point it
// goes to. Each move is shown at once and put in an outbox kept in localStorage (like
// static/js/outbox.js): sent in order, one at a time, each with its ply number, so a move sent
// again after a dropped connection is stored once (the server answers a resent ply as stored).
// A refusal (an illegal move, a conflict) stops the queue and says why. The server's answers
// carry the legal moves of the position ({from: [to, ...]}), which the board highlights;
// while moves wait unsent, any move of the side to move is allowed and the server judges.
(function () {
  "use strict";
  const root = document.getElementById("relay");
  if (!root) return;
  const KEY = "cotuong.relay.outbox.v1";
  const NS = "http://www.w3.org/2000/svg";
  const CELL = 40, MARGIN = 40; // the geometry of xiangqi/svg.py
  const FILES = "abcdefghi";
  const OUTLINES = JSON.parse(document.getElementById("relay-outlines").textContent);
  const board = root.dataset.board, user = root.dataset.user, postUrl = root.dataset.postUrl;
  const svg = root.querySelector("#relay-board svg");
  const csrf = () => (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  let server = JSON.parse(document.getElementById("relay-state").textContent);
  let selected = null, sending = false, offline = false, refused = null, retry = null;

  // -- the outbox: this board's and this account's items, in the order tapped ----------------
  function all() {
    try {
      const list = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }
  const mine = (i) => i.board === board && i.user === user;
  function items() { return all().filter(mine); }
  function save(list) {
    window.localStorage.setItem(KEY, JSON.stringify(all().filter((i) => !mine(i)).concat(list)));
  }
  function mark(id, state) {
    save(items().map((i) => (i.id === id ? Object.assign({}, i, { state: state }) : i)));
  }
  function withLock(task) {
    if (navigator.locks && navigator.locks.request) return navigator.locks.request(KEY, task);
    return task();
  }

  // -- positions: FEN read and a move made without checking (the server checks) -------------
  function grid(fen) {
    const rows = fen.split(" ")[0].split("/").map(function (row) {
      const out = [];
      for (const ch of row) {
        if (/\d/.test(ch)) for (let k = 0; k < parseInt(ch, 10); k++) out.push("");
        else out.push(ch);
      }
      return out;
    });
    return { rows: rows, turn: (fen.split(" ")[1] || "w") === "b" ? "b" : "w" };
  }
  function fenOf(g) {
    const rows = g.rows.map(function (row) {
      let text = "", empty = 0;
      row.forEach(function (ch) {
        if (!ch) { empty += 1; return; }
        if (empty) { text += empty; empty = 0; }
        text += ch;
      });
      return text + (empty ? empty : "");
    });
    return rows.join("/") + " " + g.turn;
  }
  const at = (g, sq) => g.rows[9 - parseInt(sq[1], 10)][FILES.indexOf(sq[0])];
  function play(fen, move) {
    const g = grid(fen);
    const piece = at(g, move.slice(0, 2));
    g.rows[9 - parseInt(move[1], 10)][FILES.indexOf(move[0])] = "";
    g.rows[9 - parseInt(move[3], 10)][FILES.indexOf(move[2])] = piece;
    g.turn = g.turn === "w" ? "b" : "w";
    return fenOf(g);
  }
  const redPiece = (ch) => ch && ch === ch.toUpperCase();

  // -- the game as this phone sees it: the server's moves, then the outbox's -----------------
  function local() {
    const moves = server.moves.slice(), fens = server.fens.slice();
    const written = server.written.slice(), sent = moves.map(() => true);
    items().forEach(function (item) {
      if (item.action === "move" && item.ply === moves.length + 1) {
        fens.push(play(fens.length ? fens[fens.length - 1] : server.start, item.move));
        moves.push(item.move); written.push(item.move); sent.push(false);
      } else if (item.action === "undo" && item.ply === moves.length) {
        moves.pop(); fens.pop(); written.pop(); sent.pop();
      }
    });
    return { moves: moves, fens: fens, written: written, sent: sent,
             fen: fens.length ? fens[fens.length - 1] : server.start };
  }

  // -- drawing ------------------------------------------------------------------------------
  function element(name, attrs, text) {
    const node = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }
  const xy = (sq) => [MARGIN + FILES.indexOf(sq[0]) * CELL,
                      MARGIN + (9 - parseInt(sq[1], 10)) * CELL];
  function targets(game) {
    // The server's legal moves hold for its position only: with moves waiting, none.
    if (!selected || game.moves.length !== server.moves.length || !server.legal) return null;
    return server.legal[selected] || [];
  }
  function draw() {
    const game = local();
    svg.querySelectorAll(".piece, .last, .spot, .pick, .target").forEach((n) => n.remove());
    const last = game.moves[game.moves.length - 1];
    if (last) [last.slice(0, 2), last.slice(2, 4)].forEach(function (sq) {
      const [x, y] = xy(sq);
      svg.appendChild(element("rect", { class: "last", x: x - 19, y: y - 19, width: 38,
        height: 38, fill: "none", stroke: "#2a7ae2", "stroke-width": 2 }));
    });
    const g = grid(game.fen);
    g.rows.forEach(function (row, i) {
      row.forEach(function (piece, file) {
        if (!piece) return;
        const [x, y] = xy(FILES[file] + (9 - i));
        const colour = redPiece(piece) ? "#c0141c" : "#1a1a1a";
        const group = element("g", { class: "piece" });
        group.appendChild(element("circle", { cx: x, cy: y, r: 17, fill: "#fbeccb",
          stroke: colour, "stroke-width": 2 }));
        group.appendChild(element("path", { transform: "translate(" + x + " " + (y + 7) + ")",
          fill: colour, d: OUTLINES[piece] }));
        svg.appendChild(group);
      });
    });
    const allowed = targets(game);
    if (selected) {
      const [x, y] = xy(selected);
      svg.appendChild(element("circle", { class: "pick", cx: x, cy: y, r: 19, fill: "none",
        stroke: "#2a7ae2", "stroke-width": 3 }));
    }
    (allowed || []).forEach(function (sq) {
      const [x, y] = xy(sq);
      svg.appendChild(element("circle", { class: "target", cx: x, cy: y, r: 6,
        fill: "#2a7ae2", "fill-opacity": 0.7 }));
    });
    // A transparent spot on every point takes the taps (and names the point for tests and
    // screen readers).
    for (let rank = 0; rank < 10; rank++) {
      for (let file = 0; file < 9; file++) {
        const sq = FILES[file] + rank, [x, y] = xy(sq);
        svg.appendChild(element("rect", { class: "spot", "data-sq": sq, x: x - 20, y: y - 20,
          width: 40, height: 40, fill: "transparent", role: "button", "aria-label": sq }));
      }
    }
    const list = document.getElementById("relay-moves");
    list.replaceChildren.apply(list, game.written.map(function (text, i) {
      const li = document.createElement("li");
      li.textContent = text;
      if (!game.sent[i]) li.className = "pending";
      return li;
    }));
    document.getElementById("relay-ply").textContent = game.moves.length;
    document.getElementById("relay-turn").textContent =
      grid(game.fen).turn === "w" ? root.dataset.msgTurnRed : root.dataset.msgTurnBlack;
    status();
  }
  function status() {
    const waiting = items().length;
    const box = document.getElementById("relay-status");
    root.dataset.pending = waiting;
    if (refused) box.textContent = root.dataset.msgRefused;
    else if (!waiting) box.textContent = root.dataset.msgSent;
    else box.textContent = (offline ? root.dataset.msgOffline : root.dataset.msgPending)
      + " " + waiting;
    const error = document.getElementById("relay-error");
    error.hidden = !refused;
    error.querySelector("span").textContent = refused || "";
  }

  // -- taps ---------------------------------------------------------------------------------
  function tap(sq) {
    if (refused) return;
    const game = local(), g = grid(game.fen), piece = at(g, sq);
    const own = piece && (redPiece(piece) === (g.turn === "w"));
    if (own) { selected = selected === sq ? null : sq; draw(); return; }
    if (!selected) return;
    const allowed = targets(game);
    if (allowed && allowed.indexOf(sq) < 0) {
      document.getElementById("relay-status").textContent = root.dataset.msgIllegal;
      return;
    }
    const move = selected + sq;
    selected = null;
    const list = items();
    list.push({ id: Date.now() + "-" + Math.random().toString(36).slice(2), board: board,
                user: user, action: "move", ply: game.moves.length + 1, move: move,
                state: "pending" });
    save(list);
    draw();
    flush();
  }
  svg.addEventListener("click", function (event) {
    const spot = event.target.closest(".spot");
    if (spot) tap(spot.getAttribute("data-sq"));
  });
  document.getElementById("relay-undo").addEventListener("click", function () {
    if (refused) return;
    const game = local();
    if (!game.moves.length) return;
    selected = null;
    const list = items();
    const last = list[list.length - 1];
    if (last && last.action === "move" && last.state !== "sending"
        && last.ply === game.moves.length) {
      list.pop(); // never sent: taken back on this phone alone
    } else {
      list.push({ id: Date.now() + "-" + Math.random().toString(36).slice(2), board: board,
                  user: user, action: "undo", ply: game.moves.length,
                  move: game.moves[game.moves.length - 1], state: "pending" });
    }
    save(list);
    draw();
    flush();
  });
  document.getElementById("relay-resync").addEventListener("click", async function () {
    save([]);
    refused = null;
    try {
      const answer = await fetch(root.dataset.jsonUrl, { credentials: "same-origin",
                                                         cache: "no-store" });
      if (answer.ok) server = await answer.json();
    } catch (e) { /* drawn from what the page had */ }
    draw();
  });

  // -- sending, in order, one at a time -----------------------------------------------------
  function later() {
    if (retry) return;
    retry = window.setTimeout(function () { retry = null; flush(); }, 2000);
  }
  async function flush() {
    if (sending || refused) return;
    sending = true;
    try {
      await withLock(async function () {
        for (;;) {
          const item = items()[0];
          if (!item) break;
          mark(item.id, "sending");
          const body = new URLSearchParams({ action: item.action, ply: item.ply,
                                             move: item.move });
          let answer;
          try {
            answer = await fetch(postUrl, { method: "POST", credentials: "same-origin",
              headers: { "X-CSRFToken": csrf(), Accept: "application/json" }, body: body });
          } catch (e) {
            offline = true; // no connection: the item stays first, tried again later
            mark(item.id, "pending");
            later();
            break;
          }
          if (answer.status >= 500 || answer.status === 429) {
            offline = true;
            mark(item.id, "pending");
            later();
            break;
          }
          offline = false;
          let data = {};
          try { data = await answer.json(); } catch (e) { data = { detail: answer.statusText }; }
          if (!answer.ok || !data.ok) {
            refused = data.detail || answer.statusText;
            mark(item.id, "pending");
            break;
          }
          save(items().filter((i) => i.id !== item.id));
          server = data;
          draw();
        }
      });
    } finally {
      sending = false;
      draw();
    }
  }
  window.addEventListener("online", flush);

  // Items left "sending" by a closed tab are sent again (a resent ply is stored once).
  save(items().map((i) => Object.assign({}, i, { state: "pending" })));
  draw();
  root.dataset.ready = "1";
  flush();
})();
