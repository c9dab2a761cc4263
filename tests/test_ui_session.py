"""The UI's pure-Python game logic (web/ui/session.py, setup.py), on CPython: who may look,
what a play caused (read from the events), saving and resuming, the setup form's model."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from ui.games.jalapeno.results import last_trick, round_of  # noqa: E402
from ui.session import BOT, HUMAN, SeatConfig, Session, clean_name  # noqa: E402
from ui.setup import SetupModel  # noqa: E402

import engine  # noqa: E402
from engine.resume import resume  # noqa: E402


def seats(*kinds: str) -> list[SeatConfig]:
    names = ["Ana", "Bart", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    return [SeatConfig(names[i], k, "random") for i, k in enumerate(kinds)]


def new(kinds: list[SeatConfig], rounds: int, seed: int) -> Session:
    return Session.new("jalapeno", kinds, {"rounds": rounds}, seed=seed)


def first_legal(session: Session) -> str:
    return str(session.legal(session.next_seat())[0])


def play_round(session: Session):
    """Play first-legal cards until a round ends; return the public events of every play."""
    outcomes = []
    while True:
        out = session.play(session.next_seat(), first_legal(session)).public
        outcomes.append(out)
        if round_of(out) is not None:
            return outcomes


def test_solo_game_always_shows_the_human() -> None:
    s = new(seats(HUMAN, BOT, BOT, BOT), 1, 3)
    assert s.you == 0 and not s.hot_seat
    assert s.viewer == 0 and not s.needs_cover(s.next_seat())
    play_round(s)
    assert s.viewer == 0


def test_hot_seat_hides_the_hand_after_every_play_until_the_next_human_taps() -> None:
    s = new(seats(HUMAN, HUMAN, HUMAN), 1, 5)
    assert s.hot_seat and s.viewer is None and s.needs_cover(s.next_seat())
    assert "hand" not in s.view()  # a spectator view: nobody's hand
    for _ in range(10):
        actor = s.next_seat()
        s.reveal(actor)
        assert s.view()["seat"] == actor and s.view()["hand"]
        s.play(actor, first_legal(s))
        if s.next_seat() == actor:  # won the trick and leads again: same person, same device
            assert s.viewer == actor
        else:
            assert s.viewer is None and s.needs_cover(s.next_seat())


def test_an_illegal_card_changes_nothing_and_names_the_rule() -> None:
    s = new(seats(HUMAN, BOT, BOT), 1, 1)
    # Get to a moment where the solo human must follow and holds something unplayable.
    for _ in range(200):
        actor = s.next_seat()
        if actor == 0 and s.state.trick:
            legal = {str(a) for a in s.legal(0)}
            illegal = [c for c in s.view()["hand"] if c not in legal]
            if illegal:
                before = s.state.to_dict()
                with pytest.raises(engine.IllegalAction) as err:
                    s.play(0, illegal[0])
                assert "follow" in str(err.value)
                assert s.state.to_dict() == before
                return
        s.play(actor, first_legal(s))
    pytest.fail("no illegal situation reached")


def test_outcomes_report_tricks_rounds_and_the_end() -> None:
    s = new(seats(HUMAN, BOT, BOT, BOT), 2, 9)
    outcomes = play_round(s)
    tricks = [last_trick(o) for o in outcomes if last_trick(o) is not None]
    assert len(tricks) == 12 and all(len(t.cards) == 4 for t in tricks)
    assert last_trick(outcomes[-1]) is not None, "the round's last trick is reported too"
    rnd = round_of(outcomes[-1])
    assert rnd.round_no == 1 and rnd.rounds == 2 and rnd.next_starter is not None
    assert rnd.next_starter == s.state.view(None)["round_starter"]
    assert len(rnd.jalapenos) == 4 and sum(map(len, rnd.jalapenos)) == 4  # 4 colours, 4 Jalapeños
    assert list(rnd.penalties) == s.state.view(None)["round_penalties"][0]
    assert list(rnd.totals) == s.state.view(None)["totals"]
    last = play_round(s)[-1]
    assert s.state.is_over() and round_of(last).next_starter is None


def test_last_trick_of_a_round_is_the_same_mid_game_and_at_the_end() -> None:
    """Mid-game the engine deals the next round in the same apply (the scored round is kept in
    the view's ``last_round``); a 1-round game with the same seed just ends. They agree."""
    a = new(seats(BOT, BOT, BOT, BOT), 2, 21)
    b = new(seats(BOT, BOT, BOT, BOT), 1, 21)
    while True:
        card = first_legal(a)
        oa, ob = a.play(a.next_seat(), card).public, b.play(b.next_seat(), card).public
        if b.state.is_over():
            break
    engine_last = b.state.view(None)["last_trick"]
    assert round_of(oa) is not None and not a.state.is_over()
    assert last_trick(oa).winner == engine_last["winner"]
    assert [c for _, c in last_trick(oa).cards] == [t["card"] for t in engine_last["cards"]]
    assert last_trick(oa) == last_trick(ob)


def test_the_record_is_the_save_and_resumes_the_same_game() -> None:
    s = new(seats(HUMAN, BOT, HUMAN), 3, 4)
    for _ in range(7):
        s.play(s.next_seat(), first_legal(s))
    assert len(s.record) == 7 and len(s.history) == 8 and s.savable
    opened = resume(s.record.to_text(), None)
    again = Session.resumed(opened)
    assert again.state == s.state and again.record == s.record
    assert [c.seat() for c in again.seats] == [c.seat() for c in s.seats]
    assert again.viewer is None  # hot-seat resumes behind the cover
    assert again.bot_seed == s.bot_seed == str(s.record.seed)
    assert again.options == dict(s.record.options)


def test_a_checkpoint_is_saved_with_a_long_record() -> None:
    s = new(seats(HUMAN, BOT, BOT, BOT), 3, 8)
    assert s.checkpoint_text() is None
    while len(s.record) < 130:
        s.play(s.next_seat(), first_legal(s))
    text = s.checkpoint_text()
    assert text is not None and json.loads(text)["at"] == 100
    assert s.checkpoint_text() is text  # made once per checkpoint
    opened = resume(s.record.to_text(), json.loads(text))
    assert opened.base == 100 and Session.resumed(opened).state == s.state


def test_undo_follows_the_engines_policy_and_only_for_humans() -> None:
    s = new(seats(HUMAN, BOT, BOT), 1, 6)
    while s.next_seat() != 0:
        s.play(s.next_seat(), first_legal(s))
    before = s.state
    s.play(0, first_legal(s))
    assert s.last_mover == 0 and s.takeback(0) == 1 and s.takeback(1) == 0
    assert s.undo() == 0 and s.state is before and len(s.record) == len(s.history) - 1
    with pytest.raises(ValueError):
        s.undo()  # the bots' actions before it are not ours to take back
    s.play(0, first_legal(s))
    bot = s.next_seat()
    s.play(bot, first_legal(s))
    assert s.takeback(bot) == 0 and s.takeback(0) == 0  # a bot never undoes


def test_a_fixed_position_is_played_but_never_saved() -> None:
    state = engine.get_game("jalapeno").new_game(players=3, seed=2)
    s = Session("jalapeno", state, seats(HUMAN, BOT, BOT), "1")
    assert not s.savable and s.state is state and len(s.record) == 0
    seat = s.next_seat()
    s.play(seat, first_legal(s))
    assert len(s.record) == 1 and s.history[0] is state


def test_names_are_cleaned() -> None:
    assert clean_name("  Ana   Maria ", 0) == "Ana Maria"
    assert clean_name("A\u202eB\x00C", 0) == "ABC"  # no control or formatting characters
    assert clean_name("", 2) == "Carmen"
    assert len(clean_name("x" * 40, 0)) == 16


def test_setup_model_edits() -> None:
    info = engine.get_game("jalapeno").describe()
    m = SetupModel.for_game(info)
    assert m.players == 4 and [s.kind for s in m.active()] == [HUMAN, BOT, BOT, BOT]
    assert m.update("players", "9") is True and len(m.active()) == 9
    assert m.update("players", "12") is False and m.players == 9
    # a typed name re-renders (the "Who starts" list shows it at once; the field keeps focus)
    assert m.update("name-1", "Bea") is True and m.active()[1].name == "Bea"
    assert m.update("name-1", "Bea") is False
    assert m.update("seat-1", "human") is True and m.active()[1].kind == HUMAN
    assert m.update("seat-2", "bot:search") is True and m.active()[2].level == "search"
    assert m.update("seat-2", "bot:genius") is False
    assert m.update("opt:rounds", "1") is True and m.options["rounds"] == 1
    m.update("name-3", "   ")
    assert m.active()[3].name == "Diego"
    again = SetupModel.from_dict(info, json.loads(json.dumps(m.to_dict())))
    assert [c.to_dict() for c in again.active()] == [c.to_dict() for c in m.active()]
    assert (again.players, again.options) == (m.players, m.options)
    assert SetupModel.from_dict(info, "garbage").to_dict() == SetupModel.for_game(info).to_dict()


def test_setup_offers_every_declared_option_and_who_starts_by_name() -> None:
    from ui.games import load_ui
    from ui.setup import render_setup

    ui = load_ui("jalapeno")
    m = SetupModel.for_game(ui.info)
    html = render_setup(ui, m)
    for spec in ui.info["options"]:  # each option with its label, each value with its label
        assert f'data-testid="{spec["name"]}"' in html and spec["label"] in html
    assert '<option value="None" selected>Random</option>' in html
    # Who starts: "Random" or a seat of this table, by name.
    assert '<option value="1">Bart</option>' in html and '<option value="4">' not in html
    assert m.update("opt:first_player", "3") is True
    session = Session.new("jalapeno", m.active(), m.game_options(), seed=5)
    assert session.state.view(None)["round_starter"] == 3
    assert m.update("players", "3") is True  # seat 4 is gone: back to random
    assert m.game_options()["first_player"] is None
    assert m.update("opt:first_player", "Bart") is False  # only the values offered
    assert m.update("opt:rounds", "11") is False and m.options["rounds"] == 5
