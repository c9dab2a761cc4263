"""The generic game UI: draws any registered game from its view and legal actions alone.

Legal actions are buttons labelled by their notation, events are narration lines, the game's own
part of the view is listed as it is (what the seat on screen may see, nothing more), scores come
from the envelope. A game without a UI of its own (the test-only rock-paper-scissors) plays with
this as it is; a game's own UI subclasses it (``ui/games/jalapeno/``) and replaces what it draws
better, keeping the words and hooks it does not need to change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from engine.protocol import ENVELOPE_KEYS

from .chrome import bar, over_actions, result_banner, winners_headline
from .hints import GENERIC_REASON, hints_line
from .html import Html, attrs, esc, join_words, move_button, plural
from .rules import Section
from .scene import Pause, Scene, Screen
from .sheets import game_rules, log_sheet
from .tools import Tool, game_bar, game_sheets

if TYPE_CHECKING:
    import engine

    from .session import Session
    from .table import Table

NARRATION_LINES = 6  # the latest lines shown under a generic table


def past(verb: str) -> str:
    """A readable default for the generic sentences ("Ana has picked"); irregular verbs are
    for a game's own UI to say better.

    >>> past("pick"), past("reveal"), past("trade")
    ('picked', 'revealed', 'traded')
    """
    return verb + ("d" if verb.endswith("e") else "ed")


class GenericUI:
    """How a game looks and talks. Every method has a generic answer from the declaration, the
    view and the events; ``ui/games/<id>/`` overrides what its game shows better."""

    legal_selector: str | None = None  # scrolled into view on a human's turn (None: nothing)
    result_ms: float | None = None  # how long a result stays up by itself (None: until a tap)
    how_to: tuple[str, ...] = ()  # the setup screen's folded "How to play", a line each
    # The game's own sheets over the table, each a labelled tool of the game bar and menu
    # (``ui.tools.Tool(action, label, icon, dialog=name)``, drawn by ``dialog``); ``close-sheet``
    # and ``close-dialog`` close whichever is open. (A mapping action -> dialog name is the
    # older form, still read.)
    sheets: Sequence[Tool] | Mapping[str, str] = ()
    # The package whose ``rules.py`` has the game's RULES (ui.rules); None: the UI class's own.
    rules_module: str | None = None

    def __init__(self, game: engine.Game) -> None:
        self.game = game
        self.info = game.describe()

    @property
    def title(self) -> str:
        return self.info["title"]

    @cached_property
    def rules(self) -> tuple[Section, ...]:
        """The game's rules in our words (``ui/games/<id>/rules.py``), () if it has none."""
        return game_rules(self.rules_module or type(self).__module__)

    def game_bar(self, s: Session, scene: Scene, right: str = "", *, extra: Html = "") -> Html:
        """The table's header with its labelled tools (``ui.tools``): draw it at the top of
        every table screen. ``right``: where the game stands ("Round 2 of 5"); ``extra``: a
        game's own labelled controls for the bar."""
        return game_bar(
            self.title,
            right,
            sheets=game_sheets(self.sheets),
            undo=scene.undo,
            hint=scene.can_hint,
            extra=extra,
        )

    # -- hints (ui.hints) ------------------------------------------------------------------

    def move_text(self, s: Session, view: dict[str, Any], action: Any) -> str:
        """A legal action in words, as a hint says it ("play the Red 7")."""
        return f"play {action}"

    def hint_reason(self, s: Session, view: dict[str, Any], action: Any) -> str:
        """One sentence saying why the hinted move is good ("it dodges the Jalapeño")."""
        return GENERIC_REASON

    def hint_targets(self, s: Session, view: dict[str, Any], action: Any) -> tuple[str, ...]:
        """The ``data-move`` / ``data-card`` values of the elements that show ``action`` (the
        table marks them ``data-hint``); by default its notation."""
        return (str(action),)

    def log_sheet(self, s: Session, scene: Scene, groups: list[list[str]]) -> Html:
        """The Log sheet (``ui.log``: one list of narrated lines per action)."""
        return log_sheet(self.title, groups)

    # -- words -----------------------------------------------------------------------------

    def value_text(self, s: Session, key: str, value: Any) -> str:
        """A value of a view or an event in words: per-seat lists by name, seats by name."""
        if value is None:
            return "—"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if key in ("winners", "seats") and isinstance(value, list):
            return join_words([s.subject(v) for v in value if isinstance(v, int)]) or "—"
        if isinstance(value, list) and len(value) == s.players and s.players > 1:
            return ", ".join(
                f"{s.subject(seat)} {self.value_text(s, '', v)}" for seat, v in enumerate(value)
            )
        if isinstance(value, list):
            return ", ".join(self.value_text(s, "", v) for v in value) or "—"
        if isinstance(value, dict):
            return ", ".join(f"{k}: {self.value_text(s, k, v)}" for k, v in value.items())
        return str(value)

    def narrate(self, s: Session, event: dict[str, Any]) -> str:
        """One line for one event. A secret event says only who did it ("Ana has picked")."""
        kind = str(event.get("kind", ""))
        seat = event.get("seat")
        who = s.subject(seat) if isinstance(seat, int) else None
        if event.get("secret"):
            have = "have" if seat == s.you else "has"
            return f"{who or 'Someone'} {have} {past(kind)}"
        details = {k: v for k, v in event.items() if k not in ("kind", "seat", "secret")}
        if who is None:
            body = " · ".join(
                f"{k.replace('_', ' ')}: {self.value_text(s, k, v)}" for k, v in details.items()
            )
            head = kind.replace("-", " ").capitalize()
            return f"{head} — {body}" if body else head
        if len(details) == 1:
            ((key, value),) = details.items()
            return f"{who} {past(kind)} {self.value_text(s, key, value)}"
        body = ", ".join(
            f"{k.replace('_', ' ')} {self.value_text(s, k, v)}" for k, v in details.items()
        )
        return f"{who} {past(kind)}" + (f" — {body}" if body else "")

    def handoff_sentence(
        self, s: Session, seat: int, public: tuple[dict[str, Any], ...], next_seat: int | None
    ) -> str:
        """Pass-and-play, after ``seat`` acted: what everyone may know of it (``public`` are the
        events as a spectator sees them, so a secret choice reads "Ana has picked"), and whom
        to pass the device to."""
        own = [e for e in public if e.get("seat") == seat]
        text = self.narrate(s, own[0]) if own else f"{s.subject(seat)} {s.verb(seat, 'play')}"
        if next_seat is not None and not s.is_bot(next_seat) and next_seat != seat:
            text += f" — pass to {s.name(next_seat)}"
        return text

    def turn_status(self, s: Session, view: dict[str, Any], seat: int, interactive: bool) -> str:
        if s.is_bot(seat):
            return f"{s.name(seat)} is thinking…"
        if not interactive:
            return f"Waiting for {s.name(seat)}"
        return "Your turn" if s.you == seat else f"{s.name(seat)}, your turn"

    def winners_sentence(self, s: Session, view: dict[str, Any]) -> str:
        """ "Ana wins!" / "Ana and Bart share the win!" / "You win!"."""
        winners = view["winners"]
        if not winners:
            return "Game over"
        if len(winners) == 1:
            return f"{s.subject(winners[0])} {s.verb(winners[0], 'win')}!"
        return f"{join_words([s.subject(w) for w in winners])} share the win!"

    def over_status(self, s: Session, view: dict[str, Any]) -> str:
        winners = view["winners"]
        if not winners:
            return "Game over"
        points = plural(view["scores"][winners[0]], "point")
        if len(winners) == 1:
            return f"{s.subject(winners[0])} {s.verb(winners[0], 'win')} with {points}"
        return f"{join_words([s.subject(w) for w in winners])} tie with {points} each"

    def score_text(self, score: int) -> str:
        """A score in the game's words, for the history's best score ("12 points")."""
        return plural(score, "point")

    def progress(self, view: dict[str, Any]) -> str:
        """A short note of where the game is ("Round 2 of 5"), for the header and Resume."""
        if isinstance(view.get("round"), int) and isinstance(view.get("rounds"), int):
            return f"Round {view['round']} of {view['rounds']}"
        return ""

    # -- the table loop's hooks ------------------------------------------------------------

    def pause(self, s: Session, events: tuple[dict[str, Any], ...]) -> Pause | None:
        """Stop on what happened to the whole table (a reveal, a round scored): an event of no
        seat in particular. A seat's own action needs no stop: the next screen shows it."""

        for event in events:
            if event.get("seat") is None and event.get("kind") != "game-over":
                return Pause(Screen.RESULT, event, self.result_ms)
        return None

    def on_action(self, table: Table, action: str) -> bool:
        """A tap only this game knows; True if handled. By default: its ``sheets``."""
        for tool in game_sheets(self.sheets):
            if tool.action == action and tool.dialog:
                table.open_dialog(tool.dialog)
                return True
        if action == "close-sheet" and table.dialog is not None:
            table.close_dialog()
            return True
        return False

    def on_tap(self, table: Table, action: str, move: str | None) -> bool:
        """Every tap on the table first comes here with what it carries (``data-move``, e.g. a
        die picked before its target); True if handled. By default: ``on_action``."""
        return self.on_action(table, action)

    def dialog(self, s: Session, scene: Scene, name: str) -> str:
        return ""

    # -- screens ---------------------------------------------------------------------------

    def setup_intro(self) -> str:
        """The setup screen's first lines (what the game is; a game adds how to play)."""
        return f'<p class="tagline">{esc(self.info["pitch"])} {esc(self.info["players_text"])}.</p>'

    def setup_howto(self) -> str:
        """The setup screen's last lines: the folded "How to play" (``how_to``), if any."""
        if not self.how_to:
            return ""
        return (
            '<details class="howto"><summary>How to play</summary><ul>'
            + "".join(f"<li>{esc(t)}</li>" for t in self.how_to)
            + "</ul></details>"
        )

    def render(self, s: Session, scene: Scene) -> str:

        if scene.screen is Screen.OVER:
            return self.game_over(s, scene)
        if scene.screen is Screen.BREAK:
            return self.interlude(s, scene)
        return self.table(s, scene)

    def interlude(self, s: Session, scene: Scene) -> str:
        return self.table(s, scene)

    def table(self, s: Session, scene: Scene) -> str:
        view = scene.view
        banner = ""
        if scene.pause is not None and scene.pause.event:
            # What happened is in the status line (and read out); the banner names it and waits.
            headline = str(scene.pause.event.get("kind", "")).replace("-", " ").capitalize()
            banner = result_banner(esc(headline), testid="result", cls="gx-banner")
        return (
            '<section class="pc-generic pc-frame" data-testid="generic-table"'
            f' aria-label="{esc(self.title)}">'
            + self.game_bar(s, scene, self.progress(view))
            + self._seats(s, scene)
            + '<div class="gx-body" data-area="shared">'
            + self._own_part(s, view)
            + self._narration(s, scene)
            + banner
            + "</div>"
            + f'<p class="status" data-area="status" data-testid="status">{esc(scene.status)}</p>'
            + self._actions(scene)
            + "</section>"
        )

    def _seats(self, s: Session, scene: Scene) -> str:
        view = scene.view
        items = []
        for seat in range(view["players"]):
            flag = ""
            if seat in view["to_act"] and not view["over"]:
                flag = "thinking…" if seat == scene.seat and s.is_bot(seat) else "to act"
            you = " (you)" if seat == s.you else ""
            items.append(
                "<li"
                + attrs(class_="gx-seat" + (" acting" if flag else ""), data_seat=seat)
                + f'><span class="gx-name">{esc(s.name(seat))}{you}</span>'
                + f'<span class="gx-kind">{esc(s.seats[seat].label)}</span>'
                + f'<span class="gx-score" data-score="{esc(view["scores"][seat])}">'
                + f"{esc(view['scores'][seat])}</span>"
                + (f'<span class="gx-flag">{esc(flag)}</span>' if flag else "")
                + "</li>"
            )
        return (
            '<ul class="gx-seats" data-area="seats" aria-label="Players">'
            + "".join(items)
            + "</ul>"
        )

    def _own_part(self, s: Session, view: dict[str, Any]) -> str:
        rows = "".join(
            f"<dt>{esc(key.replace('_', ' '))}</dt><dd>{esc(self.value_text(s, key, value))}</dd>"
            for key, value in view.items()
            if key not in ENVELOPE_KEYS and not key.endswith("view_version")
        )
        return f'<dl class="gx-view" data-testid="view">{rows}</dl>' if rows else ""

    def _narration(self, s: Session, scene: Scene) -> str:
        lines = [self.narrate(s, e) for e in scene.recent_events()][-NARRATION_LINES:]
        items = "".join(f"<li>{esc(line)}</li>" for line in lines if line)
        return f'<ol class="gx-log" data-testid="narration">{items}</ol>' if items else ""

    def _actions(self, scene: Scene) -> str:
        if not scene.interactive and not scene.undo:
            return ""
        buttons = "".join(
            move_button(move, esc(move), key=f"move-{move}", class_="btn gx-move legal")
            for move in (scene.view["legal"] if scene.interactive else ())
        )
        return (
            f'<div class="gx-actions actions" data-area="act" data-testid="actions">{buttons}</div>'
        )

    def game_over(self, s: Session, scene: Scene) -> str:
        view = scene.view
        scores = view["scores"]
        order = sorted(range(view["players"]), key=lambda p: (-scores[p], p))
        rows = "".join(
            "<li"
            + attrs(data_seat=p, class_="winner" if p in view["winners"] else None)
            + f'><span class="who">{esc(s.name(p))}</span>'
            + f'<span class="total" data-score="{esc(scores[p])}">{esc(scores[p])}</span></li>'
            for p in order
        )
        return (
            '<section class="pc-over" data-testid="game-over" aria-labelledby="over-title">'
            + bar(self.title, "Game over")
            + '<div class="over-body">'
            + winners_headline(self.winners_sentence(s, view), "Most points wins.")
            + f'<ol class="gx-standings" data-testid="final-scores">{rows}</ol>'
            + self._narration(s, scene)
            + hints_line(s)
            + "</div>"
            + over_actions()
            + "</section>"
        )


UI = GenericUI  # what ui.games.load_ui takes from a UI module
