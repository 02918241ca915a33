// Finding someone to play, in the lobby: the player's name, open challenges (offer one from
// the new-match form, accept another's, cancel one's own), the matches being played (to watch)
// and each game's leaderboard. Every name is drawn as text (el() makes text nodes), never HTML.
import { t, el } from "/static/i18n.js";
import { playerName, keepName, ratingText } from "/static/playername.js";

const $ = (id) => document.getElementById(id);
const MINE = "tablesports.challenges"; // challenge id -> the maker's seat token
let ctx = null; // what the lobby hands over: games, the form's readers, its error line
let polling = null;

const mine = () => JSON.parse(localStorage.getItem(MINE) || "{}");
function keepMine(map) { localStorage.setItem(MINE, JSON.stringify(map)); }

async function api(method, path, body, headers = {}) {
  let res, data;
  try {
    res = await fetch(path, {
      method, headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    data = await res.json().catch(() => ({}));
  } catch (err) {
    throw new Error(t("Cannot reach the server: {text}", { text: String(err.message || err) }));
  }
  if (!res.ok) throw new Error(ctx.serverError(data, res.status));
  return data;
}

const title = (id) => t((ctx.games.find((g) => g.id === id) || { title: id }).title);
const person = (name, rating) => (rating ? `${name} (${ratingText(rating)})` : name);

// --- the name ----------------------------------------------------------------------------
async function saveName() {
  const help = $("namehelp");
  const typed = $("playername").value;
  if (!typed.trim()) {
    keepName("");
    help.textContent = t("No name: you play as a person without a name (never rated).");
    return;
  }
  try {
    const { name } = await api("POST", "/api/names/check", { name: typed });
    keepName(name);
    $("playername").value = name;
    help.textContent = t("Others see you as {name}.", { name });
  } catch (err) {
    help.textContent = err.message;
  }
}

function needName() {
  if (playerName()) return true;
  ctx.showError(t("Choose your name first (under 'Your name'): others see it."));
  $("playername").focus();
  return false;
}

// --- challenges --------------------------------------------------------------------------
export function drawSeatChoice() {
  const game = ctx.currentGame();
  const select = $("challengeseat");
  const was = select.value;
  select.replaceChildren(el("option", { value: "" }, t("either (drawn by the server)")),
    ...[0, 1].map((s) => el("option", { value: String(s) }, ctx.seatName(game, s))));
  select.value = [...select.options].some((o) => o.value === was) ? was : "";
  $("challenge").disabled = game.players !== 2;
}

async function offer() {
  ctx.showError("");
  if (!needName()) return;
  const game = ctx.currentGame();
  let options;
  try {
    options = await ctx.collectOptions(game);
  } catch (err) {
    ctx.showError(err.message);
    return;
  }
  const body = { game: game.id, options, rated: $("rated").checked, name: playerName() };
  const seat = $("challengeseat").value;
  if (seat !== "") body.seat = Number(seat);
  const time = ctx.clockValue();
  if (time) body.clock = time;
  try {
    const made = await api("POST", "/api/challenges", body);
    keepMine({ ...mine(), [made.id]: made.token });
    await listChallenges();
    $("challengesbox").scrollIntoView({ block: "start" });
  } catch (err) {
    ctx.showError(err.message);
  }
}

async function accept(challenge) {
  ctx.showError("");
  if (!needName()) return;
  try {
    const taken = await api("POST", `/api/challenges/${challenge.id}/accept`, { name: playerName() });
    ctx.rememberSeat(taken.match, taken.seat, taken.token);
    location.href = new URL(taken.link, location.origin).href;
  } catch (err) {
    ctx.showError(err.message);
    await listChallenges();
  }
}

async function withdraw(challenge) {
  ctx.showError("");
  const token = mine()[challenge.id];
  try {
    await api("DELETE", `/api/challenges/${challenge.id}`, undefined, { "X-Challenge-Token": token });
  } catch (err) {
    ctx.showError(err.message);
  }
  const left = mine();
  delete left[challenge.id];
  keepMine(left);
  await listChallenges();
}

// the challenge's options by their labels in the reader's language, as the form shows them
function optionsText(challenge) {
  const specs = (ctx.games.find((g) => g.id === challenge.game) || {}).options || {};
  const label = (k) => t((specs[k] && specs[k].label) || k);
  const parts = Object.entries(challenge.options).map(([k, v]) => `${label(k)}: ${typeof v === "object" ? "…" : v}`);
  if (challenge.clock) {
    parts.push(t("{minutes} min + {increment} s", challenge.clock));
  }
  return parts.join(" · ");
}

function challengeRow(c) {
  const game = ctx.games.find((g) => g.id === c.game);
  const side = game ? ctx.seatName(game, c.seat) : t("Seat {n}", { n: c.seat });
  const own = c.id in mine();
  const button = own
    ? el("button", { type: "button", "data-cancel": c.id, onclick: () => withdraw(c) }, t("Cancel my challenge"))
    : el("button", { type: "button", class: "primary", "data-accept": c.id, onclick: () => accept(c) }, t("Accept"));
  return el("li", { class: "challenge", "data-challenge": c.id },
    el("span", { class: "gametitle" }, title(c.game)),
    el("span", { class: "who", "data-name": c.name }, person(c.name, c.rating)),
    el("span", {}, t("plays {side}", { side })),
    el("span", {}, c.rated ? t("rated") : t("not rated")),
    optionsText(c) ? el("span", { class: "opts" }, optionsText(c)) : "",
    own ? el("span", { class: "note" }, t("waiting for someone to accept…")) : "",
    button);
}

// one's own challenges that left the list: taken (go to the match) or gone (forget it)
async function followMine(listed) {
  const held = mine();
  for (const [id, token] of Object.entries(held)) {
    if (listed.some((c) => c.id === id)) continue;
    let c;
    try {
      c = await api("GET", `/api/challenges/${id}`);
    } catch {
      c = null;
    }
    if (c && c.state === "taken" && !c.match) continue; // the match is being made
    delete held[id];
    keepMine(held);
    if (c && c.state === "taken" && c.match) {
      ctx.rememberSeat(c.match, c.seat, token);
      location.href = `/m/${c.match}#${token}`;
      return;
    }
  }
}

export async function listChallenges() {
  const box = $("challenges");
  let listed;
  try {
    listed = await api("GET", "/api/challenges");
  } catch (err) {
    box.replaceChildren(el("p", {}, err.message));
    return;
  }
  await followMine(listed);
  box.replaceChildren(listed.length
    ? el("ul", { class: "findlist" }, listed.map(challengeRow))
    : el("p", {}, t("No open challenge now: offer one from the new-match form.")));
}

// --- the matches being played ------------------------------------------------------------
function seatWho(s) {
  if (s.player) return s.player;
  return s.kind === "bot" ? t("a bot") : t("a person");
}

export async function listLive() {
  const box = $("livematches");
  let live;
  try {
    live = await api("GET", "/api/live");
  } catch (err) {
    box.replaceChildren(el("p", {}, err.message));
    return;
  }
  box.replaceChildren(live.length
    ? el("ul", { class: "findlist" }, live.map((m) => el("li", { class: "live", "data-live": m.id },
      el("span", { class: "gametitle" }, title(m.game)),
      el("span", {}, m.seats.map(seatWho).join(` ${t("vs")} `)),
      el("a", { href: m.watch, "data-watch": m.id }, t("Watch")))))
    : el("p", {}, t("Nobody is playing right now.")));
}

// --- the leaderboard ---------------------------------------------------------------------
export async function drawLeaders() {
  const box = $("leaders");
  const game = $("boardgame").value;
  if (!game) return;
  let rows;
  try {
    rows = await api("GET", `/api/leaderboard/${game}`);
  } catch (err) {
    box.replaceChildren(el("p", {}, err.message));
    return;
  }
  if (!rows.length) {
    box.replaceChildren(el("p", {}, t("No rated match of this game yet.")));
    return;
  }
  box.replaceChildren(el("table", { class: "leaders" },
    el("caption", {}, t("Ratings from rated matches; ? marks a provisional rating (fewer than five games)")),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "#"), el("th", { scope: "col" }, t("Player")),
      el("th", { scope: "col" }, t("Rating")), el("th", { scope: "col" }, t("Games")))),
    el("tbody", {}, rows.map((r, i) => el("tr", { "data-player": r.name },
      el("td", {}, String(i + 1)), el("td", {}, r.name), el("td", {}, ratingText(r)), el("td", {}, String(r.games)))))));
}

function drawBoardGames() {
  const select = $("boardgame");
  const was = select.value || ctx.games[0]?.id;
  select.replaceChildren(...ctx.games.map((g) => el("option", { value: g.id }, t(g.title))));
  select.value = was;
}

// The lobby calls this once its games are loaded, and `redraw` after a change of language.
export async function setupFindPlay(lobby) {
  ctx = lobby;
  $("playername").value = playerName();
  $("keepname").addEventListener("click", saveName);
  $("playername").addEventListener("keydown", (e) => { if (e.key === "Enter") saveName(); });
  $("challenge").addEventListener("click", offer);
  $("boardgame").addEventListener("change", drawLeaders);
  drawBoardGames();
  drawSeatChoice();
  await Promise.all([listChallenges(), listLive(), drawLeaders()]);
  clearInterval(polling);
  let tick = 0;
  polling = setInterval(() => {
    listChallenges();
    if (++tick % 4 === 0) listLive();
  }, 2500);
}

export function redrawFindPlay() {
  if (!ctx) return;
  drawBoardGames();
  drawSeatChoice();
  listChallenges();
  listLive();
  drawLeaders();
}
