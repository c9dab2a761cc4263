"""Our own pictures (web/ui/art.py, each game's art module) instead of emoji: every picture the
UI refers to is drawn in the page's sprite (web/index.html's, and each game's art.svg that the
build writes into it), every card colour has its food, and no screen's HTML holds an emoji (an
empty box where no colour-emoji font is installed, e.g. Debian's Chromium)."""

from __future__ import annotations

import asyncio
import doctest
import re
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import games.register  # noqa: E402, F401  (the test-only games: the generic UI too)
from ui import art  # noqa: E402
from ui.games import announcement, home_games, load_ui  # noqa: E402
from ui.games.jalapeno import art as jalapeno_art  # noqa: E402
from ui.games.jalapeno.art import FOODS  # noqa: E402
from ui.games.jalapeno.cards import card_button, card_face, mini_card  # noqa: E402
from ui.home import (  # noqa: E402
    confirm_dialog,
    damaged_screen,
    render_history,
    render_saved,
    setup_saved,
)
from ui.saves import OVER, PLAYING, Damaged, Result, Row  # noqa: E402
from ui.scene import Screen  # noqa: E402
from ui.session import BOT, HUMAN, SeatConfig, Session  # noqa: E402
from ui.setup import SetupModel, render_setup  # noqa: E402
from ui.soon import coming_soon  # noqa: E402
from ui.table import Table  # noqa: E402
from ui.toast import toast_html  # noqa: E402

from engine.jalapeno.cards import COLOURS  # noqa: E402

# Code points that render as colour emoji (or need an emoji font): pictographs, dingbats and
# miscellaneous symbols, the emoji variation selector.
EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f]")


def sprite_ids() -> set[str]:
    """The page's sprite as the build writes it: web/index.html's and each game's art.svg."""
    from tools.page import sprite_ids as built

    return built(WEB)


def used_ids(html: str) -> set[str]:
    return set(re.findall(r'<use href="#([\w-]+)"/>', html))


def test_art_doctests() -> None:
    for module in (art, jalapeno_art):
        assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


def test_every_picture_named_in_art_is_drawn_in_the_sprite() -> None:
    ids = sprite_ids()
    wanted = {f"jalapeno-food-{f}" for f in FOODS} | {f"icon-{i}" for i in art.ICONS}
    wanted |= {g["art"] for g in home_games() if g["art"]}  # the home cards'
    assert wanted <= ids, f"missing <symbol>s in the sprite: {sorted(wanted - ids)}"


def test_every_card_colour_has_its_food_drawn() -> None:
    assert {c.symbol for c in COLOURS} <= set(FOODS)
    colours = {c.key: {"key": c.key, "name": c.name, "symbol": c.symbol} for c in COLOURS}
    for c in COLOURS:
        for html in (
            card_button(f"{c.key}5", colours, legal=True),
            card_face(f"{c.key}1", colours),
            mini_card(f"{c.key}1", colours),
        ):
            assert f"jalapeno-food-{c.symbol}" in used_ids(html)


class Page:
    """The table loop's host: keeps every screen it is shown."""

    pace = 0.0

    def __init__(self) -> None:
        self.shown: list[str] = []

    def show(self, html: str, status: str) -> None:
        self.shown.append(html)

    def announce(self, text: str) -> None: ...
    def focus(self, selectors: tuple[str, ...], *, move: bool = False) -> None: ...
    def open_settings(self) -> None: ...

    def toast(self, message: str, kind: str = "warn", link: str = "") -> None:
        self.shown.append(toast_html(message, kind, link))

    def clear_toast(self) -> None: ...
    def warn(self, text: str) -> None:
        raise AssertionError(text)

    def save_game(self, session: Session) -> None: ...
    def record(self, decision: object) -> None: ...
    def scroll_into_view(self, selector: str) -> None: ...
    def play_again(self, session: Session) -> None: ...
    def show_setup(self) -> None: ...
    async def bot_gate(self) -> None: ...
    async def next_frame(self) -> None: ...


def played_through(game_id: str, players: int, rounds: int) -> list[str]:
    """Every screen of a whole game through the generic table loop: two humans hot-seat (the
    cover, hand-offs) and bots; the first human plays their first legal move, taps on every
    result and interlude, and opens the game's dialog once."""
    kinds = [HUMAN, HUMAN] + [BOT] * (players - 2)
    names = ["Ana", "Bo", "Cy", "Dee", "Eve"]
    session = Session.new(
        game_id,
        [SeatConfig(names[i], k, "random") for i, k in enumerate(kinds)],
        {"rounds": rounds},
    )
    page = Page()

    async def main() -> None:
        table = Table(page, load_ui(game_id), session)
        table.start()
        opened = False
        try:
            for _ in range(100_000):
                await asyncio.sleep(0)
                if table.screen is Screen.OVER or (table.task and table.task.done()):
                    break
                if table.waiting is None:
                    continue
                if table.screen is Screen.TURN:
                    if not opened:
                        opened = True
                        table.on_tap("scores")
                        table.on_tap("close-dialog")
                    table.act(str(session.legal(table.seat)[0]))
                elif table.screen is Screen.COVER:
                    table.on_tap("reveal")
                elif table.screen in (Screen.RESULT, Screen.BREAK):
                    table.on_tap("continue")
        finally:
            table.stop()

    asyncio.run(main())
    assert session.state.is_over()
    return page.shown


def screens() -> dict[str, str]:
    ui = load_ui("jalapeno")
    playing = Row("a1", "jalapeno", PLAYING, 0.0, 1.0, "Round 1 of 3", ("Ana", "Bo"), (0,), 4)
    done = Row(
        "a2", "taco", OVER, 0.0, 1.0, "Turn 9", ("Ana",), (0,), 40, Result("You won", True, 9)
    )
    damaged = Damaged("a3", "nacho", "Its details are unreadable.", 12)
    titles = {"jalapeno": "Jalape-NO!", "taco": "Crazy Taco", "nacho": "The Nacho Incident"}
    out = {
        "setup": render_setup(
            ui, SetupModel.for_game(ui.info), setup_saved([playing], "jalapeno", "J", 2.0)
        ),
        "home-saved": render_saved([playing, done, damaged], titles, 2.0, "A notice"),
        "home-history": render_history([playing, done, damaged], titles, 2.0),
        "damaged": damaged_screen("Jalape-NO!", "Cut short", 12, "a3"),
        "confirm": confirm_dialog("Abandon?", "It will be deleted.", "Abandon"),
        "toast-warn": toast_html("No", "warn"),
        "toast-info": toast_html("Hi", "info"),
    }
    for game in ("nacho", "taco", "elsewhere"):
        out[f"soon-{game}"] = coming_soon(announcement(game))
    for game_id, players in (("jalapeno", 5), ("rps", 3)):
        for i, html in enumerate(played_through(game_id, players, rounds=3)):
            out[f"{game_id}-{i}"] = html
    return out


def test_no_screen_holds_an_emoji_and_every_picture_is_drawn() -> None:
    ids = sprite_ids()
    every = screens()
    for name, html in every.items():
        found = EMOJI.findall(html)
        assert not found, f"{name}: emoji {found}"
        missing = used_ids(html) - ids
        assert not missing, f"{name}: no <symbol> for {missing}"
    pictures = set().union(*(used_ids(h) for h in every.values()))
    assert {
        "icon-bot",
        "icon-human",
        "icon-trophy",
        "icon-hidden",
        "jalapeno-food-chili",
    } <= pictures
    assert any('data-testid="privacy"' in h for h in every.values())  # the cover was seen
