"""The offline PWA spine in a real browser: first visit, tap before ready, deep links, offline,
update, broken boot, phone layout. Each test uses its own fresh profile (new_context) and, where it
stops or changes the server, its own server (a separate origin)."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    PHONE,
    RUNTIME_FILES,
    SHIPPED_GAMES,
    copy_dist,
    open_app,
    run_python,
    shot,
    wait_ready,
)

from tools import snapshot
from tools.browser import FCP_JS
from tools.build import build, read_sw_build_info

ROOT = Path(__file__).resolve().parents[1]
# The service worker's caches (the page keeps Python's snapshot in one of its own).
WORKER_CACHES_JS = "async () => (await caches.keys()).filter((k) => k.startsWith('picante-'))"
SW_CONTROLLED_JS = """async () => {
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++)
    await new Promise((r) => setTimeout(r, 50));
  return !!navigator.serviceWorker.controller;
}"""
LAYOUT_JS = """() => {
  const doc = document.documentElement;
  const small = [];
  for (const el of document.querySelectorAll('a, button, [role=button], input, select')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    const name = el.id || el.className || el.tagName;
    if (r.width < 44 || r.height < 44) small.push(`${name} ${r.width}x${r.height}`);
  }
  return {scrollWidth: doc.scrollWidth, width: window.innerWidth, small,
          bg: getComputedStyle(document.body).backgroundColor};
}"""


def _visible(page, selector: str) -> bool:
    return page.locator(selector).first.is_visible()


def _collect_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def _hold(ctx, pattern: str | re.Pattern) -> list:
    """Hold every request matching `pattern` until the test releases it (route.continue_())."""
    held: list = []
    ctx.route(pattern, lambda route: held.append(route))
    return held


def _release(ctx, pattern: str | re.Pattern, held: list) -> None:
    for route in held:
        route.continue_()
    ctx.unroute(pattern)


def test_first_visit_paints_the_shell_first_boots_and_stays_on_localhost(
    new_context, base_url, offsite_requests
):
    ctx = new_context()
    page = ctx.new_page()
    errors = _collect_errors(page)
    # The runtime's wasm is held back until the shell has been looked at: Python cannot be up
    # before it (on loopback a first visit is otherwise ready in about a second, which a busy
    # machine can spend before the first look).
    held: list[Any] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(base_url, wait_until="commit")
    page.wait_for_selector('[data-game="jalapeno"]', state="visible")
    early = page.evaluate(
        "() => ({ready: window.picante.ready, hasPromise: window.picanteReady instanceof Promise})"
    )
    assert early == {"ready": False, "hasPromise": True}, "the shell must show before Python"
    assert page.locator("[data-game]").count() == len(SHIPPED_GAMES)  # a card for each
    assert _visible(page, "#boot-status")
    assert "Loading" in page.inner_text("#boot-status")
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")

    wait_ready(page)
    fcp = page.evaluate(FCP_JS)
    ready = page.evaluate("() => window.picante.timing.ready")
    assert fcp < ready
    page.wait_for_selector("#boot-status", state="hidden")
    assert offsite_requests == [], f"requests left 127.0.0.1: {offsite_requests}"
    assert not errors, errors

    # the engine wheel is installed and every web/ui module imports at its relative path
    assert run_python(page, "import engine; engine.__name__") == "engine"
    ui = ROOT / "web" / "ui"  # every module, the games' folders included
    modules = sorted(
        ".".join(p.relative_to(ui).with_suffix("").parts).removesuffix(".__init__")
        for p in ui.rglob("*.py")
        if p.name != "__init__.py" or p.parent != ui
    )
    imported = run_python(
        page,
        "import importlib\n"
        f"mods = {modules!r}\n"
        "','.join(m for m in mods if importlib.import_module('ui.' + m))",
    )
    assert imported.split(",") == modules if modules else imported == ""


def test_a_game_tapped_before_python_is_ready_opens_when_it_is(new_context, base_url):
    ctx = new_context()
    # a phone network: the runtime held back keeps Python from starting until released (with
    # the rest of it in fast, a late wasm alone would be a fast network's: web/start.mjs)
    held = _hold(ctx, RUNTIME_FILES)
    page = ctx.new_page()
    page.goto(base_url, wait_until="commit")
    page.tap('[data-game="nacho"]')
    note = page.locator('[data-game="nacho"] .game-pending')
    note.wait_for(state="visible")
    assert re.fullmatch(
        r"Opening as soon as the rules engine is loaded \(\d+ %\)", note.inner_text().strip()
    )
    pending = page.evaluate("() => [location.hash, window.picante.pendingGame]")
    assert pending == ["#/nacho", "nacho"]
    # a second tap changes its mind: the last game tapped wins
    page.tap('[data-game="taco"]')
    page.locator('[data-game="taco"] .game-pending').wait_for(state="visible")
    assert page.locator('[data-game="nacho"] .game-pending').inner_text() == ""
    # a first visit says how much of Python is left to download ...
    page.wait_for_function(
        "() => /^Downloading Python: [0-9.]+ MB of [0-9.]+ MB left$/"
        ".test(document.getElementById('boot-step').textContent)"
    )
    shot(page, "phone-loading.png")
    # ... and each game's rules can be read meanwhile (plain HTML: no Python yet)
    rules = page.locator("details.rules")
    assert rules.count() == page.locator("[data-game]:not([data-soon])").count()
    page.locator("#rules-taco > summary").tap()
    assert page.locator("#rules-taco-serve").is_visible()
    assert "serve an order in full" in page.inner_text("#rules-taco-serve")
    page.locator("#rules-taco > summary").tap()
    assert _visible(page, "#home") and not _visible(page, "#game-root")

    _release(ctx, RUNTIME_FILES, held)
    wait_ready(page)
    page.wait_for_selector("#game-root", state="visible")
    assert not _visible(page, "#home")
    assert page.evaluate("() => [location.hash, window.picante.currentGame]") == ["#/taco", "taco"]
    assert page.inner_text("#game-root").strip(), "Python rendered nothing in #game-root"

    page.go_back()  # browser back returns home
    page.wait_for_selector("#home", state="visible")
    assert page.evaluate("() => [location.hash, window.picante.currentGame]") == ["", None]
    assert not _visible(page, "#game-root")


def test_deep_link_back_home_and_tap_after_ready(new_context, base_url):
    ctx = new_context()
    page = ctx.new_page()
    open_app(page, base_url + "#/jalapeno")
    page.wait_for_selector("#game-root", state="visible")
    assert page.evaluate("() => window.picante.currentGame") == "jalapeno"

    page.evaluate("() => window.picante.showHome()")  # what the UI's Back button calls
    page.wait_for_selector("#home", state="visible")
    assert page.evaluate("() => [location.hash, window.picante.currentGame]") == ["", None]

    page.tap('[data-game="taco"]')  # Python is ready: opens at once
    page.wait_for_selector("#game-root", state="visible")
    assert page.evaluate("() => window.picante.currentGame") == "taco"
    page.evaluate("() => window.picante.showHome()")
    page.wait_for_selector("#home", state="visible")
    assert page.evaluate("() => location.hash") == ""


def _precached(dist) -> list[str]:
    return read_sw_build_info(dist.out / "service-worker.js")["files"]


def test_offline_after_the_first_visit(new_context, serve, dist):
    srv = serve(dist.out)
    ctx = new_context()
    page = ctx.new_page()
    open_app(page, srv.url)
    assert page.evaluate(SW_CONTROLLED_JS), "the service worker never took control"
    assert page.evaluate("() => window.picante.snapshotStored") is True
    assert page.evaluate("() => window.picante.filesStored") is True
    assert sorted(page.evaluate("() => caches.keys()")) == [
        dist.cache_name,
        "python-files",  # our files, as the page wrote them (kept for the next visit)
        "python-snapshot",
    ]
    cached = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).length", dist.cache_name
    )
    # every file (the worker too), its manifest entry and the app page at the scope's own URL
    assert cached == len(_precached(dist)) + 2

    srv.stop()  # the network is gone
    assert (
        page.evaluate(
            "() => fetch('/no-such-file-' + Date.now()).then(() => 'online', () => 'offline')"
        )
        == "offline"
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate("() => window.picante.boot") == {"snapshot": True}, "snapshot not kept"
    # The launch and the runtime came from the cache by the worker's static routes (Chromium
    # serves them without starting the worker).
    served = page.evaluate(
        """() => [performance.getEntriesByType('navigation')[0],
                  ...performance.getEntriesByType('resource')
                     .filter((e) => e.name.endsWith('/pyodide.asm.wasm'))]
                 .map((e) => e.workerFinalSourceType)"""
    )
    assert served == ["cache", "cache"]
    page.tap('[data-game="jalapeno"]')
    page.wait_for_selector("#game-root", state="visible")
    assert page.evaluate("() => window.picante.currentGame") == "jalapeno"
    assert page.inner_text("#game-root").strip()

    # any other address in scope (a stale bookmark, a shared deep link) falls back to the app
    open_app(page, srv.url + "no/such/page?x=1#/taco")
    assert page.url == srv.url + "#/taco"
    page.wait_for_selector("#game-root", state="visible")
    assert page.evaluate("() => window.picante.currentGame") == "taco"


def test_offline_before_the_snapshot_is_kept(new_context, serve, dist, tmp_path):
    """The offline copy does not need Python's snapshot: a visit whose snapshot was never stored
    (here the host lost it; on a phone, the page was closed before it arrived) works offline,
    starting Python the normal way."""
    site = copy_dist(dist.out, tmp_path / "site")
    (site / snapshot.NAME).unlink()
    srv = serve(site)
    ctx = new_context()
    page = ctx.new_page()
    open_app(page, srv.url)
    assert page.evaluate(SW_CONTROLLED_JS), "the service worker never took control"
    assert page.evaluate("() => window.picante.snapshotStored") is False
    srv.stop()
    page.reload()
    wait_ready(page)
    assert page.evaluate("() => window.picante.boot") == {
        "snapshot": False,
        "why": "none stored yet",
    }
    page.tap('[data-game="taco"]')
    page.wait_for_selector("#game-root", state="visible")
    assert page.inner_text("#game-root").strip()


def test_the_first_visit_downloads_each_file_once(playwright_instance, serve, dist, tmp_path):
    """The service worker precaches what the page has just downloaded from the HTTP cache, not
    from the network again (21 MB on a phone). A real profile: an incognito context's in-memory
    HTTP cache keeps no 9.6 MB wasm."""
    from conftest import PHONE, track_offsite

    from tools.browser import CHROMIUM, CHROMIUM_ARGS

    srv = serve(dist.out)
    ctx = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, **PHONE
    )
    offsite = track_offsite(ctx, [])
    try:
        page = ctx.new_page()
        open_app(page, srv.url)
        assert page.evaluate(SW_CONTROLLED_JS)
        assert page.evaluate("() => window.picante.snapshotStored") is True
        cached = page.evaluate(
            "async (name) => (await (await caches.open(name)).keys()).length", dist.cache_name
        )
        assert cached == len(_precached(dist)) + 2  # the manifest, the page at the scope's URL
    finally:
        ctx.close()
    full = [path for path, size in srv.sent if size > 0]
    assert "/pyodide/pyodide.asm.wasm" in full and "/python-snapshot.gz" in full
    assert not sorted({p for p in full if full.count(p) > 1}), "sent twice on the first visit"
    assert offsite == []


@pytest.fixture(scope="module")
def next_version(tmp_path_factory):
    """dist/ as the next deploy: web/ with one more <meta> in the page (built once, for every
    test of a deploy: nothing changes it)."""
    tmp_path = tmp_path_factory.mktemp("next-version")
    web = tmp_path / "web"
    shutil.copytree(ROOT / "web", web, ignore=shutil.ignore_patterns("__pycache__"))
    index = web / "index.html"
    marker = '<meta charset="utf-8">\n  <meta name="picante-test" content="B">'
    index.write_text(index.read_text().replace('<meta charset="utf-8">', marker))
    return build(tmp_path / "dist-b", web=web)


def _first_visit_then_deploy(new_context, serve, dist, new):
    srv = serve(dist.out)
    ctx = new_context()
    page = ctx.new_page()
    open_app(page, srv.url)
    assert page.evaluate(SW_CONTROLLED_JS)
    assert page.evaluate("() => window.picante.snapshotStored") is True
    assert new.cache_name != dist.cache_name
    srv.root = new.out  # deploy
    srv.requests.clear()
    page.reload()  # still the old version, from the old worker; the new one installs
    wait_ready(page)
    assert page.locator('meta[name="picante-test"]').count() == 0
    banner = page.locator("#update-banner")
    banner.wait_for(state="visible", timeout=60_000)
    assert "A new version is ready — reload" in banner.inner_text()
    # the new worker downloaded what changed, and copied the unchanged runtime from the old cache
    assert "/index.html" in srv.requests and "/service-worker.js" in srv.requests
    assert "/pyodide/pyodide.asm.wasm" not in srv.requests
    assert "/python-snapshot.gz" not in srv.requests  # the same snapshot: kept, not sent again
    return srv, ctx, page, new


# Resolves once the origin's caches are exactly [name]: the worker deletes the old versions'
# caches just after it has taken over (off the path of the launch that waited for it).
# Waits until `name` is the one service-worker cache left (the page keeps Python's snapshot in a
# cache of its own, not a worker's).
ONLY_CACHE_JS = """async (name) => {
  const ours = async () => (await caches.keys()).filter((k) => k.startsWith('picante-')).join();
  while ((await ours()) !== name) await new Promise((r) => setTimeout(r, 50));
  return true;
}"""


class WorkerStates:
    """The service workers' states as the browser reports them (CDP ServiceWorker domain), read
    from a blank page that is no client of theirs (it holds no version back)."""

    def __init__(self, ctx) -> None:
        self.page = ctx.new_page()
        self.versions: dict[str, str] = {}
        self.cdp = ctx.new_cdp_session(self.page)
        self.cdp.on("ServiceWorker.workerVersionUpdated", self._update)
        self.cdp.send("ServiceWorker.enable")

    def _update(self, event: dict) -> None:
        for v in event["versions"]:
            self.versions[v["versionId"]] = v["status"]

    def wait_switched(self, timeout_s: float = 120) -> None:
        """Until one version is active and none is waiting or on its way to it."""
        deadline = time.monotonic() + timeout_s
        while True:
            states = set(self.versions.values())
            if "activated" in states and not states & {"installing", "installed", "activating"}:
                return
            assert time.monotonic() < deadline, f"no switch: {self.versions}"
            self.page.wait_for_timeout(50)  # lets the CDP events in; the loop waits for a state


def test_a_new_deploy_asks_before_switching(new_context, serve, dist, next_version, cpu_hog):
    srv, ctx, page, new = _first_visit_then_deploy(new_context, serve, dist, next_version)
    old_version = page.evaluate("() => window.picante.version")
    waiting = "async () => !!(await navigator.serviceWorker.getRegistration()).waiting"
    assert page.evaluate(waiting), "switched without asking"

    with page.expect_navigation():
        page.tap("#update-reload")
    wait_ready(page)
    assert page.locator('meta[name="picante-test"]').get_attribute("content") == "B"
    assert page.evaluate("() => window.picante.version") != old_version
    assert page.evaluate(ONLY_CACHE_JS, new.cache_name), "old cache not deleted"
    assert not _visible(page, "#update-banner")


def test_a_launch_during_the_switch_boots_and_the_next_one_is_the_new_version(
    new_context, serve, dist, next_version, cpu_hog
):
    """The player closes the app with a new version waiting and launches it again at once,
    while the new worker takes over: that launch boots (whichever version serves it; it used to
    time out), and the launch after the switch is the new version, its cache the only one."""
    srv, ctx, page, new = _first_visit_then_deploy(new_context, serve, dist, next_version)
    page.tap("#update-later")
    assert not _visible(page, "#update-banner")
    workers = WorkerStates(ctx)
    page.close()  # no page of the old version is left: the new worker takes over now
    page = ctx.new_page()
    open_app(page, srv.url)  # during the switch
    if not page.locator('meta[name="picante-test"]').count():
        # The old worker still had it (the close had not reached it): it holds the switch until
        # this page closes too.
        page.close()
        workers.wait_switched()
        page = ctx.new_page()
        open_app(page, srv.url)
    assert page.locator('meta[name="picante-test"]').get_attribute("content") == "B"
    assert page.evaluate(ONLY_CACHE_JS, new.cache_name)
    assert not _visible(page, "#update-banner")


def _remove_wasm(d: Path) -> None:
    (d / "pyodide" / "pyodide.asm.wasm").unlink()


def _break_main(d: Path) -> None:
    (d / "main.py").write_text('raise RuntimeError("broken on purpose")\n')


@pytest.mark.parametrize(
    "breakage, detail",
    [(_remove_wasm, "pyodide.asm.wasm"), (_break_main, "RuntimeError: broken on purpose")],
    ids=["wasm-missing", "main-py-raises"],
)
def test_a_broken_boot_says_so_and_offers_retry(
    new_context, serve, dist, tmp_path, breakage, detail
):
    broken = copy_dist(dist.out, tmp_path / "broken")
    breakage(broken)
    srv = serve(broken)
    ctx = new_context(viewport={"width": 360, "height": 640})
    page = ctx.new_page()
    page.goto(srv.url)
    page.wait_for_selector("#boot-error", state="visible", timeout=60_000)
    assert "couldn’t start" in page.inner_text("#boot-error")
    assert detail in page.inner_text("#boot-error-detail")
    assert not _visible(page, "#boot-status")
    retry = page.locator("#boot-retry")
    box = retry.bounding_box()
    assert retry.is_visible() and box["height"] >= 44 and box["width"] >= 44
    layout = page.evaluate(LAYOUT_JS)
    assert layout["scrollWidth"] <= layout["width"]

    page.tap('[data-game="jalapeno"]')  # never a dead button: it says why
    assert "Can’t open yet" in page.inner_text('[data-game="jalapeno"] .game-pending')

    with page.expect_navigation():
        retry.tap()
    page.wait_for_selector("#boot-error", state="visible", timeout=60_000)


def test_a_runtime_download_that_breaks_once_is_asked_for_again(new_context, base_url):
    """A dropped connection on the runtime's JavaScript glue (pyodide.asm.js: its preload and its
    script share one URL) costs one more request, not the boot."""
    ctx = new_context()
    page = ctx.new_page()
    asked: list[str] = []

    def drop_first(route) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/pyodide/pyodide.asm.js*", drop_first)
    open_app(page, base_url)
    assert len(asked) >= 2, asked
    assert page.evaluate("() => window.picante.bootError") is None


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_layout_360_wide_no_horizontal_scroll_big_targets(new_context, base_url, scheme):
    """... and phone-home*.png (the README shows them): 390x844, touch, after ready (the same
    first visit: a fresh profile boots in ~5 s)."""
    ctx = new_context(viewport={"width": 360, "height": 640}, color_scheme=scheme)
    page = ctx.new_page()
    page.goto(base_url, wait_until="commit")
    page.wait_for_selector('[data-game="taco"]', state="visible")
    before = page.evaluate(LAYOUT_JS)
    wait_ready(page)
    after = page.evaluate(LAYOUT_JS)
    for state in (before, after):
        assert state["scrollWidth"] <= state["width"], "horizontal scroll at 360 px"
        assert not state["small"], f"touch targets under 44 px: {state['small']}"
    light_bg, dark_bg = "rgb(251, 243, 228)", "rgb(29, 20, 17)"
    assert after["bg"] == (light_bg if scheme == "light" else dark_bg)

    page.set_viewport_size(PHONE["viewport"])
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_selector("#boot-status", state="hidden")
    shot(page, "phone-home.png" if scheme == "light" else "phone-home-dark.png")
