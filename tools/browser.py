"""How Picante drives Chromium, shared by the browser tests (e2e/) and the start-up benchmark."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("PICANTE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # Any host but 127.0.0.1 fails to resolve: a CDN request cannot succeed silently.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]

# Resolves with the page's first-contentful-paint time (ms since navigation start).
FCP_JS = """() => new Promise((resolve) => {
  const get = () => performance.getEntriesByName('first-contentful-paint')[0];
  if (get()) return resolve(get().startTime);
  new PerformanceObserver(() => get() && resolve(get().startTime))
    .observe({type: 'paint', buffered: true});
})"""
