// The device's outboxes: results (static/js/results.js) and check-ins (static/js/checkin.js).
// Kept in localStorage, so what was typed or tapped without a connection survives closing the
// tab, and sent in the order typed. One item per board, game or player being sent; each carries
// the version it was typed against (the board's, or the event's for a check-in).
(function () {
  function outbox(KEY) {
    function items() {
      try {
        const list = JSON.parse(window.localStorage.getItem(KEY) || "[]");
        return Array.isArray(list) ? list : [];
      } catch (e) {
        return [];
      }
    }

    function save(list) {
      window.localStorage.setItem(KEY, JSON.stringify(list));
    }

    function get(id) {
      return items().find((i) => i.id === id);
    }

    function update(id, changes) {
      save(items().map((i) => (i.id === id ? Object.assign({}, i, changes) : i)));
    }

    function remove(id) {
      save(items().filter((i) => i.id !== id));
    }

    // A new result for a board already waiting replaces the waiting one in its place (the arbiter
    // changed their mind before it left); one being sent, or in conflict, is followed by the new one.
    function put(entry) {
      const list = items();
      const waiting = list.find((i) => i.url === entry.url && i.user === entry.user
                                       && i.state !== "sending");
      if (waiting) {
        // The new value replaces the waiting one; the version it was typed against stays.
        const value = Object.assign({}, entry, { state: "pending" });
        delete value.version;
        Object.assign(waiting, value);
        if (waiting.theirsVersion !== undefined) waiting.version = waiting.theirsVersion;
      } else {
        list.push(Object.assign({ id: Date.now() + "-" + Math.random().toString(36).slice(2),
                                  state: "pending", typedAt: new Date().toISOString() }, entry));
      }
      save(list);
    }

    // Results typed after one's own earlier result of the same board were typed against the
    // version that result will get once stored.
    function rebase(url, fromVersion, toVersion, user) {
      save(items().map((i) => (i.url === url && i.user === user && i.version === fromVersion
                               && i.state !== "sending"
        ? Object.assign({}, i, { version: toVersion }) : i)));
    }

    // Two tabs of the same device never send the same item twice at once.
    function withLock(task) {
      if (navigator.locks && navigator.locks.request) return navigator.locks.request(KEY, task);
      return task();
    }

    // An item left "sending" when the tab closed is sent again (a 409 with the same result
    // then means it had been stored).
    save(items().map((i) => (i.state === "sending" ? Object.assign({}, i, { state: "pending" }) : i)));

    // The outbox as one account sees it: its own items; what it puts is marked with its name.
    function forUser(user) {
      const mine = (i) => (i.user || "") === user;
      return {
        items: () => items().filter(mine),
        get: (id) => { const i = get(id); return i && mine(i) ? i : undefined; },
        update, remove, withLock,
        rebase: (url, fromVersion, toVersion) => rebase(url, fromVersion, toVersion, user),
        put: (entry) => put(Object.assign({ user: user }, entry)),
      };
    }

    return { forUser };
  }

  window.ResultOutbox = outbox("cotuong.results.outbox.v1");
  window.CheckInOutbox = outbox("cotuong.checkin.outbox.v1");
})();
