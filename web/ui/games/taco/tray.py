"""The thumb zone: the dice tray (tap dice to pick them), the shelf of dice kept for a later
turn, and the one row of actions the moment needs: placement (menu, undo, re-roll, end
placement), Achilipú's faces, an extra on offer, phase 3's spending, or (1 vs 1) the customer
player's hand. Pure: view dict -> HTML string.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...html import Html, attrs, esc
from .art import face_icon, icon
from .board import card_face, light_attrs, said_as
from .pick import Pick
from .text import DIE_STATE, EFFECT, FACE_WORD, card_text, reroll_price

IN_TRAY = ("free", "kept", "rest", "used", "wild", "ready")
PICKABLE = ("free", "kept", "rest")
STATE_TAG = {"kept": "kept", "used": "used", "wild": "turn", "rest": "rest"}


@dataclass(frozen=True)
class Moment:
    """What the thumb zone is drawn for."""

    interactive: bool
    pick: Pick
    lit: Mapping[str, str]
    undo: bool
    usable: frozenset[str]


def die_button(d: Mapping[str, Any], m: Moment) -> str:
    face = d["face"] or ""
    state = d["state"]
    picked = d["id"] in m.pick.dice
    words = f"{d['label']}: " + (FACE_WORD.get(face, "no face") if face else "not rolled")
    words += f", {DIE_STATE.get(state, state)}"
    if state == "rest":
        words += "; it goes to the rest room at the end of the turn, unless re-rolled"
    classes = ["tc-die", f"w-{d['worker']}", f"st-{state}"]
    if picked:
        classes.append("picked")
    if m.interactive and state in PICKABLE and d["id"] in m.usable:
        classes.append("can")
    tag = STATE_TAG.get(state, "")
    inner = (
        f'<span class="tc-face">{face_icon(face)}</span>'
        f'<span class="tc-die-id">{esc(d["id"])}'
        + (f' <span class="tc-tag">{esc(tag)}</span>' if tag else "")
        + "</span>"
    )
    if state not in PICKABLE:
        return (
            f'<li class="{esc(" ".join(classes))}" data-die="{esc(d["id"])}"'
            f' data-state="{esc(state)}">{inner}<span class="sr">{esc(words)}</span></li>'
        )
    return (
        "<li>"
        + "<button"
        + attrs(
            type="button",
            class_=" ".join(classes),
            data_action="die",
            data_move=d["id"],
            data_die=d["id"],
            data_state=state,
            data_face=face,
            data_key=f"die-{d['id']}",
            aria_pressed="true" if picked else "false",
        )
        + f">{said_as(inner, words)}</button></li>"
    )


def tray(view: Mapping[str, Any], m: Moment) -> str:
    """The dice on the table this turn and the shelf of dice kept for later; nothing between
    turns, when every die is waiting for the roll (or resting, captive: shown where they are)."""
    dice = [d for d in view["dice"] if d["state"] in IN_TRAY]
    aside = [d for d in view["dice"] if d["state"] == "aside"]
    if all(d["state"] == "ready" for d in dice) and not aside:
        return ""
    row = "".join(die_button(d, m) for d in dice) or '<li class="tc-none">no dice here</li>'
    kept = "".join(
        f'<span class="tc-die st-aside w-{esc(d["worker"])}" data-die="{esc(d["id"])}">'
        f'<span class="tc-face">{face_icon(d["face"] or "")}</span>'
        f'<span class="tc-die-id">{esc(d["id"])}</span></span>'
        for d in aside
    )
    lit = m.lit.get("keep")
    shelf_label = "Keep for a later turn" + (
        ": " + ", ".join(f"{d['id']} {FACE_WORD.get(d['face'] or '', '')}" for d in aside)
        if aside
        else ""
    )
    shelf = (
        "<button"
        + attrs(
            type="button",
            class_="tc-shelf" + (f" lit-{lit}" if m.interactive and lit else ""),
            data_action="target",
            data_move="keep",
            data_kind="keep",
            data_key="keep",
            data_testid="keep",
            **light_attrs(lit, m.interactive),
        )
        + ">"
        + said_as(
            f'<span class="tc-shelf-h">Keep</span><span class="tc-kept">{kept}</span>', shelf_label
        )
        + "</button>"
    )
    return (
        '<section class="tc-tray" data-testid="tray" aria-label="Your crew: the dice">'
        f'<ul class="tc-dice" data-testid="dice">{row}</ul>{shelf}</section>'
    )


def _btn(
    text: Html,
    move: str | None,
    legal: bool | None,
    *,
    primary: bool = False,
    key: str = "",
    extra: Html = "",
    testid: str = "",
) -> str:
    return (
        "<button"
        + attrs(
            type="button",
            class_="btn tc-act"
            + (" primary" if primary else "")
            + (" off" if legal is False else ""),
            data_action="play" if move else None,
            data_move=move,
            data_legal=None if legal is None else ("true" if legal else "false"),
            data_key=key or (f"move-{move}" if move else None),
            data_testid=testid or None,
        )
        + f">{extra}{text}</button>"
    )


def menu_button() -> str:
    """The dish menu, a control of its own (the game bar's menu is another thing)."""
    return (
        '<button type="button" class="btn tc-act tc-menu-btn" data-action="dish-menu"'
        ' data-move="dish-menu" data-key="menu" data-testid="menu-open">'
        f"{icon('dish')}Dish menu</button>"
    )


def placement_bar(view: Mapping[str, Any], m: Moment) -> str:
    legal = set(view["legal"])
    lit = m.lit.get("reroll")
    can_reroll = any(x.get("verb") == "reroll" for x in view["moves"])
    reroll = (
        "<button"
        + attrs(
            type="button",
            class_="btn tc-act tc-reroll"
            + (f" lit-{lit}" if lit else "")
            + ("" if can_reroll else " off"),
            data_action="target",
            data_move="reroll",
            data_kind="reroll",
            data_key="reroll",
            data_testid="reroll",
            **light_attrs(lit, m.interactive),
        )
        + f">Re-roll ${esc(reroll_price(view))}</button>"
    )
    end = _btn(
        "End placement",
        "end placement",
        "end placement" in legal,
        primary=True,
        testid="end-placement",
    )
    return f'<div class="tc-bar" data-testid="bar">{menu_button()}{reroll}{end}</div>'


def wild_bar(view: Mapping[str, Any]) -> str:
    """Achilipú: each die it turns gets four face buttons (the engine's ``turn`` moves)."""
    turns = [x for x in view["moves"] if x.get("verb") == "turn"]
    rows = []
    for die in dict.fromkeys(x["dice"][0] for x in turns):
        buttons = "".join(
            _btn(
                f'<span class="tc-face-word">{esc(FACE_WORD[x["target"]])}</span>',
                x["text"],
                True,
                extra=face_icon(x["target"]),
            )
            for x in turns
            if x["dice"][0] == die
        )
        rows.append(
            f'<div class="tc-wild-row"><span class="tc-die-chip">{esc(die)}</span>{buttons}</div>'
        )
    return '<div class="tc-bar tc-wild" data-testid="achilipu">' + "".join(rows) + "</div>"


def offer_bar(view: Mapping[str, Any]) -> str:
    card = view["offer"]
    legal = set(view["legal"])
    swap = ""
    if view["extra"]:
        swap = f" (swap: +${view['extra'].get('refund', 0)} for {esc(view['extra']['name'])})"
    return (
        '<div class="tc-bar tc-offer" data-testid="offer">'
        f'<p class="tc-bar-h">{icon("extra")}<span><b>{esc(card["name"])}</b>'
        f" — {esc(EFFECT.get(card['effect'], ''))}{esc(swap)}</span></p>"
        + _btn(esc(f"Buy ${card['price']}"), "buy", "buy" in legal, primary=True, testid="buy")
        + _btn("Pass", "pass", "pass" in legal, testid="pass")
        + "</div>"
    )


def management_bar(view: Mapping[str, Any], m: Moment) -> str:
    legal = set(view["legal"])
    buttons = []
    if view["fines"]:
        buttons.append(_btn(esc(f"Pay fines ${view['fines']}"), "pay fine", "pay fine" in legal))
    if view["popularity"]["value"] < view["popularity"]["max"]:
        buttons.append(_btn("Advertise $10", "advertise", "advertise" in legal))
    hours = view["overtime"]
    if hours["next_cost"] is not None:
        for r in view["rest_room"]:
            if r["die"]:
                move = f"overtime {r['die']}"
                buttons.append(
                    _btn(esc(f"Extra hour: {r['die']} ${hours['next_cost']}"), move, move in legal)
                )
    buttons.append(
        _btn("End turn", "end turn", "end turn" in legal, primary=True, testid="end-turn")
    )
    return '<div class="tc-bar tc-manage" data-testid="management">' + "".join(buttons) + "</div>"


def hand_strip(view: Mapping[str, Any], m: Moment) -> str:
    """1 vs 1, the customer player's hand: a card lights up when it may be played now."""
    legal = set(view["legal"])
    chosen = m.pick.discard
    cards = []
    for card in view.get("hand", []):
        code = card["code"]
        move = f"play {code}"
        ok = move in legal
        classes = ["tc-card", f"kind-{card['kind']}", "in-hand"]
        if chosen is not None and code in chosen:
            classes.append("picked")
        if m.interactive and ok and chosen is None:
            classes.append("lit-ready")
        cards.append(
            "<li>"
            + "<button"
            + attrs(
                type="button",
                class_=" ".join(classes),
                data_action="hand",
                data_move=code,
                data_card=code,
                data_legal=("true" if ok else "false") if m.interactive else None,
                data_key=f"hand-{code}",
                aria_pressed=None if chosen is None else ("true" if code in chosen else "false"),
            )
            + ">"
            + said_as(card_face(card), card_text(card))
            + "</button></li>"
        )
    info = view.get("customer_player") or {}
    note = []
    if info.get("banned"):
        note.append("no +OPEN or TASK card this turn")
    if info.get("must_follow"):
        note.append("play the card that follows")
    head = f'<p class="tc-hand-h">Your customers{": " + esc("; ".join(note)) if note else ""}</p>'
    discard = ""
    if m.interactive and any(x.startswith("discard ") for x in legal):
        if chosen is None:
            left = info.get("discards_left", 0)
            discard = (
                '<button type="button" class="btn tc-act" data-action="discard-mode"'
                f' data-key="discard-mode" data-testid="discard-mode">Discard 3, draw 3'
                f" ({esc(left)} left)</button>"
            )
        else:
            ready = len(chosen) == 3
            move = "discard " + " ".join(sorted(chosen)) if ready else None
            discard = _btn(
                f"Discard these {len(chosen)}/3", move, ready, primary=True, testid="discard"
            ) + (
                '<button type="button" class="btn tc-act" data-action="discard-mode"'
                ' data-key="discard-cancel">Cancel</button>'
            )
    return (
        '<section class="tc-hand" data-testid="hand" aria-label="Your hand">'
        + head
        + f'<ul class="tc-hand-cards" data-scroll-key="hand">{"".join(cards)}</ul>'
        + (f'<div class="tc-bar">{discard}</div>' if discard else "")
        + "</section>"
    )


def watch_bar() -> str:
    return f'<div class="tc-bar" data-testid="bar">{menu_button()}</div>'
