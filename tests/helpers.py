"""Assertions every game's rule tests share."""

import pytest

from credo.kernel import IllegalAction


def assert_illegal(state, action: str, rule, player: int | None = None) -> IllegalAction:
    """`action` raises IllegalAction citing `rule` (or one of a tuple of rules) and
    leaves the state exactly as it was: same position, same event log."""
    before = state.to_position()
    log_len = len(state.log)
    seen = len(state.events(None))
    movers = state.to_move
    asker = player if player is not None else (movers[0] if len(movers) == 1 else None)
    if asker is not None:
        try:
            parsed = state.game.parse_action(action)
        except IllegalAction:
            parsed = None
        assert parsed is None or parsed not in state.legal_actions(asker), f"{action!r} is offered as legal"
    with pytest.raises(IllegalAction) as info:
        state.apply(action, player)
    err = info.value
    assert state.to_position() == before, f"{action!r} changed the state"
    assert len(state.log) == log_len and len(state.events(None)) == seen, f"{action!r} was narrated"
    if isinstance(rule, tuple):
        assert err.rule in rule, f"{action!r}: cites {err.rule!r}, expected one of {rule}"
    else:
        assert err.rule == rule, f"{action!r}: cites {err.rule!r}, expected {rule!r}"
    return err
