"""Our own pictures (web/ui/art.py) instead of emoji: every picture the UI refers to is drawn in
web/index.html's sprite, every card colour has its food, and no screen's HTML holds an emoji
(an empty box where no colour-emoji font is installed, e.g. Debian's Chromium)."""

from __future__ import annotations

import doctest
import re
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from ui import art  # noqa: E402
from ui.cards import card_button, card_face, colours_of, mini_card  # noqa: E402
from ui.jalapeno_scores import game_over, round_end_screen, score_sheet_dialog  # noqa: E402
from ui.jalapeno_table import TableCtx, render_table  # noqa: E402
from ui.privacy import privacy_cover  # noqa: E402
from ui.session import BOT, HUMAN, SeatConfig, Session  # noqa: E402
from ui.setup import SetupModel, render_setup  # noqa: E402
from ui.soon import coming_soon  # noqa: E402
from ui.toast import toast_html  # noqa: E402

from engine.jalapeno.cards import COLOURS  # noqa: E402

# Code points that render as colour emoji (or need an emoji font): pictographs, dingbats and
# miscellaneous symbols, the emoji variation selector.
EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f]")


def sprite_ids() -> set[str]:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    return set(re.findall(r'<symbol id="([\w-]+)"', html))


def used_ids(html: str) -> set[str]:
    return set(re.findall(r'<use href="#([\w-]+)"/>', html))


def test_art_doctests() -> None:
    assert doctest.testmod(art, optionflags=doctest.ELLIPSIS).failed == 0


def test_every_picture_named_in_art_is_drawn_in_the_sprite() -> None:
    ids = sprite_ids()
    wanted = (
        {f"food-{f}" for f in art.FOODS}
        | {f"icon-{i}" for i in art.ICONS}
        | {f"art-{g}" for g in art.GAMES}
    )
    assert wanted <= ids, f"missing <symbol>s in web/index.html: {sorted(wanted - ids)}"


def test_every_card_colour_has_its_food_drawn() -> None:
    assert {c.symbol for c in COLOURS} <= set(art.FOODS)
    colours = {c.key: {"key": c.key, "name": c.name, "symbol": c.symbol} for c in COLOURS}
    for c in COLOURS:
        for html in (
            card_button(f"{c.key}5", colours, legal=True),
            card_face(f"{c.key}1", colours),
            mini_card(f"{c.key}1", colours),
        ):
            assert f"food-{c.symbol}" in used_ids(html)


def screens() -> dict[str, str]:
    """Every screen's HTML (a 3-round 5-player game with a hot seat, played to the end)."""
    cfg = [SeatConfig("Ana", HUMAN), SeatConfig("Bo", HUMAN)] + [
        SeatConfig(n, BOT, "random") for n in ("Cy", "Dee", "Eve")
    ]
    s = Session.new(cfg, rounds=3, seed=9)
    s.viewer = 0
    out = {
        "setup": render_setup(SetupModel(), resume="Round 1 of 3 · Ana and Bo"),
        "cover": privacy_cover("Bo"),
        "toast-warn": toast_html("No", "warn"),
        "toast-info": toast_html("Hi", "info"),
    }
    for game in ("nacho", "taco", "elsewhere"):
        out[f"soon-{game}"] = coming_soon(game)
    view = s.view()
    out["table"] = render_table(s, view, TableCtx(status="x", interactive=True))
    out["sheet"] = score_sheet_dialog(s, view)
    trick = rnd = None
    while not s.state.is_over():
        outcome = s.play(s.actor, str(s.legal(s.actor)[0]))
        if outcome.trick and trick is None:
            trick = outcome.trick
            out["trick-won"] = render_table(s, s.state.view(0), TableCtx(status="y", result=trick))
        if outcome.round and rnd is None:
            rnd = outcome.round
            out["round-end"] = round_end_screen(s, rnd, outcome.trick, colours_of(s.view()))
    out["game-over"] = game_over(s, s.state.view(None), trick)
    return out


def test_no_screen_holds_an_emoji_and_every_picture_is_drawn() -> None:
    ids = sprite_ids()
    for name, html in screens().items():
        found = EMOJI.findall(html)
        assert not found, f"{name}: emoji {found}"
        missing = used_ids(html) - ids
        assert not missing, f"{name}: no <symbol> for {missing}"
    pictures = set().union(*(used_ids(h) for h in screens().values()))
    assert {"icon-bot", "icon-human", "icon-trophy", "food-chili"} <= pictures
