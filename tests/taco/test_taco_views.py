"""What a seat sees (engine/taco/views.py): the whole restaurant for a screen, the dice and
their states, the moves split into verb/target/dice, the menu — and nothing hidden."""

from __future__ import annotations

import json

from taco_tables import table

from engine import get_game
from engine.taco.cards import INSPECTION_CARDS, TASKS

GAME = get_game("taco")


def test_the_deck_order_and_the_unseen_inspection_are_hidden() -> None:
    state = GAME.new_game(1, seed=21)
    text = json.dumps(state.view(0))
    for code in (*state.deck, *state.task_deck):
        assert f'"{code}"' not in text, code
    assert not any(code in text for code in INSPECTION_CARDS)
    assert state.view(0)["deck"]["customers"] == 49 and state.view(0)["cards_left"] == 49


def test_the_view_names_every_place_of_the_board() -> None:
    state = table(
        line={"1": "C23 paid", "p2": "C03"},
        dice="M=$ E1=F:kept E2:busy E3:room T:locked",
        tasks=(("T02", "E2", 1),),
        room=("", "E3", ""),
        door="T01",
        bonus=(("C44", "", 0),),
        fines=6,
        fine_zone=("C54",),
        extra="C46",
        cash=2,
    )
    view = state.view(0)
    assert view["counter"][0]["card"]["code"] == "C23" and view["counter"][0]["card"]["paid"]
    assert view["patience"][1]["card"]["code"] == "C03" and view["patience"][0]["card"] is None
    assert view["door"]["code"] == "T01" and view["door"]["face"] == TASKS["T01"].face
    assert view["task_zone"] == [
        {"task": view["task_zone"][0]["task"], "die": "E2", "turns_left": 1}
    ]
    assert view["bonus_zone"]["cards"][0]["state"] == "waiting"
    assert view["rest_room"][1] == {"space": 2, "die": "E3"} and view["trainee_locked"]
    assert view["fine_zone"][0]["code"] == "C54" and view["fines"] == 6
    assert view["extra"]["code"] == "C46" and view["cash"] == 2
    dice = {d["id"]: d for d in view["dice"]}
    assert (dice["M"]["state"], dice["M"]["face"], dice["M"]["usable"]) == ("free", "$", True)
    assert dice["E1"]["state"] == "kept" and dice["E1"]["usable"]
    assert (dice["E2"]["where"], dice["E2"]["on"], dice["E2"]["turns_left"]) == (
        "task zone",
        "T02",
        1,
    )
    assert dice["E3"]["where"] == "rest room" and dice["T"]["where"] == "fine zone"


def test_moves_split_each_legal_action_into_verb_target_and_dice() -> None:
    """A screen lights the targets a selection of dice could go to."""
    state = table(line={"1": "C15"}, dice="M=$ E1=F T=B", door="T08")
    view = state.view(0)
    assert [m["text"] for m in view["moves"]] == view["legal"]
    targets = {m["target"] for m in view["moves"] if set(m["dice"]) == {"E1", "T"}}
    assert targets == {"1"}
    assert {m["target"] for m in view["moves"] if m["dice"] == ["T"]} == {"door", "keep"}
    both = [m for m in view["moves"] if m["verb"] == "both"]
    assert both == [
        {"text": "both 1 M E1 T", "dice": ["M", "E1", "T"], "verb": "both", "target": "1"}
    ]


def test_the_menu_says_what_each_line_needs_and_whether_the_dice_allow_it() -> None:
    state = table(line={"1": "C03"}, dice="M=$ E1=F E2=F E3=D T=B", cash=3)
    menu = {m["id"]: m for m in state.view(0)["menu"]}
    assert menu["taco"]["available"] and menu["taco"]["needs"] == [
        {"food": 2, "drink": 1, "money": 1, "blank": 1}
    ]
    assert not menu["vulcano"]["available"] and menu["reroll"]["available"]
    assert not menu["advertise"]["available"] and menu["advertise"]["cost"] == 10


def test_a_spectator_sees_the_table_and_no_moves() -> None:
    state = GAME.new_game(2, seed=4)
    view = state.view(None)
    assert view["legal"] == [] and view["moves"] == [] and "hand" not in view


def test_the_customer_player_sees_their_hand_and_what_they_must_do() -> None:
    state = table(players=2, stage="customers", hand=("C11", "C03", "C09"), deck=("C13",))
    view = state.view(1)
    assert [c["code"] for c in view["hand"]] == ["C03", "C09", "C11"]
    assert view["customer_player"] == {
        "banned": False,
        "ban_until": 0,
        "must_follow": False,
        "discards_left": 3,
    }
    follow = state.apply(1, "play C11").view(1)
    assert follow["customer_player"]["must_follow"] and follow["customer_player"]["banned"]
