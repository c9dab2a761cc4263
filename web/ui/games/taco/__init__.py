"""Crazy Taco's UI: the restaurant on a phone, placement by taps, narrated from the engine.

The generic loop (``ui.table``) decides what is on screen; this says how it is drawn (``board``
what you read, ``tray`` what your thumb acts on, ``menu`` the menu sheet, ``over`` the end), in
which words (``text``) and where it stops: at the start of each turn, long enough to read what
phase 1 brought (a tap moves on). Placement is two taps: dice (``pick``), then where they go;
the targets that exact set of dice may go to light up, from the engine's legal moves only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...chrome import result_banner
from ...generic import GenericUI
from ...html import esc
from ...scene import Pause, Scene, Screen
from ...tools import Tool
from .board import GUESTS, line, stats, zones
from .menu import menu_sheet
from .over import game_over, over_status
from .pick import Pick, choose, lit, meant, usable_dice
from .reasons import hint_targets, move_text, reason
from .text import ROLE, card_text, event_sentence, rest_explained
from .tray import (
    Moment,
    hand_strip,
    management_bar,
    offer_bar,
    placement_bar,
    tray,
    watch_bar,
    wild_bar,
)

if TYPE_CHECKING:
    from ...session import Session
    from ...table import Table

TURN_MS = 2600  # the new turn's summary: long enough to read, a tap skips it
LOG_LINES = 12

HOW_TO = (
    "Each turn customers arrive at the counter from the left and move right; the one pushed"
    " past position 1 waits in the patience zone, and the last one there leaves: -1 star.",
    "Roll your crew (five dice), then tap dice and a target: serve a whole order, collect its"
    " money with a money die, or both at once. Money comes in when a customer leaves served"
    " and paid.",
    "Blank faces count as food or drink only beside a real food or drink die.",
    "Tasks on the storeroom door need the die they show; bonus cards need theirs.",
    "The menu trades dice for money, rest-room escapes or a star.",
    "Resolve the whole customer deck before popularity falls to 0.",
)


DISH_MENU = Tool("dish-menu", "Dish menu", "", dialog="menu")


def moment_key(view: dict[str, Any]) -> tuple[Any, ...]:
    """What a pick belongs to, as a value of the view on screen: the seat, the turn, the stage,
    the dice as they lie and the legal moves. Two equal views are the same moment; anything
    that changes the table (an action, an undo, a bot's move) changes it."""
    dice = tuple((d["id"], d["face"], d["state"]) for d in view["dice"])
    return (view["seat"], view.get("turn"), view["stage"], dice, tuple(view["legal"]))


class TacoUI(GenericUI):
    legal_selector = None  # the table fits the screen: nothing to scroll to
    how_to = HOW_TO
    sheets = (DISH_MENU,)

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        # The dice picked so far, for the moment (``moment_key``) they were picked in: drawing
        # reads it by the view's value, never by which state object is on the table.
        self._pick: tuple[tuple[Any, ...], Pick] = ((), Pick())

    def pick_for(self, view: dict[str, Any]) -> Pick:
        key, pick = self._pick
        return pick if key == moment_key(view) else Pick()

    def current_pick(self, s: Session) -> Pick:
        return self.pick_for(s.view())

    def set_pick(self, s: Session, pick: Pick) -> None:
        self._pick = (moment_key(s.view()), pick)

    def act(self, table: Table, move: str) -> None:
        """Send an action. Taken, its pick is spent (an undo brings the table back unpicked);
        refused (or, in the tutorial, not the lesson's move), the pick stays to be corrected."""
        before = table.session.state
        table.act(move)
        if table.session.state is not before:
            self._pick = ((), Pick())

    # -- where the table stops ------------------------------------------------------------

    def pause(self, s: Session, events: tuple[dict[str, Any], ...]) -> Pause | None:
        if s.hot_seat and s.viewer is None:
            return None  # the device changes hands: the hand-off sentence, then the cover
        for event in events:
            if event["kind"] == "roll":
                return Pause(Screen.RESULT, {"kind": "new-turn", "turn": event["turn"]}, TURN_MS)
        return None

    # -- taps ------------------------------------------------------------------------------

    def on_tap(self, table: Table, action: str, move: str | None) -> bool:
        if action == "sheet":
            return True  # a tap inside the menu sheet keeps it open
        if action in ("menu", DISH_MENU.action):
            table.open_dialog("menu")
            return True
        if action == "play" and move and table.screen is Screen.TURN:
            self.act(table, move)
            return True
        if action not in ("die", "voucher", "target", "dish", "order", "hand", "discard-mode"):
            return super().on_tap(table, action, move)
        if table.screen is Screen.RESULT:
            table.answer()  # a tap anywhere moves on
            return True
        if table.screen is not Screen.TURN:
            table.act(move or "")  # says whose turn it is (nothing is played)
            return True
        s = table.session
        view = s.view()
        pick = self.current_pick(s)
        if action == "die" and move:
            self.set_pick(s, pick.toggle_die(move))
            table.render()
            die = next((d for d in view["dice"] if d["id"] == move), None)
            if die is not None and die["state"] == "rest" and move not in pick.dice:
                table.host.toast(rest_explained(die, view))  # at once, on the first tap
        elif action == "voucher":
            self.set_pick(s, pick.toggle_voucher())
            table.render()
        elif action == "target" and move:
            self.tap_target(table, view, pick, move)
        elif action == "dish" and move:
            self.tap_dish(table, view, pick, move)
        elif action == "order" and move:
            table.close_dialog()
            self.act(table, move)
        elif action == "discard-mode":
            self.set_pick(s, Pick(discard=None if pick.discard is not None else ()))
            table.render()
        elif action == "hand" and move:
            if pick.discard is not None:
                self.set_pick(s, pick.toggle_card(move))
                table.render()
            else:
                self.act(table, f"play {move}")
        return True

    def tap_target(self, table: Table, view: dict[str, Any], pick: Pick, target: str) -> None:
        options = choose(view["moves"], pick, target)
        if options:
            self.act(table, options[0])
            return
        kind = target_kind(view, target)
        if pick.empty:
            card = spot_card(view, target)
            hint = "Pick dice first, then tap where they go."
            if target == "keep":
                hint = "Pick a die first: it is kept, with its face, for a later turn."
            table.host.toast(f"{card_text(card)}. {hint}" if card else hint)
            return
        faces = {d["id"]: d["face"] or "" for d in view["dice"]}
        text = meant(target, pick, faces, kind)
        if text is None:
            table.host.toast(
                "The meal voucher completes a customer's order: tap a customer."
                if pick.voucher
                else "That place takes one die: pick just one."
            )
            return
        table.act(text)  # the engine says which rule forbids it (the pick stays)

    def tap_dish(self, table: Table, view: dict[str, Any], pick: Pick, item: str) -> None:
        options = choose(view["moves"], pick, item)
        if len(options) == 1:
            table.close_dialog()
            self.act(table, options[0])
            return
        if options:
            table.host.toast("Choose which dice come back from the rest room.")
            return
        if pick.empty:
            first = next(
                (m for m in view["moves"] if m.get("verb") == "menu" and m["target"] == item),
                None,
            )
            if first is not None:  # pick the dice that can pay for it; a second tap orders
                self.set_pick(table.session, Pick(tuple(first["dice"])))
                table.render()
                return
            table.host.toast("Your dice cannot pay for this now; pick dice to see why.")
            return
        text = meant(item, pick, {}, "menu")
        if text:
            table.act(text)

    # -- words -----------------------------------------------------------------------------

    def narrate(self, s: Session, event: dict[str, Any]) -> str:
        if event.get("kind") == "new-turn":
            return f"Turn {event['turn']}: customers are in, the crew has rolled"
        text = event_sentence(s, event)
        return super().narrate(s, event) if text is None else text

    def handoff_sentence(
        self, s: Session, seat: int, public: tuple[dict[str, Any], ...], next_seat: int | None
    ) -> str:
        own = [event_sentence(s, e) for e in public if e.get("seat") == seat]
        own = [x for x in own if x]
        text = own[0] if own else f"{s.subject(seat)} {s.verb(seat, 'end')} the turn"
        if any(e["kind"] == "turn-end" for e in public):
            text = f"{s.subject(seat)} {s.verb(seat, 'end')} the turn"
        if next_seat is not None and not s.is_bot(next_seat) and next_seat != seat:
            text += f" — pass to {s.name(next_seat)}"
        return text

    def turn_status(self, s: Session, view: dict[str, Any], seat: int, interactive: bool) -> str:
        name = s.name(seat)
        if s.is_bot(seat):
            return f"{name} ({ROLE[seat]}) is thinking…"
        if not interactive:
            return f"Waiting for {name}"
        you = "You" if s.you == seat else name
        pick = self.current_pick(s)
        if seat == 1:
            if pick.discard is not None:
                return f"{you}: pick three cards to discard ({len(pick.discard)} of 3)"
            info = view.get("customer_player") or {}
            if info.get("must_follow"):
                return f"{you}: play the card that comes with it"
            return f"{you}: play a customer card"
        stage = view["stage"]
        if stage == "extra":
            return f"{you}: an extra is on offer — buy it or pass"
        if stage == "management":
            return f"{you}: phase 3 — spend money, or end the turn"
        if any(m.get("verb") == "turn" for m in view["moves"]):
            return "Achilipú: choose a face for each die"
        if pick.voucher:
            return "Meal voucher: tap the customer it serves"
        if pick.dice:
            ready = [t for t, v in lit(view["moves"], pick).items() if v == "ready"]
            picked = ", ".join(pick.dice)
            if ready:
                return f"{picked} picked — tap a lit target"
            return f"{picked} picked — no target takes exactly these dice yet"
        return f"{you}: tap dice, then where they go" if s.you == seat else f"{name}: place dice"

    def move_text(self, s: Session, view: dict[str, Any], action: Any) -> str:
        return move_text(view, str(action))

    def hint_reason(self, s: Session, view: dict[str, Any], action: Any) -> str:
        return reason(view, str(action))

    def hint_targets(self, s: Session, view: dict[str, Any], action: Any) -> tuple[str, ...]:
        return hint_targets(view, str(action))

    def over_status(self, s: Session, view: dict[str, Any]) -> str:
        return over_status(s, view)

    def progress(self, view: dict[str, Any]) -> str:
        return f"Turn {view['turn']}" if isinstance(view.get("turn"), int) else ""

    # -- screens ---------------------------------------------------------------------------

    def setup_intro(self) -> str:
        return (
            '<p class="tagline">Roll your crew, serve the queue in full, keep the taco truck'
            " popular. Seat 1 runs the restaurant (the manager); with 2 players, seat 2 plays"
            " the customers against them.</p>"
        )

    def table(self, s: Session, scene: Scene) -> str:
        """The party frame (``ui/frame.css``): the game bar; the restaurant's figures
        (``seats``); the line and the zones with what happened (``shared``); the status; the
        dice and the moment's actions (``act``: beside the line in phone landscape, along the
        bottom elsewhere)."""
        view = scene.view
        interactive = scene.interactive
        viewer = view["seat"]
        pick = self.pick_for(view) if interactive else Pick()
        moves = view["moves"] if interactive else []
        targets = lit(moves, pick)
        moment = Moment(interactive, pick, targets, scene.undo, frozenset(usable_dice(moves)))
        hand_owner = s.name(1) if view["mode"] == "versus" and viewer != 1 else None
        return (
            '<section class="pc-frame tc-table" data-testid="taco-table"'
            f' data-stage="{esc(view["stage"])}" data-interactive="{esc(str(interactive).lower())}"'
            ' aria-label="Crazy Taco restaurant">'
            + self.game_bar(s, scene, self.progress(view))
            + stats(view, hand_owner)
            + '<div class="tc-shared" data-area="shared">'
            + line(view, targets, interactive)
            + zones(view, targets, pick.voucher, interactive)
            + "</div>"
            + self.log(s, scene)
            + '<p class="status tc-status" data-area="status" data-testid="status">'
            f"{esc(scene.status)}</p>"
            + '<div class="tc-act-area" data-area="act">'
            + self.thumb(s, view, scene, moment)
            + "</div></section>"
        )

    def log(self, s: Session, scene: Scene) -> str:
        if scene.screen is Screen.RESULT and scene.pause is not None and scene.history:
            events = scene.history[-1].for_seat(scene.viewer)
            lines = [self.narrate(s, e) for e in events if e.get("kind") not in ("turn",)]
            body = "".join(f"<li>{esc(x)}</li>" for x in lines if x)
            return (
                # Keyed: in place of the keyed log, not matched to the status line after it
                # (which would be rebuilt, and lose the focus it holds).
                '<div class="tc-log" data-area="side" data-key="turn-log">'
                + result_banner(
                    f"<strong>Turn {esc(scene.pause.event.get('turn', ''))}</strong>"
                    f'<ol class="tc-log-list">{body}</ol>',
                    testid="new-turn",
                    cls="tc-turn-banner",
                )
                + "</div>"
            )
        events = scene.recent_events() or scene.view["events"]  # a new or resumed game: its start
        lines = [self.narrate(s, e) for e in events]
        lines = [x for x in lines if x][-LOG_LINES:]
        items = "".join(f"<li>{esc(x)}</li>" for x in reversed(lines))
        return (
            # A region the keyboard can reach and scroll (it scrolls when the game is long).
            '<div class="tc-log" data-area="side" data-scroll-key="log" tabindex="0"'
            ' role="region" aria-labelledby="tc-log-h">'
            '<h2 class="tc-log-h" id="tc-log-h">What happened</h2>'
            '<ol class="tc-log-list" data-testid="narration" aria-labelledby="tc-log-h">'
            f"{items}</ol></div>"
        )

    def thumb(self, s: Session, view: dict[str, Any], scene: Scene, m: Moment) -> str:
        viewer = view["seat"]
        if viewer == 1:
            return tray(view, Moment(False, Pick(), {}, False, frozenset())) + hand_strip(view, m)
        if viewer is None or not m.interactive:
            return tray(view, m) + watch_bar()
        stage = view["stage"]
        if stage == "extra":
            return tray(view, m) + offer_bar(view)
        if stage == "management":
            return tray(view, m) + management_bar(view, m)
        if any(x.get("verb") == "turn" for x in view["moves"]):
            return tray(view, m) + wild_bar(view)
        return tray(view, m) + placement_bar(view, m)

    def game_over(self, s: Session, scene: Scene) -> str:
        events = scene.history[-1].for_seat(scene.viewer) if scene.history else ()
        last = [event_sentence(s, e) for e in events]
        return game_over(s, scene.view, last)

    def dialog(self, s: Session, scene: Scene, name: str) -> str:
        if name != "menu":
            return ""
        pick = self.pick_for(scene.view) if scene.interactive else Pick()
        view = scene.view if scene.interactive else {**scene.view, "moves": []}
        return menu_sheet(view, pick, scene.interactive)


def spot_card(view: dict[str, Any], target: str) -> dict[str, Any] | None:
    for place in (*view["counter"], *view["patience"]):
        if place["spot"] == target:
            return place["card"]
    return None


def target_kind(view: dict[str, Any], target: str) -> str:
    card = spot_card(view, target)
    if card is not None:
        return "guest" if card["kind"] in GUESTS else "bonus-card"
    if target in ("door", "key", "pinata", "keep", "reroll"):
        return target
    return "menu"


UI = TacoUI
