"""Events: the narrated log of a game.

An event is stored as a template and its arguments (formatted only when read, so
that narration costs little during search), the rulebook section it applies, and
who may see it (None: everyone).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import NamedTuple


class Event(NamedTuple):
    template: str
    args: tuple
    rule: str
    visible_to: frozenset | None = None

    @property
    def text(self) -> str:
        return self.template.format(*self.args) if self.args else self.template

    def visible(self, player: int | None) -> bool:
        """Whether `player` (None: a spectator) may see this event."""
        if self.visible_to is None:
            return True
        return player is not None and player in self.visible_to

    def to_json(self) -> dict:
        return {"text": self.text, "rule": self.rule}


def as_event(item: tuple) -> Event:
    """The Event of a log entry: entries are stored as plain tuples (template, args, rule,
    visible_to), because building the named tuple costs more than the rest of narrating,
    and are made Events only when read."""
    return item if item.__class__ is Event else _new_event(Event, item)


_new_event = tuple.__new__


class EventLog:
    """An append-only log shared copy-on-write between a state and its copies. Entries may
    be Events or plain (template, args, rule, visible_to) tuples; reading gives Events."""

    __slots__ = ("_items", "_shared")

    def __init__(self, items: list | None = None) -> None:
        self._items = items if items is not None else []
        self._shared = False

    def append(self, event: Event | tuple) -> None:
        if self._shared:
            self._items = list(self._items)
            self._shared = False
        self._items.append(event)

    def copy(self) -> EventLog:
        self._shared = True
        log = EventLog(self._items)
        log._shared = True
        return log

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):
        return map(as_event, self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [as_event(e) for e in self._items[i]]
        return as_event(self._items[i])

    def snapshot(self, player: int | None) -> VisibleEvents:
        """What `player` may see so far, read lazily and unaffected by later entries."""
        return VisibleEvents(tuple(self._items), player)

    def visible(self, player: int | None, start: int = 0) -> list[Event]:
        out = []
        for item in self._items[start:]:
            to = item[3]
            if to is None or (player is not None and player in to):
                out.append(as_event(item))
        return out


_PLAIN = (int, str, float, bool, type(None))


class VisibleEvents(Sequence):
    """The events one player may see, as of one moment: a snapshot of the log's entries
    (a copy of references, so a view costs the same at move 1,000 as at move 10), read
    only if someone reads them. The entries are tuples whose arguments are immutable
    (numbers, text, actions, tuples of names); any other argument is copied when read,
    so nothing here reaches back into the log."""

    __slots__ = ("_entries", "_player", "_events")

    def __init__(self, entries: tuple, player: int | None) -> None:
        self._entries = entries
        self._player = player
        self._events: tuple[Event, ...] | None = None

    def _read(self) -> tuple[Event, ...]:
        events = self._events
        if events is None:
            player, out = self._player, []
            for item in self._entries:
                to = item[3]
                if to is None or (player is not None and player in to):
                    args = item[1]
                    if args and not all(a.__class__ in _PLAIN for a in args):
                        item = (item[0], copy.deepcopy(args), item[2], to)
                    out.append(as_event(item))
            events = self._events = tuple(out)
        return events

    def __len__(self) -> int:
        return len(self._read())

    def __getitem__(self, i):
        return self._read()[i]

    def __iter__(self):
        return iter(self._read())

    def __eq__(self, other) -> bool:
        if isinstance(other, VisibleEvents):
            other = other._read()
        return isinstance(other, (list, tuple)) and list(self._read()) == list(other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"VisibleEvents({list(self._read())!r})"
