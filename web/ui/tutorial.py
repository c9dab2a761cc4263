"""A first game, guided: the tutorial runner every game shares, and its data format.

A game's tutorial is ``TUTORIAL`` in ``ui/games/<id>/tutorial.py`` (found by
``ui.games.load_tutorial``; "Learn to play" on its setup starts it). It is a ``Tutorial``: the
seats (names, who is the player), an introduction, ``Step``s and a last word. Each step is a
fixed position built by the engine from data, what to do, the move(s) expected, what to say
after, and what to highlight::

    TUTORIAL = Tutorial(
        title="Learn Jalape-NO!",
        seats=("You", "Ana", "Bart"),          # the names; seat ``player`` (0) is the player
        intro="Three players, one trick ...",
        steps=(
            Step(
                position=RULEBOOK_FOLLOW,       # a state's to_dict(): game.from_dict builds it
                text="Ana led red. Follow red if you can: play your Red 7.",
                expect=("R7",),                 # the moves (notation) accepted
                after="You followed red, as the rule asks ...",
                then=((2, "R3"),),              # scripted moves of other seats, after yours
            ),
            Step(text="Bart takes the trick ...", ),  # no move: read, then "Next"
        ),
        outro="You know enough to play a real game.",
    )

How it runs (``TutorialTable``, the table loop with a script instead of bots): each step's
position replaces the game (``position=None`` goes on from where the last step left it); the
status line says ``text`` and the expected move's elements are marked ``data-hint`` (the
step's ``highlight``, else ``expect``: ``data-move``/``data-card`` values, as hints mark them);
any other legal move is not played and the toast says ``wrong`` (else "Not this one yet — try
the highlighted move"); a move the rules refuse shows the refusal with its rule link, as in a
game. After the move, ``then`` plays the scripted moves (each seen as a bot's), and a coach card
shows ``after`` with "Next". A step with no ``expect`` shows its ``text`` in the coach card.
The last card offers "Play a real game" (the setup) or "Again".

Nothing of a tutorial is saved. Pure Python but the loop (``asyncio``, like ``ui.table``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import engine

from .html import Html, esc
from .scene import Pause, Screen
from .session import BOT, HUMAN, SeatConfig, Session
from .table import Table

if TYPE_CHECKING:
    from .generic import GenericUI
    from .table import Host

Position = Mapping[str, Any] | Callable[[engine.Game], engine.State]
SCRIPT_MS = 700  # a scripted move is seen "thinking" this long (scaled by the pace)


@dataclass(frozen=True)
class Step:
    """One step: see the module's docstring."""

    text: str
    expect: tuple[str, ...] = ()
    after: str = ""
    position: Position | None = None
    then: tuple[tuple[int, str], ...] = ()  # (seat, move) played after the player's move
    highlight: tuple[str, ...] = ()  # data-move / data-card values to mark (default: expect)
    wrong: str = ""  # said when another legal move is tried


@dataclass(frozen=True)
class Tutorial:
    title: str
    seats: tuple[str, ...]
    intro: str
    steps: tuple[Step, ...]
    outro: str = "You know enough to play a real game now."
    player: int = 0  # the player's seat; every other seat's moves are the script's

    def check(self, game: engine.Game) -> None:
        """Every step's position loads, and its expected moves and scripted moves are legal
        there (raises ValueError naming the step): a tutorial that cannot be finished fails
        its test, not its player."""
        state: engine.State | None = None
        for i, step in enumerate(self.steps, 1):
            if step.position is not None:
                state = build(game, step.position)
            if state is None:
                raise ValueError(f"step {i}: no position to start from")
            if step.expect:
                legal = {str(a) for a in state.legal_actions(self.player)}
                missing = [m for m in step.expect if m not in legal]
                if missing:
                    raise ValueError(f"step {i}: {missing} not legal for the player")
                state = state.apply(self.player, step.expect[0])
            for seat, move in step.then:
                state = state.apply(seat, move)


def build(game: engine.Game, position: Position) -> engine.State:
    """A step's position as an engine state (``game.from_dict`` of the data, or the builder)."""
    if callable(position):
        return position(game)
    return game.from_dict(dict(position))


def coach_card(
    heading: str, text: str, step: int, steps: int, buttons: Html, *, testid: str = "coach"
) -> Html:
    """The tutorial's card over the table: where we are, what to read, what next."""
    return (
        '<section class="pc-coach" role="dialog" aria-modal="false" aria-labelledby="coach-title"'
        f' data-testid="{esc(testid)}" data-key="coach">'
        f'<p class="pc-coach-step">Step {step} of {steps}</p>'
        f'<h2 id="coach-title">{esc(heading)}</h2>'
        f'<p class="pc-coach-text" data-testid="coach-text">{esc(text)}</p>'
        f'<div class="pc-coach-actions">{buttons}</div></section>'
    )


def _button(action: str, label: str, *, primary: bool = False, autofocus: bool = False) -> Html:
    return (
        f'<button type="button" class="btn{" primary" if primary else ""}"'
        f' data-action="{esc(action)}" data-key="coach-{esc(action)}"'
        f' data-testid="coach-{esc(action)}"{" autofocus" if autofocus else ""}>'
        f"{esc(label)}</button>"
    )


class Unsaved:
    """The page, as a tutorial's host: everything but saving (a tutorial is never saved, and
    must never replace the game saved on this device)."""

    def __init__(self, host: Host) -> None:
        self._host = host

    def __getattr__(self, name: str) -> Any:
        return getattr(self._host, name)

    def save_game(self, session: Session) -> None:
        pass


class TutorialTable(Table):
    """The table loop playing a ``Tutorial``: the player's moves are checked against the step,
    every other seat's are the script's."""

    def __init__(self, host: Host, ui: GenericUI, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        first = next((s.position for s in tutorial.steps if s.position is not None), None)
        if first is None:
            raise ValueError("a tutorial's first step needs a position")
        state = build(ui.game, first)
        # One human (the player, addressed as "You"); the others are "bots" the script moves
        # (never asked to choose: ``run`` drives the game).
        seats = [
            SeatConfig(name, HUMAN if i == tutorial.player else BOT, ui.game.bot_levels[0])
            if ui.game.bot_levels
            else SeatConfig(name, HUMAN)
            for i, name in enumerate(tutorial.seats)
        ]
        super().__init__(Unsaved(host), ui, Session(ui.game.id, state, seats, "tutorial"))
        self.session.meta["hints_allowed"] = False  # the tutorial highlights its own moves
        self.index = 0  # the step on show
        self.card: Html = ""  # the coach card on screen ("" : none)
        self.step_shown = False  # the step's move was made: its "after" is on show

    @property
    def step(self) -> Step:
        return self.tutorial.steps[min(self.index, len(self.tutorial.steps) - 1)]

    async def run(self) -> None:
        try:
            t = self.tutorial
            steps = len(t.steps)
            await self.read(t.title, t.intro, "Start", 1, steps)
            for i, step in enumerate(t.steps):
                self.index = i
                if step.position is not None and i > 0:
                    self.load(step.position)
                if step.expect:
                    self.step_shown = False
                    self.go(Screen.TURN, t.player)
                    self.host.focus(('[data-hint="true"]',), move=True)
                    happened = await self.wait()
                    await self.after(happened)
                    for seat, move in step.then:
                        await self.scripted(seat, move)
                    self.step_shown = True
                    if step.after:
                        await self.read("Well played", step.after, "Next", i + 1, steps)
                else:
                    await self.read("", step.text, "Next", i + 1, steps)
            self.card = coach_card(
                "Well done",
                t.outro,
                steps,
                steps,
                _button("setup", "Play a real game", primary=True, autofocus=True)
                + _button("tutorial-again", "Again"),
                testid="coach-done",
            )
            self.go(Screen.HANDOFF, None, Pause(Screen.HANDOFF, {}, None, t.outro))
            self.render()
        except asyncio.CancelledError:
            raise
        except Exception as err:  # never a silent, frozen tutorial
            import traceback

            self.host.warn("picante: tutorial error\n" + traceback.format_exc())
            self.host.toast(f"Something went wrong: {err}")

    def load(self, position: Position) -> None:
        s = self.session
        self.session = Session(s.game.id, build(s.game, position), s.seats, "tutorial")
        self.session.meta["hints_allowed"] = False
        self.history, self.fresh, self.shown, self.drawn = (), (), None, None

    async def read(self, heading: str, text: str, label: str, step: int, steps: int) -> None:
        """A coach card with ``text`` until "Next" (or Enter on it)."""
        self.card = coach_card(
            heading or self.tutorial.title,
            text,
            step,
            steps,
            _button("tutorial-next", label, primary=True, autofocus=True),
        )
        # (A hand-off line: every game draws its table under it, with no event to show.)
        self.go(Screen.HANDOFF, None, Pause(Screen.HANDOFF, {}, None, text))
        self.render()
        await self.wait()
        self.card = ""

    async def scripted(self, seat: int, move: str) -> None:
        self.go(Screen.THINKING, seat)
        await asyncio.sleep(self.ms(SCRIPT_MS))
        await self.after(self.session.play(seat, move))

    # -- taps ------------------------------------------------------------------------------

    def on_tap(self, action: str, move: str | None = None) -> None:
        if action == "tutorial-next":
            if self.card:
                self.answer()
            return
        if action == "tutorial-again":
            self.restart()
            return
        if self.card and action in ("dismiss", "continue", ""):
            return  # the coach card waits for its own button
        super().on_tap(action, move)

    def restart(self) -> None:
        self.stop()
        self.__init__(self.host._host, self.ui, self.tutorial)  # type: ignore[misc,attr-defined]
        self.start()

    def act(self, move: str) -> None:
        step = self.step
        if self.screen is Screen.TURN and step.expect and move not in step.expect:
            legal = {str(a) for a in self.session.legal(self.tutorial.player)}
            if move in legal:  # a legal move, but not the lesson's: explain, change nothing
                self.host.toast(step.wrong or "Not this one yet — try the highlighted move.")
                return
        super().act(move)

    # -- drawing ---------------------------------------------------------------------------

    def scene(self):  # type: ignore[no-untyped-def]
        scene = super().scene()
        step = self.step
        if self.screen is Screen.TURN and step.expect and not self.step_shown:
            from dataclasses import replace

            from .hints import Hint

            marks = step.highlight or step.expect
            scene = replace(
                scene,
                status=step.text,
                hint=Hint(self.tutorial.player, self.session.state, step.expect[0], "", "", marks),
                can_hint=False,
                undo=False,
            )
        return scene

    def layer(self) -> Html:
        return self.card
