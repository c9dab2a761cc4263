"""Render the app icons (PNG) from web/icons/picante.svg with headless Chromium.

    .venv/bin/python -m tools.icons

Run it after editing the SVG and commit the PNGs: the build copies them as they are (so the build
needs no browser and stays byte-reproducible).
  icon-192.png, icon-512.png   the SVG as drawn (rounded tile, transparent corners)
  maskable-512.png             full-bleed background, artwork shrunk into the 80 % safe zone
  apple-touch-icon.png (180)   full-bleed (iOS rounds the corners itself)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "web" / "icons"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]


def variants(svg: str) -> dict[str, tuple[int, str]]:
    full_bleed = re.sub(r'(<rect id="bg"[^>]*?) rx="\d+"', r"\1", svg)
    safe_zone = "translate(256 256) scale(0.78) translate(-256 -256)"
    shrunk = full_bleed.replace('<g id="pepper">', f'<g id="pepper" transform="{safe_zone}">')
    return {
        "icon-192.png": (192, svg),
        "icon-512.png": (512, svg),
        "maskable-512.png": (512, shrunk),
        "apple-touch-icon.png": (180, shrunk),
    }


def main() -> int:
    from playwright.sync_api import sync_playwright

    svg = (ICONS / "picante.svg").read_text(encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for name, (size, source) in variants(svg).items():
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = source.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(
                f"<html><body style='margin:0;background:transparent'>{sized}</body></html>"
            )
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"wrote web/icons/{name} ({size}x{size})")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
