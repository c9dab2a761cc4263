"""A hinted move in The Nacho Incident's words: what it is ("send your smuggler to Ontario") and
one sentence saying what it does ("Ontario pays 6 gold for your salsa"). Read only from the
view's ``choice`` (the engine's description of each legal action); nothing is recomputed.
Pure: view dict -> str.
"""

from __future__ import annotations

from typing import Any

from ...session import Session
from .text import food_name, foods_words, province_name


def _option(view: dict[str, Any], move: str) -> dict[str, Any]:
    choice = view.get("choice") or {}
    for option in choice.get("options", ()):
        if option["action"] == move:
            return option
    return {"action": move}


def _kind(view: dict[str, Any]) -> str:
    return (view.get("choice") or {}).get("kind", view["phase"])


def move_text(s: Session, view: dict[str, Any], move: str) -> str:
    """The move as a hint names it: "pick Jen", "go to Ontario", "deliver salsa"."""
    o, kind = _option(view, move), _kind(view)
    if "deliverable" in o:
        return f"send your smuggler to {province_name(o['province'])}"
    if kind == "deliver":
        if o.get("food") is None:
            return "deliver nothing"
        if o.get("from") is None:
            return f"deliver your {food_name(o['food'])}"
        return f"take {s.name(o['from'])}'s {food_name(o['food'])}"
    if "mountie" in o:
        return f"let {o['mountie']['name']} arrest"
    if kind == "bored":
        return f"let the Mountie arrest {o['smuggler']['name']}"
    if kind == "wander":
        return f"send the Mountie to {province_name(o['province'])}"
    if kind == "gem":
        return (
            "keep the gemstone" if o["seat"] == view["seat"] else f"give it to {s.name(o['seat'])}"
        )
    if kind == "sell":
        return f"sell your {food_name(o['food'])}" if "food" in o else "keep your cubes (Done)"
    if "smuggler" in o and move.startswith("discard:"):
        return f"discard {o['smuggler']['name']}"
    if "smuggler" in o:
        return f"pick {o['smuggler']['name']}"
    if move == "done":
        return "keep your hand (Done)"
    return move


def reason(s: Session, view: dict[str, Any], move: str) -> str:
    """One sentence: what the move does for you, in the game's terms."""
    o, kind = _option(view, move), _kind(view)
    if "deliverable" in o:
        where = province_name(o["province"])
        if not o["deliverable"]:
            return f"Nothing of yours sells there, but he opens your cantina in {where}."
        best = max(o["deliverable"], key=lambda d: d["price"])
        return f"{where} pays {best['price']} gold for your {food_name(best['food'])}."
    if kind == "deliver":
        if o.get("food") is None:
            return "No cube pays enough here: keep yours for a better province."
        food, price = food_name(o["food"]), o["price"]
        if o.get("from") is None:
            return f"It earns {price} gold for your {food}."
        gives = foods_words(o.get("give", []))
        return (
            f"It earns {price} gold for {food} you did not have; {s.name(o['from'])} gets {gives}."
        )
    if "mountie" in o:
        m = o["mountie"]
        return f"He leaves the game after the arrest, so his penalty of {m['penalty']} goes too."
    if kind == "bored":
        k = o["smuggler"]
        return f"{k['name']} (rank {k['rank']}) is the keeper you miss least."
    if kind == "wander":
        return f"In {province_name(o['province'])} the Mountie harms your cantinas least."
    if kind == "gem":
        if o["seat"] == view["seat"]:
            return "The gemstone's holder wins ties, and goes first on equal ranks."
        return f"{s.name(o['seat'])} has the lowest score."
    if kind == "sell":
        if "food" in o:
            return f"A cube left over is worth {o.get('gold', 1)} gold now."
        return "Your cubes may sell for more in a province next turn."
    if "smuggler" in o and move.startswith("discard:"):
        k = o["smuggler"]
        return (
            f"{k['name']} (rank {k['rank']}, fee {k['fee']}) is weak: a new card is likely better."
        )
    if "smuggler" in o:
        k = o["smuggler"]
        reach = ", ".join(province_name(p) for p in k["reach"])
        if k["rank"] >= 7:
            return f"Rank {k['rank']} goes early: you choose your cube first, in {reach}."
        return (
            f"A low rank costs only {k['fee']} gold and keeps the Mountie away; he reaches {reach}."
        )
    if move == "done":
        return "Your hand is good enough to keep."
    return "It is what the strongest bot would play here."
