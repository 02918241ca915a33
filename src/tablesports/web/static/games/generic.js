// The generic board: the game's text picture and its legal actions as buttons. Every game is
// playable with it; a game's own module (games/<id>.js) draws a better one.
import { actionText } from "/static/games/words.js";

export function render({ root, view, legal, act, t, el }) {
  root.append(el("pre", { class: "picture" }, view.picture || JSON.stringify(view.observation, null, 1)));
  if (legal.length) {
    root.append(el("h2", { class: "h3" }, t("Your actions")),
      el("div", { class: "actions" }, legal.map((a) => el("button", { "data-action": a, onclick: () => act(a) }, actionText(a, t)))));
  }
}
