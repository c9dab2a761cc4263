"""dist/ on a static host under a path (https://host/picante/), as people share it: it boots,
its service worker takes that path as its scope, it works offline, deep links work, and nothing
is asked for outside the path (an absolute URL would break on a real host)."""

from __future__ import annotations

from conftest import open_app, open_app_slowly

from tools import snapshot
from tools.build import read_sw_build_info

# The service worker's caches (the page keeps Python's snapshot in one of its own).
WORKER_CACHES_JS = "async () => (await caches.keys()).filter((k) => k.startsWith('picante-'))"
CONTROLLED_JS = """async () => {
  const reg = await navigator.serviceWorker.ready;
  for (let i = 0; i < 600 && !navigator.serviceWorker.controller; i++)
    await new Promise((r) => setTimeout(r, 50));
  return {controlled: !!navigator.serviceWorker.controller, scope: reg.scope};
}"""


def _opens(page, game: str) -> None:
    page.wait_for_selector("#game-root", state="visible")
    assert page.evaluate("() => window.picante.currentGame") == game
    assert page.inner_text("#game-root").strip(), "Python rendered nothing"


def test_the_site_works_under_a_sub_path(new_context, serve, dist, tmp_path):
    host = tmp_path / "host"
    host.mkdir()
    (host / "picante").symlink_to(dist.out, target_is_directory=True)
    (host / "index.html").write_text("<!doctype html><title>someone else's page</title>")
    srv = serve(host)
    app = srv.url + "picante/"

    ctx = new_context()
    page = ctx.new_page()
    open_app_slowly(page, srv.url + "picante")  # as typed: the host adds the slash
    assert page.url == app
    # a first visit starts Python the normal way, then keeps the snapshot for the next one
    assert page.evaluate("() => window.picante.boot") == {
        "snapshot": False,
        "why": "none stored yet",
    }
    assert page.evaluate("() => window.picante.snapshotStored") is True
    sw = page.evaluate(CONTROLLED_JS)
    assert sw == {"controlled": True, "scope": app}
    assert page.evaluate(WORKER_CACHES_JS) == [dist.cache_name]
    cached = page.evaluate(
        "async (name) => (await caches.open(name)).keys().then((k) => k.map((r) => r.url))",
        dist.cache_name,
    )
    assert app + snapshot.NAME not in cached  # kept by the page, inflated
    precached = read_sw_build_info(dist.out / "service-worker.js")["files"]
    # every file (the worker too), its manifest and the app page at the scope's own URL (the
    # launch's static route)
    assert len(cached) == len(precached) + 2 and app in cached

    deep = ctx.new_page()
    open_app(deep, app + "#/jalapeno")  # a shared deep link
    _opens(deep, "jalapeno")
    deep.close()

    outside = sorted({p for p in srv.requests if not p.startswith("/picante")})
    assert not outside, f"requests outside /picante/: {outside}"

    srv.stop()  # offline from here on
    offline = ctx.new_page()
    open_app(offline, app + "#/taco")
    _opens(offline, "taco")
    assert offline.evaluate("() => window.picante.boot") == {"snapshot": True}
    # any other address under the path (a stale bookmark) falls back to the app, keeping #/route
    open_app(offline, app + "no/such/page?x=1#/jalapeno")
    assert offline.url == app + "#/jalapeno"
    _opens(offline, "jalapeno")
