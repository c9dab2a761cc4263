"""The UI's render functions (view dict -> HTML) on CPython: accessible names, legal marks,
privacy (no hidden card in the HTML), status words, result tables equal to the engine's."""

from __future__ import annotations

import re
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from ui.games import announcement, load_ui  # noqa: E402
from ui.games.jalapeno.cards import card_button, colours_of  # noqa: E402
from ui.games.jalapeno.results import last_trick, round_of  # noqa: E402
from ui.games.jalapeno.scores import game_over, round_end_screen, round_table  # noqa: E402
from ui.games.jalapeno.table import TableCtx, render_table, seat_order  # noqa: E402
from ui.games.jalapeno.text import trick_sentence, turn_status  # noqa: E402
from ui.home import setup_saved  # noqa: E402
from ui.privacy import privacy_cover  # noqa: E402
from ui.saves import read_row, row_of  # noqa: E402
from ui.session import BOT, HUMAN, SeatConfig, Session  # noqa: E402
from ui.setup import SetupModel, render_setup  # noqa: E402
from ui.soon import coming_soon  # noqa: E402

JALAPENO = load_ui("jalapeno")


def solo(seed: int = 2, rounds: int = 1, players: int = 4) -> Session:
    names = ["Ana", "Bart", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    cfg = [SeatConfig(names[i], HUMAN if i == 0 else BOT, "random") for i in range(players)]
    return Session.new("jalapeno", cfg, {"rounds": rounds}, seed=seed)


def advance_to_human(s: Session) -> None:
    while s.next_seat() != 0:
        s.play(s.next_seat(), str(s.legal(s.next_seat())[0]))


def hand_buttons(html: str) -> list[tuple[str, str, str]]:
    """(data-card, data-legal, aria-label) of every card button in the hand strip."""
    hand = html.split('data-testid="hand"', 1)[1]
    return re.findall(
        r'<button[^>]*data-card="(\w+)" data-legal="(\w+)"[^>]*aria-label="([^"]+)"', hand
    )


def test_card_has_numeral_symbol_name_and_accessible_label() -> None:
    view = solo().view()
    html = card_button("R7", colours_of(view), legal=True)
    assert 'aria-label="Red 7"' in html and 'data-card="R7"' in html
    assert 'data-legal="true"' in html and ">7<" in html
    assert '<use href="#jalapeno-food-chili"/>' in html  # the colour's food, drawn, no emoji
    jal = card_button("G1", colours_of(view), legal=False)
    # the name holds what the card shows, in its order (the numeral, then the ribbon's word)
    assert 'aria-label="Green 1, Jalapeño"' in jal and "jal" in jal and "Jalapeño</span>" in jal
    assert "disabled" not in jal  # illegal cards stay tappable: a tap explains why


def test_hand_is_sorted_and_exactly_the_legal_cards_light_up() -> None:
    s = solo(seed=8)
    advance_to_human(s)
    view = s.view()
    html = render_table(s, view, TableCtx(status=turn_status(s, view), interactive=True))
    buttons = hand_buttons(html)
    assert [b[0] for b in buttons] == view["hand"]  # the engine's colour-then-value order
    legal = set(view["legal"])
    for code, flag, label in buttons:
        assert (flag == "true") == (code in legal)
        assert re.fullmatch(r"(Red|Green|Yellow|Brown|Orange|Purple) \d+(, Jalapeño)?", label)
    assert 'data-testid="status"' in html


def test_not_your_turn_lights_nothing() -> None:
    s = solo(seed=8)
    while s.next_seat() == 0:
        s.play(0, str(s.legal(0)[0]))
    view = s.view()
    html = render_table(s, view, TableCtx(status=turn_status(s, view), interactive=False))
    assert all(flag == "false" for _, flag, _ in hand_buttons(html))
    assert turn_status(s, view).endswith("is thinking…")


def test_other_seats_show_public_info_only() -> None:
    s = solo(seed=3)
    view = s.view()
    html = render_table(s, view, TableCtx(status="x"))
    for seat in seat_order(4, 0):
        info = view["seats"][seat]
        assert f'data-seat="{seat}"' in html
        assert f'data-hand-size="{info["hand_size"]}"' in html
        for jal in info["jalapenos"]:
            assert f'data-card="{jal}"' in html
    spectator = s.state.view(None)
    hidden_cards = {c for p in range(4) for c in s.state.view(p)["hand"]}
    html = render_table(s, spectator, TableCtx(status="x"))
    assert not any(f'data-card="{c}"' in html for c in hidden_cards)


def test_privacy_cover_holds_nothing_private() -> None:
    html = privacy_cover("Ana <3")
    assert 'data-testid="privacy"' in html and "Ana &lt;3" in html and "data-card" not in html
    assert "Pass the device to Ana &lt;3 — tap when ready" in html


def test_status_words() -> None:
    s = solo(seed=8)
    advance_to_human(s)
    view = s.view()
    text = turn_status(s, view)
    assert text.startswith("Your turn — ")
    if view["lead_colour"] is None:
        assert text == "Your turn — lead any card"
    else:
        assert "follow" in text or "play any card" in text


def test_round_and_game_tables_equal_the_engine() -> None:
    s = solo(seed=6, rounds=2)
    events: tuple = ()
    while round_of(events) is None:
        events = s.play(s.next_seat(), str(s.legal(s.next_seat())[0])).public
    view = s.state.view(None)
    html = round_end_screen(s, round_of(events), last_trick(events), colours_of(view))
    for seat, pen in enumerate(view["round_penalties"][0]):
        assert f'data-seat="{seat}" data-col="round" data-penalty="{pen}"' in html
    assert trick_sentence(s, last_trick(events)) in html
    while not s.state.is_over():
        s.play(s.next_seat(), str(s.legal(s.next_seat())[0]))
    view = s.view()
    html = game_over(s, view)
    assert 'data-testid="play-again"' in html and 'data-testid="round-scores"' in html
    for seat, total in enumerate(view["totals"]):
        assert f'data-seat="{seat}" data-col="total" data-penalty="{total}"' in html
    assert round_table(s, [0] * 4, [0] * 4).count("best") == 4


def test_setup_and_soon_screens() -> None:
    s = solo(seed=4)
    row = read_row("a1", row_of(s, JALAPENO, 0.0, 60_000.0), ["jalapeno"])
    saved = setup_saved([row], "jalapeno", "Jalape-NO!", 120_000.0)
    html = render_setup(JALAPENO, SetupModel.for_game(JALAPENO.info), saved)
    assert 'data-testid="continue"' in html and 'data-testid="start"' in html
    assert "Start a new game" in html and "Round 1 of 1 · 4 players · 1 minute ago" in html
    assert html.count('class="seat-row') == 4
    assert "Start game" in render_setup(JALAPENO, SetupModel.for_game(JALAPENO.info))
    for game in ("taco", "unknown"):
        page = coming_soon(announcement(game))
        assert 'data-action="home"' in page and "Coming soon" in page


def test_the_setup_lists_only_this_games_games_in_progress() -> None:
    s = solo(seed=4)
    playing = read_row("a1", row_of(s, JALAPENO, 0.0, 1.0), ["jalapeno", "nacho"])
    while not s.state.is_over():
        s.play(s.next_seat(), str(s.legal(s.next_seat())[0]))
    done = read_row("a2", row_of(s, JALAPENO, 0.0, 2.0), ["jalapeno", "nacho"])
    other = read_row("a3", {**row_of(s, JALAPENO, 0.0, 3.0), "game": "nacho"}, ["nacho"])
    html = setup_saved([playing, done, other], "jalapeno", "Jalape-NO!", 5.0)
    assert 'data-saved="a1"' in html and 'data-saved="a2"' not in html and "a3" not in html
    assert setup_saved([done], "jalapeno", "Jalape-NO!", 5.0) == ""


def test_names_are_escaped_everywhere() -> None:
    cfg = [SeatConfig("<b>x</b>", HUMAN)] + [SeatConfig(f"B{i}", BOT, "random") for i in range(3)]
    s = Session.new("jalapeno", cfg, {"rounds": 1}, seed=1)
    html = render_table(s, s.view(), TableCtx(status="x"))
    assert "<b>x</b>" not in html


def test_the_setup_shows_an_option_only_at_the_table_sizes_it_changes() -> None:
    """Crazy Taco: the VIP and the pickpocket are a solo choice, the re-roll's price a 1 vs 1
    one (``OptionSpec.players``); the piñata is for both."""
    taco = load_ui("taco")
    model = SetupModel.for_game(taco.info)
    shown = {}
    for players in (1, 2):
        model.players = players
        html = render_setup(taco, model)
        shown[players] = {n for n in ("characters", "pinata", "reroll_price") if f'"{n}"' in html}
    assert shown == {1: {"characters", "pinata"}, 2: {"pinata", "reroll_price"}}
    model.update("opt:reroll_price", "3")
    assert model.game_options()["reroll_price"] == 3
    assert "$8 (balanced)" in html and "$3 (as printed)" in html
