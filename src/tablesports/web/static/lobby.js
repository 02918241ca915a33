// The lobby: create a match (game, options, each seat a person or a named bot), hand out the
// invite links, and list the matches this browser holds a seat of (their tokens stay here).
import { t, el, languagePicker, translatePage } from "/static/i18n.js";

let games = [];
const $ = (id) => document.getElementById(id);

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

function currentGame() {
  return games.find((g) => g.id === $("game").value);
}

function drawForm() {
  const game = currentGame();
  const options = $("options");
  options.replaceChildren();
  for (const [name, spec] of Object.entries(game.options || {})) {
    if (spec.file) {
      // a data file goes up as its content (the server never opens a path a client names)
      const file = el("input", { type: "file", accept: ".toml", "data-option-file": name });
      const named = spec.names
        ? el("input", { "data-option": name, placeholder: String(spec.default ?? "") }) : "";
      options.append(el("div", {}, el("label", {}, `${name} `, named, " ", file)));
      continue;
    }
    const input = el("input", { "data-option": name, placeholder: String(spec.default ?? "") });
    if (spec.type === "boolean") {
      input.type = "checkbox";
      input.checked = Boolean(spec.default);
    }
    options.append(el("div", {}, el("label", {}, `${name} `, input)));
  }
  const seats = $("seats");
  seats.replaceChildren(el("datalist", { id: `agents-${game.id}` },
    ...game.agents.map((a) => el("option", { value: a }))));
  for (let seat = 0; seat < game.players; seat++) {
    const kind = el("select", { "data-seat-kind": seat },
      el("option", { value: "human" }, t("a person")),
      el("option", { value: "bot" }, t("a bot")));
    // a difficulty level (easy, normal, hard) or a bot by name: mcts:iterations=200
    const agent = el("input", { "data-seat-agent": seat, list: `agents-${game.id}`, size: 28 });
    agent.value = "normal";
    if (seat > 0) kind.value = "bot";
    const toggle = () => { agent.style.display = kind.value === "bot" ? "" : "none"; };
    kind.addEventListener("change", toggle);
    toggle();
    seats.append(el("fieldset", {}, el("legend", {}, t("Seat {n}", { n: seat })), kind, " ", agent));
  }
}

async function create() {
  showError("");
  const game = currentGame();
  const options = {};
  for (const input of document.querySelectorAll("[data-option-file]")) {
    if (input.files.length) options[input.dataset.optionFile] = { content: await input.files[0].text() };
  }
  for (const input of document.querySelectorAll("[data-option]")) {
    const spec = game.options[input.dataset.option];
    if (input.type === "checkbox") {
      if (input.checked !== Boolean(spec.default)) options[input.dataset.option] = input.checked;
    } else if (input.value !== "" && !(input.dataset.option in options)) {
      const num = Number(input.value);
      options[input.dataset.option] = spec.type === "integer" || spec.type === "number" ? num : input.value;
    }
  }
  const seats = [];
  for (let seat = 0; seat < game.players; seat++) {
    const kind = document.querySelector(`[data-seat-kind="${seat}"]`).value;
    const agent = document.querySelector(`[data-seat-agent="${seat}"]`).value;
    seats.push(kind === "bot" ? { kind, agent: agent.trim() || "random" } : { kind });
  }
  const body = { game: game.id, options, seats, hot_seat: $("hotseat").checked };
  const res = await fetch("/api/matches", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) {
    showError(data.error || JSON.stringify(data.detail));
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
    links.append(el("div", {}, `${t("Seat {n}", { n: seat })}: `,
      el("input", { value: link, readonly: true, "data-link": seat }), " ",
      el("a", { href: link, "data-play": seat }, t("Play this seat"))));
  }
  links.append(el("div", {}, `${t("Watch")}: `, el("a", { href: data.watch }, data.watch)));
  if (body.hot_seat) {
    localStorage.setItem(`tablesports.hotseat.${data.id}`, JSON.stringify(data.tokens));
    location.href = `/m/${data.id}#hotseat`;
  } else if (seatsHere.length === 1) {
    location.href = data.links[seatsHere[0]];
  }
  await listMine();
}

async function listMine() {
  const saved = savedSeats();
  const tokens = Object.keys(saved);
  const box = $("mine");
  if (!tokens.length) {
    box.replaceChildren(el("p", {}, t("No matches yet.")));
    return;
  }
  const res = await fetch("/api/mine", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ tokens }),
  });
  const list = await res.json();
  const byMatch = new Map(list.map((m) => [`${m.id}/${m.seat}`, m]));
  const rows = [];
  for (const [token, { match, seat }] of Object.entries(saved)) {
    const m = byMatch.get(`${match}/${seat}`);
    if (!m) continue;
    const state = m.over ? t("over") : m.to_move === seat ? t("your turn") : t("waiting");
    rows.push(el("tr", {}, el("td", {}, m.title), el("td", {}, t("Seat {n}", { n: seat })),
      el("td", {}, t("move {n}", { n: m.move })), el("td", {}, state),
      el("td", {}, el("a", { href: `/m/${match}#${token}` }, m.over ? t("Review") : t("Resume")))));
  }
  box.replaceChildren(el("table", { class: "mine" }, rows.reverse()));
}

async function main() {
  await languagePicker(() => { translatePage(); drawForm(); listMine(); });
  translatePage();
  games = await (await fetch("/api/games")).json();
  for (const g of games) $("game").append(el("option", { value: g.id }, `${g.title} (${g.id})`));
  $("game").addEventListener("change", drawForm);
  $("create").addEventListener("click", create);
  $("watch").addEventListener("click", () => { location.href = `/m/${$("watchid").value.trim()}`; });
  drawForm();
  await listMine();
}

main();
