"""Positions: a readable JSON form of a whole Dogma state, to save any moment and to
set up any situation by hand (cards by id). Omitted fields take their defaults, so a
test can write just the Arcana, who is active, and the damage that matters."""

from __future__ import annotations

from credo.kernel import Commitments, IllegalAction, Rng

from .content import MALEFICS
from .game import ARCANA, MAX_CULT

WHERE = {"rear": 0, "active": 1, "defeated": 2}
WHERE_NAMES = {v: k for k, v in WHERE.items()}


def _mal_names(bits: int) -> list[str]:
    return [m for i, m in enumerate(MALEFICS) if bits >> i & 1]


def state_to_position(s) -> dict:
    from .state import PHASES

    t, g = s.game.tables, s.game
    players = []
    for p in range(s.np):
        arcana = []
        for k in range(ARCANA):
            sl = p * ARCANA + k
            if s.proph[sl] < 0:
                continue
            arcana.append({
                "prophet": t.prophet_ids[s.proph[sl]],
                "cult": [t.cult_ids[c] for c in s.cults[sl]],
                "relics": [t.relic_ids[r] for r in s.relics[sl]],
                "where": WHERE_NAMES[s.where[sl]],
                "damage": s.dmg[sl],
                "fervor_markers": s.fmod[sl],
                "card_markers": s.cmod[sl * MAX_CULT: sl * MAX_CULT + len(s.cults[sl])],
                "malefic": _mal_names(s.mal[sl]),
                "withered": s.wither[sl] if s.wither[sl] >= 0 else None,
                "revealed": bool(s.known[sl] & 1),
                "face_up": [j for j in range(len(s.cults[sl])) if s.known[sl] >> (j + 1) & 1],
                "flags": s.flags[sl],
                "took": s.took[sl],
            })
        players.append({
            "arcana": arcana,
            "active": s.active[p] if s.active[p] >= 0 else None,
            "rear": list(s.rear[p]),
            "interventions": [t.di_ids[d] for d in s.di[p]],
            "played": [t.di_ids[d] for d in s.di_done[p]],
            "damage_in_front": s.pend_dmg[p],
            "arduous": s.arduous[p],
        })
    commit = None
    if s.commit is not None:
        commit = {"players": list(s.commit.players),
                  "choices": {str(p): (c if s.phase == 0 else str(g.actions[c])) for p, c in s.commit.choices.items()}}
    test = None
    if s.test is not None:
        c, (tester, fid, chooser) = s.test
        test = {"tester": tester, "chooser": chooser, "purpose": fid,
                "choices": {str(p): v for p, v in c.choices.items()}}
    cur = None
    if s.cur is not None:
        p, sl, j, ops, label, _ = s.cur
        cur = {"player": p, "slot": sl, "card": j, "label": label, "ops": [list(op) for op in ops]}
    return {
        "game": "dogma",
        "mode": s.mode,
        "decks": list(s.decks),
        "turn_limit": s.turn_limit,
        "phase": PHASES[s.phase],
        "turn": s.turn,
        "players": players,
        "commit": commit,
        "hysteria": list(s.hyst),
        # a cancelled Order of a simultaneous group is stored as ~index
        "plan": [[p, str(g.actions[a if a >= 0 else ~a]), grp, a < 0] for p, a, grp in s.plan],
        "targets": list(s.tgt),
        "fell": list(s.fell),
        "simultaneous": s.sim,
        "ri": s.ri,
        "cur": cur,
        "ei": s.ei,
        "actor": list(s.actor),
        "test": test,
        # [player, slot]: Withering to place on that slot; slot -1: Sharira's choice of Prophet
        "pending": [list(x) for x in s.pending],
        "snapshot": [list(s.snap[0]), list(s.snap[1])] if s.snap else None,
        "last": list(s.last),
        "protect": s.protect,
        "winner": s.winner if s.winner >= 0 else None,
        "first_builder": s.first_builder if s.first_builder >= 0 else None,
        "chaos": _prep_to_position(s),
        "rng": s.rng.to_position(),
    }


def _prep_to_position(s) -> dict | None:
    from .chaos import card_id

    prep = s.prep
    if prep is None:
        return None
    g = s.game
    ids = lambda codes: [card_id(g, x) for x in codes]
    return {
        "packets": [ids(p) for p in prep.packets],
        "step": list(prep.step), "hold": list(prep.hold), "waiting": list(prep.waiting),
        "concluded": list(prep.concluded), "free": list(prep.free), "paid": list(prep.paid),
        "arcana": [[{"prophet": card_id(g, prep.bp[p][n]) if prep.bp[p][n] >= 0 else None,
                     "cards": ids(prep.bc[p][n])} for n in range(ARCANA)] for p in range(prep.n)],
        "interventions": [ids(prep.bd[p]) for p in range(prep.n)],
        "remembered": [{str(n): ids(cards) for n, cards in sorted(prep.seen[p].items())} for p in range(prep.n)],
    }


def _remembered_codes(t, prep, p: int, packet: int, cards: list[str], code) -> list[int]:
    """The codes of a remembered packet. Copies of a Divine Intervention are alike, so a
    remembered copy is the one still in that packet if any, else one in another player's
    Arcana: the copy's identity then agrees with where the card can be."""
    from .chaos import DI

    here = list(prep.packets[packet])
    elsewhere = [x for q in range(prep.n) if q != p for x in prep.bd[q]]
    out = []
    for cid in cards:
        if cid not in t.di_ids:
            out.append(code(cid))
            continue
        copies = [DI + k for k, did in enumerate(t.di_ids) if did == cid]
        pick = next((x for x in here if x in copies), None)
        if pick is None:
            pick = next((x for x in elsewhere if x in copies and x not in out), copies[0])
        else:
            here.remove(pick)
        out.append(pick)
    return out


def _prep_from_position(game, data: dict, n: int):
    from .chaos import CULT, DI, RELIC, Prep

    t = game.tables
    di_free: dict[str, list[int]] = {}
    for k, did in enumerate(t.di_ids):
        di_free.setdefault(did, []).append(k)

    def code(cid: str) -> int:
        if cid in t.prophet_by_id:
            return t.prophet_by_id[cid]
        if cid in t.cult_by_id:
            return CULT + t.cult_by_id[cid]
        if cid in t.relic_by_id:
            return RELIC + t.relic_by_id[cid]
        if di_free.get(cid):
            return DI + di_free[cid].pop(0)
        raise _bad("chaos", f"unknown or exhausted card {cid!r}")

    prep = Prep(n)
    prep.packets = [[code(c) for c in p] for p in data["packets"]]
    prep.step, prep.hold = list(data["step"]), list(data["hold"])
    prep.waiting, prep.concluded = list(data["waiting"]), list(data["concluded"])
    prep.free, prep.paid = list(data["free"]), list(data["paid"])
    for p in range(n):
        for k, arc in enumerate(data["arcana"][p]):
            prep.bp[p][k] = code(arc["prophet"]) if arc["prophet"] else -1
            prep.bc[p][k] = [code(c) for c in arc["cards"]]
        prep.bd[p] = [code(c) for c in data["interventions"][p]]
    for p, memory in enumerate(data.get("remembered", [{}] * n)):
        prep.seen[p] = {int(k): tuple(sorted(_remembered_codes(t, prep, p, int(k), cards, code)))
                        for k, cards in memory.items()}
    return prep


def _bad(field: str, message: str) -> IllegalAction:
    return IllegalAction("Position", f"position field {field}: {message}")


def state_from_position(game, pos: dict):
    from .state import PHASES, DogmaState

    t, g = game.tables, game
    if pos.get("game", "dogma") != "dogma":
        raise _bad("game", f"{pos.get('game')!r} is not dogma")
    try:
        rng_words = pos.get("rng")
        rng = Rng.restore(*rng_words) if rng_words else Rng(pos.get("seed", 0))
        players = pos.get("players")
        if not isinstance(players, list) or len(players) not in (2, 4):
            raise _bad("players", "two players, or four for 2 vs 2, are needed")
        np = len(players)
        s = DogmaState.blank(game, rng, np)
        s.mode = pos.get("mode", "predestination")
        s.decks = list(pos.get("decks") or [])
        s.turn_limit = int(pos.get("turn_limit", 150))
        phase = pos.get("phase", "orders")
        if phase not in PHASES:
            raise _bad("phase", f"{phase!r} is not one of {PHASES}")
        s.phase = PHASES.index(phase)
        s.turn = int(pos.get("turn", 2))
        proph, cults, relics = [-1] * (np * ARCANA), [()] * (np * ARCANA), [()] * (np * ARCANA)
        di_free: dict[str, list[int]] = {}
        for k, did in enumerate(t.di_ids):
            di_free.setdefault(did, []).append(k)

        def di(did: str, field: str) -> int:
            if did not in di_free:
                raise _bad(field, f"unknown Divine Intervention {did!r}")
            if not di_free[did]:
                raise _bad(field, f"no copy of {did!r} left")
            return di_free[did].pop(0)

        chaos_phase = phase in ("chaos", "over")  # no Prophet at all: preparation, or a Chaos game lost at once
        for p, pl in enumerate(players):
            arcana = pl.get("arcana") or []
            if not (0 if chaos_phase or np == 4 else 1) <= len(arcana) <= ARCANA:
                raise _bad(f"players[{p}].arcana", "one to four Prophet Arcana")
            for k, arc in enumerate(arcana):
                sl = p * ARCANA + k
                f = f"players[{p}].arcana[{k}]"
                if arc.get("prophet") not in t.prophet_by_id:
                    raise _bad(f"{f}.prophet", f"unknown Prophet {arc.get('prophet')!r}")
                proph[sl] = t.prophet_by_id[arc["prophet"]]
                cl = []
                for c in arc.get("cult", []):
                    if c not in t.cult_by_id:
                        raise _bad(f"{f}.cult", f"unknown Cult card {c!r}")
                    cl.append(t.cult_by_id[c])
                if len(cl) > MAX_CULT:
                    raise _bad(f"{f}.cult", "at most four Cult cards")
                cults[sl] = tuple(cl)
                rl = []
                for r in arc.get("relics", []):
                    if r not in t.relic_by_id:
                        raise _bad(f"{f}.relics", f"unknown Relic {r!r}")
                    rl.append(t.relic_by_id[r])
                relics[sl] = tuple(rl)
                where = arc.get("where", "rear")
                if where not in WHERE:
                    raise _bad(f"{f}.where", f"{where!r} is not rear, active or defeated")
                s.where[sl] = WHERE[where]
                s.dmg[sl] = int(arc.get("damage", 0))
                s.fmod[sl] = int(arc.get("fervor_markers", 0))
                for j, m in enumerate(arc.get("card_markers", [])):
                    s.cmod[sl * MAX_CULT + j] = int(m)
                bits = 0
                for m in arc.get("malefic", []):
                    if m not in MALEFICS:
                        raise _bad(f"{f}.malefic", f"{m!r} is not one of {MALEFICS}")
                    bits |= 1 << MALEFICS.index(m)
                s.mal[sl] = bits
                wi = arc.get("withered")
                s.wither[sl] = -1 if wi is None else int(wi)
                known = 1 if arc.get("revealed", where != "rear") else 0
                for j in arc.get("face_up", []):
                    known |= 2 << int(j)
                s.known[sl] = known
                s.flags[sl] = int(arc.get("flags", 0))
                s.took[sl] = int(arc.get("took", 0))
            active = pl.get("active")
            if active is None:
                actives = [k for k in range(len(arcana)) if s.where[p * ARCANA + k] == 1]
                active = actives[0] if actives else None
            s.active[p] = -1 if active is None else int(active)
            if s.active[p] >= 0:
                s.where[p * ARCANA + s.active[p]] = 1
                s.known[p * ARCANA + s.active[p]] |= 1
            rear = pl.get("rear")
            if rear is None:
                rear = [k for k in range(len(arcana)) if s.where[p * ARCANA + k] == 0]
            s.rear[p] = [int(k) for k in rear]
            for k in s.rear[p]:
                if s.where[p * ARCANA + k] != 0:
                    raise _bad(f"players[{p}].rear", f"Arcanum {k} is not in the rear guard")
            s.di[p] = [di(d, f"players[{p}].interventions") for d in pl.get("interventions", [])]
            s.di_done = s.di_done[:p] + (tuple(di(d, f"players[{p}].played") for d in pl.get("played", [])),) \
                + s.di_done[p + 1:]
            s.pend_dmg[p] = int(pl.get("damage_in_front", 0))
            s.arduous[p] = int(pl.get("arduous", -9))
        s.set_cards(proph, cults, relics)
        commit = pos.get("commit", "default")
        if commit == "default":
            if s.phase == 1:
                s.commit = Commitments((0, 1) if np == 2 else tuple(p for p in range(np) if s.active[p] >= 0))
            elif s.phase == 0:
                s.commit = Commitments(tuple(p for p in range(np) if s.active[p] < 0 and s.rear[p]))
        elif commit is not None:
            choices = {}
            for key, v in commit.get("choices", {}).items():
                choices[int(key)] = int(v) if s.phase == 0 else g.actions.parse(v).index
            s.commit = Commitments(tuple(commit["players"]), choices)
        s.hyst = tuple(pos.get("hysteria", ()))
        if "hysteria" not in pos and s.phase == 1:
            from .game import HYSTERIA

            live = [p for p in range(np) if s.active[p] >= 0]
            h = [p for p in live if s.mal[p * ARCANA + s.active[p]] & HYSTERIA]
            s.hyst = tuple(h) if 0 < len(h) < (2 if np == 2 else len(live)) else ()
        s.sim = bool(pos.get("simultaneous", False))
        plan = []
        for i, entry in enumerate(pos.get("plan", [])):
            p, a = entry[0], entry[1]
            # a hand-written plan without groups: one simultaneous group, or one Order per group
            grp = entry[2] if len(entry) > 2 else (0 if s.sim else i)
            index = g.actions.parse(a).index
            plan.append((int(p), ~index if len(entry) > 3 and entry[3] else index, int(grp)))
        s.plan = tuple(plan)
        if "targets" in pos:
            s.tgt = tuple(int(q) for q in pos["targets"])
        if "fell" in pos:
            s.fell = tuple(int(x) for x in pos["fell"])
        s.ri = int(pos.get("ri", 0))
        cur = pos.get("cur")
        if cur is not None:
            s.cur = (cur["player"], cur["slot"], cur["card"], tuple(tuple(op) for op in cur["ops"]), cur["label"], 0)
        s.ei = int(pos.get("ei", 0))
        s.actor = tuple(pos.get("actor", s.active))
        test = pos.get("test")
        if test is not None:
            tester = int(test["tester"])
            chooser = int(test.get("chooser", 1 - tester))
            s.test = (Commitments((tester, chooser), {int(k): int(v) for k, v in test["choices"].items()}),
                      (tester, test["purpose"], chooser))
        s.pending = tuple((int(a), int(b)) for a, b in pos.get("pending", []))
        snap = pos.get("snapshot")
        s.snap = (tuple(snap[0]), tuple(snap[1])) if snap else None
        s.last = tuple(pos.get("last", [-1] * np))
        s.protect = int(pos.get("protect", 0))
        winner = pos.get("winner")
        s.winner = -1 if winner is None else int(winner)
        fb = pos.get("first_builder")
        s.first_builder = -1 if fb is None else int(fb)
        if pos.get("chaos"):
            s.prep = _prep_from_position(game, pos["chaos"], np)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise _bad("(structure)", str(exc)) from None
    return s
