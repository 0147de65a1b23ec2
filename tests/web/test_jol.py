"""Jol in the browser: the board drawn from a seat's observation, played by clicking it
(a card in the hand, then a lane; a Cogum, then Influence; Pass and End turn), a reload
mid-game, a whole game against the random bot replayed from the lobby, and a spectator who
sees no hidden card."""

from __future__ import annotations

import struct

from playwright.sync_api import expect

from .conftest import create_table, my_turn, watch_errors

BOARD = "#board svg.jol"
# our Cogum in a lane that can defend now, or Influence (one that can only go to the Manifest is left)
DEFENDERS = ".jol-half .jol-cogum.pick[data-acts~=defend]"
INFLUENCERS = ".jol-half .jol-cogum.pick[data-acts~=influence]"


def status(page) -> str:
    return page.locator("#status").inner_text()


def after(page, before: str) -> None:
    """Waits for the next view (the status names the move number, so it changes)."""
    page.wait_for_function("b => document.querySelector('#status').innerText !== b", arg=before, timeout=20_000)


def board_move(page) -> str:
    """Takes this seat's decision by clicking the board, never the menu: Pass in a Prayer step;
    else a defender; else a Cogum from the hand into a lane (before engaging: the turn ends by
    itself once no Ready Cogum can engage); else Influence with a Cogum; else End turn.
    Returns what it did."""
    board = page.locator(BOARD)
    before = status(page)
    if board.locator("[data-act=pass]").count():
        board.locator("[data-act=pass]").click()
        what = "pass"
    elif board.locator(DEFENDERS).count():
        board.locator(DEFENDERS).first.click()
        what = "defend"
    elif board.locator(".jol-card.pick[data-family=cogum]").count():
        board.locator(".jol-card.pick[data-family=cogum]").first.click()
        board.locator(".jol-half.pick[data-target=yes]").first.click()
        what = "summon"
    elif board.locator(INFLUENCERS).count():
        board.locator(INFLUENCERS).first.click()
        board.locator("[data-act=influence]").click()
        what = "influence"
    else:
        board.locator("[data-act=end]").click()
        what = "end"
    after(page, before)
    return what


def png_size(path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_a_game_against_the_computer_is_played_by_clicking_the_board_and_survives_a_reload(page, shots):
    errors = watch_errors(page)
    create_table(page, "jol", ["open", "easy"], options={"deck1": "jovinet", "deck2": "terrisol"})
    my_turn(page)
    expect(page.locator(BOARD)).to_be_visible()
    # the board as people know it: three lanes, both Manifests, both sides' lines, the phases
    expect(page.locator(f"{BOARD} .jol-lane")).to_have_count(3)
    expect(page.locator(f"{BOARD} .jol-manifest")).to_have_count(2)
    expect(page.locator(f"{BOARD} .jol-inf")).to_have_count(6)
    expect(page.locator(f"{BOARD} .jol-phase[data-current=yes]")).to_have_count(1)
    hand = page.locator(f"{BOARD} .jol-card")
    assert hand.count() >= 7  # seven dealt, one drawn by whoever starts
    first = hand.first.get_attribute("data-card")
    assert hand.first.locator("title").text_content().startswith(f"{first} ")  # a hover title names the card
    done = []
    moves_before = status(page)
    for _ in range(12):
        my_turn(page)
        done.append(board_move(page))
    assert "summon" in done and len(set(done)) >= 2
    assert status(page) != moves_before
    my_turn(page)
    # the computer answered: it took a turn of its own and ended it, and it is ours again
    expect(page.locator("#log li", has_text="player 2's turn begins").first).to_be_visible()
    page.screenshot(path=str(shots / "jol.png"))
    assert png_size(shots / "jol.png") == (1280, 800)
    assert (shots / "jol.png").stat().st_size > 30_000  # a drawn board, not an empty page
    # a reload mid-game: the same seat, the same board, and play goes on by clicking
    cards = page.locator(f"{BOARD} .jol-card").count()
    page.reload()
    my_turn(page)
    expect(page.locator("#seats .mark.you")).to_have_count(1)
    expect(page.locator(f"{BOARD} .jol-card")).to_have_count(cards)
    board_move(page)
    # the phone-sized page draws the narrow board, still clickable
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(page.locator(f"{BOARD}.narrow")).to_be_visible()
    page.screenshot(path=str(shots / "jol-phone.png"), full_page=True)
    my_turn(page)
    board_move(page)
    assert errors == []


def test_a_card_is_played_by_clicking_it_in_the_hand_and_then_a_lane(page):
    errors = watch_errors(page)
    create_table(page, "jol", ["open", "random"])
    board = page.locator(BOARD)
    for _ in range(30):  # until a Cogum can be summoned (the other player may start)
        my_turn(page)
        if board.locator(".jol-card.pick[data-family=cogum]").count():
            break
        board_move(page)
    card = board.locator(".jol-card.pick[data-family=cogum]").first
    number = card.get_attribute("data-card")
    card.click()
    expect(board.locator(f".jol-card.picked[data-card={number}]")).to_have_count(1)
    # the lanes it can enter light up on this side; nothing else of the hand's is a target
    targets = board.locator(".jol-half.pick[data-target=yes]")
    assert 1 <= targets.count() <= 3
    lane = targets.last.get_attribute("data-lane")
    before = status(page)
    targets.last.click()
    after(page, before)
    expect(board.locator(f".jol-half[data-lane={lane}] .jol-cogum[data-card={number}]")).to_have_count(1)
    expect(board.locator(f".jol-card[data-card={number}]")).to_have_count(0)
    expect(page.locator("#log li", has_text=f"({number}) into the {lane.capitalize()}")).to_have_count(1)
    # a second summon in the same turn is not offered: the hand's Cogum are no longer clickable
    if status(page).startswith("your turn") and page.locator(f"{BOARD} .jol-phase[data-phase=formation][data-current=yes]").count():
        expect(board.locator(".jol-card.pick[data-family=cogum]")).to_have_count(0)
    assert errors == []


def test_a_spectator_sees_the_board_but_no_hidden_card(page, browser, live_server):
    page.goto("/")
    page.click("#game-jol")
    # the lobby offers the decks of the content as a list, the default chosen
    expect(page.locator("#opt-deck1 option")).to_have_count(3)
    assert page.locator('#opt-deck2 option[value=\'"mixed"\']').count() == 1
    assert page.locator("#opt-deck2").evaluate("(el) => el.selectedOptions[0].textContent") == "terrisol"
    table = create_table(page, "jol", ["open", "random"])
    my_turn(page)
    own = page.locator(f"{BOARD} .jol-card")
    numbers = [own.nth(k).get_attribute("data-card") for k in range(own.count())]
    assert numbers
    # the hand's faces come from the table's catalogue (fetched once), the observation naming the card
    catalogue = page.evaluate(f"() => fetch('/api/tables/{table}/catalogue').then((r) => r.json())")
    for k, number in enumerate(numbers):
        card = own.nth(k)
        face = catalogue["cards"][card.get_attribute("data-face")]
        assert card.get_attribute("data-family") == face["family"]
        hover = card.locator("title").text_content()
        assert hover.startswith(f"{number} {face['name']}: ") and face["text"] in hover
        if face["family"] == "cogum":
            assert [f"DET {face['printed'][0]}", f"HRT {face['printed'][1]}"] == hover.split(": a Cogum, ")[1].split(", ")[:2]
    watcher = browser.new_context(base_url=live_server).new_page()
    errors = watch_errors(watcher)
    watcher.goto(f"/table/{table}")
    expect(watcher.locator(BOARD)).to_be_visible()
    expect(watcher.locator(f"{BOARD} .jol-lane")).to_have_count(3)
    # no face-up hand, no hand card anywhere, and the hands drawn as backs with their counts
    assert watcher.locator(f"{BOARD} .jol-card").count() == 0
    for number in numbers:
        assert watcher.locator(f"{BOARD} [data-card={number}]").count() == 0
    expect(watcher.locator(f"{BOARD} .jol-hand-count")).to_have_count(2)
    mine = watcher.locator(f"{BOARD} .jol-side[data-player='0'] .jol-hand-count")
    assert int(mine.get_attribute("data-count")) == len(numbers)
    assert watcher.locator(f"{BOARD} .jol-back").count() > 0
    assert watcher.locator(f"{BOARD} .pick").count() == 0
    assert errors == []


WHOLE_GAME = """async () => {
  // Plays this seat to the end by clicking the board (the choices of board_move), in the
  // page, so that a few hundred decisions take seconds rather than a round trip each.
  const status = () => document.querySelector('#status');
  const board = () => document.querySelector('#board svg.jol');
  const click = (el) => el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  let moves = 0;
  for (let guard = 0; guard < 6000; guard++) {
    const text = status().innerText;
    if (text.startsWith('finished')) return {moves, text};
    if (!status().classList.contains('yours') || !board()) { await sleep(15); continue; }
    const b = board();
    const pass = b.querySelector('[data-act=pass]');
    const defender = b.querySelector('.jol-half .jol-cogum.pick[data-acts~=defend]');
    const card = b.querySelector('.jol-card.pick[data-family=cogum]');
    const influencer = b.querySelector('.jol-half .jol-cogum.pick[data-acts~=influence]');
    let tried;
    if (pass) { tried = 'pass'; click(pass); }
    else if (defender) { tried = 'defend'; click(defender); }
    else if (card) {
      tried = 'summon';
      click(card);
      click(board().querySelector('.jol-half.pick[data-target=yes]'));
    } else if (influencer) {
      tried = 'influence';
      click(influencer);
      click(board().querySelector('[data-act=influence]'));
    } else { tried = 'end'; click(b.querySelector('[data-act=end]')); }
    moves++;
    // every move changes the status line (it counts the moves); 5 s without a change is a click
    // that did nothing, said at once with the page's message instead of repeated until a timeout
    let wait = 0;
    for (; wait < 1000 && status().innerText === text; wait++) await sleep(5);
    if (wait === 1000) return {moves, text, stuck: tried, message: document.querySelector('#message').textContent};
    // the server takes at most 20 messages a second from a socket (settings.messages_per_second) and
    // refuses the rest ("too many messages: slow down"): a loop in the page is faster than that, a person is not
    await sleep(60);
  }
  return {moves, text: status().innerText};
}"""


def test_a_whole_game_against_the_random_bot_is_played_on_the_board_and_replayed(page):
    errors = watch_errors(page)
    # Terrisol's big bodies against the random bot's Jovinet: the shortest games of this policy
    table = create_table(page, "jol", ["open", "random"], options={"deck1": "terrisol", "deck2": "jovinet"})
    my_turn(page)
    result = page.evaluate(WHOLE_GAME)
    assert result["text"].startswith("finished"), repr(result)
    assert result["moves"] > 10
    expect(page.locator(f"{BOARD} #jol-turn")).to_contain_text("win")
    assert page.locator(f"{BOARD} .pick").count() == 0  # nothing left to click
    page.goto("/")
    page.locator(f"#finished li[data-table='{table}'] a").click()
    page.wait_for_selector("#replay-move")
    end = int(page.locator("#replay-move").get_attribute("max"))
    expect(page.locator(BOARD)).to_be_visible()
    expect(page.locator(f"{BOARD} #jol-turn")).to_contain_text("wins")
    page.click("#replay-first")
    page.wait_for_function("() => document.querySelector('#status').innerText.includes('move 0 of')")
    expect(page.locator(f"{BOARD} #jol-turn")).to_contain_text("Turn 1")
    assert page.locator(f"{BOARD} .jol-card").count() == 0  # a replay is a spectator's view
    page.click("#replay-last")
    page.wait_for_function(f"() => document.querySelector('#status').innerText.includes('move {end} of')")
    assert errors == []
