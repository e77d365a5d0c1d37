// The statute form: a section that does not fit the event (data-for="team" for an individual
// event, data-for="knockout" for a round robin or Swiss) is hidden while the format or the kind
// of participants says so. Without JavaScript every section shows, and the server ignores those
// that do not fit (tournaments/forms.py: StatuteForm._ignore_sections).
document.addEventListener("DOMContentLoaded", () => {
  const form = document.querySelector("form.statute-form");
  if (!form) return;
  const format = form.querySelector("#id_format");
  const kind = form.querySelector("#id_participant_kind");
  const fits = {
    knockout: () => format && ["ko", "dko"].includes(format.value),
    team: () => kind && kind.value === "team",
  };
  const update = () => {
    for (const section of form.querySelectorAll("fieldset[data-for]")) {
      const fit = fits[section.dataset.for];
      section.hidden = fit ? !fit() : false;
    }
  };
  for (const el of [format, kind]) if (el) el.addEventListener("change", update);
  update();
});
