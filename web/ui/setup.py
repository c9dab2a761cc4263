"""The setup screen of any game, generated from its declaration (``game.describe()``): the player
count, who sits where (human, or a bot of one of the game's levels), names, and every option the
game declares with its label and value labels.

``SetupModel`` is the form's state in Python; the page only reports edits to it
(``update(field, value)``) and re-renders from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .art import icon
from .chrome import bar
from .html import Html, attrs, esc, plural
from .session import (
    BOT,
    DEFAULT_NAMES,
    HUMAN,
    LEVEL_LABELS,
    MAX_NAME,
    SeatConfig,
    clean_name,
    default_level,
)
from .settings import seat_name_input

if TYPE_CHECKING:
    from .generic import GenericUI
    from .settings import Settings

DEFAULT_PLAYERS = 4  # when the game allows it: a table of four is the usual party


def default_seats(levels: list[str], names: tuple[str, ...] = DEFAULT_NAMES) -> list[SeatConfig]:
    """Seat 1 is you; the rest start as bots, so "Start" gives a solo game at once."""
    level = default_level(levels)
    return [SeatConfig(name, HUMAN if i == 0 else BOT, level) for i, name in enumerate(names)]


def _same(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)  # 1 == True == 1.0, but only 1 is the choice 1


@dataclass
class SetupModel:
    info: dict[str, Any]  # the game's declaration (describe())
    players: int = DEFAULT_PLAYERS
    # One entry per seat of the largest table: names and choices survive lowering then raising
    # the player count.
    seats: list[SeatConfig] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    hints: bool = True  # the game offers "Hint" (ui.hints); off for a competitive game

    @classmethod
    def for_game(cls, info: dict[str, Any], settings: Settings | None = None) -> SetupModel:
        counts = info["player_counts"]
        players = DEFAULT_PLAYERS if DEFAULT_PLAYERS in counts else counts[0]
        names = settings.names if settings is not None else DEFAULT_NAMES
        seats = default_seats(info["bot_levels"], names)[: max(counts)]
        options = {o["name"]: o["default"] for o in info["options"]}
        hints = settings.hints if settings is not None else True
        return cls(info, players, seats, options, hints)

    def rename(self, names: tuple[str, ...]) -> None:
        """The seats take the names of the Settings (one list of names for every game)."""
        for i, seat in enumerate(self.seats):
            if i < len(names):
                seat.name = names[i]

    def named(self, settings: Settings) -> Settings:
        """``settings`` with this setup's names (a name typed here is the app's name)."""
        names = list(settings.names)
        for i, seat in enumerate(self.seats[: len(names)]):
            names[i] = seat.name
        return replace(settings, names=tuple(names))

    @property
    def levels(self) -> list[str]:
        return list(self.info["bot_levels"])

    def active(self) -> list[SeatConfig]:
        """The seats of the game to start, names cleaned (blank -> default)."""
        return [
            SeatConfig(clean_name(s.name, i), s.kind, s.level)
            for i, s in enumerate(self.seats[: self.players])
        ]

    def game_options(self) -> dict[str, Any]:
        """The options to start the game with (a chosen seat beyond the table: random)."""
        out = dict(self.options)
        # An option whose values are seats (declared ``seat``; None: drawn at random) offers
        # only the seats of this table.
        for spec in self.info["options"]:
            name = spec["name"]
            if spec.get("seat") and isinstance(out.get(name), int) and out[name] >= self.players:
                out[name] = None
        return out

    def option(self, name: str) -> dict[str, Any] | None:
        return next((o for o in self.info["options"] if o["name"] == name), None)

    def update(self, name: str, value: str) -> bool:
        """Apply one edit from the form. Returns True if the screen must be re-rendered (a
        typed name does not re-render, so the text field keeps focus and caret)."""
        if name == "hints":
            hints = value == "on"
            changed, self.hints = hints != self.hints, hints
            return changed
        if name == "players":
            count = _int(value)
            if count in self.info["player_counts"] and count != self.players:
                self.players = count
                return True
            return False
        if name.startswith("opt:"):
            spec = self.option(name[4:])
            if spec is None:
                return False
            for choice in spec["choices"]:
                if str(choice["value"]) == value:
                    changed = not _same(self.options.get(spec["name"]), choice["value"])
                    self.options[spec["name"]] = choice["value"]
                    return changed
            return False
        kind, _, index = name.partition("-")
        seat = _int(index)
        if seat is None or not 0 <= seat < len(self.seats):
            return False
        if kind == "name":
            name = str(value)[:MAX_NAME]
            changed, self.seats[seat].name = name != self.seats[seat].name, name
            return changed
        if kind == "seat":
            who, _, level = str(value).partition(":")
            if who == HUMAN:
                self.seats[seat].kind = HUMAN
            elif who == BOT and level in self.levels:
                self.seats[seat].kind, self.seats[seat].level = BOT, level
            else:
                return False
            return True
        return False

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": dict(self.options),
            "seats": [s.to_dict() for s in self.seats],
            "hints": self.hints,
        }

    @classmethod
    def from_dict(
        cls, info: dict[str, Any], data: Any, settings: Settings | None = None
    ) -> SetupModel:
        """Last used setup (from localStorage); anything odd falls back to the defaults. With
        ``settings``, the names are the settings' (typed names are kept there) and a setup
        never saved offers hints as the settings say."""
        model = cls.for_game(info, settings)
        if not isinstance(data, dict):
            return model
        if isinstance(data.get("hints"), bool):
            model.hints = data["hints"]
        if data.get("players") in info["player_counts"]:
            model.players = data["players"]
        saved = data.get("options") if isinstance(data.get("options"), dict) else {}
        if "rounds" in data and "rounds" not in saved:  # setups saved before options were
            saved = {**saved, "rounds": data["rounds"]}
        for spec in info["options"]:
            value = saved.get(spec["name"], spec["default"])
            if any(_same(value, c["value"]) for c in spec["choices"]):
                model.options[spec["name"]] = value
        seats = data.get("seats")
        if isinstance(seats, list):
            for i, raw in enumerate(seats[: len(model.seats)]):
                try:
                    seat = SeatConfig.from_dict(raw, i)
                except ValueError:
                    continue
                if seat.level not in model.levels:
                    seat.level = default_level(model.levels)
                model.seats[i] = seat
        if settings is not None:
            model.rename(settings.names)
        return model


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _segmented(
    name: str, legend: str, choices: list[tuple[str, str]], current: str, *, field_: str = ""
) -> str:
    opts = "".join(
        '<label class="seg-opt">'
        + "<input"
        + attrs(
            type="radio",
            name=name,
            value=value,
            data_field=field_ or name,
            data_key=f"{name}-{value}",
            checked=value == current,
        )
        + f"><span>{esc(text)}</span></label>"
        for value, text in choices
    )
    # Numbers (players, rounds) sit in one row of small squares; words wrap as they need.
    short = all(len(text) <= 3 for _, text in choices)
    return (
        f'<fieldset class="seg" data-testid="{esc(name)}"><legend>{esc(legend)}</legend>'
        f'<div class="seg-row{" short" if short else ""}">{opts}</div></fieldset>'
    )


def _seat_row(i: int, seat: SeatConfig, levels: list[str]) -> str:
    value = HUMAN if not seat.is_bot else f"{BOT}:{seat.level}"
    options = [(HUMAN, "Human")] + [
        # Short enough to show whole on a 360 px phone, in words (an emoji robot is an empty
        # box where no emoji font is installed; <option> can hold no picture).
        (f"{BOT}:{lvl}", f"{LEVEL_LABELS.get(lvl, lvl)} bot")
        for lvl in levels
    ]
    select = "".join(
        f'<option value="{esc(v)}"{" selected" if v == value else ""}>{esc(t)}</option>'
        for v, t in options
    )
    return (
        f'<li class="seat-row{" is-bot" if seat.is_bot else ""}" data-testid="seat-row-{i}">'
        f'<span class="seat-no" aria-hidden="true">{i + 1}</span>'
        + seat_name_input(i, seat.name, data_field=f"name-{i}", data_key=f"name-{i}")
        + f'<select data-field="seat-{i}" data-key="seat-{i}" aria-label="Seat {i + 1} player">'
        + select
        + "</select></li>"
    )


def _option(model: SetupModel, spec: dict[str, Any]) -> str:
    # (The option's ``doc`` is written for the command line, so it is not shown here.)
    name, current = spec["name"], model.game_options().get(spec["name"])
    if spec.get("seat"):
        # "Random", then the seats of this table by name: who starts, as the rules allow.
        seats = model.active()
        choices = [
            (str(c["value"]), c["label"] if c["value"] is None else seats[c["value"]].name)
            for c in spec["choices"]
            if c["value"] is None or (isinstance(c["value"], int) and c["value"] < model.players)
        ]
        opts = "".join(
            f'<option value="{esc(v)}"{" selected" if v == str(current) else ""}>{esc(t)}</option>'
            for v, t in choices
        )
        return (
            f'<div class="opt-field" data-testid="{esc(name)}">'
            f'<label class="opt-label" for="opt-{esc(name)}">{esc(spec["label"])}</label>'
            + "<select"
            + attrs(id=f"opt-{name}", data_field=f"opt:{name}", data_key=f"opt-{name}")
            + f">{opts}</select></div>"
        )
    choices = [(str(c["value"]), c["label"]) for c in spec["choices"]]
    return _segmented(name, spec["label"], choices, str(current), field_=f"opt:{name}")


def mode_line(seats: list[SeatConfig]) -> str:
    humans = sum(1 for s in seats if not s.is_bot)
    bots = len(seats) - humans
    if humans > 1:
        return (
            f"Pass-and-play for {plural(humans, 'human')}"
            + (f" and {plural(bots, 'bot')}" if bots else "")
            + ": a cover hides the screen between turns."
        )
    if humans == 1:
        return f"You against {plural(bots, 'bot')}." if bots else "You play alone."
    return "Bots only: sit back and watch."


def _learn() -> str:
    """The setup's way into the game's tutorial (``ui.tutorial``)."""
    return (
        '<button type="button" class="btn pc-learn" data-action="tutorial" data-key="tutorial"'
        f' data-testid="learn">{icon("learn")}<span>Learn to play</span></button>'
    )


def render_setup(
    ui: GenericUI, model: SetupModel, in_progress: Html = "", *, tutorial: bool = False
) -> str:
    """The whole setup screen. ``in_progress``: this game's saved games in progress (HTML, from
    ``ui.home.setup_saved``), listed above the form; a new game never replaces one.
    ``tutorial``: the game has one ("Learn to play")."""
    seats = model.seats[: model.players]
    resume_html = in_progress
    resume = bool(in_progress)
    counts = model.info["player_counts"]
    players = (
        _segmented("players", "Players", [(str(n), str(n)) for n in counts], str(model.players))
        if len(counts) > 1
        else ""
    )
    return (
        '<section class="pc-setup" data-testid="setup" aria-label="'
        + esc(f"{ui.title}: new game")
        + '">'
        + bar(ui.title)
        + '<div class="setup-body">'
        + resume_html
        + ui.setup_intro()
        + (_learn() if tutorial else "")
        + players
        + '<fieldset class="seats-field"><legend>Who is playing</legend>'
        '<ol class="seat-list">'
        + "".join(_seat_row(i, s, model.levels) for i, s in enumerate(seats))
        + "</ol>"
        f'<p class="mode" data-testid="mode">{esc(mode_line(seats))}</p></fieldset>'
        + "".join(
            _option(model, spec)
            for spec in model.info["options"]
            # An option of some table sizes only (Crazy Taco's 1 vs 1 re-roll price).
            if not spec.get("players") or model.players in spec["players"]
        )
        + (
            _segmented(
                "hints",
                "Hints",
                [("on", "Offer hints"), ("off", "No hints")],
                "on" if model.hints else "off",
            )
            if model.info["bot_levels"]
            else ""
        )
        + ui.setup_howto()
        + "</div>"
        '<div class="actions">'
        + "<button"
        + attrs(
            type="button",
            class_="btn wide" + ("" if resume else " primary"),
            data_action="start",
            data_key="start",
            data_testid="start",
        )
        + f">{'Start a new game' if resume else 'Start game'}</button>"
        "</div></section>"
    )
