"""The lobby and the table shell, the same for every game: a table against the computer
created in the lobby, moves played from the menu, a reload mid-game, an invitation link
claimed in a second browser, a spectator, a finished game replayed."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import expect

from .conftest import create_table, my_turn, watch_errors


def test_lobby_lists_the_four_games_and_builds_options_from_their_schemas(page):
    errors = watch_errors(page)

    def slowly(route):  # the last renderer arrives late, as on a slow line
        time.sleep(0.5)
        route.continue_()

    page.route("**/static/games/jol.js", slowly)
    page.goto("/")
    # the buttons come together: one by one, each new one moved the others under the pointer
    page.wait_for_selector(".game")
    assert page.evaluate("document.querySelectorAll('.game').length") == 4
    page.unroute("**/static/games/jol.js")
    for game in ("dirge", "divine", "dogma", "jol"):
        expect(page.locator(f"#game-{game}")).to_be_visible()
    page.click("#game-divine")
    page.fill("#opt-players", "3")
    expect(page.locator("#seat-rows select")).to_have_count(3)  # seats follow the players option
    page.click("#game-dogma")
    expect(page.locator("#opt-mode option")).to_have_text(["predestination", "free_will", "chaos"])
    assert errors == []


def test_a_table_against_the_computer_is_played_from_the_menu_and_survives_a_reload(page):
    errors = watch_errors(page)
    table = create_table(page, "jol", ["open", "random"])
    for _ in range(3):
        my_turn(page)
        before = page.locator("#status").inner_text()
        page.locator(".action").first.click()
        page.wait_for_function("b => document.querySelector('#status').innerText !== b", arg=before)
    assert page.locator("#log li").count() > 5  # the events, each with its rule
    assert page.locator("#log .rule").count() > 0
    moves = page.locator("#status").inner_text()
    page.reload()
    my_turn(page)
    assert page.locator("#seats .mark.you").count() == 1  # still seated after the reload
    assert page.locator("#status").inner_text().split("move")[-1] >= moves.split("move")[-1]
    page.locator(".action").first.click()
    assert errors == []
    assert table


def test_an_invitation_link_seats_a_friend_and_a_spectator_has_no_actions(page, browser, live_server):
    table = create_table(page, "dirge", ["open", "open"], options={"mode": "teams"})
    invite = page.locator("input.invite").first.input_value()
    assert invite.endswith(f"/table/{table}?seat=2")
    page.click("#go-to-table")
    friend = browser.new_context(base_url=live_server).new_page()
    friend.goto(invite)
    friend.fill("#name", "Bea")
    friend.click("button[type=submit]")
    friend.wait_for_selector("#seats .mark.you")
    assert "Bea" in friend.locator("#seats").inner_text()
    # one of the two is to move; the other sees no menu
    page.wait_for_function("() => document.querySelector('#seats').innerText.includes('Bea')")
    watcher = browser.new_context(base_url=live_server).new_page()
    watcher.goto(f"/table/{table}")
    watcher.wait_for_selector("#seats .seat")
    expect(watcher.locator("#status")).to_contain_text("watching")
    assert watcher.locator(".action").count() == 0
    assert watcher.locator("#resign").count() == 0


def test_a_refused_action_says_why_and_changes_nothing(page, live_server):
    create_table(page, "jol", ["open", "random"])
    my_turn(page)
    moves = page.locator("#status").inner_text()
    # a stale action, as a second tab might send it: the page says why, the game is unchanged
    page.evaluate("""() => new Promise(done => {
        const ws = new WebSocket(`ws://${location.host}/api/tables/${location.pathname.split('/').pop()}/socket`);
        const mine = JSON.parse(localStorage.getItem(`credo.seat.${location.pathname.split('/').pop()}`));
        ws.onopen = () => { ws.send(JSON.stringify({token: mine.token})); ws.send(JSON.stringify({act: 'end', expect: 99999})); };
        ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.type === 'error') { window.refusal = m.message; ws.close(); done(); } };
    })""")
    assert "refused" in page.evaluate("window.refusal")
    assert page.locator("#status").inner_text() == moves


def test_a_finished_game_is_listed_and_replayed_move_by_move(page, live_server):
    # a game of two computers plays to its end by itself
    r = httpx.post(live_server + "/api/tables", json={"game": "dirge", "options": {"mode": "teams", "turn_limit": 2},
                                                       "seats": [{"kind": "bot", "agent": "random"}] * 2})
    table = r.json()["id"]
    for _ in range(300):
        if httpx.get(f"{live_server}/api/tables/{table}").json()["status"] == "finished":
            break
        page.wait_for_timeout(100)
    page.goto("/")
    link = page.locator(f"#finished li[data-table='{table}'] a")
    link.click()
    page.wait_for_selector("#replay-move")
    end = int(page.locator("#replay-move").get_attribute("max"))
    assert end > 0
    # the slider is drawn before the last move's view arrives: wait for the view, not the slider
    expect(page.locator("#status")).to_contain_text(f"move {end} of {end}")
    page.click("#replay-first")
    page.wait_for_function("() => document.querySelector('#status').innerText.includes('move 0 of')")
    page.click("#replay-next")
    page.wait_for_function("() => document.querySelector('#status').innerText.includes('move 1 of')")
    assert page.locator(".action").count() == 0


def test_a_refused_table_is_said_under_its_button_and_nothing_is_created(page, live_server, shots):
    errors = watch_errors(page)
    before = len(httpx.get(live_server + "/api/tables", params={"status": "open"}).json())
    page.goto("/")
    page.click("#game-jol")
    page.fill("#your-name", "")
    page.click("#create-table")
    expect(page.locator("#form-message")).to_have_text("Your name: write the name the other players will see")
    page.fill("#your-name", "Ann")
    # the clock shows only the fields its kind reads
    expect(page.locator("#clock-seconds")).to_be_hidden()
    page.select_option("#clock-kind", value="budget")
    expect(page.locator("#clock-increment")).to_be_visible()
    # a clock whose seconds were cleared: the browser lets an empty number through, the server refuses it
    page.select_option("#clock-kind", value="per_decision")
    expect(page.locator("#clock-increment")).to_be_hidden()
    expect(page.locator("#clock-timeout")).to_be_visible()
    page.fill("#clock-seconds", "")
    page.click("#create-table")
    expect(page.locator("#form-message")).to_contain_text("seconds")
    assert page.locator("#form-message").get_attribute("class") == "error"
    # said by the button that was pressed, not under the tables further down the page
    assert page.locator("#message").inner_text() == ""
    form = page.locator("#create-table").bounding_box()
    said = page.locator("#form-message").bounding_box()
    assert 0 <= said["y"] - (form["y"] + form["height"]) < 80
    page.screenshot(path=str(shots / "lobby-refused-table.png"))
    assert len(httpx.get(live_server + "/api/tables", params={"status": "open"}).json()) == before
    assert "/table/" not in page.url
    page.click("#game-dirge")  # another game's form starts without the old refusal
    expect(page.locator("#form-message")).to_have_text("")
    assert errors == []
