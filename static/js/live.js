// The event's live feed (docs/live.md, "The pages and the hall screen"): one EventSource a page,
// to the URL the page names on <html data-live-url> (the public feed, or the staff's for the
// event's staff). Its messages:
// - "version" {"version": n}: the event changed; the page's #live part is reloaded through
//   htmx as the version check does (static/js/site.js), once for a burst of messages, again
//   until it shows at least that version; the relayed games still in play are read again
//   (a result entered shows the whole game to the public: "live:version");
// - "move" {"board", "ply", "from", "moves", "fens", "written", "next_at", "result"}: a relayed
//   game moved; handed to the page's boards (static/js/game.js) as a "live:move" event;
// - "reset" {}: we missed messages: the live part and every game are read again.
// When the feed opens (at first and after every reconnection) the page catches up: the version
// asked once, the games read again ("live:catchup"). While the feed is open the 30 s version
// check is paused (<html data-live-state="open">); while it is down (Redis down: 503, the
// network gone, no EventSource) the version check runs as before, and the feed is tried again.
(function () {
  "use strict";
  const root = document.documentElement;
  const url = root.dataset.liveUrl;
  if (!url) return;

  // -- the #live part, reloaded at most once at a time ----------------------------------------
  let wanted = 0;       // the highest version a message announced
  let forced = false;   // a reset: reload even if the version did not move
  let timer = null;
  let loading = 0;      // when the reload in flight was asked (0: none)
  let misses = 0;       // reloads that came back older than wanted (a cache still warming)

  function part() {
    const el = document.getElementById("live");
    return el && el.getAttribute("hx-get") && window.htmx ? el : null;
  }

  function sync() {
    timer = null;
    const el = part();
    // A reload that never answered (its events lost) does not block the next one for long.
    if (!el || (loading && Date.now() - loading < 15000)) return;
    if (!forced && wanted <= Number(el.dataset.version || 0)) { misses = 0; return; }
    forced = false;
    loading = Date.now();
    window.htmx.trigger(el, "version-changed");
  }

  // A burst of messages (a round's results entered one after another) makes one reload;
  // a little spread so that a hall full of phones does not ask in the same millisecond.
  function later(ms) {
    if (timer) return;
    timer = setTimeout(sync, ms + Math.random() * 200);
  }

  function want(version) {
    wanted = Math.max(wanted, Number(version) || 0);
    later(100);
  }

  // The reload answered: the new part is in place once htmx has swapped it; a page still
  // older than the message (another request rendering it, the shared cache's previous answer)
  // is asked again, less and less often (1, 2, 4, 8 s).
  let checking = false;
  function answered(successful) {
    loading = 0;
    if (!successful) { later(5000); return; }
    if (checking) return;
    checking = true;
    setTimeout(function () {
      checking = false;
      const el = part();
      if (el && (forced || wanted > Number(el.dataset.version || 0))) {
        misses += 1;
        later(Math.min(1000 * 2 ** (misses - 1), 8000));
      } else {
        misses = 0;
      }
    }, 100);
  }
  // htmx tells the end of a request on the element that asked, or, once that element is
  // swapped out, on a parent still in the page (detail.elt is then the parent: the target
  // names the part); and it announces the new part itself with htmx:load.
  document.addEventListener("htmx:afterRequest", function (event) {
    const target = event.detail.target || event.detail.elt;
    if (target && target.id === "live") answered(event.detail.successful);
  });
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id === "live" && loading) answered(true);
  });
  // A reload whose end was never told (its events lost) does not stop the page for long.
  setInterval(function () {
    if (loading && Date.now() - loading >= 15000) answered(true);
  }, 5000);

  function catchUp() {
    document.dispatchEvent(new CustomEvent("live:catchup"));
    const el = document.getElementById("live");
    if (!el || !el.dataset.versionUrl) return;
    fetch(el.dataset.versionUrl, { headers: { Accept: "application/json" }, cache: "no-cache" })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (data) { if (data) want(data.version); })
      .catch(function () { /* offline: the feed's next message or the version check */ });
  }

  // -- the feed --------------------------------------------------------------------------------
  let source = null;
  let retries = 0;

  function state(name) {
    root.dataset.liveState = name;
  }

  function open() {
    if (!window.EventSource) { state("unsupported"); return; }
    source = new EventSource(url);
    state("connecting");
    source.addEventListener("open", function () {
      retries = 0;
      state("open");
      catchUp();
    });
    source.addEventListener("version", function (event) {
      const data = JSON.parse(event.data);
      want(data.version);
      document.dispatchEvent(new CustomEvent("live:version", { detail: data }));
    });
    source.addEventListener("move", function (event) {
      document.dispatchEvent(new CustomEvent("live:move", { detail: JSON.parse(event.data) }));
    });
    source.addEventListener("reset", function () {
      forced = true;
      later(100);
      document.dispatchEvent(new CustomEvent("live:catchup"));
    });
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED) {
        // Refused (503: the feed is down) or broken for good: the version check runs, and
        // the feed is tried again, later each time (30 s, 60 s, ... 5 min).
        state("closed");
        source = null;
        retries += 1;
        setTimeout(open, Math.min(30000 * retries, 300000) + Math.random() * 5000);
      } else {
        state("connecting");  // the browser reconnects by itself, with Last-Event-ID
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    open();
    root.dataset.liveReady = "1";
  });
})();
