"""Divine in the browser, played by clicking the board: the city, the Units, the hand, the
stack; against the computer (with a reload mid-game), to the end of a short game and its
replay, three people at one table, and a spectator who sees no hidden card."""

from __future__ import annotations

import re
import struct

from playwright.sync_api import expect

from .conftest import create_table, my_turn, watch_errors

TARGET = "#board .dv-city .pick[data-role=target]"
ANCHOR = "#board .dv-city .pick[data-role=anchor]"


def move_number(page) -> int:
    found = re.search(r"move (\d+)", page.locator("#status").inner_text())
    return int(found.group(1)) if found else -1


OWN_BUTTON = "#board .dv-act[data-notation]:not([data-notation=end]):not([data-notation=pass])"


def click_board_once(page, end_turn: bool = False, walk: bool = False) -> str:
    """Makes this seat's current decision by clicking the board only (never the menu): a
    highlighted target, else a highlighted piece or Temple and then what it offers, else the
    board's buttons (pass, end; `end_turn`: end the turn when nothing is chosen). `walk`
    chooses a piece before any of the board's own buttons (preach, a card), so a Unit walks
    whatever the deal. Returns what it clicked, once the server has answered."""
    before = move_number(page)
    # the page may still be drawing the last answer: wait until the board offers something
    page.wait_for_selector(f"{TARGET}, {ANCHOR}, #board .dv-act[data-notation]")
    for _ in range(3):  # at most: a piece chosen, then its target or one of its buttons
        ending = page.locator("#board .dv-act[data-notation=end]")
        chosen = page.locator("#board .dv-city .picked").count() > 0
        if end_turn and ending.count() and not chosen:
            clicked = "end"
            ending.click()
        elif page.locator(TARGET).count():
            clicked = page.locator(TARGET).first.get_attribute("data-square")
            page.locator(TARGET).first.click()
        elif page.locator(OWN_BUTTON).count() and not (walk and page.locator(ANCHOR).count() and not chosen):
            clicked = page.locator(OWN_BUTTON).first.get_attribute("data-notation")
            page.locator(OWN_BUTTON).first.click()
        elif page.locator(ANCHOR).count() and not chosen:
            clicked = page.locator(ANCHOR).first.get_attribute("data-square")
            page.locator(ANCHOR).first.click()
            if page.locator("#board .dv-city .picked").count():
                continue  # a piece is chosen: now what it does
        else:
            buttons = page.locator("#board .dv-act[data-notation]")
            clicked = buttons.first.get_attribute("data-notation")
            buttons.first.click()
        page.wait_for_function("n => !/move (\\d+)/.test(document.querySelector('#status').innerText)"
                               " || Number(document.querySelector('#status').innerText.match(/move (\\d+)/)[1]) > n",
                               arg=before)
        return clicked
    raise AssertionError("the board offered nothing to click")


SQUARE = re.compile(r"[a-r]\d{1,2}")


def squares_of(page, seat: int) -> set[str]:
    return {u.get_attribute("data-unit") for u in page.locator(f"#board .unit[data-owner='{seat}']").all()}


def png_size(path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_against_the_computer_by_clicking_the_board_with_a_reload(page, shots):
    errors = watch_errors(page)
    create_table(page, "divine", ["open", "easy"])
    my_turn(page)
    expect(page.locator("#board .dv-city [data-space]")).to_have_count(18 * 18)
    expect(page.locator("#board .card")).to_have_count(4)  # the starting hand, face up
    # setup: a Temple for the Priest (one click), then a space for the Zealot
    page.locator(ANCHOR).first.click()
    my_turn(page)
    expect(page.locator("#board .unit[data-owner='0']")).to_have_count(1)
    click_board_once(page)
    expect(page.locator("#board .unit[data-owner='0']")).to_have_count(2)
    expect(page.locator("#board .unit[data-owner='1']")).to_have_count(2)  # the computer answered
    # the turns: Units walked by clicking them and then where they go
    start = squares_of(page, 0)
    steps = 0
    clicks = []
    for _ in range(120):  # the passes while the computer plays count too
        my_turn(page, timeout=60_000)
        clicks.append(click_board_once(page, walk=True))
        if SQUARE.fullmatch(clicks[-1]):
            steps += 1
        if steps >= 3:
            break
    assert steps >= 3, clicks
    my_turn(page, timeout=60_000)
    assert squares_of(page, 0) != start
    assert page.locator("#log li").filter(has_text="Player 2").count() > 0
    page.wait_for_timeout(300)
    shot = shots / "divine.png"
    page.screenshot(path=str(shot))
    assert png_size(shot) == (1280, 800)
    page.set_viewport_size({"width": 390, "height": 844})
    phone = shots / "divine-phone.png"
    page.screenshot(path=str(phone), full_page=True)
    assert png_size(phone)[0] == 390
    page.set_viewport_size({"width": 1280, "height": 800})
    # the board and a move survive a reload
    units = page.locator("#board .unit").count()
    before = move_number(page)
    page.reload()
    my_turn(page)
    expect(page.locator("#board .unit")).to_have_count(units)
    assert move_number(page) == before
    click_board_once(page)
    assert errors == []


def test_a_short_game_is_played_to_its_end_by_clicking_then_replayed(page):
    errors = watch_errors(page)
    table = create_table(page, "divine", ["open", "random"], options={"turn_limit": 1})
    decisions = 0
    for _ in range(80):
        page.wait_for_selector(".status.yours, .status:has-text('finished')", timeout=60_000)
        if "finished" in page.locator("#status").inner_text():
            break
        # a few steps, then the turn ends: the game is one round long
        click_board_once(page, end_turn=decisions >= 6)
        decisions += 1
    expect(page.locator("#status")).to_contain_text("finished")
    expect(page.locator("#board .dv-bar")).to_contain_text("draw")  # the turn limit
    page.goto("/")
    page.locator(f"#finished li[data-table='{table}'] a").click()
    page.wait_for_selector("#replay-move")
    page.click("#replay-first")
    expect(page.locator("#status")).to_contain_text("move 0 of")
    expect(page.locator("#board .unit")).to_have_count(0)  # nobody placed yet
    page.click("#replay-last")
    expect(page.locator("#board .unit")).not_to_have_count(0)
    assert page.locator("#board .pick").count() == 0  # a replay offers nothing to click
    assert page.locator("#board .card").count() == 0  # and shows no hand
    assert errors == []


def test_three_people_at_one_table_each_play_by_clicking_and_a_spectator_sees_no_card(page, browser, live_server):
    errors = watch_errors(page)
    table = create_table(page, "divine", ["open", "open", "open"], options={"players": 3})
    invites = [page.locator("input.invite").nth(i).input_value() for i in range(2)]
    page.click("#go-to-table")
    people = [page]
    for name, invite in zip(("Bea", "Cal"), invites):
        friend = browser.new_context(base_url=live_server).new_page()
        errors_of_friend = watch_errors(friend)
        friend.goto(invite)
        friend.fill("#name", name)
        friend.click("button[type=submit]")
        friend.wait_for_selector("#seats .mark.you")
        people.append(friend)
        errors.extend(errors_of_friend)
    for person in people:
        expect(person.locator("#board .dv-side [data-player]")).to_have_count(3)
    played = set()
    for _ in range(9):
        if len(played) == 3:
            break
        for i, person in enumerate(people):
            if person.locator(".status.yours").count():
                click_board_once(person)
                played.add(i)
                break
        else:
            page.wait_for_timeout(200)
    assert played == {0, 1, 2}
    # each sees their own hand face up, the others' as counts
    for person in people:
        expect(person.locator("#board .card")).to_have_count(4)
        expect(person.locator("#board .hand-count")).to_have_count(3)
    watcher = browser.new_context(base_url=live_server).new_page()
    errors_of_watcher = watch_errors(watcher)
    watcher.goto(f"/table/{table}")
    expect(watcher.locator("#status")).to_contain_text("watching")
    expect(watcher.locator("#board .unit")).not_to_have_count(0)
    assert watcher.locator("#board .card").count() == 0
    assert watcher.locator("#board .pick").count() == 0
    counts = watcher.locator("#board .hand-count")
    expect(counts).to_have_count(3)
    assert [counts.nth(i).get_attribute("data-count") for i in range(3)] == ["4", "4", "4"]
    # no card of anyone's hand is named anywhere on the spectator's board
    hands = set()
    for person in people:
        for card in person.locator("#board .card").all():
            hands.add(card.locator("text").first.text_content())
    board_text = watcher.locator("#board").inner_text() + " ".join(
        watcher.locator("#board title").all_text_contents())
    assert "Your hand" not in board_text
    assert hands and not any(name in board_text for name in hands)
    assert errors == [] and errors_of_watcher == []


# --- the renderer alone, on positions set up by hand ------------------------------------------------
# The board is drawn from a view built here (the socket's view of one seat) and the notation it
# sends is recorded, so that each kind of click is checked on a position where it matters.

DRAW = """async ([view, names, catalogue]) => {
  const mod = await import('/static/games/divine.js');
  if (!window.show) {
    document.body.innerHTML = '<div id="board" style="max-width: 900px"></div>';
    window.sent = [];
    const root = document.getElementById('board');
    window.show = (view) => {
      const table = {seat: view.seat, legal: view.legal, memo: {}, catalogue: window.catalogue,
        // as the page does when the next view comes: the choice in progress is forgotten
        play: (n) => { window.sent.push(n); table.memo = {}; table.redraw(); },
        offer: (list, label) => window.sent.push(list.join(' | ')),
        redraw: () => { root.replaceChildren(); mod.draw(root, view, table); },
        colour: (s) => ['#c0392b', '#2471a3', '#1e8449', '#b9770e'][s], name: (s) => names[s]};
      table.redraw();
    };
  }
  window.catalogue = catalogue;  // as the page does: fetched once, lent to every draw
  window.show(view);
}"""


def drawn(page, state, seat, fresh: bool = True, catalogue: dict | None = None):
    """The board of `seat` (None: a spectator) drawn from `state` with the game's catalogue (or
    `catalogue`); `fresh`: on a new page (the renderer remembers nothing of an earlier view),
    else as the next view of the same page."""
    from credo.games import load

    game = load("divine")
    playing = seat is not None and seat in state.to_move
    view = {"seat": seat, "observation": state.observation(seat), "to_move": list(state.to_move),
            "legal": [{"index": a.index, "notation": str(a), "text": game.describe_action(a)}
                      for a in (state.legal_actions(seat) if playing else [])]}
    if fresh:
        page.goto("/api/games")
    page.evaluate(DRAW, [view, ["Ann", "Bea", "Cal", "Dan"], game.catalogue() if catalogue is None else catalogue])
    return view


def sent(page) -> list[str]:
    return page.evaluate("window.sent")


def a_fight():
    """Ann's Zealot on c3 faces Bea's on c4; Ann holds Schism, Iconoclasm, Wrath of God and
    Miracle with 9 Divinity; Bea holds Divine Denial and Divine Strength, and her Commandment
    of Zeal is in play."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from divine.conftest import U, position

    from credo.games import load

    return load("divine").from_position(position(
        [U(0, "zealot", "c3"), U(1, "zealot", "c4"), U(0, "priest", "d3"), U(1, "priest", "h3", vigilance=True)],
        temples={"e2": 0, "l2": 1}, hands=[["schism", "iconoclasm", "wrath", "miracle"], ["denial", "strength"]],
        divinity=[9, 3], commandments=[[], ["zeal"]]))


def test_each_kind_of_click_sends_the_notation_of_a_legal_action(page):
    errors = watch_errors(page)
    state = a_fight()
    legal = {a["notation"] for a in drawn(page, state, 0)["legal"]}
    city = "#board .dv-city"
    # a Unit, then where it goes; a Unit, then the button of its ability
    page.click(f"{city} .pick[data-square=d3]")
    expect(page.locator(f"{city} .picked[data-square=d3]")).to_have_count(1)
    assert sorted(page.locator(f"{city} [data-role=target]").evaluate_all("l => l.map(e => e.dataset.square)")) == ["d2", "d4", "e3"]
    page.click(f"{city} .pick[data-square=d4]")
    page.click(f"{city} .pick[data-square=d3]")
    page.click("#board .dv-act[data-notation='preach d3']")
    # a Zealot strikes its neighbour; a Temple trains
    page.click(f"{city} .pick[data-square=c3]")
    page.click(f"{city} .pick[data-square=c4]")
    page.click(f"{city} .pick[data-square=e2]")
    expect(page.locator("#board .dv-act[data-notation^=train]")).to_have_count(2)
    page.click("#board .dv-act[data-notation='train zealot e2']")
    # cards: on a Unit, against a player, on a Commandment, with no target
    page.click("#board .card[data-card=wrath]")
    assert sorted(page.locator(f"{city} [data-role=target]").evaluate_all("l => l.map(e => e.dataset.square)")) == ["c4", "h3"]
    page.click(f"{city} .pick[data-square=h3]")
    page.click("#board .card[data-card=schism]")
    page.click("#board .dv-side .pick[data-player='1']")
    page.click("#board .card[data-card=iconoclasm]")
    page.click("#board .pick[data-commandment='zeal 1']")
    page.click("#board .card[data-card=miracle]")
    page.click("#board .dv-act[data-notation='play miracle']")
    page.click("#board .dv-act[data-notation=end]")
    assert sent(page) == ["move d3 d4", "preach d3", "attack c3 c4", "train zealot e2", "play wrath h3",
                          "play schism p2", "play iconoclasm zeal p2", "play miracle", "end"]
    assert set(sent(page)) <= legal
    assert errors == []


def test_the_response_window_shows_the_stack_and_who_answers(page):
    errors = watch_errors(page)
    state = a_fight()
    state.apply("attack c3 c4")
    drawn(page, state, 1)
    expect(page.locator("#board .stack-item")).to_have_count(1)
    expect(page.locator("#board .stack-item")).to_contain_text("Attack from c3 on c4")
    expect(page.locator("#board .dv-side")).to_contain_text("May answer now: Bea")
    expect(page.locator("#board .dv-bar")).to_contain_text("Ann's Attack waits")
    page.click("#board .card[data-card=denial]")
    page.click("#board .dv-act[data-notation='play denial']")
    page.click("#board .card[data-card=strength]")
    page.click("#board .dv-city .pick[data-square=c4]")
    page.click("#board .dv-act[data-notation=pass]")
    assert sent(page) == ["play denial", "play strength c4", "pass"]
    # Ann, waiting, sees the same stack and no card of Bea's
    drawn(page, state, 0)
    expect(page.locator("#board .stack-item")).to_have_count(1)
    assert page.locator("#board .pick").count() == 0
    assert page.locator("#board .card[data-card=denial]").count() == 0
    expect(page.locator("#board .dv-bar")).to_contain_text("Bea may answer")
    # a spectator: hands as counts only
    drawn(page, state, None)
    assert page.locator("#board .card").count() == 0
    assert page.locator("#board .hand-count").evaluate_all("l => l.map(e => e.dataset.count)") == ["4", "2"]
    assert "Divine Denial" not in page.locator("#board").inner_text()
    assert errors == []


def test_on_a_phone_the_city_is_enlarged_to_scroll_and_stays_put_between_clicks(page):
    errors = watch_errors(page)
    page.set_viewport_size({"width": 390, "height": 844})
    drawn(page, a_fight(), 0)
    city = page.locator("#board .dv-city")
    whole = city.bounding_box()["width"]
    assert whole <= 390
    page.click("#board .dv-zoom")
    assert city.bounding_box()["width"] > 1.5 * whole  # spaces large enough to tap
    page.locator("#board .dv-frame").evaluate("f => { f.scrollTop = 9999; f.dispatchEvent(new Event('scroll')); }")
    scrolled = page.locator("#board .dv-frame").evaluate("f => f.scrollTop")
    assert scrolled > 0
    page.click("#board .dv-city .pick[data-square=d3]")  # drawn anew
    expect(page.locator("#board .dv-city .picked[data-square=d3]")).to_have_count(1)
    assert page.locator("#board .dv-frame").evaluate("f => f.scrollTop") == scrolled
    page.click("#board .dv-zoom")
    assert page.locator("#board .dv-city").bounding_box()["width"] == whole
    assert errors == []


def test_what_the_others_moved_since_your_last_action_is_marked(page):
    errors = watch_errors(page)
    state = a_fight()
    drawn(page, state, 0)
    page.click("#board .dv-city .pick[data-square=d3]")
    page.click("#board .dv-city .pick[data-square=d4]")
    state.apply("move d3 d4")
    while state.to_move != (0,):
        state.apply("pass")
    state.apply("end")
    while state.current != 1 or state.to_move != (1,):
        state.apply("pass")
    mover = next(str(a) for a in state.legal_actions(1) if str(a).startswith("move h3"))
    state.apply(mover)
    drawn(page, state, 0, fresh=False)
    marked = page.locator("#board .dv-city .since")
    expect(marked).to_have_count(1)  # Bea's Priest, not Ann's own Priest that walked to d4
    assert marked.get_attribute("data-square") == mover.split()[2]
    assert errors == []


def test_the_city_is_laid_out_from_the_catalogues_tiles_as_the_game_laid_it(page):
    """The observation names each slot's tile and its turn; the drawing turns the catalogue's
    printed tile and must put every Tower, Temple and Population where the game has them."""
    from credo.games import load
    from credo.games.divine import board as B

    errors = watch_errors(page)
    game = load("divine")
    words = {B.TOWER: "Tower", B.CATACOMB: "Catacomb", B.LIBRARY: "Library", B.MARKET: "Market"}
    for seed, fresh in ((7, True), (12, False)):
        state = game.new(seed)
        assert any(q % 4 for _, q in state.layout.placement)  # some tile is turned
        drawn(page, state, None, fresh=fresh)
        titles = dict(page.locator("#board .dv-city [data-space]").evaluate_all(
            "l => l.map(e => [e.dataset.space, e.querySelector('title').textContent])"))
        assert len(titles) == B.SQUARES
        for sq in range(B.SQUARES):
            kind, pop, said = state.layout.kind[sq], state.layout.pop[sq], titles[B.NAMES[sq]]
            tile = game.content.tiles[state.layout.placement[state.layout.tile_of[sq]][0]].name
            assert said.endswith(f" · {tile}"), said
            if kind == B.TEMPLE:
                assert f"Temple (Population {pop * 100})" in said, said
            elif kind == B.POPULATION:
                assert f"Population {pop * 100}:" in said, said
            else:
                assert f" · {words[kind]}: " in said, said
    assert errors == []


def test_without_its_catalogue_the_board_says_to_reload_instead_of_failing(page):
    from credo.games import load

    errors = watch_errors(page)
    drawn(page, load("divine").new(3), 0, catalogue={})
    expect(page.locator("#board")).to_have_text("The city's tiles and the cards could not be loaded: reload the page.")
    assert errors == []
