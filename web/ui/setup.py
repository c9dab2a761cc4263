"""The Jalape-NO! setup screen: player count, who sits where (human or bot level), rounds.

``SetupModel`` is the form's state in Python; the page only reports edits to it
(``update(field, value)``) and re-renders from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.bots import BOT_LEVELS

from .html import attrs, esc, join_words, plural
from .session import (
    BOT,
    DEFAULT_LEVEL,
    DEFAULT_NAMES,
    HUMAN,
    LEVEL_LABELS,
    MAX_NAME,
    SeatConfig,
    clean_name,
)

PLAYER_COUNTS = tuple(range(3, 10))
ROUND_CHOICES = (1, 3, 5)  # 5 is the rulebook's game; shorter ones suit a bus ride
DEFAULT_PLAYERS = 4
DEFAULT_ROUNDS = 5


def default_seats() -> list[SeatConfig]:
    """Seat 1 is you; the rest start as medium bots, so "Start" gives a solo game at once."""
    return [
        SeatConfig(name, HUMAN if i == 0 else BOT, DEFAULT_LEVEL)
        for i, name in enumerate(DEFAULT_NAMES)
    ]


@dataclass
class SetupModel:
    players: int = DEFAULT_PLAYERS
    rounds: int = DEFAULT_ROUNDS
    # Always 9 entries: names and choices survive lowering then raising the player count.
    seats: list[SeatConfig] = field(default_factory=default_seats)

    def active(self) -> list[SeatConfig]:
        """The seats of the game to start, names cleaned (blank -> default)."""
        return [
            SeatConfig(clean_name(s.name, i), s.kind, s.level)
            for i, s in enumerate(self.seats[: self.players])
        ]

    def update(self, name: str, value: str) -> bool:
        """Apply one edit from the form. Returns True if the screen must be re-rendered (a
        typed name does not re-render, so the text field keeps focus and caret)."""
        if name == "players":
            count = _int(value)
            if count in PLAYER_COUNTS and count != self.players:
                self.players = count
                return True
            return False
        if name == "rounds":
            rounds = _int(value)
            if rounds in ROUND_CHOICES and rounds != self.rounds:
                self.rounds = rounds
                return True
            return False
        kind, _, index = name.partition("-")
        seat = _int(index)
        if seat is None or not 0 <= seat < len(self.seats):
            return False
        if kind == "name":
            self.seats[seat].name = str(value)[:MAX_NAME]
            return False
        if kind == "seat":
            who, _, level = str(value).partition(":")
            if who == HUMAN:
                self.seats[seat].kind = HUMAN
            elif who == BOT and level in BOT_LEVELS:
                self.seats[seat].kind, self.seats[seat].level = BOT, level
            else:
                return False
            return True
        return False

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "rounds": self.rounds,
            "seats": [s.to_dict() for s in self.seats],
        }

    @classmethod
    def from_dict(cls, data: Any) -> SetupModel:
        """Last used setup (from localStorage); anything odd falls back to defaults."""
        model = cls()
        if not isinstance(data, dict):
            return model
        if data.get("players") in PLAYER_COUNTS:
            model.players = data["players"]
        if data.get("rounds") in ROUND_CHOICES:
            model.rounds = data["rounds"]
        seats = data.get("seats")
        if isinstance(seats, list):
            for i, raw in enumerate(seats[: len(model.seats)]):
                try:
                    model.seats[i] = SeatConfig.from_dict(raw, i)
                except ValueError:
                    pass
        return model


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _segmented(name: str, legend: str, choices: list[tuple[int, str]], current: int) -> str:
    opts = "".join(
        '<label class="seg-opt">'
        + "<input"
        + attrs(
            type="radio",
            name=name,
            value=value,
            data_field=name,
            data_key=f"{name}-{value}",
            checked=value == current,
        )
        + f"><span>{text}</span></label>"
        for value, text in choices
    )
    return (
        f'<fieldset class="seg" data-testid="{name}"><legend>{esc(legend)}</legend>'
        f'<div class="seg-row">{opts}</div></fieldset>'
    )


def _seat_row(i: int, seat: SeatConfig) -> str:
    value = HUMAN if not seat.is_bot else f"{BOT}:{seat.level}"
    options = [(HUMAN, "Human")] + [
        # Short enough to show whole on a 360 px phone, in words (an emoji robot is an empty
        # box where no emoji font is installed; <option> can hold no picture).
        (f"{BOT}:{lvl}", f"{LEVEL_LABELS.get(lvl, lvl)} bot")
        for lvl in BOT_LEVELS
    ]
    select = "".join(
        f'<option value="{esc(v)}"{" selected" if v == value else ""}>{esc(t)}</option>'
        for v, t in options
    )
    return (
        f'<li class="seat-row{" is-bot" if seat.is_bot else ""}" data-testid="seat-row-{i}">'
        f'<span class="seat-no" aria-hidden="true">{i + 1}</span>'
        + "<input"
        + attrs(
            type="text",
            class_="seat-name-input",
            value=seat.name,
            maxlength=MAX_NAME,
            autocomplete="off",
            autocapitalize="words",
            spellcheck="false",
            enterkeyhint="done",
            placeholder=DEFAULT_NAMES[i],
            data_field=f"name-{i}",
            data_key=f"name-{i}",
            aria_label=f"Seat {i + 1} name",
        )
        + ">"
        + f'<select data-field="seat-{i}" data-key="seat-{i}" aria-label="Seat {i + 1} player">'
        + select
        + "</select></li>"
    )


def render_setup(model: SetupModel, resume: str | None = None) -> str:
    """The whole setup screen. ``resume``: a one-line summary of a saved game, if any."""
    seats = model.seats[: model.players]
    humans = sum(1 for s in seats if not s.is_bot)
    bots = model.players - humans
    if humans > 1:
        mode = (
            f"Pass-and-play for {plural(humans, 'human')}"
            + (f" and {plural(bots, 'bot')}" if bots else "")
            + ": hands hide between turns."
        )
    elif humans == 1:
        mode = f"You against {plural(bots, 'bot')}."
    else:
        mode = "Bots only: sit back and watch."
    resume_html = ""
    if resume:
        resume_html = (
            '<section class="resume" data-testid="resume-card" aria-labelledby="resume-title">'
            '<h2 id="resume-title">Game in progress</h2>'
            f'<p class="resume-info">{esc(resume)}</p>'
            '<div class="resume-actions">'
            '<button type="button" class="btn primary" data-action="resume" data-key="resume"'
            ' data-testid="resume">Resume game</button>'
            '<button type="button" class="btn" data-action="discard" data-key="discard">'
            "Discard</button></div></section>"
        )
    rounds = [(r, f"{r}" + (" · full" if r == 5 else "")) for r in ROUND_CHOICES]
    return (
        '<section class="pc-setup" data-testid="setup" aria-labelledby="setup-title">'
        '<header class="pc-bar">'
        '<button type="button" class="pc-icon" data-action="home" data-key="home"'
        ' aria-label="Back to home"><span aria-hidden="true">‹</span></button>'
        '<h1 class="pc-title" id="setup-title">Jalape-NO!</h1><span class="pc-round"></span>'
        "</header>"
        '<div class="setup-body">'
        + resume_html
        + '<p class="tagline">Dodge the tricks with Jalapeños in them. 3–9 players.</p>'
        + _segmented("players", "Players", [(n, str(n)) for n in PLAYER_COUNTS], model.players)
        + '<fieldset class="seats-field"><legend>Who is playing</legend>'
        '<ol class="seat-list">' + "".join(_seat_row(i, s) for i, s in enumerate(seats)) + "</ol>"
        f'<p class="mode" data-testid="mode">{esc(mode)}</p></fieldset>'
        + _segmented("rounds", "Rounds", rounds, model.rounds)
        + _howto()
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


def _howto() -> str:
    tips = [
        "Everyone gets 12 cards. Jalapeños (the 1s) go face up in front of you.",
        "Follow the lead colour if you can — from your hand or your face-up Jalapeños.",
        "Highest card of the lead colour takes the trick, Jalapeños and all.",
        "Round end: −2 per Jalapeño, −1 per card you took in a Jalapeño's colour.",
        "Fewest penalty points after the last round wins.",
    ]
    return (
        '<details class="howto"><summary>How to play</summary><ul>'
        + "".join(f"<li>{esc(t)}</li>" for t in tips)
        + "</ul></details>"
    )


def summary_of_save(save: Any) -> str | None:
    """The Resume card's line, "Round 2 of 5 · Ana, Bart, Carmen and Diego"; None if the save
    is unreadable or that game is over (finished games stay saved, but are not resumable)."""
    try:
        names = [s["name"] for s in save["seats"]]
        state = save["state"]
        rnd = state["public"]["round"]
        rounds = state["options"]["rounds"]
        if state["public"]["turn"] is None:
            return None
    except (KeyError, TypeError):
        return None
    return f"Round {rnd} of {rounds} · {join_words([str(n) for n in names])}"
