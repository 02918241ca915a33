// Jukem Soccer: your hand as cards (the playable ones lit: click to play), the table with
// both possessions, the cards scored this half, the discard pile and the draw pile.
const KINDS = ["PASS", "HEADER", "SHOT", "SAVE", "JUKEM", "RED", "YELLOW", "FLOP"];

function kindOf(card) {
  return KINDS.find((k) => card.startsWith(k)) || card.split("-")[0];
}

// the card texts of the picture: "    SAVE-1: SAVE, X in boxes [1, 2, 4, 5]"
function descriptions(picture) {
  const out = {};
  for (const line of (picture || "").split("\n")) {
    const m = line.match(/^\s+([A-Z]+-[0-9a-z]+): (.*)$/);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

function card(el, id, desc, extra = {}) {
  return el("div", { class: `card ${kindOf(id)}`, title: desc || id, "data-card": id, ...extra },
    el("span", { class: "kind" }, id), el("span", {}, desc ? desc.replace(/^[A-Z ]+, /, "") : ""));
}

export function render({ root, view, legal, act, t, el, memo }) {
  const o = view.observation;
  const desc = descriptions(view.picture);
  const me = view.viewer ?? 0;
  const opp = 1 - me;
  const byCard = {};
  const other = [];
  for (const a of legal) {
    const parts = a.split(" ");
    if (parts.length >= 2 && o.hand && o.hand.includes(parts[1])) (byCard[parts[1]] ||= []).push(a);
    else other.push(a);
  }
  const score = el("div", { id: "score" }, `${t("Score")}: ${o.score ? o.score.join(" - ") : ""} · ${t("Draw pile")}: ${o.pile} · ${t("half")} ${o.half}`);
  const row = (label, cards) => el("div", {}, el("h4", {}, label), el("div", { class: "cards" }, cards));
  const theirHand = typeof o.opponent_hand === "number"
    ? Array.from({ length: o.opponent_hand }, () => el("div", { class: "card back" })) : [];
  const possession = (p) => (o.possessions ? o.possessions[p] : []).map((c) => card(el, c, desc[c]));
  const shot = o.shot ? [o.shot === "face down" ? el("div", { class: "card back", title: t("SHOT (face down)") }) : card(el, o.shot, desc[o.shot])] : [];
  root.append(score);
  if (view.viewer !== null) root.append(row(t("Opponent's hand"), theirHand));
  root.append(row(t("Opponent's possession"), possession(opp)));
  if (shot.length) root.append(row(t("SHOT"), shot));
  root.append(row(t("Your possession"), possession(me)));
  const menu = el("div", { class: "actions", id: "cardmenu" });
  const hand = (o.hand || []).map((c) => {
    const actions = byCard[c] || [];
    const node = card(el, c, desc[c], actions.length ? {
      onclick: () => {
        if (actions.length === 1) return act(actions[0]);
        memo.jukemMenu = c;
        menu.replaceChildren(...actions.map((a) => el("button", { "data-action": a, onclick: () => act(a) }, a)));
      },
    } : {});
    if (actions.length) node.classList.add("playable");
    return node;
  });
  if (view.viewer !== null) root.append(row(t("Your hand"), hand), menu);
  if (other.length) root.append(el("div", { class: "actions" }, other.map((a) => el("button", { "data-action": a, onclick: () => act(a) }, a))));
  const discard = o.discard || [];
  root.append(row(t("Discard pile"), discard.slice(-6).map((c) => card(el, c, desc[c]))));
}
