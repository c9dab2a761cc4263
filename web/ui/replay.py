"""Replay: a game read back from its record, one action or one round at a time, either way.

The screen is the game's own (``GenericUI.render``) drawn from one seat's view at the chosen
moment — the player's own by default, any seat's with the seat picker — with what the action
caused narrated by the game's own words (``narrate``), and the game's end screen at the end.
Under it, the replay's controls. Once the game is over (and only then: nothing stays secret),
"All hands" adds every other seat's own part of its view at that moment: each seat's
``view(seat)``, composed by the replay, so no game needs anything of its own for it.

A round is what the game calls one (its ``progress`` words on the public view, "Round 2 of 5",
"Turn 7"): a round step goes to where those words change.

Pure Python (no ``js``): ``ui.app`` owns a ``Replay`` while it is on screen and sends it the
taps; tests drive it directly on CPython.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import engine
from engine.protocol import ENVELOPE_KEYS
from engine.record import Record
from engine.record import states as engine_states

from .chrome import bar
from .html import attrs, esc
from .scene import Scene, Screen
from .session import Happened, SeatConfig, Session

if TYPE_CHECKING:
    from .generic import GenericUI

HISTORY = 8  # the latest actions the game's narration lines are drawn from (as in play)
STEPS = {"replay-next": 1, "replay-back": -1}
ROUNDS = {"replay-next-round": 1, "replay-back-round": -1}
ENDS = ("replay-start", "replay-end")


class Replay:
    """A record on screen, at ``at`` actions (0: the deal; ``len(record)``: the last position),
    from ``viewer``'s seat. ``source``: "saved" (a game of this device) or "link"."""

    def __init__(
        self,
        ui: GenericUI,
        record: Record,
        states: Sequence[engine.State] | None = None,
        seats: list[SeatConfig] | None = None,
        *,
        viewer: int | None = None,
        source: str = "saved",
    ) -> None:
        self.ui = ui
        self.record = record
        self.states = list(states) if states else list(engine_states(record))
        if len(self.states) != len(record) + 1:
            raise ValueError("a replay needs the state before and after every action")
        self.seats = seats or [SeatConfig.of(s, i) for i, s in enumerate(record.seats)]
        humans = [i for i, c in enumerate(self.seats) if not c.is_bot]
        self.viewer = viewer if viewer is not None else (humans[0] if humans else 0)
        self.source = source
        self.at = len(record)  # it opens on the final position
        self.open_hands = False
        self._views: dict[tuple[int, int | None], dict[str, Any]] = {}
        self._progress: dict[int, str] = {}

    # -- where it stands -------------------------------------------------------------------

    @property
    def total(self) -> int:
        return len(self.record)

    @property
    def over(self) -> bool:
        """The whole game is in the record: every hand may be opened."""
        return self.states[-1].is_over()

    def view(self, at: int, seat: int | None) -> dict[str, Any]:
        key = (at, seat)
        if key not in self._views:
            self._views[key] = self.states[at].view(seat)
        return self._views[key]

    def progress(self, at: int) -> str:
        if at not in self._progress:
            self._progress[at] = self.ui.progress(self.view(at, None))
        return self._progress[at]

    def session(self) -> Session:
        """The game as it stood after ``at`` actions, on ``viewer``'s screen."""
        record = self.record.truncated(self.at)
        return Session(
            record.game,
            self.states[self.at],
            self.seats,
            str(record.seed),
            record.options,
            self.viewer,
            record=record,
            history=self.states[: self.at + 1],
        )

    def happened(self, at: int) -> Happened:
        """What action ``at`` (1-based) caused, as during play."""
        seat = self.record.moves[at - 1].seat
        public = tuple(self.view(at, None)["events"])
        return Happened(seat, public, self.viewer, tuple(self.view(at, self.viewer)["events"]))

    # -- moving ----------------------------------------------------------------------------

    def go(self, at: int) -> None:
        self.at = min(max(at, 0), self.total)

    def step(self, delta: int) -> None:
        self.go(self.at + delta)

    def round_step(self, delta: int) -> None:
        """Forward: to the first position of the next round (or the end). Back: to the first
        position of this round, or of the one before when already there."""
        at = self.at
        if delta > 0:
            here = self.progress(at)
            while at < self.total and self.progress(at) == here:
                at += 1
        else:
            if at > 0 and self.progress(at - 1) != self.progress(at):
                at -= 1  # at a round's start: go to the one before
            here = self.progress(at)
            while at > 0 and self.progress(at - 1) == here:
                at -= 1
        self.go(at)

    def set_viewer(self, seat: int) -> None:
        if 0 <= seat < len(self.seats):
            self.viewer = seat

    def toggle_hands(self) -> None:
        self.open_hands = self.over and not self.open_hands

    def on_tap(self, action: str, value: str | None) -> bool:
        """A tap on the replay's controls; True if it was one."""
        if action in STEPS:
            self.step(STEPS[action])
        elif action in ROUNDS:
            self.round_step(ROUNDS[action])
        elif action in ENDS:
            self.go(0 if action == "replay-start" else self.total)
        elif action == "replay-seat" and value is not None and value.isdigit():
            self.set_viewer(int(value))
        elif action == "replay-hands":
            self.toggle_hands()
        else:
            return False
        return True

    # -- words -----------------------------------------------------------------------------

    def narration(self, s: Session) -> list[str]:
        """What the action just stepped to caused, in the game's words (as the viewer may
        know it); the deal at the start."""
        if self.at == 0:
            return ["The deal: the game is about to start."]
        lines = [self.ui.narrate(s, e) for e in self.happened(self.at).for_seat(self.viewer)]
        lines = [line for line in lines if line]
        if not lines:
            mover = self.record.moves[self.at - 1].seat
            lines = [f"{s.subject(mover)} {s.verb(mover, 'play')}"]
        return lines

    def where(self) -> str:
        """ "Action 12 of 240 · Round 2 of 5"."""
        total = self.total
        parts = [f"Action {self.at} of {total}" if self.at else f"Start · {total} actions"]
        progress = self.progress(self.at)
        if progress:
            parts.append(progress)
        return " · ".join(parts)

    # -- drawing ---------------------------------------------------------------------------

    def scene(self, s: Session) -> Scene:
        view = s.view()
        history = tuple(self.happened(k) for k in range(max(1, self.at - HISTORY + 1), self.at + 1))
        fresh = history[-1].for_seat(self.viewer) if history else ()
        if self.at == self.total and self.states[-1].is_over():
            status = self.ui.over_status(s, view)
            return Scene(Screen.OVER, view, status, None, None, fresh, history)
        # Not a turn: nothing lights up, nothing can be played.
        status = " ".join(self.narration(s))
        return Scene(Screen.RESULT, view, status, None, None, fresh, history)

    def render(self, *, can_share: bool = True) -> str:
        s = self.session()
        scene = self.scene(s)
        return (
            '<div class="rp"'
            + attrs(
                data_testid="replay-screen",
                data_at=self.at,
                data_total=self.total,
                data_viewer=self.viewer,
                data_hands="open" if self.open_hands else "closed",
            )
            + '><div class="rp-stage" data-scroll-key="rp-stage">'
            + self.ui.render(s, scene)
            + (self.hands(s) if self.open_hands else "")
            + "</div>"
            + self.controls(s, can_share)
            + "</div>"
        )

    def hands(self, s: Session) -> str:
        """Every other seat's own part of its view at this moment (after the game only)."""
        public = self.view(self.at, None)
        items = []
        for seat in range(len(self.seats)):
            if seat == self.viewer:
                continue
            own = private_part(public, self.view(self.at, seat), seat)
            body = "".join(
                f"<dt>{esc(key.replace('_', ' '))}</dt><dd>{esc(text)}</dd>" for key, text in own
            )
            items.append(
                "<li"
                + attrs(class_="rp-hand", data_seat=seat)
                + f"><h3>{esc(s.name(seat))}</h3><dl>{body or '<dt>hand</dt><dd>—</dd>'}</dl></li>"
            )
        return (
            '<section class="rp-hands" data-testid="replay-hands" aria-label="Every hand">'
            + bar("Every hand", f"after action {self.at}" if self.at else "at the deal")
            + f'<ul class="rp-hand-list">{"".join(items)}</ul></section>'
        )

    def controls(self, s: Session, can_share: bool) -> str:
        first, last = self.at == 0, self.at == self.total
        seats = "".join(
            "<button"
            + attrs(
                type="button",
                class_="rp-seat",
                data_action="replay-seat",
                data_move=seat,
                data_key=f"rp-seat-{seat}",
                aria_pressed="true" if seat == self.viewer else "false",
                data_testid="replay-seat",
            )
            + f">{esc(s.name(seat))}</button>"
            for seat in range(len(self.seats))
        )
        extra = ""
        if not (self.over and last):  # "play from here": any moment but a finished game's end
            extra += _button("replay-play", "Play from here", True, "replay-play", "primary")
        if self.over:
            extra += (
                "<button"
                + attrs(
                    type="button",
                    role="switch",
                    class_="rp-switch",
                    data_action="replay-hands",
                    data_key="rp-hands",
                    data_testid="replay-open-hands",
                    aria_checked="true" if self.open_hands else "false",
                )
                + '><span class="rp-knob" aria-hidden="true"></span>All hands</button>'
            )
        if can_share:
            extra += _button("share", "Share", True, "replay-share", "")
        lines = "".join(f"<li>{esc(line)}</li>" for line in self.narration(s))
        return (
            '<nav class="rp-controls" aria-label="Replay">'
            + f'<p class="rp-where" data-testid="replay-position">{esc(self.where())}</p>'
            + f'<ol class="rp-said" data-testid="replay-narration" aria-live="polite">{lines}</ol>'
            + '<div class="rp-steps">'
            + _button("replay-start", "Start", not first, "replay-start", "small")
            + _button("replay-back-round", "« Round", not first, "replay-back-round", "small")
            + _button("replay-back", "‹ Back", not first, "replay-back", "big")
            + _button("replay-next", "Next ›", not last, "replay-next", "big primary")
            + _button("replay-next-round", "Round »", not last, "replay-next-round", "small")
            + _button("replay-end", "End", not last, "replay-end", "small")
            + "</div>"
            + '<div class="rp-seats" role="group" aria-label="Whose view">'
            + f'<span class="rp-label">View</span>{seats}</div>'
            + f'<div class="rp-more">{extra}</div>'
            + "</nav>"
        )


def _button(action: str, label: str, enabled: bool, testid: str, cls: str) -> str:
    return (
        "<button"
        + attrs(
            type="button",
            class_=f"btn rp-btn rp-{action} {cls}".strip(),
            data_action=action,
            data_key=f"rp-{action}",
            data_testid=testid,
            disabled=not enabled,
        )
        + f">{esc(label)}</button>"
    )


def private_part(public: dict[str, Any], own: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """What ``own`` (``seat``'s view) shows that the public view does not, as (key, text): the
    seat's hand and the like, in words. In a per-seat table (a list with an entry per seat in
    both views) only the seat's own entry's secrets count ("pile", "penalty so far")."""
    out = []
    for key, value in own.items():
        if key in ENVELOPE_KEYS or key.endswith("view_version") or public.get(key) == value:
            continue
        shared = public.get(key)
        if isinstance(value, list) and isinstance(shared, list) and len(value) == len(shared):
            mine, theirs = value[seat] if seat < len(value) else None, shared[seat]
            if isinstance(mine, dict) and isinstance(theirs, dict):
                out += [(k, _words(v)) for k, v in mine.items() if theirs.get(k) != v and _words(v)]
                continue
        text = _words(value)
        if text:
            out.append((key, text))
    return out


def _words(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(w for w in (_words(v) for v in value) if w)
    if isinstance(value, dict):
        for name in ("name", "text", "id", "code"):
            if isinstance(value.get(name), str | int):
                return str(value[name])
        return ""
    if value is None or isinstance(value, bool):
        return ""
    return str(value)
