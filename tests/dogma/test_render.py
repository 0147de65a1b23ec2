"""The terminal drawing reads only an observation and shows the table."""

from rich.console import Console

from credo.games.dogma.render import notation_help, render
from credo.kernel import Rng


def draw(game, obs) -> str:
    console = Console(width=120, record=True, force_terminal=False)
    console.print(render(game, obs))
    return console.export_text()


def test_render_shows_active_prophets_markers_and_hides_face_down_cards(game):
    s = game.new(0, decks=["mecca", "storm"])
    s.apply("deploy 4", 0)
    s.apply("deploy 1", 1)
    s.apply("cult 1", 0)
    s.apply("cult 2", 1)
    out = draw(game, s.observation(1))
    assert "Shirin" in out and "Khadija" in out and "face down" in out
    assert "Sunna" in out  # Revealed
    assert "Ibaditi" in out  # used last turn, now revealed
    mine = draw(game, s.observation(0))
    assert "Hadith" in mine and "Divine Interventions (top first)" in mine
    assert "Hadith" not in out


def test_render_draws_every_state_of_random_games(game):
    for seed in range(20):
        s = game.new(seed, **game.machine_options(game.option_variants[seed % 3]))
        rng = Rng(seed)
        while not s.is_over:
            for viewer in (None, 0, 1):
                draw(game, s.observation(viewer))
            p = s.to_move[0]
            s.apply(rng.choice(s.legal_actions(p)), p)
        assert "Game over" in draw(game, s.observation(None))
    assert "summon N" in notation_help(game).plain


def test_render_shows_the_chaos_packet_in_hand_and_own_arcana_only(game):
    s = game.new(4, mode="chaos")
    take = next(a for a in s.legal_actions(0) if a.kind == "take")
    s.apply(take, 0)
    mine, theirs = draw(game, s.observation(0)), draw(game, s.observation(1))
    assert "Packet in hand" in mine and "Arcanum 1" in mine
    other_packet = s.observation(1)["chaos"]["packet"]
    first = game.content.prophets[game.tables.prophet_by_id[other_packet[0]]].name \
        if other_packet[0] in game.tables.prophet_by_id else None
    if first:
        assert first not in mine
    assert "Chaos mode" in theirs
