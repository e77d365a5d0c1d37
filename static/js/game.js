// A game's board on a page: the public game page's viewer (the buttons first, previous, next,
// last, the arrow keys, Home and End, and tapping a move redraw the board from that position's
// FEN; without script the same links load the page at ?ply=N) and the hall screen's boards.
// A relayed game (data-live-json) follows the event's live feed (static/js/live.js): a "move"
// message appends its moves without reloading; a gap, a "reset" or a reconnection fetch the
// game's live.json and replace them; "next_at" (a move the statute's delay still hides) fetches
// it again at that time. The viewer follows the last move if it was on the last one, and stays
// where the reader is otherwise. Kept in static/: the pages' Content-Security-Policy forbids
// inline scripts.
(function () {
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const CELL = 40, MARGIN = 40; // the geometry of xiangqi/svg.py
  const LETTERS = { K: "Tg", A: "S", B: "T", R: "X", C: "P", N: "M", P: "B" };
  const outlinesNode = document.getElementById("game-outlines");
  // The pieces as glyph outlines (no font needed, xiangqi/glyphs.py) or the law's letters.
  const OUTLINES = outlinesNode ? JSON.parse(outlinesNode.textContent) : {};

  function point(file, rank) {
    return [MARGIN + file * CELL, MARGIN + (9 - rank) * CELL];
  }

  function pieces(fen) {
    const out = [];
    fen.split(" ")[0].split("/").forEach(function (row, i) {
      let file = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) { file += parseInt(ch, 10); continue; }
        out.push([file, 9 - i, ch]);
        file += 1;
      }
    });
    return out;
  }

  function element(name, attrs, text) {
    const node = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }

  function mark(svg, square) {
    const [x, y] = point("abcdefghi".indexOf(square[0]), parseInt(square[1], 10));
    svg.appendChild(element("rect", { class: "last", x: x - 19, y: y - 19, width: 38, height: 38,
      fill: "none", stroke: "#2a7ae2", "stroke-width": 2 }));
  }

  // The board's SVG (drawn by xiangqi/svg.py) redrawn at a FEN, the move that led there marked.
  function drawBoard(svg, fen, move, letters) {
    svg.querySelectorAll(".piece, .last").forEach(function (n) { n.remove(); });
    if (move) {
      mark(svg, move.slice(0, 2));
      mark(svg, move.slice(2, 4));
    }
    pieces(fen).forEach(function ([file, rank, piece]) {
      const [x, y] = point(file, rank);
      const colour = piece === piece.toUpperCase() ? "#c0141c" : "#1a1a1a";
      const group = element("g", { class: "piece" });
      group.appendChild(element("circle", { cx: x, cy: y, r: 17, fill: "#fbeccb",
        stroke: colour, "stroke-width": 2 }));
      if (letters || !OUTLINES[piece]) {
        const letter = LETTERS[piece.toUpperCase()];
        group.appendChild(element("text", { x: x, y: y + 6, "font-size": letter.length > 1 ? 14 : 16,
          "font-family": "sans-serif", "font-weight": "bold", "text-anchor": "middle",
          fill: colour }, letter));
      } else {
        group.appendChild(element("path", { transform: "translate(" + x + " " + (y + 7) + ")",
          fill: colour, d: OUTLINES[piece] }));
      }
      svg.appendChild(group);
    });
  }

  // One relayed game as the feed tells it: its moves (ICCS), the FEN after each (fens[0] the
  // start), their Vietnamese notation, its result; onchange() after every change.
  function LiveGame(url, start, onchange) {
    this.url = url;
    this.moves = start.moves;
    this.fens = start.fens;
    this.written = start.written;
    this.result = start.result || null;
    this.onchange = onchange;
    this.timer = null;
    this.asking = null;
    this.changes = 0;  // messages applied: an answer asked before one of them is not used
  }

  LiveGame.prototype.replace = function (data) {
    this.moves = data.moves.slice();
    // live.json's fens: the FEN after each move, after its start position.
    this.fens = [data.start || this.fens[0]].concat(data.fens);
    this.written = data.written.slice();
    this.result = data.result || null;
    this.schedule(data.next_at);
    this.onchange();
  };

  // A "move" message: the moves from index ``from`` on. One that starts after what we hold
  // (we missed a message) or does not add up asks the whole game again.
  LiveGame.prototype.apply = function (data) {
    if (!this.fens.length || data.from > this.moves.length) { this.fetch(); return; }
    this.moves = this.moves.slice(0, data.from).concat(data.moves);
    this.fens = this.fens.slice(0, data.from + 1).concat(data.fens);
    this.written = this.written.slice(0, data.from).concat(data.written);
    this.result = data.result || null;
    this.changes += 1;
    if (this.moves.length !== data.ply) { this.fetch(); return; }
    this.schedule(data.next_at);
    this.onchange();
  };

  LiveGame.prototype.fetch = function () {
    if (this.asking) { this.again = true; return this.asking; }
    const game = this;
    const changes = this.changes;
    this.asking = window.fetch(this.url, { headers: { Accept: "application/json" },
                                           cache: "no-store", credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (data) {
        // A message came while we asked: this answer may be older than it; ask again.
        if (game.changes !== changes) { game.again = true; return; }
        if (data) game.replace(data);
      })
      .catch(function () { /* offline: the next message or reconnection asks again */ })
      .finally(function () {
        game.asking = null;
        if (game.again) { game.again = false; game.fetch(); }
      });
    return this.asking;
  };

  // A move the statute's delay hides becomes public at ``when``: ask for it then.
  LiveGame.prototype.schedule = function (when) {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    if (!when) return;
    const wait = Math.max(new Date(when).getTime() - Date.now(), 0) + 250;
    if (isNaN(wait)) return;
    const game = this;
    this.timer = setTimeout(function () { game.timer = null; game.fetch(); },
                            Math.min(wait, 2147483647));
  };

  // Relayed games on this page, by board: live.js's messages reach them through these events.
  const games = [];
  function follow(board, game) {
    games.push([String(board), game]);
  }
  document.addEventListener("live:move", function (event) {
    games.forEach(function ([board, game]) {
      if (board === String(event.detail.board)) game.apply(event.detail);
    });
  });
  // The event changed (a result entered ends a game, and its whole game becomes public): the
  // games still in play asked again, spread over two seconds so that a hall full of phones
  // does not ask at once.
  document.addEventListener("live:version", function () {
    games.forEach(function ([, game]) {
      if (!game.result) setTimeout(function () { game.fetch(); }, Math.random() * 2000);
    });
  });
  // The feed (re)opened or said we missed messages: every game asked again.
  document.addEventListener("live:catchup", function () {
    games.forEach(function ([, game]) { game.fetch(); });
  });

  window.XiangqiBoard = { draw: drawBoard, LiveGame: LiveGame, follow: follow };

  // -- the public game page ------------------------------------------------------------------
  const viewer = document.getElementById("game-viewer");
  if (!viewer) return;
  const letters = viewer.dataset.pieces === "letters";
  const list = document.getElementById("game-moves");
  const start = {
    fens: JSON.parse(document.getElementById("game-fens").textContent),
    moves: JSON.parse(document.getElementById("game-iccs").textContent),
    written: Array.from(list.querySelectorAll("a[data-ply]")).map(function (a) {
      return a.textContent;
    }),
  };
  let game = { moves: start.moves, fens: start.fens, written: start.written };
  let last = start.fens.length - 1;
  let ply = Math.min(Math.max(parseInt(viewer.dataset.ply, 10) || 0, 0), last);

  function draw() {
    drawBoard(viewer.querySelector("svg"), game.fens[ply], ply > 0 ? game.moves[ply - 1] : null,
              letters);
    const svg = viewer.querySelector("svg");
    svg.setAttribute("aria-label", viewer.dataset.label + " " + ply);
    document.getElementById("game-ply").textContent = ply + " / " + last;
    list.querySelectorAll("a").forEach(function (a) {
      if (parseInt(a.dataset.ply, 10) === ply) a.setAttribute("aria-current", "step");
      else a.removeAttribute("aria-current");
    });
    const current = list.querySelector('a[aria-current="step"]');
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
    const url = new URL(window.location.href);
    url.searchParams.set("ply", ply);
    viewer.parentNode.querySelectorAll(".game-pieces a").forEach(function (a) {
      const link = new URL(a.href);
      link.searchParams.set("ply", ply);
      a.href = link.toString();
    });
    window.history.replaceState(null, "", url);
  }

  // The list of moves written again from the game's notation, numbered as the server does:
  // a move number for each pair, Red first (a start with Black to move: "…" for Red's half).
  function writeMoves() {
    const blackFirst = / b\b/.test(game.fens[0]);
    const query = viewer.dataset.gameQuery || "";
    list.textContent = "";
    let item = null;
    game.written.forEach(function (text, index) {
      const half = index + (blackFirst ? 1 : 0);
      if (half % 2 === 0 || !item) {
        item = document.createElement("li");
        item.value = Math.floor(half / 2) + 1;
        if (half % 2 === 1) item.append("…");
        list.append(item);
      }
      if (half % 2 === 1) item.append(" ");
      const link = document.createElement("a");
      link.href = "?" + query + "ply=" + (index + 1);
      link.dataset.ply = index + 1;
      link.textContent = text;
      item.append(link);
    });
  }

  function go(target) {
    ply = Math.min(Math.max(target, 0), last);
    draw();
  }

  if (viewer.dataset.liveJson) {
    const badge = document.querySelector("[data-live-badge]");
    game = new LiveGame(viewer.dataset.liveJson, start, function () {
      const following = ply === last;
      last = game.moves.length;
      if (following || ply > last) ply = last;
      writeMoves();
      draw();
      if (badge) badge.hidden = Boolean(game.result);
    });
    follow(viewer.dataset.board, game);
  }

  const steps = { first: function () { return 0; }, prev: function () { return ply - 1; },
                  next: function () { return ply + 1; }, last: function () { return last; } };

  viewer.addEventListener("click", function (event) {
    const link = event.target.closest("a[data-step], a[data-ply]");
    if (!link) return;
    event.preventDefault();
    go(link.dataset.step ? steps[link.dataset.step]() : parseInt(link.dataset.ply, 10));
  });

  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, textarea, select") || event.altKey || event.ctrlKey
        || event.metaKey) return;
    const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    if (!keys[event.key]) return;
    event.preventDefault();
    go(steps[keys[event.key]]());
  });
  viewer.dataset.ready = "1";  // the buttons and keys step here from now on, without a reload
})();
