// The statute's tie-break order as a list to arrange (Art. 21.3: "the statute may say which
// criterion comes first"). Progressive enhancement: the form posts the text field
// (codes separated by commas), which works without JavaScript; this script hides it behind an
// ordered list whose items move up and down (buttons, or drag), can be removed, and are added
// from a list of the criteria. Every change writes the codes back into the text field.
(function () {
  const box = document.querySelector("[data-tiebreak-widget]");
  const input = document.getElementById("id_tiebreaks");
  const dataNode = document.getElementById("tiebreak-data");
  if (!box || !input || !dataNode) return;
  const data = JSON.parse(dataNode.textContent);
  const names = Object.fromEntries(data.options);
  const meanings = data.definitions || {};
  const msg = (name, code) => (box.dataset["msg" + name] || "").replace("{code}", code || "");

  const list = box.querySelector(".tb-list");
  const select = box.querySelector(".tb-select");
  const status = box.querySelector(".tb-status");
  const empty = box.querySelector(".tb-empty");

  function parse(text) {
    const out = [];
    for (const raw of text.split(",")) {
      const item = raw.trim();
      if (!item) continue;
      const named = data.named[item.toLowerCase()];
      for (const code of named || [item.toUpperCase()]) {
        if (code !== "PTS" && !out.includes(code)) out.push(code);
      }
    }
    return out;
  }

  const codes = () => Array.from(list.children).map((li) => li.dataset.code);

  function lawOrder() {
    const field = (id) => (document.getElementById(id) || {}).value || "";
    if (field("id_participant_kind") === "team") {
      return field("id_team_scoring") === "match" ? data.law.team_match : data.law.team_board;
    }
    return ["rr", "drr"].includes(field("id_format")) ? data.law.rr : data.law.swiss;
  }

  function button(cls, text, label) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "btn secondary tb-btn " + cls;
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.title = label;
    return b;
  }

  function item(code) {
    const li = document.createElement("li");
    li.className = "tb-item";
    li.dataset.code = code;
    li.draggable = true;
    const handle = document.createElement("span");
    handle.className = "tb-handle";
    handle.setAttribute("aria-hidden", "true");
    handle.textContent = "⠿";
    const label = document.createElement("span");
    label.className = "tb-label";
    const strong = document.createElement("strong");
    strong.textContent = code;
    label.append(strong, " ");
    const name = document.createElement("span");
    name.className = "muted";
    name.textContent = names[code] || msg("Unknown");
    label.append(name);
    if (meanings[code]) {
      const meaning = document.createElement("small");
      meaning.className = "tb-meaning muted";
      meaning.textContent = meanings[code];
      label.append(document.createElement("br"), meaning);
    }
    const buttons = document.createElement("span");
    buttons.className = "tb-buttons";
    buttons.append(button("tb-up", "↑", msg("Up", code)), button("tb-down", "↓", msg("Down", code)),
                   button("tb-remove", "✕", msg("Remove", code)));
    li.append(handle, label, buttons);
    return li;
  }

  function render(order) {
    list.replaceChildren(...order.map(item));
    refresh();
  }

  function refresh() {
    const order = codes();
    input.value = order.join(", ");
    Array.from(list.children).forEach((li, i) => {
      li.querySelector(".tb-up").disabled = i === 0;
      li.querySelector(".tb-down").disabled = i === order.length - 1;
    });
    select.replaceChildren(...data.options.filter(([code]) => !order.includes(code)).map(([code, name]) => {
      const o = document.createElement("option");
      o.value = code;
      o.textContent = `${code} — ${name}`;
      return o;
    }));
    box.querySelector(".tb-add").disabled = select.options.length === 0;
    empty.hidden = order.length > 0;
    empty.querySelector(".tb-law-order").textContent = lawOrder().join(", ");
  }

  function announce(text) {
    status.textContent = text;
  }

  function move(li, delta, focusClass) {
    const sibling = delta < 0 ? li.previousElementSibling : li.nextElementSibling;
    if (!sibling) return;
    if (delta < 0) sibling.before(li); else sibling.after(li);
    refresh();
    const position = Array.from(list.children).indexOf(li) + 1;
    announce(msg("Moved", li.dataset.code).replace("{n}", position));
    // Keep the focus on the item, so pressing again moves it further.
    const target = li.querySelector("." + focusClass);
    (target.disabled ? li.querySelector(delta < 0 ? ".tb-down" : ".tb-up") : target).focus();
  }

  list.addEventListener("click", (event) => {
    const btn = event.target.closest("button");
    if (!btn) return;
    const li = btn.closest("li");
    if (btn.classList.contains("tb-up")) move(li, -1, "tb-up");
    else if (btn.classList.contains("tb-down")) move(li, 1, "tb-down");
    else if (btn.classList.contains("tb-remove")) {
      const next = li.nextElementSibling || li.previousElementSibling;
      li.remove();
      refresh();
      announce(msg("Removed", li.dataset.code));
      (next ? next.querySelector(".tb-remove") : select).focus();
    }
  });

  // Alt+↑ / Alt+↓ on any button of an item moves it too.
  list.addEventListener("keydown", (event) => {
    if (!event.altKey || !["ArrowUp", "ArrowDown"].includes(event.key)) return;
    const li = event.target.closest("li");
    if (!li) return;
    event.preventDefault();
    move(li, event.key === "ArrowUp" ? -1 : 1, event.key === "ArrowUp" ? "tb-up" : "tb-down");
  });

  box.querySelector(".tb-add").addEventListener("click", () => {
    const code = select.value;
    if (!code) return;
    list.append(item(code));
    refresh();
    announce(msg("Added", code));
    select.focus();
  });

  // The named orders (scoring/presets.py), each labelled with its source.
  const presetSelect = box.querySelector(".tb-preset");
  presetSelect.replaceChildren(...(data.presets || []).map(([name, label, source]) => {
    const o = document.createElement("option");
    o.value = name;
    o.textContent = `${label} — ${source}`;
    return o;
  }));
  box.querySelector(".tb-use-preset").addEventListener("click", () => {
    const preset = (data.presets || []).find(([name]) => name === presetSelect.value);
    if (!preset) return;
    render(preset[3]);
    announce(msg("PresetFilled", preset[0]));
  });

  box.querySelector(".tb-law").addEventListener("click", () => {
    render(lawOrder());
    announce(msg("LawFilled"));
  });

  // Drag and drop: an item dropped on another goes before it (or after it, below its middle).
  let dragged = null;
  list.addEventListener("dragstart", (event) => {
    dragged = event.target.closest("li");
    if (!dragged) return;
    dragged.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", dragged.dataset.code);
  });
  list.addEventListener("dragover", (event) => {
    const over = event.target.closest("li");
    if (!dragged || !over) return;
    event.preventDefault();
    if (over === dragged) return;
    const rect = over.getBoundingClientRect();
    if (event.clientY < rect.top + rect.height / 2) over.before(dragged); else over.after(dragged);
  });
  list.addEventListener("drop", (event) => event.preventDefault());
  list.addEventListener("dragend", () => {
    if (!dragged) return;
    dragged.classList.remove("dragging");
    const code = dragged.dataset.code;
    dragged = null;
    refresh();
    announce(msg("Moved", code).replace("{n}", codes().indexOf(code) + 1));
  });

  for (const id of ["id_format", "id_participant_kind", "id_team_scoring"]) {
    const el = document.getElementById(id);
    if (el) el.addEventListener("change", refresh);
  }

  // The list replaces the text field; the field still carries the value the form posts.
  const label = document.querySelector('label[for="id_tiebreaks"]');
  if (label) {
    label.id = "tiebreaks-label";
    list.setAttribute("aria-labelledby", "tiebreaks-label");
    label.removeAttribute("for");
  }
  input.type = "hidden";
  for (const el of document.querySelectorAll(".tb-codes, .tb-text-help")) el.hidden = true;
  box.hidden = false;
  render(parse(input.value));
  box.dataset.ready = "1";
})();
