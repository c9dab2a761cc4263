"""The Jalape-NO! game state: an immutable snapshot, and the step from one to the next.

A state is never changed once made. A step copies the state's references (a few dozen
nanoseconds each) and replaces only the parts the card played changes: one hand or one seat's
Jalapeños, the trick, maybe a void; at the end of a trick the winner's Jalapeños and pile; at
the end of a round everything the deal makes. Everything else is shared with the state before,
which is safe because every part is immutable (tuples of cards, frozensets, a read-only
mapping of options). ``apply`` records events; ``advance``, the tree search's step, does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..protocol import Event, Game, IllegalAction, State, events_to_json
from ..rng import Rng
from . import views
from .actions import PLAYS, Play
from .cards import (
    DECK_BY_PLAYERS,
    HAND_SIZE,
    Card,
    Hand,
    LastRound,
    Trick,
    deck_for,
    parse_card,
    sort_key,
)
from .rules import legal_cards, next_round_starter, split_jalapenos, trick_winner, why_illegal
from .scoring import round_penalty

_DECKS = {n: tuple(deck_for(n)) for n in DECK_BY_PLAYERS}


class JalapenoState(State):
    """Fields are tuples (and a read-only mapping) so that states share structure and cannot
    be changed by accident."""

    __slots__ = (
        "players",
        "options",
        "rng",
        "round_no",
        "round_starter",
        "leader",
        "turn",
        "hands",
        "jalapenos",
        "piles",
        "trick",
        "voids",
        "round_penalties",
        "last_trick",
        "last_round",
        "events",
        "_legal",
    )

    def __init__(
        self,
        *,
        players: int,
        options: Mapping[str, Any],
        rng: int,
        round_no: int,
        round_starter: int,
        leader: int,
        turn: int | None,
        hands: tuple[Hand, ...],
        jalapenos: tuple[Hand, ...],
        piles: tuple[Hand, ...],
        trick: Trick,
        voids: tuple[frozenset[str], ...],
        round_penalties: tuple[tuple[int, ...], ...],
        last_trick: tuple[int, Trick] | None,
        last_round: LastRound | None = None,
        events: tuple[Event, ...] = (),
    ) -> None:
        self.players = players
        self.options = (
            options if type(options) is MappingProxyType else MappingProxyType(dict(options))
        )
        self.rng = rng
        self.round_no = round_no
        self.round_starter = round_starter
        self.leader = leader
        self.turn = turn  # None once the game is over
        self.hands = hands
        self.jalapenos = jalapenos
        self.piles = piles
        self.trick = trick
        self.voids = voids  # colours a seat is known to lack (failed to follow): public knowledge
        self.round_penalties = round_penalties  # one tuple per finished round
        self.last_trick = last_trick  # (winner, cards) of the most recent complete trick
        # (Jalapeños, piles, final trick) as the last round was scored: the next deal replaces
        # them, and players want to see what their penalty was made of.
        self.last_round = last_round
        self.events = events  # what the apply that made this state caused (see protocol.Event)
        self._legal: tuple[Play, ...] | None = None  # the player to act's, once asked for

    game: Game  # set by engine.jalapeno.game, once the game object exists

    def _copy(self) -> JalapenoState:
        """A new state sharing every part with this one (the step then replaces a few)."""
        new = object.__new__(JalapenoState)
        new.players = self.players
        new.options = self.options
        new.rng = self.rng
        new.round_no = self.round_no
        new.round_starter = self.round_starter
        new.leader = self.leader
        new.turn = self.turn
        new.hands = self.hands
        new.jalapenos = self.jalapenos
        new.piles = self.piles
        new.trick = self.trick
        new.voids = self.voids
        new.round_penalties = self.round_penalties
        new.last_trick = self.last_trick
        new.last_round = self.last_round
        new.events = ()
        new._legal = None
        return new

    def _replace(self, **changes: Any) -> JalapenoState:
        """A copy with some fields changed (for hand-built tables; play uses ``_copy``)."""
        fields = {name: getattr(self, name) for name in self.__slots__ if name != "_legal"}
        fields.update(changes)
        return JalapenoState(**fields)

    # -- protocol ------------------------------------------------------------------------

    @property
    def rounds(self) -> int:
        return self.options["rounds"]

    @property
    def lead_colour(self) -> str | None:
        return self.trick[0][1].colour if self.trick else None

    def current_players(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    def is_over(self) -> bool:
        return self.turn is None

    def legal_actions(self, player: int) -> list[Play]:
        if type(player) is not int or player != self.turn:
            return []
        legal = self._legal
        if legal is None:  # computed once per state: apply and the caller both ask
            lead = self.trick[0][1].colour if self.trick else None
            cards = legal_cards(self.hands[player], self.jalapenos[player], lead)
            legal = self._legal = tuple([PLAYS[c] for c in cards])
        return list(legal)

    def explain_illegal(self, player: int, action: Any) -> IllegalAction:
        if not (isinstance(action, Play) and _is_card(action.card)):
            return IllegalAction(
                f"Not a Jalape-NO! action: {action!r} (play a card, written like R7).", "malformed"
            )
        return why_illegal(
            action.card, self.hands[player], self.jalapenos[player], self.lead_colour
        )

    def _apply(self, player: int, action: Play) -> JalapenoState:  # type: ignore[override]
        return self._play(player, action.card, True)

    def advance(self, player: int, action: Play) -> JalapenoState:  # type: ignore[override]
        """The search's step: as ``apply`` without its checks, and without events."""
        return self._play(player, action.card, False)

    # -- the step ------------------------------------------------------------------------

    def _play(self, player: int, card: Card, record: bool) -> JalapenoState:
        new = self._copy()
        hand = self.hands[player]
        if card in hand:
            hands = list(self.hands)
            i = hand.index(card)
            hands[player] = hand[:i] + hand[i + 1 :]
            new.hands = tuple(hands)
        else:
            jalapenos = list(self.jalapenos)
            jalapenos[player] = tuple(c for c in jalapenos[player] if c != card)
            new.jalapenos = tuple(jalapenos)
        trick = self.trick
        lead = trick[0][1].colour if trick else None
        if lead is not None and card.colour != lead and lead not in self.voids[player]:
            voids = list(self.voids)
            voids[player] = voids[player] | {lead}
            new.voids = tuple(voids)
        new.trick = (*trick, (player, card))
        if record:
            new.events = (Event("play", player, {"card": str(card), "lead": lead is None}),)
        if len(new.trick) < self.players:
            new.turn = (player + 1) % self.players  # clockwise
            return new
        return new._finish_trick(record)

    def _finish_trick(self, record: bool) -> JalapenoState:
        """Called on the fresh state of the step that completed the trick: sets its fields."""
        trick = self.trick
        winner = trick_winner(trick)
        won_jal, won_rest = split_jalapenos(card for _, card in trick)
        if won_jal:
            jalapenos = list(self.jalapenos)
            jalapenos[winner] = tuple(sorted((*jalapenos[winner], *won_jal), key=sort_key))
            self.jalapenos = tuple(jalapenos)
        if won_rest:
            piles = list(self.piles)
            piles[winner] = (*piles[winner], *won_rest)
            self.piles = tuple(piles)
        if record:
            # "The player who played the highest card of the lead colour wins the trick": the
            # trick is public (every card was played face up), and so are the Jalapeños in it.
            took = Event(
                "trick",
                winner,
                {
                    "cards": [[seat, str(card)] for seat, card in trick],
                    "jalapenos": [str(c) for c in won_jal],
                },
            )
            self.events = (*self.events, took)
        self.trick = ()
        self.last_trick = (winner, trick)
        self.leader = self.turn = winner
        for hand in self.hands:
            if not hand:
                return self._finish_round(record)
        return self

    def _finish_round(self, record: bool) -> JalapenoState:
        # Cards left in hand go to their owner's pile, then everyone scores.
        piles = tuple((*pile, *hand) for pile, hand in zip(self.piles, self.hands, strict=True))
        penalties = tuple(round_penalty(j, p) for j, p in zip(self.jalapenos, piles, strict=True))
        done = (*self.round_penalties, penalties)
        if record:
            totals = [sum(r[seat] for r in done) for seat in range(self.players)]
            scored = Event(
                "round",
                None,
                {
                    "round": self.round_no,
                    "rounds": self.rounds,
                    "penalties": list(penalties),
                    "totals": totals,
                    "jalapenos": [[str(c) for c in j] for j in self.jalapenos],
                },
            )
            self.events = (*self.events, scored)
        self.last_round = (self.jalapenos, piles, self.last_trick)
        self.piles = piles
        self.hands = ((),) * self.players
        self.round_penalties = done
        if len(done) >= self.rounds:
            self.turn = None
            if record:
                final = Event(
                    "game-over", None, {"winners": self.winners(), "scores": self.scores()}
                )
                self.events = (*self.events, final)
            return self
        starter = next_round_starter(penalties, self.round_starter)
        self._deal(self.round_no + 1, starter)
        if record:
            self.events = (*self.events, Event("deal", starter, {"round": self.round_no}))
        return self

    def _deal(self, round_no: int, starter: int) -> None:
        """Shuffle and deal a round into this fresh state (new games and each round's end)."""
        rng = Rng(self.rng)
        deck = rng.shuffled(_DECKS[self.players])
        hands, jalapenos = [], []
        for seat in range(self.players):
            jal, rest = split_jalapenos(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])
            hands.append(tuple(sorted(rest, key=sort_key)))
            jalapenos.append(tuple(sorted(jal, key=sort_key)))
        self.rng = rng.state
        self.round_no = round_no
        self.round_starter = self.leader = self.turn = starter
        self.hands = tuple(hands)
        self.jalapenos = tuple(jalapenos)
        self.piles = ((),) * self.players
        self.trick = ()
        self.voids = (frozenset(),) * self.players
        self.last_trick = None  # this round's; the previous round's final trick is in last_round

    # -- scores, views, saves ------------------------------------------------------------

    def scores(self) -> list[int]:
        """Minus the penalty points of finished rounds (the rulebook: "worth -2 points")."""
        return [-sum(r[seat] for r in self.round_penalties) for seat in range(self.players)]

    def penalty_totals(self) -> list[int]:
        return [-s for s in self.scores()]

    def phase(self) -> str:
        return "over" if self.turn is None else "play"

    def _view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def to_dict(self) -> dict[str, Any]:
        cards = lambda cs: [str(c) for c in cs]  # noqa: E731
        return {
            "game": self.game.id,
            "version": self.game.save_version,
            "players": self.players,
            "options": dict(self.options),
            "public": {
                "round": self.round_no,
                "round_starter": self.round_starter,
                "leader": self.leader,
                "turn": self.turn,
                "trick": [[seat, str(c)] for seat, c in self.trick],
                "jalapenos": [cards(j) for j in self.jalapenos],
                "piles": [cards(p) for p in self.piles],
                "voids": [sorted(v) for v in self.voids],
                "round_penalties": [list(r) for r in self.round_penalties],
                "last_trick": None
                if self.last_trick is None
                else {
                    "winner": self.last_trick[0],
                    "cards": [[seat, str(c)] for seat, c in self.last_trick[1]],
                },
                "last_round": None
                if self.last_round is None
                else {
                    "jalapenos": [cards(j) for j in self.last_round[0]],
                    "piles": [cards(p) for p in self.last_round[1]],
                    "last_trick": {
                        "winner": self.last_round[2][0],
                        "cards": [[seat, str(c)] for seat, c in self.last_round[2][1]],
                    },
                },
            },
            "players_private": [{"hand": cards(h)} for h in self.hands],
            "secret": {"rng": f"{self.rng:016x}"},
            "events": events_to_json(self.events),
        }

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__ if name != "_legal")

    def __eq__(self, other: object) -> bool:
        """Same table, same events (what the save holds), field by field."""
        return isinstance(other, JalapenoState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.rng, self.hands, self.trick, self.round_no))

    def __repr__(self) -> str:
        return (
            f"<Jalape-NO! {self.players}p round {self.round_no}/{self.rounds}"
            f" turn={self.turn} trick={[str(c) for _, c in self.trick]}>"
        )


def _is_card(card: Any) -> bool:
    """A real card of the game (any deck): what ``parse_card`` could have made."""
    if not isinstance(card, Card) or type(card.value) is not int:
        return False
    try:
        return parse_card(str(card)) == card
    except ValueError:
        return False
