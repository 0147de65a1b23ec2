"""Terminal rendering pieces every game's `render` module shares (rich)."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


class LinesView:
    """A rich renderable of one observation, drawn as lines that fit the console width.
    A game subclasses it and gives `lines(console, width)`."""

    def __init__(self, game, obs: dict) -> None:
        self.game = game
        self.obs = obs

    def lines(self, console: Console, width: int) -> list[Text]:
        raise NotImplementedError

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = Text("\n").join(self.lines(console, options.max_width))
        text.no_wrap = True
        text.overflow = "crop"
        yield text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(40, options.max_width)


def notation_table(rows: list[tuple[str, str]], footer: str = "") -> Text:
    """The help on a game's notation: each form in bold, aligned, with what it does."""
    width = max(len(form) for form, _ in rows) + 1
    out = Text()
    for i, (form, what) in enumerate(rows):
        if i:
            out.append("\n")
        out.append(f"  {form:<{width}}", style="bold")
        out.append(what)
    if footer:
        out.append("\n" + footer, style="dim")
    return out
