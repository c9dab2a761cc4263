"""The terminal renderer (``python -m engine play nacho``): every view and event in words."""

from __future__ import annotations

import io

from nacho_tables import play, table

from engine import get_game
from engine.cli import play as play_in_terminal
from engine.nacho.text import event_text, table_text
from engine.rng import Rng

NAMES = ["You", "Filip", "Johan", "Bart"]


def test_every_view_and_event_of_a_game_has_words() -> None:
    game = get_game("nacho")
    state = game.new_game(4, seed=12, options={"rechoose": True})
    rng = Rng(4)
    kinds = set()
    while not state.is_over():
        seat = rng.choice(list(state.current_players()))
        text = table_text(state.view(seat), NAMES)
        assert "Alberta" in text and "Your hand" in text
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for viewer in (0, None):
            for event in state.view(viewer)["events"]:
                kinds.add(event["kind"])
                event_text(event, NAMES, viewer)
    assert {"reveal", "mountie", "go", "deliver", "round", "game-over"} <= kinds
    assert "Final gold" in event_text(state.view(0)["events"][-1], NAMES, 0)


def test_the_narration_of_a_turn() -> None:
    state = table(
        2, hands={0: "Zorro", 1: "Jen"}, warehouses={0: "salsa", 1: "olive"}, top=("AB1",)
    )
    state = play(state, (1, "S22"), (0, "S14"))
    lines = [event_text(e, NAMES, 1) for e in state.view(1)["events"]]
    assert lines[1].startswith("Revealed: You Zorro (9), Filip Jen (5). Order: You, Filip")
    assert "goes first and takes the Mountie" in lines[2]
    state = play(state, (0, "AB"), (0, "salsa"))
    lines = [event_text(e, NAMES, 0) for e in state.view(0)["events"]]
    assert lines[:2] == ["  You deliver salsa for 7", "  You pay 5 (gold 12)"]
    assert lines[-1] == "  Constable Dudley arrests your Zorro (rank 9)"


def test_a_whole_terminal_game_typing_the_first_legal_action() -> None:
    """The CLI game runs to the end when the player types legal actions."""
    out = io.StringIO()

    class FirstLegal(io.StringIO):
        def readline(self, *args: object) -> str:  # type: ignore[override]
            shown = out.getvalue().rsplit("Legal: ", 1)[-1].split()
            return (shown[0] if shown else "quit") + "\n"

    code = play_in_terminal("nacho", 2, "random", seed=3, budget_ms=5, stdin=FirstLegal(), out=out)
    assert code == 0 and "Game over. Winner(s):" in out.getvalue()
