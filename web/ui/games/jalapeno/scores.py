"""Jalape-NO! results: the round-end score table, the full score sheet and the game-over screen.

Every number comes from the engine's view (``round_penalties``, ``totals``, ``winners``).
"""

from __future__ import annotations

from typing import Any

from ...art import icon
from ...chrome import bar, over_actions, winners_headline
from ...html import attrs, esc
from ...session import Session
from .cards import card_face, colours_of, mini_card
from .results import RoundResult, TrickResult
from .text import jalapenos_phrase, round_sentence, trick_sentence, winners_sentence


def round_table(
    session: Session,
    penalties: list[int] | tuple[int, ...],
    totals: Any,
    jalapenos: Any = (),
    colours: Any = None,
) -> str:
    """Penalty points this round and running totals, one row per seat (seat order), with the
    Jalapeños each seat ended the round with (what most of a penalty is made of)."""
    low = min(totals)
    rows = []
    for seat, (pen, tot) in enumerate(zip(penalties, totals, strict=True)):
        config = session.seats[seat]
        you = " <small>(you)</small>" if seat == session.you else ""
        held = jalapenos[seat] if seat < len(jalapenos) else ()
        minis = (
            '<span class="jp-row-jal">' + "".join(mini_card(c, colours) for c in held) + "</span>"
            if held and colours
            else ""
        )
        rows.append(
            "<tr"
            + attrs(data_seat=seat, class_="best" if tot == low else None)
            + ">"
            + f'<th scope="row">{esc(config.name)}{you}{minis}</th>'
            + f'<td data-seat="{seat}" data-col="round" data-penalty="{esc(pen)}">{esc(pen)}</td>'
            + f'<td data-seat="{seat}" data-col="total" data-penalty="{esc(tot)}">{esc(tot)}</td>'
            + "</tr>"
        )
    return (
        '<table class="jp-scores" data-testid="round-scores">'
        '<caption class="sr">Penalty points: this round and total</caption>'
        '<thead><tr><th scope="col">Player</th><th scope="col">This round</th>'
        '<th scope="col">Total</th></tr></thead>'
        "<tbody>" + "".join(rows) + "</tbody></table>"
    )


def last_trick_block(session: Session, trick: TrickResult | None, colours: Any) -> str:
    """The round's last trick, on the round-end and game-over screens."""
    if trick is None:
        return ""
    cells = "".join(
        f'<li class="jp-played{" win" if seat == trick.winner else ""}" data-seat="{esc(seat)}">'
        + card_face(code, colours)
        + f'<span class="jp-by">{esc(session.subject(seat))}</span></li>'
        for seat, code in trick.cards
    )
    return (
        '<section class="jp-last-trick" aria-label="Last trick" data-testid="last-trick">'
        f"<p>{esc(trick_sentence(session, trick))}"
        + (f", including {esc(jalapenos_phrase(trick))}" if trick.jalapenos else "")
        + ".</p>"
        + f'<ol class="jp-trick small">{cells}</ol></section>'
    )


def round_end_screen(
    session: Session, result: RoundResult, trick: TrickResult | None, colours: Any
) -> str:
    """Full screen between rounds (the next round is already dealt, so no table behind it)."""
    return (
        '<section class="pc-round-end" data-testid="round-end" aria-labelledby="round-title">'
        + bar("Jalape-NO!", f"Round {result.round_no} of {result.rounds}")
        + '<div class="over-body">'
        + last_trick_block(session, trick, colours)
        + f'<h2 id="round-title">Round {esc(result.round_no)} is over</h2>'
        '<p class="sheet-note">Penalty points — fewer is better.</p>'
        + round_table(session, result.penalties, result.totals, result.jalapenos, colours)
        + f'<p class="sheet-note">{esc(round_sentence(session, result))}</p>'
        "</div>"
        '<div class="actions">'
        '<button type="button" class="btn primary wide" data-action="next-round"'
        ' data-key="next-round" data-testid="next-round" autofocus>'
        f"Deal round {result.round_no + 1}</button>"
        "</div></section>"
    )


def score_sheet(session: Session, view: dict[str, Any]) -> str:
    """Every finished round, per seat, with totals (the menu button, and the game-over screen)."""
    rounds = view["round_penalties"]
    if not rounds:
        return '<p class="sheet-note">No round finished yet.</p>'
    head = "".join(f'<th scope="col">R{i + 1}</th>' for i in range(len(rounds)))
    rows = []
    for seat, config in enumerate(session.seats):
        cells = "".join(f"<td>{esc(r[seat])}</td>" for r in rounds)
        rows.append(
            f'<tr data-seat="{seat}"><th scope="row">{esc(config.name)}</th>{cells}'
            f'<td class="jp-tot">{esc(view["totals"][seat])}</td></tr>'
        )
    return (
        '<div class="sheet-scroll">'
        '<table class="jp-scores jp-sheet-table" data-testid="score-sheet">'
        f'<thead><tr><th scope="col">Player</th>{head}<th scope="col">Total</th></tr></thead>'
        "<tbody>" + "".join(rows) + "</tbody></table></div>"
    )


def score_sheet_dialog(session: Session, view: dict[str, Any]) -> str:
    return (
        '<div class="sheet-backdrop" data-action="close-sheet">'
        '<section class="sheet" role="dialog" aria-modal="true" aria-labelledby="sheet-title"'
        ' data-testid="score-dialog">'
        f'<h2 id="sheet-title">Scores after {len(view["round_penalties"])} of'
        f" {esc(view['rounds'])} rounds</h2>"
        '<p class="sheet-note">Penalty points: fewer is better.</p>'
        + score_sheet(session, view)
        + '<button type="button" class="btn primary wide" data-action="close-sheet"'
        ' data-key="close-sheet" autofocus>Back to the table</button>'
        "</section></div>"
    )


def game_over(session: Session, view: dict[str, Any], trick: TrickResult | None = None) -> str:
    """Final standings (fewest penalty points first), the last round, and what next."""
    totals = view["totals"]
    winners = set(view["winners"])
    order = sorted(range(view["players"]), key=lambda s: (totals[s], s))
    rank_rows = []
    rank = 0
    prev = None
    for i, seat in enumerate(order):
        if totals[seat] != prev:
            rank, prev = i + 1, totals[seat]
        you = " <small>(you)</small>" if seat == session.you else ""
        rank_rows.append(
            "<li"
            + attrs(data_seat=seat, class_="winner" if seat in winners else None)
            + ">"
            + f'<span class="jp-rank">{icon("trophy", label="Winner") if seat in winners else rank}'
            + "</span>"
            + f'<span class="jp-who">{esc(session.name(seat))}{you}</span>'
            + f'<span class="jp-total" data-penalty="{esc(totals[seat])}">{esc(totals[seat])}'
            + "<small> pts</small></span></li>"
        )
    last = view["round_penalties"][-1] if view["round_penalties"] else [0] * view["players"]
    scored = view.get("last_round") or {}
    return (
        '<section class="pc-over" data-testid="game-over" aria-labelledby="over-title">'
        + bar("Jalape-NO!", "Game over")
        + '<div class="over-body">'
        + winners_headline(winners_sentence(session, view), "Fewest penalty points wins.")
        + '<ol class="jp-standings" data-testid="final-scores">'
        + "".join(rank_rows)
        + "</ol>"
        f"<h3>Round {len(view['round_penalties'])} of {esc(view['rounds'])}</h3>"
        + round_table(session, last, totals, scored.get("jalapenos", ()), colours_of(view))
        + last_trick_block(session, trick, colours_of(view))
        + (
            "<details><summary>All rounds</summary>" + score_sheet(session, view) + "</details>"
            if len(view["round_penalties"]) > 1
            else ""
        )
        + "</div>"
        + over_actions()
        + "</section>"
    )
