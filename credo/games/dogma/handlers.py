"""Named Python handlers for abilities whose effect no primitive expresses.

A handler is `fn(state, player, slot) -> None`, called where the ability's effects
would run. The shipped box needs none yet: every card is built from primitives.
Content naming an unknown handler is refused when it is loaded."""

from __future__ import annotations

HANDLERS: dict[str, object] = {}
