// Divine in the browser: the 18 by 18 city drawn from its nine tiles, the Units on it, the
// players' Follower Tokens, Divinity, Temples and Commandments, your hand, and the stack of
// cards and abilities waiting for answers. Clicks build the notation of a legal action:
// a Unit, then where it goes or whom it strikes; a card, then its target.
// Everything drawn comes from the seat's observation and the table's catalogue (what its ids
// name: cards, tiles); what is clickable comes from view.legal.
import {h, s, title} from "/static/js/dom.js";

export const about = "2 to 4 Deities spread their faith through an ancient city: preach, build Temples, send Zealots, play Divinity cards.";

const N = 18;                 // the city is 18 by 18 spaces
const TILE = 6;               // of nine tiles of 6 by 6
const U = 40;                 // one space, in the city drawing's units
const MARGIN = 20;            // room for the column letters and row numbers
const COLUMNS = "abcdefghijklmnopqr";
const PREVALENCE = 100;       // Follower Tokens that win (Win Conditions / Prevalence)
const SIDE_WIDTH = 300;

const PLACE = {
  T: {name: "Tower", fill: "#a3a7ab", about: "a Zealot here rolls 1 more die in defence; a Unit on each of the four Towers wins (Capture)"},
  C: {name: "Catacomb", fill: "#5b4a40", about: "a Unit here may spend 1 movement to jump to another Catacomb"},
  L: {name: "Library", fill: "#5677a0", about: "a Unit of yours here at the start of your turn draws you 1 more card"},
  M: {name: "Market", fill: "#b0604a", about: "a Unit that assassinates or attacks a Unit here is removed (witnessed)"},
};
const POP_FILL = ["#f3ead3", "#efe2bf", "#e2cd98", "#d3b672"];
const UNIT = {
  priest: {name: "Priest", letter: "P"},
  zealot: {name: "Zealot", letter: "Z"},
  prophet: {name: "Prophet", letter: "Pr"},
  avatar: {name: "Avatar", letter: "Av"},
};
const CARD_TYPE = {
  intervention: {colour: "#7d3c98", when: "any time, even in answer to another card"},
  covenant: {colour: "#117a65", when: "during your turn"},
  commandment: {colour: "#a0522d", when: "during your turn; it stays in play"},
};
const SELF_ACTIONS = {
  preach: "Preach", establish: "Establish a Temple", vigil: "Vigilance", desecrate: "Desecrate",
  reclaim: "Take the marker back",
};

// --- notation -----------------------------------------------------------------------------------
const SQUARE = /^[a-r](1[0-8]|[1-9])$/;

// What one legal action asks for: the square it starts from (`at`), its target square (`to`),
// the card it plays, the player or Commandment it aims at. A card's target kind (from the
// table's catalogue) says how to read its last word: p2 is a player for Schism and a
// square for Wrath of God.
function parse(notation, obs) {
  const w = notation.split(" ");
  const out = {verb: w[0]};
  if (w[0] === "place" || w[0] === "train") Object.assign(out, {unit: w[1], at: w[2]});
  else if (w[0] === "move" || w[0] === "assassinate" || w[0] === "attack" || w[0] === "convert") Object.assign(out, {at: w[1], to: w[2]});
  else if (w[0] in SELF_ACTIONS) out.at = w[1];
  else if (w[0] === "play") {
    out.card = w[1];
    const aims = obs.cards?.[w[1]]?.target;
    if (w.length === 4) Object.assign(out, {commandment: w[2], player: Number(w[3].slice(1)) - 1});
    else if (w.length === 3 && (aims === "opponent" || (!aims && !SQUARE.test(w[2])))) out.player = Number(w[2].slice(1)) - 1;
    else if (w.length === 3) out.to = w[2];
  }
  return out;
}

const squareName = (col, row) => `${COLUMNS[col]}${row + 1}`;
const colOf = (name) => COLUMNS.indexOf(name[0]);
const rowOf = (name) => Number(name.slice(1)) - 1;

// The city square by square (row 18 first, each row's tokens a..r, as tiles.toml writes them),
// laid out from the observation's `city` ([tile id, quarter turns clockwise] per slot, rows of
// three from the top left) and the tiles as printed in the catalogue.
function cityMap(city, tiles) {
  const grid = Array.from({length: N}, () => Array(N).fill(""));
  (city || []).forEach(([id, quarters], slot) => {
    let rows = tiles?.[id]?.rows;
    if (!rows) return;
    for (let q = 0; q < ((quarters % 4) + 4) % 4; q++) {  // one quarter turn clockwise
      const size = rows.length;
      rows = rows.map((_, r) => rows.map((__, c) => rows[size - 1 - c][r]));
    }
    const top = Math.floor(slot / 3) * TILE, left = (slot % 3) * TILE;
    rows.forEach((row, r) => row.forEach((token, c) => { grid[top + r][left + c] = token; }));
  });
  return grid.map((row) => row.join(" "));
}

// The observation with what the catalogue says of the things it names: each card's face
// (`cards`), the city square by square (`map`) and the tile in each slot (`tile_names`).
function withCatalogue(obs, catalogue) {
  return {...obs, cards: catalogue.cards, map: cityMap(obs.city, catalogue.tiles),
    tile_names: (obs.city || []).map(([id]) => catalogue.tiles[id]?.name)};
}

// The space under a square name: its kind (T C L M H, or "" for Population) and Population.
function space(obs, name) {
  const token = obs.map[N - 1 - rowOf(name)].split(" ")[colOf(name)];
  const letter = /^[TCLMH]/.test(token) ? token[0] : "";
  const pop = Number(token.replace(/^[TCLMH]/, "") || 0);
  return {letter, pop};
}

// --- words ------------------------------------------------------------------------------------------
function words(table) {
  const who = (p) => (p === null || p === undefined ? "nobody" : table.name(p));
  const cardName = (obs, id) => obs.cards?.[id]?.name || id;
  const cardLine = (obs, id) => {
    const c = obs.cards?.[id];
    if (!c) return id;
    return `${c.name} — ${c.type}, costs ${c.cost} Divinity, played ${CARD_TYPE[c.type]?.when || ""}. ${c.text}`;
  };
  return {who, cardName, cardLine};
}

function unitTitle(u, W) {
  const state = [];
  if (u.vigilance) state.push(u.kind === "prophet" ? "Vigilant (a Prophet always is)" : "Vigilant: Zealots cannot assassinate it");
  if (u.fresh) state.push("arrived this turn: cannot move or act yet");
  else if (u.acted) state.push("has used its ability this turn");
  if (u.pinned) state.push("held: cannot move until the end of its owner's turn");
  if (u.bonus_dice) state.push(`rolls ${u.bonus_dice} more dice in attacks this turn`);
  return `${W.who(u.owner)}'s ${UNIT[u.kind].name} on ${u.square}${state.length ? ": " + state.join("; ") : ""}`;
}

function spaceTitle(obs, name, W) {
  const sp = space(obs, name);
  const tile = obs.tile_names?.[Math.floor((N - 1 - rowOf(name)) / TILE) * 3 + Math.floor(colOf(name) / TILE)];
  let what;
  if (sp.letter === "H") {
    const owner = obs.temples[name];
    what = `Temple (Population ${sp.pop * 100}), ${owner === null || owner === undefined ? "no one's" : `controlled by ${W.who(owner)}`}`;
  } else if (sp.letter) {
    what = `${PLACE[sp.letter].name}: ${PLACE[sp.letter].about}`;
  } else {
    what = `Population ${sp.pop * 100}: a Priest preaching here gains ${sp.pop} Follower Token${sp.pop > 1 ? "s" : ""} and ${sp.pop} Divinity`;
  }
  return `${name} · ${what}${tile ? ` · ${tile}` : ""}`;
}

// --- what can be clicked --------------------------------------------------------------------------
// From view.legal only: the board never offers an action the server would refuse.
function choices(view, memo) {
  const legal = (view.legal || []).map((a) => ({...a, p: parse(a.notation, view.observation)}));
  const anchors = new Map();       // square -> the actions that start there
  const targets = new Map();       // square -> the actions of the current selection that end there
  const players = new Map();       // seat -> actions aiming at that player
  const commandments = new Map();  // "id p" -> actions aiming at that Commandment
  const cards = new Map();         // card id -> its play actions
  const buttons = [];              // actions taken by a button (end, pass, a selected unit's own abilities)
  for (const a of legal) {
    const p = a.p;
    if (p.verb === "end" || p.verb === "pass") buttons.push(a);
    if (p.card) {
      if (!cards.has(p.card)) cards.set(p.card, []);
      cards.get(p.card).push(a);
    } else if (p.at) {
      if (!anchors.has(p.at)) anchors.set(p.at, []);
      anchors.get(p.at).push(a);
    }
  }
  const add = (map, key, a) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(a);
  };
  const chosen = [];
  if (memo.card && cards.has(memo.card)) {
    for (const a of cards.get(memo.card)) {
      if (a.p.to) add(targets, a.p.to, a);
      else if (a.p.commandment) add(commandments, `${a.p.commandment} ${a.p.player}`, a);
      else if (a.p.player !== undefined) add(players, a.p.player, a);
      else chosen.push(a);   // a card with no target: played by its button
    }
  } else if (memo.from && anchors.has(memo.from)) {
    for (const a of anchors.get(memo.from)) {
      if (a.p.to) add(targets, a.p.to, a);
      else chosen.push(a);
    }
  }
  return {legal, anchors, targets, players, commandments, cards, buttons, chosen};
}

function buttonLabel(a, obs, W) {
  const p = a.p;
  if (p.verb === "end") return "End the turn";
  if (p.verb === "pass") return obs.stack?.length ? "Let it stand (pass)" : "Pass";
  if (p.verb === "train") return `Train a ${UNIT[p.unit].name} (1 Divinity)`;
  if (p.verb === "play") return `Play ${W.cardName(obs, p.card)} (${obs.cards?.[p.card]?.cost ?? "?"} Divinity)`;
  if (p.verb === "preach") {
    const unit = obs.units.find((u) => u.square === p.at);
    const pop = space(obs, p.at).pop;
    const tokens = (n) => `+${n} Follower Token${n === 1 ? "" : "s"}`;
    return unit && unit.kind === "prophet" ? `Preach (${tokens(2 * pop)})` : `Preach (${tokens(pop)}, +${pop} Divinity)`;
  }
  return SELF_ACTIONS[p.verb] || a.notation;
}

// --- the page's own style (once) ---------------------------------------------------------------
const STYLE = `
.dv { display: flex; flex-direction: column; gap: .35rem; padding: .35rem; }
.dv-bar { display: flex; flex-wrap: wrap; align-items: center; gap: .35rem .5rem; font-size: .9rem; min-height: 2rem; }
.dv-say { flex: 1 1 16rem; }
.dv-say b { font-weight: 700; }
.dv-act { font-weight: 600; border: 2px solid var(--pick, #f1c40f); background: #fff8d6; }
.dv-act.quiet { border: 1px solid var(--line, #d8cfbd); background: var(--panel, #fff); font-weight: 400; }
.dv-main { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-start; }
.dv-frame { flex: 1 1 420px; min-width: 0; max-width: calc(100vh - 7.5rem); }
.dv-city { width: 100%; aspect-ratio: 1; display: block; }
.dv-legend { font-size: .8rem; color: var(--quiet, #6f665a); margin: 0; }
.dv-zoom { display: none; }
.dv-side { flex: 0 1 300px; min-width: 0; display: block; }
.dv svg text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.dv svg .pick.anchor > .hit { stroke-dasharray: 5 3; }
@media (max-width: 800px) {
  .dv-frame { max-width: 100%; flex-basis: 100%; overflow: auto; }
  .dv-frame.zoomed { max-height: 75vh; }
  .dv-frame.zoomed .dv-city { width: 720px; }
  .dv-zoom { display: inline-block; }
  .dv-side { max-width: 480px; flex: 1 1 100%; }
}`;

function ensureStyle() {
  if (document.getElementById("divine-style")) return;
  document.head.append(h("style", {id: "divine-style"}, STYLE));
}

// --- drawing ---------------------------------------------------------------------------------------
// Where the last move went: the page keeps that Unit chosen, so a walk of several spaces is
// one click a step.
let follow = null;
// On a small screen the city may be drawn larger than the screen, to scroll.
let zoomed = false;
let scrolled = [0, 0];
// The Units as they stood when this seat last acted (square -> "owner kind"): what stands
// elsewhere now was moved, trained or converted by the others since, and is marked.
let standing = null;
const unitKey = (u) => `${u.owner} ${u.kind}`;

export function draw(root, view, table) {
  ensureStyle();
  if (!table.catalogue?.cards || !table.catalogue?.tiles) {
    root.append(h("p", {class: "error"}, "The city's tiles and the cards could not be loaded: reload the page."));
    return;
  }
  view = {...view, observation: withCatalogue(view.observation, table.catalogue)};
  const obs = view.observation;
  const memo = table.memo;
  const W = words(table);
  if (!memo.from && !memo.card && follow && view.legal?.length) {
    const from = choices(view, {from: follow});
    if (from.targets.size) memo.from = follow;
  }
  const c = choices(view, memo);
  const act = (notation) => {
    const a = c.legal.find((x) => x.notation === notation);
    follow = a && a.p.verb === "move" ? a.p.to : null;
    standing = new Map(obs.units.map((u) => [u.square, unitKey(u)]));
    if (a && a.p.verb === "move") standing.set(a.p.to, standing.get(a.p.at)).delete(a.p.at);
    table.play(notation);
  };
  const select = (changes) => {
    delete memo.from;
    delete memo.card;
    delete memo.cardIndex;
    Object.assign(memo, changes);
    follow = null;
    table.redraw();
  };

  const squareClick = (name) => {
    if (c.targets.has(name)) {
      const list = c.targets.get(name);
      if (list.length === 1) return act(list[0].notation);
      return table.offer(list.map((a) => a.notation), `On ${name}: choose one`);
    }
    if (name === memo.from) return select({});
    const here = c.anchors.get(name) || [];
    // a setup placement is the only thing that space does: one click
    if (here.length === 1 && here[0].p.verb === "place") return act(here[0].notation);
    if (here.length) return select({from: name});
    return select({});
  };

  const zoom = h("button", {class: "dv-zoom", title: "a larger city, to scroll: easier to tap on a small screen",
    on: {click: () => { zoomed = !zoomed; table.redraw(); }}}, zoomed ? "Whole city" : "Larger city");
  const frame = h("div", {class: `dv-frame${zoomed ? " zoomed" : ""}`,
    on: {scroll: (e) => { scrolled = [e.target.scrollLeft, e.target.scrollTop]; }}},
    city(view, obs, c, memo, table, W, squareClick));
  const top = bar(view, obs, c, memo, W, act, select);
  top.append(zoom);
  root.append(h("div", {class: "dv"},
    top,
    h("div", {class: "dv-main"},
      frame,
      side(view, obs, c, memo, table, W, act, select)),
    h("p", {class: "dv-legend"},
      "P Priest · Z Zealot · Pr Prophet · Av Avatar, in their player's colour; a dashed ring: Vigilance; ",
      "a grey tick: has used its ability; faded: arrived this turn; a dotted ring: another player's Unit moved or arrived ",
      "since your last action. A Temple in a player's colour is theirs. ",
      "Digits: Population (×100). Hover over anything for its name and numbers.")));
  // every click draws the board anew: the enlarged city stays where it was scrolled to
  if (zoomed) [frame.scrollLeft, frame.scrollTop] = scrolled;
}

function bar(view, obs, c, memo, W, act, select) {
  const mine = view.legal && view.legal.length > 0;
  const parts = [];
  const deciding = obs.to_move?.[0];
  let say;
  if (obs.phase === "over") {
    say = obs.winner !== null && obs.winner !== undefined ? [h("b", {}, W.who(obs.winner)), " wins the game."]
      : ["The game is a draw: the turn limit is reached."];
  } else if (view.status === "open") {
    say = ["Waiting for every seat to be taken: the game starts then."];
  } else if (!mine) {
    const what = obs.responders?.length ? "may answer with an Intervention" : obs.phase.startsWith("setup") ? "is placing" : "is playing";
    say = [h("b", {}, W.who(deciding)), ` ${what}.`, view.seat === null ? "" : " Wait for your turn."];
  } else if (memo.card) {
    const needs = c.targets.size ? "click a highlighted space" : c.players.size ? "click the player it aims at"
      : c.commandments.size ? "click the Commandment it removes" : "use the button to play it";
    say = [h("b", {}, W.cardName(obs, memo.card)), `: ${needs}, or click the card again to put it back.`];
  } else if (memo.from) {
    const u = obs.units.find((x) => x.square === memo.from);
    const moves = [...c.targets.values()].flat().filter((a) => a.p.verb === "move").length;
    const what = u ? `Your ${UNIT[u.kind].name} on ${memo.from}` : `The Temple on ${memo.from}`;
    say = [h("b", {}, what), c.targets.size ? (moves ? ": click where it goes or whom it strikes" : ": click whom it strikes")
      : "", c.chosen.length ? (c.targets.size ? ", or use a button" : ": use a button") : "", "."];
  } else if (obs.phase === "setup_priest") {
    say = ["Setup: click a Temple to place your control marker and your Priest."];
  } else if (obs.phase === "setup_zealot") {
    say = ["Setup: click a space within 3 of your Temple for your Zealot."];
  } else if (c.legal.some((a) => a.p.verb === "pass")) {
    const top = obs.stack?.[obs.stack.length - 1];
    const what = top ? `${W.who(top.player)}'s ${top.card ? W.cardName(obs, top.card) : cap(top.ability)}` : `${W.who(obs.current)}'s turn goes on`;
    say = [h("b", {}, what), top ? " waits: answer with an Intervention (click a card) or let it stand." : ": play an Intervention (click a card) or pass."];
  } else if (obs.step === "move" && obs.allowance > 0) {
    say = [h("b", {}, `Move Step: ${obs.allowance} movement left. `), "Click a Unit, then where it goes; an ability ends moving."];
  } else {
    say = [h("b", {}, "Ability Step: "), "click a Unit to use its ability, a Temple of yours to train, a card to play, or end the turn."];
  }
  if (mine && obs.phase === "play" && obs.step === "move" && obs.allowance > 0 && (memo.from || memo.card)) {
    say = [`Move Step, ${obs.allowance} movement left. `, ...say];
  }
  parts.push(h("span", {class: "dv-say"}, say));
  for (const a of c.chosen) {
    parts.push(h("button", {class: "dv-act", "data-notation": a.notation, title: a.text, on: {click: () => act(a.notation)}},
      buttonLabel(a, obs, W)));
  }
  if (memo.from || memo.card) parts.push(h("button", {class: "dv-act quiet", on: {click: () => select({})}}, "Cancel"));
  for (const a of c.buttons) {
    parts.push(h("button", {class: a.p.verb === "end" && obs.step === "move" && obs.allowance > 0 ? "dv-act quiet" : "dv-act",
      "data-notation": a.notation, title: a.text, on: {click: () => act(a.notation)}}, buttonLabel(a, obs, W)));
  }
  return h("div", {class: "dv-bar"}, parts);
}

function cap(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : "";
}

// --- the city ------------------------------------------------------------------------------------------
function xy(name) {
  return [MARGIN + colOf(name) * U, (N - 1 - rowOf(name)) * U + 2];
}

function city(view, obs, c, memo, table, W, squareClick) {
  const size = N * U;
  const ground = [], marks = [], units = [], overlay = [];
  const unitAt = new Map(obs.units.map((u) => [u.square, u]));
  const stackTargets = new Set();
  for (const item of obs.stack || []) {
    const aims = item.card ? obs.cards?.[item.card]?.target : null;
    if (item.target && aims !== "opponent" && aims !== "commandment" && SQUARE.test(item.target)) stackTargets.add(item.target);
    if (item.unit && SQUARE.test(item.unit)) stackTargets.add(item.unit);
  }
  for (let row = N - 1; row >= 0; row--) {
    for (let col = 0; col < N; col++) {
      const name = squareName(col, row);
      const [x, y] = xy(name);
      const sp = space(obs, name);
      const label = spaceTitle(obs, name, W);
      ground.push(spaceDrawing(obs, name, sp, x, y, table, label));
      const u = unitAt.get(name);
      if (u) units.push(unitDrawing(u, x, y, table, W));
      const changed = u && standing && standing.get(name) !== unitKey(u) && u.owner !== view.seat;
      if (changed) {
        marks.push(s("circle", {cx: x + U / 2, cy: y + U / 2 + 1, r: 19, fill: "none", stroke: "#1f1b16",
          "stroke-width": 1.5, "stroke-dasharray": "2 2", "pointer-events": "none", class: "since", "data-square": name}));
      }
      if (stackTargets.has(name)) {
        marks.push(s("rect", {x: x + 2, y: y + 2, width: U - 4, height: U - 4, rx: 6, fill: "none", stroke: "#c0392b",
          "stroke-width": 3, "stroke-dasharray": "6 3", "pointer-events": "none"}));
      }
      const isTarget = c.targets.has(name);
      const isAnchor = !memo.card && c.anchors.has(name);
      const picked = memo.from === name;
      if (isTarget || isAnchor || picked) {
        const what = isTarget ? c.targets.get(name).map((a) => a.text).join(" / ") : c.anchors.get(name)?.length === 1
          ? c.anchors.get(name)[0].text : "click to choose what it does";
        overlay.push(s("g", {class: `${isTarget || isAnchor ? "pick" : ""}${picked ? " picked" : ""}${isAnchor && !isTarget && memo.from ? " anchor" : ""}`,
          "data-square": name, "data-role": isTarget ? "target" : "anchor", on: {click: () => squareClick(name)}},
          title(`${u ? unitTitle(u, W) : label}\n${what}`),
          s("rect", {class: "hit", x: x + 1.5, y: y + 1.5, width: U - 3, height: U - 3, rx: 5,
            fill: isTarget ? "rgba(241,196,15,0.30)" : "rgba(241,196,15,0.10)"})));
      }
    }
  }
  // the tiles' borders, thicker than the spaces'
  const lines = [];
  for (let i = 0; i <= N; i++) {
    const thick = i % TILE === 0;
    const attrs = {stroke: thick ? "#5a4a30" : "#b9a67c", "stroke-width": thick ? 2.5 : 0.6};
    lines.push(s("line", {x1: MARGIN + i * U, y1: 2, x2: MARGIN + i * U, y2: 2 + size, ...attrs}));
    lines.push(s("line", {x1: MARGIN, y1: 2 + i * U, x2: MARGIN + size, y2: 2 + i * U, ...attrs}));
  }
  const labels = [];
  for (let i = 0; i < N; i++) {
    labels.push(s("text", {x: MARGIN + i * U + U / 2, y: size + 17, "text-anchor": "middle", "font-size": 13, fill: "#6f665a"}, COLUMNS[i]));
    labels.push(s("text", {x: MARGIN - 4, y: (N - 1 - i) * U + 2 + U / 2 + 4, "text-anchor": "end", "font-size": 12, fill: "#6f665a"}, i + 1));
  }
  return s("svg", {viewBox: `0 0 ${MARGIN + size + 3} ${size + 22}`, class: "dv-city", role: "img",
    "aria-label": "the city", preserveAspectRatio: "xMidYMin meet"},
    ground, lines, labels, marks, units, overlay);
}

function spaceDrawing(obs, name, sp, x, y, table, label) {
  const parts = [title(label)];
  if (sp.letter === "H") {
    const owner = obs.temples[name];
    const ownerColour = owner === null || owner === undefined ? null : table.colour(owner);
    parts.push(s("rect", {x, y, width: U, height: U, fill: POP_FILL[sp.pop] || POP_FILL[0]}));
    parts.push(s("rect", {x: x + 3, y: y + 3, width: U - 6, height: U - 6, rx: 3, fill: ownerColour || "#fbf8f0",
      "fill-opacity": ownerColour ? 0.45 : 1, stroke: ownerColour || "#7a6a50", "stroke-width": ownerColour ? 3 : 1.5}));
    // a temple: pediment and columns
    const cx = x + U / 2, top = y + 9;
    parts.push(s("path", {d: `M${cx - 12} ${top + 7} L${cx} ${top} L${cx + 12} ${top + 7} Z M${cx - 10} ${top + 9} h4 v12 h-4 Z M${cx - 2} ${top + 9} h4 v12 h-4 Z M${cx + 6} ${top + 9} h4 v12 h-4 Z M${cx - 13} ${top + 22} h26 v3 h-26 Z`,
      fill: "#5a4a30", "fill-opacity": 0.75}));
    if (ownerColour) parts.push(s("rect", {x: x + 3, y: y + 3, width: 11, height: 11, fill: ownerColour, stroke: "#fff", "stroke-width": 1.5}));
    if (sp.pop) parts.push(s("text", {x: x + U - 4, y: y + U - 4, "text-anchor": "end", "font-size": 11, fill: "#3b3226", "font-weight": 700}, sp.pop));
  } else if (sp.letter) {
    parts.push(s("rect", {x, y, width: U, height: U, fill: PLACE[sp.letter].fill}));
    parts.push(placeGlyph(sp.letter, x, y));
  } else {
    parts.push(s("rect", {x, y, width: U, height: U, fill: POP_FILL[sp.pop]}));
    parts.push(s("text", {x: x + U - 5, y: y + U - 5, "text-anchor": "end", "font-size": 13, fill: "#8a7350",
      "font-weight": sp.pop === 3 ? 700 : 400}, sp.pop));
  }
  return s("g", {"data-space": name}, parts);
}

function placeGlyph(letter, x, y) {
  const cx = x + U / 2, cy = y + U / 2;
  const ink = {fill: "#fff", "fill-opacity": 0.9};
  if (letter === "T") {
    return s("path", {...ink, d: `M${cx - 8} ${cy + 12} v-18 h-3 v-7 h4 v3 h3 v-3 h4 v3 h3 v-3 h4 v7 h-3 v18 Z`});
  }
  if (letter === "C") {
    return s("path", {...ink, d: `M${cx - 11} ${cy + 11} v-9 a11 11 0 0 1 22 0 v9 h-5 v-9 a6 6 0 0 0 -12 0 v9 Z`});
  }
  if (letter === "L") {
    return s("path", {...ink, d: `M${cx} ${cy - 7} q-6 -4 -12 -2 v16 q6 -2 12 2 q6 -4 12 -2 v-16 q-6 -2 -12 2 Z M${cx} ${cy - 6} v15`,
      stroke: "#5677a0", "stroke-width": 1});
  }
  return s("path", {...ink, d: `M${cx - 12} ${cy - 4} l4 -7 h16 l4 7 Z M${cx - 10} ${cy - 3} h20 v13 h-4 v-8 h-12 v8 h-4 Z`});
}

function unitDrawing(u, x, y, table, W) {
  const cx = x + U / 2, cy = y + U / 2 + 1;
  const fill = table.colour(u.owner);
  const edge = {fill, stroke: "#1f1b16", "stroke-width": 1.6};
  const parts = [title(unitTitle(u, W))];
  if (u.vigilance) parts.push(s("circle", {cx, cy, r: 18, fill: "none", stroke: "#fff", "stroke-width": 2.5, "stroke-dasharray": "4 2.5"}));
  if (u.kind === "priest") parts.push(s("circle", {cx, cy, r: 13.5, ...edge}));
  else if (u.kind === "zealot") parts.push(s("path", {d: `M${cx} ${cy - 16} L${cx + 15} ${cy} L${cx} ${cy + 16} L${cx - 15} ${cy} Z`, ...edge}));
  else if (u.kind === "prophet") {
    parts.push(s("circle", {cx, cy, r: 15, ...edge}));
    parts.push(s("circle", {cx, cy, r: 11.5, fill: "none", stroke: "#fff", "stroke-width": 1.5}));
  } else {
    parts.push(s("path", {d: `M${cx} ${cy - 17} L${cx + 16} ${cy} L${cx} ${cy + 17} L${cx - 16} ${cy} Z`, ...edge, "stroke-width": 2.2}));
    parts.push(s("path", {d: `M${cx} ${cy - 11} L${cx + 10} ${cy} L${cx} ${cy + 11} L${cx - 10} ${cy} Z`, fill: "none", stroke: "#fff", "stroke-width": 1.5}));
  }
  parts.push(s("text", {x: cx, y: cy + 4.5, "text-anchor": "middle", "font-size": UNIT[u.kind].letter.length > 1 ? 11 : 13,
    "font-weight": 700, fill: "#fff"}, UNIT[u.kind].letter));
  if (u.acted && !u.fresh) {
    parts.push(s("circle", {cx: x + U - 7, cy: y + 7, r: 5.5, fill: "#555", stroke: "#fff", "stroke-width": 1}));
    parts.push(s("path", {d: `M${x + U - 10} ${y + 7} l2 2.5 l4 -5`, fill: "none", stroke: "#fff", "stroke-width": 1.5}));
  }
  if (u.pinned) parts.push(s("rect", {x: x + 2.5, y: y + U - 10, width: 8, height: 7, rx: 1, fill: "#333", stroke: "#fff", "stroke-width": 1}));
  if (u.bonus_dice) {
    parts.push(s("text", {x: x + 3, y: y + 11, "font-size": 10, "font-weight": 700, fill: "#1f1b16"}, `+${u.bonus_dice}`));
  }
  return s("g", {class: "unit", "data-unit": u.square, "data-owner": u.owner, "data-kind": u.kind, opacity: u.fresh ? 0.6 : 1}, parts);
}

// --- the players, the stack and the hand ------------------------------------------------------------
function side(view, obs, c, memo, table, W, act, select) {
  const out = [];
  let y = 0;
  const text = (x, yy, content, attrs = {}) => s("text", {x, y: yy, "font-size": 13, fill: "#1f1b16", ...attrs}, content);
  const towersOf = (p) => obs.units.filter((u) => u.owner === p && space(obs, u.square).letter === "T").length;
  const round = obs.phase === "play" || obs.phase === "over"
    ? `Turn ${obs.turn}, round ${obs.round}${obs.turn_limit ? ` of ${obs.turn_limit}` : ""}`
    : "Setup";
  out.push(text(0, y + 14, round, {"font-weight": 700}));
  out.push(text(SIDE_WIDTH, y + 14, `Deck ${obs.deck_size} · discard ${obs.discard.length}`,
    {"text-anchor": "end", "font-size": 12, fill: "#6f665a"}));
  y += 22;
  // players in turn order
  for (const p of obs.order) {
    const st = obs.players_state[p];
    const colour = table.colour(p);
    const current = obs.current === p && obs.phase !== "over";
    const deciding = (obs.to_move || []).includes(p);
    const aimed = c.players.has(p);
    const rows = [];
    const height = 74 + (st.commandments.length ? 22 : 0);
    rows.push(s("rect", {class: "hit", x: 0.5, y: 0.5, width: SIDE_WIDTH - 1, height: height - 5, rx: 6,
      fill: current ? "#fff6dc" : "#fffdf8", stroke: deciding ? colour : "#d8cfbd", "stroke-width": deciding ? 2.5 : 1}));
    rows.push(s("rect", {x: 0.5, y: 0.5, width: 7, height: height - 5, rx: 3, fill: colour}));
    rows.push(text(14, 18, `${table.name(p)}${view.seat === p ? " (you)" : ""}`, {"font-weight": 700, fill: colour}));
    const flag = obs.phase === "over" ? (obs.winner === p ? "won" : "") : deciding ? (current ? "to play" : "deciding") : current ? "its turn" : "";
    if (flag) rows.push(text(SIDE_WIDTH - 8, 18, flag, {"text-anchor": "end", "font-size": 12, "font-weight": 700, fill: "#8a5a14"}));
    // Follower Tokens against the 100 that win
    const share = Math.min(1, st.followers / PREVALENCE);
    rows.push(s("g", {}, title(`${st.followers} Follower Tokens (${st.followers * 100} followers); ${PREVALENCE} win the game (Prevalence)`),
      s("rect", {x: 14, y: 26, width: 110, height: 11, rx: 3, fill: "#eee6d4", stroke: "#c9b98f"}),
      s("rect", {x: 14, y: 26, width: Math.max(0, 110 * share), height: 11, rx: 3, fill: colour, "fill-opacity": 0.75}),
      text(130, 36, `${st.followers}/${PREVALENCE} Followers`, {"font-size": 12})));
    const stats = [
      [`Divinity ${st.divinity}`, `${st.divinity} Divinity: pays for training (1) and for cards (their cost)`],
      [`Temples ${st.temples}`, `${st.temples} Temples controlled: ${st.temples} dice of movement; ${st.markers_left} control markers left`],
      [`Towers ${towersOf(p)}/4`, `Units on ${towersOf(p)} of the 4 Towers; all four at the end of the turn win (Capture)`],
    ];
    let sx = 14;
    for (const [label, tip] of stats) {
      rows.push(s("g", {}, title(tip), text(sx, 56, label, {"font-size": 12})));
      sx += label.length * 6.4 + 12;
    }
    // the hand as card backs (its size is public), the count on the front one
    const backs = [];
    const shown = Math.min(st.hand_size, 6);
    for (let i = 0; i < shown; i++) {
      backs.push(s("rect", {x: SIDE_WIDTH - 30 - (shown - 1 - i) * 6, y: 23, width: 20, height: 27, rx: 3,
        fill: "#4a3b6b", stroke: "#fff", "stroke-width": 1}));
    }
    rows.push(s("g", {class: "hand-count", "data-count": st.hand_size}, title(`${st.hand_size} cards in hand`), backs,
      text(SIDE_WIDTH - 20, 41, `${st.hand_size}`, {"text-anchor": "middle", "font-size": 12, "font-weight": 700,
        fill: st.hand_size ? "#fff" : "#6f665a"})));
    // Commandments in play
    let cx = 14;
    const seen = {};
    for (const id of st.commandments) {
      seen[id] = (seen[id] || 0) + 1;
      const key = `${id} ${p}`;
      const aimedAt = c.commandments.get(key);
      const name = W.cardName(obs, id).replace(/^Commandment of /, "");
      const width = name.length * 6.5 + 16;
      const chip = s("g", {class: aimedAt ? "pick" : "", "data-commandment": key,
        on: aimedAt ? {click: () => (aimedAt.length === 1 ? act(aimedAt[0].notation) : table.offer(aimedAt.map((a) => a.notation)))} : {}},
        title(`In play for ${table.name(p)}: ${W.cardLine(obs, id)}`),
        s("rect", {class: "hit", x: cx, y: 66, width, height: 18, rx: 9, fill: "#fbeec1", stroke: CARD_TYPE.commandment.colour}),
        text(cx + width / 2, 79, name, {"text-anchor": "middle", "font-size": 11}));
      rows.push(chip);
      cx += width + 5;
    }
    out.push(s("g", {transform: `translate(0 ${y})`, class: aimed ? "pick" : "", "data-player": p,
      on: aimed ? {click: () => act(c.players.get(p)[0].notation)} : {}},
      title(aimed ? `${c.players.get(p)[0].text}` : `${table.name(p)}: ${st.followers} Follower Tokens, ${st.divinity} Divinity, ${st.temples} Temples, ${st.hand_size} cards`),
      rows));
    y += height;
  }
  // the stack: what waits for answers, the newest on top
  if (obs.stack && obs.stack.length) {
    y += 6;
    out.push(text(0, y + 12, "Waiting to resolve (the newest first)", {"font-weight": 700}));
    y += 18;
    for (const item of [...obs.stack].reverse()) {
      const what = stackText(obs, item, table, W);
      out.push(s("g", {transform: `translate(0 ${y})`, class: "stack-item"},
        title(item.card ? W.cardLine(obs, item.card) : `${table.name(item.player)}'s ${cap(item.ability)}`),
        s("rect", {x: 0.5, y: 0.5, width: SIDE_WIDTH - 1, height: 22, rx: 4, fill: "#fdf2f0", stroke: "#c0392b", "stroke-dasharray": item.cancelled ? "4 3" : null}),
        s("circle", {cx: 11, cy: 11.5, r: 5, fill: table.colour(item.player)}),
        text(21, 16, `${what}${item.cancelled ? " (denied)" : ""}`, {"font-size": 12, "text-decoration": item.cancelled ? "line-through" : null})));
      y += 26;
    }
    if (obs.responders && obs.responders.length) {
      out.push(text(0, y + 12, `May answer now: ${obs.responders.map((p) => table.name(p)).join(", then ")}`, {"font-size": 12, fill: "#6f665a"}));
      y += 18;
    }
  }
  // your hand, face up
  if (obs.hand) {
    y += 8;
    out.push(text(0, y + 12, obs.hand.length ? "Your hand" : "Your hand is empty", {"font-weight": 700}));
    out.push(text(SIDE_WIDTH, y + 12, "the number: its cost in Divinity", {"text-anchor": "end", "font-size": 11, fill: "#6f665a"}));
    y += 18;
    const cw = (SIDE_WIDTH - 6) / 2, ch = 58;
    obs.hand.forEach((id, i) => {
      const col = i % 2, rowY = y + Math.floor(i / 2) * (ch + 6);
      out.push(handCard(obs, id, i, col * (cw + 6), rowY, cw, ch, c, memo, W, act, select));
    });
    y += Math.ceil(obs.hand.length / 2) * (ch + 6);
  }
  const last = obs.discard.length ? obs.discard[obs.discard.length - 1] : null;
  if (last) {
    y += 4;
    out.push(s("g", {}, title(W.cardLine(obs, last)), text(0, y + 12, `Last discarded: ${W.cardName(obs, last)}`, {"font-size": 12, fill: "#6f665a"})));
    y += 18;
  }
  return s("svg", {viewBox: `-1 -1 ${SIDE_WIDTH + 2} ${y + 4}`, class: "dv-side", role: "img", "aria-label": "the players and your hand"}, out);
}

// One card or ability waiting on the stack, in words: "Attack from c3 on c4", "Schism against Bea".
function stackText(obs, item, table, W) {
  if (item.card) {
    const aims = obs.cards?.[item.card]?.target;
    let on = "";
    if (item.target && aims === "opponent") on = ` against ${table.name(Number(item.target.slice(1)) - 1)}`;
    else if (item.target && aims === "commandment") {
      const [id, p] = item.target.split(" ");
      on = ` on ${table.name(Number(p.slice(1)) - 1)}'s ${W.cardName(obs, id)}`;
    } else if (item.target) on = ` on ${item.target}`;
    return `${W.cardName(obs, item.card)}${on}`;
  }
  if (item.ability === "train") return `Train a ${cap(item.unit)} at ${item.target}`;
  if (item.target) return `${cap(item.ability)} from ${item.unit} on ${item.target}`;
  return `${cap(item.ability)} on ${item.unit}`;
}

function handCard(obs, id, i, x, y, w, hgt, c, memo, W, act, select) {
  const card = obs.cards?.[id] || {name: id, type: "covenant", cost: "?"};
  const type = CARD_TYPE[card.type] || CARD_TYPE.covenant;
  const playable = c.cards.has(id);
  const picked = memo.card === id && memo.cardIndex === i;
  const lines = wrap(card.name, 13);
  const click = () => {
    if (picked) return select({});
    select({card: id, cardIndex: i});
  };
  return s("g", {transform: `translate(${x} ${y})`, class: `card${playable ? " pick" : ""}${picked ? " picked" : ""}`,
    "data-card": id, opacity: playable || !c.legal.length ? 1 : 0.75, on: playable ? {click} : {}},
    title(W.cardLine(obs, id) + (playable ? "" : c.legal.length ? "\n(not playable now)" : "")),
    s("rect", {class: "hit", x: 0.5, y: 0.5, width: w - 1, height: hgt - 1, rx: 6, fill: "#fffdf8", stroke: type.colour, "stroke-width": 1.5}),
    s("rect", {x: 0.5, y: 0.5, width: 6, height: hgt - 1, rx: 3, fill: type.colour, stroke: "none"}),
    lines.slice(0, 2).map((line, k) => s("text", {x: 12, y: 17 + k * 15, "font-size": 12.5, "font-weight": 700, fill: "#1f1b16", stroke: "none"}, line)),
    s("text", {x: 12, y: hgt - 7, "font-size": 10.5, fill: type.colour, stroke: "none"}, card.type),
    s("circle", {cx: w - 14, cy: 14, r: 10, fill: type.colour, stroke: "none"}),
    s("text", {x: w - 14, y: 18.5, "text-anchor": "middle", "font-size": 12.5, "font-weight": 700, fill: "#fff", stroke: "none"}, card.cost));
}

function wrap(text, width) {
  const out = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && (line + " " + word).length > width) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  return out;
}
