// The hall's screen (views/screen.py): shows one page of its views at a time, the next every
// data-every seconds, round after round; keeps the page it shows when the event's live feed
// reloads the #live part (static/js/live.js); draws the relayed boards from their games
// (static/js/game.js: LiveGame, kept across reloads); runs the round's clock; the "Full screen"
// button asks the browser's Fullscreen API. Without script every page is shown, one under
// the other.
(function () {
  "use strict";
  const root = document.documentElement;
  const body = document.body;
  const every = Math.max(Number(body.dataset.every) || 20, 1) * 1000;
  let shown = null;  // the view and page on screen: "standings:2"
  let shownCount = 0;

  function pages() {
    return Array.from(document.querySelectorAll("#live .screen-page"));
  }
  function key(page) {
    return page.dataset.view + ":" + page.dataset.page;
  }

  function show(index) {
    const list = pages();
    if (!list.length) return;
    const at = ((index % list.length) + list.length) % list.length;
    list.forEach(function (page, i) { page.hidden = i !== at; });
    shown = key(list[at]);
    shownCount += 1;
    root.dataset.screenView = list[at].dataset.view;
    root.dataset.screenShown = shownCount;
  }

  function position() {
    return pages().findIndex(function (page) { return key(page) === shown; });
  }

  function next() {
    show(position() + 1);
    setTimeout(next, every);
  }

  // -- the relayed boards ----------------------------------------------------------------------
  const games = {};  // by board: the game, kept while #live is reloaded

  function drawBoard(figure) {
    const game = games[figure.dataset.screenBoard];
    if (!game || !game.fens.length) return;
    const ply = game.moves.length;
    window.XiangqiBoard.draw(figure.querySelector("svg"), game.fens[ply],
                             ply ? game.moves[ply - 1] : null, false);
    figure.querySelector("[data-board-ply]").textContent = ply;
    figure.querySelector("[data-board-last]").textContent = ply ? game.written[ply - 1] : "";
    if (game.result) figure.querySelector("[data-board-result]").textContent = game.result;
  }

  function boards() {
    if (!window.XiangqiBoard) return;
    document.querySelectorAll("[data-screen-board]").forEach(function (figure) {
      const board = figure.dataset.screenBoard;
      if (!games[board]) {
        const game = new window.XiangqiBoard.LiveGame(
          figure.dataset.liveJson, { moves: [], fens: [], written: [] }, function () {
            document.querySelectorAll('[data-screen-board="' + board + '"]').forEach(drawBoard);
          });
        games[board] = game;
        window.XiangqiBoard.follow(board, game);
        game.fetch();
      } else {
        drawBoard(figure);
      }
    });
  }

  // -- the round's clock -----------------------------------------------------------------------
  function two(n) { return String(n).padStart(2, "0"); }
  function tick() {
    document.querySelectorAll("[data-clock]").forEach(function (clock) {
      const since = new Date(clock.dataset.since).getTime();
      if (isNaN(since)) return;
      let seconds = Math.round((Date.now() - since) / 1000);
      const ahead = seconds < 0;
      seconds = Math.abs(seconds);
      const text = Math.floor(seconds / 3600) + ":" + two(Math.floor(seconds / 60) % 60) + ":"
        + two(seconds % 60);
      clock.textContent = ahead ? body.dataset.wordsIn + " " + text
        : body.dataset.wordsPlayed + " " + text;
    });
  }

  // The #live part reloaded (a result, a new round): the same page kept on screen.
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id !== "live") return;
    const at = position();
    show(at < 0 ? 0 : at);
    boards();
    tick();
  });

  document.addEventListener("DOMContentLoaded", function () {
    const full = document.querySelector("[data-fullscreen]");
    if (full && document.documentElement.requestFullscreen) {
      full.addEventListener("click", function () {
        document.documentElement.requestFullscreen().catch(function () {});
      });
      document.addEventListener("fullscreenchange", function () {
        full.hidden = Boolean(document.fullscreenElement);
      });
    } else if (full) {
      full.hidden = true;
    }
    show(0);
    boards();
    tick();
    setInterval(tick, 1000);
    setTimeout(next, every);
    root.dataset.screenReady = "1";
  });
})();
