"""1 vs 1 (engine/taco/versus.py, hand.py): the customer player's seat, hand and plays, the ban
on repeating +OPEN/TASK plays, discarding three, the Extra deck revealed on lost stars, the
order-terminal cards, and both sides' wins."""

from __future__ import annotations

import json

import pytest
from taco_tables import kinds, legal, spot, table

from engine import IllegalAction, get_game
from engine.taco.cards import CHARACTER_CARDS, EXTRA_CARDS, PREPAID_CARDS, WELCOME_CARDS
from engine.taco.hand import playable

GAME = get_game("taco")
PLAIN, OPEN, TASK, OPEN2, TASK2 = "C03", "C11", "C06", "C08", "C10"


def versus(hand: tuple[str, ...], **kw):
    """The customer player's phase 1 (seat 1 to act)."""
    return table(players=2, stage="customers", hand=hand, **kw)


def test_one_player_manages_the_other_brings_the_customers() -> None:
    """Rulebook: "In this game mode, one player acts as the manager of "CRAZY TACO" and the other
    faces them by managing the clientele." "The customer player's mission is to overwhelm the
    other player's management capacity by introducing new customers into the restaurant." Seat 0
    is the manager, seat 1 the customer player."""
    state = GAME.new_game(2, seed=1)
    assert state.current_players() == (1,) and state.phase() == "customers"
    assert state.view(0)["roles"] == ["manager", "customers"]
    played = state.apply(1, state.legal_actions(1)[0])
    assert played.current_players() == (0,) and played.stage == "placement"


def test_the_versus_deck_trades_the_marked_cards_for_the_terminals() -> None:
    """Rulebook: "The setup is the same as for the solo game, with three exceptions:" "Modify the
    customer deck: remove from the game the three cards marked with the icon shown on page 16 of
    the manual, and add the three order-terminal cards marked with their own icon." "The "VIP"
    and "the pickpocket" character cards may not be used." "After shuffling the three Extra
    cards, place them face down in the manager player's area." """
    state = GAME.new_game(2, seed=2)
    cards = set(state.deck) | set(state.hand)
    assert set(PREPAID_CARDS) <= cards and not cards & set(CHARACTER_CARDS)
    assert not cards & {"C05", "C15", "C24"} and not cards & set(EXTRA_CARDS)
    assert sorted(state.extra_deck) == sorted(EXTRA_CARDS)
    assert state.view(0)["deck"]["extras"] == 3
    easy = GAME.new_game(2, seed=2, options={"characters": True})
    assert not (set(easy.deck) | set(easy.hand)) & set(CHARACTER_CARDS)


def test_the_opening_hand_is_three_cards_and_the_two_welcome_cards() -> None:
    """Rulebook: "They draw the first 3 cards from the customer deck which, together with the 2
    "WELCOME" starting cards, make up the opening hand." """
    state = GAME.new_game(2, seed=3)
    assert len(state.hand) == 5 and set(WELCOME_CARDS) <= set(state.hand)
    assert all(x is None for x in state.line)


def test_the_customer_player_plays_a_card_at_the_start_of_each_round() -> None:
    """Rulebook: "At the start of each round (phase 1), the customer player plays one of the
    cards in hand." "Phases 2 and 3 belong to the manager of "CRAZY TACO"." """
    state = versus((PLAIN, "C09", "C12", "C13", "C17"), deck=("C19", "C21"))
    after = state.apply(1, f"play {PLAIN}")
    assert spot(after, "1") == (PLAIN, False, False)
    assert after.current_players() == (0,) and after.stage == "placement"
    with pytest.raises(IllegalAction) as err:
        after.apply(1, "play C09")
    assert err.value.rule == "not-your-turn"


def test_after_playing_the_hand_is_refilled_to_five() -> None:
    """Rulebook: "After playing, draw cards from the customer deck as needed to restore a hand of
    5 cards." """
    state = versus((PLAIN, "C09", "C12", "C13", "C17"), deck=("C19", "C21"))
    after = state.apply(1, f"play {PLAIN}")
    assert len(after.hand) == 5 and "C19" in after.hand and after.deck == ("C21",)
    draw = [e for e in after.events if e.kind == "draw"][0]
    assert draw.to == (1,) and draw.for_seat(0) == {
        "kind": "draw",
        "seat": 1,
        "secret": True,
        "count": 1,
    }


def test_an_open_card_is_played_with_another_card() -> None:
    """Rulebook: "When playing a customer card, the base rule applies: after playing a "+OPEN" or
    "TASK" card together with its corresponding card, in that turn or the following turn you may
    not repeat the play of either one." """
    state = versus((OPEN, OPEN2, TASK, PLAIN, "C09"), deck=("C19", "C21", "C23"))
    first = state.apply(1, f"play {OPEN}")
    assert first.current_players() == (1,) and first.follow
    assert legal(first, 1) == [f"play {PLAIN}", "play C09"]  # no second +OPEN, no TASK
    with pytest.raises(IllegalAction) as err:
        first.apply(1, f"play {TASK}")
    assert err.value.rule == "open-task-repeat"
    second = first.apply(1, f"play {PLAIN}")
    assert [spot(second, s)[0] for s in ("1", "2")] == [OPEN, PLAIN]
    assert second.stage == "placement" and len(second.hand) == 5


def test_no_open_or_task_play_the_turn_after_one() -> None:
    """Rulebook: "That is, if a "+OPEN" card was played with its additional card, on the next
    turn you may not play another "+OPEN" card or a "TASK" card; and if a "TASK" card was played
    that turn, on the next turn you may play neither a "TASK" card nor a "+OPEN" card." """
    state = versus((TASK, TASK2, OPEN, PLAIN, "C09"), deck=("C19", "C21", "C23"))
    after = state.apply(1, f"play {TASK}")
    assert after.door and after.ban_until == state.turn_no + 1
    nxt = after.apply(0, "end placement")
    nxt = nxt.apply(0, "end turn") if nxt.stage == "management" else nxt
    assert nxt.stage == "customers" and nxt.turn_no == state.turn_no + 1
    plays = {m for m in legal(nxt, 1) if m.startswith("play")}
    assert plays == {f"play {PLAIN}", "play C09", "play C19"}  # C19 was drawn; no TASK/+OPEN
    later = nxt.apply(1, f"play {PLAIN}").apply(0, "end placement")
    later = later.apply(0, "end turn") if later.stage == "management" else later
    assert f"play {TASK2}" in legal(later, 1)  # the ban lasts one turn


def test_an_open_card_without_a_partner_cannot_be_played() -> None:
    assert not playable(OPEN, (OPEN2, TASK), banned=False)
    assert playable(OPEN, (OPEN2, PLAIN), banned=False)
    assert not playable(TASK, (PLAIN,), banned=True)


def test_the_manager_wins_when_the_customer_player_cannot_play() -> None:
    """Rulebook: "They also win if the other player cannot play one of the cards in their hand on
    their corresponding turn." """
    state = table(
        players=2, stage="management", hand=(OPEN, OPEN2, TASK, TASK2), deck=(), ban_until=6
    )
    after = state.apply(0, "end turn")
    assert after.is_over() and after.result == "manager" and after.reason == "cannot-play"
    assert after.winners() == [0] and after.scores() == [1, 0] and "cannot-play" in kinds(after)


def test_discarding_three_costs_the_turn() -> None:
    """Rulebook: "On their turn, the customer player may discard three cards, returning them face
    down to the bottom of the customer deck, and draw three new cards from the top." "This
    action costs the customer player their turn of play, and they must wait until the next turn
    to play the desired card." """
    hand = (PLAIN, "C09", "C12", "C13", "C17")
    state = versus(hand, deck=("C19", "C21", "C23", "C25"))
    assert "discard C03 C09 C12" in legal(state, 1)
    after = state.apply(1, "discard C03 C09 C12")
    assert after.hand == ("C13", "C17", "C19", "C21", "C23")
    assert after.deck == ("C25", PLAIN, "C09", "C12") and all(x is None for x in after.line)
    assert after.current_players() == (0,) and after.discards == 1
    told = [e for e in after.events if e.kind == "discard"][0].for_seat(0)
    assert told == {"kind": "discard", "seat": 1, "secret": True, "count": 3}


def test_discards_are_limited_and_need_three_cards_to_draw() -> None:
    """Our guard (docs/rules-decisions.md): three discards a game, and only while the deck has
    three cards to draw — otherwise the customer player could stall for ever."""
    hand = (PLAIN, "C09", "C12", "C13", "C17")
    spent = versus(hand, deck=("C19", "C21", "C23"), discards=3)
    assert not [m for m in legal(spent, 1) if m.startswith("discard")]
    with pytest.raises(IllegalAction) as err:
        spent.apply(1, "discard C03 C09 C12")
    assert err.value.rule == "discard-limit"
    short = versus(hand, deck=("C19", "C21"))
    with pytest.raises(IllegalAction) as err:
        short.apply(1, "discard C03 C09 C12")
    assert err.value.rule == "deck-too-small"


def test_the_customer_player_wins_at_the_last_popularity_space() -> None:
    """Rulebook: "The customer player wins if they bring "CRAZY TACO" to its last popularity
    space." """
    full = {"1": "C03", "2": "C04", "3": "C09", "4": "C12", "p1": "C13", "p2": "C17"}
    state = versus(("C19", "C21", "C23", "C25", "C27"), line=full, popularity=1)
    after = state.apply(1, "play C19")
    assert after.is_over() and after.result == "customers" and after.winners() == [1]
    assert after.scores() == [0, 1]


def test_the_manager_wins_by_surviving_the_whole_deck() -> None:
    """Rulebook: "Following the rules of solo play, the manager player must complete PHASES 2 and
    3, and survive the wave of customers that the opponent prepares and plays." "The manager
    player wins if they survive the opponent's entire card deck without reaching the minimum
    popularity level." """
    state = table(players=2, line={"1": "C03 paid"}, dice="E1=D", deck=(), hand=())
    done = state.apply(0, "serve 1 E1").apply(0, "end placement")
    assert done.is_over() and done.result == "manager" and done.reason == "deck-resolved"


def test_a_lost_star_lets_the_manager_reveal_an_extra() -> None:
    """Rulebook: "When a popularity star is lost, the manager player may reveal the top card of
    the Extra deck and decide whether it is worth paying for it to keep it, or discard it from
    the game." """
    full = {"1": "C03", "2": "C04", "3": "C09", "4": "C12", "p1": "C13", "p2": "C17"}
    state = versus(
        ("C19", "C21", "C23", "C25", "C27"), line=full, cash=6, extra_deck=("C47", "C46", "C48")
    )
    after = state.apply(1, "play C19")
    assert after.popularity == 7 and after.stage == "extra" and after.offer == "C47"
    assert after.current_players() == (0,) and legal(after) == ["buy", "pass"]
    bought = after.apply(0, "buy")
    assert bought.extra == "C47" and bought.cash == 1 and bought.stage == "placement"
    assert bought.extra_deck == ("C46", "C48")


def test_an_order_terminal_card_is_prepaid() -> None:
    """Rulebook: "This card does not need a payment die (green bill) when in play; it is resolved
    directly with the action on the order." """
    state = table(players=2, line={"1": "C52"}, dice="M=$ E1=F T=D")
    moves = legal(state)
    assert "serve 1 E1 T" in moves and not [m for m in moves if m.startswith(("collect", "both"))]
    after = state.apply(0, "serve 1 E1 T")
    assert spot(after, "1") is None and after.cash == 2


def test_the_manager_never_sees_the_customer_players_hand() -> None:
    """Hot-seat privacy: the manager's view (and the public one) holds the hand's size only."""
    state = GAME.new_game(2, seed=11)
    hand = set(state.hand)
    for seat in (0, None):
        text = json.dumps(state.view(seat))
        assert not any(code in text for code in hand)
        assert state.view(seat)["hand_count"] == 5 and "hand" not in state.view(seat)
    assert {c["code"] for c in state.view(1)["hand"]} == hand


def test_a_game_won_in_the_middle_of_a_play_owes_nothing() -> None:
    """A +OPEN card that brings the last star down ends the game at once: no follow-up is owed
    and the finished game saves and loads."""
    full = {"1": "C03", "2": "C04", "3": "C09", "4": "C12", "p1": "C13", "p2": "C17"}
    state = versus((OPEN, "C19", "C21", "C23", "C27"), line=full, popularity=1)
    after = state.apply(1, f"play {OPEN}")
    assert after.is_over() and not after.follow and after.result == "customers"
    assert GAME.from_dict(after.to_dict()) == after
