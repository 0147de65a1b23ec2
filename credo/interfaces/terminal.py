"""Play a game in the terminal: a person against the computer, or several people
taking turns at one keyboard ("hotseat"), or the computer against itself.

This module knows no game. It draws a game with the game's own renderer,
`credo.games.<name>.render.render(game, observation)`, or pretty-prints the
observation if the game has none. Everything shown comes from the observation and
the events of the player whose view is shown; computer players decide from a
`PlayerView`, never from the true state. Moves go through a `Match`, so the game
can be recorded, replayed and taken back.

Input, at each decision of a person: an action in the game's notation, a number
from the menu of legal actions, or a command (`help`, `help ACTION`, `? ACTION`,
`undo`, `board`, `menu`, `log`, `autopass on|off`, `quit`). A wrong input says what
is wrong (and which rule forbids it: text that names no action is explained by the
game's `explain.explain_text`) and asks again.

Several people at one keyboard: before a person's view that shows more than a
spectator's (a hand, a secret Order), the screen is cleared and the terminal waits for
"Player N, press Enter", then tells them what happened since their last turn. A game
built before it starts (Dogma's Free Will) asks the people through its render
module's `setup`.
"""

from __future__ import annotations

import difflib
import importlib
import re
import traceback
from types import ModuleType
from typing import Any, Callable

from rich.columns import Columns
from rich.console import Console
from rich.padding import Padding
from rich.panel import Panel
from rich.pretty import Pretty
from rich.text import Text

from credo.kernel import Action, CredoError, Game, IllegalAction, Match, NotationError, PlayerView, one_line, quoted
from credo.kernel.actions import normalise
from credo.kernel.numbers import small_int
from credo.kernel.undo import last_barrier
from credo.kernel.view import new_secret, sampling_seed

HUMAN = "human"
DEFAULT_STYLES = ("bold bright_cyan", "bold bright_yellow", "bold bright_green", "bold bright_magenta")
NUMBER_STYLE = "bold green"
SECRET_OPTIONS = ("arcana", "interventions")  # builds given as options are not printed
MENU_WIDE_GROUP = 34  # groups wider than this get a line of their own in the menu

# what `_handle` tells the decision loop
PLAYED, QUIT, REDRAW, AGAIN = "played", "quit", "redraw", "again"

COMMANDS = (
    ("NUMBER", "play that item of the menu of legal actions"),
    ("ACTION", "play an action written in the game's notation (see below)"),
    ("help ACTION  or  ? ACTION", "explain an action (or a menu number) and say whether it is legal now"),
    ("help rules / win / turn", "how to play, how to win, what a turn is, in a page"),
    ("help NAME  or  ? NAME", "a card, creature, ability, keyword, marker or word of the board (list below)"),
    ("undo [N]", "take back your last decision (and the computer's replies), never past dice, a draw or a reveal"),
    ("autopass on|off", "answer 'pass' for you when it is the only thing you can do"),
    ("menu", "list the legal actions again"),
    ("board", "draw the board again"),
    ("log [N]", "the last N narrated events (default 20)"),
    ("quit", "leave the game (end of input does the same)"),
)


class _Quit(Exception):
    pass


def play(
    game: Game,
    seats: list[str],
    *,
    seed: int = 0,
    options: dict | None = None,
    console: Console | None = None,
    input_fn: Callable[[str], str] = input,
    secret: bytes | None = None,
) -> Match:
    """Play a whole game of `game` in the terminal and return its Match.

    `seats[i]` is "human" or the name of an agent (`credo.agents.make_agent`) and
    plays player i. The game is `game.new(seed, **options)`; agents are seeded from
    `seed` too, so the same inputs give the same game. The worlds the computer samples are
    seeded from `secret` (kernel/view.py), random unless given, so that knowing the seed
    tells nobody how the computer thinks. The returned Match is over unless a person quit
    (or input ended) first.
    """
    console = console or Console(highlight=False)
    setup = getattr(renderer_for(game), "setup", None)
    if setup is not None:  # a game built before it starts (Dogma's Free Will): the people build
        def ask(prompt: str) -> str:
            raw = input_fn(prompt)
            if raw is None:
                raise EOFError
            if not console.is_terminal:
                console.print(Text(f"{prompt if input_fn is not input else ''}{raw}", style="dim"))
            return raw

        try:
            options = setup(game, dict(options or {}), [s.strip().lower() for s in seats], ask, console, seed)
        except (EOFError, KeyboardInterrupt):
            console.print(Text("You leave the game.", style="bold"))
            return Match(game, seed, options)
        except CredoError as exc:  # e.g. a box too small for every build: one line, no traceback
            console.print(Text.assemble(("✗ ", "bold red"), (str(exc), "red")))
            return Match(game, seed, options)
    session = _Session(game, seats, seed, options, console, input_fn)
    session.secret = secret if secret is not None else new_secret()
    return session.run()


def game_module(game: Game, part: str) -> ModuleType | None:
    """The game's optional module `credo.games.<name>.<part>` (render, explain), or None."""
    name = f"credo.games.{game.name}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name in (name, f"credo.games.{game.name}"):
            return None
        raise


def renderer_for(game: Game) -> ModuleType | None:
    """The game's render module, or None if it has none."""
    return game_module(game, "render")


def explainer_for(game: Game) -> ModuleType | None:
    """The game's explain module, or None if it has none."""
    return game_module(game, "explain")


def generic_render(game: Game, observation: dict):
    """The fallback drawing: the observation, pretty-printed."""
    return Panel(Pretty(observation, expand_all=False), title=getattr(game, "title", game.name), expand=False)


class _Session:
    def __init__(self, game: Game, seats: list[str], seed: int, options: dict | None,
                 console: Console, input_fn: Callable[[str], str]) -> None:
        from credo.agents import make_agent

        if not game.min_players <= len(seats) <= game.max_players:
            want = (str(game.min_players) if game.min_players == game.max_players
                    else f"{game.min_players} to {game.max_players}")
            raise ValueError(f"{game.name} is played by {want} players, not {len(seats)}")
        self.game = game
        self.seats = [s.strip().lower() for s in seats]
        self.seed = seed
        self.secret = new_secret()  # the computer's sampled worlds: see play()
        self.console = console
        self.input_fn = input_fn
        self.agents: dict[int, Any] = {}
        for p, seat in enumerate(self.seats):
            if seat != HUMAN:
                try:
                    self.agents[p] = make_agent(seat, seed * 1009 + p + 1)
                except KeyError as exc:
                    raise ValueError(f"seat {p + 1}: {exc.args[0]} (or 'human')") from None
        self.humans = [p for p in range(len(seats)) if p not in self.agents]
        self.module = renderer_for(game)
        self.styles = tuple(getattr(self.module, "PLAYER_STYLES", ())) or DEFAULT_STYLES
        self.match = Match(game, seed, options)
        self.seen = 0  # index in the event log of the first event not yet narrated
        self.menu: list[Action] = []
        self.echo = not console.is_terminal
        # Python's input() writes its prompt itself: the transcript's echo adds only what was typed
        self.echo_prompt = input_fn is not input
        self.autopass: set[int] = set()  # people whose response windows with nothing to play pass by themselves
        self.on_screen: int | None = None  # the person whose private view the screen shows (hotseat)
        self.shown_private = False  # whether any person's private view has been on screen
        self.seen_by: dict[int, int] = {}  # per person, the first event they have not been told (hotseat)

    # --- names and styles -----------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def style(self, player: int | None) -> str:
        return self.styles[player % len(self.styles)] if player is not None and player >= 0 else ""

    def who(self, player: int) -> Text:
        seat = self.seats[player]
        if seat == HUMAN:
            desc = "you" if len(self.humans) == 1 else "human"
        else:
            desc = f"computer, {seat}"
        return Text.assemble((f"Player {player + 1}", self.style(player)), f" ({desc})")

    def default_viewer(self) -> int | None:
        """Whose eyes the table sees through when no person is deciding."""
        return self.humans[0] if len(self.humans) == 1 else None

    # --- the game -----------------------------------------------------------------------
    def run(self) -> Match:
        c = self.console
        c.print()
        c.rule(Text(self.game.title, style="bold"))
        c.print(Text(" vs ").join(self.who(p) for p in range(len(self.seats))))
        shown = {k: v for k, v in self.match.options.items() if k not in SECRET_OPTIONS}
        if shown:  # never the builds: the computer's stays secret
            c.print(Text("Options: " + ", ".join(f"{k}={v}" for k, v in shown.items()), style="dim"))
        if self.humans:
            c.print(Text("Type a menu number or an action; 'help' lists the commands.", style="dim"))
        self.narrate(self.default_viewer())
        self.seen_by = {p: self.seen for p in self.humans}
        try:
            while not self.state.is_over:
                movers = self.state.to_move
                # Computers first: their choice in a simultaneous decision stays secret anyway.
                player = next((p for p in movers if p in self.agents), movers[0])
                if player in self.agents:
                    self.computer_moves(player)
                else:
                    self.human_decides(player)
        except (_Quit, KeyboardInterrupt):
            c.print()
            c.print(Text("You leave the game.", style="bold"))
            self.print_summary()
            return self.match
        self.finish()
        return self.match

    def computer_moves(self, player: int) -> None:
        agent = self.agents[player]
        secret = len(self.state.to_move) > 1
        view = PlayerView(self.state, player, seed=sampling_seed(self.secret, player, len(self.match.moves)))
        if self.console.is_terminal:  # a search takes seconds: say so rather than look frozen
            with self.console.status(Text.assemble(self.who(player), " is thinking…"), spinner="dots"):
                action = agent.choose(view)
        else:
            action = agent.choose(view)
        self.match.play(action, player)
        line = Text.assemble((f"P{player + 1} ", self.style(player)), f"Computer ({self.seats[player]}) ")
        if secret:
            line.append("makes its secret choice.")
        else:
            line.append("plays: ")
            line.append(str(action), style="bold")
        self.console.print(line)
        self.narrate(self.default_viewer())

    def narrate(self, viewer: int | None) -> None:
        """Print the events since the last narration that `viewer` may see."""
        state = self.state
        for event in state.events(viewer, self.seen):
            self.console.print(_event_line(event, self.console.width))
        self.seen = len(state.log)
        if viewer in self.seen_by:
            self.seen_by[viewer] = self.seen

    def finish(self) -> None:
        c = self.console
        viewer = self.default_viewer()
        c.print()
        c.rule(Text("Game over", style="bold"))
        self.show_board(viewer)
        winners = self.state.winners
        if not winners:
            result = Text("The game is a draw.", style="bold")
        elif len(self.humans) == 1 and set(winners) == {self.humans[0]}:
            result = Text.assemble(self.who(winners[0]), (" wins. Well played!", "bold"))
        else:
            result = Text(" and ").join(self.who(p) for p in winners)
            result.append(" wins." if len(winners) == 1 else " win.", style="bold")
            if len(self.humans) == 1 and self.humans[0] not in winners:
                result.append(" You lose.", style="bold")
        c.print(result)
        self.print_summary()

    def print_summary(self) -> None:
        obs = self.state.observation(self.default_viewer())
        line = f"{len(self.match.moves)} decisions played."
        fn = getattr(self.module, "summary", None)
        if fn is not None:
            try:
                line = f"{fn(self.game, obs)} {line}"
            except Exception:  # a summary is a nicety; never lose the game over it
                pass
        self.console.print(Text(line, style="dim"))

    # --- a person's decision ------------------------------------------------------------
    def human_decides(self, player: int) -> None:
        if self.passes_by_itself(player):
            return
        if self.needs_hand_over(player):
            self.hand_over(player)
        self.show(player)
        self.on_screen = player
        while True:
            prompt = f"Player {player + 1} > " if len(self.humans) > 1 else "Your move > "
            try:
                raw = self.input_fn(prompt)
            except (EOFError, KeyboardInterrupt):
                raise _Quit from None
            if raw is None:
                raise _Quit
            if self.echo:
                self.console.print(Text(f"{prompt if self.echo_prompt else ''}{raw}", style="dim"))
            try:
                outcome = self.handle(player, raw)
            except _Quit:
                raise
            except Exception as exc:  # a bug must not end the game: report it and go on
                self.console.print(Text(f"Internal error (please report it): {exc!r}", style="bold red"))
                self.console.print(Text(traceback.format_exc(limit=3), style="dim"))
                self.match.undo(0)  # rebuild the state from the moves, in case it was half changed
                self.seen = len(self.state.log)
                outcome = REDRAW
            if outcome == PLAYED:
                return
            if outcome == REDRAW:
                if self.state.is_over or player not in self.state.to_move:
                    return
                self.show(player)

    def passes_by_itself(self, player: int) -> bool:
        """Autopass: a window where this person can only pass is passed for them, in one line."""
        if player not in self.autopass:
            return False
        legal = self.state.legal_actions(player)
        if len(legal) != 1 or str(legal[0]) != "pass":
            return False
        self.match.play(legal[0], player)
        self.console.print(Text.assemble((f"P{player + 1} ", self.style(player)),
                                         ("passes (autopass: nothing playable)", "dim")))
        self.narrate(player if len(self.humans) == 1 else self.default_viewer())
        return True

    def needs_hand_over(self, player: int) -> bool:
        """Hotseat: the next person must not see what the previous one holds, nor the
        other way round, whenever this person's view shows anything a spectator's does not."""
        if len(self.humans) < 2 or player == self.on_screen:
            return False
        return _public(self.state.observation(player)) != _public(self.state.observation(None))

    def hand_over(self, player: int) -> None:
        c = self.console
        if self.shown_private:  # before anyone's hand was shown, the title and setup may stay
            self.clear_screen()
        c.print()
        c.rule(Text.assemble("Hand the keyboard to ", self.who(player)))
        c.print(Text("The screen is cleared so that nobody sees another player's hand.", style="dim"))
        self.on_screen = None
        try:
            raw = self.input_fn(f"Player {player + 1}, press Enter ")
        except (EOFError, KeyboardInterrupt):
            raise _Quit from None
        if raw is None or normalise(raw) in ("quit", "exit", "q"):
            raise _Quit
        if self.shown_private:
            self.clear_screen()
        self.shown_private = True
        since = self.seen_by.get(player, 0)
        events = self.state.events(player, since)
        if events:
            c.print(Text("Since your last turn:", style="bold"))
            for event in events:
                c.print(_event_line(event, c.width))
        self.seen = len(self.state.log)

    def clear_screen(self) -> None:
        """The screen and its scrollback: scrolling up must not show the last hand either."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def show(self, player: int) -> None:
        c = self.console
        c.print()
        c.rule(Text.assemble(self.who(player), " to decide"))
        self.show_board(player)
        self.show_menu(player)

    def show_board(self, viewer: int | None) -> None:
        obs = self.state.observation(viewer)
        fn = getattr(self.module, "render", None)
        if fn is not None:
            try:
                self.console.print(fn(self.game, obs))
                return
            except Exception as exc:  # draw something rather than nothing
                self.console.print(Text(f"(the board could not be drawn: {exc!r})", style="red"))
        self.console.print(generic_render(self.game, obs))

    def show_menu(self, player: int) -> None:
        legal = self.state.legal_actions(player)
        groups = _group(legal)
        self.menu = [a for _family, members in groups for _prefix, items in members for a in items]
        number = {id(a): n for n, a in enumerate(self.menu, start=1)}
        width = self.console.width
        c = self.console
        # the game may say more about a word than the notation does ('left' is which player)
        words_for = getattr(self.module, "menu_words", None)
        words = words_for(self.game, self.state.observation(player)) if words_for is not None else {}
        c.print(Text(f"Legal actions ({len(self.menu)}):", style="bold"))
        for family, members in groups:
            if len(members) == 1:
                prefix, items = members[0]
                for line in _wrap_group(prefix, items, number, width, indent=2, words=words):
                    c.print(line)
                continue
            short = [(prefix[len(family) + 1:], items) for prefix, items in members]
            cells = _aligned_cells(short, number, words)
            if cells is not None and cells[0].cell_len <= MENU_WIDE_GROUP:  # e.g. move SQUARE FACING
                c.print(Text(f"  {family}", style="bold"))
                c.print(Padding(Columns(cells, padding=(0, 3), column_first=True), (0, 0, 0, 4)))
                continue
            matrix = _matrix(family, short, number, width)
            if matrix is not None:  # e.g. place CREATURE SQUARE
                for line in matrix:
                    c.print(line)
                continue
            c.print(Text(f"  {family}", style="bold"))  # e.g. give CREATURE PLAN
            for prefix, items in short:
                for line in _wrap_group(prefix, items, number, width, indent=4, words=words):
                    c.print(line)
        if len(self.menu) == 1 and str(self.menu[0]) == "pass" and player not in self.autopass:
            c.print(Text("Nothing to play here: 'autopass on' passes such windows for you from now on.",
                         style="dim"))
        c.print(Text("A number or an action; 'help' for commands, '? N' to explain item N, "
                     "'undo', 'quit'.", style="dim"))

    def handle(self, player: int, raw: str) -> str:
        """Act on one line of input; say whether a move was played, or what to do next."""
        text = normalise(raw)
        if not text:
            return AGAIN
        state = self.state
        legal = state.legal_actions(player)
        by_text = {str(a): a for a in legal}
        if text in by_text:
            return self.play_action(player, by_text[text])
        word, _, rest = text.partition(" ")
        if text.startswith("?"):
            word, rest = "?", text[1:].strip()
        if word in ("help", "?", "h"):
            self.help(player, rest)
            return AGAIN
        if word in ("quit", "exit", "q"):
            raise _Quit
        if word in ("undo", "u"):
            return self.undo(rest)
        if word in ("board", "b"):
            return REDRAW
        if word in ("menu", "m", "actions"):
            self.show_menu(player)
            return AGAIN
        if word == "log":
            self.show_log(player, rest)
            return AGAIN
        if word == "autopass":
            return self.set_autopass(player, rest)
        if text.isdecimal():
            n = small_int(text)
            if not self.menu or n is None or not 1 <= n <= len(self.menu):
                self.error(f"there is no item {_item(text)} in the menu; choose 1 to {len(self.menu)}", "Menu")
                return AGAIN
            return self.play_action(player, self.menu[n - 1])
        try:
            action = self.game.parse_action(text)
        except NotationError as exc:
            reason = self.explain_text(player, text)
            if reason is not None:  # well-formed, but no action of the game: name the rule
                self.error(reason.message, reason.rule)
                return AGAIN
            self.error(exc.message, exc.rule)
            self.suggest(text, legal)
            return AGAIN
        try:
            return self.play_action(player, action)
        except IllegalAction as exc:
            self.error(exc.message, exc.rule)
            return AGAIN

    def play_action(self, player: int, action: Action) -> str:
        self.match.play(action, player)  # raises IllegalAction and changes nothing if illegal
        self.console.print(Text.assemble((f"P{player + 1} ", self.style(player)), "plays: ", (str(action), "bold")))
        self.narrate(player)
        return PLAYED

    def explain_text(self, player: int, text: str) -> IllegalAction | None:
        """The game's reason why well-formed text names no action (a move too long for
        any Unit, a card without its target), or None when the text is not understood."""
        fn = getattr(explainer_for(self.game), "explain_text", None)
        if fn is None:
            return None
        try:
            return fn(self.state, text, player)
        except Exception:  # an explanation is a nicety; the plain refusal still stands
            return None

    # --- commands -----------------------------------------------------------------------
    def set_autopass(self, player: int, rest: str) -> str:
        if rest in ("on", "off"):
            (self.autopass.add if rest == "on" else self.autopass.discard)(player)
        elif rest:
            self.error(f"autopass is 'on' or 'off', not {quoted(rest)}", "Autopass")
            return AGAIN
        state = "on: a response window where you can only pass passes by itself" if player in self.autopass \
            else "off: you are asked even when you can only pass"
        self.console.print(Text(f"Autopass {state}.", style="bold"))
        if player in self.autopass and self.passes_by_itself(player):
            return PLAYED
        return AGAIN

    def error(self, message: str, rule: str) -> None:
        self.console.print(Text.assemble(("✗ ", "bold red"), (one_line(message), "red"), (f"  (rule: {rule})", "dim")))

    def suggest(self, text: str, legal: list[Action]) -> None:
        """After unknown text: the legal actions it starts, or the ones it resembles."""
        texts = [str(a) for a in legal]
        number = {str(a): n for n, a in enumerate(self.menu, start=1)}
        starting = [t for t in texts if t.startswith(text + " ") or t.startswith(text + "+")]
        if starting:
            shown = starting[:24]
            line = Text(f"Legal actions starting with {quoted(text)}: ", style="")
        else:
            shown = difflib.get_close_matches(text, texts, n=4, cutoff=0.6)
            line = Text("Did you mean: ")
        if not shown:
            self.console.print(Text("Type a menu number, an action as the menu writes it, or 'help'.", style="dim"))
            return
        for i, t in enumerate(shown):
            if i:
                line.append(", ")
            if t in number:
                line.append(f"{number[t]} ", style=NUMBER_STYLE)
            line.append(t, style="bold")
        if len(starting) > len(shown):
            line.append(f", ... ({len(starting) - len(shown)} more)")
        self.console.print(line)

    def help(self, player: int, topic: str) -> None:
        c = self.console
        glossary = getattr(self.module, "glossary", None)
        if not topic:
            lines = Text()
            for i, (form, what) in enumerate(COMMANDS):
                if i:
                    lines.append("\n")
                lines.append(f"  {form:<27}", style="bold")
                lines.append(what)
            c.print(Text("Commands", style="bold underline"))
            c.print(lines)
            notation = getattr(self.module, "notation_help", None)
            if notation is not None:
                c.print(Text(f"Actions of {self.game.title}", style="bold underline"))
                c.print(notation(self.game))
            if glossary is not None:
                c.print(glossary(self.game).index())
            return
        action = None
        if topic.isdecimal():
            n = small_int(topic)
            if n is None or not 1 <= n <= len(self.menu):
                self.error(f"there is no item {_item(topic)} in the menu; choose 1 to {len(self.menu)}", "Menu")
                return
            action = self.menu[n - 1]
        else:
            try:
                action = self.game.parse_action(topic)
            except NotationError:
                action = None
        if action is not None:
            self.explain(player, action)
        # a word that is also an action (Dogma's 'done', Divine's 'pass') gets both answers;
        # the asking player's observation is all a topic may read (Jol's c1 may be hidden)
        fn = getattr(self.module, "help_topic", None)
        found = fn(self.game, topic, self.state.observation(player)) if fn is not None else None
        if found is not None:
            c.print(found)
            return
        if action is not None:
            return
        close = glossary(self.game).close(topic) if glossary is not None else []
        texts = [str(a) for a in self.state.legal_actions(player)]
        close += [t for t in difflib.get_close_matches(topic, texts, n=3, cutoff=0.6) if t not in close]
        hint = f"; close: {', '.join(close[:6])}" if close else "; 'help' lists the topics"
        self.error(f"{quoted(topic)} is neither an action of {self.game.name} nor a help topic{hint}", "Notation")

    def explain(self, player: int, action: Action) -> None:
        c = self.console
        c.print(Text.assemble((str(action), "bold"), ": ", self.game.describe_action(action)))
        legal = self.state.legal_actions(player)
        if action in legal:
            n = next((i for i, a in enumerate(self.menu, start=1) if a is action), None)
            c.print(Text("Legal now" + (f" (menu item {n})." if n else "."), style="green"))
            return
        try:
            self.state.copy().apply(action, player)  # not legal: this raises, naming the rule
        except IllegalAction as exc:
            c.print(Text.assemble(("Not legal now: ", "yellow"), exc.message, (f"  (rule: {exc.rule})", "dim")))
        except Exception:
            c.print(Text("Not legal now.", style="yellow"))

    def undo(self, rest: str) -> str:
        """Take back the last decision of a person, and every move made since, unless one of
    them drew on chance or revealed something hidden (kernel/undo.py)."""
        asked = small_int(rest)
        count = asked if asked is not None and asked > 0 else 1
        moves = self.match.moves
        cut = len(moves)
        for _ in range(count):
            earlier = [i for i in range(cut) if moves[i][0] in self.humans]
            if not earlier:
                break
            cut = earlier[-1]
        if cut == len(moves):
            self.error("there is no decision of yours to take back", "Undo")
            return AGAIN
        stop = last_barrier(self.match, self.humans, cut)
        if stop is not None:
            # strict undo: going back past it would replay the game knowing its dice or cards
            self.error(f"cannot take back past {stop.describe()}", "Undo")
            return AGAIN
        taken = moves[cut:]
        self.match.undo(len(taken))
        self.seen = len(self.state.log)
        mine = [a for p, a in taken if p in self.humans]
        others = len(taken) - len(mine)
        line = Text.assemble(("Taken back: ", "bold"), ", ".join(mine))
        if others:
            line.append(f" and {others} computer move{'s' if others != 1 else ''}")
        self.console.print(line + Text("."))
        return REDRAW

    def show_log(self, player: int, rest: str) -> None:
        asked = small_int(rest)
        count = asked if asked is not None else 20
        events = self.state.events(player)[-count:] if count else []
        self.console.print(Text(f"The last {len(events)} events:", style="bold"))
        for event in events:
            self.console.print(_event_line(event, self.console.width))


# --- helpers ---------------------------------------------------------------------------
def _public(observation: dict) -> dict:
    """An observation without the name of whom it is drawn for."""
    return {k: v for k, v in observation.items() if k != "player"}


def _event_line(event, width: int = 10**6) -> Text:
    """'  • The Giga attacks the Uat on its flank.  [Combat / Attack]', the rule dimmed,
    on a line of its own when both do not fit in `width`."""
    line = Text.assemble("  • ", event.text)
    rule = Text(f"[{event.rule}]", style="dim")
    if line.cell_len + 2 + rule.cell_len <= width:
        return Text.assemble(line, "  ", rule)
    return Text.assemble(line, "\n    ", rule)


def _item(typed: str) -> str:
    """A menu number as typed, cut: a message is one line."""
    return typed if len(typed) <= 12 else typed[:12] + "..."


def _natural(text: str) -> list:
    """A sort key that orders "a2" before "a10"."""
    return [int(part) if part.isdecimal() else part for part in re.split(r"(\d+)", text)]


def _group(legal: list[Action]) -> list[tuple[str, list[tuple[str, list[Action]]]]]:
    """Legal actions grouped for the menu: by first word (family, in order of first
    appearance), then by every word but the last (prefix, in natural order)."""
    families: dict[str, dict[str, list[Action]]] = {}
    for action in legal:
        words = str(action).split(" ")
        prefix = " ".join(words[:-1])
        family = words[0] if len(words) > 1 else ""
        families.setdefault(family, {}).setdefault(prefix, []).append(action)
    return [(family, sorted(members.items(), key=lambda m: _natural(m[0]))) for family, members in families.items()]


def _labels(groups: list[tuple[str, list[Action]]]) -> list[str]:
    labels: list[str] = []
    for _prefix, items in groups:
        for action in items:
            label = str(action).split(" ")[-1]
            if label not in labels:
                labels.append(label)
    return labels


def _matrix(family: str, groups: list[tuple[str, list[Action]]], number: dict[int, int],
            width: int) -> list[Text] | None:
    """Groups sharing their last words as a table: a row per group, a column per last
    word, the menu numbers inside ('place' by creature and square); None if it does not fit."""
    labels = _labels(groups)
    if len(groups) < 3 or len(labels) > 16:
        return None
    digits = len(str(max(number.values())))
    slot = max(digits, max(len(label) for label in labels)) + 2
    head = max(len(family) + 2, 4 + max(len(prefix) for prefix, _ in groups))
    if head + slot * len(labels) > width:
        return None
    top = Text(f"  {family}".ljust(head), style="bold")
    for label in labels:
        top.append(f"{label:>{slot}}", style="bold")
    lines = [top]
    for prefix, items in groups:
        by_label = {str(a).split(" ")[-1]: a for a in items}
        line = Text(f"    {prefix}".ljust(head))
        for label in labels:
            action = by_label.get(label)
            if action is None:
                line.append(f"{'·':>{slot}}", style="dim")
            else:
                line.append(f"{number[id(action)]:>{slot}}", style=NUMBER_STYLE)
        lines.append(line)
    return lines


def _aligned_cells(groups: list[tuple[str, list[Action]]], number: dict[int, int],
                   words: dict[str, str] | None = None) -> list[Text] | None:
    """Groups that share a few last words ('n', 'e', 's', 'w') as equal cells with each
    word in its own slot, so that a column of cells reads as a grid; None if they do not."""
    labels = _labels(groups)
    if len(labels) > 8:
        return None
    digits = len(str(max(number.values())))
    head = max(len(prefix) for prefix, _ in groups)
    cells = []
    for prefix, items in groups:
        by_label = {str(a).split(" ")[-1]: a for a in items}
        cell = Text()
        cell.append(f"{prefix:>{head}}", style="bold")
        cell.append(":")
        for label in labels:
            cell.append("  ")
            action = by_label.get(label)
            if action is None:
                cell.append(" " * (digits + 1 + len((words or {}).get(label, label))))
            else:
                cell.append(f"{number[id(action)]:>{digits}}", style=NUMBER_STYLE)
                cell.append(f" {(words or {}).get(label, label)}")
        cells.append(cell)
    return cells


def _wrap_group(prefix: str, items: list[Action], number: dict[int, int], width: int, indent: int = 0,
                words: dict[str, str] | None = None) -> list[Text]:
    """'prefix: 1 a  2 b ...' wrapped to `width` between items, continuation lines indented."""
    head = Text(" " * indent)
    if prefix:
        head.append(prefix, style="bold")
        head.append(": ")
    hang = " " * min(head.cell_len, indent + 4)
    lines = [head]
    line = head
    first = True
    for action in items:
        label = str(action).split(" ")[-1] if prefix else str(action)
        item = Text.assemble((str(number[id(action)]), NUMBER_STYLE), f" {(words or {}).get(label, label)}")
        sep = "" if first else "  "
        if not first and line.cell_len + len(sep) + item.cell_len > width:
            line = Text(hang)
            lines.append(line)
            sep = ""
        line.append(sep)
        line.append_text(item)
        first = False
    return lines
