"""Setup, and the two optional rules (re-choosing smugglers; random Mounties)."""

from __future__ import annotations

import pytest
from nacho_tables import kinds, play

from engine import get_game
from engine.nacho.components import (
    CARDS_OF_PROVINCE,
    CUBES_PER_FOOD,
    FOODS,
    HAND_SIZE,
    MOUNTIES,
    SMUGGLERS,
    START_GOLD,
    WAREHOUSE_CUBES,
)

GAME = get_game("nacho")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gold_cubes_hands_provinces_and_mounties(players: int) -> None:
    """Rulebook: "Place the score cubes, one on the "10" and one on the "0", so that you start
    the game with 10 gold pieces." "Leave the remaining 32 food cubes in the bag." "There are
    four cubes for each of the eight different food elements." "Each player draws 2 food cubes
    from the bag and puts them in front of them." "This is your food warehouse." "Shuffle the
    smuggler cards and deal 8 cards to each player." "Place the remaining smugglers in a draw
    pile, face down." "As shown in the diagram at the bottom of page 1 of the manual, place the 4
    decks of province cards next to each other and turn the top card of each of these piles face
    up." """
    state = GAME.new_game(players, seed=11)
    assert state.gold == (START_GOLD,) * players == (10,) * players
    assert all(len(w) == WAREHOUSE_CUBES == 2 for w in state.warehouses)
    assert sum(state.bag) + 2 * players == len(FOODS) * CUBES_PER_FOOD == 32
    assert all(len(h) == HAND_SIZE == 8 for h in state.hands)
    assert len(state.draw) == len(SMUGGLERS) - 8 * players
    assert [sorted(d) for d in state.pdecks] == [sorted(c) for c in CARDS_OF_PROVINCE]
    view = state.view(0)
    assert [p["card"][:2] for p in view["provinces"]] == ["AB", "SK", "ON", "QC"]
    assert view["smugglers"] == {"draw": len(state.draw), "discards": 0, "removed": []}
    assert view["bag"] == {f.code: state.bag[i] for i, f in enumerate(FOODS)}


def test_three_mountie_decks_of_four_the_current_one_with_its_top_face_up() -> None:
    """Rulebook: "Shuffle the Mountie cards." "Make 3 decks of four cards each, face down." "Fan
    the cards out slightly, so you can see how many cards are in each pile." "Place the
    "end-of-round card" at the bottom of one of these decks, and then turn the top Mountie card
    of this deck face up." "This deck becomes the "current" deck for the first round." """
    state = GAME.new_game(3, seed=4)
    assert len(state.mdeck) == 4 and [len(d) for d in state.mreserve] == [4, 4]
    assert sorted([*state.mdeck, *(m for d in state.mreserve for m in d)]) == list(
        range(len(MOUNTIES))
    )
    mounties = state.view(1)["mounties"]
    assert mounties["face_up"]["id"] == MOUNTIES[state.mdeck[0]].code
    assert mounties["deck"] == 4 and mounties["decks"] == [4, 4]  # how many, never which
    assert str(MOUNTIES[state.mreserve[0][0]].code) not in str(mounties)


def test_the_gemstone_holder_is_an_option_or_drawn_from_the_seed() -> None:
    """Rulebook: "Give the gemstone to the player who has the most interesting thing in their
    pocket." The setup screen may name the holder; otherwise the seed draws one."""
    assert GAME.new_game(4, seed=1, options={"gemstone": 2}).gem == 2
    drawn = {GAME.new_game(4, seed=s).gem for s in range(20)}
    assert drawn == {0, 1, 2, 3}
    assert GAME.new_game(4, seed=5).gem == GAME.new_game(4, seed=5).gem
    with pytest.raises(ValueError, match="gemstone"):
        GAME.new_game(2, seed=1, options={"gemstone": 3})


def test_each_turn_consists_of_the_steps_in_order() -> None:
    """Rulebook: "Each turn consists of the following steps:" "Step 2: Determine the playing
    order for steps 3 and 4." "When it is their turn, players go through steps 3 and 4." "Step
    3: Smuggle!" "Step 4: Cantinas and arrests." "Step 5: When the round is over, wrap up the
    round!" "Step 6: Get ready for your next turn." The phases of one seeded turn follow steps 1
    to 6."""
    state = GAME.new_game(2, seed=3, options={"gemstone": 0})
    seen = []
    while not (state.phase() == "pick" and seen and seen[-1] != "pick"):
        seen.append(state.phase())
        seat = state.current_players()[0]
        state = state.apply(seat, state.legal_actions(seat)[-1])
    order = {"pick": 1, "destination": 3, "deliver": 3, "arrest": 4, "bored": 4, "wander": 4}
    steps = [order.get(p, 6) for p in seen]
    assert steps == sorted(steps) and steps[0] == 1 and steps[-1] == 6


def test_optional_rule_re_choosing_smugglers_at_the_start() -> None:
    """Rulebook: "(Optionally, players may discard all unwanted smuggler cards and refill their
    hand to 8 cards.)" "Allow every player to discard all unwanted smugglers and then refill the
    hand to 8, before the first Mountie is seen." """
    state = GAME.new_game(3, seed=8, options={"rechoose": True, "gemstone": 0})
    assert state.phase() == "rechoose" and state.current_players() == (0, 1, 2)
    assert state.view(0)["mounties"]["face_up"] is None  # not seen yet
    hand = state.hands[1]
    first = f"discard:{SMUGGLERS[hand[0]].code}"
    state = play(state, (1, first), (1, f"discard:{SMUGGLERS[hand[1]].code}"), (1, "done"))
    assert state.phase() == "rechoose"
    state = play(state, (0, "done"), (2, "done"))
    assert state.phase() == "pick" and all(len(h) == 8 for h in state.hands)
    assert not {hand[0], hand[1]} & set(state.hands[1])
    assert state.view(2)["mounties"]["face_up"] is not None
    assert kinds(state)[-1] == "turn"
    plain = GAME.new_game(3, seed=8, options={"gemstone": 0})
    assert plain.phase() == "pick" and plain.view(0)["mounties"]["face_up"] is not None


def test_optional_rule_random_mounties() -> None:
    """Rulebook: "If you would like the Mounties to show up more by chance, do not lay out all
    Mounties as described in the game setup." "Instead lay out enough Mounties for the current
    round." "When the round is over, shuffle the Mounties removed from the game back into the
    Mountie deck and lay out new Mounties for the next round." "Do not flip the Mountie card
    face up at the start of each round." Every turn's Mountie stays face down until the first
    player takes it."""
    state = GAME.new_game(2, seed=2, options={"random_mounties": True, "gemstone": 0})
    assert len(state.mdeck) == 4 and state.mreserve == () and len(state.mpool) == 8
    assert state.view(0)["mounties"]["face_up"] is None and state.view(0)["mounties"]["pool"] == 8
    rounds_seen = set()
    while not state.is_over():
        seat = state.current_players()[0]
        if state.phase() == "pick":
            assert state.view(seat)["mounties"]["face_up"] is None
            rounds_seen.add(state.round_no)
            if state.turn_no == 1:  # a fresh round: 4 laid out, removed ones shuffled back
                assert len(state.mdeck) == 4 and state.removed_m == ()
                held = sum(len(h) for seat_m in state.cmounties for h in seat_m)
                assert len(state.mpool) == len(MOUNTIES) - 4 - held
        before = state
        state = state.apply(seat, state.legal_actions(seat)[0])
        if "mountie" in kinds(state):
            taken = next(e for e in state.events if e.kind == "mountie").data["mountie"]["id"]
            assert taken == MOUNTIES[before.mdeck[0]].code  # revealed as it is taken
    assert rounds_seen == {1, 2, 3}
