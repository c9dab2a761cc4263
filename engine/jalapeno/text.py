"""Jalape-NO! in words for a terminal (``python -m engine play jalapeno``): the table as one
seat sees it, and each event as a line. Reads views and events only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def table_text(view: Mapping[str, Any], names: Sequence[str]) -> str:
    me = view["seat"]
    lines = [f"-- Round {view['round']} of {view['rounds']} --"]
    for s, info in enumerate(view["seats"]):
        jal = " ".join(info["jalapenos"]) or "-"
        void = ",".join(info["void"]) or "-"
        # Other seats' piles are face down unless the table plays with open piles.
        now = "?" if info["penalty_so_far"] is None else info["penalty_so_far"]
        lines.append(
            f"  {names[s]:<16} hand {info['hand_size']:>2}  jalapenos {jal:<12}"
            f" pile {info['pile_size']:>2} (now -{now})  void {void:<8}"
            f" total {info['total']}"
        )
    trick = "  ".join(f"{names[t['seat']]}: {t['card']}" for t in view["trick"])
    lines.append(f"Trick: {trick or '(you lead)' if view['to_act'] == [me] else trick or '-'}")
    lines.append("Your hand: " + (" ".join(view["hand"]) or "-"))
    return "\n".join(lines)


def event_text(event: Mapping[str, Any], names: Sequence[str], you: int | None) -> str | None:
    """One line for an event, or None for one a terminal player need not read."""
    kind, seat = event["kind"], event["seat"]
    if kind == "play":
        return None if seat == you else f"{names[seat]} plays {event['card']}"
    if kind == "trick":
        takes = "take" if seat == you else "takes"
        cards = " ".join(card for _, card in event["cards"])
        return f"  -> {names[seat]} {takes} the trick: {cards}"
    if kind == "round":
        pen = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event["penalties"]))
        totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(event["totals"]))
        return f"Round over. Penalties: {pen}\nTotals: {totals}"
    return None
