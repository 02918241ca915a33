// The clock of a new match, for the lobby's form: "no clock", or minutes per player plus an
// increment in seconds, sent as `"clock": {"minutes": m, "increment": s}` in POST /api/matches
// (the server checks the ranges again: 0.1 to 1440 minutes, 0 to 600 seconds).
//   const field = clockField();  form.append(field.element);  body.clock = field.value();
import { t, el } from "/static/i18n.js";

export function clockField() {
  const on = el("input", { type: "checkbox", id: "clock-on" });
  const minutes = el("input", { type: "number", id: "clock-minutes", min: 0.1, max: 1440, step: "any", value: 10, style: "width:5em" });
  const increment = el("input", { type: "number", id: "clock-increment", min: 0, max: 600, step: "any", value: 5, style: "width:5em" });
  const parts = el("span", { class: "clockparts" },
    el("label", {}, t("minutes each"), " ", minutes), " ",
    el("label", {}, t("increment (seconds)"), " ", increment));
  const sync = () => { minutes.disabled = increment.disabled = !on.checked; };
  on.addEventListener("change", sync);
  sync();
  const element = el("fieldset", { class: "clockfield" },
    el("legend", {}, t("Clock")),
    el("label", {}, on, " ", t("Play with clocks (running out of time loses)")), " ", parts);
  return {
    element,
    value: () => (on.checked ? { minutes: Number(minutes.value), increment: Number(increment.value) } : null),
  };
}
