"""What a newcomer meets in the terminal: refusals that name the rule, boards that fit an
80 by 50 screen, the hotseat hand-over, autopass, and building one's own Dogma Arcana.
Each test types into the terminal as a person does, into a recording console 80 wide."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from credo.games import load
from credo.interfaces import terminal
from credo.kernel import Match, Rng

WIDTH, HEIGHT = 80, 50
CLEAR = "\x1b[2J"


def console(terminal_like: bool = False) -> Console:
    return Console(file=io.StringIO(), width=WIDTH, force_terminal=terminal_like, highlight=False,
                   color_system=None)


class Typist:
    """Types `lines`, then ends input; remembers every prompt it was shown."""

    def __init__(self, *lines: str, then_forever: str | None = None) -> None:
        self.feed = list(lines)
        self.forever = then_forever
        self.prompts: list[str] = []

    def __call__(self, prompt: str = "") -> str:
        self.prompts.append(prompt)
        if self.feed:
            return self.feed.pop(0)
        if self.forever is not None:
            return self.forever
        raise EOFError


def flat(text: str) -> str:
    """Text with its line breaks undone (a refusal wraps at 80 columns)."""
    return " ".join(text.split())


def play(name, seats, *lines, seed=0, options=None, terminal_like=False, forever=None):
    c = console(terminal_like)
    typist = Typist(*lines, then_forever=forever)
    match = terminal.play(load(name), list(seats), seed=seed, options=options, console=c, input_fn=typist)
    return match, c.file.getvalue(), typist


def session_at(name, seats, moves, options=None, seed=0, terminal_like=False):
    """A terminal session whose game has reached the given moves, for the person to type into."""
    c = console(terminal_like)
    s = terminal._Session(load(name), list(seats), seed, options, c, Typist())
    for player, action in moves:
        s.match.play(action, player)
    s.seen = len(s.state.log)
    return s, c


def random_moves(name, seed, until, options=None, limit=3000):
    """Random play from `seed` until `until(state)` holds: the moves, as (player, text)."""
    m = Match(load(name), seed, options)
    rng = Rng(seed)
    for _ in range(limit):
        if until(m.state):
            return m.moves
        if m.state.is_over:
            break
        p = m.state.to_move[0]
        m.play(rng.choice(m.state.legal_actions(p)), p)
    pytest.skip("no such moment in this random game")


# --- refusals that teach ---------------------------------------------------------------
def test_divine_says_why_a_long_move_or_a_far_attack_is_no_action():
    def own_unit_placed(s):
        obs = s.observation(0)
        return obs["phase"] == "play" and 0 in s.to_move
    moves = random_moves("divine", 3, own_unit_placed)
    s, c = session_at("divine", ("human", "greedy"), moves, seed=3)
    units = [u for u in s.state.observation(0)["units"] if u["owner"] == 0]
    start = units[0]["square"]
    col, row = start[0], int(start[1:])
    far = f"{col}{row + 2 if row <= 16 else row - 2}"
    s.handle(0, f"move {start} {far}")
    s.handle(0, "attack h3 f10")
    s.handle(0, "play earthquake")
    out = flat(c.file.getvalue())
    assert "is not an action of divine" not in out
    assert f"{far} is 2 spaces from {start}: a Unit moves one space at a time" in out
    assert "(rule: Turn Steps / Move Step)" in out
    assert "f10 is 9 spaces from h3: a Zealot attacks an adjacent Zealot or Avatar" in out
    assert "(rule: Units / Zealot / Attack)" in out
    assert "Earthquake is played on a Temple another player controls, not their last: 'play earthquake SQUARE'" in out
    assert s.match.moves == moves  # nothing was played


def test_dogma_deploy_past_the_rear_guard_names_the_opening_rule():
    match, out, _ = play("dogma", ("human", "greedy"), "deploy 7")
    out = flat(out)
    assert "'deploy 7' is not an action" not in out
    assert "'deploy N' names a position in your rear guard, which holds 4 Prophets: deploy 1 to 4" in out
    assert "(rule: 3. Opening)" in out
    assert not [m for m in match.moves if m[0] == 0]


def test_text_the_game_cannot_read_still_gets_the_plain_refusal_and_suggestions():
    _, out, _ = play("dogma", ("human", "greedy"), "deploi 1")
    assert "'deploi 1' is not an action of dogma" in out and "Did you mean" in out


# --- boards that fit ---------------------------------------------------------------------
def test_dogma_with_four_players_fits_an_80_by_50_screen_and_says_who_is_left_and_right():
    def targets_to_choose(s):
        return s.turn >= 3 and 2 in s.to_move and any(str(a).endswith(" left") for a in s.legal_actions(2))
    moves = random_moves("dogma", 5, targets_to_choose, options={"players": 4})
    s, c = session_at("dogma", ("random", "random", "human", "random"), moves, options={"players": 4}, seed=5)
    s.show(2)
    screen = c.file.getvalue().strip("\n").splitlines()
    assert len(screen) + 1 <= HEIGHT  # with the prompt line
    assert all(len(line) <= WIDTH for line in screen)
    text = "\n".join(screen)
    assert "Your Target token: left is player 4, right is player 2" in text
    assert "Player 4 (on your left)" in text and "Player 2 (on your right)" in text
    assert "Player 1 (your teammate)" in text and "Player 3 (you)" in text
    menu = text.split("Legal actions")[1]
    assert "left (P4)" in menu and "right (P2)" in menu  # the menu's Target words name the player


def test_dogma_board_gives_each_card_its_effect_in_a_few_words():
    _, out, _ = play("dogma", ("human", "greedy"), "deploy 1", options={"decks": ["mecca", "storm"]})
    board = out.split("Player 1 (you)")[-1]
    assert "active Al Jafar" in board
    assert "cult 1 Hajj: Arduous · 20 dmg, heal 20" in board  # from the card's data, keywords first
    assert "ability Diplomatic Genius: on withdraw: heal 50" in board
    assert "Divine Interventions (top first): Pioggia di Fuoco: 20 dmg to all foes" in board


def test_divine_hand_is_whole_at_80_columns():
    moves = random_moves("divine", 4, lambda s: s.observation(0)["phase"] == "play" and 0 in s.to_move)
    s, c = session_at("divine", ("human", "greedy"), moves, seed=4)
    s.show(0)
    out = c.file.getvalue()
    game = s.game
    hand = s.state.observation(0)["hand"]
    assert hand
    for cid in hand:
        assert game.cards.names[game.cards.by_id[cid]] in out


def test_the_computer_says_it_is_thinking():
    _, out, _ = play("dirge", ("greedy", "human"), "1", "1", seed=1, options={"mode": "teams"}, terminal_like=True)
    assert "Player 1 (computer, greedy) is thinking" in out


# --- hotseat hand-over -------------------------------------------------------------------
def test_divine_hotseat_clears_the_screen_and_waits_before_each_hand():
    match, out, typist = play("divine", ("human", "human"), *["1"] * 40, seed=9, terminal_like=True)
    handovers = [p for p in typist.prompts if p.endswith("press Enter ")]
    assert "Player 1, press Enter " in handovers and "Player 2, press Enter " in handovers
    # after the last hand-over, only the hand of the person now deciding is on screen
    screens = out.split(CLEAR)
    i = max(i for i, screen in enumerate(screens) if "Your hand:" in screen)
    last = screens[i]
    decider = int(screens[i - 1].split("Hand the keyboard to Player ")[1][0]) - 1
    game = load("divine")
    replayed = Match(game, 9)
    for p, a in match.moves:
        replayed.play(a, p)
    assert "Your hand:" in last and "Since your last turn:" in last
    other = replayed.state.observation(1 - decider)["hand"]
    mine = replayed.state.observation(decider)["hand"]
    only_other = [c for c in other if c not in mine]
    assert only_other
    for cid in only_other:
        assert game.cards.names[game.cards.by_id[cid]] not in last
    for cid in mine:
        assert game.cards.names[game.cards.by_id[cid]] in last


def test_dirge_hotseat_has_no_hidden_hand_so_no_hand_over():
    _, _, typist = play("dirge", ("human", "human"), "1", "1", "1", options={"mode": "teams"})
    assert not [p for p in typist.prompts if "press Enter" in p]


def test_jol_and_dogma_hotseat_hand_over_too():
    for name in ("jol", "dogma"):
        _, _, typist = play(name, ("human", "human"), "", "1", "", "1", seed=2)
        assert any(p.endswith("press Enter ") for p in typist.prompts), name


# --- autopass ----------------------------------------------------------------------------
def _only_pass(s) -> bool:
    return any([str(a) for a in s.legal_actions(p)] == ["pass"] for p in s.to_move)


def test_autopass_passes_a_window_where_nothing_is_playable():
    moves = random_moves("divine", 1, _only_pass)
    s, c = session_at("divine", ("human", "human"), moves, seed=1)
    player = next(p for p in s.state.to_move if [str(a) for a in s.state.legal_actions(p)] == ["pass"])
    s.show_menu(player)
    assert "'autopass on' passes such windows for you" in flat(c.file.getvalue())
    assert s.handle(player, "autopass on") == terminal.PLAYED
    assert s.match.moves[-1] == (player, "pass")
    assert "passes (autopass: nothing playable)" in c.file.getvalue()
    assert s.handle(player if player in s.state.to_move else s.state.to_move[0], "autopass off") == terminal.AGAIN


def test_autopass_takes_on_or_off_only():
    s, c = session_at("divine", ("human", "greedy"), [])
    s.handle(0, "autopass maybe")
    assert "autopass is 'on' or 'off', not 'maybe'" in c.file.getvalue()


# --- Dogma Free Will: a person's build ---------------------------------------------------
def test_free_will_a_person_builds_their_arcana_checked_at_each_card():
    match, out, _ = play("dogma", ("human", "greedy"), "al_jafar", "trinita", "hajj", "gesu", "2",
                         "lancia_di_longino", "random", seed=1, options={"mode": "free_will"})
    out = flat(out)
    assert "Arcanum 1 of 4: choose its Prophet" in out
    assert "Trinità is a christian Doctrine: Al Jafar's sleeve takes" in out and "(rule: 1. Components)" in out
    assert "each Arcanum holds 1 Prophet" in out  # gesu where a card belongs
    mine = match.options["arcana"][0]
    assert mine[0][:2] == ["al_jafar", "hajj"] and mine[0][3] == "lancia_di_longino"
    assert len(match.options["interventions"][0]) == 4
    # the game is dealt from the build; the computer's build is not printed
    assert match.state.observation(0)["players"][0]["arcana"][0]["prophet"] == "al_jafar"
    assert len(match.options["arcana"][1]) == 4 and "one_box" not in match.options  # the rulebook's own boxes
    start = out.index("─ Dogma")
    assert "arcana=" not in out[start:]


def test_free_will_takes_three_relics_and_takes_back_with_undo():
    # section 2: "3 associated cards, in any combination of Cult cards and Relics"
    match, out, _ = play("dogma", ("human", "greedy"), "al_jafar", "lancia_di_longino", "athar", "burda",
                         "undo", "sacra_sindone", "random", seed=1, options={"mode": "free_will"})
    # three Relics make a whole Arcanum: the next Prophet is asked for, after the third Relic and after its replacement
    assert flat(out).count("Arcanum 2 of 4: choose its Prophet") == 2
    assert match.options["arcana"][0][0] == ["al_jafar", "lancia_di_longino", "athar", "sacra_sindone"]


def test_free_will_random_build_for_a_person_who_asks():
    match, out, _ = play("dogma", ("human", "greedy"), "random", options={"mode": "free_will"})
    assert "Player 1's Arcana:" in out
    assert len(match.options["arcana"][0]) == 4


def test_free_will_with_one_box_the_player_drawn_first_builds_first():
    # seed 1: the person is drawn first and chooses among every Prophet; seed 0: the computer
    # builds first and the person chooses among the Prophets left in the box
    one_box = {"mode": "free_will", "one_box": True}
    first, out1, _ = play("dogma", ("human", "greedy"), "random", seed=1, options=one_box)
    second, out0, _ = play("dogma", ("human", "greedy"), "random", seed=0, options=one_box)
    prophets = len(load("dogma").content.prophets)

    def offered(out: str) -> int:
        listing = out.split("Arcanum 1 of 4: choose its Prophet")[1].split("Arcanum 1 >")[0]
        return sum(1 for line in listing.splitlines() if line[:4].strip().isdigit())

    assert "the game drew player 1 to build first" in flat(out1) and offered(out1) == prophets
    assert "the game drew player 2 to build first" in flat(out0) and offered(out0) == prophets - 4
    assert first.state.observation(None)["first_builder"] == 0
    assert second.state.observation(None)["first_builder"] == 1
