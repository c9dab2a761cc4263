"""Jalape-NO!'s UI: how the generic table loop's screens look for this game.

The loop (``ui.table``) decides what is on screen; this says how it is drawn (``table``,
``scores``, ``cards``), in which words (``text``, ``reasons`` for a hint) and where it stops to
show something: a trick won (``RESULT``, a tap or 2.4 s) and a round scored (``BREAK``, until
"Deal round N"). What happened is read from the engine's events (``results``). Its rules in
our words are ``rules``, its guided first game ``tutorial``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...generic import GenericUI
from ...html import Html, esc, plural
from ...scene import Pause, Scene, Screen
from ...tools import Tool, tool_button
from . import reasons
from .cards import colours_of
from .results import last_trick, played_card, round_of, trick_of
from .scores import game_over, round_end_screen, score_sheet_dialog
from .table import TableCtx, render_table
from .text import (
    deal_sentence,
    game_over_status,
    handoff_sentence,
    play_sentence,
    round_over_sentence,
    trick_sentence,
    turn_status,
)

if TYPE_CHECKING:
    from ...session import Session

TRICK_RESULT_MS = 2400  # who took the trick: long enough to read, a tap skips it
SCORES = Tool("scores", "Scores", "sheet", dialog="scores")

HOW_TO = (
    "Everyone gets 12 cards. Jalapeños (the 1s) go face up in front of you.",
    "Follow the lead colour if you can — from your hand or your face-up Jalapeños.",
    "Highest card of the lead colour takes the trick, Jalapeños and all.",
    "Round end: −2 per Jalapeño, −1 per card you took in a Jalapeño's colour.",
    "Fewest penalty points after the last round wins.",
)


class JalapenoUI(GenericUI):
    legal_selector = ".jp-hand .jp-card.legal"
    how_to = HOW_TO
    sheets = (SCORES,)

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
            return trick_sentence(s, trick_of(event), jalapenos=True)
        if kind == "round":
            return round_over_sentence(s, event)
        if kind == "deal":
            return deal_sentence(s, event)
        if kind == "game-over":
            return ""  # the game-over screen says it (and its status is read out)
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

    # -- hints (ui.hints) ------------------------------------------------------------------

    def move_text(self, s: Session, view: dict[str, Any], action: Any) -> str:
        return reasons.move_text(view, str(action))

    def hint_reason(self, s: Session, view: dict[str, Any], action: Any) -> str:
        return reasons.reason(view, str(action))

    # -- screens ---------------------------------------------------------------------------

    def score_text(self, score: int) -> str:
        """Scores are minus the penalty points: the best is the fewest."""
        return plural(-score, "penalty point")

    def setup_intro(self) -> str:
        return (
            '<p class="tagline jp-tagline">Dodge the tricks with Jalapeños in them.'
            f" {esc(self.info['players_text'])}.</p>"
        )

    def header(self, s: Session, scene: Scene, progress: str) -> Html:
        """The game bar; on a phone on its side it also holds Scores (your cards' column has
        no room for the head that holds it elsewhere: jalapeno.css)."""
        extra = tool_button(SCORES, cls="jp-bar-scores", testid="bar-scores-landscape")
        return self.game_bar(s, scene, progress, extra=extra)

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
        return render_table(s, scene.view, ctx, self.header(s, scene, self.progress(scene.view)))

    def interlude(self, s: Session, scene: Scene) -> str:
        events = scene.view["events"]  # the play that ended the round: its trick, the scores
        result = round_of(events)
        if result is None:
            return self.table(s, scene)
        header = self.header(s, scene, f"Round {result.round_no} of {result.rounds}")
        return round_end_screen(s, result, last_trick(events), colours_of(scene.view), header)

    def game_over(self, s: Session, scene: Scene) -> str:
        header = self.header(s, scene, "Game over")
        return game_over(s, scene.view, last_trick(scene.view["events"]), header)

    def dialog(self, s: Session, scene: Scene, name: str) -> str:
        return score_sheet_dialog(s, scene.view) if name == "scores" else ""


UI = JalapenoUI
