"""The Jalape-NO! game state: an immutable snapshot, and the game object that makes one."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..protocol import (
    Event,
    Game,
    IllegalAction,
    OptionSpec,
    State,
    events_from_json,
    events_to_json,
)
from ..rng import Rng
from . import views
from .actions import Play, parse_action
from .cards import COLOURS, DECK_BY_PLAYERS, HAND_SIZE, Card, deck_for, parse_card, sort_key
from .rules import legal_cards, next_round_starter, split_jalapenos, trick_winner, why_illegal
from .scoring import round_penalty

ROUNDS = 5  # "After 5 rounds, the player with the fewest penalty points wins."

Hand = tuple[Card, ...]
Trick = tuple[tuple[int, Card], ...]


class JalapenoState(State):
    """Fields are tuples so that states share structure and cannot be changed by accident."""

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
        last_round: tuple[tuple[Hand, ...], tuple[Hand, ...], tuple[int, Trick]] | None = None,
        events: tuple[Event, ...] = (),
    ) -> None:
        self.players = players
        self.options = dict(options)
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

    game: Game  # set below, once the game object exists

    def _replace(self, **changes: Any) -> JalapenoState:
        fields = {name: getattr(self, name) for name in self.__slots__}
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

    def legal_actions(self, player: int) -> list[Play]:
        if player != self.turn or type(player) is not int:
            return []
        return [
            Play(c)
            for c in legal_cards(self.hands[player], self.jalapenos[player], self.lead_colour)
        ]

    def explain_illegal(self, player: int, action: Any) -> IllegalAction:
        if not (isinstance(action, Play) and _is_card(action.card)):
            return IllegalAction(
                f"Not a Jalape-NO! action: {action!r} (play a card, written like R7).", "malformed"
            )
        return why_illegal(
            action.card, self.hands[player], self.jalapenos[player], self.lead_colour
        )

    def _apply(self, player: int, action: Play) -> JalapenoState:  # type: ignore[override]
        card = action.card
        hands, jalapenos, voids = list(self.hands), list(self.jalapenos), list(self.voids)
        if card in hands[player]:
            hands[player] = tuple(c for c in hands[player] if c != card)
        else:
            jalapenos[player] = tuple(c for c in jalapenos[player] if c != card)
        lead = self.lead_colour
        if lead is not None and card.colour != lead:
            voids[player] = voids[player] | {lead}
        trick = (*self.trick, (player, card))
        played = Event("play", player, {"card": str(card), "lead": lead is None})
        state = self._replace(
            hands=tuple(hands),
            jalapenos=tuple(jalapenos),
            voids=tuple(voids),
            trick=trick,
            events=(played,),
        )
        if len(trick) < self.players:
            return state._replace(turn=(player + 1) % self.players)  # clockwise
        return state._finish_trick()

    def _finish_trick(self) -> JalapenoState:
        winner = trick_winner(self.trick)
        won_jal, won_rest = split_jalapenos(card for _, card in self.trick)
        jalapenos, piles = list(self.jalapenos), list(self.piles)
        jalapenos[winner] = tuple(sorted((*jalapenos[winner], *won_jal), key=sort_key))
        piles[winner] = (*piles[winner], *won_rest)
        # "The player who played the highest card of the lead colour wins the trick": the
        # trick is public (every card was played face up), and so are the Jalapeños in it.
        took = Event(
            "trick",
            winner,
            {
                "cards": [[seat, str(card)] for seat, card in self.trick],
                "jalapenos": [str(c) for c in won_jal],
            },
        )
        state = self._replace(
            events=(*self.events, took),
            jalapenos=tuple(jalapenos),
            piles=tuple(piles),
            trick=(),
            last_trick=(winner, self.trick),
            leader=winner,
            turn=winner,
        )
        if any(not hand for hand in state.hands):
            return state._finish_round()
        return state

    def _finish_round(self) -> JalapenoState:
        # Cards left in hand go to their owner's pile, then everyone scores.
        piles = tuple((*pile, *hand) for pile, hand in zip(self.piles, self.hands, strict=True))
        penalties = tuple(round_penalty(j, p) for j, p in zip(self.jalapenos, piles, strict=True))
        totals = [
            sum(r[seat] for r in (*self.round_penalties, penalties)) for seat in range(self.players)
        ]
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
        done = self._replace(
            piles=piles,
            hands=tuple(() for _ in piles),
            round_penalties=(*self.round_penalties, penalties),
            last_round=(self.jalapenos, piles, self.last_trick),
            events=(*self.events, scored),
        )
        if len(done.round_penalties) >= self.rounds:
            over = done._replace(turn=None)
            final = Event("game-over", None, {"winners": over.winners(), "scores": over.scores()})
            return over._replace(events=(*over.events, final))
        starter = next_round_starter(penalties, self.round_starter)
        dealt = done._deal(self.round_no + 1, starter)
        deal = Event("deal", starter, {"round": dealt.round_no})
        return dealt._replace(events=(*dealt.events, deal))

    def _deal(self, round_no: int, starter: int) -> JalapenoState:
        rng = Rng(self.rng)
        deck = rng.shuffled(deck_for(self.players))
        hands, jalapenos = [], []
        for seat in range(self.players):
            jal, rest = split_jalapenos(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])
            hands.append(tuple(sorted(rest, key=sort_key)))
            jalapenos.append(tuple(sorted(jal, key=sort_key)))
        return self._replace(
            rng=rng.state,
            round_no=round_no,
            round_starter=starter,
            leader=starter,
            turn=starter,
            hands=tuple(hands),
            jalapenos=tuple(jalapenos),
            piles=tuple(() for _ in range(self.players)),
            trick=(),
            voids=tuple(frozenset() for _ in range(self.players)),
            last_trick=None,  # this round's; the previous round's final trick is in last_round
        )

    def scores(self) -> list[int]:
        """Minus the penalty points of finished rounds (the rulebook: "worth -2 points")."""
        return [-sum(r[seat] for r in self.round_penalties) for seat in range(self.players)]

    def penalty_totals(self) -> list[int]:
        return [-s for s in self.scores()]

    def phase(self) -> str:
        return "over" if self.turn is None else "play"

    def _view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    # -- saving --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        cards = lambda cs: [str(c) for c in cs]  # noqa: E731
        return {
            "game": GAME.id,
            "version": GAME.save_version,
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

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JalapenoState) and self.to_dict() == other.to_dict()

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


class JalapenoGame(Game):
    id = "jalapeno"
    name = "Jalape-NO!"
    pitch = "Play low, dodge the tricks — every jalapeño you take burns."
    player_counts = tuple(sorted(DECK_BY_PLAYERS))
    simultaneous = False
    chance = True  # the shuffle before each deal
    hidden_information = True
    bot_levels = ("random", "heuristic", "search")
    bots = "engine.jalapeno.bots"
    text = "engine.jalapeno.text"
    checks = "engine.jalapeno.checks"
    rules_version = 1  # raise it when an old record would replay differently
    options = {
        "rounds": OptionSpec(
            ROUNDS,
            tuple(range(1, 11)),
            "rounds to play (the rules: 5)",
            label="Rounds",
        ),
        "first_player": OptionSpec(
            None,
            (None, *range(9)),
            "starting seat of round 1 (a seat of this game); None draws it from the seed",
            label="Who starts",
            value_labels={None: "Random", **{s: f"Seat {s + 1}" for s in range(9)}},
            seat=True,
        ),
        # "Place any other cards you won face-down in a pile": closed by default (see
        # docs/rules-decisions.md); open piles are a variant for learners.
        "open_piles": OptionSpec(
            False,
            (False, True),
            "show every seat's pile of won cards and its running penalty to everyone",
            label="Won cards",
            value_labels={False: "Face down", True: "Face up (learning)"},
        ),
    }

    def new_game(
        self, players: int, seed: int | str | None = None, options: Mapping[str, Any] | None = None
    ) -> JalapenoState:
        players, opts, rng = self.start(players, seed, options)
        first = opts["first_player"]
        if first is None:
            first = rng.below(players)  # "Choose a starting player by any method you wish"
        blank = JalapenoState(
            players=players,
            options=opts,
            rng=rng.state,
            round_no=0,
            round_starter=first,
            leader=first,
            turn=first,
            hands=(),
            jalapenos=(),
            piles=(),
            trick=(),
            voids=(),
            round_penalties=(),
            last_trick=None,
        )
        return blank._deal(1, first)

    def parse_action(self, text: str) -> Play:
        return parse_action(text)

    def from_dict(self, data: Mapping[str, Any]) -> JalapenoState:
        return self.read_save(data, lambda d: _load(self, d))


def _load(game: JalapenoGame, data: Mapping[str, Any]) -> JalapenoState:
    players, opts = game.check_setup(data["players"], data["options"])
    pub, private = data["public"], data["players_private"]
    n_colours, _ = DECK_BY_PLAYERS[players]
    colours = {c.key for c in COLOURS[:n_colours]}

    def cards(items: Sequence[str]) -> tuple[Card, ...]:
        if not isinstance(items, list):
            raise ValueError(f"expected a list of cards, got {items!r}")
        return tuple(parse_card(s) for s in items)

    def whole(value: Any, what: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{what} must be a whole number {low}..{high}, got {value!r}")
        return value

    def seat(value: Any, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
            raise ValueError(f"{what} must be a seat 0..{players - 1}, got {value!r}")
        return value

    def per_seat(items: Any, what: str) -> list[Any]:
        if not isinstance(items, list) or len(items) != players:
            raise ValueError(f"{what} must list one entry per seat ({players})")
        return items

    def trick_of(items: Any) -> Trick:
        return tuple((seat(s, "trick seat"), parse_card(c)) for s, c in items)

    hands = tuple(tuple(sorted(cards(p["hand"]), key=sort_key)) for p in per_seat(private, "hands"))
    jalapenos = tuple(cards(j) for j in per_seat(pub["jalapenos"], "jalapenos"))
    piles = tuple(cards(p) for p in per_seat(pub["piles"], "piles"))
    trick = trick_of(pub["trick"])
    turn = pub["turn"]
    leader = seat(pub["leader"], "leader")
    rounds_done = tuple(
        tuple(whole(x, "round penalties", 0, 10**6) for x in per_seat(r, "round penalties"))
        for r in pub["round_penalties"]
    )
    if len(rounds_done) > opts["rounds"]:
        raise ValueError("more finished rounds than the game has")
    round_no = whole(pub["round"], "round", 1, opts["rounds"])
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
    voids = tuple(frozenset(v) for v in per_seat(pub["voids"], "voids"))
    if any(not isinstance(v, str) or v not in colours for vs in voids for v in vs):
        raise ValueError(f"a void must be one of the colours {sorted(colours)}")
    if turn is not None:
        turn = seat(turn, "turn")
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
            tuple(cards(j) for j in per_seat(last_round["jalapenos"], "last_round.jalapenos")),
            tuple(cards(p) for p in per_seat(last_round["piles"], "last_round.piles")),
            (
                seat(last_round["last_trick"]["winner"], "last_round winner"),
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
        round_starter=seat(pub["round_starter"], "round_starter"),
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
        else (seat(last["winner"], "winner"), trick_of(last["cards"])),
        last_round=last_round,
        events=events_from_json(data.get("events"), players),
    )


GAME = JalapenoGame()
JalapenoState.game = GAME
