"""The words of The Nacho Incident's table: one line per engine event ("Filip goes first and
takes the Mountie"), the status line for whoever acts, the hand-off between two humans.

Everything here reads the engine's events and views (and the session's names); nothing decides
a rule. Names of provinces, foods and smugglers come from the engine's component data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.nacho.components import FOOD_INDEX, FOODS, PROVINCE_INDEX, PROVINCES, SMUGGLER_INDEX
from engine.nacho.components import SMUGGLERS as SMUGGLER_CARDS

from ...html import join_words, plural
from ...session import Session

Event = Mapping[str, Any]


def province_name(code: str | None) -> str:
    return PROVINCES[PROVINCE_INDEX[code]].name if code in PROVINCE_INDEX else str(code or "")


def food_name(code: str | None) -> str:
    """ "sour cream" for ``cream``: the food in words, as the rulebook names it."""
    return FOODS[FOOD_INDEX[code]].name if code in FOOD_INDEX else str(code or "")


def smuggler_name(code: str) -> str:
    return SMUGGLER_CARDS[SMUGGLER_INDEX[code]].name if code in SMUGGLER_INDEX else code


def smuggler_phrase(smuggler: Mapping[str, Any]) -> str:
    """ "Jen (5, Saskatchewan)": the name, the rank that sets the order, the flag."""
    return f"{smuggler['name']} ({smuggler['rank']}, {province_name(smuggler['flag'])})"


def mountie_phrase(mountie: Mapping[str, Any]) -> str:
    return f"{mountie['name']} (−{mountie['penalty']})"


def whose(s: Session, seat: int, capital: bool = False) -> str:
    """ "your" for the solo human, else "Ana's"."""
    if seat == s.you:
        return "Your" if capital else "your"
    return f"{s.name(seat)}'s"


def whom(s: Session, seat: int) -> str:
    return "you" if seat == s.you else s.name(seat)


def foods_words(codes: Sequence[str]) -> str:
    return join_words([food_name(c) for c in codes]) or "nothing"


def narrate(s: Session, event: Event) -> str:
    """One line for one event; "" for an event nobody needs to read."""
    kind, seat = event["kind"], event.get("seat")
    if seat is None:
        return _table_event(s, event)
    who = s.subject(seat)

    def verb(base: str, third: str | None = None) -> str:
        return s.verb(seat, base, third)

    if event.get("secret"):
        if kind == "pick":
            return f"{who} {verb('have', 'has')} picked a smuggler"
        if kind == "discard":
            return f"{who} {verb('discard')} a smuggler"
        if kind == "draw":
            return f"{who} {verb('draw')} {plural(event.get('count', 0), 'smuggler')}"
        return f"{who} {verb('have', 'has')} chosen"
    if kind == "pick":
        return f"{who} picked {event['name']}"
    if kind == "mountie":
        where = province_name(event["province"])
        return (
            f"{who} {verb('go', 'goes')} first and {verb('take')} the Mountie"
            f" {mountie_phrase(event['mountie'])} onto {whose(s, seat)} {where} cantina"
        )
    if kind == "go":
        where = province_name(event["province"])
        return f"{who} {verb('send')} {event['name']} ({event['rank']}) to {where}"
    if kind == "deliver":
        return _delivery(s, seat, event)
    if kind == "fee":
        name = smuggler_name(event["smuggler"])
        if not event["fee"]:
            return f"{name} works for free"
        return f"{who} {verb('pay')} {name} {event['fee']} gold (now {event['gold']})"
    if kind == "keeper":
        return (
            f"{event['name']} ({event['rank']}) now keeps {whose(s, seat)}"
            f" {province_name(event['province'])} cantina"
        )
    if kind == "arrest":
        return _arrest(s, seat, event)
    if kind == "wander":
        return (
            f"{whose(s, seat, capital=True)} Mountie {event['mountie']['name']} wanders from"
            f" {province_name(event['from'])} to {province_name(event['to'])}"
        )
    if kind == "gemstone":
        if event["to"] == seat:
            return f"{who} {verb('keep')} the gemstone"
        return f"{who} {verb('pass', 'passes')} the gemstone to {whom(s, event['to'])}"
    if kind == "discard":
        return f"{who} {verb('discard')} {event['name']}"
    if kind == "ready":
        n = event["discarded"]
        if not n:
            return f"{who} {verb('keep')} every smuggler"
        return f"{who} {verb('discard')} {plural(n, 'smuggler')}"
    if kind == "draw":
        names = [smuggler_name(c) for c in event["smugglers"]]
        return f"{who} {verb('draw')} {join_words(names)}"
    if kind == "sell":
        return f"{who} {verb('sell')} {food_name(event['food'])} for 1 gold"
    if kind == "stock":
        if not event["drew"]:
            return ""
        return f"{who} {verb('draw')} {foods_words(event['drew'])} from the bag"
    return ""


def _table_event(s: Session, event: Event) -> str:
    kind = event["kind"]
    if kind == "reveal":
        return reveal_sentence(s, event)
    if kind == "round":
        return f"Round {event['round']} is over"
    if kind == "reshuffle":
        return f"The discarded smugglers are shuffled into a new draw pile ({event['cards']})"
    if kind == "province":
        return (
            f"{province_name(event['province'])}'s card is full: its cubes go back to the bag"
            " and a new card turns up"
        )
    if kind == "turn":
        head = f"Round {event['round']}, turn {event['turn']}"
        mountie = event.get("mountie")
        if mountie is None:
            return f"{head}: the next Mountie is face down"
        return (
            f"{head}: the next Mountie is {mountie['name']}"
            f" ({province_name(mountie['flag'])}, −{mountie['penalty']})"
        )
    if kind == "game-over":
        return winners_sentence(s, event["winners"])
    return ""


def _delivery(s: Session, seat: int, event: Event) -> str:
    who = s.subject(seat)
    where = province_name(event["province"])
    if event["food"] is None:
        return f"{who} {s.verb(seat, 'deliver')} nothing in {where}"
    food = food_name(event["food"])
    victim = event.get("from")
    if victim is None:
        return f"{who} {s.verb(seat, 'deliver')} {food} to {where} for {event['price']} gold"
    return (
        f"{who} {s.verb(seat, 'take')} {whose(s, victim)} {food}, {s.verb(seat, 'give')}"
        f" {whom(s, victim)} {foods_words(event['gave'])} and {s.verb(seat, 'deliver')} it to"
        f" {where} for {event['price']} gold"
    )


def _arrest(s: Session, seat: int, event: Event) -> str:
    mountie, keeper = event["mountie"]["name"], event["smuggler"]
    prisoner = f"{whose(s, seat)} {keeper['name']} ({keeper['rank']})"
    if event["bored"]:
        return (
            f"{mountie} gets bored in {province_name(event['cantina'])} and arrests {prisoner}"
            f" in {province_name(event['province'])}"
        )
    return f"{mountie} arrests {prisoner} in {province_name(event['province'])}"


def reveal_sentence(s: Session, event: Event) -> str:
    """ "Picks revealed — Bart goes first with Zorro (9)"."""
    first = event["order"][0]
    pick = next(p for p in event["picks"] if p["seat"] == first)
    return (
        f"Picks revealed — {s.subject(first)} {s.verb(first, 'go', 'goes')} first with"
        f" {pick['name']} ({pick['rank']})"
    )


def winners_sentence(s: Session, winners: Sequence[int]) -> str:
    if not winners:
        return "Game over"
    seat = winners[0]
    return f"{s.subject(seat)} {s.verb(seat, 'win')}!"


def over_status(s: Session, view: dict[str, Any]) -> str:
    winners = view["winners"]
    if not winners:
        return "Game over"
    seat = winners[0]
    return f"{s.subject(seat)} {s.verb(seat, 'win')} with {view['scores'][seat]} gold"


def tie_note(s: Session, view: dict[str, Any]) -> str:
    """Why the winner won a tie for the most gold (the gemstone, then counter-clockwise)."""
    scores, winners = view["scores"], view["winners"]
    if not winners:
        return ""
    tied = [p for p, g in enumerate(scores) if g == scores[winners[0]]]
    if len(tied) < 2:
        return "Most gold wins."
    gem = view["gemstone"]
    names = join_words([s.name(p) for p in tied])
    if winners[0] == gem:
        return f"{names} tie on gold: the gemstone holder wins the tie."
    return (
        f"{names} tie on gold: the tie goes to the gemstone holder ({s.name(gem)}), then to"
        " the nearest player counter-clockwise from them."
    )


# -- the status line ------------------------------------------------------------------------

PROMPTS = {
    "pick": "pick a smuggler (in secret)",
    "destination": "where does {smuggler} go?",
    "deliver": "deliver a cube in {destination}?",
    "arrest": "two Mounties in {cantina} — which one acts?",
    "bored": "whom does the bored Mountie arrest?",
    "wander": "no keepers — where does the Mountie go?",
    "gem": "tied for lowest — who gets the gemstone?",
    "discard": "discard any smugglers, then Done",
    "rechoose": "discard any smugglers, then Done",
    "sell": "sell leftover cubes (1 gold each), then Done",
}


def prompt(view: dict[str, Any], seat: int) -> str:
    """What the seat on screen is asked to choose now, in words."""
    phase = view["phase"]
    played = view["seats"][seat]["played"]
    return PROMPTS.get(phase, "your move").format(
        smuggler=f"{played['name']} ({played['rank']})" if played else "your smuggler",
        destination=province_name(view.get("destination")),
        cantina=province_name(view.get("cantina")),
    )


def turn_status(s: Session, view: dict[str, Any], seat: int, interactive: bool) -> str:
    if s.is_bot(seat):
        return f"{s.name(seat)} is thinking…"
    if not interactive:
        return f"Waiting for {s.name(seat)}"
    you = "Your turn" if s.you == seat else s.name(seat)
    return f"{you}: {prompt(view, seat)}"


def handoff_sentence(
    s: Session, seat: int, public: Sequence[Event], next_seat: int | None
) -> str | None:
    """Pass-and-play: the first public line of what ``seat`` did ("Ana has picked a smuggler")
    and whom to pass the device to. Public events only: a secret is never named."""
    line = next((narrate(s, e) for e in public if e.get("seat") == seat and narrate(s, e)), None)
    if line is None:
        return None
    if next_seat is not None and not s.is_bot(next_seat) and next_seat != seat:
        line += f" — pass to {s.name(next_seat)}"
    return line
