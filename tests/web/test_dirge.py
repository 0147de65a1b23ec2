"""Dirge in the browser, played by clicking the board (credo/interfaces/web/games/dirge.js):
creatures placed from their cards onto red spaces, actions given to a creature and carried
out on squares with a facing, a target and a push direction, a whole game to its end and
its replay, a spectator, and how the board looks at 1280x800 and on a phone."""

from __future__ import annotations

import re
import struct

from playwright.sync_api import expect

from credo.games import load

from .conftest import create_table, my_turn, watch_errors

GAME = load("dirge")
NAMES = {c.id: c.name for c in GAME.content.creatures}


def headline(page) -> str:
    return page.locator(".dirge-panel .headline").inner_text()


def wait_for_change(page, before: str) -> None:
    page.wait_for_function("b => document.querySelector('#status').innerText !== b", arg=before)


def click_and_wait(page, locator) -> None:
    """Clicks something that plays an action and waits for the next view."""
    before = page.locator("#status").inner_text()
    locator.click()
    wait_for_change(page, before)


def place_all_by_clicking(page) -> None:
    """The setup of pick and teams modes: a creature's card, then a free red space."""
    while True:
        my_turn(page)
        if not headline(page).startswith("Choosing creatures"):
            return
        card = page.locator(".dirge-card.pick").first
        chosen = card.get_attribute("data-creature")
        card.click()
        expect(page.locator(f".dirge-card.picked[data-creature={chosen}]")).to_have_count(1)
        square = page.locator(".square.pick").first
        where = square.get_attribute("data-square")
        click_and_wait(page, square)
        expect(page.locator(f".piece[data-creature={chosen}]")).to_have_attribute("data-square", where)


def move_a_creature_by_clicking(page) -> tuple[str, str, str]:
    """A creature, its Move action, Give, a square, a facing: (creature, square, facing)."""
    piece = page.locator(".piece.pick").first
    creature = piece.get_attribute("data-creature")
    piece.click()
    page.locator(".chip[data-part=move]").click()
    expect(page.locator(".chip[data-part=move]")).to_have_class(re.compile(r"\bpicked\b"))
    click_and_wait(page, page.locator("#give"))
    assert f"{NAMES[creature]} was given move" in page.locator(".dirge-panel").inner_text()
    square = page.locator(".square.pick").last
    where = square.get_attribute("data-square")
    square.click()
    expect(page.locator(".square.picked")).to_have_attribute("data-square", where)
    arrow = page.locator(".arrow.pick").first
    facing = arrow.get_attribute("data-facing")
    click_and_wait(page, arrow)
    moved = page.locator(f".piece[data-creature={creature}]")
    expect(moved).to_have_attribute("data-square", where)
    expect(moved).to_have_attribute("data-facing", facing)
    return creature, where, facing


def png_size(path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_lobby_says_what_dirge_is(page):
    errors = watch_errors(page)
    page.goto("/")
    expect(page.locator("#game-dirge .about")).to_contain_text("four actions a turn")
    assert errors == []


def test_a_game_against_the_computer_is_played_on_the_board_and_survives_a_reload(page, shots):
    errors = watch_errors(page)
    create_table(page, "dirge", ["open", "random"], options={"mode": "teams"})
    place_all_by_clicking(page)
    assert page.locator(".piece").count() == 12
    assert page.locator(".piece .front").count() == 24  # each piece's red front (a band and its point)
    creature, where, _ = move_a_creature_by_clicking(page)
    my_turn(page)

    # the opponent answers after the turn ends
    answers = page.locator("#log li", has_text="Player 2")
    before = answers.count()
    click_and_wait(page, page.locator("#end-turn"))
    my_turn(page)
    assert answers.count() > before
    # the random opponent may end its turn at once; when it placed markers, its creatures show them.
    # (has_text matches case-insensitively, so the answers include "Turn 2: player 2 removes one
    # action marker ..." even when the opponent did nothing: look for the placing itself.)
    acted = any("Player 2 places" in text for text in answers.all_inner_texts()[before:])
    assert page.locator(".piece .marker").count() > 0 or not acted

    page.screenshot(path=str(shots / "dirge.png"))
    assert png_size(shots / "dirge.png") == (1280, 800)
    assert (shots / "dirge.png").stat().st_size > 30_000

    page.reload()
    my_turn(page)
    expect(page.locator(f".piece[data-creature={creature}]")).to_have_attribute("data-square", where)
    move_a_creature_by_clicking(page)

    # a phone: the whole battlefield fits the screen's width, its squares still big enough to tap
    page.set_viewport_size({"width": 390, "height": 844})
    box = page.locator(".dirge-board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["width"] / 8.7 >= 38  # eight squares and the coordinates
    page.screenshot(path=str(shots / "dirge-phone.png"))
    assert errors == []


def test_a_whole_game_is_played_to_its_end_and_replayed(page):
    errors = watch_errors(page)
    # draw mode (the rulebook's) with a limit of two turns: the game ends in a draw after them
    table = create_table(page, "dirge", ["open", "random"], options={"mode": "draw", "turn_limit": 2})
    placed = 0
    while True:
        page.wait_for_function("() => document.querySelector('.status.yours') || "
                               "document.querySelector('#status').innerText.startsWith('finished')")
        if page.locator("#status").inner_text().startswith("finished"):
            break
        if headline(page).startswith("Choosing creatures"):
            drawn = page.locator(".dirge-panel .dirge-card").first.get_attribute("data-creature")
            click_and_wait(page, page.locator(".square.pick").first)
            expect(page.locator(f".piece[data-creature={drawn}]")).to_have_count(1)
            placed += 1
        else:
            click_and_wait(page, page.locator("#end-turn"))
    assert placed == 6
    assert "Game over: a draw" in headline(page)
    assert page.locator(".pick").count() == 0

    page.goto("/")
    page.locator(f"#finished li[data-table='{table}'] a").click()
    page.wait_for_selector("#replay-move")
    expect(page.locator(".piece")).to_have_count(12)
    page.click("#replay-first")
    expect(page.locator("#status")).to_contain_text("move 0 of")
    expect(page.locator(".piece")).to_have_count(0)
    expect(page.locator(".card-back")).to_have_count(11)  # one creature drawn, eleven face down
    page.click("#replay-next")
    expect(page.locator(".piece")).to_have_count(1)
    assert page.locator(".pick").count() == 0
    assert errors == []


def test_a_spectator_sees_the_pile_face_down_and_nothing_to_click(page, browser, live_server):
    seated_errors = watch_errors(page)
    create_table(page, "dirge", ["open", "random"], options={"mode": "draw"})
    my_turn(page)
    watcher = browser.new_context(base_url=live_server).new_page()
    errors = watch_errors(watcher)
    watcher.goto(page.url)
    watcher.wait_for_selector(".dirge-board")
    pile = int(watcher.locator(".pile").get_attribute("data-cards"))
    assert pile >= 10
    expect(watcher.locator(".card-back")).to_have_count(pile)
    # the creatures on the board and the one drawn are known; none of those in the pile is named
    known = set(watcher.locator(".piece").evaluate_all("ps => ps.map(p => p.dataset.creature)"))
    known |= set(watcher.locator(".dirge-card").evaluate_all("cs => cs.map(c => c.dataset.creature)"))
    assert len(known) == 12 - pile
    board = watcher.locator("#board").evaluate("b => b.innerHTML")
    for cid, name in NAMES.items():
        if cid not in known:
            assert name not in board and f'"{cid}"' not in board
    assert watcher.locator("#board .pick").count() == 0
    assert watcher.locator(".action").count() == 0
    assert errors == [] and seated_errors == []


def test_the_table_draws_the_cards_its_catalogue_answers(page):
    """Creatures are named by id in the views; their cards reach the page once, from
    /api/tables/{id}/catalogue, and are drawn from it."""
    errors = watch_errors(page)
    with page.expect_response(lambda r: r.url.endswith("/catalogue")) as fetched:
        table = create_table(page, "dirge", ["open", "random"], options={"mode": "teams"})
    answer = fetched.value
    assert answer.ok and answer.url.endswith(f"/api/tables/{table}/catalogue")
    catalogue = answer.json()
    assert catalogue == GAME.catalogue()
    my_turn(page)
    card = page.locator(".dirge-card.pick").first
    face = catalogue["creatures"][card.get_attribute("data-creature")]
    expect(card.locator("strong")).to_have_text(f"{face['abbr']} {face['name']}")
    expect(card.locator(".stats")).to_contain_text(
        f"Sp {face['speed']} · St {face['strength']} · Rg {face['range']} · "
        f"To {face['toughness'][0]}/{face['toughness'][1]}")
    expect(card.locator(".abilities")).to_have_text(
        ", ".join(catalogue["abilities"][a]["name"] for a in face["abilities"]))
    assert page.request.get("/api/tables/nope/catalogue").status == 404
    assert errors == []


def test_without_its_catalogue_the_board_says_to_reload_instead_of_failing(page):
    errors = watch_errors(page)
    draw_view(page, {"mode": "pick", "phase": "setup", "current": 0, "creatures": {}}, catalogue={})
    expect(page.locator("#board")).to_have_text("The creatures' cards could not be loaded: reload the page.")
    assert errors == []


def draw_view(page, position: dict, seat: int = 0, catalogue: dict | None = None) -> None:
    """The renderer alone on a page, drawing a position's real view and legal actions with
    the game's catalogue; what a click plays lands in window.played (the table page is
    tested above)."""
    state = GAME.from_position(position)
    legal = [{"index": a.index, "notation": str(a), "text": GAME.describe_action(a)} for a in state.legal_actions(seat)]
    view = {"seat": seat, "observation": state.observation(seat), "legal": legal, "to_move": list(state.to_move)}
    # an empty page of the server's own (so the modules load from it), with the site's styles
    page.route("**/dirge-renderer", lambda route: route.fulfill(content_type="text/html", body=(
        '<!doctype html><html><head><link rel="stylesheet" href="/static/css/credo.css"></head>'
        '<body class="table-page"></body></html>')))
    page.goto("/dirge-renderer")
    page.evaluate("""async ([view, catalogue]) => {
        const dirge = await import('/static/games/dirge.js');
        const api = await import('/static/js/api.js');
        const root = document.createElement('section');
        root.id = 'board';
        document.body.append(root);
        window.played = [];
        const table = {seat: view.seat, legal: view.legal, memo: {}, catalogue, colour: api.colour, name: (s) => `seat ${s + 1}`,
            play: (n) => window.played.push(n), offer: (list, label) => { window.offered = label; },
            redraw: () => { root.replaceChildren(); dirge.draw(root, view, table); }};
        table.redraw();
    }""", [view, GAME.catalogue() if catalogue is None else catalogue])


def test_a_target_then_an_ability_then_a_direction_plays_a_push(page):
    errors = watch_errors(page)
    draw_view(page, {
        "mode": "teams", "actions_left": 1, "active": "cyclops", "used": ["cyclops"],
        "plan_given": ["attack", "push"], "plan_left": ["attack", "push"],
        "creatures": {"cyclops": {"owner": 0, "square": "d4", "facing": "n"}, "uat": {"owner": 1, "square": "d5", "facing": "s"},
                      "sphinx": {"owner": 0, "square": "a1"}, "giga": {"owner": 1, "square": "h8"}}})
    assert page.locator(".piece.pick").evaluate_all("ps => ps.map(p => p.dataset.creature)") == ["uat"]
    page.locator(".piece[data-creature=uat]").click()
    choices = page.locator(".dirge-panel .chip")
    expect(choices).to_have_text(["Attack", "Push"])
    assert page.evaluate("window.offered") == "What to do to the Uat?"  # the menu lists them too
    choices.nth(1).click()
    # the Uat can be pushed north, east or west (the Cyclops stands to its south)
    arrows = page.locator(".arrow.pick")
    assert sorted(arrows.evaluate_all("a => a.map(x => x.dataset.facing)")) == ["e", "n", "w"]
    page.locator(".arrow.pick[data-facing=e]").click()
    assert page.evaluate("window.played") == ["push uat e"]
    # on a phone, where nothing hovers, a tap on a creature of the panel unfolds its card
    page.locator(".roster-row[data-creature=uat]").click()
    expect(page.locator(".roster-row[data-creature=uat] .details")).to_contain_text("Speed 3, Strength 3, Range 1")
    assert errors == []


def test_the_second_player_sees_their_side_at_the_bottom_and_places_a_drawn_creature(page):
    errors = watch_errors(page)
    draw_view(page, {"mode": "draw", "phase": "setup", "current": 1, "drawn": "mummy",
                     "pile": [c for c in NAMES if c not in ("mummy", "cyclops")],
                     "creatures": {"cyclops": {"owner": 0, "square": "d1"}, "mummy": {"owner": 1}}}, seat=1)
    # rank 8 is nearest the second player: its squares are drawn below rank 1's
    top = page.locator(".square[data-square=d1]").bounding_box()["y"]
    bottom = page.locator(".square[data-square=d8]").bounding_box()["y"]
    assert bottom > top
    assert page.locator(".square.pick").count() == 12
    panel = page.locator(".dirge-panel").inner_text().lower()
    assert "you drew" in panel and "mummy" in panel
    page.locator(".square.pick[data-square=e7]").click()
    assert page.evaluate("window.played") == ["place e7"]
    assert errors == []


def test_a_click_on_a_red_space_before_a_creature_offers_the_creatures_that_fit(page):
    errors = watch_errors(page)
    draw_view(page, {"mode": "pick", "phase": "setup", "current": 0, "creatures": {}})
    page.locator(".square.pick[data-square=c2]").click()
    assert page.evaluate("window.offered") == "Which creature goes on c2?"
    assert page.evaluate("window.played") == []
    assert errors == []
