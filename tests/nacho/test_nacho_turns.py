"""Steps 1 and 2: secret simultaneous picks, the reveal, the playing order, the first player's
Mountie. Seat 0 is Kamiel (he holds the gemstone), then clockwise Filip (1), Johan (2), Bart
(3), as in the rulebook's example."""

from __future__ import annotations

import json

import pytest
from nacho_tables import M, P, S, event, kinds, legal, names, play, table

from engine import IllegalAction
from engine.nacho.rules import turn_order

KAMIEL, FILIP, JOHAN, BART = range(4)


def example_table(**kw):
    """Kamiel holds a "3", the others "5"s (and a spare card each)."""
    return table(
        hands={
            KAMIEL: "Dolores Abe",
            FILIP: "Jen Blanca",
            JOHAN: "Hector Bea",
            BART: "Ursula Olga",
        },
        **kw,
    )


def test_every_player_chooses_a_smuggler_at_the_same_time() -> None:
    """Rulebook: "Step 1: Every player chooses a smuggler and reveals their choice
    simultaneously." "Each player chooses a smuggler card from their hand and places it face
    down on the table." Everyone who has not picked is to act; a pick is told to others only
    as "a smuggler was picked"."""
    state = example_table()
    assert state.phase() == "pick" and state.current_players() == (0, 1, 2, 3)
    assert legal(state, FILIP) == ["S02", "S22"]
    after = state.apply(FILIP, "S22")
    assert after.current_players() == (0, 2, 3)
    assert after.view(FILIP)["events"] == [
        {"kind": "pick", "seat": FILIP, "smuggler": "S22", "name": "Jen"}
    ]
    for other in (None, KAMIEL, JOHAN, BART):
        view = after.view(other)
        assert view["events"] == [{"kind": "pick", "seat": FILIP, "secret": True}]
        assert view["seats"][FILIP]["picked"] is True and view["seats"][FILIP]["played"] is None
        assert "S22" not in json.dumps(view) and "Jen" not in json.dumps(view)
    assert after.view(FILIP)["pick"]["name"] == "Jen"
    assert after.view(FILIP)["hand"] == [after.view(FILIP)["hand"][0]]  # Blanca only


def test_a_seat_picks_once_and_only_from_its_hand() -> None:
    state = example_table()
    with pytest.raises(IllegalAction) as err:
        state.apply(FILIP, "S13")  # Bart the smuggler is not in Filip's hand
    assert err.value.rule == "not-in-hand"
    after = state.apply(FILIP, "S22")
    with pytest.raises(IllegalAction) as err:
        after.apply(FILIP, "S02")
    assert err.value.rule == "not-your-turn"


def test_simultaneously_turn_over_the_chosen_smuggler_cards() -> None:
    """Rulebook: "Simultaneously turn over the chosen smuggler cards." The reveal comes with
    the last pick, whatever order the picks were made in, and lists every pick."""
    orders = [(0, 1, 2, 3), (3, 1, 0, 2), (2, 3, 1, 0)]
    results = []
    for order in orders:
        state = example_table()
        picks = {KAMIEL: "S04", FILIP: "S22", JOHAN: "S23", BART: "S36"}
        for k, seat in enumerate(order):
            state = state.apply(seat, picks[seat])
            assert ("reveal" in kinds(state)) == (k == 3)
        results.append(state)
    assert results[0] == results[1] == results[2] or all(
        r.to_dict()["public"] == results[0].to_dict()["public"] for r in results
    )
    reveal = event(results[0], "reveal")
    assert [(p["seat"], p["name"], p["rank"]) for p in reveal["picks"]] == [
        (0, "Dolores", 3),
        (1, "Jen", 5),
        (2, "Hector", 5),
        (3, "Ursula", 5),
    ]


def test_kamiels_example_of_the_playing_order() -> None:
    """Rulebook: "Example: Kamiel has the stone." "Going clockwise, to his left sit first
    Filip, then Johan and then Bart." "Kamiel has a "3" smuggler." "The other players all
    played a "5" smuggler." "So Filip is first, then Johan and then Bart." "Kamiel plays last
    because he has the smuggler card with the lowest value." """
    assert turn_order([3, 5, 5, 5], gem=KAMIEL) == (FILIP, JOHAN, BART, KAMIEL)
    state = play(example_table(), (0, "S04"), (1, "S22"), (2, "S23"), (3, "S36"))
    assert list(state.order) == [FILIP, JOHAN, BART, KAMIEL]
    assert event(state, "reveal")["order"] == [FILIP, JOHAN, BART, KAMIEL]
    assert state.phase() == "destination" and state.current_players() == (FILIP,)


def test_the_player_who_played_the_highest_number_goes_first() -> None:
    """Rulebook: "The player who played the card with the highest number goes through steps 3
    and 4 first." "Continue like this until everyone has had a turn." """
    assert turn_order([1, 9, 4, 6], gem=0) == (1, 3, 2, 0)
    state = table(hands={0: "Abe", 1: "Zorro", 2: "Flora", 3: "Juana"})
    state = play(state, (0, "S01"), (1, "S14"), (2, "S06"), (3, "S10"))
    seen = []
    while state.phase() in ("destination", "deliver"):
        seat = state.current_players()[0]
        if not seen or seen[-1] != seat:
            seen.append(seat)
        state = state.apply(seat, state.legal_actions(seat)[-1])
    assert seen == [1, 3, 2, 0]


def test_equal_cards_go_by_the_gemstone_then_clockwise() -> None:
    """Rulebook: "When equal cards are played, look at who has the gemstone." "The player with
    the stone has priority and plays first." "Going clockwise from the player with the stone,
    priority decreases the further away someone sits from the person with the stone." """
    assert turn_order([5, 5, 5, 5], gem=0) == (0, 1, 2, 3)
    assert turn_order([5, 5, 5, 5], gem=2) == (2, 3, 0, 1)
    assert turn_order([5, 7, 5, 5], gem=3) == (1, 3, 0, 2)
    assert turn_order([4, 4, 4], gem=1) == (1, 2, 0)


def test_the_first_player_takes_the_face_up_mountie_onto_the_matching_cantina() -> None:
    """Rulebook: "Important "first player" rule: Give the Mountie card that is face up to the
    player who comes first in this round!" "The player must place the Mountie on the cantina
    card with the matching flag." """
    state = example_table(face_up="M09")  # Sergeant Loon, Ontario
    assert state.view(JOHAN)["mounties"]["face_up"]["name"] == "Sergeant Loon"
    state = play(state, (0, "S04"), (1, "S22"), (2, "S23"), (3, "S36"))
    assert state.cmounties[FILIP][P("ON")] == (M("M09"),)
    assert event(state, "mountie") == {
        "seat": FILIP,
        "mountie": {"id": "M09", "name": "Sergeant Loon", "flag": "ON", "penalty": 4},
        "province": "ON",
    }
    assert state.view(None)["mounties"]["face_up"] is None  # taken; the next one comes in step 6
    assert names(state.revealed) == ["Dolores", "Jen", "Hector", "Ursula"]


def test_the_smugglers_in_play_are_public_after_the_reveal() -> None:
    state = play(example_table(), (0, "S04"), (1, "S22"), (2, "S23"), (3, "S36"))
    for viewer in (None, 0, 1, 2, 3):
        seats = state.view(viewer)["seats"]
        assert [s["played"]["name"] for s in seats] == ["Dolores", "Jen", "Hector", "Ursula"]
    assert S("Jen") not in state.hands[FILIP]
