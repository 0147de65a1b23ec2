// Dogma's board: every player's active Prophet with its Arcanum's cards, the rear guard, the
// discard pile and the Divine Interventions; the secret Orders (and Targets in 2 vs 2), who has
// placed one, the reveal; the Chaos packets while the Arcana are built.
// A click selects a card (its face is shown in the strip above the board); a second click on it,
// or the strip's button, places the Order. Only what `view.legal` holds is ever offered.
import {h, s, board, title} from "/static/js/dom.js";

export const about = "Four Prophets each and secret Orders revealed together: Cult cards, Divine "
  + "Interventions and Summonings until one side has no Prophet left.";

const STYLE = "/static/games/dogma.css";
if (!document.querySelector(`link[href="${STYLE}"]`)) {
  document.head.append(h("link", {rel: "stylesheet", href: STYLE}));
}

const RELIGION_COLOURS = {Christian: "#6c3483", Islamic: "#1e8449", Jewish: "#1f618d", Buddhist: "#b9770e"};
const MALEFIC_GLYPHS = {crisis: "@", fanaticism: "*", hysteria: "!", withering: "o"};
const MALEFIC_COLOURS = {crisis: "#7d3c98", fanaticism: "#a93226", hysteria: "#d4ac0d", withering: "#566573"};
const PATHS = ["violence", "rationality", "blasphemy"];
const PATH_COLOURS = {violence: "#a93226", rationality: "#2471a3", blasphemy: "#4a235a"};

// card sizes, in board units
const BIG = {w: 130, h: 184};
const CARD = {w: 96, h: 134};
const SMALL = {w: 74, h: 104};
const GAP = 6;

let current = null;  // the table lent by the page, for a redraw when the window changes size
let lastWidth = 0;
window.addEventListener("resize", () => {
  const width = document.getElementById("board")?.clientWidth || 0;
  if (current && Math.abs(width - lastWidth) > 40) current.redraw();
});

// The last reveal of Orders, remembered from the events (the observation shows it only while the
// turn resolves): {table, text, orders: {player: notation}}.
let reveal = null;
function noteReveal(view) {
  const table = view.table ?? null;
  if (view.reset || !reveal || reveal.table !== table) reveal = {table, text: null, orders: {}};
  for (const e of view.events || []) {
    if (!/^Orders( and Targets)? revealed:/.test(e.text)) continue;
    const orders = {};
    for (const m of e.text.matchAll(/player (\d+) ([^,.]+)/g)) orders[Number(m[1]) - 1] = m[2].trim();
    reveal.text = e.text;
    reveal.orders = orders;
  }
}

// --- words ---------------------------------------------------------------------------------------
// The game's catalogue (Game.catalogue: every card's face, every keyword and malefic marker), lent
// by the page with each draw: the observation names them by id, the catalogue says what they are.
let catalogue = {};
function faceOf(id) {
  return catalogue.cards?.[id] || catalogue.keywords?.[id] || catalogue.markers?.[id] || null;
}

function faceWords(id) {
  const f = faceOf(id);
  if (!f) return id || "";
  const kw = (f.keywords || []).map((k) => faceOf(k)?.name || k).join(", ");
  if (f.kind === "prophet") {
    const lines = [`${f.name}${f.title ? `, "${f.title}"` : ""} · Prophet · ${f.religion}`,
      `Faith ${f.faith} · Fervor ${f.fervor}`];
    if (f.immune.length) lines.push(`Immune to ${f.immune.join(", ")} Cult cards`);
    if (f.weak.length) lines.push(`Weak to ${f.weak.join(", ")} Cult cards (double damage)`);
    lines.push(`${f.ability.name} (${f.ability.when}): ${f.ability.text}`);
    return lines.join("\n");
  }
  if (f.kind === "cult") {
    return `${f.name} · Cult card · ${f.religion} ${f.type} · damage ${f.damage}${kw ? ` · ${kw}` : ""}\n${f.text}`;
  }
  if (f.kind === "relic") return `${f.name} · Relic\n${f.ability.name} (${f.ability.when}): ${f.ability.text}`;
  if (f.kind === "intervention") return `${f.name} · Divine Intervention${kw ? ` · ${kw}` : ""}\n${f.text}`;
  return `${f.name}: ${f.text}`;
}

function orderWords(notation) {
  const [kind, arg, side] = notation.split(" ");
  const aim = side ? ` (Target: ${side})` : "";
  if (kind === "summon") return `Order I · Summoning: rear-guard Prophet ${arg}`;
  if (kind === "intervene") return `Order II · Divine Intervention${arg ? ` (Target: ${arg})` : ""}`;
  if (kind === "appeal") return "Order II · Appeal to Rationality";
  if (kind === "cult") return `Order III · Cult card ${arg}${aim}`;
  if (kind === "special") return `Order III · Special${aim}`;
  if (kind === "deploy") return `Deploy the Prophet in position ${arg}`;
  if (kind === "pass") return "Pass";
  return notation;
}

// --- SVG pieces ----------------------------------------------------------------------------------
// Text squeezed to `width` when the estimate says it would overflow.
function label(x, y, text, {size = 12, width = null, anchor = "start", weight = null, fill = null, cls = null} = {}) {
  const squeeze = width && String(text).length * size * 0.56 > width;
  return s("text", {x, y, "font-size": size, "text-anchor": anchor, "font-weight": weight, fill, class: cls,
    textLength: squeeze ? width : null, lengthAdjust: squeeze ? "spacingAndGlyphs" : null}, String(text));
}

function atom(x, y, r = 8) {
  return s("g", {class: "atom", transform: `translate(${x},${y})`},
    [0, 60, 120].map((a) => s("ellipse", {rx: r, ry: r * 0.38, transform: `rotate(${a})`})),
    s("circle", {r: 1.8}));
}

function malefics(list, x, y) {
  return list.map((m, i) => s("g", {class: "malefic", transform: `translate(${x + i * 19},${y})`},
    title(faceWords(m)), s("circle", {r: 8, fill: MALEFIC_COLOURS[m] || "#555"}),
    label(0, 4, MALEFIC_GLYPHS[m] || "?", {size: 12, anchor: "middle", fill: "#fff", weight: 700})));
}

function back(x, y, size, text, hover) {
  return s("g", {class: "card back", transform: `translate(${x},${y})`}, hover ? title(hover) : null,
    s("rect", {class: "hit", width: size.w, height: size.h, rx: 7}),
    s("rect", {class: "inner", x: 6, y: 6, width: size.w - 12, height: size.h - 12, rx: 5}),
    s("circle", {class: "seal", cx: size.w / 2, cy: size.h / 2, r: Math.min(size.w, size.h) / 5}),
    text ? label(size.w / 2, size.h - 12, text, {size: 10, anchor: "middle", cls: "back-text"}) : null);
}

// A card group: clickable when `click` is given (class pick or picked).
function cardGroup(x, y, attrs, children, click) {
  const classes = ["card", attrs.class || ""];
  if (click?.pick) classes.push("pick");
  if (click?.picked) classes.push("picked");
  const g = s("g", {class: classes.join(" ").trim(), transform: `translate(${x},${y})`,
    "data-key": click?.key || null, "data-card": attrs.card || null, "data-face": attrs.face || null}, children);
  if (click?.on) g.addEventListener("click", (e) => { e.stopPropagation(); click.on(); });
  return g;
}

function prophetCard(a, size, extra) {
  const f = faceOf(a.prophet) || {name: a.name, religion: "", faith: a.faith, fervor: a.fervor, immune: [], weak: [],
    ability: {special: false, name: ""}};
  const left = Math.max(0, a.faith - a.damage);
  const bar = size.w - 16;
  const big = size.w >= BIG.w;
  const top = RELIGION_COLOURS[f.religion] || "#6f665a";
  const kids = [
    title(`${faceWords(a.prophet)}\nNow: Faith ${left} of ${a.faith} (damage ${a.damage}), Fervor ${a.fervor}`
      + (a.fervor_markers ? ` (${a.fervor_markers > 0 ? "+" : ""}${a.fervor_markers * 10} in markers)` : "")
      + (a.malefic.length ? `\nMalefic markers: ${a.malefic.map((m) => faceOf(m)?.name || m).join(", ")}` : "")
      + (a.ability_cancelled ? "\nIts ability is cancelled." : "")),
    s("rect", {class: "hit", width: size.w, height: size.h, rx: 8}),
    s("rect", {class: "band", width: size.w, height: big ? 40 : 30, rx: 8, fill: top}),
    label(8, big ? 17 : 13, f.name, {size: big ? 14 : 11, width: size.w - 16, weight: 700, fill: "#fff"}),
    label(8, big ? 33 : 25, big ? (f.title || f.religion) : `${left}/${a.faith}`, {size: big ? 10 : 10, width: size.w - 16, fill: "#f3e9d2"}),
  ];
  if (big) {
    kids.push(
      label(8, 60, "Faith", {size: 11, cls: "quiet-text"}),
      label(size.w - 8, 60, `${left} / ${a.faith}`, {size: 15, anchor: "end", weight: 700}),
      s("rect", {x: 8, y: 66, width: bar, height: 9, rx: 4, class: "faith-bg"}),
      s("rect", {x: 8, y: 66, width: a.faith ? bar * left / a.faith : 0, height: 9, rx: 4, class: "faith"}),
      label(8, 92, a.damage ? `damage ${a.damage}` : "no damage", {size: 11, cls: a.damage ? "hurt" : "quiet-text"}),
      label(8, 114, "Fervor", {size: 11, cls: "quiet-text"}),
      label(size.w - 8, 114, String(a.fervor), {size: 15, anchor: "end", weight: 700}),
      a.fervor_markers ? label(size.w - 8, 128, `${a.fervor_markers > 0 ? "+" : ""}${a.fervor_markers * 10} markers`,
        {size: 10, anchor: "end", cls: a.fervor_markers > 0 ? "good" : "hurt"}) : null,
      f.immune.length ? label(8, 144, `immune: ${f.immune.join(", ")}`, {size: 9.5, width: size.w - 16, cls: "good"}) : null,
      f.weak.length ? label(8, 156, `weak: ${f.weak.join(", ")}`, {size: 9.5, width: size.w - 16, cls: "hurt"}) : null,
      malefics(a.malefic, 16, size.h - 14),
      f.ability.special ? atom(size.w - 16, size.h - 14) : null);
  } else {
    const h0 = 34;
    kids.push(
      s("rect", {x: 6, y: h0 + 2, width: size.w - 12, height: 6, rx: 3, class: "faith-bg"}),
      s("rect", {x: 6, y: h0 + 2, width: a.faith ? (size.w - 12) * left / a.faith : 0, height: 6, rx: 3, class: "faith"}),
      label(6, h0 + 22, `dmg ${a.damage}`, {size: 10, cls: a.damage ? "hurt" : "quiet-text"}),
      label(6, h0 + 36, `Fervor ${a.fervor}`, {size: 10, cls: "quiet-text"}),
      malefics(a.malefic, 12, size.h - 12),
      f.ability.special ? atom(size.w - 12, size.h - 12, 6) : null);
  }
  if (a.ability_cancelled) kids.push(s("line", {x1: 8, y1: size.h - 26, x2: size.w - 8, y2: size.h - 26, class: "cancelled"}));
  if (extra?.protected) kids.push(label(size.w / 2, size.h - 30, "Protection", {size: 10, anchor: "middle", cls: "good", weight: 700}));
  if (extra?.defeated) kids.push(s("path", {d: `M8 8 L${size.w - 8} ${size.h - 8} M${size.w - 8} 8 L8 ${size.h - 8}`, class: "defeated"}));
  return kids;
}

function cultCard(c, j, size) {
  const f = c.card ? faceOf(c.card) : null;
  if (!f) return null;
  const top = RELIGION_COLOURS[f.religion] || "#6f665a";
  const dmg = f.damage + 10 * (c.markers || 0);
  return [
    title(`Cult card ${j + 1}: ${faceWords(c.card)}${c.markers ? `\nMarkers on its damage: ${c.markers * 10}` : ""}`
      + `${c.face_up ? "\nFace up." : "\nFace down: the opponent does not know it."}${c.withered ? "\nWithered: out of the game." : ""}`),
    s("rect", {class: "hit", width: size.w, height: size.h, rx: 7}),
    s("rect", {class: "band", width: size.w, height: 30, rx: 7, fill: top}),
    label(6, 13, f.name, {size: 11, width: size.w - 12, weight: 700, fill: "#fff"}),
    label(6, 25, `${f.type}`, {size: 9, width: size.w - 12, fill: "#f3e9d2"}),
    f.damage || c.markers ? s("g", {},
      s("circle", {cx: size.w / 2, cy: 62, r: 19, class: "damage"}),
      label(size.w / 2, 68, dmg, {size: 16, anchor: "middle", weight: 700, fill: "#fff"})) : null,
    label(size.w / 2, 98, (f.keywords || []).map((k) => faceOf(k)?.name || k).join(" "),
      {size: 9, anchor: "middle", width: size.w - 8, cls: "keywords"}),
    j >= 0 ? label(6, size.h - 8, `${j + 1}`, {size: 12, weight: 700, cls: "number"}) : null,
    c.face_up ? null : label(size.w - 6, size.h - 8, "face down", {size: 9, anchor: "end", cls: "quiet-text"}),
    c.withered ? s("g", {class: "withered"}, s("rect", {width: size.w, height: size.h, rx: 7}),
      s("circle", {cx: size.w / 2, cy: size.h / 2, r: 22}),
      label(size.w / 2, size.h / 2 + 38, "withered", {size: 10, anchor: "middle", weight: 700})) : null,
  ];
}

function relicCard(id, size) {
  const f = faceOf(id) || {name: id, ability: {name: "", special: false}};
  return [
    title(faceWords(id)),
    s("rect", {class: "hit relic", width: size.w, height: size.h, rx: 7}),
    s("rect", {class: "band", width: size.w, height: 30, rx: 7, fill: "#9a7d0a"}),
    label(6, 13, f.name.replace(/^Reliquia: /, ""), {size: 11, width: size.w - 12, weight: 700, fill: "#fff"}),
    label(6, 25, "Relic", {size: 9, fill: "#f3e9d2"}),
    label(size.w / 2, 62, f.ability.name, {size: 10, anchor: "middle", width: size.w - 10, weight: 600}),
    f.ability.special ? atom(size.w / 2, 92, 10) : null,
  ];
}

// --- the decision being built --------------------------------------------------------------------
function decision(table) {
  const legal = (table.seat === null || table.seat === undefined) ? [] : (table.legal || []);
  const memo = table.memo;
  // the legal actions that are `base`, or `base` with a Target side
  const matching = (base) => legal.filter((a) => a.notation === base || a.notation.startsWith(`${base} `)
    && /^(left|right)$/.test(a.notation.slice(base.length + 1))).map((a) => a.notation);
  const select = (key, cands, look) => {
    if (memo.sel && memo.sel.key === key) return confirm(cands);
    memo.sel = {key, cands, look};
    memo.look = look;
    table.redraw();
  };
  const confirm = (cands) => {
    if (cands.length === 1) return table.play(cands[0]);
    table.offer(cands, "Choose the Target");
  };
  // a clickable: {pick, picked, key, on} for a key whose candidates are `cands`
  const click = (key, cands, look) => {
    if (!cands.length) return {on: () => { memo.look = look; table.redraw(); }};
    return {pick: true, picked: memo.sel?.key === key, key, on: () => select(key, cands, look)};
  };
  return {legal, memo, matching, click, select, confirm};
}

// --- one player's side of the table --------------------------------------------------------------
function neighbours(viewer) {
  return {left: (viewer + 1) % 4, right: (viewer + 3) % 4};
}

function who(table, p) {
  return `${p + 1}. ${table.name(p)}`;
}

function relation(obs, p) {
  const v = obs.player;
  if (v === null || v === undefined) return obs.teams ? `team ${obs.teams[0].includes(p) ? 1 : 2}` : "";
  if (v === p) return "you";
  if (!obs.teams) return "opponent";
  const n = neighbours(v);
  if (n.left === p) return "opponent on your left";
  if (n.right === p) return "opponent on your right";
  return "your teammate";
}

function tokenFor(obs, p) {
  const orders = obs.orders;
  const shown = orders?.shown?.[String(p)];
  if (obs.revealed_orders) {
    const r = obs.revealed_orders.find((o) => o.player === p);
    if (r) return {state: "revealed", text: r.order};
  }
  if (shown) return {state: "shown", text: shown};
  if (orders?.committed?.includes(p)) return {state: "placed", text: "has chosen"};
  if ((obs.to_move || []).includes(p) && obs.phase !== "over") return {state: "thinking", text: "choosing…"};
  if (reveal?.orders?.[p] && obs.phase === "orders") return {state: "last", text: `last: ${reveal.orders[p]}`};
  return null;
}

// A side's shape: wide (2 players on a wide screen: one row), compact (2 vs 2: the cards, then the
// rear guard below) or narrow (a phone: the Arcanum's cards two by two, then the rear guard).
const SIDES = {wide: {width: 1000, height: 234}, compact: {width: 560, height: 362}, narrow: {width: 410, height: 466}};

function assocAt(shape, i) {
  const x0 = 8 + BIG.w + 10;
  if (shape === "narrow") return [x0 + (i % 2) * (CARD.w + GAP), 57 + Math.floor(i / 2) * (CARD.h + GAP) - 25];
  return [x0 + i * (CARD.w + GAP), 57];
}

function sideGroup(view, table, d, p, x, y, shape) {
  const obs = view.observation;
  const me = obs.players[p];
  const viewer = obs.player;
  const colour = table.colour(p);
  const {width, height} = SIDES[shape];
  const mine = viewer === p && table.seat === p;
  const pending = obs.pending;
  const g = s("g", {class: `side${obs.to_move?.includes(p) ? " to-move" : ""}`, transform: `translate(${x},${y})`,
    "data-player": p});
  g.append(s("rect", {class: "side-bg", width, height, rx: 10, stroke: colour}));
  // header: who, their token, what lies in front of them
  const rel = relation(obs, p);
  const token = tokenFor(obs, p);
  const tokenW = shape === "narrow" ? 140 : 190;
  g.append(s("circle", {cx: 16, cy: 16, r: 7, fill: colour}),
    label(30, 21, `${who(table, p)}${rel ? ` · ${rel}` : ""}`, {size: 14, weight: 700, width: width - tokenW - 44}));
  if (token) {
    const tx = width - 14;
    g.append(s("g", {class: `token ${token.state}`, "data-token": p},
      title(token.state === "placed" ? "This player has placed an Order face down." : orderWords(token.text)),
      s("rect", {x: tx - tokenW, y: 5, width: tokenW, height: 22, rx: 11}),
      label(tx - tokenW / 2, 21, token.state === "placed" || token.state === "thinking" ? token.text : orderWords(token.text.replace(/^last: /, "")),
        {size: 11, anchor: "middle", width: tokenW - 10})));
  }
  const notes = [];
  if (me.deck) notes.push(`option: ${me.deck}`);
  if (me.damage_in_front) notes.push(`${me.damage_in_front} damage in front`);
  if (me.arduous_blocked) notes.push("no Arduous card this turn");
  if (obs.hysteria_first?.includes(p)) notes.push("Hysteria: chooses first, in the open");
  if (notes.length) {
    g.append(shape === "wide" ? label(width - 214, 21, notes.join(" · "), {size: 10.5, anchor: "end", cls: "quiet-text", width: 280})
      : label(10, height - 8, notes.join(" · "), {size: 10.5, cls: "quiet-text", width: width - 20}));
  }

  // the active Prophet and its Arcanum's cards
  const top = 32;
  const activeK = me.active;
  const realAct = activeK !== null && activeK !== undefined ? me.arcana[activeK] : null;
  // while a Prophet to deploy is being chosen, its whole Arcanum is shown where it would stand
  const deploying = mine && !realAct && d.memo.sel?.key?.startsWith("deploy:");
  const act = deploying ? me.arcana[me.rear[Number(d.memo.sel.key.split(":")[1]) - 1]] : realAct;
  const preview = deploying ? "preview" : "";
  const looks = (id) => ({on: () => { d.memo.look = id; table.redraw(); }});
  if (act && !act.hidden) {
    const specials = act.prophet && !preview ? d.matching(`special ${act.prophet}`) : [];
    const protectedSlot = !preview && (obs.protected || []).includes(p * 4 + activeK);
    const targetCands = d.memo.sel && obs.teams ? targetFor(obs, d, p) : [];
    let click = mine && !preview ? d.click(`special:${act.prophet}`, specials, act.prophet) : looks(act.prophet);
    if (targetCands.length) click = {pick: true, key: `target:${p}`, on: () => table.play(targetCands[0])};
    g.append(cardGroup(8, top, {class: `prophet ${preview}`, card: act.prophet}, prophetCard(act, BIG, {protected: protectedSlot}), click));
    let slot = 0;
    const withering = pending?.kind === "withering" && pending.player === p && pending.prophet === act.name;
    act.cult.forEach((c, j) => {
      let kids = cultCard(c, j, CARD);
      if (!kids) kids = [back(0, 0, CARD, "face down", `Cult card ${j + 1}, face down: its owner knows it, you do not`), label(6, CARD.h - 8, `${j + 1}`, {size: 12, weight: 700, cls: "number back-number"})];
      let click = null;
      if (mine && !preview) {
        const cands = withering ? d.matching(`wither ${j + 1}`) : d.matching(`cult ${j + 1}`);
        click = d.click(`${withering ? "wither" : "cult"}:${j + 1}`, cands, c.card);
      } else if (c.card) {
        click = {on: () => { d.memo.look = c.card; table.redraw(); }};
      }
      g.append(cardGroup(...assocAt(shape, slot++), {class: `cult ${preview}`, card: c.card, face: c.face_up ? "up" : "down"}, kids, click));
    });
    act.relics.forEach((r) => {
      const cands = mine && !preview ? d.matching(`special ${r}`) : [];
      g.append(cardGroup(...assocAt(shape, slot++), {class: `relic ${preview}`, card: r}, relicCard(r, CARD),
        mine && !preview ? d.click(`special:${r}`, cands, r) : looks(r)));
    });
  } else if (act && act.hidden) {
    g.append(cardGroup(8, top, {}, [back(0, 0, BIG, "active, face down", "The active Prophet, not yet revealed")], null));
  } else {
    g.append(s("g", {}, s("rect", {class: "empty-slot", x: 8, y: top, width: BIG.w, height: BIG.h, rx: 8}),
      label(8 + BIG.w / 2, top + BIG.h / 2, obs.phase === "over" ? "no Prophet" : "no active Prophet",
        {size: 11, anchor: "middle", cls: "quiet-text"}),
      mine && d.legal.some((a) => a.notation.startsWith("deploy"))
        ? label(8 + BIG.w / 2, top + BIG.h / 2 + 18, "click one to see it here", {size: 10, anchor: "middle", cls: "quiet-text"}) : null));
  }

  // rear guard, discard pile, Divine Interventions
  let rx = shape === "wide" ? 8 + BIG.w + 10 + 4 * (CARD.w + GAP) + 10 : 8;
  const ry = {wide: top + 40, compact: top + BIG.h + 14, narrow: top + 2 * (CARD.h + GAP) + 14}[shape];
  if (me.rear.length) g.append(label(rx, ry - 6, "rear guard", {size: 10, cls: "quiet-text"}));
  me.rear.forEach((k, i) => {
    const a = me.arcana[k];
    const cands = mine ? [...d.matching(`deploy ${i + 1}`), ...d.matching(`summon ${i + 1}`)] : [];
    const deploy = cands.some((c) => c.startsWith("deploy"));
    const kids = a.hidden || a.empty ? [back(0, 0, SMALL, `rear ${i + 1}`, `Rear guard, position ${i + 1}: an Arcanum face down`)]
      : [...prophetCard(a, SMALL, {}), label(SMALL.w - 6, SMALL.h - 24, `${i + 1}`, {size: 12, anchor: "end", weight: 700, cls: "number"})];
    g.append(cardGroup(rx, ry, {class: "rear", card: a.prophet}, kids,
      mine ? d.click(`${deploy ? "deploy" : "summon"}:${i + 1}`, cands, a.prophet)
        : a.prophet ? {on: () => { d.memo.look = a.prophet; table.redraw(); }} : null));
    rx += SMALL.w + GAP;
  });
  const fallen = me.arcana.map((a, k) => [a, k]).filter(([a]) => a.where === "defeated");
  if (fallen.length) g.append(label(rx, ry - 6, "discard pile", {size: 10, cls: "quiet-text"}));
  for (const [a, k] of fallen) {
    const cands = mine && pending?.kind === "revive" ? d.matching(`revive ${k + 1}`) : [];
    const kids = a.hidden ? [back(0, 0, SMALL, "defeated")] : prophetCard(a, SMALL, {defeated: true});
    g.append(cardGroup(rx, ry, {class: "fallen"}, kids, d.click(`revive:${k + 1}`, cands, a.prophet)));
    rx += SMALL.w + GAP;
  }
  // the Divine Interventions Arcanum: a pile, the usable card face up when its owner knows it
  const left = me.interventions_left;
  const topCard = me.interventions?.[0];
  const diCands = mine ? [...d.matching("intervene"), ...d.matching("appeal")] : [];
  const dx = shape === "wide" ? rx + 6 : width - SMALL.w - 8;
  const played = me.interventions_played || [];
  const pile = [
    title(`Divine Interventions: ${left} left${topCard ? `\nUsable now: ${faceWords(topCard)}` : ""}`
      + (me.interventions?.length > 1 ? `\nThen: ${me.interventions.slice(1).map((x) => faceOf(x)?.name || x).join(", ")}` : "")
      + (played.length ? `\nPlayed: ${played.map((x) => faceOf(x)?.name || x).join(", ")}` : "")
      + (left ? "" : "\nEmpty: Order II is now the Appeal to Rationality (30 damage to every active Prophet).")),
    left > 1 ? s("rect", {class: "pile", x: 4, y: -4, width: SMALL.w, height: SMALL.h, rx: 7}) : null,
    s("rect", {class: `hit di${left ? "" : " empty"}`, width: SMALL.w, height: SMALL.h, rx: 7}),
    label(SMALL.w / 2, 16, "Divine", {size: 10, anchor: "middle", weight: 700}),
    label(SMALL.w / 2, 28, "Interventions", {size: 9, anchor: "middle", width: SMALL.w - 6, weight: 700}),
    label(SMALL.w / 2, 56, left ? String(left) : "empty", {size: left ? 22 : 12, anchor: "middle", weight: 700}),
    topCard ? label(SMALL.w / 2, 78, "next:", {size: 9, anchor: "middle", cls: "quiet-text"}) : null,
    topCard ? label(SMALL.w / 2, 92, faceOf(topCard)?.name || topCard, {size: 9.5, anchor: "middle", width: SMALL.w - 6, weight: 600}) : null,
    !left ? label(SMALL.w / 2, 80, "Appeal", {size: 10, anchor: "middle"}) : null,
  ];
  g.append(cardGroup(dx, ry, {class: "interventions"}, pile,
    mine ? d.click("di", diCands, topCard || null) : null));
  if (played.length) {
    g.append(label(dx + SMALL.w / 2, ry + SMALL.h + 13, `played ${played.length}`, {size: 9.5, anchor: "middle", cls: "quiet-text"}));
  }
  return {g, width, height};
}

// 2 vs 2: the Target candidates of the selected Order that aim at player p
function targetFor(obs, d, p) {
  if (!obs.teams || obs.player === null) return [];
  const n = neighbours(obs.player);
  const side = n.left === p ? "left" : n.right === p ? "right" : null;
  if (!side) return [];
  return d.memo.sel.cands.filter((c) => c.endsWith(` ${side}`));
}

// --- the middle of the table: turn, Orders, reveal, Fidelity Test --------------------------------
function centreGroup(view, table, d, x, y, width) {
  const obs = view.observation;
  const height = 110;
  const g = s("g", {class: "centre", transform: `translate(${x},${y})`});
  g.append(s("rect", {class: "centre-bg", width, height, rx: 10}));
  const phase = {deploy: obs.turn === 1 ? "Opening: each player deploys a Prophet in secret"
    : "a new active Prophet is deployed, in secret", orders: "Orders: each player chooses one in secret",
    resolve: "The Orders resolve", over: "The game is over", chaos: "Chaos: building the Arcana"}[obs.phase] || obs.phase;
  g.append(label(14, 24, `Turn ${obs.turn} · ${phase}`, {size: 15, weight: 700, width: width - 28}));
  const mode = {predestination: "Predestination", free_will: "Free Will", chaos: "Chaos"}[obs.mode] || obs.mode;
  const built = obs.first_builder !== null && obs.first_builder !== undefined
    ? ` · one box: ${who(table, obs.first_builder)} built first (30 damage on their first Prophet)` : "";
  let line = 46;
  if (width >= 600) g.append(label(width - 14, 24, `${mode}${obs.teams ? " · 2 vs 2" : ""}`, {size: 11, anchor: "end", cls: "quiet-text"}));
  else if (obs.turn === 1) {
    g.append(label(14, line, `${mode}${obs.teams ? " · 2 vs 2" : ""}`, {size: 11, cls: "quiet-text"}));
    line += 18;
  }
  if (built && obs.turn === 1 && obs.phase === "deploy") {
    g.append(label(14, line, `Free Will${built}`, {size: 12, width: width - 28}));
    line += 20;
  }
  const placed = obs.orders?.committed || [];
  if (obs.phase === "orders" || obs.phase === "deploy") {
    const waiting = (obs.to_move || []).filter((p) => !placed.includes(p));
    const bits = [];
    if (placed.length) bits.push(`placed face down: ${placed.map((p) => who(table, p)).join(", ")}`);
    if (waiting.length) bits.push(`still choosing: ${waiting.map((p) => who(table, p)).join(", ")}`);
    g.append(label(14, line, bits.join(" · "), {size: 12, width: width - 28}));
    line += 20;
  }
  if (obs.revealed_orders) {
    g.append(label(14, line, `Revealed: ${obs.revealed_orders.map((o) => `${who(table, o.player)} ${o.order}`).join(", ")}`,
      {size: 12, width: width - 28, weight: 600, cls: "reveal"}));
    line += 20;
  } else if (reveal?.text) {
    const said = reveal.text.replace(/^Orders( and Targets)? revealed: /, "").replace(/player (\d+)/g, (m, n) => who(table, Number(n) - 1));
    g.append(label(14, line, `Last reveal: ${said}`,
      {size: 12, width: width - 28, cls: "reveal"}));
    line += 20;
  }
  const pending = obs.pending;
  if (pending?.kind === "fidelity_test") {
    const chooser = pending.chooser, tester = pending.tester;
    g.append(label(14, line, `Fidelity Test: ${who(table, chooser)} picks a path in secret, ${who(table, tester)} names one`
      + (pending.own ? ` · your path: ${pending.own}` : ""), {size: 12, width: width - 300, weight: 600}));
    PATHS.forEach((path, i) => {
      const cands = [...d.matching(`path ${path}`), ...d.matching(`guess ${path}`)];
      const cx = width - 250 + i * 82;
      const kids = [title(`${path}: a path of the Fidelity Test`),
        s("circle", {class: "hit sphere", cx: 0, cy: 0, r: 20, style: `fill:${PATH_COLOURS[path]}`}),
        label(0, 36, path, {size: 11, anchor: "middle"})];
      g.append(cardGroup(cx, 46, {class: "path"}, kids,
        cands.length ? {pick: true, key: `path:${path}`, on: () => table.play(cands[0])} : null));
    });
  } else if (pending?.kind === "withering") {
    g.append(label(14, line, `${who(table, pending.player)} places Withering on a Cult card of ${pending.prophet}`,
      {size: 12, width: width - 28, weight: 600}));
  } else if (pending?.kind === "revive") {
    g.append(label(14, line, `${who(table, pending.player)} chooses which defeated Prophet Sharira brings back`,
      {size: 12, width: width - 28, weight: 600}));
  }
  if (obs.phase === "over") {
    const text = obs.draw ? "A draw." : obs.winners?.length ? `${obs.winners.map((p) => who(table, p)).join(" and ")} won.` : "";
    g.append(label(14, line, text, {size: 14, weight: 700}));
  }
  return {g, height};
}

// --- Chaos: the packet in hand and the Arcana being built ----------------------------------------
function chaosBoard(view, table, d, narrow) {
  const obs = view.observation;
  const ch = obs.chaos;
  const width = narrow ? SIDES.narrow.width : 1000;
  const parts = [];
  let y = 0;
  // everybody's progress
  const status = s("g", {class: "centre", transform: "translate(0,0)"});
  status.append(s("rect", {class: "centre-bg", width, height: 30 + 18 * ch.concluded.length, rx: 10}),
    label(14, 22, "Chaos: take cards from the packet in hand into your Arcana, then pass it on", {size: 14, weight: 700, width: width - 28}));
  ch.concluded.forEach((done, p) => {
    const state = done ? "concluded" : ch.waiting[p] ? "waiting for the next packet" : ch.holding[p] ? "examining a packet" : "waiting";
    status.append(s("circle", {cx: 20, cy: 36 + 18 * p, r: 5, fill: table.colour(p)}),
      label(32, 40 + 18 * p, `${who(table, p)}: ${state} · packets examined ${ch.packets_examined[p]}`
        + (ch.paid[p] ? ` · ${20 * ch.paid[p]} damage paid` : ""), {size: 11.5, width: width - 50}));
  });
  parts.push(status);
  y += 40 + 18 * ch.concluded.length;
  if (ch.packet) {
    parts.push(label(8, y + 10, `Packet in hand (${ch.packet.length} cards): click a card, then the Arcanum to put it in`, {size: 12, weight: 600, width: width - 16}));
    y += 18;
    const per = Math.floor((width - 8) / (CARD.w + GAP));
    ch.packet.forEach((id, i) => {
      const f = faceOf(id);
      const cands = d.legal.filter((a) => a.notation.startsWith(`take ${id} `)).map((a) => a.notation);
      const kids = f?.kind === "prophet"
        ? prophetCard({prophet: id, name: f.name, faith: f.faith, fervor: f.fervor, damage: 0, fervor_markers: 0,
          malefic: [], ability_cancelled: false}, CARD, {})
        : f?.kind === "relic" ? relicCard(id, CARD)
          : f?.kind === "intervention" ? interventionCard(id, CARD)
            : cultCard({card: id, face_up: true, withered: false, markers: 0}, -1, CARD);
      parts.push(cardGroup(8 + (i % per) * (CARD.w + GAP), y + Math.floor(i / per) * (CARD.h + GAP), {class: "packet-card"}, kids,
        d.click(`take:${id}`, cands, id)));
    });
    y += Math.ceil(ch.packet.length / per) * (CARD.h + GAP) + 8;
  }
  if (ch.arcana) {
    parts.push(label(8, y + 10, "Your Arcana", {size: 12, weight: 600}));
    y += 18;
    const sel = d.memo.sel?.key?.startsWith("take:") ? d.memo.sel : null;
    const slotW = narrow ? width - 16 : (width - 16 - 4 * 8) / 5;
    const arcana = [...ch.arcana.map((a, n) => ({n, ids: [a.prophet, ...a.cards].filter(Boolean), prophet: a.prophet})),
      {n: 4, ids: ch.interventions, di: true}];
    arcana.forEach((a, i) => {
      const x = narrow ? 8 : 8 + i * (slotW + 8);
      const yy = narrow ? y + i * 78 : y;
      const hgt = narrow ? 70 : 150;
      const cands = sel ? sel.cands.filter((c) => c.endsWith(` ${a.n + 1}`)) : [];
      const kids = [
        title(`Arcanum ${a.n + 1}${a.di ? " (Divine Interventions)" : ""}:\n${a.ids.map((id) => faceWords(id)).join("\n\n") || "empty"}`),
        s("rect", {class: "hit arcanum", width: slotW, height: hgt, rx: 8}),
        label(8, 16, a.di ? "5 · Divine Interventions" : `${a.n + 1} · ${a.prophet ? faceOf(a.prophet)?.name : "no Prophet yet"}`,
          {size: 12, weight: 700, width: slotW - 16}),
        ...(a.di ? a.ids : a.ids.slice(1)).map((id, k) => label(narrow ? 8 + (k % 2) * (slotW / 2) : 10,
          narrow ? 34 + Math.floor(k / 2) * 16 : 36 + k * 16, faceOf(id)?.name || id,
          {size: 11, width: narrow ? slotW / 2 - 12 : slotW - 20})),
      ];
      parts.push(cardGroup(x, yy, {class: "arcanum-slot"}, kids,
        cands.length ? {pick: true, key: `arc:${a.n + 1}`, on: () => table.play(cands[0])} : null));
    });
    y += narrow ? 5 * 78 : 158;
    const bits = [ch.complete ? "all five Arcana complete" : null, ch.minimum ? "at least 4 Prophets with a card each" : null].filter(Boolean);
    if (bits.length) parts.push(label(8, y + 8, bits.join(" · "), {size: 11, cls: "quiet-text"}));
    y += 16;
  }
  return {parts, width, height: y + 8};
}

function interventionCard(id, size) {
  const f = faceOf(id) || {name: id, keywords: []};
  return [
    title(faceWords(id)),
    s("rect", {class: "hit", width: size.w, height: size.h, rx: 7}),
    s("rect", {class: "band", width: size.w, height: 30, rx: 7, fill: "#2c3e50"}),
    label(6, 13, f.name, {size: 11, width: size.w - 12, weight: 700, fill: "#fff"}),
    label(6, 25, "Divine Intervention", {size: 8.5, width: size.w - 12, fill: "#f3e9d2"}),
    label(size.w / 2, 62, (f.keywords || []).map((k) => faceOf(k)?.name || k).join(" "), {size: 9, anchor: "middle"}),
  ];
}

// --- the strip above the board: the selected card's face, the buttons, a hint --------------------
function strip(view, table, d) {
  const obs = view.observation;
  const box = h("div", {class: "dogma-detail", id: "dogma-detail"});
  const sel = d.memo.sel;
  const look = d.memo.look;
  if (look && faceOf(look)) {
    const [head, ...rest] = faceWords(look).split("\n");
    box.append(h("div", {class: "face"}, h("strong", {}, head), rest.map((r) => h("div", {}, r))));
  }
  const buttons = h("div", {class: "buttons"});
  if (sel) {
    const sides = sel.cands.filter((c) => / (left|right)$/.test(c));
    if (sides.length && sides.length === sel.cands.length) {
      const n = neighbours(obs.player);
      for (const c of sides) {
        const side = c.endsWith(" left") ? "left" : "right";
        buttons.append(h("button", {class: "dogma-target", "data-notation": c, on: {click: () => table.play(c)}},
          `Aim at ${who(table, n[side])} (${side})`));
      }
    } else if (!sel.key.startsWith("take:")) {
      buttons.append(h("button", {id: "dogma-confirm", class: "confirm", on: {click: () => d.confirm(sel.cands)}},
        sel.cands.length === 1 ? confirmWords(sel.cands[0], obs, sel.look) : "Place it"));
    }
    buttons.append(h("button", {class: "small", on: {click: () => { d.memo.sel = null; d.memo.look = null; table.redraw(); }}}, "cancel"));
  }
  for (const plain of ["pass", "done", "continue", "conclude"]) {
    const a = d.legal.find((x) => x.notation === plain);
    if (a) buttons.append(h("button", {class: "plain", "data-notation": plain, title: a.text, on: {click: () => table.play(plain)}},
      {pass: "Pass", done: "Pass the packet on", continue: "Examine one more packet (20 damage)", conclude: "Conclude my preparation"}[plain]));
  }
  if (buttons.childNodes.length) box.append(buttons);
  if (!look && !sel) box.append(h("div", {class: "hint"}, hint(view, table, d)));
  return box;
}

function confirmWords(notation, obs, look) {
  const name = look ? faceOf(look)?.name : null;
  if (name && /^(cult|special|intervene)/.test(notation)) return `Place the Order: ${orderWords(notation)} (${name})`;
  if (notation.startsWith("deploy")) return `Deploy this Prophet (${notation})`;
  if (notation.startsWith("wither")) return `Wither this card (${notation})`;
  if (notation.startsWith("revive")) return `Bring this Prophet back (${notation})`;
  if (notation.startsWith("take")) return `Take it (${notation})`;
  return `Place the Order: ${orderWords(notation)}`;
}

function hint(view, table, d) {
  const obs = view.observation;
  if (!d.legal.length) {
    if (obs.phase === "over") return "The game is over. Hover or click a card to read it.";
    return table.seat === null ? "Watching: hover or click a card to read it." : "Waiting for the other players. Hover or click a card to read it.";
  }
  const kinds = new Set(d.legal.map((a) => a.notation.split(" ")[0]));
  if (kinds.has("take")) return "Click a card of the packet, then the Arcanum to put it in; or pass the packet on.";
  if (kinds.has("deploy")) return "Click the Prophet to deploy (your rear guard), then click it again or the button to confirm. Nobody sees it until everyone has chosen.";
  if (kinds.has("wither")) return "Withering: click the Cult card that goes out of the game.";
  if (kinds.has("revive")) return "Sharira: click the defeated Prophet to bring back.";
  if (kinds.has("path")) return "Fidelity Test: click the path you choose in secret.";
  if (kinds.has("guess")) return "Fidelity Test: click the path you think was chosen.";
  const parts = [];
  if (kinds.has("cult")) parts.push("a Cult card (Order III)");
  if (kinds.has("summon")) parts.push("a rear-guard Prophet (Order I, Summoning)");
  if (kinds.has("intervene") || kinds.has("appeal")) parts.push("your Divine Interventions (Order II)");
  if (kinds.has("special")) parts.push("an atom ability (Special)");
  return `Choose your Order in secret: click ${parts.join(", ")}${obs.teams ? ", then the opponent to aim at" : ", then click it again to place it"}.`;
}

// --- the whole board -----------------------------------------------------------------------------
export function draw(root, view, table) {
  current = table;
  catalogue = table.catalogue || {};
  const obs = view.observation;
  if (!obs) return;
  noteReveal(view);
  root.classList.add("dogma-root");
  const width = root.clientWidth || window.innerWidth;
  lastWidth = width;
  const narrow = width < 700;
  const shape = narrow ? "narrow" : obs.players.length === 4 ? "compact" : "wide";
  const d = decision(table);
  root.append(strip(view, table, d));

  let content = [], W = 0, H = 0;
  if (obs.phase === "chaos" && obs.chaos) {
    const c = chaosBoard(view, table, d, narrow);
    content = c.parts;
    W = c.width;
    H = c.height;
  } else {
    const n = obs.players.length;
    const viewer = obs.player ?? 0;
    let top, bottom;
    if (n === 2) {
      top = [(viewer + 1) % 2];
      bottom = [viewer];
    } else {
      const nb = neighbours(viewer);
      top = [nb.left, nb.right];
      bottom = [viewer, (viewer + 2) % 4];
    }
    const side = (p, x, y) => sideGroup(view, table, d, p, x, y, shape);
    if (narrow) {  // one column: the others, the middle, then you
      const order = [...top, ...bottom];
      let y = 0;
      order.forEach((p, i) => {
        if (i === top.length) {
          const c = centreGroup(view, table, d, 0, y, SIDES.narrow.width);
          content.push(c.g);
          y += c.height + 8;
        }
        const sg = side(p, 0, y);
        content.push(sg.g);
        y += sg.height + 8;
      });
      W = SIDES.narrow.width;
      H = y;
    } else {
      const colW = SIDES[shape].width;
      const rowH = SIDES[shape].height;
      W = colW * top.length + (top.length - 1) * 8;
      top.forEach((p, i) => content.push(side(p, i * (colW + 8), 0).g));
      const c = centreGroup(view, table, d, 0, rowH + 8, W);
      content.push(c.g);
      bottom.forEach((p, i) => content.push(side(p, i * (colW + 8), rowH + c.height + 16).g));
      H = 2 * rowH + c.height + 16;
    }
  }
  const svg = board(W, H, {preserveAspectRatio: "xMidYMin meet", class: `board dogma${narrow ? " narrow" : ""}`, "data-phase": obs.phase}, content);
  svg.addEventListener("click", () => {
    if (d.memo.sel || d.memo.look) {
      d.memo.sel = null;
      d.memo.look = null;
      table.redraw();
    }
  });
  root.append(svg);
}
