"""The only module that touches the browser (``js``). Everything it does is small and generic:
mount the game root, patch a screen's HTML in place (keeping focus and scroll), run work after
the next paint, listen for events, show a toast, read/write localStorage and the saved games'
database (IndexedDB). Game logic never reads anything back from the DOM except what the user
did (which button, which card code, which form field).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import (  # type: ignore[import-not-found]
    create_once_callable,
    create_proxy,
    to_js,
)

try:  # Pyodide >= 0.27 turns JS null into ``jsnull``, not None
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover
    jsnull = None

ROOT_ID = "game-root"
SCREEN_ID = "pc-screen"
TOAST_ID = "pc-toast"
LIVE_ID = "pc-live"
DIALOG_ID = "pc-dialog"

_proxies: list[Any] = []  # event-listener proxies must outlive this module's functions


def missing(value: Any) -> bool:
    """True for a JS null/undefined result (``getElementById`` found nothing, …)."""
    return value is None or value is jsnull


def game_root() -> Any:
    root = js.document.getElementById(ROOT_ID)
    if missing(root):  # shell not there (a bare test page): make the container ourselves
        root = js.document.createElement("main")
        root.id = ROOT_ID
        js.document.body.appendChild(root)
    return root


def mount(root: Any) -> None:
    """Give the root its two parts once: a screen we re-render and a toast host we don't."""
    if missing(js.document.getElementById(SCREEN_ID)):
        root.innerHTML = (
            f'<div id="{SCREEN_ID}" class="pc-screen"></div>'
            f'<div id="{TOAST_ID}" class="pc-toast-host" role="alert" aria-live="assertive"'
            ' aria-atomic="true"></div>'
            # Screens are re-rendered whole, so the status a screen reader announces lives in
            # a region that is never replaced (a freshly inserted live region is not read).
            f'<div id="{LIVE_ID}" class="sr" role="status" aria-live="polite"'
            ' aria-atomic="true"></div>'
        )


def show_root(root: Any, visible: bool) -> None:
    root.hidden = not visible
    js.document.documentElement.classList.toggle("pc-in-game", visible)


def render(html: str) -> None:
    """Show ``html`` as the screen, changing only what differs from what is on screen.

    A tap must answer within a frame or two, so the screen is patched, not replaced: the new
    HTML is parsed off-document and the live nodes are updated in place (attributes, text),
    matched by ``data-key`` (or ``id``) where they have one and by position otherwise. Nodes
    that stay keep their focus, scroll position and running transitions; only nodes that
    really changed make the browser restyle. A focused control that went away (the card just
    played) hands focus to its ``data-key`` twin, else to the first control of its
    ``data-focus-group`` (a hand: a keyboard user stays in it), else to ``[autofocus]``. One
    call into JavaScript (``ui/dom.js``) per render: walking the DOM from Python would cross
    the FFI for every node."""
    _dom_js().patch(js.document.getElementById(SCREEN_ID), html)


_dom_js_obj: Any = None


def _dom_js() -> Any:
    """``window.picanteDom``: the patch and the tap listener, written in ``ui/dom.js``, not here
    (the page's Content-Security-Policy runs no code made from strings). Looked up on first use,
    not at import (a memory snapshot of the interpreter imports this module with no page)."""
    global _dom_js_obj
    if _dom_js_obj is None:
        found = getattr(js.window, "picanteDom", None)
        if missing(found):
            raise RuntimeError("ui/dom.js is not loaded (web/index.html loads it before Python)")
        _dom_js_obj = found
    return _dom_js_obj


def after_paint(fn: Callable[[], None]) -> None:
    """Run ``fn`` once the next frame has been painted (``requestAnimationFrame``, then a
    task): for work the player does not see, such as saving the game, so that it never
    delays the frame that answers a tap."""

    def run(*_: Any) -> None:
        fn()

    js.requestAnimationFrame(
        create_once_callable(lambda *_: js.setTimeout(create_once_callable(run), 0))
    )


# A hidden page paints no frames: a frame not painted within this many ms is not waited for.
FRAME_WAIT_MS = 100


async def next_frame() -> None:
    """Until the page has painted its next frame (``ui/dom.js``'s ``nextFrame``): a bot
    thinking in slices gives the page a frame this way (``ui.bots.PageTurns``)."""
    await _dom_js().nextFrame(FRAME_WAIT_MS)


def scroll_into_view(selector: str) -> None:
    el = js.document.querySelector(selector)
    if not missing(el):
        el.scrollIntoView(
            to_js({"block": "nearest", "inline": "nearest"}, dict_converter=js.Object.fromEntries)
        )


def on(target: Any, event: str, handler: Callable[[Any], None]) -> None:
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def on_tap(target: Any, handler: Callable[[Any], None]) -> None:
    """``handler(event)`` for every activation of a control under ``target``: at once when a
    finger (or pen) lifts off a ``[data-action]`` control it went down on without sliding off,
    and on ``click`` for everything else (mouse, keyboard, assistive technology, form fields).

    The browser's own click after a touch comes a task or more after the finger lifts (its tap
    gesture goes through the browser process: ~18 ms after ``pointerup`` on a busy machine
    here), so a tap answers on ``pointerup``. The mousedown and click that follow such a tap
    are swallowed wherever they land: by then the screen may have changed under the finger,
    and a "ghost" must neither press nor focus what is there now (another card, a field, a
    home card)."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    _dom_js().listenTaps(target, proxy)


def closest_data(event: Any, attr: str) -> Any:
    """The nearest element (from the event target up) carrying ``data-<attr>``, or None."""
    target = event.target
    if missing(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(f"[data-{attr}]")
    return None if missing(found) else found


def attr(el: Any, name: str) -> str | None:
    """An element's attribute as str, or None (also for a missing element)."""
    if missing(el):
        return None
    value = el.getAttribute(name)
    return None if missing(value) else str(value)


def announce(text: str) -> None:
    """Put ``text`` in the persistent live region if it changed (screen readers read it)."""
    live = js.document.getElementById(LIVE_ID)
    if not missing(live) and str(live.textContent) != text:
        live.textContent = text


def set_toast(html: str) -> None:
    host = js.document.getElementById(TOAST_ID)
    if not missing(host):
        host.innerHTML = html


def render_into(element_id: str, html: str) -> bool:
    """``render`` for another part of the page that Python owns (the home screen's lists, the
    dialog host): patched in place the same way. False if the element is not in the page."""
    el = js.document.getElementById(element_id)
    if missing(el):
        return False
    _dom_js().patch(el, html)
    el.hidden = not html
    return True


def dialog_host() -> Any:
    """The element confirmations are drawn into, over whatever is on screen (home or game);
    made once, at the end of the body."""
    host = js.document.getElementById(DIALOG_ID)
    if missing(host):
        host = js.document.createElement("div")
        host.id = DIALOG_ID
        host.hidden = True
        js.document.body.appendChild(host)
    return host


def element(element_id: str) -> Any:
    """The element with this id, or None."""
    el = js.document.getElementById(element_id)
    return None if missing(el) else el


# -- saved games: IndexedDB --------------------------------------------------------------------
#
# Two object stores in the database "picante": ``games``, one small row per saved game (what
# the home screen lists: JSON-ready data the app writes), and ``records``, the game's record
# and checkpoint as JSON text (kept as text: a 63-bit seed would lose digits as a JS number).
# One transaction writes both, so a row never lists a record that is not there, and a failed
# write (storage full) leaves what was stored as it was. Every call returns a Promise. The
# JavaScript half is ``db`` in ``ui/dom.js``.


def _db() -> Any:
    """``window.picanteDom.db``: the saved games' database, written in ``ui/dom.js``."""
    return _dom_js().db


class StorageError(Exception):
    """The browser's database refused (not there, blocked, full: ``QuotaExceededError``)."""


async def _call(name: str, *args: Any) -> Any:
    try:
        api = _db()
        return await getattr(api, name)(*args)
    except Exception as err:  # a JS error (JsException), or IndexedDB missing altogether
        raise StorageError(_reason(err)) from None


def _reason(err: Any) -> str:
    text = str(err)
    return text.splitlines()[-1] if text else type(err).__name__


async def db_put(game_id: str, row: str, record: str, checkpoint: str | None) -> None:
    """Write one saved game (its row, its record and checkpoint texts) in one transaction."""
    await _call("put", game_id, row, record, checkpoint)


async def db_rows() -> list[tuple[str, str | None]]:
    """Every saved game's row as (id, JSON text); None for a row that is not JSON-able."""
    data = json.loads(str(await _call("rows")))
    return [(str(key), text if isinstance(text, str) else None) for key, text in data]


async def db_record(game_id: str) -> tuple[str | None, str | None] | None:
    """A saved game's (record text, checkpoint text); None if there is no such record."""
    data = json.loads(str(await _call("record", game_id)))
    if not isinstance(data, dict):
        return None
    return data.get("record"), data.get("checkpoint")


async def db_remove(ids: list[str]) -> None:
    await _call("remove", to_js(list(ids)))


async def db_persist() -> bool:
    """Ask the browser to keep our storage when space runs short (``storage.persist()``)."""
    try:
        return bool(await _call("persist"))
    except StorageError:
        return False


def now_ms() -> float:
    return float(js.Date.now())


_CONTROLS = "a[href], button, input, select, textarea"  # (ui/dom.js's CONTROLS: the same)


def _place_holder(el: Any) -> bool:
    """A non-control that ``focus`` gave ``tabindex="-1"`` to hold the focus (a status line)."""
    return el.getAttribute("tabindex") == "-1" and not el.matches(_CONTROLS)


def focus(selectors: tuple[str, ...], *, move: bool = False, within: str = SCREEN_ID) -> None:
    """After the next frame (the patch's own focus fix-up runs first), focus the first element
    of ``within`` matching one of ``selectors``, scrolled into view if need be: always when
    ``move``, else only if focus was lost (on the page's body, or outside ``within``), or is
    on a place-holder of ours (a non-control given ``tabindex="-1"``, as below) and a target
    ahead of it in ``selectors`` came (a result's Continue while the status line has focus). A
    target that cannot take focus (a status line) is given ``tabindex="-1"``; the patch leaves
    it on while it has focus (``ui/dom.js``), so the focus stays put from screen to screen."""

    def run(*_: Any) -> None:
        box = js.document.getElementById(within)
        if missing(box):
            return
        active = js.document.activeElement
        inside = not missing(active) and active != js.document.body and box.contains(active)
        if inside and not move and not _place_holder(active):
            return  # a control or a tab stop the player is on
        for selector in selectors:
            el = box.querySelector(selector)
            if missing(el):
                continue
            if inside and (active == el or active.matches(selector)):
                return  # already on one of them
            if not el.matches(f"{_CONTROLS}, [tabindex]"):
                el.setAttribute("tabindex", "-1")
            el.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
            el.scrollIntoView(
                to_js(
                    {"block": "nearest", "inline": "nearest"},
                    dict_converter=js.Object.fromEntries,
                )
            )
            return

    js.requestAnimationFrame(create_once_callable(run))


def active_element() -> Any:
    """The focused element (None: the page's body), to give focus back to later."""
    el = js.document.activeElement
    return None if missing(el) or el == js.document.body else el


def refocus(el: Any) -> None:
    """Give focus back to ``el`` if it is still in the page (a dialog closed)."""
    if not missing(el) and el.isConnected:
        el.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))


def set_class(name: str, on: bool) -> None:
    """Toggle a class on ``<html>`` (``pc-reduce-motion``: the in-app switch)."""
    js.document.documentElement.classList.toggle(name, on)


def unhide(element_id: str) -> Any:
    """Show a part of the shell that waits for Python (the home's Settings button)."""
    el = element(element_id)
    if el is not None:
        el.hidden = False
    return el


def storage_get(key: str) -> str | None:
    try:
        value = js.window.localStorage.getItem(key)
    except Exception:  # storage can be disabled (private mode): play on without saving
        return None
    return None if missing(value) else str(value)


def storage_set(key: str, value: str) -> None:
    try:
        js.window.localStorage.setItem(key, value)
    except Exception:
        pass


def storage_remove(key: str) -> None:
    try:
        js.window.localStorage.removeItem(key)
    except Exception:
        pass


def query_param(name: str) -> str | None:
    params = js.URLSearchParams.new(js.window.location.search)
    value = params.get(name)
    return None if missing(value) else str(value)


def boot_config() -> dict[str, Any]:
    """The build's boot list (``<script id="picante-boot">``) as data; {} if there is none."""
    el = js.document.getElementById("picante-boot")
    if missing(el):
        return {}
    try:
        data = json.loads(str(el.textContent))
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def shell_games() -> list[dict[str, Any]]:
    """The home cards as the shell read them (``window.picante.games``): id, title, ..."""
    cards = getattr(picante(), "games", None)
    if missing(cards):
        return []
    try:
        data = json.loads(str(js.JSON.stringify(cards)))
    except Exception:  # anything but a list of plain objects: no cards known
        return []
    if not isinstance(data, list):
        return []
    return [g for g in data if isinstance(g, dict) and isinstance(g.get("id"), str)]


def picante() -> Any:
    """``window.picante``, created if the shell has not made it (bare test pages)."""
    obj = getattr(js.window, "picante", None)
    if missing(obj):
        js.window.picante = js.Object.new()
        obj = js.window.picante
    return obj


def export(name: str, fn: Callable[..., Any]) -> None:
    """``window.picante[name] = fn`` (kept alive for the page's lifetime)."""
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    setattr(picante(), name, proxy)


def publish(name: str, data: Any) -> None:
    """``window.picante[name] = <plain JS copy of data>`` (for tests and curious people)."""
    setattr(picante(), name, to_js(data, dict_converter=js.Object.fromEntries))


def call_shell(name: str, *args: Any) -> bool:
    """Call ``window.picante[name](...)`` if the shell provides it."""
    fn = getattr(picante(), name, None)
    if missing(fn):
        return False
    fn(*args)
    return True


def log(*parts: Any) -> None:
    js.console.log(" ".join(str(p) for p in parts))


def warn(*parts: Any) -> None:
    js.console.warn(" ".join(str(p) for p in parts))


# -- share links ---------------------------------------------------------------------------------


def page_url() -> str:
    """This page's address without its query or fragment: a link to the app wherever it is
    served from (a sub-path too)."""
    loc = js.window.location
    return str(loc.origin) + str(loc.pathname)


async def share_link(url: str, text: str) -> str:
    """Send ``url`` with the Web Share API where there is one ("shared", or "cancelled" when
    the person closed the sheet), else copy it to the clipboard ("copied"); "failed" when
    neither works (the sheet then shows the link selected, to copy by hand)."""
    nav = js.navigator
    share = getattr(nav, "share", None)
    if not missing(share):
        data = to_js({"url": url, "text": text}, dict_converter=js.Object.fromEntries)
        can = getattr(nav, "canShare", None)
        if missing(can) or bool(nav.canShare(data)):
            try:
                await nav.share(data)
                return "shared"
            except Exception as err:  # AbortError: closed by the person; else try the clipboard
                if "AbortError" in str(err):
                    return "cancelled"
    clipboard = getattr(nav, "clipboard", None)
    if not missing(clipboard):
        try:
            await clipboard.writeText(url)
            return "copied"
        except Exception:
            pass
    return "failed"


def select_text(selector: str) -> None:
    """Select the text of the field ``selector`` (a link to copy by hand)."""
    el = js.document.querySelector(selector)
    if not missing(el):
        try:
            el.select()
        except Exception:
            pass
