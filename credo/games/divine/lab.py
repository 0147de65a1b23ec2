"""What the balance lab (`credo balance divine`, credo/arena/lab.py) measures in Divine:
every seat for 2, 3 and 4 players, who the roll gave the first turn, the Divinity cards
each seat played, where it stood in Follower Tokens when it played each, and the cards it
held at some time (so a card never played is told from a card never drawn)."""

from __future__ import annotations

from credo.kernel.match import Match

BEHIND, AHEAD, HELD = "card when behind", "card when ahead", "card held"
# A card the winners play is one a player who is ahead can afford: the standing at the play
# tells a card that turns a game from one that follows the lead. Outcomes of play, not content.
# Held: a seat that never played a card either never drew it or drew it and kept it; the
# score of the seats that never held it tells the two apart (is a game without it winnable?).
OUTCOMES = {
    BEHIND: "Cards played while the player held fewer Follower Tokens than another player",
    AHEAD: "Cards played while the player held at least as many Follower Tokens as every other player",
    HELD: "Cards the player held at some time, played or not",
}
PLAY = "play "  # a card played, as a record writes it: "play CARD ..." (first in a turn or in answer)


def matchups(game) -> list[tuple[str, dict]]:
    return [(f"{n} players", {"players": n}) for n in range(game.min_players, game.max_players + 1)]


def tags(game, match) -> list[list[tuple[str, str]]]:
    """Per seat, each Divinity card it played ("card"), each it played while behind or ahead in
    Follower Tokens, and each it held at some time, each id once a kind. The standing is read
    before the play, in the game replayed from its moves (a card's own effect is no part of it)."""
    seats = match.state.num_players
    by_kind: dict[str, list[dict[str, None]]] = {kind: [{} for _ in range(seats)]
                                                for kind in ("card", BEHIND, AHEAD, HELD)}
    again = Match(game, match.seed, match.options)
    for seat, move in match.moves:
        _note_hands(game, again.state, by_kind[HELD])
        if move.startswith(PLAY) and seat >= 0:
            card = move.split()[1]
            followers = again.state.followers
            behind = followers[seat] < max(n for other, n in enumerate(followers) if other != seat)
            by_kind["card"][seat].setdefault(card)
            by_kind[BEHIND if behind else AHEAD][seat].setdefault(card)
        again.play(move, None if seat < 0 else seat)
    _note_hands(game, again.state, by_kind[HELD])
    return [[(kind, card) for kind, cards in by_kind.items() for card in cards[seat]] for seat in range(seats)]


def _note_hands(game, state, held: list[dict[str, None]]) -> None:
    ids, kinds = game.cards.ids, game.cards.n
    for seat, seen in enumerate(held):
        for c, count in enumerate(state.hand[seat * kinds:(seat + 1) * kinds]):
            if count:
                seen.setdefault(ids[c])


def first_player(game, match) -> int | None:
    return match.state.order[0]
