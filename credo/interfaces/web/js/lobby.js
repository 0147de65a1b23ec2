// The lobby: the games, a form to create a table (from each game's option schema), the links
// to send to friends, and the tables to join, watch or replay.
import {h, clear} from "./dom.js";
import * as api from "./api.js";

const $ = (id) => document.getElementById(id);
const state = {games: [], chosen: null};

// what went wrong is said where the person is looking: a refused table under the form's button,
// a list that could not be read under the tables
function say(text, kind = "error", where = "message") {
  $(where).textContent = text || "";
  $(where).className = text ? kind : "";
}

const sayAtForm = (text) => say(text, "error", "form-message");

// --- the games ---------------------------------------------------------------------------------
async function showGames() {
  state.games = await api.games();
  // every button at once: added one by one, each new one narrowed the grid's columns under a
  // pointer already on its way, and a click meant for one game landed on another
  const renderers = await Promise.all(state.games.map((game) => api.renderer(game.name)));
  clear($("games")).append(...state.games.map((game, i) => {
    const players = game.min_players === game.max_players ? `${game.min_players} players`
      : `${game.min_players} to ${game.max_players} players`;
    return h("button", {class: "game", id: `game-${game.name}`, on: {click: () => choose(game)}},
      h("strong", {}, game.title), h("span", {class: "players"}, players),
      h("span", {class: "about"}, renderers[i].about || ""));
  }));
}

// --- the form, built from the game's option schema ------------------------------------------------
function choices(prop) {
  for (const alt of prop.anyOf || [prop]) if (alt.enum) return alt.enum;
  return null;
}

function optionField(key, prop) {
  const id = `opt-${key}`;
  const label = prop.title || key;
  const hint = prop.description ? h("small", {class: "hint"}, prop.description) : null;
  const values = choices(prop);
  let input;
  if (values) {
    input = h("select", {id, name: key},
      prop.default === null || prop.default === undefined ? h("option", {value: ""}, "(default)") : null,
      values.map((v) => h("option", {value: JSON.stringify(v), selected: v === prop.default}, String(v))));
  } else if (prop.type === "boolean") {
    input = h("input", {id, name: key, type: "checkbox", checked: !!prop.default});
  } else if (prop.type === "integer" || prop.type === "number") {
    input = h("input", {id, name: key, type: "number", value: prop.default ?? "", min: prop.minimum, max: prop.maximum,
      step: prop.type === "integer" ? 1 : "any"});
  } else if (prop.type === "string") {
    const list = prop.examples ? h("datalist", {id: `${id}-list`}, prop.examples.map((v) => h("option", {value: v}))) : null;
    input = [h("input", {id, name: key, value: prop.default ?? "", list: list ? `${id}-list` : null}), list];
  } else {
    input = h("input", {id, name: key, class: "json", placeholder: "default (or JSON)"});
  }
  const advanced = !values && !["boolean", "integer", "number", "string"].includes(prop.type);
  return {advanced, node: h("label", {class: "field"}, h("span", {}, label), input, hint)};
}

function readOptions(game) {
  const out = {};
  for (const [key, prop] of Object.entries(game.options.properties || {})) {
    const el = document.getElementById(`opt-${key}`);
    if (!el) continue;
    if (el.tagName === "SELECT") {
      if (el.value !== "") out[key] = JSON.parse(el.value);
    } else if (el.type === "checkbox") {
      out[key] = el.checked;
    } else if (el.type === "number") {
      if (el.value !== "") out[key] = Number(el.value);
    } else if (el.classList.contains("json")) {
      if (el.value.trim()) {
        try {
          out[key] = JSON.parse(el.value);
        } catch (e) {
          throw new Error(`${prop.title || key}: write it as JSON, e.g. ["a", "b"]`);
        }
      }
    } else if (el.value !== "") {
      out[key] = el.value;
    }
  }
  return out;
}

function seatCount(game) {
  const players = document.getElementById("opt-players");
  if (players && players.value !== "") return Math.max(game.min_players, Math.min(game.max_players, Number(JSON.parse(players.value)) || game.min_players));
  return game.min_players;
}

function seatRows(game) {
  const n = seatCount(game);
  // the field says "input" as it is typed and "change" when it loses focus: the seats
  // chosen in between are kept unless the number of seats changed
  if ($("seat-rows").children.length === n) return;
  const box = clear($("seat-rows"));
  for (let i = 0; i < n; i++) {
    const who = h("select", {id: `seat-${i}`, name: `seat-${i}`},
      h("option", {value: "open", selected: i === 0}, i === 0 ? "you" : "a person (send them the link)"),
      game.levels.map((level) => h("option", {value: level, selected: i > 0 && level === "medium"}, `computer: ${level}`)),
      game.agents.filter((a) => !game.levels.includes(a))
        .map((a) => h("option", {value: a}, `computer agent: ${a}`)));
    box.append(h("label", {class: "field seat-row"},
      h("span", {class: "swatch", style: `background:${api.colour(i)}`}), h("span", {}, `Seat ${i + 1}`), who));
  }
}

function choose(game) {
  state.chosen = game;
  for (const b of document.querySelectorAll(".game")) b.classList.toggle("chosen", b.id === `game-${game.name}`);
  $("create").hidden = false;
  $("create-title").textContent = `New table of ${game.title}`;
  clear($("created"));
  sayAtForm("");
  const fields = Object.entries(game.options.properties || {}).map(([k, p]) => optionField(k, p));
  const form = clear($("new-table"));
  form.append(
    h("fieldset", {}, h("legend", {}, "Options"), fields.filter((f) => !f.advanced).map((f) => f.node),
      fields.some((f) => f.advanced)
        ? h("details", {}, h("summary", {}, "more options"), fields.filter((f) => f.advanced).map((f) => f.node)) : null),
    h("fieldset", {}, h("legend", {}, "Seats"), h("div", {id: "seat-rows"}),
      h("label", {class: "field"}, h("span", {}, "Your name"),
        h("input", {id: "your-name", maxlength: 40, value: localStorage.getItem("credo.name") || "", placeholder: "your name"}))),
    h("fieldset", {}, h("legend", {}, "Clock"),
      h("label", {class: "field"}, h("span", {}, "Kind"), h("select", {id: "clock-kind"},
        h("option", {value: "none"}, "no clock"), h("option", {value: "per_decision"}, "seconds per decision"),
        h("option", {value: "budget"}, "a time budget per player, plus an increment"))),
      h("label", {class: "field clock-timed"}, h("span", {}, "Seconds"), h("input", {id: "clock-seconds", type: "number", min: 1, value: 600})),
      h("label", {class: "field clock-budget"}, h("span", {}, "Increment (s)"), h("input", {id: "clock-increment", type: "number", min: 0, value: 10})),
      h("label", {class: "field clock-timed"}, h("span", {}, "When time runs out"), h("select", {id: "clock-timeout"},
        game.levels.map((l) => h("option", {value: `bot:${l}`}, `a computer (${l}) plays that decision`)),
        h("option", {value: "forfeit"}, "the player loses")))),
    h("button", {type: "submit", id: "create-table"}, "Create the table"));
  seatRows(game);
  clockFields();
  $("clock-kind").addEventListener("change", clockFields);
  const players = document.getElementById("opt-players");
  if (players) for (const event of ["change", "input"]) players.addEventListener(event, () => seatRows(game));
  form.onsubmit = (event) => { event.preventDefault(); create(game); };
  $("create").scrollIntoView({behavior: "smooth"});
}

// only the fields the chosen clock reads: an increment belongs to a time budget alone
function clockFields() {
  const kind = $("clock-kind").value;
  for (const f of document.querySelectorAll(".clock-timed")) f.hidden = kind === "none";
  for (const f of document.querySelectorAll(".clock-budget")) f.hidden = kind !== "budget";
}

async function create(game) {
  sayAtForm("");
  let spec;
  try {
    const seats = [];
    for (let i = 0; i < seatCount(game); i++) {
      const v = $(`seat-${i}`).value;
      seats.push(v === "open" ? {kind: "open"} : {kind: "bot", agent: v});
    }
    const kind = $("clock-kind").value;
    const clock = kind === "none" ? {kind} : {kind, seconds: Number($("clock-seconds").value),
      increment: kind === "budget" ? Number($("clock-increment").value) : 0, on_timeout: $("clock-timeout").value};
    spec = {game: game.name, options: readOptions(game), seats, clock};
  } catch (e) {
    return sayAtForm(e.message);
  }
  const name = $("your-name").value.trim();
  const open = spec.seats.map((s, i) => (s.kind === "open" ? i : null)).filter((i) => i !== null);
  if (open.length && !name) return sayAtForm("Your name: write the name the other players will see");
  let table;
  try {
    table = await api.createTable(spec);
    if (open.length) {
      localStorage.setItem("credo.name", name);
      const claim = await api.claimSeat(table.id, open[0], name);
      api.saveSeat(table.id, claim.seat, claim.token);
    }
  } catch (e) {
    return sayAtForm(e.message);
  }
  const others = open.slice(1);
  if (!others.length) {
    location.href = `/table/${table.id}`;
    return;
  }
  clear($("created")).append(h("div", {class: "invites"},
    h("p", {}, "The table is ready. Send each friend the link of their seat:"),
    h("ul", {}, others.map((i) => h("li", {}, `Seat ${i + 1}: `,
      h("input", {readonly: true, class: "invite", value: api.seatLink(table.id, i), size: 48,
        on: {focus: (e) => e.target.select()}})))),
    h("a", {href: `/table/${table.id}`, class: "go", id: "go-to-table"}, "Go to your table")));
  refresh();
}

// --- the tables ----------------------------------------------------------------------------------
function titleOf(name) {
  return state.games.find((g) => g.name === name)?.title || name;
}

function optionsText(options) {
  return Object.entries(options || {}).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join("/") : v}`).join(", ");
}

async function refresh() {
  for (const status of ["open", "running", "finished"]) {
    let rows;
    try {
      rows = await api.tables(status);
    } catch (e) {
      return say(e.message);
    }
    const list = clear($(status));
    if (!rows.length) list.append(h("li", {class: "quiet"}, "none"));
    for (const row of rows.slice(0, 30)) {
      const mine = api.savedSeat(row.id);
      const link = status === "finished"
        ? h("a", {href: `/table/${row.id}?replay`}, "replay")
        : h("a", {href: `/table/${row.id}`}, mine ? "your table" : status === "open" ? "join or watch" : "watch");
      const result = status === "finished" && row.result
        ? (row.result.winners?.length ? `won by seat ${row.result.winners.map((w) => w + 1).join(" and ")}` : "a draw") : "";
      list.append(h("li", {"data-table": row.id}, h("strong", {}, titleOf(row.game)), " ",
        h("span", {class: "quiet"}, optionsText(row.options)), " ", result, " ", link));
    }
  }
}

async function main() {
  try {
    await showGames();
  } catch (e) {
    return say(e.message);
  }
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted) {
    const game = state.games.find((g) => g.name === wanted);
    if (game) choose(game);
  }
  await refresh();
  setInterval(refresh, 5000);
}

main();
