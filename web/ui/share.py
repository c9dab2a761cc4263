"""The share sheet, the challenge screen and the daily deal: pure data -> HTML.

A shared game is a link to this very page with the game's record packed into the fragment
(``engine.links``): the host never sees it, it works wherever the page is served from (a
sub-path too) and offline once the app is cached. The sheet offers the game itself (its replay,
or "play from here" when it is not over) or a challenge (the same deal against the same bots,
with the sharer's score once the game is over), and player names only when the sharer ticks
the box. ``ui.app`` sends the link with the Web Share API where there is one, else copies it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from functools import lru_cache

from engine.links import challenge_route, game_route
from engine.record import Record

from .html import attrs, esc, plural

GAME, CHALLENGE = "game", "challenge"
DAILY_GAMES = ("taco",)  # games offering a deal of the day on their setup
DAILY = "daily"  # the route ``#/<game>/daily``


@dataclass(frozen=True)
class ShareSheet:
    """What the sheet shares: ``record`` (the game so far), as a GAME or a CHALLENGE, with names
    or not; ``base`` is this page's address without its fragment; ``score`` the sharer's
    result for a challenge (None: not over, or no single human); ``said`` what happened to the
    last attempt ("Link copied")."""

    record: Record
    title: str
    base: str
    over: bool
    score: int | None = None
    kind: str = GAME
    names: bool = False
    said: str = ""

    def route(self) -> str:
        score = self.score if self.over else None
        return _route(self.record, self.kind, self.names, score)

    def url(self) -> str:
        return f"{self.base}#/{self.route()}"

    def text(self) -> str:
        """The message that goes with the link."""
        if self.kind == CHALLENGE:
            tail = f" I scored {self.score}." if self.over and self.score is not None else ""
            return f"Play the same {self.title} deal as me.{tail}"
        if self.over:
            return f"Watch my {self.title} game."
        return f"Play on from where my {self.title} game stands."

    def on_tap(self, action: str) -> ShareSheet | None:
        """The sheet after a tap on it (None: not one of its taps)."""
        if action == "share-names":
            return replace(self, names=not self.names, said="")
        if action == "share-game":
            return replace(self, kind=GAME, said="")
        if action == "share-challenge":
            return replace(self, kind=CHALLENGE, said="")
        return None

    def render(self) -> str:
        url = self.url()
        challenge = self.kind == CHALLENGE
        game_note = (
            "Opens this game's replay, in any browser, offline once Picante is cached."
            if self.over
            else "Opens this game where it stands, to watch or play on from here."
        )
        challenge_note = "The same deal against the same bots, with no moves" + (
            f" and your score ({self.score})." if self.over and self.score is not None else "."
        )
        names = ""
        if not challenge:
            names = (
                "<button"
                + attrs(
                    type="button",
                    role="checkbox",
                    class_="sh-check",
                    data_action="share-names",
                    data_testid="share-names",
                    aria_checked="true" if self.names else "false",
                )
                + '><span class="sh-box" aria-hidden="true"></span>'
                + "Include the players' names</button>"
            )
        return (
            '<div class="pc-modal-backdrop" data-action="cancel" data-key="share-backdrop"></div>'
            '<section class="pc-modal sh-sheet" role="dialog" aria-modal="true"'
            ' aria-labelledby="share-title" data-testid="share-sheet">'
            f'<h2 id="share-title">Share this {esc(self.title)} game</h2>'
            '<div class="sh-kinds" role="group" aria-label="What to share">'
            + _kind("share-game", "The game", not challenge)
            + _kind("share-challenge", "A challenge", challenge)
            + "</div>"
            + f'<p class="sh-note">{esc(challenge_note if challenge else game_note)}</p>'
            + names
            + "<input"
            + attrs(
                class_="sh-link",
                readonly=True,
                value=url,
                data_testid="share-link",
                aria_label="The link",
                data_key=f"share-link-{self.kind}-{self.names}",
            )
            + ">"
            + f'<p class="sh-size">{esc(plural(len(url), "character"))}</p>'
            + '<p class="sh-said" role="status" data-testid="share-said">'
            + esc(self.said)
            + "</p>"
            '<div class="pc-modal-actions">'
            '<button type="button" class="btn" data-action="cancel" data-testid="share-close">'
            "Close</button>"
            '<button type="button" class="btn primary" data-action="share-send"'
            ' data-testid="share-send" autofocus>Share link</button>'
            "</div></section>"
        )


@lru_cache(maxsize=8)
def _route(record: Record, kind: str, names: bool, score: int | None) -> str:
    """Packing replays the whole game: done once per record and choice (the sheet draws the
    link on every tap)."""
    if kind == CHALLENGE:
        return challenge_route(record, score)
    return game_route(record, names=names)


def _kind(action: str, label: str, on: bool) -> str:
    return (
        "<button"
        + attrs(
            type="button",
            class_="sh-kind",
            data_action=action,
            data_testid=action,
            aria_pressed="true" if on else "false",
        )
        + f">{esc(label)}</button>"
    )


def challenge_screen(title: str, record: Record, score: int | None, daily: str = "") -> str:
    """A challenge opened from a link (or the deal of the day): what it is, and Play."""
    bots = [s.bot for s in record.seats if s.bot is not None]
    humans = record.players - len(bots)
    who = (
        f"{plural(humans, 'player')} against {plural(len(bots), 'bot')}"
        if bots
        else plural(humans, "player")
    )
    head = f"Today's {title} deal" if daily else f"A {title} challenge"
    lines = [
        f"{daily}: the same deal for everyone today."
        if daily
        else "The same deal as your friend, against the same bots: compare your results.",
        f"{who}.",
    ]
    if score is not None:
        lines.append(f"Their score: {score}.")
    return (
        '<section class="pc-damaged sh-challenge" data-testid="challenge">'
        + '<header class="pc-bar"><button type="button" class="pc-icon" data-action="home"'
        ' data-key="home" aria-label="Back to home"><span aria-hidden="true">‹</span></button>'
        + f'<h1 class="pc-title">{esc(title)}</h1><span class="pc-round"></span></header>'
        + f'<div class="damaged-body"><h2>{esc(head)}</h2>'
        + "".join(f"<p>{esc(line)}</p>" for line in lines)
        + "</div>"
        + '<div class="actions"><button type="button" class="btn primary wide"'
        ' data-action="challenge-play" data-key="challenge-play" data-testid="challenge-play">'
        "Play this deal</button></div></section>"
    )


def challenge_result(their: int | None, mine: int | None) -> str:
    """Under a challenge's end screen: both results."""
    if their is None:
        text = "A challenge: share your result with the friend who sent it."
    elif mine is None:
        text = f"Their score: {their}."
    else:
        verdict = "You beat it!" if mine > their else "A tie!" if mine == their else "They win."
        text = f"Their score: {their}. Yours: {mine}. {verdict}"
    return f'<p class="sh-result" role="status" data-testid="challenge-result">{esc(text)}</p>'


def daily_seed(game_id: str, day: date) -> str:
    """The seed of the deal of the day: the same for everyone on that date (UTC)."""
    return f"{game_id}-daily-{day.isoformat()}"


def daily_card(title: str, game_id: str, day: date) -> str:
    """On the setup screen of a game with a deal of the day."""
    return (
        '<section class="resume sh-daily" data-testid="daily">'
        f"<h2>Today's deal · {esc(day.isoformat())}</h2>"
        f"<p>The same {esc(title)} deal for everyone today: play it and share your score.</p>"
        "<a"
        + attrs(
            class_="btn wide",
            href=f"#/{game_id}/{DAILY}",
            data_route=f"{game_id}/{DAILY}",
            data_testid="daily-play",
        )
        + ">Play today's deal</a></section>"
    )
