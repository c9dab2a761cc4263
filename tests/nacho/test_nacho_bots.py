"""Bots: legal moves only, decided from their own view only, deterministic, cooperative."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.bots import BOT_LEVELS, Bot, make_bot
from engine.nacho.bots import SearchBot, heuristic_action
from engine.nacho.worlds import Determiniser
from engine.rng import Rng

GAME = get_game("nacho")
ITERS = 8  # search iterations in tests: enough to build a tree, quick and reproducible


def play_out(players: int, levels: list[str], seed: int, **options):
    """A whole game between bots; every decision is checked to be legal."""
    state = GAME.new_game(players, seed=seed, options=options)
    bots = [make_bot("nacho", lv, s, seed=s, iterations=ITERS) for s, lv in enumerate(levels)]
    phases = set()
    while not state.is_over():
        for seat in state.current_players():
            if seat not in state.current_players():
                continue
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal, budget_ms=50)
            assert action in legal
            phases.add(state.phase())
            state = state.apply(seat, action)
    return state, phases


def test_levels_and_factory() -> None:
    assert GAME.bot_levels == BOT_LEVELS
    for level in BOT_LEVELS:
        bot = make_bot("nacho", level, 1, seed="x")
        assert isinstance(bot, Bot) and bot.level == level and bot.seat == 1
    with pytest.raises(ValueError):
        make_bot("nacho", "genius", 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_and_random_bots_play_whole_games(players: int) -> None:
    levels = (["heuristic", "random"] * 2)[:players]
    state, phases = play_out(players, levels, seed=players)
    assert state.is_over() and {"pick", "destination", "discard", "sell"} <= phases


def test_search_bot_plays_a_whole_game_with_both_options() -> None:
    state, _ = play_out(
        3, ["search", "heuristic", "random"], seed=5, rechoose=True, random_mounties=True
    )
    assert state.is_over()


def test_a_bot_sees_only_its_view_other_hands_do_not_change_its_choice() -> None:
    """Two states that differ only in what seat 0 cannot see (the other hands, the draw pile)
    give seat 0 the same view, and so the same decision at every level."""
    state = GAME.new_game(4, seed=17)
    other = state._copy()
    pool = [*other.hands[1], *other.hands[2], *other.hands[3], *other.draw]
    pool = Rng(3).shuffled(pool)
    other.hands = (
        state.hands[0],
        tuple(sorted(pool[:8])),
        tuple(sorted(pool[8:16])),
        tuple(sorted(pool[16:24])),
    )
    other.draw = tuple(pool[24:])
    assert other.hands != state.hands and other.view(0) == state.view(0)
    for level in BOT_LEVELS:
        a = make_bot("nacho", level, 0, seed=1, iterations=ITERS)
        b = make_bot("nacho", level, 0, seed=1, iterations=ITERS)
        legal = state.legal_actions(0)
        assert a.choose(state.view(0), legal, 50) == b.choose(other.view(0), legal, 50)


def test_determinised_worlds_agree_with_the_view() -> None:
    state = GAME.new_game(4, seed=8)
    rng = Rng(1)
    for _ in range(120):
        if state.is_over():
            break
        seat = rng.choice(list(state.current_players()))
        view = state.view(seat)
        world = Determiniser(view).sample(Rng(7))
        assert world.hands[seat] == state.hands[seat]
        assert world.warehouses == state.warehouses and world.keepers == state.keepers
        assert world.cmounties == state.cmounties and world.gold == state.gold
        assert [str(a) for a in world.legal_actions(seat)] == [
            str(a) for a in state.legal_actions(seat)
        ]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_same_seed_and_view_give_the_same_choice() -> None:
    state = GAME.new_game(3, seed=2)
    legal = state.legal_actions(1)
    picks = {str(SearchBot(1, "s", ITERS).choose(state.view(1), legal, 50)) for _ in range(3)}
    assert len(picks) == 1


def think(bot: SearchBot, view: dict, legal: list) -> tuple[object, int]:
    """A decision run slice by slice, as the app runs it: (the choice, how often it yielded)."""
    thinking = bot.thinking(view, legal, budget_ms=10_000)
    steps = 0
    try:
        while True:
            next(thinking)
            steps += 1
    except StopIteration as stop:
        return stop.value, steps


def test_the_tree_spends_exactly_its_iterations_and_yields_while_thinking() -> None:
    state = GAME.new_game(4, seed=6)
    bot = SearchBot(2, "s", iterations=60, method="tree")
    choice, steps = think(bot, state.view(2), state.legal_actions(2))
    assert choice in state.legal_actions(2)
    assert bot.last.iterations == 60
    assert steps >= 1  # 60 iterations take well over one 8 ms slice


def test_hard_races_the_choices_and_keeps_the_heuristics_unless_beaten() -> None:
    """The app's Hard level is the race (N17): every choice played in the same worlds, the
    heuristic's choice kept unless another beats it by ``z`` standard errors; it stops once the
    choices are told apart (within its playouts) and yields while it thinks."""
    state = GAME.new_game(4, seed=6)
    view, legal = state.view(2), state.legal_actions(2)
    assert make_bot("nacho", "search", 2, seed="s").method == "race"
    # Three worlds are too few to tell any choice from the heuristic's (four at the least).
    few = SearchBot(2, "s", iterations=3 * len(legal))
    assert few.choose(view, legal, 10_000) == heuristic_action(view, legal)
    bot = SearchBot(2, "s", iterations=600)
    choice, steps = think(bot, view, legal)
    assert choice in legal
    assert len(legal) * 4 <= bot.last.iterations <= 600 + len(legal)
    assert steps >= 1


def test_hard_plays_each_choice_out_to_the_end_of_the_round() -> None:
    """The race (Hard) judges a choice where the round's bonuses and penalties are paid in gold
    (N17): a playout of the first pick runs through the whole round, the others' later picks
    and the upkeep too, to the next round's first pick. The tree stops at the end of the turn."""
    state = GAME.new_game(3, seed=6)
    view, legal = state.view(0), state.legal_actions(0)
    hard = make_bot("nacho", "search", 0, seed="s")
    end = hard.parts.determinise(view, Rng(1)).advance(0, legal[0])
    assert (end.round_no, end.turn_no, end.stage) == (2, 1, "pick")
    assert end.last_round is not None and end.last_round.round == 1
    tree = SearchBot(0, "s", method="tree")
    end = tree.parts.determinise(view, Rng(1)).advance(0, legal[0])
    assert (end.round_no, end.turn_no) == (1, 1) and end.last_round is None


def test_the_heuristic_takes_a_delivery_worth_having() -> None:
    from nacho_tables import play, table

    state = table(
        2, hands={0: "Zorro", 1: "Abe"}, warehouses={0: "olive", 1: "beans"}, top=("AB1",)
    )
    state = play(state, (0, "S14"), (1, "S01"))
    bot = make_bot("nacho", "heuristic", 0, 0)
    assert str(bot.choose(state.view(0), state.legal_actions(0), 50)) == "AB"
    state = state.apply(0, "AB")
    assert str(bot.choose(state.view(0), state.legal_actions(0), 50)) == "olive"
