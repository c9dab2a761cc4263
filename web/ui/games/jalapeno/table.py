"""The Jalape-NO! table screen. Pure: view dict -> HTML string.

It fills the platform's frame (``ui/frame.css``: ``pc-frame`` and its ``data-area``s): the game
bar, the other seats, the trick (the shared area), the status line, and your cards (the act
area). How those areas sit is the stylesheet's work, per size (``jalapeno.css``): one column
on a phone held upright (read at the top, act at the bottom), the trick beside your hand on a
phone on its side, and on a tablet the seats around the trick the way people sit, clockwise
from you: up your left side, across the top, down your right side (``sides``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...art import icon
from ...chrome import result_banner
from ...html import Html, attrs, esc, plural
from ...session import Session
from .art import food
from .cards import card_button, card_face, colours_of, mini_card, sorted_codes
from .cards import info as card_info
from .results import TrickResult
from .text import jalapenos_phrase, trick_sentence

SIDES = (("left", "To your left"), ("top", "Across the table"), ("right", "To your right"))


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


def sides(count: int) -> tuple[int, int, int]:
    """How many of ``count`` seats (clockwise from yours) sit on your left, across the table
    and on your right: one on each side up to five, then two, the rest across.

    >>> [sides(n) for n in (2, 3, 5, 6, 8)]
    [(1, 0, 1), (1, 1, 1), (1, 3, 1), (2, 2, 2), (2, 4, 2)]
    """
    side = 1 if count <= 5 else 2
    if count < 2:
        return (0, count, 0)
    return (side, count - 2 * side, side)


def render_table(session: Session, view: dict[str, Any], ctx: TableCtx, bar: Html = "") -> Html:
    """The table; ``bar`` is the game bar (``GenericUI.game_bar``: Back, title, the tools)."""
    colours = colours_of(view)
    viewer = view["seat"]
    return (
        "<section"
        + attrs(
            class_=f"jp-table pc-frame jp-p{view['players']}",
            data_testid="jalapeno-table",
            aria_label="Jalape-NO! table",
        )
        + ">"
        + bar
        + _seats(session, view, ctx, colours, viewer)
        + _trick(session, view, ctx, colours)
        + (
            _trick_won(session, ctx.result)
            if ctx.result is not None
            else '<div class="status jp-status" data-area="status" data-testid="status">'
            f"{esc(ctx.status)}</div>"
        )
        + (_mine(session, view, ctx, colours) if viewer is not None else _hidden(session))
        + "</section>"
    )


def _seat(
    session: Session,
    view: dict[str, Any],
    ctx: TableCtx,
    colours: dict[str, dict[str, str]],
    seat: int,
) -> Html:
    info = view["seats"][seat]
    config = session.seats[seat]
    acting = seat in view["to_act"] and ctx.result is None
    jal = info["jalapenos"]
    round_pts = info["penalty_so_far"]  # None: their pile is face down (closed piles)
    this_round = (
        f"{plural(info['pile_size'], 'card')} won face down this round"
        if round_pts is None
        else f"{round_pts} this round"
    )
    jal_words = ", ".join(card_info(c, colours).label for c in jal)
    summary = (
        f"{config.name}, {config.label}: {plural(info['hand_size'], 'card')} in hand,"
        f" {plural(len(jal), 'Jalapeño')} face up{(': ' + jal_words) if jal else ''},"
        f" {plural(info['total'], 'penalty point')} in total, {this_round}"
        + (", thinking" if acting and config.is_bot else "")
        + (", to play" if acting and not config.is_bot else "")
    )
    flag = ""
    if acting:
        # Words on a tablet's seat; on a phone's, a mark beside the name (the status line says
        # it in words): dots for a bot thinking, an arrow for a player to play. Keyed, so that
        # the patch adds or drops it alone as the turn moves on (``ui.dom.render``).
        flag = (
            '<span class="jp-flag jp-flag-bot" aria-hidden="true" data-key="flag">'
            '<span class="jp-flag-word">thinking</span><span class="jp-dots"></span></span>'
            if config.is_bot
            else '<span class="jp-flag jp-flag-human" aria-hidden="true" data-key="flag">'
            '<span class="jp-flag-word">to play</span></span>'
        )
    kind = icon("bot") if config.is_bot else icon("human")
    return (
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
        + flag
        + f'<span class="jp-seat-kind">{kind}</span>'
        + "</span>"
        + '<span class="jp-seat-stats" aria-hidden="true">'
        + f'<span class="jp-stat jp-hand-count" data-hand-size="{esc(info["hand_size"])}">'
        + f'<span class="jp-back"></span>{esc(info["hand_size"])}</span>'
        + f'<span class="jp-stat jp-pts" data-total="{esc(info["total"])}">{esc(info["total"])}'
        + '<span class="jp-unit"> pts</span></span></span>'
        + (
            '<span class="jp-seat-jal" aria-hidden="true">'
            + "".join(
                mini_card(c, colours, extra=i > 0 and len(jal) > 2) for i, c in enumerate(jal)
            )
            # a phone's seat has room for two: beyond that the first and how many more
            + (f'<span class="jp-more">+{len(jal) - 1}</span>' if len(jal) > 2 else "")
            + "</span>"
            if jal
            else ""
        )
        + "</li>"
    )


def _seats(
    session: Session,
    view: dict[str, Any],
    ctx: TableCtx,
    colours: dict[str, dict[str, str]],
    viewer: int | None,
) -> Html:
    """The other seats, clockwise from yours, in three lists: your left, across, your right
    (a phone shows them as one grid in that order; a tablet round the trick)."""
    order = seat_order(view["players"], viewer)
    left, top, _ = sides(len(order))
    groups = (order[:left], order[left : left + top], order[left + top :])
    lists = "".join(
        f'<ul class="jp-side jp-{esc(name)}" aria-label="{esc(label)}">'
        + "".join(_seat(session, view, ctx, colours, seat) for seat in seats)
        + "</ul>"
        for (name, label), seats in zip(SIDES, groups, strict=True)
        if seats
    )
    label = "Players" if viewer is None else "Other players"
    return (
        f'<div class="jp-seats jp-n{len(order)}" data-area="seats" role="group"'
        f' aria-label="{esc(label)}">{lists}</div>'
    )


def _trick(
    session: Session, view: dict[str, Any], ctx: TableCtx, colours: dict[str, dict[str, str]]
) -> Html:
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
        # The winner's name is lit (the banner says it in words).
        cells.append(
            f'<li class="jp-played {esc(extra)}" data-seat="{esc(seat)}">'
            + card_face(code, colours)
            + f'<span class="jp-by">{esc(session.subject(seat))}</span>'
            + "</li>"
        )
    if not cells:
        cells.append('<li class="jp-empty" aria-hidden="true">No cards yet</li>')
    return (
        '<div class="jp-trick-area'
        + (" showing-result" if result else "")
        + '" data-area="shared">'
        + head
        + f'<ol class="jp-trick n{len(plays)}" aria-label="Cards in this trick">'
        + "".join(cells)
        + "</ol></div>"
    )


def _trick_won(session: Session, result: TrickResult) -> Html:
    """Who took the trick, what burns in it, and "Tap to continue", in the status line's place
    (in the flow: it never covers the trick, nor the sentence it replaces). The live region
    reads the status, which says the Jalapeños in words too."""
    sentence = trick_sentence(session, result)
    hot = jalapenos_phrase(result)
    return (
        '<div class="status jp-result" data-area="status" data-testid="status">'
        + result_banner(
            f'<span class="jp-tw-text">{esc(sentence)}</span>'
            + (f'<span class="jp-hot">+ {esc(hot)}</span>' if hot else ""),
            testid="trick-won",
            cls="jp-trick-won",
        )
        + "</div>"
    )


def scores_button(view: dict[str, Any], seat: int) -> Html:
    """Your penalty points, a button that opens the score sheet (its words are its name)."""
    info = view["seats"][seat]
    return (
        '<button type="button" class="jp-me-pts" data-action="scores" data-key="me-scores"'
        ' data-testid="me-scores">'
        f"{icon('sheet')}<span>Scores: <strong>{esc(info['penalty_so_far'])}</strong> this round"
        f" · <strong>{esc(info['total'])}</strong> total</span></button>"
    )


def _mine(
    session: Session, view: dict[str, Any], ctx: TableCtx, colours: dict[str, dict[str, str]]
) -> Html:
    seat = view["seat"]
    info = view["seats"][seat]
    legal = set(view["legal"]) if ctx.interactive else set()

    def state(code: str) -> bool | None:
        return (code in legal) if ctx.interactive else None

    jal = info["jalapenos"]
    if jal:
        jal_html = (
            '<div class="jp-my-jal" role="group" aria-label="Your face-up Jalapeños,'
            f' {esc(plural(2 * len(jal), "penalty point"))} if you keep them"'
            ' data-focus-group="hand">'
            '<p class="jp-my-jal-label" aria-hidden="true">Face up<span>−2 each</span></p>'
            + "".join(card_button(c, colours, legal=state(c), where="jalapenos") for c in jal)
            + "</div>"
        )
    else:
        jal_html = '<p class="jp-my-jal jp-none">No Jalapeños in front of you.</p>'
    hand = sorted_codes(view["hand"])
    playable = sum(1 for c in hand if c in legal)
    hand_label = f"Your hand, {plural(len(hand), 'card')}" + (
        f", {playable} playable" if ctx.interactive else ""
    )
    name = "You" if session.you == seat else session.name(seat)
    return (
        "<section"
        + attrs(
            class_="jp-me" + (" my-turn" if ctx.interactive else ""),
            data_area="act",
            aria_label="Your cards",
            data_testid="me",
        )
        + ">"
        + '<div class="jp-me-head">'
        + f'<span class="jp-me-name">{esc(name)}</span>'
        + scores_button(view, seat)
        + "</div>"
        + '<div class="jp-cards">'
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
        + "</div></div></section>"
    )


def _hidden(session: Session) -> Html:
    """Pass-and-play between turns: no hand is on the page at all."""
    text = (
        "Hands are hidden while the device is passed."
        if session.hot_seat
        else "Watching the bots play."
    )
    return (
        '<section class="jp-me jp-hidden-hands" data-area="act" data-testid="me-hidden">'
        f"<p>{icon('hidden')} {esc(text)}</p></section>"
    )
