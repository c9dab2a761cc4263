"""Step 5 (bonuses for the best cantinas, penalties for Mounties) and the end of the game."""

from __future__ import annotations

from nacho_tables import M, P, S, event, kinds, names, play, table

from engine.nacho.components import CANTINA_BONUS, PROVINCES, ROUNDS, TURNS_PER_ROUND
from engine.nacho.rules import final_winner, majority, round_bonuses

KAMIEL, FILIP = 0, 1


def last_turn_of_round(round_no: int = 1, **kw):
    """Two players at the last turn of a round (the deck in use holds its last Mountie):
    Kamiel plays Zorro to Saskatchewan, Filip plays Abe; the round ends after Filip's step 4."""
    state = table(
        2,
        hands={KAMIEL: "Zorro", FILIP: "Abe"},
        warehouses={KAMIEL: "beans", FILIP: "beans"},
        top=("AB1", "SK2", "ON1", "QC2"),  # nobody wants beans
        face_up="M10",  # Constable Tremblay (Quebec, 3) goes to Kamiel's empty Quebec cantina
        mdeck=(M("M10"),),
        round_no=round_no,
        turn_no=TURNS_PER_ROUND,
        **kw,
    )
    return play(state, (KAMIEL, "S14"), (FILIP, "S01"), (KAMIEL, "SK"), (FILIP, "SK"))


def test_step_5_happens_when_the_mountie_deck_in_use_is_exhausted() -> None:
    """Rulebook: "When the Mountie deck in use is exhausted and the "end of round" card becomes
    visible, do the following." "Otherwise skip this step." """
    state = last_turn_of_round()
    assert kinds(state).count("round") == 1
    assert state.view(None)["last_round"]["round"] == 1
    early = table(2, hands={0: "Zorro", 1: "Abe"}, warehouses={0: "beans", 1: "beans"})
    early = play(early, (0, "S14"), (1, "S01"), (0, "SK"))
    early = early.apply(0, "none") if early.phase() == "deliver" else early
    early = early.apply(1, "SK")
    early = early.apply(1, "none") if early.phase() == "deliver" else early
    assert "round" not in kinds(early) and early.mdeck


def test_the_best_cantina_scores_its_bonus_and_its_keepers_retire() -> None:
    """Rulebook: "Look at all cantina keepers of each player in each province." "If one player
    has in total more than the other players in a province, he/she has the best cantina and
    scores the bonus indicated at the bottom of the cantina card." "Afterwards his cantina
    keepers can retire thanks to their new wealth: the winning player must remove all his
    cantina keepers in that province from the game." """
    state = last_turn_of_round(
        keepers={
            KAMIEL: {"AB": "Dolores Ezra", "ON": "Wanda"},
            FILIP: {"AB": "Juana", "QC": "Coco"},
        },
        gold=(10, 10),
    )
    # Alberta: Kamiel 3+3=6 vs Filip 6: a tie. Saskatchewan: Kamiel's Zorro 9 vs Filip's Abe 1.
    # Ontario: Kamiel 6 alone. Quebec: Filip's Coco 1 alone.
    bonuses = {(b["province"], b["seat"]) for b in state.view(None)["last_round"]["bonuses"]}
    assert bonuses == {("SK", KAMIEL), ("ON", KAMIEL), ("QC", FILIP)}
    # Kamiel paid 5 for Zorro, Filip 0 for Abe; Kamiel took the Quebec Mountie (-3).
    sk, on, qc = (CANTINA_BONUS[P(c)] for c in ("SK", "ON", "QC"))
    assert state.gold == (10 - 5 + sk + on - 3, 10 + qc)
    assert state.keepers[KAMIEL][P("SK")] == () and state.keepers[KAMIEL][P("ON")] == ()
    assert names(state.keepers[FILIP][P("SK")]) == ["Abe"]  # the loser's keepers stay
    assert {S("Zorro"), S("Wanda"), S("Coco")} <= set(state.removed_s)
    round_event = event(state, "round")
    assert round_event["bonuses"][0]["retired"] == ["S14"]


def test_a_tie_for_the_best_cantina_scores_nothing_and_removes_nothing() -> None:
    """Rulebook: "If there is a tie, no bonuses are awarded and no cards are removed from the
    game." """
    assert majority([6, 6, 2]) is None and majority([0, 0, 0]) is None
    assert majority([6, 7, 2]) == 1
    keepers = (((S("Dolores"), S("Ezra")), (), (), ()), ((S("Juana"),), (), (), ()))
    assert round_bonuses(keepers) == []
    state = last_turn_of_round(keepers={KAMIEL: {"AB": "Dolores Ezra"}, FILIP: {"AB": "Juana"}})
    assert names(state.keepers[KAMIEL][P("AB")]) == ["Dolores", "Ezra"]
    assert names(state.keepers[FILIP][P("AB")]) == ["Juana"]


def test_every_mountie_held_costs_its_penalty_and_stays() -> None:
    """Rulebook: "Look at the Mounties present on each player's cantina cards." "For every
    Mountie a player has, he loses the number of points stated at the bottom of the Mountie
    card (3 or 4)." "Do not remove Mountie cards from the game; they stay lurking until they can
    arrest someone!" """
    state = last_turn_of_round(mounties={FILIP: {"QC": "M11", "ON": "M07"}}, gold=(10, 10))
    penalties = {p["seat"]: p["penalty"] for p in state.view(None)["last_round"]["penalties"]}
    assert penalties == {KAMIEL: 3, FILIP: 4 + 3}  # Kamiel holds the Mountie he took
    assert state.gold[FILIP] == 10 - 0 - 7
    assert state.cmounties[FILIP][P("QC")] == (M("M11"),)
    assert state.cmounties[FILIP][P("ON")] == (M("M07"),)


def test_after_the_third_round_the_game_is_over() -> None:
    """Rulebook: "The Nacho Incident is played in 3 rounds, each of which in turn consists of 4
    turns for each player." "When all Mountie decks are exhausted, the game is over!" "Go
    directly to "End of the Game"." "Otherwise just continue." "After 12 turns the game is
    over." """
    assert ROUNDS * TURNS_PER_ROUND == 12
    state = last_turn_of_round(round_no=3, mreserve=())
    assert state.is_over() and state.phase() == "over" and kinds(state)[-1] == "game-over"
    assert state.current_players() == () and state.legal_actions(0) == []
    going_on = last_turn_of_round(round_no=2)
    assert not going_on.is_over() and going_on.phase() in ("gem", "discard")


def test_the_player_with_the_most_money_wins() -> None:
    """Rulebook: "At the end of the game, the player who has earned the most money wins." "The
    player with the most money wins!" """
    state = last_turn_of_round(round_no=3, mreserve=(), gold=(40, 12))
    assert state.winners() == [KAMIEL] and state.scores() == list(state.gold)
    assert event(state, "game-over")["winners"] == [KAMIEL]


def test_a_tie_goes_to_the_gemstone_holder_then_the_nearest_counter_clockwise() -> None:
    """Rulebook: "In case of a tie, the tied player who holds the gemstone wins, or the one who
    sits closest, going counter-clockwise ("linksom" in the Dutch text), to the player holding
    the gemstone." Counter-clockwise is the previous seat number."""
    assert final_winner([30, 30, 10, 30], gem=0) == 0
    assert final_winner([30, 30, 10, 30], gem=2) == 1  # 2 -> 1 -> 0 -> 3 counter-clockwise
    assert final_winner([30, 10, 30, 10], gem=1) == 0
    assert final_winner([30, 10, 10, 30], gem=1) == 0
    assert final_winner([10, 30, 10, 30], gem=0) == 3
    # Through a real game end: equal gold, Filip holds the stone.
    state = last_turn_of_round(round_no=3, mreserve=(), gold=(20, 20), gem=FILIP)
    assert state.gold[KAMIEL] == state.gold[FILIP]
    assert state.winners() == [FILIP]
    assert event(state, "game-over")["tied"] == [KAMIEL, FILIP]


def test_cantinas_carry_their_bonus_and_every_player_has_one_per_province() -> None:
    """Rulebook: "Each player gets a set of 4 cantina cards, one for each province." "Lay them
    next to each other in front of you." "It also helps if all players lay them out in the same
    order as the province cards are laid out." Every seat's view lists its cantinas in the
    provinces' order, each with its bonus."""
    view = table(3).view(2)
    for seat in view["seats"]:
        assert [c["province"] for c in seat["cantinas"]] == [p.code for p in PROVINCES]
        assert [c["bonus"] for c in seat["cantinas"]] == list(CANTINA_BONUS)
