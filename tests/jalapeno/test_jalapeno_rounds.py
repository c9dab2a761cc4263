"""engine/jalapeno/state.py: setup and deal, the round-end rule, who starts each round, five
rounds, the end of the game, options and player counts, and golden counts for seeded games.

Rulebook sections "Game Setup", "Taking Tricks" (its last paragraph) and "Scoring" (its last
paragraph).
"""

from __future__ import annotations

import hashlib

import pytest
from conformance import digest
from jalapeno_tables import GAME, names, play_all, table

from engine.jalapeno.cards import HAND_SIZE, deck_for, sort_key
from engine.jalapeno.rules import ROUNDS, next_round_starter
from engine.jalapeno.scoring import round_penalty
from engine.jalapeno.state import JalapenoState
from engine.rng import Rng, seed_state

COUNTS = range(3, 10)


def finish(state: JalapenoState, chooser: Rng | None = None) -> JalapenoState:
    """Play on (seeded random legal choices) until the game is over."""
    chooser = chooser or Rng(1)
    while not state.is_over():
        seat = state.current_players()[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


def finish_round(state: JalapenoState) -> JalapenoState:
    chooser, start = Rng(2), len(state.round_penalties)
    while len(state.round_penalties) == start:
        seat = state.current_players()[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


# -- Game Setup ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", COUNTS)
def test_shuffle_the_active_cards_and_deal_12_cards_to_each_player(players: int) -> None:
    """Rulebook: "Shuffle the active cards and deal 12 cards to each player." """
    for seed in range(3):
        state = GAME.new_game(players=players, seed=seed)
        for seat in range(players):
            assert len(state.hands[seat]) + len(state.jalapenos[seat]) == HAND_SIZE == 12
        dealt = [c for s in range(players) for c in (*state.hands[s], *state.jalapenos[s])]
        assert sorted(dealt, key=sort_key) == deck_for(players)
        assert state.piles == ((),) * players and state.trick == ()


def test_the_deal_is_shuffled_differently_for_each_seed() -> None:
    deals = {tuple(GAME.new_game(players=4, seed=s).hands[0]) for s in range(20)}
    assert len(deals) == 20


@pytest.mark.parametrize("players", COUNTS)
def test_dealt_jalapenos_are_placed_face_up_at_once(players: int) -> None:
    """Rulebook: "Anyone who was dealt any Jalapeno cards must immediately place them face-up on
    the table in front of them." """
    for seed in range(5):
        state = GAME.new_game(players=players, seed=seed)
        assert not any(c.is_jalapeno for hand in state.hands for c in hand)
        public = state.view(None)["seats"]
        for seat in range(players):
            assert all(c.is_jalapeno for c in state.jalapenos[seat])
            assert public[seat]["jalapenos"] == names(state.jalapenos[seat])


def test_pinned_deal_seat_2_has_red_and_green_jalapenos_face_up() -> None:
    state = GAME.new_game(players=4, seed=2024)
    assert [names(j) for j in state.jalapenos] == [["B1"], ["Y1"], ["R1", "G1"], []]
    assert state.view(0)["seats"][2]["jalapenos"] == ["R1", "G1"]


def test_only_jalapeno_cards_are_ever_kept_face_up_on_the_table() -> None:
    """Rulebook: "Only Jalapeno cards are ever kept face-up on the table this way." Checked in
    every state of a seeded 5-player game; no Jalapeño is ever in a hand or a pile either."""
    state, chooser = GAME.new_game(players=5, seed=9), Rng(4)
    while not state.is_over():
        assert all(c.is_jalapeno for j in state.jalapenos for c in j)
        assert not any(c.is_jalapeno for h in (*state.hands, *state.piles) for c in h)
        seat = state.current_players()[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("first", range(4))
def test_choose_a_starting_player_by_any_method_the_first_player_option(first: int) -> None:
    """Rulebook: "Choose a starting player by any method you wish (for example, you could pick the
    person who most recently ate spicy food)." The option first_player picks the seat."""
    state = GAME.new_game(players=4, seed=1, options={"first_player": first})
    assert state.round_starter == state.leader == first
    assert state.current_players() == (first,)


def test_by_default_the_first_round_starter_is_drawn_from_the_seed() -> None:
    """Default first_player=None: the first number the seed's generator gives picks the seat."""
    starters = set()
    for seed in range(40):
        state = GAME.new_game(players=5, seed=seed)
        assert state.round_starter == Rng(seed_state(seed)).below(5)
        assert GAME.new_game(players=5, seed=seed).round_starter == state.round_starter
        starters.add(state.round_starter)
    assert starters == set(range(5))


def test_first_player_must_be_a_seat_of_this_game() -> None:
    with pytest.raises(ValueError, match="first_player"):
        GAME.new_game(players=3, seed=1, options={"first_player": 3})


def test_every_option_has_a_label_and_names_its_values_for_the_setup_screen() -> None:
    """A setup screen renders options from their specs (``OptionSpec.describe``): a label, and a
    label for every value that is not self-explanatory (numbers of rounds are)."""
    for key, spec in GAME.options.items():
        assert spec.label, key
        assert all(spec.label_of(c) for c in spec.choices), key
    first = GAME.options["first_player"]
    assert first.label_of(None) == "Random" and first.label_of(0) == "Seat 1"
    piles = GAME.options["open_piles"]
    assert piles.default is False and piles.choices == (False, True)
    assert [c["label"] for c in piles.describe("open_piles")["choices"]] == [
        "Face down",
        "Face up (learning)",
    ]


# -- every player count ---------------------------------------------------------------


@pytest.mark.parametrize("players", COUNTS)
def test_3_to_9_players(players: int) -> None:
    state = GAME.new_game(players=players, seed=players)
    assert state.players == players and len(state.hands) == players
    assert GAME.player_counts == tuple(COUNTS)


@pytest.mark.parametrize("players", [0, 1, 2, 10])
def test_other_player_counts_are_refused_naming_3_to_9(players: int) -> None:
    with pytest.raises(ValueError, match=r"3 to 9 players; allowed: \[3, 4, 5, 6, 7, 8, 9\]"):
        GAME.new_game(players=players, seed=1)


# -- the round-end rule ---------------------------------------------------------------


def test_players_continue_playing_tricks_while_every_hand_still_has_cards() -> None:
    """Rulebook: "Players continue playing tricks until at least one player has no cards left in
    their hand." """
    state = play_all(table(hands=["R9 G2", "R3 G5", "R4 G6"]), "R9", "R3", "R4")
    assert state.round_penalties == () and state.round_no == 1
    assert names(state.hands[0]) == ["G2"] and state.current_players() == (0,)


def test_the_round_ends_after_the_trick_in_which_a_hand_becomes_empty() -> None:
    """Rulebook: "The round ends after that trick, and any cards a player has remaining in hand
    are placed in their own face-down card pile." Seat 0 leads its last card; the others still
    play theirs to complete the trick, then the round is over and scored."""
    state = play_all(table(hands=["R9", "R3 G5 Y2", "R4 G6"], rounds=1), "R9")
    assert state.hands[0] == () and not state.is_over()  # the trick goes on
    state = play_all(state, "R3")
    assert not state.is_over()
    state = play_all(state, "R4")
    assert state.is_over() and len(state.round_penalties) == 1
    assert names(state.piles[0]) == ["R9", "R3", "R4"]
    assert names(state.piles[1]) == ["G5", "Y2"] and names(state.piles[2]) == ["G6"]
    assert all(hand == () for hand in state.hands)


def test_the_round_ends_when_a_hand_empties_even_with_jalapenos_still_face_up() -> None:
    """Our reading (docs/rules-decisions.md): "no cards left in their hand" means the hand only;
    the player's face-up Jalapeños do not keep the round going, and they score."""
    state = table(hands=["G9", "G3 R5", "G4 R6"], jalapenos=["R1", "", ""], rounds=1)
    state = play_all(state, "G9", "G3", "G4")
    assert state.is_over()
    assert state.round_penalties == ((2, 0, 0),)  # R1 held; its pile G9 G3 G4 has no red


def test_several_hands_empty_in_the_same_trick_end_the_round_once() -> None:
    """Decision: if more hands empty in the same trick, the round still ends after that trick,
    once, and is scored once."""
    state = table(hands=["R9", "R3", "R4 G6 G7"], rounds=2)
    state = play_all(state, "R9", "R3", "R4")
    assert len(state.round_penalties) == 1 and state.round_no == 2
    assert state.round_penalties == ((0, 0, 0),)


def test_the_round_does_not_end_mid_trick_when_several_hands_are_empty() -> None:
    state = play_all(table(hands=["R9", "R3", "R4 G6 G7", "R5 G8"], rounds=1), "R9", "R3", "R4")
    assert not state.is_over() and state.current_players() == (3,)


# -- who starts the next round ------------------------------------------------------------


def round_end_table(round_starter: int, rounds: int = 2) -> JalapenoState:
    """3 players, seat 0 leads its last card: penalties (0, 4, 2) or, swapping Jalapeños, ties."""
    return table(
        hands=["R9", "R3 G5 Y2", "R4 G6 G7"],
        jalapenos=["", "G1", "Y1"],
        piles=["G2 G3", "G8 Y5", "R5"],
        rounds=rounds,
        round_starter=round_starter,
    )


def test_the_player_with_the_most_penalty_points_starts_the_new_round() -> None:
    """Rulebook: "At the end of a round, the player with the most penalty points becomes the
    starting player for the new round." Penalties (0, 4, 2): seat 1 starts round 2."""
    state = play_all(round_end_table(round_starter=0), "R9", "R3", "R4")
    assert state.round_penalties == ((0, 4, 2),)
    assert state.round_no == 2 and state.round_starter == 1
    assert state.leader == 1 and state.current_players() == (1,)


def test_a_new_round_is_a_fresh_deal_of_the_whole_deck() -> None:
    before = GAME.new_game(players=4, seed=6)
    state = finish_round(before)
    assert state.round_no == 2 and state.trick == () and state.last_trick is None
    assert state.piles == ((),) * 4 and state.voids == (frozenset(),) * 4
    dealt = [c for s in range(4) for c in (*state.hands[s], *state.jalapenos[s])]
    assert sorted(dealt, key=sort_key) == deck_for(4)
    assert all(len(state.hands[s]) + len(state.jalapenos[s]) == 12 for s in range(4))


def test_the_scored_round_stays_visible_after_the_next_deal() -> None:
    """The next deal replaces hands, piles and Jalapeños, but players still see the round's last
    trick and what each penalty was made of (``last_round``), matching the scored penalties."""
    state = finish_round(GAME.new_game(players=4, seed=6))
    jalapenos, piles, (winner, final_trick) = state.last_round
    assert len(final_trick) == 4 and winner in range(4)
    penalties = tuple(round_penalty(j, p) for j, p in zip(jalapenos, piles, strict=True))
    assert penalties == state.round_penalties[0]
    public = state.view(None)["last_round"]
    assert public["round"] == 1 and public["penalties"] == list(state.round_penalties[0])
    assert public["piles"] == [[str(c) for c in p] for p in piles]
    assert public["last_trick"]["winner"] == winner


def test_seeded_rounds_start_with_the_round_s_most_penalised_player() -> None:
    state = GAME.new_game(players=6, seed=31)
    for _ in range(ROUNDS - 1):
        before = state.round_starter
        state = finish_round(state)
        penalties = state.round_penalties[-1]
        assert penalties[state.round_starter] == max(penalties)
        assert state.round_starter == next_round_starter(penalties, before)


def test_tie_for_most_penalty_points_goes_to_the_first_tied_clockwise_from_this_starter() -> None:
    """Decision (docs/rules-decisions.md; the rulebook is silent): among the tied players, the one
    reached first going clockwise from this round's starting player (who wins a tie themself)."""
    assert next_round_starter([3, 7, 7, 0], round_starter=0) == 1
    assert next_round_starter([3, 7, 7, 0], round_starter=2) == 2
    assert next_round_starter([3, 7, 7, 0], round_starter=3) == 1
    assert next_round_starter([5, 0, 5], round_starter=1) == 2
    assert next_round_starter([0, 0, 0], round_starter=2) == 2


def test_tie_rule_in_a_played_round() -> None:
    """Seat 1 (G1, two greens in its pile) and seat 2 (Y1, two yellows) tie at 4 penalty points:
    with seat 2 starting the round seat 2 starts the next; with seat 0 starting, seat 1 does."""
    tied = {
        "hands": ["R9", "R3 G5 Y2", "R4 Y6 Y7"],
        "jalapenos": ["", "G1", "Y1"],
        "piles": ["G2 G3", "G8 Y5", "R5"],
        "rounds": 2,
    }
    state = play_all(table(**tied, round_starter=2), "R9", "R3", "R4")
    assert state.round_penalties == ((0, 4, 4),) and state.round_starter == 2
    state = play_all(table(**tied, round_starter=0), "R9", "R3", "R4")
    assert state.round_penalties == ((0, 4, 4),) and state.round_starter == 1


# -- five rounds, and the end --------------------------------------------------------------


def test_after_5_rounds_the_player_with_the_fewest_penalty_points_wins() -> None:
    """Rulebook: "After 5 rounds, the player with the fewest penalty points wins." """
    assert ROUNDS == 5 and GAME.options["rounds"].default == 5
    state = GAME.new_game(players=4, seed=12)
    rounds_seen = {state.round_no}
    chooser = Rng(3)
    while not state.is_over():
        assert state.winners() == []
        seat = state.current_players()[0]
        state = state.apply(seat, chooser.choice(state.legal_actions(seat)))
        rounds_seen.add(state.round_no)
    assert rounds_seen == {1, 2, 3, 4, 5} and len(state.round_penalties) == 5
    totals = [sum(r[s] for r in state.round_penalties) for s in range(4)]
    assert state.penalty_totals() == totals
    assert state.winners() == [s for s in range(4) if totals[s] == min(totals)]


def test_players_tied_on_fewest_penalty_points_share_the_win() -> None:
    """Decision: ties for the fewest penalty points share the win (winners() lists them all)."""
    state = table(hands=["", "", ""], round_penalties=[(3, 1, 2)] * 5, over=True)
    assert state.is_over() and state.winners() == [1]
    rounds = [(1, 4, 1), (2, 0, 2), (0, 0, 0)]
    state = table(hands=["", "", ""], round_penalties=rounds, over=True, rounds=3)
    assert state.winners() == [0, 2] and state.scores() == [-3, -4, -3]


def test_a_finished_game_refuses_every_action() -> None:
    state = finish(GAME.new_game(players=3, seed=2, options={"rounds": 1}))
    assert state.is_over() and state.current_players() == ()
    assert all(state.legal_actions(s) == [] for s in range(3))
    with pytest.raises(Exception, match="The game is over."):
        state.apply(0, "R2")


@pytest.mark.parametrize("rounds", [1, 2, 7])
def test_the_rounds_option_is_a_variant_length(rounds: int) -> None:
    state = finish(GAME.new_game(players=3, seed=rounds, options={"rounds": rounds}))
    assert len(state.round_penalties) == rounds and state.round_no == rounds


def test_final_piles_hold_the_left_over_hands() -> None:
    state = finish(GAME.new_game(players=3, seed=4, options={"rounds": 1}))
    in_play = [c for s in range(3) for c in (*state.piles[s], *state.jalapenos[s])]
    assert sorted(in_play, key=sort_key) == deck_for(3)


# -- golden counts -------------------------------------------------------------------------

# players -> (actions, legal actions summed over the game, scores, digest of the moves,
# digest of every saved state). Seed 1, choices from Rng(99): the same numbers as
# tests/pyodide/parity_probe.py plays, so they hold on Pyodide too. A change here is a change
# in the rules (moves), or in the save format (states): say which in the commit.
GOLDEN = {
    3: (183, 813, [-9, -61, -45], "77428f8deb14bebc", "6c841e0e477a2f2f"),
    4: (236, 998, [-32, -33, -36, -9], "90d70fb69dbe810a", "784a290c0e668be9"),
    5: (290, 1116, [-14, -18, -35, -21, -62], "11a41a7c1b52147e", "9b888be56c6400f5"),
    6: (342, 1362, [-21, -20, -20, -27, -33, -28], "e2e174df7e920770", "a24a22bf04ac8299"),
    7: (413, 1546, [-51, -52, -6, -19, -10, -27, -12], "19ee7ae97bd100bd", "7fe9b011d7f7bb13"),
    8: (480, 1780, [-7, -41, -50, -4, -46, -11, -21, -27], "448d0303dd866f5d", "89f6756e8551431f"),
    9: (
        540,
        2100,
        [-4, -40, 0, -19, -13, -14, -49, -89, 0],
        "3623ccaa848dcc95",
        "db0341dc6f872969",
    ),
}


@pytest.mark.parametrize("players", COUNTS)
def test_golden_counts_for_seed_1(players: int) -> None:
    state, chooser = GAME.new_game(players=players, seed=1), Rng(99)
    states, moves, legal = [state], [], 0
    while not state.is_over():
        seat = state.current_players()[0]
        actions = state.legal_actions(seat)
        legal += len(actions)
        action = actions[chooser.below(len(actions))]
        moves.append(str(action))
        state = state.apply(seat, action)
        states.append(state)
    moves_digest = hashlib.sha256(" ".join(moves).encode()).hexdigest()[:16]
    assert (len(moves), legal, state.scores(), moves_digest, digest(states)) == GOLDEN[players]


def test_without_a_seed_a_game_is_still_dealt_and_saved_with_its_generator() -> None:
    state = GAME.new_game(players=3)
    assert all(len(state.hands[s]) + len(state.jalapenos[s]) == 12 for s in range(3))
    assert GAME.from_dict(state.to_dict()) == state
