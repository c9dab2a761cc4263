"""Which games the app shows, by id: ONE registration line per game's UI, and the games announced
but not built yet.

A game is **playable** when both sides know it: its engine is registered (``engine.registry``)
and its UI is registered here. Until then an announced game shows as "coming soon" (home card and
screen). The build writes the home cards from ``home_games()`` into the page, so the shell paints
them before Python; the app reads the same data when a card is tapped.

Adding a game's UI: a folder ``ui/games/<id>/`` whose ``__init__.py`` has ``UI`` (a subclass of
``ui.generic.GenericUI``), then one line below. A game may also use the generic UI as it is:
``register_ui("<id>")``. The UI module is imported only when its game opens.

Pure Python, no ``js``: the build imports it on CPython.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..generic import GenericUI
    from ..tutorial import Tutorial

GENERIC = "ui.generic"  # the generic game UI: any game, drawn from its view and legal actions


@dataclass(frozen=True)
class CardColours:
    """A home card's colours, in light and dark mode: ``tint`` behind its picture and its player
    count, ``chip`` the player count's text (CSS colours, ``#rrggbb``). The build writes them
    into the shell's stylesheet; a game without them gets the shell's own."""

    tint: str
    chip: str
    dark_tint: str
    dark_chip: str


@dataclass(frozen=True)
class UIEntry:
    game_id: str
    module: str  # imported when the game opens; has ``UI`` (GenericUI or a subclass)
    art: str  # id of the home card's <symbol> (its folder's art.svg; "" : the Picante logo)
    colours: CardColours | None = None  # the home card's (None: the shell's)
    tutorial: str = ""  # the module with its TUTORIAL ("": ``<module>.tutorial``, if any)


@dataclass(frozen=True)
class Announcement:
    """A game on its way: what its home card and its "coming soon" screen say."""

    game_id: str
    title: str
    players_text: str
    pitch: str  # one line, on the home card
    blurb: str  # a few lines, on the coming-soon screen
    art: str
    colours: CardColours | None = None


_UIS: dict[str, UIEntry] = {}


def register_ui(
    game_id: str,
    module: str = GENERIC,
    art: str | None = None,
    colours: CardColours | None = None,
    tutorial: str = "",
) -> UIEntry:
    """Make the UI of game ``game_id`` known (``module`` has ``UI``; default: the generic UI).
    ``art``: the home card's <symbol> id, drawn in ``ui/games/<id>/art.svg`` (default: the
    announcement's, else none: the card shows the Picante logo); ``colours``: the home card's
    (default: the announcement's, else the shell's); ``tutorial``: the module with its
    ``TUTORIAL`` (default ``<module>.tutorial``; see ``load_tutorial``)."""
    known = _UIS.get(game_id)
    soon = announcement(game_id) if art is None or colours is None else None
    entry = UIEntry(
        game_id,
        module,
        art if art is not None else (soon.art if soon else ""),
        colours if colours is not None else (soon.colours if soon else None),
        tutorial,
    )
    if known is not None and known != entry:
        raise ValueError(f"a different UI is already registered for {game_id!r}")
    _UIS[game_id] = entry
    return entry


# -- announced games: the one place their home card and coming-soon screen are written --------

COMING_SOON: tuple[Announcement, ...] = ()  # every announced game is playable now

# -- the shipped games' UIs: one statement each -----------------------------------------------

# (in the order of the home cards; colours: tint, chip, then dark mode's)
register_ui(
    "jalapeno",
    "ui.games.jalapeno",
    "art-jalapeno",
    CardColours("#fbe2dc", "#8f1d22", "#4a2320", "#ffb4a8"),
)
register_ui(
    "nacho", "ui.games.nacho", "art-nacho", CardColours("#fcefcc", "#7a4d05", "#4a3a1a", "#ffd98a")
)
register_ui(
    "taco", "ui.games.taco", "art-taco", CardColours("#e4efd4", "#355f1b", "#2b3d22", "#c5e49b")
)


# -- lookups ----------------------------------------------------------------------------------


def announcement(game_id: str) -> Announcement | None:
    return next((a for a in COMING_SOON if a.game_id == game_id), None)


def card_art(game_id: str) -> str:
    """The <symbol> id of a game's home card picture ("" when it has none: an unknown game, or
    one drawn with the Picante logo), for the screens that name a game (the saved games)."""
    entry, soon = _UIS.get(game_id), announcement(game_id)
    return entry.art if entry is not None else (soon.art if soon is not None else "")


def engine_ids() -> list[str]:
    import engine  # the registry imports the shipped games' engines: only when asked

    return engine.game_ids()


def is_playable(game_id: str) -> bool:
    return game_id in _UIS and game_id in engine_ids()


def load_ui(game_id: str) -> GenericUI:
    """The UI of a playable game, its modules (and its engine's) imported now."""
    import engine

    entry = _UIS[game_id]
    return importlib.import_module(entry.module).UI(engine.get_game(game_id))


def load_tutorial(game_id: str) -> Tutorial | None:
    """The game's tutorial (``TUTORIAL`` in ``<its UI module>.tutorial``, format in
    ``ui.tutorial``), or None if it has none."""
    entry = _UIS.get(game_id)
    if entry is None:
        return None
    name = entry.tutorial or f"{entry.module}.tutorial"
    try:
        found = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name is not None and name.startswith(err.name):
            return None  # no such module (an error inside one is not hidden)
        raise
    return getattr(found, "TUTORIAL", None)


def warm_up_modules() -> Iterator[str]:
    """The modules that opening (and starting) the playable games imports, one package at a
    time, for the app to import ahead while the home screen is idle: the engines, the generic
    UI, then each game's UI and bots. A generator: asking for the next name imports nothing."""
    from engine.registry import BUILTIN

    yield from BUILTIN
    yield GENERIC
    import engine

    for game_id, entry in _UIS.items():
        if game_id in engine_ids():
            yield entry.module
            bots = engine.get_game(game_id).bots
            if bots:
                yield bots


def home_games() -> list[dict[str, Any]]:
    """The home cards, in order: each UI in registration order, then the announced games not
    registered yet. A card is playable when engine and UI are both registered; an announced
    one that is not is "coming soon"; anything else is left off."""
    import engine

    known = set(engine_ids())
    cards: list[dict[str, Any]] = []
    order = [*_UIS, *(a.game_id for a in COMING_SOON if a.game_id not in _UIS)]
    for game_id in order:
        entry, soon = _UIS.get(game_id), announcement(game_id)
        if entry is not None and game_id in known:
            info = engine.get_game(game_id).describe()
            cards.append(
                {
                    "id": game_id,
                    "title": info["title"],
                    "players_text": info["players_text"],
                    "pitch": info["pitch"],
                    "art": entry.art,
                    "colours": asdict(entry.colours) if entry.colours else None,
                    "playable": True,
                }
            )
        elif soon is not None:
            card = asdict(soon)  # (its colours too, as a dict)
            card["id"] = card.pop("game_id")
            del card["blurb"]
            cards.append({**card, "playable": False})
    return cards
