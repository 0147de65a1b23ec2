// Dirge in the browser: the battlefield with its red starting spaces, the creatures as pieces
// (owner's colour, the front marked red, wounds and black action markers), and beside it a
// panel with the turn, the choices of the moment and both players' creatures.
//
// Every click is matched against the legal actions of the view (their notation, see
// credo/games/dirge/game.py), so the board offers nothing the rules refuse:
//   setup   a red space (draw mode) or a creature card then a red space (pick, teams modes)
//   turn    one of your creatures, the actions to give it (move, attack, abilities), Give;
//           then for the acting creature: a square and a facing, a target (and a direction),
//           an ability without a target, Done; or End turn.
import {h, s, board, title} from "/static/js/dom.js";

export const about = "Two players, six mythological creatures each: four actions a turn to move, turn, " +
  "attack and use abilities, until one side has no creature left on the battlefield.";

const CELL = 100;         // one square, in the board's own units
const EDGE = 34;          // room for the column letters and row numbers
const FACING_WORDS = {n: "north", e: "east", s: "south", w: "west"};
const STEP = {n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0]};  // on screen, first player's view
const COST = {move: 1, attack: 2};
const FRONT = "#d0121b";  // the red front of a creature (rulebook, Sides)

// --- the notation of a legal action, as parts ---------------------------------------------------
function parse(notation) {
  const w = notation.split(" ");
  switch (w[0]) {
    case "place":
      return w.length === 2 ? {kind: "place", square: w[1]} : {kind: "pick", creature: w[1], square: w[2]};
    case "give":
      return {kind: "give", creature: w[1], plan: w[2].split("+")};
    case "move":
      return {kind: "move", square: w[1], facing: w[2]};
    case "attack":
      return {kind: "attack", target: w[1]};
    case "done":
    case "end":
      return {kind: w[0]};
    default:
      return {kind: "ability", ability: w[0], target: w[1] ?? null, facing: w[2] ?? null};
  }
}

// --- words -------------------------------------------------------------------------------------
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function player(seat, table) {
  const name = table.name(seat);
  return `player ${seat + 1}${name && !name.startsWith("seat ") ? ` (${name})` : ""}`;
}

function abilityLine(ab) {
  const how = ab.kind === "active" ? plural(ab.cost, "action") : ab.kind;
  return `${ab.name} (${how}): ${ab.text}`;
}

function cardText(c) {
  const k = c.card;
  return `Speed ${k.speed}, Strength ${k.strength}, Range ${k.range}, ` +
    `Toughness ${k.toughness[0]} front / ${k.toughness[1]} flank / 0 back, ` +
    `Evasion ${k.evasion[0]} front / ${k.evasion[1]} flank / 0 back (a roll of at least this dodges; 0 never), ` +
    `${plural(c.wounds, "wound")}.\n` + k.abilities.map(abilityLine).join("\n");
}

function creatureTitle(c, obs, table) {
  const lines = [`${c.name} (${c.abbr})${c.owner !== null ? `, ${player(c.owner, table)}` : ", not yet chosen"}`];
  if (c.square) {
    lines.push(`on ${c.square}, facing ${FACING_WORDS[c.facing]}; ${c.damage} of ${c.wounds} wounds taken; ` +
      `${plural(c.markers, "action marker")}${condition(c, obs) ? `; ${condition(c, obs)}` : ""}`);
  } else if (c.destroyed) {
    lines.push("destroyed");
  } else if (obs.drawn === c.id) {
    lines.push("drawn from the pile, to be placed");
  }
  lines.push(cardText(c));
  return lines.join("\n");
}

function condition(c, obs) {
  if (obs.phase !== "play") return "";
  if (obs.active === c.id) return "acting now";
  if (c.owner === obs.current && c.used) return "has acted this turn";
  if (c.owner === obs.current && c.blocked) return "kept its markers: cannot act this turn";
  return "";
}

// A board element that a click, or Enter or Space once focused with the keyboard, acts on.
function clickable(go) {
  return {tabindex: 0, role: "button", on: {click: go, keydown: (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      go();
    }
  }}};
}

// --- the board -----------------------------------------------------------------------------------
class Field {
  constructor(obs, flip) {
    this.w = obs.battlefield.width;
    this.h = obs.battlefield.height;
    this.flip = flip;  // the second player sits across the table: their side at the bottom
  }
  name(col, row) { return `${String.fromCharCode(97 + col)}${row + 1}`; }
  colRow(square) { return [square.charCodeAt(0) - 97, Number(square.slice(1)) - 1]; }
  // the top left corner of a square on screen
  corner(col, row) {
    return this.flip ? [EDGE + (this.w - 1 - col) * CELL, EDGE + row * CELL]
      : [EDGE + col * CELL, EDGE + (this.h - 1 - row) * CELL];
  }
  centre(square) {
    const [x, y] = this.corner(...this.colRow(square));
    return [x + CELL / 2, y + CELL / 2];
  }
  step(facing) {
    const [dx, dy] = STEP[facing];
    return this.flip ? [-dx, -dy] : [dx, dy];
  }
  angle(facing) {
    const [dx, dy] = this.step(facing);
    return Math.round(Math.atan2(dx, -dy) * 180 / Math.PI);
  }
}

function drawBoard(obs, table, plan) {
  const f = new Field(obs, table.seat === 1);
  const width = 2 * EDGE + f.w * CELL, height = 2 * EDGE + f.h * CELL;
  const red = new Map();
  obs.battlefield.start_spaces.forEach((side, p) => side.forEach((sq) => red.set(sq, p)));
  const setup = obs.phase === "setup";
  const squares = [], labels = [];
  for (let row = 0; row < f.h; row++) {
    for (let col = 0; col < f.w; col++) {
      const sq = f.name(col, row);
      const [x, y] = f.corner(col, row);
      const side = red.get(sq);
      const click = plan.squares.get(sq);
      const words = [sq];
      if (side !== undefined) words.push(`a red starting space of player ${side + 1}`);
      if (click) words.push(click.hint);
      squares.push(s("g", {class: `square${click ? " pick" : ""}${plan.picked === sq ? " picked" : ""}`,
        "data-square": sq, ...(click ? clickable(click.go) : {})},
      title(words.join(": ")),
      s("rect", {x, y, width: CELL, height: CELL, class: "ground", fill: (row + col) % 2 ? "#e8dcc2" : "#d9c8a4"}),
      side !== undefined ? s("rect", {x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6,
        fill: "#b0281d", "fill-opacity": setup ? 0.55 : 0.22}) : null,
      click ? s("rect", {x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 8, class: "hit",
        fill: "#f1c40f", "fill-opacity": plan.picked === sq ? 0.45 : 0.22}) : null));
    }
  }
  for (let col = 0; col < f.w; col++) {
    const [x] = f.corner(col, 0);
    const letter = String.fromCharCode(97 + col);
    labels.push(s("text", {x: x + CELL / 2, y: EDGE * 0.7, class: "coord"}, letter),
      s("text", {x: x + CELL / 2, y: height - EDGE * 0.25, class: "coord"}, letter));
  }
  for (let row = 0; row < f.h; row++) {
    const [, y] = f.corner(0, row);
    labels.push(s("text", {x: EDGE / 2, y: y + CELL / 2 + 8, class: "coord"}, row + 1),
      s("text", {x: width - EDGE / 2, y: y + CELL / 2 + 8, class: "coord"}, row + 1));
  }
  const pieces = obs.creatures.filter((c) => c.square).map((c) => piece(c, f, obs, table, plan));
  const overlay = plan.arrows ? arrows(plan.arrows, f) : null;
  return board(width, height, {class: "board dirge-board", "aria-label": "the battlefield"},
    s("rect", {x: 0, y: 0, width, height, rx: 10, fill: "#3b2f22"}),
    labels, squares, pieces, overlay);
}

function piece(c, f, obs, table, plan) {
  const [cx, cy] = f.centre(c.square);
  const colour = table.colour(c.owner);
  const click = plan.pieces.get(c.id);
  const acting = obs.phase === "play" && obs.active === c.id;
  const used = obs.phase === "play" && c.owner === obs.current && (c.used || c.blocked) && !acting;
  const R = 38;
  // the body turns with the creature: its front red (rulebook, Sides), its back dark
  const body = s("g", {transform: `rotate(${f.angle(c.facing)})`},
    s("rect", {x: -R, y: -R, width: 2 * R, height: 2 * R, rx: 12, fill: "#fbf6ea", class: "body",
      stroke: colour, "stroke-width": 7}),
    s("path", {d: `M ${-R - 3} ${-R + 7} L ${R + 3} ${-R + 7} L ${R + 3} ${-R + 4} Q ${R + 3} ${-R - 3} ${R - 6} ${-R - 3} ` +
      `L ${-R + 6} ${-R - 3} Q ${-R - 3} ${-R - 3} ${-R - 3} ${-R + 4} Z`, class: "front", fill: FRONT, stroke: "#1b130b", "stroke-width": 1.5}),
    s("path", {d: `M -15 ${-R - 2} L 0 ${-R - 14} L 15 ${-R - 2} Z`, fill: FRONT, stroke: "#1b130b", "stroke-width": 1.5, class: "front"}),
    s("rect", {x: -R + 10, y: R - 9, width: 2 * R - 20, height: 3, rx: 1.5, fill: "#1b130b", "fill-opacity": 0.5, class: "back"}),
    acting ? s("rect", {x: -R - 8, y: -R - 8, width: 2 * R + 16, height: 2 * R + 16, rx: 16, fill: "none",
      stroke: "#ffd54a", "stroke-width": 5, class: "acting"}) : null);
  const pips = [];
  const span = 50, gap = 2, pw = (span - gap * (c.wounds - 1)) / c.wounds;
  for (let i = 0; i < c.wounds; i++) {
    pips.push(s("rect", {x: -span / 2 + i * (pw + gap), y: 6, width: pw, height: 8, rx: 1.5,
      fill: i < c.damage ? "#4a0000" : "#fff", stroke: "#4a0000", "stroke-width": 1, class: i < c.damage ? "wound taken" : "wound"}));
  }
  const markers = [];
  for (let i = 0; i < c.markers; i++) {
    markers.push(s("circle", {cx: -((c.markers - 1) * 11) / 2 + i * 11, cy: 24, r: 4.5, fill: "#111", stroke: "#fff",
      "stroke-width": 1.2, class: "marker"}));
  }
  return s("g", {class: `piece${click ? " pick" : ""}${plan.pickedPiece === c.id ? " picked" : ""}${used ? " spent" : ""}`,
    transform: `translate(${cx} ${cy})`, "data-creature": c.id, "data-square": c.square, "data-owner": c.owner, "data-facing": c.facing,
    ...(click ? clickable(click.go) : {})},
  title(creatureTitle(c, obs, table) + (click ? `\n\n${click.hint}` : "")),
  click || plan.pickedPiece === c.id ? s("rect", {x: -R - 6, y: -R - 6, width: 2 * R + 12, height: 2 * R + 12, rx: 14,
    class: "hit", fill: "none"}) : null,
  body,
  s("text", {x: 0, y: -2, class: "abbr", fill: colour}, c.abbr),
  pips, markers);
}

// Arrow buttons around a square: the facing of a move, or the direction of a push or a turn.
function arrows({square, options, ghost}, f) {
  const [cx, cy] = f.centre(square);
  const out = [];
  if (ghost) {
    out.push(s("g", {transform: `translate(${cx} ${cy})`, class: "ghost", "pointer-events": "none"},
      s("rect", {x: -34, y: -34, width: 68, height: 68, rx: 10, fill: ghost.colour, "fill-opacity": 0.55}),
      s("text", {x: 0, y: 8, class: "abbr"}, ghost.abbr)));
  }
  for (const o of options) {
    const [dx, dy] = f.step(o.facing);
    const x = cx + dx * CELL * 0.66, y = cy + dy * CELL * 0.66;
    out.push(s("g", {class: "pick arrow", "data-facing": o.facing, transform: `translate(${x} ${y})`, ...clickable(o.go)},
      title(o.hint),
      s("circle", {r: 30, class: "hit", fill: "#fffbe6"}),
      s("path", {d: "M 0 -18 L 14 3 L 5 3 L 5 17 L -5 17 L -5 3 L -14 3 Z", fill: "#8e1b12",
        transform: `rotate(${f.angle(o.facing)})`})));
  }
  return out;
}

// --- what a click does now ----------------------------------------------------------------------
// From the legal actions and the choices so far (table.memo): the clickable squares and pieces,
// the arrows, the panel's buttons, and a line saying what to do.
function planClicks(obs, view, table) {
  const memo = table.memo;
  const legal = (table.legal || []).map((a) => ({...a, p: parse(a.notation)}));
  const byId = new Map(obs.creatures.map((c) => [c.id, c]));
  const plan = {squares: new Map(), pieces: new Map(), arrows: null, picked: null, pickedPiece: null,
    buttons: [], hint: "", choosing: null};
  const redraw = () => table.redraw();
  if (!legal.length) {
    if (table.seat !== null && view.status === "running") plan.hint = `Waiting for player ${obs.current + 1}.`;
    return plan;
  }
  const kinds = new Set(legal.map((a) => a.p.kind));

  if (kinds.has("place")) {  // draw mode: the drawn creature goes on a free red space
    const drawn = byId.get(obs.drawn);
    for (const a of legal) {
      plan.squares.set(a.p.square, {hint: `place the ${drawn ? drawn.name : "creature"} here`, go: () => table.play(a.notation)});
    }
    plan.hint = `Click a free red space to place the ${drawn ? drawn.name : "creature you drew"}.`;
    return plan;
  }

  if (kinds.has("pick")) {  // pick and teams modes: a creature, then a red space
    const picks = legal.filter((a) => a.p.kind === "pick");
    const choosable = [...new Set(picks.map((a) => a.p.creature))];
    if (memo.creature && !choosable.includes(memo.creature)) delete memo.creature;
    plan.choosing = {creatures: choosable, chosen: memo.creature || null,
      choose: (id) => { memo.creature = memo.creature === id ? undefined : id; redraw(); }};
    const squares = new Map();
    for (const a of picks) {
      if (memo.creature && a.p.creature !== memo.creature) continue;
      if (!squares.has(a.p.square)) squares.set(a.p.square, []);
      squares.get(a.p.square).push(a);
    }
    for (const [sq, acts] of squares) {
      const go = acts.length === 1 ? () => table.play(acts[0].notation)
        : () => table.offer(acts, `Which creature goes on ${sq}?`);
      plan.squares.set(sq, {hint: memo.creature ? `place the ${byId.get(memo.creature).name} here` : "choose a creature for this space", go});
    }
    plan.hint = memo.creature ? `Click a free red space for the ${byId.get(memo.creature).name}.`
      : "Choose a creature, then a free red space of your side.";
    return plan;
  }

  if (kinds.has("give") || (kinds.has("end") && !obs.active)) {
    planGive(legal, obs, byId, table, plan, redraw);
    return plan;
  }
  planActing(legal, obs, byId, table, plan, redraw);
  return plan;
}

function planGive(legal, obs, byId, table, plan, redraw) {
  const memo = table.memo;
  const gives = legal.filter((a) => a.p.kind === "give");
  const actors = [...new Set(gives.map((a) => a.p.creature))];
  if (memo.creature && !actors.includes(memo.creature)) delete memo.creature;
  for (const id of actors) {
    plan.pieces.set(id, {hint: "click to give it actions", go: () => {
      memo.creature = memo.creature === id ? undefined : id;
      memo.parts = [];
      redraw();
    }});
  }
  const end = legal.find((a) => a.p.kind === "end");
  if (memo.creature) {
    const c = byId.get(memo.creature);
    plan.pickedPiece = c.id;
    const plans = gives.filter((a) => a.p.creature === c.id);
    const chosen = new Set(memo.parts || []);
    const parts = ["move", "attack", ...c.card.abilities.filter((ab) => ab.kind === "active").map((ab) => ab.id)];
    const cost = (part) => COST[part] ?? c.card.abilities.find((ab) => ab.id === part).cost;
    const fits = (set) => plans.some((a) => [...set].every((p) => a.p.plan.includes(p)));
    const exact = plans.find((a) => a.p.plan.length === chosen.size && a.p.plan.every((p) => chosen.has(p)));
    const label = (part) => part === "move" ? "Move" : part === "attack" ? "Attack"
      : c.card.abilities.find((ab) => ab.id === part).name;
    plan.give = {
      creature: c,
      chips: parts.map((part) => {
        const on = chosen.has(part);
        const can = on || fits(new Set([...chosen, part]));
        return {part, label: label(part), cost: cost(part), on, can,
          toggle: () => {
            const next = new Set(chosen);
            if (on) next.delete(part); else next.add(part);
            memo.parts = parts.filter((p) => next.has(p));
            redraw();
          }};
      }),
      total: [...chosen].reduce((n, p) => n + cost(p), 0),
      ready: exact || null,
      cancel: () => { delete memo.creature; redraw(); },
    };
    plan.hint = exact ? `Give the ${c.name} these actions, or add more.`
      : `Choose the actions to give the ${c.name} (each once this turn), then Give.`;
  } else {
    plan.hint = actors.length ? "Click one of your creatures to give it actions, or end your turn."
      : "None of your creatures can act: end your turn.";
  }
  if (end) plan.buttons.push({id: "end-turn", label: "End turn", notation: end.notation, text: end.text});
}

function planActing(legal, obs, byId, table, plan, redraw) {
  const memo = table.memo;
  const me = byId.get(obs.active);
  plan.pickedPiece = me ? me.id : null;
  const moves = legal.filter((a) => a.p.kind === "move");
  const targeted = legal.filter((a) => (a.p.kind === "attack" || a.p.kind === "ability") && a.p.target);
  const ownSquare = me && me.square;
  const abilityName = (id) => {
    for (const c of obs.creatures) {
      const ab = c.card.abilities.find((x) => x.id === id);
      if (ab) return ab.name;
    }
    return id;
  };
  const destinations = new Map();
  for (const a of moves) {
    if (!destinations.has(a.p.square)) destinations.set(a.p.square, []);
    destinations.get(a.p.square).push(a);
  }
  // the menu lists what a click leaves open too (its facings, its actions on a target)
  const chooseSquare = (sq) => () => {
    memo.square = memo.square === sq ? undefined : sq;
    delete memo.target;
    delete memo.ability;
    table.offer(memo.square ? destinations.get(sq) : [], `Move the ${me.name} to ${sq}: which facing?`);
    redraw();
  };
  for (const sq of destinations.keys()) {
    const hint = sq === ownSquare ? `turn the ${me.name} where it stands` : `move the ${me.name} here`;
    if (sq === ownSquare) plan.pieces.set(me.id, {hint, go: chooseSquare(sq)});
    else plan.squares.set(sq, {hint, go: chooseSquare(sq)});
  }
  const targets = new Map();
  for (const a of targeted) {
    if (!targets.has(a.p.target)) targets.set(a.p.target, []);
    targets.get(a.p.target).push(a);
  }
  for (const [id, acts] of targets) {
    const groups = [...new Set(acts.map((a) => a.p.kind === "attack" ? "attack" : a.p.ability))];
    const hint = groups.map((g) => g === "attack" ? "attack it" : `${abilityName(g)} on it`).join(", or ");
    plan.pieces.set(id, {hint, go: () => {
      if (acts.length === 1) return table.play(acts[0].notation);
      memo.target = memo.target === id ? undefined : id;
      memo.ability = groups.length === 1 ? groups[0] : undefined;
      delete memo.square;
      table.offer(memo.target ? acts : [], `What to do to the ${byId.get(id).name}?`);
      redraw();
    }});
  }
  if (memo.square && destinations.has(memo.square)) {
    plan.picked = memo.square;
    plan.arrows = {square: memo.square, ghost: memo.square === ownSquare ? null : {abbr: me.abbr, colour: table.colour(me.owner)},
      options: destinations.get(memo.square).map((a) => ({facing: a.p.facing,
        hint: `${memo.square === ownSquare ? "turn" : `move to ${memo.square} and face`} ${FACING_WORDS[a.p.facing]}`,
        go: () => table.play(a.notation)}))};
    plan.hint = `Click an arrow: the way the ${me.name} will face on ${memo.square}.`;
  } else if (memo.target && targets.has(memo.target)) {
    const victim = byId.get(memo.target);
    const acts = targets.get(memo.target);
    plan.pickedPiece = victim.id;
    if (memo.ability) {
      const withFacing = acts.filter((a) => a.p.kind === "ability" && a.p.ability === memo.ability && a.p.facing);
      if (withFacing.length) {
        // the action's own description says what the direction does (a push, a turn)
        plan.arrows = {square: victim.square, options: withFacing.map((a) => ({facing: a.p.facing, hint: a.text,
          go: () => table.play(a.notation)}))};
        plan.hint = `Click an arrow around the ${victim.name}: the direction of ${abilityName(memo.ability)}.`;
      }
    }
    plan.target = {victim, choices: [...new Set(acts.map((a) => a.p.kind === "attack" ? "attack" : a.p.ability))].map((g) => {
      const those = acts.filter((a) => (a.p.kind === "attack" ? "attack" : a.p.ability) === g);
      const label = g === "attack" ? "Attack" : abilityName(g);
      return {label, picked: memo.ability === g, text: those.length === 1 ? those[0].text : null,
        go: those.length === 1 ? () => table.play(those[0].notation) : () => { memo.ability = g; redraw(); }};
    })};
    if (!plan.arrows) plan.hint = `What should the ${me.name} do to the ${victim.name}?`;
  }
  for (const a of legal) {
    if (a.p.kind === "ability" && !a.p.target) {
      plan.buttons.push({id: `ability-${a.p.ability}`, label: abilityName(a.p.ability), notation: a.notation, text: a.text});
    }
  }
  if (!plan.hint) {
    const left = obs.plan_left.map((p) => p === "move" ? "move" : p === "attack" ? "attack" : abilityName(p));
    const ways = [];
    if (destinations.size) ways.push(`click a highlighted square to move it (or the ${me.name} itself to turn it)`);
    if (targets.size) ways.push("click a highlighted creature to act on it");
    if (plan.buttons.length) ways.push(`use ${plan.buttons.map((b) => b.label).join(", ")} with its button`);
    plan.hint = ways.length ? `The ${me.name} can still ${left.join(", ")}: ${ways.join("; ")}. Done forgoes the rest.`
      : `Nothing the ${me.name} still has (${left.join(", ")}) can be done now: click Done.`;
  }
  const done = legal.find((a) => a.p.kind === "done");
  if (done) plan.buttons.push({id: "done", label: "Done", notation: done.notation, text: done.text});
}

// --- the panel -------------------------------------------------------------------------------------
function pips(n, total, cls) {
  const out = [];
  for (let i = 0; i < total; i++) out.push(h("span", {class: `${cls}${i < n ? " on" : ""}`}));
  return h("span", {class: `${cls}s`}, out);
}

function headline(obs, view, table) {
  const p = obs.current;
  const who = h("span", {class: "who", style: `color:${table.colour(p)}`}, table.seat === p ? "You" : `Player ${p + 1}`);
  if (obs.phase === "setup") {
    const line = {draw: "creatures are drawn from the face-down pile",
      pick: "creatures are chosen in turn", teams: "the recommended first-game teams"}[obs.mode] || obs.mode;
    return [h("div", {class: "phase"}, `Choosing creatures: ${line}`),
      h("div", {}, who, obs.phase === "setup" ? " to place a creature" : "")];
  }
  if (obs.phase === "over") {
    if (obs.winner === null || obs.winner === undefined) return [h("div", {class: "phase"}, "Game over: a draw")];
    return [h("div", {class: "phase"}, "Game over: ",
      h("span", {style: `color:${table.colour(obs.winner)}`}, table.seat === obs.winner ? "you win" : `player ${obs.winner + 1} wins`))];
  }
  return [h("div", {class: "phase"}, `Turn ${obs.turn}`),
    h("div", {}, who, " to act · action markers left ",
      h("span", {title: `${obs.actions_left} of 4 action markers left this turn`}, pips(obs.actions_left, 4, "marker-pip")))];
}

function cardButton(c, table, opts = {}) {
  const k = c.card;
  return h(opts.click ? "button" : "div", {
    class: `dirge-card${opts.click ? " pick" : ""}${opts.picked ? " picked" : ""}`, "data-creature": c.id,
    title: creatureTitle(c, {phase: "setup"}, table), on: opts.click ? {click: opts.click} : null,
    style: c.owner !== null && c.owner !== undefined ? `border-left-color:${table.colour(c.owner)}` : null},
  h("strong", {}, `${c.abbr} `, c.name),
  h("span", {class: "stats"}, `Sp ${k.speed} · St ${k.strength} · Rg ${k.range} · To ${k.toughness.join("/")} · ` +
    `Ev ${k.evasion.join("/")} · Wo ${c.wounds}`),
  h("span", {class: "abilities"}, k.abilities.map((ab) => ab.name).join(", ")));
}

// Creatures whose card is unfolded in the panel (a tap shows what a hover would, on a phone).
const unfolded = new Set();

function rosterRow(c, obs, table) {
  const st = c.destroyed ? "destroyed" : c.square ? `${c.square} ${FACING_WORDS[c.facing][0].toUpperCase()}` : "";
  const now = condition(c, obs);
  const open = unfolded.has(c.id);
  const toggle = () => {
    if (open) unfolded.delete(c.id); else unfolded.add(c.id);
    table.redraw();
  };
  return h("li", {class: `roster-row${c.destroyed ? " destroyed" : ""}${obs.active === c.id ? " acting" : ""}${open ? " open" : ""}`,
    "data-creature": c.id, title: creatureTitle(c, obs, table), on: {click: toggle}},
  h("span", {class: "abbr-tag", style: `background:${table.colour(c.owner)}`}, c.abbr),
  h("span", {class: "rname"}, c.name),
  h("span", {class: "where"}, st),
  h("span", {class: "track", title: `${c.damage} of ${c.wounds} wounds taken`}, c.destroyed ? null : pips(c.damage, c.wounds, "wound-pip")),
  h("span", {class: "mk", title: plural(c.markers, "action marker")}, pips(c.markers, c.markers, "marker-pip")),
  now ? h("span", {class: "now"}, now.split(":")[0]) : null,
  open ? h("span", {class: "details"}, cardText(c)) : null);
}

function drawPanel(obs, view, table, plan) {
  const byId = new Map(obs.creatures.map((c) => [c.id, c]));
  const parts = [h("div", {class: "headline"}, headline(obs, view, table))];
  if (plan.hint) parts.push(h("p", {class: "hint"}, plan.hint));

  if (obs.phase === "setup" && obs.drawn) {
    const c = byId.get(obs.drawn);
    parts.push(h("div", {class: "group"}, h("h4", {}, table.seat === obs.current ? "You drew" : `Player ${obs.current + 1} drew`),
      cardButton(c, table)));
  }
  if (plan.choosing) {
    parts.push(h("div", {class: "group choose"}, h("h4", {}, obs.mode === "teams" ? "Your team, still to place" : "Choose a creature"),
      plan.choosing.creatures.map((id) => cardButton(byId.get(id), table,
        {click: () => plan.choosing.choose(id), picked: plan.choosing.chosen === id}))));
  }
  if (plan.give) {
    const g = plan.give;
    parts.push(h("div", {class: "group give"}, h("h4", {}, `Actions for the ${g.creature.name}`),
      h("div", {class: "chips"}, g.chips.map((chip) => h("button", {
        class: `chip${chip.can ? " pick" : ""}${chip.on ? " picked" : ""}`, "data-part": chip.part, disabled: !chip.can,
        "aria-pressed": chip.on ? "true" : "false", on: {click: chip.toggle}}, `${chip.label} `, h("small", {}, `${chip.cost}`)))),
      h("div", {class: "row"},
        h("button", {id: "give", class: `go${g.ready ? " pick" : ""}`, disabled: !g.ready, title: g.ready ? g.ready.text : "choose actions first",
          on: {click: () => g.ready && table.play(g.ready.notation)}}, `Give ${plural(g.total, "marker")}`),
        h("button", {class: "small", on: {click: g.cancel}}, "Cancel"))));
  }
  if (plan.target) {
    parts.push(h("div", {class: "group"}, h("h4", {}, `The ${plan.target.victim.name}`),
      h("div", {class: "chips"}, plan.target.choices.map((c) => h("button", {class: `chip pick${c.picked ? " picked" : ""}`,
        title: c.text || "then click an arrow on the board", on: {click: c.go}}, c.label)))));
  }
  if (obs.phase === "play" && obs.active) {
    const me = byId.get(obs.active);
    parts.push(h("p", {class: "acting"}, h("strong", {}, me.name), ` was given ${obs.plan_given.join(", ")}; still to do: `,
      h("strong", {}, obs.plan_left.join(", ") || "nothing")));
  }
  if (plan.buttons.length) {
    parts.push(h("div", {class: "row"}, plan.buttons.map((b) => h("button", {id: b.id, class: "pick go", title: b.text,
      on: {click: () => table.play(b.notation)}}, b.label))));
  }
  // both sides' creatures, then those not chosen yet and the face-down pile
  for (const p of [0, 1]) {
    const mine = obs.creatures.filter((c) => c.owner === p && (c.square || c.destroyed));
    if (!mine.length) continue;
    parts.push(h("div", {class: "group"}, h("h4", {style: `color:${table.colour(p)}`},
      table.seat === p ? "Your creatures" : `Player ${p + 1}'s creatures`),
    h("ul", {class: "roster"}, mine.map((c) => rosterRow(c, obs, table)))));
  }
  if (obs.phase === "setup") {
    const waiting = obs.unchosen.filter((id) => !(plan.choosing && plan.choosing.creatures.includes(id)));
    if (obs.mode !== "draw" && waiting.length) {
      parts.push(h("div", {class: "group"}, h("h4", {}, "Not chosen yet"),
        h("div", {class: "unchosen"}, waiting.map((id) => h("span", {class: "abbr-tag plain", title: creatureTitle(byId.get(id), obs, table)},
          byId.get(id).abbr)))));
    }
    if (obs.mode === "draw") {
      const backs = [];
      for (let i = 0; i < obs.pile_size; i++) backs.push(h("span", {class: "card-back"}));
      parts.push(h("div", {class: "group"}, h("h4", {}, `Face-down pile: ${plural(obs.pile_size, "card")}`),
        h("div", {class: "pile", "data-cards": obs.pile_size, title: `${plural(obs.pile_size, "card")} face down: nobody knows their order`}, backs)));
    }
  }
  return h("div", {class: "dirge-panel"}, parts);
}

// --- the renderer ------------------------------------------------------------------------------------
function ensureStyle() {
  if (document.getElementById("dirge-style")) return;
  document.head.append(h("link", {id: "dirge-style", rel: "stylesheet", href: "/static/games/dirge.css"}));
}

// The observation names creatures by id; their printed cards and the battlefield come from the
// catalogue (table.catalogue), sent once. Each creature is drawn from both: its state and its card.
function withCards(observation, catalogue) {
  const creatures = observation.creatures.map((c) => {
    const face = catalogue.creatures[c.id];
    return {...c, name: face.name, abbr: face.abbr, wounds: face.wounds,
      card: {...face, abilities: face.abilities.map((id) => ({id, ...catalogue.abilities[id]}))}};
  });
  return {...observation, creatures, battlefield: catalogue.battlefield};
}

export function draw(root, view, table) {
  ensureStyle();
  const catalogue = table.catalogue;
  if (!view.observation) {
    root.append(h("p", {class: "quiet"}, "Waiting for the battlefield…"));
    return;
  }
  if (!catalogue || !catalogue.battlefield || !catalogue.creatures || !catalogue.abilities) {
    root.append(h("p", {class: "error"}, "The creatures' cards could not be loaded: reload the page."));
    return;
  }
  const obs = withCards(view.observation, catalogue);
  const plan = planClicks(obs, view, table);
  root.append(h("div", {class: "dirge"}, h("div", {class: "dirge-layout"},
    h("div", {class: "dirge-field"}, drawBoard(obs, table, plan)),
    drawPanel(obs, view, table, plan))));
}
