"""What the table shows, as values: the screen on show (``Screen``), a moment it stops on
(``Pause``) and everything a game's screen is drawn from (``Scene``).

The table loop (``ui.table``) makes them; a game's UI (``ui.generic`` and ``ui/games/<id>/``) draws
from them. Both import this module and neither imports the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from .session import Events, Happened

if TYPE_CHECKING:
    from .hints import Hint


class Screen(Enum):
    """What the table shows. The loop moves between them, and only the loop:

    START    -> the first screen is being chosen
    COVER    -> TURN       the next human taps "ready" (pass-and-play; nothing private is drawn)
    TURN     -> (action)   the human on screen chooses (their legal actions light up)
    THINKING -> (action)   a bot chooses, in slices, while the page stays live
    (action) -> RESULT     something worth a look (a trick won, a reveal): until a tap or its time
    (action) -> BREAK      a full-screen interlude (a round scored): until a tap
    (action) -> HANDOFF    pass-and-play: the action in public words, then the cover
    any      -> OVER       the game is over: results, play again
    """

    START = "start"
    COVER = "cover"
    TURN = "turn"
    THINKING = "thinking"
    RESULT = "result"
    BREAK = "break"
    HANDOFF = "handoff"
    OVER = "over"


@dataclass(frozen=True)
class Pause:
    """A moment the table stops on after an action: ``event`` is what is shown, ``ms`` how long
    before it moves on by itself (scaled by the pace; None: only a tap moves on), ``text`` the
    status line (None: the game's narration of ``event``)."""

    screen: Screen
    event: dict[str, Any]
    ms: float | None = None
    text: str | None = None


@dataclass(frozen=True)
class Scene:
    """Everything a game's screen is drawn from besides the session: the view of the seat on
    screen and what the table is doing with it."""

    screen: Screen
    view: dict[str, Any]
    status: str
    seat: int | None = None  # who acts: the human on TURN, the bot THINKING
    pause: Pause | None = None
    fresh: Events = ()  # what the latest action caused, on its first drawing only (animation)
    history: tuple[Happened, ...] = field(default=(), repr=False)  # the latest actions
    dialog: str | None = None  # an overlay the game opened (e.g. the score sheet)
    undo: bool = False  # the human on screen may take back their last action (``Table.undo``)
    can_hint: bool = False  # "Hint" may be asked for now (the game bar shows it: ui.tools)
    hint: Hint | None = None  # the hint on show (its move's elements are marked data-hint)

    @property
    def interactive(self) -> bool:
        return self.screen is Screen.TURN

    @property
    def viewer(self) -> int | None:
        return self.view["seat"]

    def recent_events(self) -> list[dict[str, Any]]:
        """The latest actions' events, oldest first, as this screen's viewer may see them."""
        return [e for h in self.history for e in h.for_seat(self.viewer)]
