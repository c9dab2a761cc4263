"""The Jalape-NO! table screen, portrait phone first: read at the top (other seats, the
trick), act at the bottom (your Jalapeños, your hand). Pure: view dict -> HTML string.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...art import icon
from ...chrome import bar, result_banner, undo_tool
from ...html import attrs, esc, plural
from ...session import Session
from .art import food
from .cards import card_button, card_face, colours_of, mini_card, sorted_codes
from .results import TrickResult
from .text import jalapenos_phrase

SCORES_BUTTON = (
    '<button type="button" class="pc-icon" data-action="scores" data-key="scores"'
    f' aria-label="Score sheet">{icon("menu")}</button>'
)


@dataclass(frozen=True)
class TableCtx:
    """What the table needs besides the view: names, what is happening, what may be tapped."""

    status: str
    interactive: bool = False  # the seat on screen may play now (legal cards light up)
    thinking: int | None = None  # a bot seat that is choosing
    result: TrickResult | None = None  # a finished trick being shown
    fresh: str | None = None  # the card just played (animated into the trick)
    undo: bool = False  # the human at the screen may take back their last card (Undo shows)


def seat_order(players: int, viewer: int | None) -> list[int]:
    """Other seats clockwise from the one on screen (every seat when nobody's hand shows)."""
    if viewer is None:
        return list(range(players))
    return [(viewer + k) % players for k in range(1, players)]


def render_table(session: Session, view: dict[str, Any], ctx: TableCtx) -> str:
    colours = colours_of(view)
    viewer = view["seat"]
    return (
        '<section class="jp-table" data-testid="jalapeno-table" aria-label="Jalape-NO! table">'
        + _bar(view, ctx.undo)
        + _seats(session, view, ctx, colours, viewer)
        + _trick(session, view, ctx, colours)
        # The dock stays on screen when a big table makes the page scroll: the status line
        # (ui.dom.announce() reads the same words to screen readers; a finished trick's banner
        # takes its place) and your cards.
        + '<div class="jp-dock">'
        + (
            _trick_won(ctx.result, ctx.status)
            if ctx.result is not None
            else f'<p class="status" data-testid="status">{esc(ctx.status)}</p>'
        )
        + (_mine(session, view, ctx, colours) if viewer is not None else _hidden(session))
        + "</div></section>"
    )


def _bar(view: dict[str, Any], undo: bool = False) -> str:
    progress = f"Round {view['round']} of {view['rounds']}"
    return bar("Jalape-NO!", progress, right_testid="round", tools=undo_tool(undo) + SCORES_BUTTON)


def _seats(
    session: Session,
    view: dict[str, Any],
    ctx: TableCtx,
    colours: dict[str, dict[str, str]],
    viewer: int | None,
) -> str:
    order = seat_order(view["players"], viewer)
    items = []
    to_act = view["to_act"]
    for seat in order:
        info = view["seats"][seat]
        config = session.seats[seat]
        acting = seat in to_act and ctx.result is None
        jal = info["jalapenos"]
        jal_html = (
            "".join(mini_card(c, colours) for c in jal)
            if jal
            else '<span class="none" aria-hidden="true">—</span>'
        )
        round_pts = info["penalty_so_far"]  # None: their pile is face down (closed piles)
        this_round = (
            f"{plural(info['pile_size'], 'card')} won face down this round"
            if round_pts is None
            else f"{round_pts} this round"
        )
        summary = (
            f"{config.name}, {config.label}: {plural(info['hand_size'], 'card')} in hand,"
            f" {plural(len(jal), 'Jalapeño')} face up, {plural(info['total'], 'penalty point')}"
            f" in total, {this_round}"
            + (", thinking" if acting and config.is_bot else "")
            + (", to play" if acting and not config.is_bot else "")
        )
        flag = ""
        if acting:
            flag = (
                '<span class="jp-flag" aria-hidden="true">thinking'
                '<span class="jp-dots"></span></span>'
                if config.is_bot
                else '<span class="jp-flag" aria-hidden="true">to play</span>'
            )
        items.append(
            "<li"
            + attrs(
                class_=" ".join(
                    ["jp-seat"]
                    + (["acting"] if acting else [])
                    + (["bot"] if config.is_bot else [])
                    + (["won"] if ctx.result and ctx.result.winner == seat else [])
                ),
                data_seat=seat,
                data_testid=f"seat-{seat}",
            )
            + ">"
            + f'<span class="sr">{esc(summary)}</span>'
            + '<span class="jp-seat-top" aria-hidden="true">'
            + f'<span class="jp-seat-name">{esc(config.name)}</span>'
            + (
                f'<span class="jp-seat-kind" title="Bot">{icon("bot")}</span>'
                if config.is_bot
                else f'<span class="jp-seat-kind" title="Human">{icon("human")}</span>'
            )
            + "</span>"
            + '<span class="jp-seat-stats" aria-hidden="true">'
            + f'<span class="jp-stat hand-count" data-hand-size="{esc(info["hand_size"])}">'
            + f'<span class="jp-back"></span>{esc(info["hand_size"])}</span>'
            + f'<span class="jp-stat pts" data-total="{esc(info["total"])}">{esc(info["total"])}'
            + "<small> pts</small></span></span>"
            + f'<span class="jp-seat-jal" aria-hidden="true">{jal_html}</span>'
            + flag
            + "</li>"
        )
    label = "Players" if viewer is None else "Other players"
    return f'<ul class="jp-seats n{len(order)}" aria-label="{label}">' + "".join(items) + "</ul>"


def _trick(
    session: Session, view: dict[str, Any], ctx: TableCtx, colours: dict[str, dict[str, str]]
) -> str:
    result = ctx.result
    if result is not None:
        plays = list(result.cards)
        lead_key = plays[0][1][0] if plays else None
    else:
        plays = [(t["seat"], t["card"]) for t in view["trick"]]
        lead_key = view["lead_colour"]
    if lead_key is not None:
        colour = colours.get(lead_key, {"name": lead_key, "symbol": ""})
        head = (
            f'<p class="jp-lead jp-suit-{esc(lead_key)}">Lead colour: '
            f"<strong>{food(colour['symbol'])} {esc(colour['name'])}</strong></p>"
        )
    else:
        leader = view["to_act"][0] if view["to_act"] else None
        who = "" if leader is None else session.subject(leader)
        verb = "" if leader is None else session.verb(leader, "lead")
        head = f'<p class="jp-lead">{esc(who)} {esc(verb)} the next trick</p>' if who else ""
    cells = []
    for seat, code in plays:
        won = result is not None and seat == result.winner
        extra = " ".join((["win"] if won else []) + (["fresh"] if code == ctx.fresh else []))
        # The winner's name is lit (the banner below says it in words).
        cells.append(
            f'<li class="jp-played {esc(extra)}" data-seat="{esc(seat)}">'
            + card_face(code, colours)
            + f'<span class="jp-by">{esc(session.subject(seat))}</span>'
            + "</li>"
        )
    if not cells:
        cells.append('<li class="empty" aria-hidden="true"><span>No cards yet</span></li>')
    return (
        '<div class="jp-trick-area'
        + (" showing-result" if result else "")
        + '">'
        + head
        + f'<ol class="jp-trick n{len(plays)}" aria-label="Cards in this trick">'
        + "".join(cells)
        + "</ol></div>"
    )


def _trick_won(result: TrickResult, sentence: str) -> str:
    """Who took the trick, what burns in it, and "Tap to continue", in the status line's place
    (in the flow: it never covers the trick, nor the sentence it replaces)."""
    hot = jalapenos_phrase(result)
    return (
        '<div class="status jp-result" data-testid="status">'
        + result_banner(
            f'<span class="tw-text">{esc(sentence)}</span>'
            + (f'<span class="jp-hot">+ {esc(hot)}</span>' if hot else ""),
            testid="trick-won",
            cls="jp-trick-won",
        )
        + "</div>"
    )


def _mine(
    session: Session, view: dict[str, Any], ctx: TableCtx, colours: dict[str, dict[str, str]]
) -> str:
    seat = view["seat"]
    info = view["seats"][seat]
    legal = set(view["legal"]) if ctx.interactive else set()

    def state(code: str) -> bool | None:
        return (code in legal) if ctx.interactive else None

    jal = info["jalapenos"]
    if jal:
        jal_html = (
            '<div class="jp-my-jal" role="group" aria-label="Your face-up Jalapeños">'
            '<span class="jp-my-jal-label">Face up<small>−2 each</small></span>'
            + "".join(card_button(c, colours, legal=state(c), where="jalapenos") for c in jal)
            + "</div>"
        )
    else:
        jal_html = '<p class="jp-my-jal none">No Jalapeños in front of you — keep it that way!</p>'
    hand = sorted_codes(view["hand"])
    playable = sum(1 for c in hand if c in legal)
    hand_label = f"Your hand, {plural(len(hand), 'card')}" + (
        f", {playable} playable" if ctx.interactive else ""
    )
    name = "You" if session.you == seat else session.name(seat)
    round_pts = info["penalty_so_far"]
    return (
        f'<section class="jp-me{" my-turn" if ctx.interactive else ""}" aria-label="Your cards"'
        ' data-testid="me">'
        '<div class="jp-me-head">'
        f'<span class="jp-me-name">{esc(name)}</span>'
        f'<span class="jp-me-pts">Penalty <strong>{esc(round_pts)}</strong> this round ·'
        f" <strong>{esc(info['total'])}</strong> total</span>"
        "</div>"
        + jal_html
        + "<div"
        + attrs(
            class_="jp-hand" + (" my-turn" if ctx.interactive else ""),
            role="group",
            aria_label=hand_label,
            data_testid="hand",
            data_scroll_key="hand",
            data_stack=True,  # a fan: each card covers the one before, all but its index
            data_focus_group="hand",
            data_n=max(len(hand), 1),  # the fan's overlap (jalapeno.css: no inline styles)
        )
        + ">"
        + "".join(card_button(c, colours, legal=state(c)) for c in hand)
        + ("" if hand else '<p class="jp-empty-hand">No cards in hand</p>')
        + "</div></section>"
    )


def _hidden(session: Session) -> str:
    """Pass-and-play between turns: no hand is on the page at all."""
    text = (
        "Hands are hidden while the device is passed."
        if session.hot_seat
        else "Watching the bots play."
    )
    return (
        '<section class="jp-me jp-hidden-hands" data-testid="me-hidden">'
        f"<p>{icon('hidden')} {esc(text)}</p></section>"
    )
