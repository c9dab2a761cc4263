"""Shared browser-test fixtures (Playwright + Debian's Chromium), for every e2e/test_*.py.

dist/ is built once per session and served once; one Chromium is launched once. Pyodide takes
seconds to boot, so share what you can.

Session-scoped:
    dist            tools.build.BuildResult for dist/ (built if anything changed): .out, .files,
                    .cache_name, .total_bytes
    server          tools.serve.StaticServer serving dist/ on 127.0.0.1:<free port> (.url, .root)
    test_dist, test_server   the same for the test build (build/dist-test: the shipped games and
                    the test-only ones, tests/games/), built on first use
    base_url        server.url, e.g. "http://127.0.0.1:41234/"
    browser         playwright Browser: /usr/bin/chromium (or $PICANTE_CHROMIUM), headless, with
                    CHROMIUM_ARGS (DNS blocked for everything but 127.0.0.1, so a CDN request
                    fails loudly)
    app_context     one phone BrowserContext shared by `page` (its service worker and caches stay
                    warm, so each `page` boots Python in ~2 s instead of ~5 s)

Function-scoped:
    page            a Page in app_context, 390x844, touch, mobile, with the app loaded and
                    window.picanteReady awaited. Local storage and IndexedDB of the origin are
                    cleared before it opens (each test starts with no saved game). Do not change
                    app_context itself (routes, offline, permissions): use new_context for that.
                    The test fails if any request left 127.0.0.1 meanwhile. A test marked
                    @pytest.mark.opens_app gets it blank (storage cleared, nothing loaded): it
                    opens the app itself at an address of its own (open_app(page, url): a seed,
                    a deep link), without a first boot it would not use (2-4 s each).
    test_page       the same for the test build (test_server): its origin's storage cleared,
                    the app loaded (or blank, marked opens_app)
    new_context     factory: new_context(**overrides) -> a fresh BrowserContext (empty profile,
                    phone settings as above, overridable: viewport, color_scheme, ...), closed
                    after the test
    offsite_requests  list of URLs that left 127.0.0.1, recorded for every context made by
                    new_context and for app_context during the test; asserted empty by
                    the platform tests
    csp_violations  list of what the page's Content-Security-Policy refused (its
                    securitypolicyviolation events), recorded like offsite_requests; asserted
                    empty after every test that uses `page` or `new_context`
    serve           factory: serve(path) -> an extra StaticServer on a free port (a separate
                    origin: its own service worker and caches), stopped after the test
    cpu_hog         busy processes, one per core, for the test's duration: the machine as busy
                    as a loaded CI box (a phone is slower still). Tests of races ask for it;
                    PICANTE_CPU_HOG=1 runs every browser test under it

Helpers (import from conftest):
    SHIPPED_GAMES         the ids of the playable games of dist/, in home-card order, read from
                          the registries (engine and UI) the way the build does
    TEST_ONLY_GAMES       the ids the test build adds (registered by tests/games/register.py)
    PHONE                 the context settings above
    open_app(page, url, ready=True)   go to the app (url may carry #/game) and await ready
    hold_until(page, pattern, ready_js, url=...)   go to url holding back the requests
                          matching pattern until ready_js is true in the page
    open_app_slowly(page, url)   open_app as a first visit on a phone network: the runtime
                          is held back until the page has chosen how to start Python (the
                          normal way: web/start.mjs takes the snapshot on a first visit only
                          when the runtime has arrived at once, or all of it but the wasm fast)
    wait_ready(page)      await window.picanteReady (a failed boot lists what watch_loads saw)
    watch_loads(page)     note the page's failed requests and console errors (open_app does it)
    track_offsite(target, sink)   record requests of a Page/BrowserContext that leave 127.0.0.1
    track_csp(target, sink)       record what the CSP refused in a Page/BrowserContext
    run_python(page, code)        run Python in the page's interpreter, return the result as str
    settle_saves(page)    wait until the app has written every save it was asked for (it saves
                          after the frame showing an action is painted, then in IndexedDB)
    saved_count(page)     actions in the record last written (window.picante.lastSave), after
                          settle_saves; wait_saved_beyond(page, n): until one of more is written
    saved_games(page)     every saved game in the page's IndexedDB, after settle_saves:
                          {id: {"row": dict | None, "record": str | None, "checkpoint": ...}}
    read_save(page, saved_id=None)  one saved game as saved_games gives it: the one on screen
                          (the route's id) unless saved_id is given; None if there is none
    saved_record(page, saved_id=None)  its record (engine.record.Record)
    saved_state(page, saved_id=None)   the state its record replays to, in CPython (the engine
                          the tests run): what the page must be showing
    open_position(page, state, seats=None)  play on from a fixed position (state.to_dict()),
                          seats [(name, bot level or None)], by default seat 0 human and
                          bots: window.picante.openPosition (such a game is not saved)
    shot(page, name)      screenshot to e2e/artifacts/ (git-ignored); with
                          PICANTE_UPDATE_SCREENSHOTS=1 also to docs/screenshots/ (the README's)
    axe_violations(page, context=None)  run axe-core (node_modules/axe-core, a dev dependency,
                          never shipped) on the page (or a selector) and return its serious and
                          critical violations, one line each: rule id, impact, help, and the
                          offending elements (selector and HTML)
    assert_axe_clean(page, context=None, where="")  fail listing them
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tools.browser import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[1]

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "has_touch": True,
    "is_mobile": True,
    "service_workers": "allow",
}
READY_TIMEOUT_MS = 120_000


def _playable(register: list[str]) -> list[str]:
    from tools.shell_games import game_list

    return [g["id"] for g in game_list(ROOT, ROOT / "web", register) if g["playable"]]


SHIPPED_GAMES = _playable([])
TEST_ONLY_GAMES = [g for g in _playable(["games.register"]) if g not in SHIPPED_GAMES]


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome-extension", "chrome"):
        return True
    return parts.hostname == "127.0.0.1"


def track_offsite(target, sink: list[str]) -> list[str]:
    """Append to `sink` every request of `target` (a Page or BrowserContext; a context includes
    its service workers' requests) whose host is not 127.0.0.1. Returns `sink`."""
    target.on("request", lambda req: None if _is_local(req.url) else sink.append(req.url))
    return sink


# Every refusal of the page's Content-Security-Policy, as the page itself sees it (a refused
# eval that the code catches is reported by this event only, not on the console).
_CSP_WATCH_JS = """document.addEventListener('securitypolicyviolation', (e) => {
  const where = `${e.sourceFile || location.href}:${e.lineNumber}:${e.columnNumber}`;
  window.__picanteCspRefused(`${e.effectiveDirective}: ${e.blockedURI || 'inline'} at ${where}`);
});"""


def track_csp(target, sink: list[str]) -> list[str]:
    """Append to `sink` what the page's Content-Security-Policy refused in `target` (a Page or
    BrowserContext), from every document it loads from now on. Returns `sink`."""
    target.expose_function("__picanteCspRefused", lambda text: sink.append(text))
    target.add_init_script(_CSP_WATCH_JS)
    return sink


def watch_loads(page) -> list[str]:
    """From now on, note each of `page`'s requests that fails (a network error, or an HTTP error
    status) and what its console says of errors, to explain a failed boot. Returns the notes."""
    notes = getattr(page, "_picante_loads", None)
    if notes is None:
        notes = page._picante_loads = []

        def answered(res) -> None:
            if res.status >= 400:
                sw = " (service worker)" if res.from_service_worker else ""
                notes.append(f"{res.url}: HTTP {res.status}{sw}")

        def said(msg) -> None:
            if msg.type in ("error", "warning"):
                notes.append(f"console {msg.type}: {msg.text[:300]}")

        page.on("requestfailed", lambda req: notes.append(f"{req.url} failed: {req.failure}"))
        page.on("response", answered)
        page.on("console", said)
    return notes


def wait_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    page.wait_for_function(
        "() => window.picante && (window.picante.ready === true || !!window.picante.bootError)",
        timeout=timeout_ms,
    )
    err = page.evaluate("() => window.picante.bootError")
    if err:
        notes = "\n".join(getattr(page, "_picante_loads", []) or ["(no failed request seen)"])
        raise AssertionError(f"the app failed to boot: {err}\n{notes}")
    page.evaluate("() => window.picanteReady")


def open_app(page, url: str, ready: bool = True, **goto) -> None:
    watch_loads(page)
    page.goto(url, **goto)
    if ready:
        wait_ready(page)


def hold_until(page, pattern: str, ready_js: str, **goto) -> None:
    """Go to the page's URL (goto["url"]) holding back every request matching `pattern` until
    `ready_js` is true in the page, then let them go."""
    held: list = []
    holding = [True]

    def handle(route) -> None:
        if holding[0]:
            held.append(route)
        else:
            route.continue_()

    page.route(pattern, handle)
    page.goto(**goto)
    page.wait_for_function(ready_js)
    holding[0] = False
    for route in held:
        route.continue_()


def open_app_slowly(page, url: str) -> None:
    js = "() => window.picante && window.picante.boot !== undefined"
    # the whole runtime held back: a page that has the rest of it fast takes the network for a
    # fast one, whose wasm is only late (web/start.mjs fastNetwork)
    # (not until "load": the runtime's glue is a script of the page, held back with the rest)
    hold_until(page, RUNTIME_FILES, js, url=url, wait_until="commit")
    wait_ready(page)


RUNTIME_FILES = re.compile(r"/pyodide/(pyodide\.asm\.(wasm|js)|python_stdlib\.zip)$")


SHOTS = [ROOT / "e2e" / "artifacts"]
if os.environ.get("PICANTE_UPDATE_SCREENSHOTS") == "1":
    SHOTS.append(ROOT / "docs" / "screenshots")


def shot(page, name: str) -> None:
    """Save a screenshot where the README can use it (see SHOTS); they change with every build,
    so only an explicit refresh touches the committed ones."""
    for folder in SHOTS:
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / name))


def settle_saves(page) -> None:
    """Until every save the app was asked for is written: the next painted frame and a task
    (``ui.dom.after_paint``), then ``window.picante.saving`` false."""
    page.evaluate(
        "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame("
        "() => setTimeout(r, 0))))"
    )
    page.wait_for_function("() => !window.picante.saving")


_READ_DB_JS = """() => new Promise((ok, fail) => {
  const req = indexedDB.open('picante');
  req.onerror = () => fail(req.error);
  req.onsuccess = () => {
    const db = req.result;
    if (!db.objectStoreNames.contains('games')) { db.close(); return ok({}); }
    const tx = db.transaction(['games', 'records'], 'readonly');
    const out = {};
    tx.objectStore('games').openCursor().onsuccess = (e) => {
      const c = e.target.result;
      if (!c) return;
      (out[c.key] = out[c.key] || {}).row = c.value;
      c.continue();
    };
    tx.objectStore('records').openCursor().onsuccess = (e) => {
      const c = e.target.result;
      if (!c) return;
      const entry = (out[c.key] = out[c.key] || {});
      entry.record = c.value.record;
      entry.checkpoint = c.value.checkpoint;
      c.continue();
    };
    tx.oncomplete = () => { db.close(); ok(out); };
    tx.onerror = () => fail(tx.error);
  };
})"""


def saved_count(page) -> int:
    """The number of actions in the game's record as last written (-1: nothing written yet),
    once every pending save is written."""
    settle_saves(page)
    return page.evaluate("() => window.picante.lastSave ? window.picante.lastSave.actions : -1")


def wait_saved_beyond(page, count: int) -> None:
    """Until a save of more than ``count`` actions is written: an action was taken."""
    page.wait_for_function(
        "(n) => !!window.picante.lastSave && window.picante.lastSave.actions > n", arg=count
    )


def saved_games(page) -> dict:
    settle_saves(page)
    return page.evaluate(_READ_DB_JS)


def current_saved_id(page) -> str | None:
    route = page.evaluate("() => window.picante.currentRoute") or ""
    parts = route.split("/")
    return parts[2] if len(parts) == 3 and parts[1] in ("saved", "replay") else None


def read_save(page, saved_id: str | None = None):
    games = saved_games(page)
    return games.get(saved_id or current_saved_id(page) or "")


def saved_record(page, saved_id: str | None = None):
    from engine.record import Record

    found = read_save(page, saved_id)
    assert found is not None and found.get("record"), "no saved game"
    return Record.from_text(found["record"])


def saved_state(page, saved_id: str | None = None):
    from engine.record import replay

    return replay(saved_record(page, saved_id))


def open_position(page, state, seats=None) -> None:
    """``seats``: [(name, bot level or None for a human)]; default: seat 0 human, bots."""
    data = None if seats is None else [{"name": n, "bot": b} for n, b in seats]
    page.evaluate(
        "([id, s, n]) => window.picante.openPosition(id, s, n)",
        [state.game.id, json.dumps(state.to_dict()), json.dumps(data) if data else None],
    )


AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_IMPACTS = ("serious", "critical")


def inject_axe(page) -> None:
    """axe-core into the page, once: through the DevTools protocol (Runtime.evaluate), which
    the page's Content-Security-Policy does not apply to, unlike a <script> or eval."""
    if page.evaluate("() => typeof window.axe === 'object'"):
        return
    if not AXE_JS.exists():
        pytest.fail(f"{AXE_JS} is missing: npm ci installs the dev dependencies")
    cdp = page.context.new_cdp_session(page)
    try:
        result = cdp.send("Runtime.evaluate", {"expression": AXE_JS.read_text(encoding="utf-8")})
        if "exceptionDetails" in result:
            raise AssertionError(f"axe-core did not load: {result['exceptionDetails']}")
    finally:
        cdp.detach()


def axe_violations(page, context: str | None = None) -> list[str]:
    """axe-core's serious and critical violations on what is on screen (animations finished
    first, so colours are measured as they end), one line per rule."""
    inject_axe(page)
    found = page.evaluate(
        """async ([context, impacts]) => {
          for (const a of document.getAnimations()) {
            try { if (a.effect.getComputedTiming().endTime !== Infinity) a.finish(); } catch (e) {}
          }
          const r = await axe.run(context ? document.querySelector(context) : document,
                                  {resultTypes: ['violations']});
          return r.violations.filter((v) => impacts.includes(v.impact)).map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 120)}`),
            count: v.nodes.length}));
        }""",
        [context, list(AXE_IMPACTS)],
    )
    return [
        f"{v['id']} ({v['impact']}, {v['count']}×): {v['help']}\n      "
        + "\n      ".join(v["nodes"])
        for v in found
    ]


def assert_axe_clean(page, context: str | None = None, where: str = "") -> None:
    """Fail on any serious or critical axe-core violation, listing each."""
    found = axe_violations(page, context)
    assert not found, f"axe {where}:\n  " + "\n  ".join(found)


def run_python(page, code: str) -> str:
    """Run `code` in the page's Pyodide; returns str() of the last expression's value."""
    return page.evaluate(
        "(code) => { const r = window.picante.pyodide.runPython(code); return String(r); }", code
    )


# The number of actions in the record of the game on screen (-1: no table). A card played does
# not always leave the hand for good: a Jalapeño led and won comes back to its player's face-up
# row at once, so a test that played something waits for this count, not for the card to go.
ACTIONS_TAKEN = (
    "import ui.app\nt = ui.app.APP.table\nlen(t.session.record) if t is not None else -1"
)


def actions_taken(page) -> int:
    return int(run_python(page, ACTIONS_TAKEN))


def wait_for_action_beyond(page, count: int, timeout: float = 60_000) -> None:
    """Until the game on screen has recorded more than ``count`` actions."""
    page.wait_for_function(
        "([code, n]) => Number(window.picante.pyodide.runPython(code)) > n",
        arg=[ACTIONS_TAKEN, count],
        timeout=timeout,
    )


# ---- session-wide ------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def dist():
    from tools.build import build

    return build(if_needed=True)


@pytest.fixture(scope="session")
def server(dist):
    from tools.serve import serve_in_thread

    srv = serve_in_thread(dist.out)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def base_url(server) -> str:
    return server.url


@pytest.fixture(scope="session")
def test_dist():
    from tools.build import build

    return build(ROOT / "build" / "dist-test", if_needed=True, test_games=True)


@pytest.fixture(scope="session")
def test_server(test_dist):
    from tools.serve import serve_in_thread

    srv = serve_in_thread(test_dist.out)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def playwright_instance():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: scripts/test.sh installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance):
    b = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    yield b
    b.close()


_APP_CSP: list[str] = []  # app_context's refusals (csp_violations hands them to each test)


@pytest.fixture(scope="session")
def app_context(browser):
    ctx = browser.new_context(**PHONE)
    ctx.set_default_timeout(30_000)
    track_csp(ctx, _APP_CSP)
    yield ctx
    ctx.close()


# ---- per test -----------------------------------------------------------------------------------


@pytest.fixture
def offsite_requests(app_context) -> Iterator[list[str]]:
    sink: list[str] = []

    def record(req):
        if not _is_local(req.url):
            sink.append(req.url)

    app_context.on("request", record)
    yield sink
    app_context.remove_listener("request", record)


@pytest.fixture
def csp_violations(app_context) -> Iterator[list[str]]:
    _APP_CSP.clear()
    yield _APP_CSP  # new_context's contexts report here too
    _APP_CSP.clear()


@pytest.fixture
def new_context(browser, offsite_requests, csp_violations) -> Iterator[Callable]:
    made = []

    def make(**overrides):
        ctx = browser.new_context(**{**PHONE, **overrides})
        ctx.set_default_timeout(30_000)
        track_offsite(ctx, offsite_requests)
        track_csp(ctx, csp_violations)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()
    assert csp_violations == [], f"refused by the Content-Security-Policy: {csp_violations}"


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "opens_app: `page` comes blank; the test opens the app itself (open_app)"
    )


def _app_page(request, app_context, url: str, offsite_requests, csp_violations) -> Iterator:
    pg = app_context.new_page()
    cdp = app_context.new_cdp_session(pg)
    cdp.send(
        "Storage.clearDataForOrigin",
        {"origin": url.rstrip("/"), "storageTypes": "local_storage,indexeddb,websql"},
    )
    cdp.detach()
    if request.node.get_closest_marker("opens_app") is None:
        open_app(pg, url)
    yield pg
    pg.close()
    assert offsite_requests == [], f"requests left 127.0.0.1 (a CDN?): {offsite_requests}"
    assert csp_violations == [], f"refused by the Content-Security-Policy: {csp_violations}"


@pytest.fixture
def page(request, app_context, base_url, offsite_requests, csp_violations):
    yield from _app_page(request, app_context, base_url, offsite_requests, csp_violations)


@pytest.fixture
def test_page(request, app_context, test_server, offsite_requests, csp_violations):
    yield from _app_page(request, app_context, test_server.url, offsite_requests, csp_violations)


@pytest.fixture
def serve(tmp_path) -> Iterator[Callable]:
    from tools.serve import serve_in_thread

    started = []

    def start(path: Path):
        srv = serve_in_thread(Path(path))
        started.append(srv)
        return srv

    yield start
    for srv in started:
        srv.stop()


@pytest.fixture
def cpu_hog() -> Iterator[int]:
    import subprocess
    import sys

    hogs = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"])
        for _ in range(os.cpu_count() or 2)
    ]
    yield len(hogs)
    for hog in hogs:
        hog.kill()
        hog.wait()


@pytest.fixture(autouse=True)
def _everything_under_load(request) -> None:
    if os.environ.get("PICANTE_CPU_HOG") == "1":
        request.getfixturevalue("cpu_hog")


def copy_dist(dist_out: Path, dest: Path) -> Path:
    """A copy of a built dist/ that a test may break or change."""
    shutil.copytree(dist_out, dest)
    return dest
