// A game option as a real control, read from its JSON schema (as /api/games sends it): a select
// for fixed choices, a checkbox for yes/no, a number field with the schema's range, and for a
// data file (a deck, heroes, a team) a select of the published names and the server's library
// plus "upload your own file". Each control has its translated label and one-line help.
// Only a value that differs from the default is sent: the server's defaults are the rules.
import { t, el } from "/static/i18n.js";

const UPLOAD = "upload";

// The schema of a value that may also be null (anyOf [X, null]): X, and whether null is allowed.
function resolve(spec) {
  if (!spec.anyOf) return { ...spec, nullable: false };
  const inner = spec.anyOf.find((s) => s.type !== "null") || {};
  return { ...inner, nullable: true };
}

// What the option plays as when nothing is sent: its default, else the house rule it stands for.
function defaultOf(spec) {
  return spec.default ?? spec.effective ?? null;
}

// "Reikland Reavers (Human)": the team's name as it is, its roster in the reader's language
function teamTitle(title) {
  const found = /^(.*) \(([^()]*)\)$/.exec(title);
  return found ? `${found[1]} (${t(found[2])})` : t(title);
}

function fileControl(name, spec, id) {
  const def = defaultOf(spec);
  const select = el("select", { id, "data-option-file": name });
  if (def === null) select.append(el("option", { value: "" }, t(spec.blank || "the default")));
  const names = new Set();
  if (spec.choices?.length) {
    select.append(el("optgroup", { label: t("Published teams") }, ...spec.choices.map((c) => {
      names.add(c.name);
      return el("option", { value: `name:${c.name}` }, teamTitle(c.title));
    })));
  }
  const library = (spec.library || []).filter((item) => !names.has(item.name));
  if (library.length) {
    select.append(el("optgroup", { label: t("From the server's library") },
      ...library.map((item) => el("option", { value: `library:${item.name}` }, item.title || item.name))));
  }
  select.append(el("option", { value: UPLOAD }, t("upload your own file…")));
  select.value = def === null ? "" : `name:${def}`;
  const file = el("input", { type: "file", accept: ".toml", "data-option-upload": name, "aria-label": t("File to upload") });
  const sync = () => { file.hidden = select.value !== UPLOAD; };
  select.addEventListener("change", sync);
  sync();
  return [select, file];
}

function choiceControl(name, spec, base, id) {
  const def = defaultOf(spec);
  const select = el("select", { id, "data-option": name });
  if (def === null) select.append(el("option", { value: "" }, t(spec.blank || "the default")));
  const choices = spec.choices || (base.enum || []).map((v) => ({ name: v, title: v }));
  for (const c of choices) select.append(el("option", { value: c.name }, t(c.title)));
  select.value = def === null ? "" : String(def);
  return [select];
}

function numberControl(name, spec, base, id) {
  const def = defaultOf(spec);
  const input = el("input", {
    id, type: "number", "data-option": name, inputmode: "numeric",
    min: base.minimum, max: base.maximum, step: base.type === "integer" ? 1 : "any",
    placeholder: def === null ? t(spec.blank || "the default") : String(def),
  });
  if (def !== null) input.value = String(def);
  return [input];
}

export function optionControl(name, spec) {
  const id = `opt-${name}`;
  const base = resolve(spec);
  let kind;
  let controls;
  if (spec.file) {
    kind = "file";
    controls = fileControl(name, spec, id);
  } else if (spec.choices || base.enum) {
    kind = "choice";
    controls = choiceControl(name, spec, base, id);
  } else if (base.type === "boolean") {
    kind = "bool";
    const box = el("input", { id, type: "checkbox", "data-option": name });
    box.checked = Boolean(defaultOf(spec));
    controls = [box];
  } else if (base.type === "integer" || base.type === "number") {
    kind = "number";
    controls = numberControl(name, spec, base, id);
  } else {
    kind = "text";
    controls = [el("input", { id, "data-option": name, placeholder: String(defaultOf(spec) ?? "") })];
  }
  const help = spec.help ? el("small", { id: `${id}-help`, class: "help" }, t(spec.help)) : "";
  if (help) controls[0].setAttribute("aria-describedby", `${id}-help`);
  // a yes/no box inside its label: the whole line takes the tap (a phone's 44 px target)
  const label = kind === "bool" ? el("label", {}, controls[0], el("span", { class: "boxtext" }, t(spec.label || name))) : el("label", { for: id }, t(spec.label || name));
  const row = kind === "bool" ? [label] : [label, " ", ...controls];
  return el("div", { class: `option ${kind}`, "data-option-box": name, "data-kind": kind }, ...row, help);
}

function numberValue(input, spec, base) {
  const label = t(spec.label || input.dataset.option);
  const text = input.value.trim();
  if (text === "" && input.validity.valid) return undefined;
  const value = Number(text);
  const integer = base.type === "integer";
  const low = base.minimum ?? null;
  const high = base.maximum ?? null;
  const bad = text === "" || !Number.isFinite(value) || (integer && !Number.isInteger(value))
    || (low !== null && value < low) || (high !== null && value > high);
  if (bad) {
    const range = high !== null
      ? t("{label}: a whole number from {min} to {max}", { label, min: low ?? 0, max: high })
      : t("{label}: a whole number of at least {min}", { label, min: low ?? 0 });
    throw new Error(range);
  }
  return value === defaultOf(spec) ? undefined : value;
}

async function fileValue(box, spec) {
  const select = box.querySelector("[data-option-file]");
  const choice = select.value;
  if (choice === "") return undefined;
  if (choice.startsWith("name:")) {
    const key = choice.slice(5);
    return key === defaultOf(spec) ? undefined : key;
  }
  if (choice.startsWith("library:")) return { library: choice.slice(8) };
  const file = box.querySelector("[data-option-upload]");
  if (!file.files.length) {
    throw new Error(t("{label}: choose a file to upload", { label: t(spec.label || select.dataset.optionFile) }));
  }
  return { content: await file.files[0].text() };
}

// The value to send for the option in `box`, or undefined for its default; an Error (already in
// the reader's language) when the control holds something the option does not allow.
export async function optionValue(box, spec) {
  const base = resolve(spec);
  const kind = box.dataset.kind;
  if (kind === "file") return fileValue(box, spec);
  const input = box.querySelector("[data-option]");
  if (kind === "bool") return input.checked === Boolean(defaultOf(spec)) ? undefined : input.checked;
  if (kind === "number") return numberValue(input, spec, base);
  const value = input.value;
  if (value === "" || value === String(defaultOf(spec) ?? "")) return undefined;
  return value;
}
