"""The home screen's saved games, drawn by Python into the shell's page once it is ready: the
games in progress (across every game, several of one game), the history of finished games with
each game's figures, and the screens around them (a confirmation, a damaged record).

Pure: rows (``ui.saves``) -> HTML. A saved game opens through its route
(``#/<game>/saved/<id>``, a finished one ``#/<game>/replay/<id>``), which the shell follows;
the buttons here (abandon, delete, clear) come back to ``ui.app`` as ``data-action`` taps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .art import icon, svg
from .chrome import bar
from .games import card_art
from .html import Html, attrs, esc, plural
from .saves import OVER, PLAYING, Damaged, Row, ago, describe, stats, who

HISTORY_SHOWN = 30  # finished games listed (the figures count them all)


def game_art(game_id: str) -> Html:
    """A game's home card picture (96 × 96 drawing), or nothing for a game without one."""
    art = card_art(game_id)
    return svg(art, box=96) if art else ""


def saved_route(game: str, saved_id: str) -> str:
    return f"{game}/saved/{saved_id}"


def replay_route(game: str, saved_id: str) -> str:
    """The route of a finished game's replay (``App.open_replay``)."""
    return f"{game}/replay/{saved_id}"


def in_progress(entries: Sequence[Row | Damaged], game: str | None = None) -> list[Row | Damaged]:
    """Games in progress and damaged records (of ``game`` only, if given), latest first."""
    out = [
        e
        for e in entries
        if (isinstance(e, Damaged) or e.status == PLAYING)
        and (game is None or (e.game if isinstance(e, Row) else e.game) == game)
    ]
    return sorted(out, key=_when, reverse=True)


def _when(entry: Row | Damaged) -> float:
    row = entry if isinstance(entry, Row) else entry.row
    return row.updated if row is not None else float("inf")  # a damaged record on top


def render_saved(
    entries: Sequence[Row | Damaged], titles: Mapping[str, str], now: float, notice: str = ""
) -> str:
    """The "Continue" list at the top of home ("" when there is nothing to continue)."""
    items = [_saved_item(e, titles, now) for e in in_progress(entries)]
    note = f'<p class="saved-notice" data-testid="saved-notice">{esc(notice)}</p>' if notice else ""
    if not items and not note:
        return ""
    return (
        '<h2 class="home-heading" id="saved-title">Continue</h2>'
        + note
        + f'<ul class="saved-list" data-testid="saved-list">{"".join(items)}</ul>'
    )


def _saved_item(entry: Row | Damaged, titles: Mapping[str, str], now: float) -> str:
    if isinstance(entry, Damaged):
        return damaged_item(entry, titles)
    title = titles.get(entry.game, entry.game)
    return (
        "<li"
        + attrs(class_=f"saved-row game-{entry.game}", data_key=f"saved-{entry.id}")
        + ">"
        + "<a"
        + attrs(
            class_="saved-open",
            href=f"#/{saved_route(entry.game, entry.id)}",
            data_route=saved_route(entry.game, entry.id),
            data_testid="continue",
            data_saved=entry.id,
            aria_label=f"Continue — {title}, {describe(entry, now).replace(' · ', ', ')}",
        )
        + f'><span class="saved-art">{game_art(entry.game)}</span>'
        + '<span class="saved-text">'
        + f'<span class="saved-title">{esc(title)}</span>'
        + f'<span class="saved-line">{esc(describe(entry, now))}</span>'
        + f'<span class="saved-who">{esc(who(entry))}</span>'
        + "</span></a>"
        + _small_button("abandon", entry.id, "Abandon", f"Abandon this {title} game")
        + "</li>"
    )


def damaged_item(entry: Damaged, titles: Mapping[str, str]) -> str:
    title = titles.get(entry.game, "Saved game") if entry.game else "Saved game"
    opener = ""
    if entry.game is not None and entry.good is not None:
        opener = (
            "<a"
            + attrs(
                class_="btn small",
                href=f"#/{saved_route(entry.game, entry.id)}",
                data_route=saved_route(entry.game, entry.id),
                data_testid="open-damaged",
            )
            + f">Open up to action {esc(entry.good)}</a>"
        )
    return (
        "<li"
        + attrs(class_="saved-row damaged", data_key=f"saved-{entry.id}", data_testid="damaged")
        + f'><span class="saved-art warn">{icon("warn")}</span>'
        + '<span class="saved-text">'
        + f'<span class="saved-title">{esc(title)} — damaged</span>'
        + f'<span class="saved-line" data-testid="damaged-message">{esc(entry.message)}</span>'
        + f'<span class="saved-actions">{opener}'
        + _small_button("delete", entry.id, "Delete", f"Delete this damaged {title} game")
        + "</span></span></li>"
    )


def _small_button(action: str, saved_id: str, label: str, aria: str) -> str:
    return (
        "<button"
        + attrs(
            type="button",
            class_=f"btn small saved-{action}",
            data_action=action,
            data_saved=saved_id,
            data_key=f"{action}-{saved_id}",
            data_testid=action,
            aria_label=aria,
        )
        + f">{esc(label)}</button>"
    )


def render_history(entries: Sequence[Row | Damaged], titles: Mapping[str, str], now: float) -> str:
    """Finished games: each game's figures (played, won, best score) and the latest games,
    each opening its replay ("" before any game is finished)."""
    rows = [e for e in entries if isinstance(e, Row) and e.status == OVER]
    if not rows:
        return ""
    rows.sort(key=lambda r: r.updated, reverse=True)
    figures = stats(rows)
    table = "".join(
        f'<tr data-testid="stats-{esc(game)}"><th scope="row">{esc(titles.get(game, game))}</th>'
        f"<td>{esc(f.played)}</td><td>{esc(f.won)}</td><td>{esc(f.best_text or '—')}</td></tr>"
        for game, f in figures.items()
    )
    items = "".join(_finished_item(r, titles, now) for r in rows[:HISTORY_SHOWN])
    more = (
        f'<p class="history-more">and {esc(plural(len(rows) - HISTORY_SHOWN, "older game"))}</p>'
        if len(rows) > HISTORY_SHOWN
        else ""
    )
    return (
        '<h2 class="home-heading" id="history-title">History</h2>'
        + (
            '<table class="history-stats" data-testid="history-stats"><thead><tr><th scope="col">'
            'Game</th><th scope="col">Played</th><th scope="col">Won</th>'
            f'<th scope="col">Best</th></tr></thead><tbody>{table}</tbody></table>'
            if table
            else ""
        )
        + f'<ul class="history-list" data-testid="history-list">{items}</ul>'
        + more
        + '<button type="button" class="btn small history-clear" data-action="clear-history"'
        ' data-key="clear-history" data-testid="clear-history">Clear history</button>'
    )


def _finished_item(row: Row, titles: Mapping[str, str], now: float) -> str:
    title = titles.get(row.game, row.game)
    result = row.result.text if row.result is not None else "Game over"
    route = replay_route(row.game, row.id)
    return (
        f'<li class="history-row game-{esc(row.game)}" data-key="done-{esc(row.id)}">'
        + "<a"
        + attrs(
            class_="history-open",
            href=f"#/{route}",
            data_route=route,
            data_testid="replay",
            aria_label=f"Replay this {title} game",
        )
        + f'><span class="saved-art">{game_art(row.game)}</span><span class="saved-text">'
        + f'<span class="saved-title">{esc(title)} · {esc(result)}</span>'
        + f'<span class="saved-line">{esc(who(row))} · {esc(ago(now, row.updated))}</span>'
        + "</span></a></li>"
    )


def confirm_dialog(title: str, text: str, yes: str, no: str = "Cancel") -> str:
    """A question over the screen; taps come back as "confirm" or "cancel"."""
    return (
        '<div class="pc-modal-backdrop" data-action="cancel" data-key="confirm-backdrop"></div>'
        '<section class="pc-modal" role="alertdialog" aria-modal="true"'
        ' aria-labelledby="confirm-title" aria-describedby="confirm-text" data-testid="confirm">'
        f'<h2 id="confirm-title">{esc(title)}</h2>'
        f'<p id="confirm-text">{esc(text)}</p>'
        '<div class="pc-modal-actions">'
        f'<button type="button" class="btn" data-action="cancel" data-testid="confirm-no"'
        f" autofocus>{esc(no)}</button>"
        f'<button type="button" class="btn primary danger" data-action="confirm"'
        f' data-testid="confirm-yes">{esc(yes)}</button>'
        "</div></section>"
    )


def damaged_screen(title: str, message: str, good: int | None, saved_id: str) -> str:
    """A saved game that opens only in part: why, and the choice to open it up to its last
    good action (the rest is dropped) or to delete it."""
    opener = ""
    if good is not None:
        opener = (
            '<button type="button" class="btn primary wide" data-action="open-damaged"'
            f' data-saved="{esc(saved_id)}" data-key="open-damaged"'
            f' data-testid="open-damaged">Open up to action {esc(good)}</button>'
        )
    return (
        '<section class="pc-damaged" data-testid="damaged-screen" aria-labelledby="damaged-title">'
        + bar(title)
        + '<div class="damaged-body">'
        + f'<div class="trophy warn">{icon("warn")}</div>'
        + '<h2 id="damaged-title">This saved game is damaged</h2>'
        + f'<p data-testid="damaged-message">{esc(message)}</p>'
        + (
            f"<p>Its first {esc(plural(good, 'action'))} can still be played on; what comes after"
            " is lost.</p>"
            if good is not None
            else "<p>Nothing of it can be opened.</p>"
        )
        + "</div>"
        + '<div class="actions">'
        + opener
        + '<button type="button" class="btn wide" data-action="delete"'
        f' data-saved="{esc(saved_id)}" data-key="delete" data-testid="delete">Delete it</button>'
        + "</div></section>"
    )


def message_screen(title: str, heading: str, text: str) -> str:
    """A game screen that only says something (a saved game that is gone)."""
    return (
        '<section class="pc-damaged" data-testid="message-screen">'
        + bar(title)
        + f'<div class="damaged-body"><h2>{esc(heading)}</h2><p>{esc(text)}</p></div>'
        + '<div class="actions"><button type="button" class="btn primary wide"'
        ' data-action="home" data-key="home-button">Back to the games</button></div></section>'
    )


def setup_saved(entries: Sequence[Row | Damaged], game: str, title: str, now: float) -> str:
    """This game's games in progress, on its setup screen ("" if none)."""
    items = [_saved_item(e, {game: title}, now) for e in in_progress(entries, game)]
    if not items:
        return ""
    return (
        '<section class="resume" data-testid="resume-card" aria-labelledby="resume-title">'
        f'<h2 id="resume-title">{"Game" if len(items) == 1 else "Games"} in progress</h2>'
        f'<ul class="saved-list">{"".join(items)}</ul></section>'
    )
