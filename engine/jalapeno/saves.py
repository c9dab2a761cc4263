"""A saved Jalape-NO! game read back (``JalapenoGame.from_dict``): every field checked, so
that a damaged or hand-edited save is a ValueError naming the field, never a broken table.
The save itself is ``JalapenoState.to_dict``."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .. import fields
from ..protocol import UNDATED, Game, events_from_json
from .cards import COLOURS, DECK_BY_PLAYERS, Card, Trick, deck_for, parse_card, sort_key
from .state import JalapenoState


def load(game: Game, data: Mapping[str, Any]) -> JalapenoState:
    players, opts = game.check_setup(data["players"], data["options"], UNDATED)
    pub, private = data["public"], data["players_private"]
    n_colours, _ = DECK_BY_PLAYERS[players]
    colours = {c.key for c in COLOURS[:n_colours]}

    def cards(items: Sequence[str]) -> tuple[Card, ...]:
        if not isinstance(items, list):
            raise ValueError(f"expected a list of cards, got {items!r}")
        return tuple(parse_card(s) for s in items)

    def trick_of(items: Any) -> Trick:
        return tuple((fields.seat(s, players, "trick seat"), parse_card(c)) for s, c in items)

    hands = tuple(
        tuple(sorted(cards(p["hand"]), key=sort_key))
        for p in fields.per_seat(private, players, "hands")
    )
    jalapenos = tuple(cards(j) for j in fields.per_seat(pub["jalapenos"], players, "jalapenos"))
    piles = tuple(cards(p) for p in fields.per_seat(pub["piles"], players, "piles"))
    trick = trick_of(pub["trick"])
    turn = pub["turn"]
    leader = fields.seat(pub["leader"], players, "leader")
    rounds_done = tuple(
        tuple(
            fields.whole(x, "round penalties", 0, 10**6)
            for x in fields.per_seat(r, players, "round penalties")
        )
        for r in pub["round_penalties"]
    )
    if len(rounds_done) > opts["rounds"]:
        raise ValueError("more finished rounds than the game has")
    round_no = fields.whole(pub["round"], "round", 1, opts["rounds"])
    if turn is None and len(rounds_done) != opts["rounds"]:
        raise ValueError("no one is to act (turn null) but rounds are left to play")
    if turn is not None and len(rounds_done) != round_no - 1:
        raise ValueError(f"round {round_no} must come after {round_no - 1} scored rounds")
    if any(not c.is_jalapeno for j in jalapenos for c in j):
        raise ValueError("only Jalapeños lie face up")
    if any(c.is_jalapeno for h in hands for c in h):
        raise ValueError("a Jalapeño in a hand: dealt Jalapeños go face up at once")
    if any(c.is_jalapeno for p in piles for c in p):
        raise ValueError("a Jalapeño in a pile: won Jalapeños go face up")
    voids = tuple(frozenset(v) for v in fields.per_seat(pub["voids"], players, "voids"))
    if any(not isinstance(v, str) or v not in colours for vs in voids for v in vs):
        raise ValueError(f"a void must be one of the colours {sorted(colours)}")
    if turn is not None:
        turn = fields.seat(turn, players, "turn")
        if len(trick) >= players or [s for s, _ in trick] != [
            (leader + i) % players for i in range(len(trick))
        ]:
            raise ValueError("the trick must be played clockwise from the leader, one card each")
        if turn != (leader + len(trick)) % players:
            raise ValueError("turn must be the next seat clockwise in the trick")
        everything = [
            *(c for h in hands for c in h),
            *(c for j in jalapenos for c in j),
            *(c for p in piles for c in p),
            *(c for _, c in trick),
        ]
        if sorted(everything, key=sort_key) != deck_for(players):
            raise ValueError("the cards in play are not exactly one deck for this player count")
    last = pub["last_trick"]
    last_round = pub["last_round"]
    if last_round is not None:
        if not rounds_done:
            raise ValueError("last_round given but no round has been scored")
        last_round = (
            tuple(
                cards(j)
                for j in fields.per_seat(last_round["jalapenos"], players, "last_round.jalapenos")
            ),
            tuple(
                cards(p) for p in fields.per_seat(last_round["piles"], players, "last_round.piles")
            ),
            (
                fields.seat(last_round["last_trick"]["winner"], players, "last_round winner"),
                trick_of(last_round["last_trick"]["cards"]),
            ),
        )
        if any(not c.is_jalapeno for j in last_round[0] for c in j):
            raise ValueError("last_round: only Jalapeños lie face up")
    rng_text = data["secret"]["rng"]
    if not isinstance(rng_text, str) or not re.fullmatch(r"[0-9a-f]{1,16}", rng_text):
        raise ValueError("secret.rng must be the generator state as 1 to 16 hex digits")
    return JalapenoState(
        players=players,
        options=opts,
        rng=int(rng_text, 16),
        round_no=round_no,
        round_starter=fields.seat(pub["round_starter"], players, "round_starter"),
        leader=leader,
        turn=turn,
        hands=hands,
        jalapenos=jalapenos,
        piles=piles,
        trick=trick,
        voids=voids,
        round_penalties=rounds_done,
        last_trick=None
        if last is None
        else (fields.seat(last["winner"], players, "winner"), trick_of(last["cards"])),
        last_round=last_round,
        events=events_from_json(data.get("events"), players),
    )
