"""Dogma in the browser, played by clicking the board (games/dogma.js): a Prophet deployed and
Orders placed by clicking cards, the computer answering, a reload mid-game, a whole game to
its end and its replay, two people choosing secret Orders at once, the 2 vs 2 table, and a
spectator who sees no hidden card."""

from __future__ import annotations

import re
import struct

from playwright.sync_api import expect

from credo.games import load as load_game

from .conftest import create_table, my_turn, watch_errors


def play_by_board(page) -> None:
    """One decision taken on the board: a card (then its confirmation, a Target or an Arcanum), or
    a plain button of the strip (pass, done); waits until the page has moved on."""
    my_turn(page)
    before = page.locator("#status").inner_text()
    picks = page.locator("#board .card.pick")
    if picks.count():
        picks.first.click()
        for follow in ("#dogma-confirm", ".dogma-target", "#board .card.pick[data-key^='arc:']"):
            nxt = page.locator(follow)
            if nxt.count():
                nxt.first.click()
                break
    else:
        page.locator(".dogma-detail button.plain").first.click()
    page.wait_for_function("b => document.querySelector('#status').innerText !== b", arg=before, timeout=30_000)


def png_size(path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def test_against_the_computer_by_clicking_the_board_with_a_reload_mid_game(page, shots):
    errors = watch_errors(page)
    create_table(page, "dogma", ["open", "easy"])
    my_turn(page)
    # the Opening: my Arcana are in the rear guard, each a Prophet to deploy
    expect(page.locator("#board g.rear.pick")).to_have_count(4)
    page.locator("#board g.rear.pick").first.click()
    expect(page.locator("#board g.rear.picked")).to_have_count(1)
    expect(page.locator("#dogma-detail")).to_contain_text("Faith")  # the selected Prophet's face, in words
    page.locator("#dogma-confirm").click()
    # Orders: a Cult card clicked, its effect read in the strip, then placed
    my_turn(page)
    cult = page.locator("#board g.cult.pick").first
    cult.click()
    expect(page.locator("#dogma-detail")).to_contain_text("Cult card")
    expect(page.locator("#dogma-confirm")).to_contain_text("Order III")
    before = page.locator("#status").inner_text()
    cult.click()  # a second click on the selected card places it
    page.wait_for_function("b => document.querySelector('#status').innerText !== b", arg=before)
    play_by_board(page)
    # the computer answered: its Orders were revealed with mine
    expect(page.locator("#log")).to_contain_text("Orders revealed")
    expect(page.locator("#board .centre")).to_contain_text("Last reveal")
    # every card names itself on hover, with its numbers
    assert re.search(r"Faith \d+", page.locator("#board g.prophet title").first.text_content())
    page.wait_for_timeout(300)
    shot = shots / "dogma.png"
    page.screenshot(path=str(shot))
    assert png_size(shot) == (1280, 800) and shot.stat().st_size > 20_000
    moves = int(page.locator("#status").inner_text().split("move")[-1].strip())
    page.reload()
    my_turn(page)
    assert int(page.locator("#status").inner_text().split("move")[-1].strip()) >= moves
    assert page.locator("#board g.side").count() == 2
    play_by_board(page)
    assert errors == []


def test_a_whole_game_against_a_fast_bot_then_its_replay(page):
    errors = watch_errors(page)
    table = create_table(page, "dogma", ["open", "random"], options={"turn_limit": 3})
    for _ in range(40):
        if "finished" in page.locator("#status").inner_text():
            break
        try:
            play_by_board(page)
        except Exception:
            if "finished" not in page.locator("#status").inner_text():
                raise
    expect(page.locator("#status")).to_contain_text("finished")
    expect(page.locator("#board .centre")).to_contain_text("over")
    page.goto("/")
    page.locator(f"#finished li[data-table='{table}'] a").click()
    page.wait_for_selector("#replay-move")
    expect(page.locator("#board svg.dogma")).to_be_visible()
    page.click("#replay-first")
    page.wait_for_function("() => document.querySelector('#status').innerText.includes('move 0 of')")
    page.click("#replay-next")
    page.wait_for_function("() => document.querySelector('#status').innerText.includes('move 1 of')")
    assert page.locator("#board .card.pick").count() == 0
    assert errors == []


def test_two_people_place_secret_orders_at_once_and_see_only_who_has_chosen(page, browser, live_server, shots):
    errors = watch_errors(page)
    create_table(page, "dogma", ["open", "open"])
    invite = page.locator("input.invite").first.input_value()
    page.click("#go-to-table")
    friend = browser.new_context(base_url=live_server, viewport={"width": 390, "height": 844}).new_page()
    friend_errors = watch_errors(friend)
    friend.goto(invite)
    friend.fill("#name", "Bea")
    friend.click("button[type=submit]")
    # the Opening: both deploy in secret, at the same time
    for who in (page, friend):
        my_turn(who)
        who.locator("#board g.rear.pick").nth(1).click()
        who.locator("#dogma-confirm").click()
    # Orders: Ann places hers; Bea sees only that she has chosen
    my_turn(page)
    my_turn(friend)
    mine = page.locator("#board g.cult.pick").first
    n = mine.get_attribute("data-key").split(":")[1]
    mine.click()
    page.locator("#dogma-confirm").click()
    expect(page.locator("#board [data-token='0']")).to_contain_text(f"Cult card {n}")
    expect(friend.locator("#board [data-token='0'] text")).to_have_text("has chosen")
    expect(friend.locator("#seats .seat[data-seat='0'] .mark.committed")).to_be_visible()
    assert f"Cult card {n}" not in friend.locator("#board").inner_text()
    # Bea places hers: both are revealed together
    theirs = friend.locator("#board g.cult.pick").first
    m = theirs.get_attribute("data-key").split(":")[1]
    theirs.click()
    friend.locator("#dogma-confirm").click()
    for who in (page, friend):
        expect(who.locator("#log")).to_contain_text(f"Orders revealed: player 1 cult {n}, player 2 cult {m}")
    # Bea plays on a phone-sized screen: the board is as wide as the screen, drawn in one column
    shot = shots / "dogma-phone.png"
    friend.screenshot(path=str(shot), full_page=True)
    width, height = png_size(shot)
    assert width == 390 and height > 844
    assert errors == [] and friend_errors == []


def test_the_2_vs_2_table_is_drawn_and_an_order_takes_a_target_by_clicking(page):
    errors = watch_errors(page)
    create_table(page, "dogma", ["open", "random", "random", "random"], options={"players": 4})
    expect(page.locator("#board g.side")).to_have_count(4)
    play_by_board(page)  # the Opening
    my_turn(page)
    page.locator("#board g.cult.pick").first.click()
    # the opponents' active Prophets become the Targets to click
    targets = page.locator("#board g.card.pick[data-key^='target:']")
    expect(targets).to_have_count(2)
    targets.first.click()
    # the bots place theirs at once: the 8 tokens are revealed together, mine with its Target
    expect(page.locator("#log")).to_contain_text(re.compile(r"Orders and Targets revealed: player 1 cult \d (left|right)"))
    assert errors == []


def test_a_spectator_sees_no_hidden_card(page, browser, live_server):
    table = create_table(page, "dogma", ["open", "random"])
    play_by_board(page)
    my_turn(page)
    # what only Ann knows: her rear-guard Prophets and her face-down Cult cards, by id and by name
    secret = page.evaluate("""() => [...document.querySelectorAll(
        '#board g.side[data-player="0"] g.rear[data-card], #board g.side[data-player="0"] g.cult[data-face="down"]')]
        .map(g => [g.dataset.card, g.querySelector('title').textContent.replace(/^Cult card \\d+: /, '').split(/[,·\\n]/)[0].trim()])""")
    assert len(secret) >= 3
    watcher = browser.new_context(base_url=live_server).new_page()
    errors = watch_errors(watcher)
    watcher.goto(f"/table/{table}")
    watcher.wait_for_selector("#board svg.dogma")
    expect(watcher.locator("#status")).to_contain_text("watching")
    assert watcher.locator("#board .card.back").count() >= 6  # the rear guards and face-down cards, backs up
    assert watcher.locator("#board .card.pick").count() == 0
    seen = watcher.locator("#board").evaluate("b => b.textContent")
    shown = set(watcher.locator("#board [data-card]").evaluate_all("gs => gs.map(g => g.dataset.card)"))
    assert all(name and len(name) > 2 for _card, name in secret)
    assert not [name for _card, name in secret if name in seen]
    assert not [card for card, _name in secret if card in shown]
    assert errors == []


def positions_of_every_kind() -> list[dict]:
    """Views (as the socket sends them) of Dogma positions from random games, one for each kind
    of decision in each mode, for the seat to decide and for a spectator."""
    import random

    from credo.games import load

    game = load("dogma")
    views, seen = [], set()
    for variant in ({"mode": "predestination"}, {"mode": "predestination", "players": 4}, {"mode": "chaos"},
                    {"mode": "free_will"}):
        for seed in range(12):
            s = game.new(seed, **variant)
            rng = random.Random(seed)
            for _ in range(400):
                if s.is_over:
                    break
                p = rng.choice(s.to_move)
                legal = s.legal_actions(p)
                key = (variant.get("players", 2), variant["mode"], tuple(sorted({str(a).split()[0] for a in legal})))
                if key not in seen:
                    seen.add(key)
                    for seat in (p, None):
                        views.append({"type": "view", "table": f"kinds-{len(views)}", "seat": seat, "status": "running",
                                      "observation": s.observation(seat), "to_move": list(s.to_move),
                                      "committed": [], "events": [], "reset": True,
                                      "legal": [{"notation": str(a), "text": game.describe_action(a)} for a in legal]
                                      if seat is not None else []})
                s.apply(rng.choice(legal), p)
            if s.is_over and (variant["mode"], "over") not in seen:
                seen.add((variant["mode"], "over"))
                views.append({"type": "view", "table": "over", "seat": 0, "status": "finished",
                              "observation": s.observation(0), "to_move": [], "committed": [], "events": [],
                              "reset": True, "legal": []})
    return views


def test_every_kind_of_decision_is_offered_on_the_board_and_only_legal_actions(page):
    """Each position is drawn at 1280 and at 390 pixels wide; every clickable thing is clicked (then
    confirmed, or aimed, or put in an Arcanum): what the board plays is always legal, and every kind
    of legal action of the position is reachable by clicking."""
    views = positions_of_every_kind()
    assert len(views) > 60
    errors = watch_errors(page)
    page.goto("/")
    catalogue = load_game("dogma").catalogue()
    report = page.evaluate("""async ([views, catalogue]) => {
        const mod = await import('/static/games/dogma.js');
        const root = document.createElement('section');
        document.body.append(root);
        const out = [];
        for (const width of [1280, 390]) {
          root.style.width = `${width}px`;
          for (const view of views) {
            const played = new Set();
            const table = {seat: view.seat, legal: view.legal, memo: {}, catalogue, colour: () => '#c0392b',
              name: (p) => `Player ${p + 1}`, play: (n) => played.add(n), offer: (list) => list.forEach((n) => played.add(n)),
              redraw: () => { root.replaceChildren(); mod.draw(root, view, table); }};
            let failure = null;
            try {
              table.redraw();
              const words = root.textContent;
              const slip = words.match(/.{0,40}(undefined|null|NaN|\\[object).{0,20}/);
              if (slip) throw new Error(`the board says: ${slip[0]}`);
              const picks = root.querySelectorAll('.pick').length;
              for (let i = 0; i < picks; i++) {
                table.memo = {};
                table.redraw();
                root.querySelectorAll('.pick')[i].dispatchEvent(new MouseEvent('click', {bubbles: true}));
                const next = root.querySelector('#dogma-confirm') || root.querySelector('.dogma-target')
                  || root.querySelector(".pick[data-key^='arc:']");
                if (next) next.dispatchEvent(new MouseEvent('click', {bubbles: true}));
              }
              table.memo = {};
              table.redraw();
              root.querySelectorAll('.dogma-detail button.plain').forEach((b) => b.click());
            } catch (e) {
              failure = String(e.stack || e);
            }
            out.push({width, seat: view.seat, phase: view.observation.phase, legal: view.legal.map((a) => a.notation),
              played: [...played], failure});
          }
        }
        return out;
    }""", [views, catalogue])
    assert errors == []
    for r in report:
        where = f"{r['phase']} seat {r['seat']} at {r['width']}px"
        assert r["failure"] is None, f"{where}: {r['failure']}"
        assert set(r["played"]) <= set(r["legal"]), f"{where}: played {set(r['played']) - set(r['legal'])}"
        kinds = lambda notations: {n.split()[0] for n in notations}  # noqa: E731
        assert kinds(r["played"]) == kinds(r["legal"]), f"{where}: {kinds(r['legal']) - kinds(r['played'])} not offered"
