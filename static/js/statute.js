// The statute form: a section that does not fit the event is hidden while the format or the
// kind of participants says so, and shown again when they change: data-formats lists the
// formats a section fits (the Swiss pairing options, a double round robin's cycle order, the
// knockout's tie-breaks; tournaments/forms.py: section_formats), data-for="team" is for team
// events. The section list above the form follows. Without JavaScript every section shows,
// and the server ignores those that do not fit (tournaments/forms.py: StatuteForm._ignore_sections).
document.addEventListener("DOMContentLoaded", () => {
  const form = document.querySelector("form.statute-form");
  if (!form) return;
  const format = form.querySelector("#id_format");
  const kind = form.querySelector("#id_participant_kind");
  const fits = (el) => {
    if (el.dataset.for === "team") return !kind || kind.value === "team";
    if (el.dataset.formats !== undefined) {
      return !format || el.dataset.formats.split(" ").includes(format.value);
    }
    return true;
  };
  const update = () => {
    for (const el of document.querySelectorAll("fieldset[data-for], .section-nav a[data-for]")) {
      el.hidden = !fits(el);
    }
  };
  for (const el of [format, kind]) if (el) el.addEventListener("change", update);
  update();
  form.dataset.ready = "1";
});
