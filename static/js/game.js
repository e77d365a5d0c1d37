// Steps through a recorded game on its public page: the buttons (first, previous, next, last),
// the arrow keys (Home and End too) and tapping a move redraw the board from that position's
// FEN. Without script the same links load the page at ?ply=N. Kept in static/: the pages'
// Content-Security-Policy forbids inline scripts.
(function () {
  "use strict";
  const viewer = document.getElementById("game-viewer");
  if (!viewer) return;
  const fens = JSON.parse(document.getElementById("game-fens").textContent);
  const moves = JSON.parse(document.getElementById("game-iccs").textContent);
  const NS = "http://www.w3.org/2000/svg";
  const CELL = 40, MARGIN = 40; // the geometry of xiangqi/svg.py
  // The pieces as glyph outlines (no font needed, xiangqi/glyphs.py) or the law's letters.
  const OUTLINES = JSON.parse(document.getElementById("game-outlines").textContent);
  const LETTERS = { K: "Tg", A: "S", B: "T", R: "X", C: "P", N: "M", P: "B" };
  const letters = viewer.dataset.pieces === "letters";
  const last = fens.length - 1;
  let ply = Math.min(Math.max(parseInt(viewer.dataset.ply, 10) || 0, 0), last);

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

  function draw() {
    const svg = viewer.querySelector("svg");
    svg.querySelectorAll(".piece, .last").forEach(function (n) { n.remove(); });
    if (ply > 0) {
      const move = moves[ply - 1];
      mark(svg, move.slice(0, 2));
      mark(svg, move.slice(2, 4));
    }
    pieces(fens[ply]).forEach(function ([file, rank, piece]) {
      const [x, y] = point(file, rank);
      const colour = piece === piece.toUpperCase() ? "#c0141c" : "#1a1a1a";
      const group = element("g", { class: "piece" });
      group.appendChild(element("circle", { cx: x, cy: y, r: 17, fill: "#fbeccb",
        stroke: colour, "stroke-width": 2 }));
      if (letters) {
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
    svg.setAttribute("aria-label", viewer.dataset.label + " " + ply);
    document.getElementById("game-ply").textContent = ply + " / " + last;
    viewer.querySelectorAll("#game-moves a").forEach(function (a) {
      if (parseInt(a.dataset.ply, 10) === ply) a.setAttribute("aria-current", "step");
      else a.removeAttribute("aria-current");
    });
    const current = viewer.querySelector('#game-moves a[aria-current="step"]');
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

  function go(target) {
    ply = Math.min(Math.max(target, 0), last);
    draw();
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
