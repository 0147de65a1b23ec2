// Jol in the browser: the three lanes with both sides' Cogum, the INF totals, the Manifests,
// the hands (yours face up), decks, graveyards and the Prayer steps, drawn from one seat's
// observation. A click picks what a legal action starts from (a card in your hand, one of your
// Cogum) and then where it goes (a lane, a Cogum, your Manifest) or what it does (a button).
import {h, s, board, title} from "/static/js/dom.js";

export const about = "Three lanes, two Faiths: summon Cogum, Instigate and Influence until you hold 15 INF in two lanes at once.";

const LANES = ["boog", "court", "limit"];
const CAP = (w) => (w ? w[0].toUpperCase() + w.slice(1) : "");
const STAT_LABELS = ["DET", "HRT", "SPRT"];
const STAT_NAMES = ["Determination", "Heart", "Spirit"];
const FAMILY_COLOURS = {cogum: "#6b4f2a", talent: "#b7950b", vow: "#7d3c98", prophecy: "#117a65", prayer: "#2e86c1"};
const FAITH_COLOURS = {jovinet: "#c27c0e", terrisol: "#5d6d7e"};
const VERB_LABELS = {instigate: "Instigate", influence: "Influence", talent: "Play", pray: "Pray"};

// --- what the legal actions allow ------------------------------------------------------------
// Each notation is "verb [card] [target]": the card is what is clicked first, the target (a lane,
// a card, or implied by the verb) what is clicked next. Nothing is clickable that no legal action
// names, so the board never offers an illegal action.
function targetKey(verb, target) {
  if (verb === "summon" || verb === "deploy") return `lane:${target}`;
  if (verb === "manifest" || verb === "prophecy") return "manifest";
  if (verb === "defend") return "now";
  if (verb === "vow") return `card:${target}`;
  if (verb === "talent" || verb === "pray") {
    if (!target) return `button:${verb}`;
    return LANES.includes(target) ? `lane:${target}` : `card:${target}`;
  }
  return `button:${verb}`;  // instigate, influence
}

function readLegal(legal) {
  const bySource = new Map();
  const plain = [];  // pass, end
  for (const a of legal || []) {
    const [verb, card, target] = a.notation.split(" ");
    if (!card) {
      plain.push(a);
      continue;
    }
    if (!bySource.has(card)) bySource.set(card, []);
    bySource.get(card).push({action: a, verb, key: targetKey(verb, target)});
  }
  return {bySource, plain};
}

function targetsOf(options) {
  const out = new Map();
  for (const o of options) {
    if (!out.has(o.key)) out.set(o.key, []);
    out.get(o.key).push(o);
  }
  return out;
}

// --- what each card is ----------------------------------------------------------------------
// The observation names each face-up card by its number and card id; the catalogue (fetched once
// per page) says what that card is. A copy of the observation with every card's face merged in is
// what the drawing reads, so a card's name, family, text and printed stats are always at hand.
function withFaces(x, faces) {
  if (Array.isArray(x)) return x.map((v) => withFaces(v, faces));
  if (!x || typeof x !== "object") return x;
  const out = {};
  for (const [k, v] of Object.entries(x)) out[k] = withFaces(v, faces);
  return typeof x.card === "string" ? {...(faces[x.card] || {name: x.card}), ...out} : out;
}

// --- small drawing helpers ------------------------------------------------------------------
function tint(hex, amount) {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c) => Math.round(c + (255 - c) * amount);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `rgb(${r},${g},${b})`;
}

// Text is cut or wrapped by an estimate of its width (bold letters are wider): an SVG text does
// not wrap, and measuring needs the board in the page first.
function fit(text, width, size, bold = false) {
  const most = Math.max(3, Math.floor(width / (size * (bold ? 0.63 : 0.56))));
  return text.length <= most ? text : `${text.slice(0, most - 1)}…`;
}

function wrap(text, width, size, lines) {
  const most = Math.max(4, Math.floor(width / (size * 0.62)));
  const out = [];
  let line = "";
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > most) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = fit(`${out[lines - 1]}…`, width, size);
  }
  return out;
}

function label(x, y, text, attrs = {}) {
  return s("text", {x, y, "font-size": 12, fill: "#1f1b16", ...attrs}, text);
}

function button(x, y, w, text, act, attrs = {}) {
  return s("g", {class: "pick jol-button", "data-act": act, transform: `translate(${x},${y})`, ...attrs},
    s("rect", {class: "hit", width: w, height: 28, rx: 6, fill: "#fff6e3", stroke: "#8a5a14", "stroke-width": 1.5}),
    label(w / 2, 18.5, text, {"text-anchor": "middle", "font-weight": 700, "font-size": 13}));
}

function cardNames(cards) {
  return cards.map((c) => `${c.id} ${c.name}`).join(", ");
}

function cogumTitle(c, whose) {
  const now = [c.det, c.hrt, c.sprt];
  const stats = STAT_LABELS.map((l, k) => `${l} ${now[k]}${c.printed && c.printed[k] !== now[k] ? ` (printed ${c.printed[k]})` : ""}`).join(", ");
  const parts = [`${c.id} ${c.name}: ${whose} ${CAP(c.virtue)} ${CAP(c.faith)} Cogum${c.planet ? ` of the planet ${c.planet}` : ""}`,
    stats, c.ready ? "Ready" : "Exhausted"];
  if (c.engaged) parts.push("has engaged this turn");
  if (c.skill) parts.push(`Skill ${c.skill}: ${c.text}`);
  for (const v of c.vows || []) parts.push(`Vow ${v.id} ${v.name}: ${v.text}`);
  return parts.join(". ") + ".";
}

function cardTitle(c) {
  if (c.family === "cogum") {
    const stats = (c.printed || []).map((v, k) => `${STAT_LABELS[k]} ${v}`).join(", ");
    return `${c.id} ${c.name}: a Cogum, ${stats}${c.text ? `. Skill: ${c.text}` : ""}`;
  }
  return `${c.id} ${c.name}: a ${CAP(c.family)}. ${c.text || ""}`;
}

// --- the drawing ----------------------------------------------------------------------------
export function draw(root, view, table) {
  if (!view.observation || !view.observation.lanes) {
    root.append(h("p", {class: "quiet", style: "padding:1rem"}, "The game starts when every seat is taken."));
    return;
  }
  const catalogue = table.catalogue || {};
  if (!catalogue.cards || !catalogue.rules) {
    root.append(h("p", {class: "quiet", style: "padding:1rem"}, "The game's cards could not be loaded: reload the page."));
    return;
  }
  const obs = withFaces(view.observation, catalogue.cards);
  const rules = catalogue.rules;
  const narrow = (root.clientWidth || 800) < 620;
  const W = narrow ? 420 : 720;
  const pad = 8, gap = 8;
  const colW = (W - 2 * pad - 2 * gap) / 3;
  const PH = 58;  // a Cogum's height
  const me = obs.player === 0 || obs.player === 1 ? obs.player : 0;  // a spectator sees player 1 at the bottom
  const them = 1 - me;
  const seated = obs.player === 0 || obs.player === 1;
  const mine = view.legal && view.legal.length && !(table.seat === null || table.seat === undefined);
  const {bySource, plain} = readLegal(mine ? view.legal : []);
  const memo = table.memo;
  if (memo.source && !bySource.has(memo.source)) delete memo.source;
  const chosen = memo.source ? targetsOf(bySource.get(memo.source)) : new Map();
  const engagement = obs.engagement;
  const lasting = obs.lasting || [];
  const colX = (k) => pad + k * (colW + gap);

  const select = (id) => {
    const options = bySource.get(id);
    if (memo.source === id) delete memo.source;
    else if (options.length === 1 && options[0].key === "now") return table.play(options[0].action.notation);
    else memo.source = id;
    table.redraw();
  };
  const choose = (key) => {
    const options = chosen.get(key) || [];
    table.offer(options.map((o) => o.action), "Choose one");
  };
  // how a card's element reacts: a target of the chosen card, a card to choose, or nothing
  const clickable = (id, node) => {
    if (chosen.has(`card:${id}`)) {
      node.classList.add("pick");
      node.setAttribute("data-target", "yes");
      node.addEventListener("click", (e) => { e.stopPropagation(); choose(`card:${id}`); });
    } else if (bySource.has(id)) {
      node.classList.add("pick");
      node.setAttribute("data-acts", [...new Set(bySource.get(id).map((o) => o.verb))].join(" "));
      if (memo.source === id) node.classList.add("picked");
      node.addEventListener("click", (e) => { e.stopPropagation(); select(id); });
    }
    return node;
  };

  const parts = [];
  const style = s("style", {}, `
    .jol-small { font-size: 9.5px; fill: #5a5247; }
    .jol-space { fill: none; stroke: #cbbf9f; stroke-dasharray: 4 3; }
    .jol-button:hover rect { fill: #ffe9b8; }
    .jol-zone.pick > .hit { fill: rgba(241,196,15,.16); }
    svg.jol .picked text, svg.jol .picked .jol-stat rect { stroke: none !important; }
  `);
  parts.push(style);
  let y = pad;

  // --- the turn, its phases and the engagement under way ---------------------------------------
  const phaseNow = {formation: 2, engagement: 3, prayer: 3, defender: 3, over: -1}[obs.phase];
  const current = obs.current;
  parts.push(s("circle", {cx: pad + 7, cy: y + 9, r: 7, fill: table.colour(current)}));
  let turnText = `Turn ${obs.turn}: ${seated && current === me ? "your turn" : `${table.name(current)}'s turn`}`;
  if (obs.winner !== null && obs.winner !== undefined) {
    const lanesWon = obs.lanes.filter((lane) => lane.inf[obs.winner] >= rules.win_inf).length;
    const why = lanesWon >= rules.win_lanes ? `${rules.win_inf} INF in two lanes` : "the other side had to draw from an empty deck";
    turnText = `${seated && obs.winner === me ? "You win" : `${table.name(obs.winner)} wins`}: ${why}`;
  } else if (view.status === "finished") {
    turnText = "The game is over.";
  }
  parts.push(label(pad + 20, y + 13, fit(turnText, W - 2 * pad - 20, 13, true), {"font-size": 13, "font-weight": 700, id: "jol-turn"}));
  y += 22;
  const steps = ["Draw", "Ready", "Formation", "Engagement", "End"];
  const stepW = (W - 2 * pad) / steps.length;
  steps.forEach((name, k) => {
    const on = k === phaseNow;
    parts.push(s("g", {class: "jol-phase", "data-phase": name.toLowerCase(), "data-current": on ? "yes" : null},
      s("rect", {x: pad + k * stepW + 1, y, width: stepW - 2, height: 18, rx: 9,
        fill: on ? table.colour(current) : "#ece5d6"}),
      label(pad + k * stepW + stepW / 2, y + 13, name, {"text-anchor": "middle", "font-size": narrow ? 10 : 11,
        fill: on ? "#fff" : "#6f665a", "font-weight": on ? 700 : 400}),
      title(`${name} phase${on ? " (now)" : ""}`)));
  });
  y += 24;
  const findCogum = (id) => {
    for (const lane of obs.lanes) for (const side of lane.cogum) for (const c of side) if (c.id === id) return c;
    return null;
  };
  if (engagement) {
    const a = findCogum(engagement.engaging), d = engagement.defender ? findCogum(engagement.defender) : null;
    const instigating = engagement.kind === "instigate";
    const aStat = a ? (instigating ? `DET ${a.det}` : `SPRT ${a.sprt}`) : "";
    const dStat = d ? (instigating ? `HRT ${d.hrt}` : `SPRT ${d.sprt}`) : "";
    const line = `${engagement.engaging}${a ? ` ${a.name}` : ""} ${instigating ? "instigates" : "influences"} in the ${CAP(engagement.lane)}`
      + ` (${aStat})` + (engagement.defender ? ` · defender ${engagement.defender}${d ? ` (${dStat})` : ""}` : obs.phase === "defender" ? " · a defender is being chosen" : "");
    parts.push(label(pad, y + 12, fit(line, W - 2 * pad, 12), {"font-size": 12, "font-weight": 600, id: "jol-engagement"}));
    y += 18;
    // the two Prayer steps: after the declaration, after the choice of defender
    const pw = (W - 2 * pad) / 2;
    [1, 2].forEach((n) => {
      const now = obs.phase === "prayer" && engagement.step === n;
      const done = engagement.step > n || (n === 1 && obs.phase === "defender");
      const answering = now && engagement.answering !== null && engagement.answering !== undefined
        ? ` · ${seated && engagement.answering === me ? "you answer" : `${table.name(engagement.answering)} answers`}` : "";
      parts.push(s("g", {class: "jol-prayer-step", "data-step": n, "data-current": now ? "yes" : null},
        s("rect", {x: pad + (n - 1) * pw + 1, y, width: pw - 2, height: 18, rx: 4,
          fill: now ? "#d6eaf8" : done ? "#eef2f3" : "#f7f3ea", stroke: now ? "#2e86c1" : "#d8cfbd"}),
        label(pad + (n - 1) * pw + 8, y + 13, fit(`Prayer step ${n}${n === 1 ? " (after the declaration)" : " (after the defender)"}${answering}`, pw - 16, 11),
          {"font-size": 11, "font-weight": now ? 700 : 400}),
        title(`Prayer step ${n} of 2: the player who did not take the action may play one Prayer, then the other; passing is final for the step.`)));
    });
    y += 24;
  }

  // --- a side's line: name, deck, hand, graveyard, Prophecies ---------------------------------
  const sideLine = (p, yy) => {
    const side = obs.players[p];
    const yours = seated && p === me;
    const g = s("g", {class: "jol-side", "data-player": p});
    g.append(s("rect", {x: pad, y: yy, width: W - 2 * pad, height: 24, rx: 4, fill: tint(table.colour(p), 0.85)}));
    const name = yours ? `You (${table.name(p)})` : table.name(p);
    g.append(s("circle", {cx: pad + 10, cy: yy + 12, r: 6, fill: table.colour(p)}));
    g.append(label(pad + 20, yy + 16, fit(name, narrow ? 100 : 180, 12, true), {"font-weight": 700}));
    let x = pad + (narrow ? 122 : 210);
    const text = (t) => t.length * 11 * 0.56;  // a line's width at 11px, near enough
    // the hand: backs for a hand you cannot see (yours is drawn face up below)
    const backs = yours ? 0 : Math.min(side.hand_size, narrow ? 4 : 8);
    const handText = `${side.hand_size} in hand`;
    const hand = s("g", {class: "jol-hand-count", "data-count": side.hand_size},
      title(`${yours ? "Your" : `${table.name(p)}'s`} hand: ${side.hand_size} card${side.hand_size === 1 ? "" : "s"}`));
    for (let k = 0; k < backs; k++) {
      hand.append(s("rect", {class: "jol-back", x: x + k * 6, y: yy + 3, width: 12, height: 18, rx: 2, fill: "#3b2f1e", stroke: "#e6d8b8", "stroke-width": 1}));
    }
    const hx = x + (backs ? backs * 6 + 10 : 0);
    hand.append(label(hx, yy + 16, handText, {"font-size": 11}));
    g.append(hand);
    x = hx + text(handText) + 12;
    const deckText = `deck ${side.deck_size}`;
    g.append(s("g", {class: "jol-deck", "data-count": side.deck_size},
      s("rect", {x, y: yy + 5, width: 11, height: 15, rx: 2, fill: "#5b4a30"}),
      s("rect", {x: x + 2, y: yy + 3, width: 11, height: 15, rx: 2, fill: "#3b2f1e", stroke: "#e6d8b8"}),
      label(x + 17, yy + 16, deckText, {"font-size": 11}),
      title(`${(catalogue.decks && catalogue.decks[side.deck] || {name: side.deck}).name} deck: ${side.deck_size} cards left (drawing from an empty deck loses)`)));
    x += 17 + text(deckText) + 12;
    const grave = side.graveyard || [];
    const graveText = `${narrow ? "grave" : "graveyard"} ${grave.length}`;
    g.append(s("g", {class: "jol-graveyard", "data-count": grave.length},
      label(x, yy + 16, graveText, {"font-size": 11}),
      title(grave.length ? `Graveyard: ${cardNames(grave)}` : "Graveyard: empty")));
    x += text(graveText) + 12;
    const down = side.face_down || [];
    if (down.length) {
      const known = side.prophecies || [];
      g.append(s("g", {class: "jol-prophecies", "data-count": down.length},
        down.map((id, k) => s("rect", {x: x + k * 8, y: yy + 3, width: 11, height: 18, rx: 2, fill: "#117a65", stroke: "#e6d8b8"})),
        label(x + down.length * 8 + 7, yy + 16, narrow ? `${down.length} Pr.` : `${down.length} Prophec${down.length === 1 ? "y" : "ies"}`, {"font-size": 11}),
        title(known.length ? `Your face-down Prophecies: ${known.map((c) => `${c.id} ${c.name}: ${c.text}`).join("; ")}`
          : `Face-down Prophecies: ${down.join(", ")} (hidden)`)));
    }
    return g;
  };

  // --- a Cogum ------------------------------------------------------------------------------
  const cogum = (c, x, yy, w) => {
    const owner = c.owner;
    const colour = table.colour(owner);
    const node = s("g", {class: "jol-cogum", transform: `translate(${x},${yy})`, "data-card": c.id, "data-face": c.card,
      "data-ready": c.ready ? "yes" : "no", "data-owner": owner});
    const attacking = engagement && engagement.engaging === c.id;
    const defending = engagement && engagement.defender === c.id;
    node.append(s("rect", {class: "hit", width: w, height: PH, rx: 6,
      fill: c.ready ? tint(colour, 0.88) : "#e4e0d8", stroke: colour, "stroke-width": attacking || defending ? 3 : 1.5,
      "stroke-dasharray": c.ready ? null : "5 3"}));
    node.append(s("rect", {x: 0, y: 0, width: 5, height: PH, rx: 2, fill: FAITH_COLOURS[c.faith] || "#999"}));
    node.append(label(9, 14, fit(`${c.id} ${c.name}`, w - 14, 12, true), {"font-size": 12, "font-weight": 700}));
    const now = [c.det, c.hrt, c.sprt];
    const chipW = (w - 14) / 3;
    now.forEach((v, k) => {
      const printed = c.printed ? c.printed[k] : v;
      const fill = v > printed ? "#1e8449" : v < printed ? "#a93226" : "#1f1b16";
      node.append(s("g", {class: "jol-stat", "data-stat": STAT_LABELS[k].toLowerCase(), "data-value": v},
        s("rect", {x: 9 + k * chipW, y: 19, width: chipW - 3, height: 19, rx: 3, fill: "#fffdf8", stroke: "#d8cfbd"}),
        label(11 + k * chipW, 32, STAT_LABELS[k], {"font-size": narrow ? 6.5 : 8, fill: "#6f665a"}),
        label(9 + (k + 1) * chipW - 6, 34, v, {"font-size": narrow ? 13 : 14, "font-weight": 700, "text-anchor": "end", fill})));
    });
    const marks = [c.ready ? "Ready" : "Exhausted", CAP(c.virtue)];
    if (c.vows && c.vows.length) marks.push(`${c.vows.length} Vow${c.vows.length > 1 ? "s" : ""}`);
    const tags = lasting.filter((t) => t.on === c.id);
    if (tags.length) marks.push(tags.map((t) => t.name).join(", "));
    if (attacking) marks.unshift(engagement.kind === "instigate" ? "INSTIGATING" : "INFLUENCING");
    else if (defending) marks.unshift("DEFENDING");
    else if (c.engaged) marks.push("engaged");
    // the class sets the colour, so an engaged Cogum's red is a style (a style outranks a class)
    node.append(label(9, 51, fit(marks.join(" · "), w - 14, 9.5, attacking || defending), {class: "jol-small", fill: null,
      style: attacking || defending ? "fill:#a93226" : null, "font-weight": attacking || defending ? 700 : null}));
    node.append(title(cogumTitle(c, seated && owner === me ? "your" : `${table.name(owner)}'s`)));
    return clickable(c.id, node);
  };

  // --- a Manifest (at most three Cogum, aligned with the lanes) --------------------------------
  const manifest = (p, yy) => {
    const side = obs.players[p];
    const size = rules.manifest_size;
    const g = s("g", {class: "jol-manifest jol-zone", "data-player": p});
    const target = seated && p === me && chosen.has("manifest");
    const whose = seated && p === me ? "Your" : `${table.name(p)}'s`;
    // an empty Manifest is a thin strip, unless it is where the chosen card can go
    const full = side.manifest.length > 0 || target;
    const height = full ? PH + 20 : 20;
    g.append(s("rect", {class: "hit", x: pad - 3, y: yy - 3, width: W - 2 * pad + 6, height, rx: 6,
      fill: "#f3eee3", stroke: "#d8cfbd", "stroke-dasharray": full ? null : "4 3"}));
    g.append(label(pad + 2, yy + 10, `${whose} Manifest (${side.manifest.length}/${size})${full ? "" : ": empty"}`, {"font-size": 10, fill: "#6f665a"}));
    if (full) {
      for (let k = 0; k < 3; k++) {
        const c = side.manifest[k];
        if (c) g.append(cogum(c, colX(k), yy + 13, colW));
        else if (k < size) g.append(s("rect", {class: "jol-space", x: colX(k), y: yy + 13, width: colW, height: PH - 4, rx: 6}));
      }
    }
    g.append(title(`${whose} Manifest holds at most ${size} Cogum; a Cogum moved there becomes Exhausted, and returns Ready to a lane.`));
    if (target) {
      g.classList.add("pick");
      g.setAttribute("data-target", "yes");
      g.addEventListener("click", () => choose("manifest"));
    }
    return [g, height + 6];
  };

  // --- the top: the other side ---------------------------------------------------------------
  parts.push(sideLine(them, y));
  y += 30;
  {
    const [g, height] = manifest(them, y);
    parts.push(g);
    y += height;
  }

  // --- the lanes -------------------------------------------------------------------------------
  const spaces = rules.lane_spaces;
  const win = rules.win_inf;
  const sideH = spaces * PH + (spaces - 1) * 4;
  const infH = 46;
  obs.lanes.forEach((lane, k) => {
    const x = colX(k);
    const lname = CAP(lane.lane);
    const laneTags = lasting.filter((t) => t.on === lane.lane);
    const col = s("g", {class: "jol-lane", "data-lane": lane.lane});
    col.append(s("rect", {x: x - 3, y: y - 2, width: colW + 6, height: 22 + 2 * sideH + infH + 12, rx: 8, fill: "#efe7d6"}));
    col.append(label(x + colW / 2, y + 13, lname.toUpperCase(), {"text-anchor": "middle", "font-weight": 700, "letter-spacing": 2, "font-size": 13}));
    if (laneTags.length) col.append(s("g", {}, label(x + colW - 2, y + 13, "✶", {"text-anchor": "end", fill: "#b7950b"}),
      title(laneTags.map((t) => `${t.id} ${t.name} (${table.name(t.owner)}): ${t.text}`).join("; "))));
    col.append(title(`The ${lname}: ${spaces} spaces per side.`));
    // one side of the lane: its Cogum, its open spaces, and (as a target) the place to click
    const half = (p, yy) => {
      const g = s("g", {class: "jol-half jol-zone", "data-lane": lane.lane, "data-player": p});
      const key = `lane:${lane.lane}`;
      const target = seated && p === me && chosen.has(key);
      g.append(s("rect", {class: target ? "hit" : null, x: x - 1, y: yy - 2, width: colW + 2, height: sideH + 4, rx: 6,
        fill: target ? "rgba(241,196,15,.12)" : "none", stroke: "none"}));
      const list = lane.cogum[p];
      for (let n = 0; n < spaces; n++) {
        // the other side's Cogum fill from the middle of the board outwards
        const slot = p === me ? n : spaces - 1 - n;
        const sy = yy + slot * (PH + 4);
        if (list[n]) g.append(cogum(list[n], x, sy, colW));
        else g.append(s("rect", {class: "jol-space", x: x + 1, y: sy + 1, width: colW - 2, height: PH - 2, rx: 6}));
      }
      if (target) {
        g.classList.add("pick");
        g.setAttribute("data-target", "yes");
        g.addEventListener("click", () => choose(key));
      }
      return g;
    };
    col.append(half(them, y + 20));
    // the two INF totals of the lane: they never cancel each other out
    const iy = y + 22 + sideH + 4;
    [them, me].forEach((p, r) => {
      const value = lane.inf[p];
      const by = iy + r * 20 + 2;
      const barX = x + 26, barW = colW - 62;
      const g = s("g", {class: "jol-inf", "data-player": p, "data-value": value},
        s("circle", {cx: x + 10, cy: by + 7, r: 5, fill: table.colour(p)}),
        s("rect", {x: barX, y: by, width: barW, height: 14, rx: 3, fill: "#fffdf8", stroke: value >= win ? "#b7950b" : "#d8cfbd",
          "stroke-width": value >= win ? 2 : 1}),
        s("rect", {x: barX, y: by, width: barW * Math.min(value, win) / win, height: 14, rx: 3, fill: table.colour(p)}),
        label(x + colW - 4, by + 12, `${value}${value >= win ? "★" : ""}`, {"text-anchor": "end", "font-weight": 700, "font-size": 13}),
        title(`${seated && p === me ? "Your" : `${table.name(p)}'s`} INF in the ${lname}: ${value} of ${win}. ${win} in two lanes at the same time wins.`));
      col.append(g);
    });
    col.append(half(me, iy + infH));
    parts.push(col);
  });
  y += 22 + 2 * sideH + infH + 16;

  // --- the bottom: your side ------------------------------------------------------------------
  {
    const [g, height] = manifest(me, y);
    parts.push(g);
    y += height;
  }
  parts.push(sideLine(me, y));
  y += 30;

  // --- what to do now: a prompt and the buttons of the actions that need no target ------------
  const prompt = promptText(obs, view, table, seated, me, memo, bySource);
  const lines = wrap(prompt, W - 2 * pad, mine ? 13.5 : 12.5, narrow ? 3 : 2);
  lines.forEach((line, k) => parts.push(label(pad, y + 13 + k * 16, line, {"font-size": 12.5, class: "jol-prompt",
    "font-weight": mine ? 700 : 400})));
  y += lines.length * 16 + 4;
  const buttons = [];
  if (memo.source) {
    for (const [key, options] of chosen) {
      if (!key.startsWith("button:")) continue;
      const verb = key.slice(7);
      buttons.push([`${VERB_LABELS[verb] || CAP(verb)} ${memo.source}`, `${verb}`, () => choose(key), options]);
    }
    buttons.push(["Cancel", "cancel", () => { delete memo.source; table.redraw(); }]);
  }
  for (const a of plain) {
    const text = a.notation === "end" ? "End turn" : a.notation === "pass" ? "Pass" : CAP(a.notation);
    buttons.push([text, a.notation, () => table.play(a.notation), [a]]);
  }
  let bx = pad;
  for (const [text, act, go, options] of buttons) {
    const w = Math.max(64, text.length * 7.6 + 20);
    if (bx + w > W - pad) {
      bx = pad;
      y += 34;
    }
    const b = button(bx, y, w, text, act, {on: {click: go}});
    if (options) b.append(title(options.map((o) => (o.action ? o.action.text : o.text)).join(" ")));
    parts.push(b);
    bx += w + 8;
  }
  if (buttons.length) y += 36;

  // --- your hand, face up ---------------------------------------------------------------------
  const hand = seated ? obs.players[me].hand || [] : [];
  if (seated) {
    const perRow = narrow ? 4 : 8;
    const cw = (W - 2 * pad - (perRow - 1) * 6) / perRow;
    const ch = 112;
    parts.push(label(pad, y + 11, hand.length ? "Your hand" : "Your hand is empty", {"font-size": 10, fill: "#6f665a"}));
    y += 16;
    hand.forEach((c, k) => {
      const x = pad + (k % perRow) * (cw + 6);
      const yy = y + Math.floor(k / perRow) * (ch + 6);
      parts.push(handCard(c, x, yy, cw, ch, clickable));
    });
    y += Math.ceil(hand.length / perRow) * (ch + 6);
  }
  y += pad;

  const svg = board(W, y, {class: `board jol ${narrow ? "narrow" : "wide"}`, "aria-label": "the Jol board"}, parts);
  if (narrow) svg.setAttribute("style", "max-height:none");
  root.append(svg);
}

function handCard(c, x, y, w, hgt, clickable) {
  const colour = FAMILY_COLOURS[c.family] || "#666";
  const node = s("g", {class: "jol-card", transform: `translate(${x},${y})`, "data-card": c.id, "data-face": c.card,
    "data-family": c.family});
  node.append(s("rect", {class: "hit", width: w, height: hgt, rx: 6, fill: "#fffdf8", stroke: colour, "stroke-width": 1.5}));
  node.append(s("rect", {width: w, height: 17, rx: 6, fill: colour}));
  node.append(s("rect", {y: 10, width: w, height: 7, fill: colour}));
  node.append(label(5, 12.5, c.id, {"font-size": 10, fill: "#fff", "font-weight": 700}));
  node.append(label(w - 5, 12.5, CAP(c.family), {"font-size": 9.5, fill: "#fff", "text-anchor": "end"}));
  const nameLines = wrap(c.name, w - 8, 12.5, 2);  // bold: wider letters
  nameLines.forEach((line, k) => node.append(label(5, 31 + k * 13, line, {"font-size": 11.5, "font-weight": 700})));
  let y0 = 31 + nameLines.length * 13;
  if (c.family === "cogum" && c.printed) {
    const chipW = (w - 8) / 3;
    c.printed.forEach((v, k) => node.append(
      s("rect", {x: 4 + k * chipW, y: y0 - 4, width: chipW - 2, height: 24, rx: 3, fill: "#f3eee3"}),
      label(4 + k * chipW + (chipW - 2) / 2, y0 + 5, STAT_LABELS[k], {"font-size": 7.5, "text-anchor": "middle", fill: "#6f665a"}),
      label(4 + k * chipW + (chipW - 2) / 2, y0 + 17, v, {"font-size": 12, "font-weight": 700, "text-anchor": "middle"})));
    y0 += 30;
  }
  if (c.text) {
    const rest = Math.max(1, Math.floor((hgt - y0 + 2) / 11));
    wrap(c.text, w - 8, 9, rest).forEach((line, k) => node.append(label(5, y0 + k * 11, line, {"font-size": 9, fill: "#3d362c"})));
  }
  node.append(title(cardTitle(c)));
  return clickable(c.id, node);
}

function promptText(obs, view, table, seated, me, memo, bySource) {
  if (obs.phase === "over") return "The game is over.";
  const yours = seated && view.legal && view.legal.length && table.seat !== null && table.seat !== undefined;
  if (!yours) {
    const waiting = (view.to_move || obs.to_move || []).map((p) => table.name(p)).join(", ");
    return seated ? `Waiting for ${waiting}.` : `Watching: ${waiting} to decide.`;
  }
  if (memo.source) {
    const keys = [...new Set(bySource.get(memo.source).map((o) => o.key.split(":")[0]))];
    const where = keys.map((k) => ({lane: "a lane", card: "a Cogum", manifest: "your Manifest", button: "a button below", now: "it"}[k]));
    return `${memo.source}: now click ${where.join(" or ")} (highlighted), or Cancel.`;
  }
  if (obs.phase === "defender") {
    return `Choose which Ready Cogum defends in the ${CAP(obs.engagement.lane)}: click one of yours there.`;
  }
  if (obs.phase === "prayer") {
    const can = bySource.size ? "Click a Prayer in your hand to play it, or Pass" : "You have no Prayer to play: Pass";
    return `Prayer step ${obs.engagement.step}: ${can} (passing is final for this step).`;
  }
  const summon = obs.summoned ? "" : "summon a Cogum (once a turn), ";
  if (obs.phase === "formation") {
    return `Your turn: click a card in your hand or one of your Cogum to ${summon}play Capacities, move Cogum, or engage; End turn when done.`;
  }
  return "Engage with a Ready Cogum (click it, then Instigate or Influence), or End turn.";
}
