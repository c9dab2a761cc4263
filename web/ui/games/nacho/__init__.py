"""The Nacho Incident's UI: how the generic table loop's screens look for this game.

The loop (``ui.table``) decides what is on screen and drives every seat in
``current_players()`` — so step 1's secret, simultaneous picks go round the humans one at a
time behind the pass-the-device cover, and the bots pick after them. This says how the table is
drawn (``board``: provinces, Mounties, players and cantinas; ``me``: your warehouse, hand and
choices), in which words (``text``, from the engine's events) and where it stops: the reveal of
the picks with the order they give (``RESULT``, a tap or a few seconds) and the end of a round
(``BREAK``, bonuses and penalties until a tap). Results are in ``results``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...chrome import bar, undo_tool
from ...generic import GenericUI
from ...html import esc
from ...scene import Pause, Scene, Screen
from . import text
from .art import icon
from .board import mounties, players, provinces
from .me import me_panel, province_taps
from .results import game_over, reveal_banner, reveal_event, round_end_screen

if TYPE_CHECKING:
    from ...session import Session

REVEAL_MS = 3200  # the picks and the order: long enough to read, a tap skips it
LOG_LINES = 5  # narration lines under the board (2 on a short screen; the log shows more)

HOW_TO = (
    "Each turn everyone picks a smuggler in secret; then all are shown. Highest rank goes"
    " first (ties: the gemstone holder, then clockwise) and takes the face-up Mountie.",
    "Send your smuggler to his flag's province or a neighbour, deliver one cube from your"
    " warehouse to an empty spot that wants it, earn its price, and pay his fee.",
    "Going first, you may take another player's cube instead (and give them all of yours).",
    "Your smuggler then keeps your cantina there. A Mountie on a cantina with keepers arrests"
    " the highest one.",
    "After every 4 turns: the strictly biggest keeper total in each province earns the cantina"
    " bonus; every Mountie you hold costs his penalty. Most gold after 3 rounds wins.",
)


class NachoUI(GenericUI):
    legal_selector = ".nc-hand .nc-card.legal, .nc-choices .nc-choice"
    result_ms = REVEAL_MS
    how_to = HOW_TO
    sheets = MappingProxyType({"log": "log"})

    # -- where the table stops ------------------------------------------------------------

    def pause(self, s: Session, events: tuple[dict[str, Any], ...]) -> Pause | None:
        for event in events:
            if event["kind"] == "round":
                return Pause(Screen.BREAK, event)
        reveal = reveal_event(events)
        if reveal is not None:
            return Pause(Screen.RESULT, reveal, REVEAL_MS)
        return None

    # -- words -----------------------------------------------------------------------------

    def narrate(self, s: Session, event: dict[str, Any]) -> str:
        return text.narrate(s, event)

    def handoff_sentence(
        self, s: Session, seat: int, public: tuple[dict[str, Any], ...], next_seat: int | None
    ) -> str:
        line = text.handoff_sentence(s, seat, public, next_seat)
        return line if line is not None else super().handoff_sentence(s, seat, public, next_seat)

    def turn_status(self, s: Session, view: dict[str, Any], seat: int, interactive: bool) -> str:
        return text.turn_status(s, view, seat, interactive)

    def over_status(self, s: Session, view: dict[str, Any]) -> str:
        return text.over_status(s, view)

    def score_text(self, score: int) -> str:
        return f"{score} gold"

    def progress(self, view: dict[str, Any]) -> str:
        return f"Round {view['round']} of {view['rounds']} · turn {view['turn']}"

    # -- screens ---------------------------------------------------------------------------

    def setup_intro(self) -> str:
        return (
            '<p class="tagline">Smuggle food between four Canadian provinces, keep the best'
            f" cantinas and stay clear of the Mounties. {esc(self.info['players_text'])}.</p>"
        )

    def table(self, s: Session, scene: Scene) -> str:
        view = scene.view
        interactive = scene.interactive
        acting = scene.seat if scene.screen in (Screen.TURN, Screen.THINKING) else None
        reveal = (
            scene.pause.event
            if scene.screen is Screen.RESULT
            and scene.pause is not None
            and scene.pause.event.get("kind") == "reveal"
            else None
        )
        bottom = reveal_banner(s, reveal) if reveal is not None else me_panel(s, view, interactive)
        return (
            '<section class="nc-table" data-testid="nacho-table"'
            f' data-phase="{esc(view["phase"])}" aria-label="{esc(self.title)} table">'
            + bar(
                self.title,
                f"Round {view['round']}/{view['rounds']}",
                right_testid="round",
                tools=undo_tool(scene.undo) + LOG_BUTTON,
            )
            + '<div class="nc-board" data-scroll-key="nc-board">'
            + provinces(view, province_taps(view, interactive))
            + mounties(view)
            + players(s, view, acting)
            + self._log(s, scene)
            + "</div>"
            + f'<p class="status nc-status" data-testid="status">{esc(scene.status)}</p>'
            + bottom
            + "</section>"
        )

    def _log(self, s: Session, scene: Scene) -> str:
        lines = [ln for ln in (self.narrate(s, e) for e in scene.recent_events()) if ln]
        items = "".join(f"<li>{esc(line)}</li>" for line in lines[-LOG_LINES:])
        return f'<ol class="nc-log" data-testid="narration">{items}</ol>'

    def interlude(self, s: Session, scene: Scene) -> str:
        event = scene.pause.event if scene.pause is not None else None
        if event is None or event.get("kind") != "round":
            return self.table(s, scene)
        return round_end_screen(s, event, scene.view, self.title)

    def game_over(self, s: Session, scene: Scene) -> str:
        return game_over(s, scene.view, self.title)

    def dialog(self, s: Session, scene: Scene, name: str) -> str:
        if name != "log":
            return ""
        lines = [ln for ln in (self.narrate(s, e) for e in scene.recent_events()) if ln]
        items = "".join(f"<li>{esc(line)}</li>" for line in lines) or "<li>Nothing yet.</li>"
        return (
            '<div class="sheet-backdrop" data-action="close-sheet">'
            '<section class="sheet" role="dialog" aria-modal="true" aria-labelledby="log-title"'
            ' data-testid="log-dialog">'
            '<h2 id="log-title">What just happened</h2>'
            f'<ol class="nc-log-full">{items}</ol>'
            '<button type="button" class="btn primary wide" data-action="close-sheet"'
            ' data-key="close-sheet" autofocus>Back to the table</button>'
            "</section></div>"
        )


LOG_BUTTON = (
    '<button type="button" class="pc-icon" data-action="log" data-key="log"'
    ' data-testid="log" aria-label="What just happened">' + icon("menu") + "</button>"
)

UI = NachoUI
