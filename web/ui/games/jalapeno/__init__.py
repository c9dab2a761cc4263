"""Jalape-NO!'s UI: how the generic table loop's screens look for this game.

The loop (``ui.table``) decides what is on screen; this says how it is drawn (``table``,
``scores``, ``cards``), in which words (``text``) and where it stops to show something: a trick
won (``RESULT``, a tap or 2.4 s) and a round scored (``BREAK``, until "Deal round N"). What
happened is read from the engine's events (``results``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...generic import GenericUI
from ...html import esc, plural
from ...scene import Pause, Scene, Screen
from .cards import colours_of
from .results import last_trick, played_card, round_of, trick_of
from .scores import game_over, round_end_screen, score_sheet_dialog
from .table import TableCtx, render_table
from .text import game_over_status, handoff_sentence, play_sentence, trick_sentence, turn_status

if TYPE_CHECKING:
    from ...session import Session

TRICK_RESULT_MS = 2400  # who took the trick: long enough to read, a tap skips it

HOW_TO = (
    "Everyone gets 12 cards. Jalapeños (the 1s) go face up in front of you.",
    "Follow the lead colour if you can — from your hand or your face-up Jalapeños.",
    "Highest card of the lead colour takes the trick, Jalapeños and all.",
    "Round end: −2 per Jalapeño, −1 per card you took in a Jalapeño's colour.",
    "Fewest penalty points after the last round wins.",
)


class JalapenoUI(GenericUI):
    legal_selector = ".hand .card.legal"
    how_to = HOW_TO
    sheets = MappingProxyType({"scores": "scores"})

    # -- where the table stops ------------------------------------------------------------

    def pause(self, s: Session, events: tuple[dict[str, Any], ...]) -> Pause | None:
        for event in events:
            if event["kind"] == "round":
                # The engine has dealt the next round already: the round-end screen replaces
                # the table (it shows the last trick too) until a tap.
                return Pause(Screen.BREAK, event)
        for event in events:
            if event["kind"] == "trick":
                return Pause(Screen.RESULT, event, TRICK_RESULT_MS)
        return None

    # -- words -----------------------------------------------------------------------------

    def narrate(self, s: Session, event: dict[str, Any]) -> str:
        kind = event["kind"]
        if kind == "play":
            return play_sentence(s, event["seat"], event["card"])
        if kind == "trick":
            return trick_sentence(s, trick_of(event))
        if kind == "round":
            return f"Round {event['round']} is over"
        return super().narrate(s, event)

    def handoff_sentence(
        self, s: Session, seat: int, public: tuple[dict[str, Any], ...], next_seat: int | None
    ) -> str:
        card = played_card(e for e in public if e["seat"] == seat)
        if card is None:
            return super().handoff_sentence(s, seat, public, next_seat)
        return handoff_sentence(s, seat, card, next_seat)

    def turn_status(self, s: Session, view: dict[str, Any], seat: int, interactive: bool) -> str:
        return turn_status(s, view, seat)

    def over_status(self, s: Session, view: dict[str, Any]) -> str:
        return game_over_status(s, view)

    # -- screens ---------------------------------------------------------------------------

    def score_text(self, score: int) -> str:
        """Scores are minus the penalty points: the best is the fewest."""
        return plural(-score, "penalty point")

    def setup_intro(self) -> str:
        return (
            '<p class="tagline">Dodge the tricks with Jalapeños in them.'
            f" {esc(self.info['players_text'])}.</p>"
        )

    def table(self, s: Session, scene: Scene) -> str:
        showing = scene.screen is Screen.RESULT and scene.pause is not None
        ctx = TableCtx(
            status=scene.status,
            interactive=scene.interactive,
            thinking=scene.seat if scene.screen is Screen.THINKING else None,
            result=trick_of(scene.pause.event) if showing else None,  # type: ignore[union-attr]
            fresh=played_card(scene.fresh),
            undo=scene.undo,
        )
        return render_table(s, scene.view, ctx)

    def interlude(self, s: Session, scene: Scene) -> str:
        events = scene.view["events"]  # the play that ended the round: its trick, the scores
        result = round_of(events)
        if result is None:
            return self.table(s, scene)
        return round_end_screen(s, result, last_trick(events), colours_of(scene.view))

    def game_over(self, s: Session, scene: Scene) -> str:
        return game_over(s, scene.view, last_trick(scene.view["events"]))

    def dialog(self, s: Session, scene: Scene, name: str) -> str:
        return score_sheet_dialog(s, scene.view) if name == "scores" else ""


UI = JalapenoUI
