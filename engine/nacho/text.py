"""The Nacho Incident in words for a terminal (``python -m engine play nacho``): the table as
one seat sees it, and each event as a line. Reads views and events only, as a UI does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

PROVINCE_NAMES = {"AB": "Alberta", "SK": "Saskatchewan", "ON": "Ontario", "QC": "Quebec"}


def _smuggler(s: Mapping[str, Any]) -> str:
    return f"{s['name']} ({s['id']}, {s['flag']} rank {s['rank']} fee {s['fee']})"


def _keepers(cantina: Mapping[str, Any]) -> str:
    keepers = " ".join(f"{k['name']}:{k['rank']}" for k in cantina["keepers"])
    mounties = " ".join(f"M-{m['penalty']}" for m in cantina["mounties"])
    return " ".join(x for x in (keepers, mounties) if x) or "."


def table_text(view: Mapping[str, Any], names: Sequence[str]) -> str:
    me = view["seat"]
    lines = [
        f"-- Round {view['round']} of {view['rounds']}, turn {view['turn']}"
        f" of {view['turns_per_round']} ({view['phase']}) --"
    ]
    for prov in view["provinces"]:
        spots = "  ".join(
            f"{'[x]' if s['filled'] else '[ ]'} {s['food']} {s['price']}" for s in prov["spots"]
        )
        lines.append(f"  {prov['name']:<13} +{prov['bonus']}  {spots}")
    mounties = view["mounties"]
    face = mounties["face_up"]
    lines.append(
        "  Mountie: "
        + (f"{face['name']} ({face['flag']}, -{face['penalty']})" if face else "face down")
        + f"; {mounties['deck']} left in this deck"
    )
    header = "".join(f"{code:>14}" for code in PROVINCE_NAMES)
    lines.append(f"  {'':<12}{'gold':>5} {'cubes':<22}{header}")
    for seat in view["seats"]:
        s = seat["seat"]
        gem = " *" if seat["gem"] else ""
        cubes = " ".join(seat["cubes"]) or "-"
        cantinas = "".join(f"{_keepers(c):>14}" for c in seat["cantinas"])
        lines.append(f"  {names[s] + gem:<12}{seat['gold']:>5} {cubes:<22}{cantinas}")
    if view["order"]:
        order = ", ".join(
            f"{names[s]} ({view['seats'][s]['played']['name']})" for s in view["order"]
        )
        lines.append(f"  Order: {order}")
    if view.get("destination"):
        lines.append(f"  Destination: {PROVINCE_NAMES[view['destination']]}")
    if me is not None:
        lines.append("Your hand: " + (", ".join(_smuggler(s) for s in view["hand"]) or "-"))
        if view["discarding"]:
            lines.append("Discarding: " + ", ".join(s["name"] for s in view["discarding"]))
        choice = view.get("choice")
        if choice:
            lines.append(
                f"Choose ({choice['kind']}): " + "  ".join(_option(o) for o in choice["options"])
            )
    return "\n".join(lines)


def _option(option: Mapping[str, Any]) -> str:
    action = option["action"]
    if "smuggler" in option:
        s = option["smuggler"]
        return f"{action}={s['name']}/{s['rank']}/{s['fee']}g->{','.join(s['reach'])}"
    if "price" in option:
        return f"{action}(+{option['price']})"
    return action


def event_text(event: Mapping[str, Any], names: Sequence[str], you: int | None) -> str | None:
    """One line for an event, or None for one a terminal player need not read."""
    kind, seat = event["kind"], event["seat"]
    who = names[seat] if seat is not None else ""

    def verb(word: str) -> str:  # "You deliver", "Filip delivers"
        return word if seat == you else word + ("es" if word.endswith(("s", "sh", "o")) else "s")

    if event.get("secret"):
        if kind == "pick":
            return f"{who} {verb('pick')} a smuggler"
        if kind == "draw":
            return f"{who} {verb('draw')} {event.get('count', 0)} smuggler(s)"
        return None
    if kind == "reveal":
        picks = ", ".join(f"{names[p['seat']]} {p['name']} ({p['rank']})" for p in event["picks"])
        return f"Revealed: {picks}. Order: {', '.join(names[s] for s in event['order'])}"
    if kind == "mountie":
        m = event["mountie"]
        where = PROVINCE_NAMES[event["province"]]
        mountie = f"{m['name']} (-{m['penalty']})"
        return f"{who} {verb('go')} first and {verb('take')} the Mountie {mountie} to {where}"
    if kind == "go":
        return f"{who} {verb('send')} {event['name']} to {PROVINCE_NAMES[event['province']]}"
    if kind == "deliver":
        if event["food"] is None:
            return f"  {who} {verb('deliver')} nothing"
        stolen = "" if event["from"] is None else f" taken from {names[event['from']]}"
        gave = (
            f" ({verb('give')} {' '.join(event['gave']) or 'nothing'})"
            if event["from"] is not None
            else ""
        )
        return f"  {who} {verb('deliver')} {event['food']}{stolen} for {event['price']}{gave}"
    if kind == "fee":
        return f"  {who} {verb('pay')} {event['fee']} (gold {event['gold']})"
    if kind == "arrest":
        s, m = event["smuggler"], event["mountie"]
        bored = " gets bored and" if event["bored"] else ""
        whose = "your" if seat == you else f"{who}'s"
        return f"  {m['name']}{bored} arrests {whose} {s['name']} (rank {s['rank']})"
    if kind == "wander":
        whose = "Your" if seat == you else f"{who}'s"
        return f"  {whose} Mountie wanders from {event['from']} to {event['to']}"
    if kind == "round":
        out = [f"End of round {event['round']}:"]
        for b in event["bonuses"]:
            out.append(
                f"  {names[b['seat']]} has the best cantina in {b['province']}: +{b['bonus']}"
            )
        for p in event["penalties"]:
            if p["penalty"]:
                out.append(f"  {names[p['seat']]} pays {p['penalty']} for Mounties")
        return "\n".join(out)
    if kind == "gemstone":
        return (
            None
            if event["to"] == seat
            else f"{who} {verb('pass')} the gemstone to {names[event['to']]}"
        )
    if kind == "discard":
        return f"  You discard {event['name']}"
    if kind == "draw":
        return f"  You draw {' '.join(event['smugglers'])}" if seat == you else None
    if kind == "sell":
        return f"  {who} {verb('sell')} {event['food']}"
    if kind == "province":
        return f"{PROVINCE_NAMES[event['province']]} is full: {event['new']} turns up"
    if kind == "turn":
        m = event.get("mountie")
        face = f"; face-up Mountie {m['name']} ({m['flag']}, -{m['penalty']})" if m else ""
        return f"-- Round {event['round']}, turn {event['turn']}{face}"
    if kind == "game-over":
        return "Final gold: " + ", ".join(f"{names[s]} {g}" for s, g in enumerate(event["scores"]))
    return None
