// The clocks as the server last sent them: each seat's time left, the running one counted down
// here between two views for the eye only. The server alone decides when a time is up.
import { t, el } from "/static/i18n.js";

let reading = null; // {remaining, running, at}
let timer = null;

export function mmss(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

// `clock` is the view's {remaining: [seconds], running: seat|null, increment}; `label(seat)`
// names a seat; `live` is false while an earlier position is shown (the clocks stay current).
export function showClocks(box, clock, label, over) {
  if (!clock) {
    box.hidden = true;
    clearInterval(timer);
    timer = null;
    return;
  }
  box.hidden = false;
  reading = { ...clock, at: performance.now(), over };
  const tick = () => {
    const spent = (performance.now() - reading.at) / 1000;
    box.replaceChildren(...reading.remaining.map((left, seat) => {
      const running = !reading.over && seat === reading.running;
      const now = running ? left - spent : left;
      return el("div", { class: `clock${running ? " running" : ""}${now <= 10 ? " low" : ""}`, "data-seat": seat },
        el("span", { class: "who" }, label(seat)), " ",
        el("span", { class: "time", "aria-label": t("{time} left", { time: mmss(now) }) }, mmss(now)));
    }));
  };
  tick();
  if (!timer) timer = setInterval(() => reading && tick(), 250);
}
