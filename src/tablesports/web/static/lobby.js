// The lobby: pick a game by its card, set its options with real controls, seat a person or a bot
// of a difficulty level, create the match and hand out the invite links; "Your matches" lists
// the matches this browser holds a seat of (their tokens stay here) with opponents and results.
import { t, el, languagePicker, translatePage } from "/static/i18n.js";
import { optionControl, optionValue } from "/static/lobby_options.js";
import { clockField } from "/static/clockfield.js";
import { setupFindPlay, redrawFindPlay, drawSeatChoice } from "/static/findplay.js";

let games = [];
let clock = null; // the clock field (clockfield.js), drawn again in a new language
const $ = (id) => document.getElementById(id);
// a difficulty level's name in the reader's language (a bot named by its spec stays as it is)
const levelName = (level) =>
  ({ easy: t("easy"), normal: t("normal"), hard: t("hard"), strongest: t("strongest") })[level] ?? level;

export function savedSeats() {
  return JSON.parse(localStorage.getItem("tablesports.seats") || "{}");
}

function rememberSeat(matchId, seat, token) {
  const seats = savedSeats();
  seats[token] = { match: matchId, seat };
  localStorage.setItem("tablesports.seats", JSON.stringify(seats));
}

function showError(text) {
  $("error").textContent = text;
  $("error").classList.toggle("shown", Boolean(text));
}

// A refusal from the server in the reader's language: its text if the catalog knows it, else
// the English text after a translated prefix; a validation error names the field it is about.
function serverError(data, status) {
  if (data && typeof data.template === "string" && data.fields && typeof data.fields === "object") {
    // a refused name: what was wrong, in the reader's words (a field is a catalog word or as it is)
    const fields = Object.fromEntries(Object.entries(data.fields).map(([k, v]) => [k, t(String(v))]));
    return t(data.template, fields);
  }
  if (data && typeof data.error === "string") {
    const known = t(data.error);
    return known !== data.error ? known : t("The server refused: {text}", { text: data.error });
  }
  if (data && Array.isArray(data.detail)) {
    const parts = data.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`);
    return t("The server refused: {text}", { text: parts.join("; ") });
  }
  return t("The server refused: {text}", { text: `HTTP ${status}` });
}

function currentGame() {
  return games.find((g) => g.id === $("game").value);
}

function drawCards() {
  const box = $("cards");
  box.replaceChildren();
  for (const game of games) {
    const card = el("button", {
      type: "button", class: "gamecard", "data-game": game.id,
      "aria-pressed": String(game.id === $("game").value),
      onclick: () => chooseGame(game.id, true),
    },
    el("img", { src: game.picture, alt: "", width: 320, height: 180 }),
    el("span", { class: "gametitle" }, t(game.title)),
    el("span", { class: "summary" }, t(game.summary)),
    el("span", { class: "meta" },
      t("{n} players · {length}", { n: game.players, length: t(game.length) })));
    box.append(card);
  }
}

function chooseGame(id, scroll = false) {
  $("game").value = id;
  for (const card of document.querySelectorAll(".gamecard")) {
    card.setAttribute("aria-pressed", String(card.dataset.game === id));
  }
  drawForm();
  if (document.body.dataset.ready) drawSeatChoice(); // the challenge's seats: this game's sides
  // on a phone the form is below every card: bring it up; on a wide screen it is in view
  if (scroll && matchMedia("(max-width: 600px)").matches) $("new").scrollIntoView({ block: "start" });
}

// "Seat 0 · White": the side a seat plays, where the game has sides
const seatName = (game, seat) =>
  game.sides ? `${t("Seat {n}", { n: seat })} · ${t(game.sides[seat])}` : t("Seat {n}", { n: seat });

// "normal (recommended) · 24.3": a level's rating from its ladder's round robin, where published
function levelLabel(game, name) {
  const label = name === game.default_level
    ? t("{level} (recommended)", { level: levelName(name) }) : levelName(name);
  const rated = game.level_ratings?.[name];
  return rated ? t("{label} · rated {rating}", { label, rating: rated.rating.toFixed(1) }) : label;
}

function seatControls(game, seat) {
  const kindId = `seat-kind-${seat}`;
  const levelId = `seat-level-${seat}`;
  const kind = el("select", { id: kindId, "data-seat-kind": seat },
    el("option", { value: "human" }, t("a person")),
    el("option", { value: "bot" }, t("a bot")));
  const named = game.agents.filter((a) => !game.levels.includes(a));
  // the menu is the levels; the bots by name and by spec are behind "advanced" (issue 45)
  const level = el("select", { id: levelId, "data-seat-level": seat, "aria-describedby": `${levelId}-help` },
    ...game.levels.map((name) => el("option", { value: name }, levelLabel(game, name))),
    el("option", { value: "custom" }, t("advanced: a bot by its name or spec…")));
  level.value = game.default_level;
  const namedId = `seat-named-${seat}`;
  const byName = el("select", { id: namedId, "data-seat-named": seat },
    el("option", { value: "" }, t("by its spec")), ...named.map((a) => el("option", { value: a }, a)));
  // an expert's spec (mcts:iterations=200): the server caps it and names what it allows
  const agent = el("input", { "data-seat-agent": seat, size: 28, "aria-label": t("Bot spec") });
  const advanced = el("span", { class: "advanced" },
    el("label", { for: namedId }, t("Bot by name")), " ", byName, " ", agent);
  const help = el("small", { id: `${levelId}-help`, class: "help" });
  const levelBox = el("span", { class: "levelbox" },
    el("label", { for: levelId }, t("Strength")), " ", level, " ", advanced, help);
  if (seat > 0) kind.value = "bot";
  const update = () => {
    levelBox.hidden = kind.value !== "bot";
    advanced.hidden = level.value !== "custom";
    agent.hidden = level.value !== "custom" || byName.value !== "";
    help.textContent = game.level_help[level.value] ? t(game.level_help[level.value]) : "";
    const rated = game.level_ratings?.[level.value];
    if (rated) help.textContent += " " + t("Rated {rating} over {games} games against the other levels.",
      { rating: rated.rating.toFixed(1), games: rated.games });
  };
  kind.addEventListener("change", update);
  level.addEventListener("change", update);
  byName.addEventListener("change", update);
  update();
  return el("fieldset", { class: "seat" }, el("legend", {}, seatName(game, seat)),
    el("label", { for: kindId }, t("Played by")), " ", kind, " ", levelBox);
}

function drawForm() {
  const game = currentGame();
  const options = $("options");
  options.replaceChildren();
  for (const [name, spec] of Object.entries(game.options || {})) options.append(optionControl(name, spec));
  $("optionsbox").hidden = !Object.keys(game.options || {}).length;
  const seats = $("seats");
  seats.replaceChildren();
  for (let seat = 0; seat < game.players; seat++) seats.append(seatControls(game, seat));
}

async function collectOptions(game) {
  const options = {};
  for (const box of document.querySelectorAll("[data-option-box]")) {
    const name = box.dataset.optionBox;
    const value = await optionValue(box, game.options[name]);
    if (value !== undefined) options[name] = value;
  }
  return options;
}

function collectSeats(game) {
  const seats = [];
  for (let seat = 0; seat < game.players; seat++) {
    const kind = document.querySelector(`[data-seat-kind="${seat}"]`).value;
    const level = document.querySelector(`[data-seat-level="${seat}"]`).value;
    const spec = document.querySelector(`[data-seat-agent="${seat}"]`).value.trim();
    const named = document.querySelector(`[data-seat-named="${seat}"]`).value;
    const agent = level === "custom" ? named || spec || game.default_level : level;
    seats.push(kind === "bot" ? { kind, agent } : { kind });
  }
  return seats;
}

async function create() {
  showError("");
  const game = currentGame();
  let options;
  try {
    options = await collectOptions(game);
  } catch (err) {
    showError(err.message); // a control's own check, already in the reader's language
    return;
  }
  const body = { game: game.id, options, seats: collectSeats(game), hot_seat: $("hotseat").checked };
  const time = clock && clock.value();
  if (time) body.clock = time;
  let res, data;
  try {
    res = await fetch("/api/matches", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    data = await res.json().catch(() => ({}));
  } catch (err) {
    showError(t("Cannot reach the server: {text}", { text: String(err.message || err) }));
    return;
  }
  if (!res.ok) {
    showError(serverError(data, res.status));
    return;
  }
  // links come from the server's configured address, or relative to this page's
  const absolute = (link) => new URL(link, location.origin).href;
  for (const seat of Object.keys(data.links)) data.links[seat] = absolute(data.links[seat]);
  data.watch = absolute(data.watch);
  const links = $("links");
  links.replaceChildren(el("h3", {}, t("Invite links (one per seat; keep them secret)")));
  const seatsHere = Object.keys(data.tokens);
  for (const [seat, link] of Object.entries(data.links)) {
    rememberSeat(data.id, Number(seat), data.tokens[seat]);
    links.append(el("div", { class: "link" }, `${seatName(game, Number(seat))}: `,
      el("input", { value: link, readonly: true, "data-link": seat, "aria-label": seatName(game, Number(seat)) }),
      " ", el("a", { href: link, "data-play": seat }, t("Play this seat"))));
  }
  links.append(el("div", { class: "link" }, `${t("Watch")}: `, el("a", { href: data.watch }, data.watch)));
  if (body.hot_seat) {
    localStorage.setItem(`tablesports.hotseat.${data.id}`, JSON.stringify(data.tokens));
    location.href = `/m/${data.id}#hotseat`;
  } else if (seatsHere.length === 1) {
    location.href = data.links[seatsHere[0]];
  }
  await listMine();
}

function seatText(s) {
  if (s.kind !== "bot") return s.player || t("a person"); // a named person by their name
  return s.level ? t("a bot ({level})", { level: levelName(s.level) }) : t("a bot ({level})", { level: t(s.name) }); // "random" translated
}

function matchState(m) {
  if (m.over) return t("finished");
  if (m.to_move === null || m.to_move === undefined) return t("dice or cards are being dealt");
  if (m.to_move === m.seat && !m.hot_seat) return t("your turn");
  const who = m.seats.find((s) => s.seat === m.to_move);
  return t("{who} to move", { who: `${t("Seat {n}", { n: m.to_move })} (${who ? seatText(who) : "?"})` });
}

function matchResult(m) {
  if (!m.over || !m.returns) return "";
  if (m.hot_seat) {
    const best = Math.max(...m.returns);
    const winners = m.returns.map((r, i) => (r === best ? i : -1)).filter((i) => i >= 0);
    return winners.length > 1 ? t("a draw") : t("Seat {n} won", { n: winners[0] });
  }
  const mine = m.returns[m.seat];
  const others = m.returns.filter((_, i) => i !== m.seat);
  if (others.every((r) => r < mine)) return t("you won");
  if (others.some((r) => r > mine)) return t("you lost");
  return t("a draw");
}

async function listMine() {
  const saved = savedSeats();
  const tokens = Object.keys(saved);
  const box = $("mine");
  if (!tokens.length) {
    box.replaceChildren(el("p", {}, t("No matches yet.")));
    return;
  }
  let list = [];
  try {
    const res = await fetch("/api/mine", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tokens }),
    });
    list = await res.json();
    if (!res.ok) throw new Error(serverError(list, res.status));
  } catch (err) {
    box.replaceChildren(el("p", {}, String(err.message || err)));
    return;
  }
  const byMatch = new Map(list.map((m) => [`${m.id}/${m.seat}`, m]));
  const rows = [];
  for (const [token, { match, seat }] of Object.entries(saved)) {
    const m = byMatch.get(`${match}/${seat}`);
    if (!m) continue;
    const opponents = m.seats.filter((s) => s.seat !== seat).map(seatText).join(", ");
    rows.push(el("li", { class: "match", "data-match": match },
      el("span", { class: "gametitle" }, t(m.title)),
      el("span", {}, `${t("Seat {n}", { n: seat })} · ${t("against {who}", { who: opponents })}`),
      el("span", { class: m.over ? "over" : "state" }, `${matchState(m)} · ${t("move {n}", { n: m.move })}`),
      m.over ? el("span", { class: "result" }, matchResult(m)) : "",
      el("a", { href: `/m/${match}#${token}` }, m.over ? t("Review") : t("Resume"))));
  }
  box.replaceChildren(rows.length ? el("ul", { class: "mine" }, rows.reverse()) : el("p", {}, t("No matches yet.")));
}

// the clock choice, above the hot-seat box: a fresh field in the reader's language
function drawClock() {
  const fresh = clockField();
  if (clock) clock.element.replaceWith(fresh.element);
  else $("hotseat").closest("p").before(fresh.element);
  clock = fresh;
}

// the game menu, its titles in the reader's language (drawn again when the language changes)
function drawGameMenu() {
  const was = $("game").value;
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.id }, t(g.title))));
  if (was) $("game").value = was;
}

async function main() {
  await languagePicker(() => {
    translatePage(); drawGameMenu(); drawCards(); drawForm(); drawClock(); listMine(); redrawFindPlay();
  });
  translatePage();
  try {
    games = await (await fetch("/api/games")).json();
  } catch (err) {
    showError(t("Cannot reach the server: {text}", { text: String(err.message || err) }));
    return;
  }
  drawGameMenu();
  $("game").addEventListener("change", () => chooseGame($("game").value));
  $("create").addEventListener("click", create);
  $("watch").addEventListener("click", () => { location.href = `/m/${$("watchid").value.trim()}`; });
  drawCards();
  drawClock();
  chooseGame(games[0].id);
  await listMine();
  await setupFindPlay({
    games, currentGame, collectOptions, seatName, serverError, showError, rememberSeat,
    clockValue: () => clock && clock.value(),
  });
  document.body.dataset.ready = "yes";
}

main();
