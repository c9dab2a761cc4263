"""The Nacho Incident's moments worth a stop: the reveal of the picks with the order it gives,
the end of a round (bonuses for the best cantinas, the Mounties' penalties) and the final
results. Every number is the engine's (the ``reveal``, ``round`` and ``game-over`` events and
the view); nothing is recomputed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...chrome import bar, over_actions, result_banner
from ...html import attrs, esc, join_words, plural
from ...session import Session
from .art import icon
from .pieces import flag, gold, mini_smuggler, mountie_badge
from .text import province_name, smuggler_name, tie_note, winners_sentence

Event = Mapping[str, Any]
GEM = f' <span class="nc-gem" title="Gemstone">{icon("gem")}</span>'


def reveal_event(events: tuple[dict[str, Any], ...]) -> dict[str, Any] | None:
    """The reveal among an action's events, with the first player's Mountie (if any) folded in
    as ``first_mountie``: the banner shows both."""
    reveal = next((e for e in events if e["kind"] == "reveal"), None)
    if reveal is None:
        return None
    mountie = next((e for e in events if e["kind"] == "mountie"), None)
    return {**reveal, "first_mountie": mountie}


def reveal_banner(s: Session, event: Event) -> str:
    """Everyone's pick, in the order they play steps 3 and 4."""
    picks = {p["seat"]: p for p in event["picks"]}
    ranks = [picks[p]["rank"] for p in event["order"]]
    tied = len(set(ranks)) < len(ranks)
    mountie = event.get("first_mountie")
    rows = []
    for place, seat in enumerate(event["order"], start=1):
        extra = ""
        if place == 1 and mountie is not None:
            extra = (
                '<span class="nc-takes">takes '
                + mountie_badge(mountie["mountie"])
                + f" onto {esc(province_name(mountie['province']))}</span>"
            )
        rows.append(
            f'<li data-seat="{esc(seat)}"><span class="nc-place">{place}.</span>'
            f'<span class="nc-rname">{esc(s.subject(seat))}</span>'
            + mini_smuggler(picks[seat])
            + extra
            + "</li>"
        )
    note = ""
    if tied:
        note = (
            f'<p class="nc-note">Equal ranks: the gemstone holder ({esc(s.name(event["gem"]))})'
            " first, then clockwise.</p>"
        )
    body = (
        '<span class="nc-rtitle">Highest rank goes first</span>'
        f'<ol class="nc-order" data-testid="order">{"".join(rows)}</ol>' + note
    )
    return result_banner(body, testid="reveal", cls="nc-reveal")


# -- end of a round -----------------------------------------------------------------------------


def round_summary(s: Session, event: Event) -> str:
    """Bonuses per province and penalties per player, with the gold after them."""
    by_prov = {b["province"]: b for b in event["bonuses"]}
    prov_rows = []
    for code in ("AB", "SK", "ON", "QC"):
        b = by_prov.get(code)
        if b is None:
            result = '<td colspan="2" class="nc-muted">no single best cantina: no bonus</td>'
        else:
            retired = join_words([smuggler_name(k) for k in b["retired"]])
            result = (
                f'<td data-seat="{esc(b["seat"])}"><b>{esc(s.subject(b["seat"]))}</b>'
                f" <small>keepers {esc(b['total'])}: {esc(retired)} retire</small></td>"
                f'<td class="nc-plus" data-bonus="{esc(b["bonus"])}">+{esc(b["bonus"])}</td>'
            )
        prov_rows.append(
            f'<tr data-province="{esc(code)}"><th scope="row">{flag(code)}</th>{result}</tr>'
        )
    seat_rows = []
    for p in event["penalties"]:
        seat = p["seat"]
        bonus = sum(b["bonus"] for b in event["bonuses"] if b["seat"] == seat)
        held = len(p["mounties"])
        seat_rows.append(
            f'<tr data-seat="{esc(seat)}"><th scope="row">{esc(s.name(seat))}</th>'
            f'<td data-col="bonus">{"+" + str(bonus) if bonus else "—"}</td>'
            f'<td data-col="penalty" title="{esc(plural(held, "Mountie"))}">'
            f"{esc('−' + str(p['penalty']) if p['penalty'] else '—')}</td>"
            f'<td data-col="gold" data-gold="{esc(event["gold"][seat])}">'
            f"{esc(event['gold'][seat])}</td></tr>"
        )
    return (
        '<table class="nc-sum" data-testid="round-bonuses">'
        "<caption>Best cantinas (bonus, and their keepers retire)</caption>"
        "<tbody>" + "".join(prov_rows) + "</tbody></table>"
        '<table class="nc-sum" data-testid="round-scores">'
        "<caption>Bonuses, Mountie penalties, and gold after the round</caption>"
        '<thead><tr><th scope="col">Player</th><th scope="col">Bonus</th>'
        '<th scope="col">Mounties</th><th scope="col">Gold</th></tr></thead>'
        "<tbody>" + "".join(seat_rows) + "</tbody></table>"
    )


def round_end_screen(s: Session, event: Event, view: dict[str, Any], title: str) -> str:
    n = event["round"]
    return (
        '<section class="pc-round-end nc-screen" data-testid="round-end"'
        ' aria-labelledby="round-title">'
        + bar(title, f"Round {n} of {view['rounds']}")
        + '<div class="over-body">'
        + f'<h2 id="round-title">Round {esc(n)} is over</h2>'
        + round_summary(s, event)
        + '<p class="sheet-note">Mounties stay on their cantinas: they cost their penalty'
        " again at the end of every round, until they arrest someone.</p>"
        "</div>"
        '<div class="actions">'
        '<button type="button" class="btn primary wide" data-action="next-round"'
        ' data-key="next-round" data-testid="next-round" autofocus>'
        f"Start round {n + 1}</button></div></section>"
    )


# -- game over ----------------------------------------------------------------------------------


def game_over(s: Session, view: dict[str, Any], title: str) -> str:
    scores, winners = view["scores"], view["winners"]
    order = sorted(range(view["players"]), key=lambda p: (p not in winners, -scores[p], p))
    rows = []
    for place, seat in enumerate(order, start=1):
        info = view["seats"][seat]
        you = " <small>(you)</small>" if seat == s.you else ""
        rows.append(
            "<li"
            + attrs(data_seat=seat, class_="winner" if seat in winners else None)
            + ">"
            + f'<span class="rank">{icon("trophy") if seat in winners else place}</span>'
            + f'<span class="who">{esc(s.name(seat))}{you}'
            + (GEM if info["gem"] else "")
            + "</span>"
            + f'<span class="total" data-score="{esc(scores[seat])}">'
            + f"{gold(scores[seat])}</span></li>"
        )
    last = view.get("last_round")
    return (
        '<section class="pc-over nc-screen" data-testid="game-over" aria-labelledby="over-title">'
        + bar(title, "Game over")
        + '<div class="over-body">'
        + f'<div class="nc-trophy" aria-hidden="true">{icon("trophy")}</div>'
        + f'<h2 id="over-title" data-testid="winner">{esc(winners_sentence(s, winners))}</h2>'
        + f'<p class="sheet-note">{esc(tie_note(s, view))}</p>'
        + f'<ol class="gx-standings nc-standings" data-testid="final-scores">{"".join(rows)}</ol>'
        + (
            f"<h3>Round {esc(last['round'])}: bonuses and penalties</h3>" + round_summary(s, last)
            if last
            else ""
        )
        + "</div>"
        + over_actions()
        + "</section>"
    )
