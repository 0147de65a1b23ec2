"""The in-game help every game shares: a glossary of topics (the rules page, how to win,
a turn, the game's own words, and every card, creature or tile of its content), found by
any of its names with case, accents and punctuation ignored (`help gesu` finds Gesù,
`help wi·t` the Jol board's Wi·T).

Each game builds its glossary in `credo/games/<game>/glossary.py` from its content, so a
designer's card loaded with `--content` is explained like a shipped one."""

from __future__ import annotations

import difflib
import re
import textwrap
import unicodedata
from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text


def fold(word: str) -> str:
    """The form a topic is looked up by: lower case, accents dropped, any run of other
    characters one underscore (so "Gesù", "gesu" and "GESU" agree, as do
    "Reliquia: Santo Graal" and "reliquia santo graal")."""
    plain = unicodedata.normalize("NFKD", word)
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch)).lower().strip()
    plain = re.sub(r"(?<![a-z0-9])-(?=\d)", " minus ", plain.replace("+", " plus "))  # +10 and -10 differ
    key = re.sub(r"[^a-z0-9]+", "_", plain).strip("_")
    return key or plain  # a board symbol alone (⌂, ~) is its own name


@dataclass
class Entry:
    kind: str    # the index heading it is listed under ("Words", "Cult cards", ...)
    title: str
    body: str
    names: tuple[str, ...] = ()

    def render(self, prefix: str = "") -> HelpText:
        lines = self.body.strip("\n").split("\n")
        title = self.title
        if lines and lines[0].startswith(title):  # the body gives a fuller title (a Prophet's epithet)
            title, lines = lines[0], lines[1:]
        out = Text()
        out.append(prefix + title, style="bold")
        for line in lines:
            out.append("\n")
            out.append(line)
        return HelpText(out)


class HelpText:
    """Help text that wraps each long line to the console with a hanging indent, so an
    indented item of a rules page stays an item on a narrow terminal. (Not a Text: the
    console would join it with its neighbours and wrap it plainly.)"""

    def __init__(self, text: Text) -> None:
        self.text = text

    @property
    def plain(self) -> str:
        return self.text.plain

    def __str__(self) -> str:
        return self.text.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(20, options.max_width)
        for line in self.text.split("\n", allow_blank=True):
            plain = line.plain
            if len(plain) <= width:
                yield line
                continue
            indent = len(plain) - len(plain.lstrip())
            style = line.spans[0].style if line.spans and line.spans[0].end >= len(plain) else ""
            for piece in textwrap.wrap(plain, width, subsequent_indent=" " * (indent + 2)):
                yield Text(piece, style=style)


@dataclass
class Glossary:
    game_title: str
    entries: list[Entry] = field(default_factory=list)
    by_name: dict[str, Entry] = field(default_factory=dict)

    def add(self, kind: str, title: str, body: str, *names: str) -> Entry:
        """An entry found by its title and each of `names`; a name already taken keeps
        its first entry (the rules' words come first, so a card named like a rule's word
        is still found by its id)."""
        entry = Entry(kind, title, body, (title, *names))
        self.entries.append(entry)
        for name in entry.names:
            key = fold(name)
            if key:
                self.by_name.setdefault(key, entry)
        return entry

    def find(self, topic: str) -> Entry | None:
        """The entry a name finds; failing that, a heading of the index (`help words`,
        `help cult cards`) finds the list of its entries."""
        key = fold(topic)
        found = self.by_name.get(key)
        if found is not None:
            return found
        for kind in dict.fromkeys(e.kind for e in self.entries):
            if key in (fold(kind), fold(kind).rstrip("s")):
                titles = [e.title for e in self.entries if e.kind == kind]
                return Entry(kind, f"{kind} ({len(titles)})", ", ".join(titles) + ".")
        return None

    def close(self, topic: str, n: int = 5) -> list[str]:
        """Names of topics that look like `topic`, as a person would type them."""
        key = fold(topic)
        shown = {fold(e.title): e.title for e in self.entries}
        keys = list(self.by_name)
        found = [k for k in keys if key and (k.startswith(key) or key in k.split("_"))][:n]
        for k in difflib.get_close_matches(key, keys, n=n, cutoff=0.7):
            if k not in found:
                found.append(k)
        out: list[str] = []
        for k in found[:n]:
            title = shown.get(k) or self.by_name[k].title
            word = k.replace("_", " ") if fold(title) != k else title
            if word not in out:
                out.append(word)
        return out

    def index(self) -> Text:
        """What topics exist: each heading with its entries' titles (long lists shortened)."""
        heads: dict[str, list[str]] = {}
        for e in self.entries:
            heads.setdefault(e.kind, []).append(e.title)
        out = Text()
        out.append(f"Help topics of {self.game_title}: type help and any of these (or a card's id)",
                   style="bold underline")
        for kind, titles in heads.items():
            shown = titles if len(titles) <= 12 else titles[:5] + [f"... ({len(titles)} in all: help {kind.lower()})"]
            out.append(f"\n  {kind}: ", style="bold")
            out.append(", ".join(shown))
        return out


def join_words(words: list[str], last: str = "and") -> str:
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def how_to_play() -> str:
    """docs/how-to-play.md: each game's `help rules`, `help win` and `help turn`, as the
    terminal shows them (`python -m credo.games.glossary > docs/how-to-play.md`)."""
    import importlib

    from credo.games import load, names

    out = ["# How to play", "",
           "Each game's rules in our own words, as `help rules`, `help win` and `help turn` show them in",
           "the game (this file is generated from them: `python -m credo.games.glossary > docs/how-to-play.md`).",
           "`help` in a game lists every other topic: its words, keywords, markers and every card.", ""]
    for name in names():
        game = load(name)
        module = importlib.import_module(f"credo.games.{name}.glossary")
        g = module.glossary(game)
        out += [f"## {getattr(game, 'title', name)}", ""]
        for topic in ("rules", "win", "turn"):
            entry = g.find(topic)
            text = "\n".join(piece for line in entry.body.strip("\n").split("\n")
                             for piece in textwrap.wrap(line, 88, subsequent_indent=" " * (len(line) - len(line.lstrip()) + 2)))
            out += [f"### {entry.title}", "", "```", text, "```", ""]
    return "\n".join(out)


if __name__ == "__main__":
    print(how_to_play(), end="")
