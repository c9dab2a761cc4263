"""Bots: legal moves only, the view only (never hidden hands), deterministic, cooperative."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pyodide_runner import require_pyodide, run_here, run_on_pyodide

from engine import get_game
from engine.bots import BOT_LEVELS, Bot, drain, make_bot
from engine.jalapeno.bots import deal_unseen, determinise, unseen_cards
from engine.jalapeno.cards import Card, sort_key
from engine.jalapeno.state import JalapenoState
from engine.rng import Rng

GAME = get_game("jalapeno")
PLAYER_COUNTS = GAME.player_counts
ITERS = 12  # search iterations in tests: enough to exercise the tree, fast and reproducible


def walk(players: int, seed: int, steps: int, open_piles: bool = False) -> JalapenoState:
    """A state reached by ``steps`` random legal moves (voids and piles appear along the way)."""
    state = GAME.new_game(players, seed=seed, options={"open_piles": open_piles})
    rng = Rng(seed * 7919 + players)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.turn
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def sample_states(
    players: int, count: int, seed: int = 0, open_piles: bool = False
) -> list[JalapenoState]:
    rng = Rng(1000 * players + seed)
    out = []
    for k in range(count):
        state = walk(
            players, seed=100 * seed + k, steps=rng.below(players * 11), open_piles=open_piles
        )
        if not state.is_over():
            out.append(state)
    return out


def bot(level: str, seat: int, seed: int | str = 0) -> Bot:
    return make_bot("jalapeno", level, seat, seed=seed, iterations=ITERS)


# -- the public surface ---------------------------------------------------------------------


def test_levels_and_factory() -> None:
    assert BOT_LEVELS == ("random", "heuristic", "search")
    for level in BOT_LEVELS:
        b = make_bot("jalapeno", level, 2, seed="x")
        assert isinstance(b, Bot)
        assert b.level == level
        assert b.seat == 2
    with pytest.raises(ValueError, match="level"):
        make_bot("jalapeno", "genius", 0)
    with pytest.raises(ValueError, match="unknown game"):
        make_bot("chess", "random", 0)


@pytest.mark.parametrize("game_id", ["jalapeno", "nacho", "taco"])
def test_the_apps_search_level_is_the_heuristic_where_the_search_does_not_win(
    game_id: str,
) -> None:
    """The app passes the table's size: the search plays only at the counts its game declares
    (``SEARCH_COUNTS``, measured in docs/rules-decisions.md), the heuristic at the others."""
    import importlib

    game = get_game(game_id)
    counts = getattr(importlib.import_module(game.bots), "SEARCH_COUNTS", None)
    if counts is not None:
        assert set(counts) <= set(game.player_counts)
    for n in game.player_counts:
        searching = counts is None or n in counts
        b = make_bot(game_id, "search", 0, seed=1, players=n)
        assert b.level == ("search" if searching else "heuristic")
        assert make_bot(game_id, "search", 0, seed=1).level == "search"  # self-play: the search
        assert make_bot(game_id, "heuristic", 0, seed=1, players=n).level == "heuristic"


def test_iteration_budget_is_settable_on_the_bot() -> None:
    b = make_bot("jalapeno", "search", 0, seed=1)
    assert b.iterations is None  # time budget by default
    b.iterations = 5
    state = sample_states(4, 3)[0]
    seat = state.turn
    b.seat = seat
    b.choose(state.view(seat), state.legal_actions(seat), budget_ms=10_000)
    if len(state.legal_actions(seat)) > 1:
        assert b.last.iterations == 5


# -- legality -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_bots_only_return_legal_actions(players: int) -> None:
    for state in sample_states(players, 6):
        seat = state.turn
        legal = state.legal_actions(seat)
        view = state.view(seat)
        for level in BOT_LEVELS:
            action = bot(level, seat, seed=players).choose(view, legal, budget_ms=5)
            assert action in legal, (level, str(action), [str(a) for a in legal])


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_round_between_all_levels_plays_out(players: int) -> None:
    """Every decision of a whole round goes through ``apply``, which refuses illegal actions."""
    state = GAME.new_game(players, seed=players, options={"rounds": 1})
    bots = [bot(BOT_LEVELS[s % 3], s, seed=s) for s in range(players)]
    while not state.is_over():
        seat = state.turn
        state = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), 5))
    assert len(state.round_penalties) == 1


# -- hidden information ---------------------------------------------------------------------


def on_show(state: JalapenoState, seat: int) -> set[Card]:
    """Every card ``seat`` sees: own hand and pile, face-up Jalapeños, the trick, the last trick,
    and the other piles when they are open."""
    piles = state.piles if state.options["open_piles"] else [state.piles[seat]]
    last = () if state.last_trick is None else [c for _, c in state.last_trick[1]]
    return {
        *(c for j in state.jalapenos for c in j),
        *(c for p in piles for c in p),
        *(c for _, c in state.trick),
        *last,
        *state.hands[seat],
    }


@pytest.mark.parametrize("open_piles", [False, True], ids=["closed", "open"])
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_determinisations_agree_with_the_view(players: int, open_piles: bool) -> None:
    moved = 0
    for n, state in enumerate(sample_states(players, 8, seed=1, open_piles=open_piles)):
        for seat in range(players):
            view = state.view(seat)
            seen = on_show(state, seat)
            for k in range(3):
                d = determinise(view, Rng(n * 100 + k))
                assert d.hands[seat] == state.hands[seat] and d.piles[seat] == state.piles[seat]
                for other in range(players):
                    if other == seat:
                        continue
                    hand = d.hands[other]
                    assert len(hand) == len(state.hands[other])
                    assert not seen & set(hand), "a card on show was dealt into a hand"
                    assert not {c.colour for c in hand} & state.voids[other], "void broken"
                    assert len(d.piles[other]) == len(state.piles[other])
                    if open_piles:
                        assert d.piles[other] == state.piles[other]
                    else:
                        # What is on show of a closed pile (the last trick) stays in it.
                        assert seen & set(state.piles[other]) <= set(d.piles[other])
                        moved += set(d.piles[other]) != set(state.piles[other])
                # The determinisation is indistinguishable from the real state for this seat
                # (but for the events of the last apply, which a sample does not replay), and
                # is a whole, valid game state (exactly one deck).
                table = {k: v for k, v in view.items() if k != "events"}
                assert {k: v for k, v in d.view(seat).items() if k != "events"} == table
                again = GAME.from_dict(d.to_dict()).view(seat)
                assert {k: v for k, v in again.items() if k != "events"} == table
                assert d.legal_actions(seat) == state.legal_actions(seat)
    assert moved or open_piles, "closed piles were never guessed differently"


@pytest.mark.parametrize("open_piles", [False, True], ids=["closed", "open"])
def test_unseen_cards_are_the_other_hands_and_the_hidden_pile_cards(open_piles: bool) -> None:
    for players in PLAYER_COUNTS:
        for state in sample_states(players, 4, seed=2, open_piles=open_piles):
            seat = state.turn
            others = [c for s, h in enumerate(state.hands) if s != seat for c in h]
            if not open_piles:
                seen = on_show(state, seat)
                others += [
                    c for s, p in enumerate(state.piles) if s != seat for c in p if c not in seen
                ]
            assert sorted(unseen_cards(state.view(seat)), key=sort_key) == sorted(
                others, key=sort_key
            )


def test_deal_respects_tight_voids() -> None:
    """A deal where the voids leave exactly one way to place some colours."""
    from engine.jalapeno.cards import Card

    cards = [Card("R", v) for v in range(2, 6)] + [Card("G", v) for v in range(2, 6)]
    sizes = {1: 4, 2: 2, 3: 2}
    voids = {1: ["G"], 2: ["R"], 3: ["R"]}
    for k in range(30):
        out = deal_unseen(cards, sizes, voids, Rng(k))
        assert sorted(out[1]) == sorted(cards[:4])
        assert {len(out[s]) for s in (2, 3)} == {2}
    with pytest.raises(ValueError):
        deal_unseen(cards, sizes, {1: ["G", "R"]}, Rng(0))


def redeal_hidden(state: JalapenoState, seat: int, seed: int) -> JalapenoState:
    """The same table with the other seats' hidden cards (hands and, when closed, the hidden part
    of their piles) shuffled among them, sizes and voids kept, so the seat's view is unchanged."""
    n = state.players
    seen = on_show(state, seat)
    hidden_piles = {
        s: [c for c in p if c not in seen] for s, p in enumerate(state.piles) if s != seat
    }
    pool = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    pool += [c for p in hidden_piles.values() for c in p]
    sizes = {s: len(h) for s, h in enumerate(state.hands) if s != seat}
    sizes.update({n + s: len(p) for s, p in hidden_piles.items()})
    dealt = deal_unseen(pool, sizes, dict(enumerate(state.voids)), Rng(seed))
    hands = tuple(
        h if s == seat else tuple(sorted(dealt[s], key=sort_key)) for s, h in enumerate(state.hands)
    )
    piles = tuple(
        p if s == seat else (*dealt[n + s], *(c for c in p if c in seen))
        for s, p in enumerate(state.piles)
    )
    return state._replace(hands=hands, piles=piles)


@pytest.mark.parametrize("players", [3, 4, 6, 9])
def test_choice_depends_only_on_the_view(players: int) -> None:
    changed = piles_changed = 0
    for n, state in enumerate(sample_states(players, 5, seed=3)):
        seat = state.turn
        legal = state.legal_actions(seat)
        for k in range(2):
            other = redeal_hidden(state, seat, seed=n * 10 + k)
            changed += other.hands != state.hands
            piles_changed += other.piles != state.piles
            assert other.view(seat) == state.view(seat)
            assert other.legal_actions(seat) == legal
            for level in BOT_LEVELS:
                a = bot(level, seat, seed=9).choose(state.view(seat), legal, 5)
                b = bot(level, seat, seed=9).choose(other.view(seat), other.legal_actions(seat), 5)
                assert a == b, level
    assert changed, "the test never actually moved a hidden card"
    assert piles_changed, "the test never actually moved a face-down pile card"


def test_the_heuristic_counts_a_colour_no_other_hand_can_hold_as_dead() -> None:
    """With closed piles the unseen cards include face-down pile cards. Red cards are unseen to
    seat 0, but every other seat is void in red: they lie in piles and nobody can play them, so
    a red lead cannot be beaten (the heuristic's ``Table`` drops them). Open piles show them."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent / "jalapeno"))
    from jalapeno_tables import play_all, table

    from engine.jalapeno.bots import Table

    for open_piles in (False, True):
        state = table(
            hands=["R2 R5 G9 Y9", "R3 G2 Y2 B2", "R4 G3 Y3 B3", "R6 G4 Y4 B4"],
            open_piles=open_piles,
        )
        state = play_all(state, "R5", "R3", "R4", "R6")  # seat 3 takes all the reds
        state = play_all(state, "G4", "G9", "G2", "G3")  # seat 0 takes the greens, leads
        state = state._replace(voids=(frozenset(), *(frozenset("R") for _ in range(3))))
        view = state.view(0)
        assert view["seats"][3]["pile"] == (["R5", "R3", "R4", "R6"] if open_piles else None)
        unseen_reds = {str(c) for c in unseen_cards(view) if c.colour == "R"}
        assert ({"R3", "R4", "R5", "R6"} <= unseen_reds) is not open_piles
        t = Table(view)
        assert t.unseen_in("R") == []
        yellows = [c.value for c in unseen_cards(view) if c.colour == "Y"]
        assert t.unseen_in("Y") == yellows and {2, 3, 4} <= set(yellows)


@pytest.mark.parametrize("open_piles", [False, True])
def test_the_heuristic_reads_a_state_as_it_reads_the_seat_s_view(open_piles: bool) -> None:
    """The search's rollouts play the heuristic on the determinised state (``StateTable``):
    the same card as from the seat's view, in states of every player count with voids, piles
    and tricks."""
    from engine.jalapeno.bots import JalapenoParts, heuristic_action

    rollout = JalapenoParts(policy="heuristic").rollout_action
    compared = 0
    for players in PLAYER_COUNTS:
        for state in sample_states(players, 6, seed=3, open_piles=open_piles):
            for _ in range(players * 2):  # on into the trick: follows, voids, dumps
                if state.is_over():
                    break
                seat = state.turn
                action = rollout(state, seat, Rng(0))
                assert action == heuristic_action(state.view(seat), state.legal_actions(seat))
                compared += 1
                state = state.apply(seat, action)
    assert compared > 300


def test_the_heuristics_order_puts_its_choice_first_and_holds_every_legal_card() -> None:
    """The race's shortlist (``heuristic_order``): the heuristic's own card first, then every
    other legal card once, at every player count, leading, following and void."""
    from engine.jalapeno.bots import Table, heuristic_card, heuristic_order

    seen = set()
    for view, actions in decisions(games=6, seed=7, turns=2):
        legal = [a.card for a in actions]
        order = heuristic_order(Table(view), legal)
        assert order[0] == heuristic_card(Table(view), legal)
        assert sorted(order) == sorted(legal)
        t = Table(view)
        seen.add(
            "lead"
            if t.lead is None
            else "follow"
            if t.lead in {c.colour for c in legal}
            else "void"
        )
    assert seen == {"lead", "follow", "void"}


def decisions(games: int, seed: int, turns: int) -> Iterator[tuple[dict, list]]:
    """(view, legal actions) of the seat to play, ``turns`` × players turns into each of
    ``games`` sampled states at every player count (each turn plays the last legal card)."""
    for players in PLAYER_COUNTS:
        for state in sample_states(players, games, seed=seed):
            for _ in range(players * turns):
                if state.is_over():
                    break
                seat = state.turn
                legal = state.legal_actions(seat)
                yield state.view(seat), legal
                state = state.apply(seat, legal[-1])


def test_cards_with_no_live_card_between_them_are_compared_once() -> None:
    """``distinct_cards``: two cards of a colour play alike when no card between them is still
    to be played by someone else (unseen) or lies in the current trick; Jalapeños never merge.
    The race's candidates (``JalapenoParts.order``) keep one card of each such run, the
    heuristic's favourite; ``distinct=False`` keeps them all."""
    from engine.jalapeno.bots import JalapenoParts, heuristic_card, heuristic_order
    from engine.jalapeno.cards import parse_card as parse
    from engine.jalapeno.heuristic import Table
    from engine.jalapeno.unseen import distinct_cards

    def view(hand: list[str], trick: list[str] = (), pile: list[str] = ()) -> dict:
        return {
            "hand": hand,
            "players": 3,
            "trick": [{"seat": 1, "card": c} for c in trick],
            "last_trick": None,
            "seats": [{"jalapenos": [], "pile": list(pile)}]
            + [{"jalapenos": [], "pile": None}] * 2,
        }

    def kept(v: dict, cards: str) -> str:
        return " ".join(str(c) for c in distinct_cards(v, [parse(c) for c in cards.split()]))

    hand = ["R1", "R4", "R5", "R7", "G2", "G9"]
    assert kept(view(hand), "R4 R5 R7 R1 G2 G9") == "R4 R7 R1 G2 G9"  # R6 is unseen
    assert kept(view(hand, pile=["R6"]), "R7 R5 R4 R1 G2 G9") == "R7 R1 G2 G9"  # R6 is gone
    assert kept(view(hand, trick=["R6"]), "R5 R4 R7") == "R5 R7"  # R6 is in the trick
    assert kept(view(hand), "G9 G2") == "G9 G2"
    assert kept(view(["R1", "R2"]), "R1 R2") == "R1 R2"  # a Jalapeño is never merged

    merged = 0
    for view_, legal in decisions(games=4, seed=3, turns=3):
        order = JalapenoParts().order(view_, legal)
        cards = [a.card for a in order]
        assert cards[0] == heuristic_card(Table(view_), [a.card for a in legal])
        everything = heuristic_order(Table(view_), [a.card for a in legal])
        assert cards == distinct_cards(view_, everything)
        merged += len(order) < len(legal)
        assert len(JalapenoParts(distinct=False).order(view_, legal)) == len(legal)
    assert merged > 0


# -- determinism and cooperation ------------------------------------------------------------


def test_same_seed_same_choice_and_independent_of_history() -> None:
    states = sample_states(5, 6, seed=4)
    for level in BOT_LEVELS:
        one, two = bot(level, 0, seed="s"), bot(level, 0, seed="s")
        picks_one = []
        for state in states:
            one.seat = two.seat = state.turn
            picks_one.append(one.choose(state.view(state.turn), state.legal_actions(state.turn), 5))
        # The second bot sees the same decisions in reverse order: each answer is the same.
        picks_two = [
            two.choose(s.view(s.turn), s.legal_actions(s.turn), 5) for s in reversed(states)
        ]
        assert picks_one == picks_two[::-1], level


def test_thinking_yields_slices_and_returns_the_choice() -> None:
    state = next(s for s in sample_states(4, 10, seed=5) if len(s.legal_actions(s.turn)) > 2)
    seat = state.turn
    view, legal = state.view(seat), state.legal_actions(seat)
    b = make_bot("jalapeno", "search", seat, seed=1, iterations=150)
    gen = b.thinking(view, legal, budget_ms=0)
    slices, longest = 0, 0.0
    # The process's own CPU time, not the wall clock: on a loaded machine the process waits
    # for a core between its steps, and that wait is no slice's work.
    t = time.process_time()
    while True:
        try:
            assert next(gen) is None
        except StopIteration as stop:
            choice = stop.value
            break
        now = time.process_time()
        longest = max(longest, now - t)
        slices += 1
        t = now
    assert slices >= 1
    assert longest < 0.25  # ~8 ms of work per slice; generous for a slow machine
    assert choice in legal
    assert choice == drain(b.thinking(view, legal, budget_ms=0))


def test_time_budget_is_respected() -> None:
    state = next(s for s in sample_states(6, 10, seed=6) if len(s.legal_actions(s.turn)) > 2)
    seat = state.turn
    b = make_bot("jalapeno", "search", seat, seed=1)
    t = time.perf_counter()
    action = b.choose(state.view(seat), state.legal_actions(seat), budget_ms=30)
    assert time.perf_counter() - t < 0.5
    assert action in state.legal_actions(seat)
    # How many playouts fit in 30 ms depends on the machine's load (none on a busy CI box: the
    # heuristic's move then stands, as at budget 0 above); a fixed count always plays out.
    counted = make_bot("jalapeno", "search", seat, seed=1, iterations=40)
    legal = state.legal_actions(seat)
    assert counted.choose(state.view(seat), legal, budget_ms=30) in legal
    assert counted.last.iterations >= 1


def test_single_legal_action_is_immediate() -> None:
    state = GAME.new_game(4, seed=1)
    seat = state.turn
    legal = state.legal_actions(seat)[:1]
    gen = make_bot("jalapeno", "search", seat).thinking(state.view(seat), legal, 1000)
    with pytest.raises(StopIteration) as stop:
        next(gen)
    assert stop.value.value == legal[0]


def test_search_without_time_falls_back_to_the_heuristic() -> None:
    for state in sample_states(4, 6, seed=7):
        seat = state.turn
        view, legal = state.view(seat), state.legal_actions(seat)
        if len(legal) > 1:
            quick = make_bot("jalapeno", "search", seat).choose(view, legal, budget_ms=0)
            assert quick == make_bot("jalapeno", "heuristic", seat).choose(view, legal, 0)


# -- strength, deterministically (iteration budgets and fixed seeds, never the clock) --------


def test_heuristic_beats_random() -> None:
    from engine.cli import selfplay

    result = selfplay("jalapeno", 4, 20, ["heuristic", "random", "random", "random"], 0, "t")
    assert result["win_rate"][0] >= 0.5, result


def test_search_takes_fewer_penalties_than_heuristic() -> None:
    """Fixed seeds and an iteration budget: the same answer on any machine (about 4 s)."""
    from engine.cli import selfplay

    seats = ["search", "heuristic", "heuristic", "heuristic"]
    result = selfplay("jalapeno", 4, 16, seats, 0, "a", iterations=60, rounds=1)
    scores = result["mean_score"]  # minus the mean penalty: higher is better
    assert scores[0] > sum(scores[1:]) / 3 + 1, result


PARITY_PROBE = """
import sys
from engine import get_game
from engine.bots import make_bot
game = get_game("jalapeno")
for players, level in ((3, "random"), (4, "heuristic"), (5, "search")):
    state = game.new_game(players, seed=players, options={"rounds": 1})
    bots = [make_bot("jalapeno", level, s, seed=s, iterations=10) for s in range(players)]
    moves = []
    while not state.is_over():
        seat = state.turn
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat), 50)
        moves.append(str(action))
        state = state.apply(seat, action)
    print(level, " ".join(moves))
print("python", sys.version_info[:2])
"""


def test_bots_choose_the_same_in_cpython_and_pyodide(tmp_path) -> None:
    """The browser's bots (Pyodide, CPython 3.14) play exactly as these do, seed for seed."""
    require_pyodide("bot parity")
    probe = tmp_path / "probe.py"
    probe.write_text(PARITY_PROBE)
    here, there = run_here(probe), run_on_pyodide(probe)
    assert there[-1] == "python (3, 14)"
    assert len(here) == 4 and here[:-1] == there[:-1]
