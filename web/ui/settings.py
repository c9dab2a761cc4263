"""The app's settings: one screen, remembered on this device, reachable from home and from every
game's menu.

- **Bot speed** scales the table's pacing (a bot's visible "thinking", a result's time on screen,
  the hand-off line): a 4-player game at Normal waits 5–6 s between your turns, at Fast about
  half that, at Instant well under a second (the bots' own thinking is not shortened).
- **Reduce motion**: no animations or transitions, as when the device asks for it.
- **Hints**: whether a new game offers "Hint" (each game's setup can still turn them off for a
  competitive game, or on).
- **Names**: the names of the seats, shared by every game's setup (typed there or here).

``Settings`` is plain data (``to_dict``/``from_dict`` tolerate anything: it is user-reachable
storage); ``settings_dialog`` draws the screen; ``ui.app`` keeps the one instance, stores it
under ``picante.settings`` and applies it. Pure Python (no ``js``).

>>> s = Settings.from_dict({"speed": "fast", "names": ["Zoé", "", 3]})
>>> s.speed, s.pace, s.names[:3]
('fast', 0.5, ('Zoé', 'Bart', 'Carmen'))
>>> s.edited("speed", "warp") is None, s.edited("motion", "reduce").reduce_motion
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .html import Html, attrs, esc
from .session import DEFAULT_NAMES, MAX_NAME, clean_name

STORAGE_KEY = "picante.settings"

# Bot speed -> the factor applied to every visible pause of the table (ui.table's pacing).
SPEEDS: dict[str, tuple[str, float]] = {
    "slow": ("Slow", 1.6),
    "normal": ("Normal", 1.0),
    "fast": ("Fast", 0.5),
    "instant": ("Instant", 0.12),
}
DEFAULT_SPEED = "normal"


@dataclass(frozen=True)
class Settings:
    speed: str = DEFAULT_SPEED
    reduce_motion: bool = False
    hints: bool = True  # a new game's setup offers hints (its own switch can change it)
    names: tuple[str, ...] = DEFAULT_NAMES

    @property
    def pace(self) -> float:
        """The factor for every visible pause (1.0 at Normal)."""
        return SPEEDS.get(self.speed, SPEEDS[DEFAULT_SPEED])[1]

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else clean_name("", seat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "speed": self.speed,
            "reduce_motion": self.reduce_motion,
            "hints": self.hints,
            "names": list(self.names),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        if not isinstance(data, dict):
            return cls()
        speed = data.get("speed")
        raw = data.get("names")
        names = list(DEFAULT_NAMES)
        if isinstance(raw, list):
            for i, name in enumerate(raw[: len(names)]):
                if isinstance(name, str):
                    names[i] = clean_name(name, i)
        return cls(
            speed=speed if speed in SPEEDS else DEFAULT_SPEED,
            reduce_motion=data.get("reduce_motion") is True,
            hints=data.get("hints") is not False,
            names=tuple(names),
        )

    def edited(self, field: str, value: str) -> Settings | None:
        """The settings after one edit from the screen (``data-setting`` -> value), or None if
        the edit changes nothing or is not one the screen offers."""
        if field == "speed":
            new = replace(self, speed=value) if value in SPEEDS else None
        elif field == "motion":
            new = replace(self, reduce_motion=value == "reduce")
        elif field == "hints":
            new = replace(self, hints=value == "on")
        elif field.startswith("name-"):
            try:
                seat = int(field[5:])
            except ValueError:
                return None
            if not 0 <= seat < len(self.names):
                return None
            names = list(self.names)
            names[seat] = str(value)[:MAX_NAME]
            new = replace(self, names=tuple(names))
        else:
            return None
        return None if new == self else new

    def cleaned(self) -> Settings:
        """Names trimmed (a blank one back to its default): what is stored."""
        return replace(self, names=tuple(clean_name(n, i) for i, n in enumerate(self.names)))


def _choice(field: str, legend: str, choices: list[tuple[str, str]], current: str) -> Html:
    opts = "".join(
        '<label class="seg-opt">'
        + "<input"
        + attrs(
            type="radio",
            name=f"setting-{field}",
            value=value,
            data_setting=field,
            data_key=f"setting-{field}-{value}",
            checked=value == current,
        )
        + f"><span>{esc(text)}</span></label>"
        for value, text in choices
    )
    return (
        f'<fieldset class="seg pc-setting" data-testid="setting-{esc(field)}">'
        f'<legend>{esc(legend)}</legend><div class="seg-row">{opts}</div></fieldset>'
    )


def settings_dialog(s: Settings) -> Html:
    """The settings screen, a dialog over home or the table; edits come back as
    ``data-setting`` fields, "Done" as ``data-action="close-settings"``."""
    names = "".join(
        '<li class="seat-row pc-name-row">'
        f'<span class="seat-no" aria-hidden="true">{i + 1}</span>'
        + "<input"
        + attrs(
            type="text",
            class_="seat-name-input",
            value=name,
            maxlength=MAX_NAME,
            autocomplete="off",
            autocapitalize="words",
            spellcheck="false",
            enterkeyhint="done",
            placeholder=DEFAULT_NAMES[i],
            data_setting=f"name-{i}",
            data_key=f"setting-name-{i}",
            aria_label=f"Seat {i + 1} name",
        )
        + "></li>"
        for i, name in enumerate(s.names)
    )
    return (
        '<div class="pc-modal-backdrop pc-settings-backdrop" data-action="close-settings"'
        ' data-key="settings-backdrop"></div>'
        '<section class="pc-settings" role="dialog" aria-modal="true"'
        ' aria-labelledby="settings-title" data-testid="settings" data-key="settings">'
        '<div class="pc-sheet-head"><h2 id="settings-title">Settings</h2>'
        '<button type="button" class="btn primary pc-close" data-action="close-settings"'
        ' data-key="close-settings" data-testid="settings-done">Done</button></div>'
        '<div class="pc-settings-body">'
        '<div class="pc-settings-col">'
        + _choice(
            "speed",
            "Bot speed",
            [(k, label) for k, (label, _) in SPEEDS.items()],
            s.speed,
        )
        + '<p class="sheet-note">How long the bots take and results stay up.</p>'
        + _choice(
            "motion",
            "Motion",
            [("full", "Animate"), ("reduce", "Reduce motion")],
            "reduce" if s.reduce_motion else "full",
        )
        + _choice(
            "hints",
            "Hints in a new game",
            [("on", "Offer hints"), ("off", "No hints")],
            "on" if s.hints else "off",
        )
        + "</div>"
        '<fieldset class="seats-field pc-settings-col" data-testid="setting-names">'
        "<legend>Names at the table</legend>"
        f'<ol class="seat-list">{names}</ol>'
        '<p class="sheet-note">Every game\'s setup starts with these names.</p>'
        "</fieldset></div></section>"
    )
