"""Step 4: the smuggler opens a cantina; Mounties arrest. Two players: Kamiel (seat 0, the
gemstone) goes first with Zorro and takes the face-up Mountie (Alberta's Constable Dudley,
harmless here); Filip (seat 1) is the player under test, second."""

from __future__ import annotations

import pytest
from nacho_tables import M, P, S, event, kinds, legal, names, play, table

from engine import IllegalAction
from engine.nacho.rules import highest_anywhere, mountie_choices, trouble

KAMIEL, FILIP = 0, 1


def filips_step(smuggler: str, keepers=None, mounties=None, **kw):
    """Both pick; Kamiel's step is done (Zorro to Saskatchewan, nothing delivered): Filip is to
    choose his destination."""
    state = table(
        2,
        hands={KAMIEL: "Zorro", FILIP: smuggler},
        warehouses={KAMIEL: "beans", FILIP: "beans"},
        top=("AB1", "SK1", "ON1", "QC1"),  # nobody wants beans on ON1; SK1 does (7)
        face_up="M01",
        keepers=keepers or {},
        mounties=mounties or {},
        **kw,
    )
    state = play(state, (KAMIEL, "S14"), (FILIP, smuggler), (KAMIEL, "SK"), (KAMIEL, "none"))
    assert state.current_players() == (FILIP,) and state.phase() == "destination"
    return state


def test_the_smuggler_opens_a_cantina_in_the_province_he_was_sent_to() -> None:
    """Rulebook: "Next, the smuggler you chose opens a cantina in the province to which you sent
    him." "Remember that the destination can differ from the flag on the smuggler card." "To
    build a cantina in a province, you place the smuggler card on the matching cantina card
    lying in front of you." """
    state = filips_step("S38").apply(FILIP, "SK")  # Wanda, Ontario flag, to Saskatchewan
    state = state.apply(FILIP, "none")
    assert state.keepers[FILIP][P("SK")] == (S("Wanda"),)
    assert event(state, "keeper") == {
        "seat": FILIP,
        "smuggler": "S38",
        "name": "Wanda",
        "rank": 6,
        "province": "SK",
    }
    cantina = state.view(KAMIEL)["seats"][FILIP]["cantinas"][P("SK")]
    assert [k["name"] for k in cantina["keepers"]] == ["Wanda"] and cantina["total"] == 6


def test_a_mountie_arrests_the_highest_keeper_on_his_cantina() -> None:
    """Rulebook: "If you have a Mountie that shares a province with another card, the following
    happens:" "Mountie(s) with 1 or more smugglers: The Mountie arrests the smuggler on the
    cantina card with the highest number." "Remove the Mountie and the prisoner from the game
    and leave any remaining cards on the cantina card." """
    state = filips_step("S38", keepers={FILIP: {"ON": "Queenie"}}, mounties={FILIP: {"ON": "M07"}})
    state = state.apply(FILIP, "ON")  # Wanda (6) joins Queenie (3) and Constable Beaver
    assert names(state.keepers[FILIP][P("ON")]) == ["Queenie"]
    assert state.cmounties[FILIP][P("ON")] == ()
    assert S("Wanda") in state.removed_s and M("M07") in state.removed_m
    arrest = event(state, "arrest")
    assert (arrest["mountie"]["id"], arrest["smuggler"]["name"], arrest["bored"]) == (
        "M07",
        "Wanda",
        False,
    )
    assert arrest["cantina"] == arrest["province"] == "ON"


def test_a_low_keeper_is_safe_when_a_higher_one_shares_the_cantina() -> None:
    state = filips_step("S29", keepers={FILIP: {"ON": "Zelda"}}, mounties={FILIP: {"ON": "M07"}})
    state = state.apply(FILIP, "ON")  # Nachito (1) joins Zelda (8): Zelda is arrested
    assert names(state.keepers[FILIP][P("ON")]) == ["Nachito"]
    assert S("Zelda") in state.removed_s


def test_mounties_received_earlier_act_too() -> None:
    """Rulebook: "You may have received Mounties by acting first, or from a previous turn." The
    first player's new Mountie arrests at once if he lands on a cantina with keepers."""
    state = table(
        2,
        hands={KAMIEL: "Zorro", FILIP: "Abe"},
        warehouses={KAMIEL: "beans", FILIP: "beans"},
        keepers={KAMIEL: {"ON": "Queenie Rufus"}},
        face_up="M09",  # Sergeant Loon, Ontario
    )
    state = play(state, (KAMIEL, "S14"), (FILIP, "S01"), (KAMIEL, "SK"))
    if state.phase() == "deliver":
        state = state.apply(KAMIEL, "none")
    assert [e.data["smuggler"]["name"] for e in state.events if e.kind == "arrest"] == ["Queenie"]
    assert names(state.keepers[KAMIEL][P("ON")]) == ["Rufus"]  # the first of the tied 3s goes


def test_with_two_mounties_you_choose_who_makes_the_arrest() -> None:
    """Rulebook: "If there are 2 Mounties, you choose who makes the arrest." The one who
    arrests leaves the game; the other stays (and costs his penalty at the round's end)."""
    state = filips_step(
        "S38", keepers={FILIP: {"ON": "Queenie"}}, mounties={FILIP: {"ON": "M07 M09"}}
    )
    state = state.apply(FILIP, "ON")
    assert state.phase() == "arrest" and legal(state, FILIP) == ["M07", "M09"]
    with pytest.raises(IllegalAction) as err:
        state.apply(FILIP, "M01")
    assert err.value.rule == "arrest-mountie"
    state = state.apply(FILIP, "M09")
    assert state.cmounties[FILIP][P("ON")] == (M("M07"),)
    assert names(state.keepers[FILIP][P("ON")]) == ["Queenie"]
    assert state.phase() != "arrest"


def test_two_mounties_of_the_same_penalty_are_no_choice() -> None:
    assert mountie_choices([M("M07"), M("M08")]) == [M("M07")]
    state = filips_step("S38", mounties={FILIP: {"ON": "M07 M08"}}).apply(FILIP, "ON")
    assert state.phase() != "arrest" and "arrest" in kinds(state)


def test_only_two_mounties_one_gets_bored_and_arrests_your_highest_keeper_anywhere() -> None:
    """Rulebook: "Only 2 Mounties: One Mountie gets bored and kicks it off." "He arrests the
    cantina keeper with the highest number that you have among all provinces!" "Remove both
    cards from the game." Both: the bored Mountie and his prisoner; the other Mountie stays."""
    state = filips_step(
        "S30",
        keepers={FILIP: {"AB": "Bart", "SK": "Dottie"}},
        mounties={FILIP: {"QC": "M10 M12"}},
    )
    state = state.apply(FILIP, "ON")  # Olga (2) to Ontario; nothing to deliver there
    assert state.phase() == "arrest" and legal(state, FILIP) == ["M10", "M12"]
    state = state.apply(FILIP, "M12")  # Corporal Roy (4) gets bored
    arrest = event(state, "arrest")
    assert arrest["bored"] and arrest["smuggler"]["name"] == "Bart" and arrest["cantina"] == "QC"
    assert arrest["province"] == "AB"
    assert state.cmounties[FILIP][P("QC")] == (M("M10"),)
    assert state.keepers[FILIP][P("AB")] == ()
    assert {S("Bart")} <= set(state.removed_s) and M("M12") in state.removed_m


def test_a_bored_mountie_on_a_tie_you_decide_whom_he_arrests() -> None:
    """Rulebook: "In case of a tie, you decide whom he arrests." """
    state = filips_step(
        "S30",
        keepers={FILIP: {"AB": "Bart", "SK": "Lalo"}},
        mounties={FILIP: {"QC": "M10 M11"}},
    )
    state = play(state, (FILIP, "ON"), (FILIP, "M11"))
    assert state.phase() == "bored" and legal(state, FILIP) == ["arrest:S13", "arrest:S27"]
    with pytest.raises(IllegalAction) as err:
        state.apply(FILIP, "arrest:S30")  # Olga (2) is not among the highest
    assert err.value.rule == "bored-highest"
    state = state.apply(FILIP, "arrest:S27")
    assert names(state.keepers[FILIP][P("AB")]) == ["Bart"] and state.keepers[FILIP][P("SK")] == ()
    assert highest_anywhere(state.keepers[FILIP]) == [S("Bart")]


def test_with_no_keepers_at_all_you_place_the_wandering_mountie() -> None:
    """Rulebook: "If you have no cantina keepers at all, simply place the wandering Mountie on a
    cantina card of your choice." He leaves for another cantina and acts no more this turn."""
    state = filips_step("S38", mounties={FILIP: {"ON": "M07", "QC": "M10 M11"}})
    state = state.apply(FILIP, "ON")  # Constable Beaver arrests Wanda at once: no keepers left
    assert [e.data["smuggler"]["name"] for e in state.events if e.kind == "arrest"] == ["Wanda"]
    assert state.phase() == "arrest"  # which of the two in Quebec gets bored?
    state = state.apply(FILIP, "M10")
    assert state.phase() == "wander" and legal(state, FILIP) == [
        "wander:AB",
        "wander:SK",
        "wander:ON",
    ]
    with pytest.raises(IllegalAction) as err:
        state.apply(FILIP, "wander:QC")
    assert err.value.rule == "wander-elsewhere"
    state = state.apply(FILIP, "wander:AB")
    assert state.cmounties[FILIP][P("AB")] == (M("M10"),)
    assert state.cmounties[FILIP][P("QC")] == (M("M11"),)
    assert event(state, "wander") == {
        "seat": FILIP,
        "mountie": {"id": "M10", "name": "Constable Tremblay", "flag": "QC", "penalty": 3},
        "from": "QC",
        "to": "AB",
    }


def test_mounties_with_keepers_act_before_bored_ones_each_cantina_once() -> None:
    keepers = ((), (S("Queenie"),), (), ())
    mounties = ((M("M10"), M("M11")), (M("M07"),), (), ())
    assert trouble(keepers, mounties, 0) == 1  # Saskatchewan: a Mountie with a keeper
    assert trouble(keepers, mounties, 0b0010) == 0  # then the two alone in Alberta
    assert trouble(keepers, mounties, 0b0011) is None


def test_then_the_next_player_and_after_the_last_step_5() -> None:
    """Rulebook: "Once the player has gone through steps 3 and 4, the next player takes their
    turn." "When all players have gone through those steps, proceed to step 5." """
    state = play(filips_step("S38"), (FILIP, "QC"), (FILIP, "beans"))
    # Not the last turn of the round: no step 5; straight on to step 6 (the gemstone).
    assert "round" not in kinds(state) and state.phase() in ("gem", "discard")
    last = filips_step("S38", mdeck=(M("M01"),))
    last = play(last, (FILIP, "QC"), (FILIP, "beans"))
    assert "round" in kinds(last)
