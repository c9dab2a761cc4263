"""The public part of the table, read at the top of the screen: the four provinces in a row
with their demands, prices and filled spots; the Mountie decks and the face-up Mountie; every
player's gold, cubes, the gemstone and their cantinas (keepers and Mounties) in the same four
columns as the provinces above them. Pure: view dict -> HTML string.
"""

from __future__ import annotations

from typing import Any

from ...html import attrs, esc, join_words, move_button, plural
from ...session import Session
from .art import icon
from .pieces import cubes, gold, keeper_chip, mini_smuggler, mountie_badge, short_food
from .text import food_name, province_name

MAX_CHIPS = 3  # keepers drawn one by one on a cantina; more show as "+n"
SHORT_NAMES = {"SK": "Sask."}  # where a column is too narrow for "Saskatchewan"


def provinces(view: dict[str, Any], taps: dict[str, tuple[str, bool]]) -> str:
    """The province cards. ``taps`` maps a province code to (move, legal) when tapping the
    province is a choice now (a destination, where a Mountie wanders)."""
    active_dest = view.get("destination")
    cols = [_province(p, taps.get(p["id"]), p["id"] == active_dest) for p in view["provinces"]]
    return (
        '<ol class="nc-provinces" aria-label="Provinces, west to east" data-testid="provinces">'
        + "".join(f"<li>{c}</li>" for c in cols)
        + "</ol>"
    )


def _province(p: dict[str, Any], tap: tuple[str, bool] | None, here: bool) -> str:
    spots = []
    for spot in p["spots"]:
        filled = spot["filled"]
        spots.append(
            "<li"
            + attrs(
                class_="nc-spot" + (" filled" if filled else ""),
                data_food=spot["food"],
                data_price=spot["price"],
                data_filled="true" if filled else "false",
            )
            + ">"
            + icon(f"food-{spot['food']}", f"nc-f-{spot['food']}")
            + f'<span class="nc-spot-food">{esc(short_food(spot["food"]))}</span>'
            + f'<b class="nc-price">{esc(spot["price"])}</b>'
            + "</li>"
        )
    wanted = [
        f"{food_name(s['food'])} {s['price']}" + (" (filled)" if s["filled"] else "")
        for s in p["spots"]
    ]
    label = f"{p['name']}, cantina bonus {p['bonus']}: wants " + ", ".join(wanted)
    classes = " ".join(
        ["nc-prov", f"nc-p-{p['id']}"]
        + (["here"] if here else [])
        + ([("legal" if tap[1] else "illegal")] if tap else [])
    )
    body = (
        '<span class="nc-prov-head" aria-hidden="true">'
        f'<span class="nc-prov-name">{esc(p["name"])}</span>'
        f'<span class="nc-prov-short">{esc(SHORT_NAMES.get(p["id"], p["name"]))}</span>'
        f'<span class="nc-bonus">+{esc(p["bonus"])}</span></span>'
        f'<ul class="nc-spots" aria-hidden="true">{"".join(spots)}</ul>'
    )
    if tap is None:
        return (
            "<div"
            + attrs(class_=classes, role="group", aria_label=label, data_province=p["id"])
            + f">{body}</div>"
        )
    move, legal = tap
    return move_button(
        move,
        body,
        legal=legal,
        key=f"prov-{p['id']}",
        class_=classes,
        data_province=p["id"],
        aria_label=label,
    )


def mounties(view: dict[str, Any]) -> str:
    """The face-up Mountie (who goes to the first player) and how many are left."""
    m = view["mounties"]
    face = m["face_up"]
    if face is not None:
        shown = '<span class="nc-ml">Mountie</span>' + mountie_badge(face, big=True)
    elif m["random"]:
        shown = '<span class="nc-facedown">' + icon("back") + "Mounties face down</span>"
    else:
        shown = '<span class="nc-facedown">' + icon("back") + "next Mountie after this turn</span>"
    decks = f" · {plural(len(m['decks']), 'deck')} to come" if m["decks"] else ""
    return (
        '<div class="nc-mounties" data-testid="mountie-deck">'
        f'<span class="nc-turnno">Turn {esc(view["turn"])}/{esc(view["turns_per_round"])}</span>'
        + shown
        + f'<span class="nc-left" data-left="{esc(m["deck"])}">'
        + f"{esc(m['deck'])} left{esc(decks)}</span>"
        "</div>"
    )


def _seat_label(s: Session, view: dict[str, Any], info: dict[str, Any]) -> str:
    seat = info["seat"]
    parts = [s.name(seat) + (" (you)" if seat == s.you else "")]
    if s.is_bot(seat):
        parts.append(s.seats[seat].label)
    parts.append(f"{info['gold']} gold")
    parts.append("warehouse: " + (join_words([food_name(c) for c in info["cubes"]]) or "empty"))
    if info["gem"]:
        parts.append("holds the gemstone")
    for c in info["cantinas"]:
        if c["keepers"] or c["mounties"]:
            who = [f"{k['name']} {k['rank']}" for k in c["keepers"]]
            cops = [f"Mountie −{m['penalty']}" for m in c["mounties"]]
            parts.append(f"{province_name(c['province'])} cantina: " + ", ".join(who + cops))
    return "; ".join(parts)


def players(s: Session, view: dict[str, Any], acting: int | None) -> str:
    """One row per player: name, gold, cubes, the gemstone, this turn's smuggler and order,
    then their four cantinas under the four provinces."""
    order = view["order"]
    rows = []
    for info in view["seats"]:
        seat = info["seat"]
        bot = s.is_bot(seat)
        marks = []
        if info["gem"]:
            marks.append(f'<span class="nc-gem" title="Gemstone">{icon("gem")}</span>')
        if bot:
            marks.append(
                f'<span class="nc-bot" title="{esc(s.seats[seat].label)}">{icon("bot")}</span>'
            )
        turn = ""
        if info["played"] is not None:
            place = order.index(seat) + 1 if seat in order else None
            turn = (
                (f'<span class="nc-place">{place}.</span>' if place else "")
                + mini_smuggler(info["played"])
                + (
                    '<span class="nc-done" title="Done"><span class="sr">done</span></span>'
                    if info["placed"]
                    else ""
                )
            )
        elif view["phase"] == "pick":
            turn = (
                '<span class="nc-picked">' + icon("back") + "picked</span>"
                if info["picked"]
                else '<span class="nc-picking">picking…</span>'
            )
        elif info["discarding"]:
            turn = f'<span class="nc-picking">discards {esc(info["discarding"])}</span>'
        cells = "".join(_cantina(c) for c in info["cantinas"])
        classes = " ".join(
            ["nc-player"]
            + (["acting"] if seat == acting or seat in view["to_act"] else [])
            + (["nc-mine"] if seat == view["seat"] else [])
        )
        rows.append(
            "<li"
            + attrs(class_=classes, data_seat=seat, data_testid=f"player-{seat}")
            + f'><span class="sr">{esc(_seat_label(s, view, info))}</span>'
            + '<div class="nc-player-head" aria-hidden="true">'
            + f'<span class="nc-pname">{esc(s.name(seat))}</span>'
            + "".join(marks)
            + gold(info["gold"])
            + f'<span class="nc-wh" data-cubes="{len(info["cubes"])}">'
            + cubes(info["cubes"], empty="—")
            + "</span>"
            + f'<span class="nc-turn">{turn}</span>'
            + "</div>"
            + f'<div class="nc-cantinas" aria-hidden="true">{cells}</div>'
            + "</li>"
        )
    return (
        '<ul class="nc-players" aria-label="Players and their cantinas" data-testid="players">'
        + "".join(rows)
        + "</ul>"
    )


def _cantina(c: dict[str, Any]) -> str:
    keepers = c["keepers"]
    chips = "".join(keeper_chip(k) for k in keepers[:MAX_CHIPS])
    if len(keepers) > MAX_CHIPS:
        chips += f'<span class="nc-more">+{len(keepers) - MAX_CHIPS}</span>'
    cops = "".join(mountie_badge(m) for m in c["mounties"])
    empty = not keepers and not c["mounties"]
    return (
        "<span"
        + attrs(
            class_=f"nc-cantina nc-p-{c['province']}" + (" empty" if empty else ""),
            data_province=c["province"],
            data_total=c["total"],
        )
        + ">"
        + chips
        + cops
        + "</span>"
    )
