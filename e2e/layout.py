"""Layout checks for the browser tests: nothing on a screen overlaps anything else, every
target is at least 44 x 44 px, no text is under 12 px — at every size we design for.

    from layout import ALL_SIZES, Screens, assert_layout, at_sizes
    assert_layout(page, "#game-root")                # all three checks; lists every offender
    for size in at_sizes(page, ALL_SIZES): ...       # the same screen at each of the 8 sizes
    screens = Screens(page, "taco")                  # a game's tour: check(name) at every
    screens.check("table"); screens.done(["table"])  # size, one assertion at the end

The sizes (``SIZES``, by name): phone portrait 360 x 640 and 390 x 844; phone landscape 844 x 390
and 640 x 360; tablet portrait 768 x 1024 and 810 x 1080; tablet landscape 1024 x 768 and
1280 x 800. ``PHONE_SIZES`` are the first two.

Targets: every visible control (below) must be at least ``MIN_TARGET_PX`` in both directions
(its box, as laid out; an element marked ``data-target-ok`` — an inline link in a sentence —
is exempt). Text: every visible text node's computed font size must be at least ``MIN_TEXT_PX``.
Each offender is reported with its element (tag, id, classes, test id) and its text.

What is collected under ``root_selector`` (only what is visible: rendered, not
``visibility: hidden``, not transparent, not clipped away by an ``overflow`` ancestor or by
``clip``; the part an ``overflow`` ancestor cuts off does not count):

- text: every non-blank text node, one box per line (the line box: a glyph box taller than the
  element's ``line-height`` is trimmed to it, so that two stacked lines may touch);
- controls: ``button, input, select, textarea, a[href], summary, [role=button], [data-action]``;
- art: ``svg`` (outermost) and ``[role=img]``;
- boxes: elements that paint a box of their own (a background colour or image, or a border):
  seat panels, pills, the felt, cards — so a pill that slides over a panel is caught even where
  no text touches.

Two items overlap when their boxes intersect by more than ``TOLERANCE_PX`` in both directions.
Pairs that are *not* reported, on purpose:

- an item and anything inside it (a button and its label, a panel and its text);
- items in different **layers**: an element with ``position: fixed`` and everything inside it
  (the pass-the-device cover, the score sheet, the toast) is drawn on top of the screen by design
  and is only checked against itself; what it covers is checked on its own. The trick-won
  banner is *not* a layer: it sits in the table's flow and may cover nothing.
- ``position: sticky`` bars (the bottom actions) are measured where they sit in the flow, as if
  scrolled to the end: content scrolls under them by design and is reachable.
- stacks: the children of an element marked ``data-stack`` (the fanned hand) may cover one
  another, except the parts of a child marked ``data-peek`` (a card's index: numeral, symbol and
  colour name), which no later child may cover.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

TOLERANCE_PX = 1.0
LISTED = int(os.environ.get("PICANTE_LAYOUT_LISTED", "80"))  # problems listed in a failure
MIN_TARGET_PX = 44
MIN_TEXT_PX = 12
SIZES: dict[str, tuple[int, int]] = {
    "phone-360x640": (360, 640),
    "phone-390x844": (390, 844),
    "phone-landscape-844x390": (844, 390),
    "phone-landscape-640x360": (640, 360),
    "tablet-768x1024": (768, 1024),
    "tablet-810x1080": (810, 1080),
    "tablet-landscape-1024x768": (1024, 768),
    "tablet-landscape-1280x800": (1280, 800),
}
ALL_SIZES = tuple(SIZES.values())
PHONE_SIZES = ALL_SIZES[:2]
LANDSCAPE_SIZES = (SIZES["phone-landscape-844x390"], SIZES["phone-landscape-640x360"])
TABLET_SIZES = ALL_SIZES[4:]
# axe-core runs at one size of each size class (frame.css lays a class out one way): its rules
# read roles, names and colours, which the sizes within a class share. The size-bound checks
# (overlaps, 44 px targets, 12 px text) are the layout checker's, and it runs at all 8 sizes.
# (axe at every size cost about as much again as the rest of the layout tours.)
AXE_SIZES = (
    SIZES["phone-360x640"],
    SIZES["phone-landscape-844x390"],
    SIZES["tablet-768x1024"],
    SIZES["tablet-landscape-1024x768"],
)

_COLLECT_JS = r"""
([rootSel, tol, minTarget, minText]) => {
  const root = document.querySelector(rootSel);
  if (!root) return {error: `no element matches ${rootSel}`};
  const CONTROL = 'button, input, select, textarea, a[href], summary, [role=button], [data-action]';
  const ART = 'svg, [role=img]';
  const cs = (el) => getComputedStyle(el);
  // Measure the end state: finish running (finite) animations and transitions first.
  for (const a of root.getAnimations({subtree: true})) {
    try { if (a.effect.getComputedTiming().endTime !== Infinity) a.finish(); } catch (e) {}
  }

  // Sticky bars measured where the flow puts them (same space as position: relative).
  const stickies = [];
  for (const el of root.querySelectorAll('*')) {
    if (cs(el).position !== 'sticky') continue;
    stickies.push([el, el.style.position]);
    el.style.position = 'relative';
  }
  try {
    const visible = (el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true});
    const clipOf = (el, self) => {
      // What is left visible: the box cut by every clipping ancestor (for text, by its own
      // element too: an ellipsis cuts the text at the element's edge).
      let box = {l: -1e9, t: -1e9, r: 1e9, b: 1e9};
      for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
        const s = cs(a);
        if (s.clip && s.clip !== 'auto') return null;               // .sr: visually hidden
        if (s.position === 'fixed') break;                           // a layer: its own viewport
        if (a === el && !self) continue;
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const r = a.getBoundingClientRect();
          let l = r.left + a.clientLeft, t = r.top + a.clientTop;
          let rr = l + a.clientWidth, bb = t + a.clientHeight;
          if (a === el && s.textOverflow === 'ellipsis') {  // the ellipsis ends the text here
            l += parseFloat(s.paddingLeft);
            rr -= parseFloat(s.paddingRight);
          }
          box = {l: Math.max(box.l, l), t: Math.max(box.t, t),
                 r: Math.min(box.r, rr), b: Math.min(box.b, bb)};
        }
      }
      return box;
    };
    const cut = (r, c) => {
      const l = Math.max(r.left, c.l), t = Math.max(r.top, c.t);
      const rr = Math.min(r.right, c.r), b = Math.min(r.bottom, c.b);
      return (rr - l > tol && b - t > tol) ? {l, t, r: rr, b} : null;
    };
    const layerOf = (el) => {
      for (let a = el; a && a !== root; a = a.parentElement) {
        if (cs(a).position === 'fixed') return a;
      }
      return root;
    };
    const describe = (el) => {
      let s = el.tagName.toLowerCase();
      if (el.id) s += '#' + el.id;
      const cls = (el.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 3);
      if (cls.length) s += '.' + cls.join('.');
      for (const k of ['data-testid', 'data-seat', 'data-card', 'data-action']) {
        if (el.hasAttribute(k)) { s += `[${k}=${el.getAttribute(k)}]`; break; }
      }
      return s;
    };
    const paintsBox = (s) => {
      const bg = s.backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return true;
      if (s.backgroundImage && s.backgroundImage !== 'none') return true;
      for (const side of ['Top', 'Right', 'Bottom', 'Left']) {
        const width = parseFloat(s[`border${side}Width`]);
        if (width > 0 && s[`border${side}Style`] !== 'none') return true;
      }
      return false;
    };
    const items = [];
    const add = (node, el, kind, rects, text) => {
      const clip = clipOf(el, kind === 'text');
      if (!clip) return;
      const boxes = [];
      for (const r of rects) { const c = cut(r, clip); if (c) boxes.push(c); }
      if (boxes.length) items.push({node, el, kind, boxes, text, layer: layerOf(el)});
    };
    // Elements: controls, art, painted boxes.
    for (const el of root.querySelectorAll('*')) {
      const tag = el.tagName.toLowerCase();
      if (el.closest('svg') && tag !== 'svg') continue;  // an svg counts once, as a whole
      if (tag === 'svg' && el.parentElement && el.parentElement.closest('svg')) continue;
      if (!visible(el)) continue;
      let kind = null;
      if (el.matches(CONTROL)) kind = 'control';
      else if (el.matches(ART)) kind = 'art';
      else if (paintsBox(cs(el))) kind = 'box';
      if (!kind) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= tol || r.height <= tol) continue;
      const text = el.getAttribute('aria-label') || el.textContent || '';
      add(el, el, kind, [r], text.trim().slice(0, 40));
    }
    // Text: one box per line, trimmed to the line-height.
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.data.trim()) continue;
      const el = n.parentElement;
      if (!el || !visible(el) || el.closest('svg, style, script, template')) continue;
      range.selectNodeContents(n);
      const lh = parseFloat(cs(el).lineHeight);
      const rects = [];
      for (const r of range.getClientRects()) {
        if (r.width <= 0 || r.height <= 0) continue;
        if (lh > 0 && r.height > lh) {
          const mid = (r.top + r.bottom) / 2;
          rects.push({left: r.left, right: r.right, top: mid - lh / 2, bottom: mid + lh / 2});
        } else rects.push(r);
      }
      add(n, el, 'text', rects, n.data.trim().slice(0, 40));
    }
    // Stacks: which child of a [data-stack] an item is in, and whether it must stay uncovered.
    const stackInfo = (it) => {
      const stack = it.el.closest('[data-stack]');
      if (!stack || !root.contains(stack) || it.el === stack) return null;
      let child = it.el;
      while (child.parentElement !== stack) child = child.parentElement;
      return {stack, index: Array.prototype.indexOf.call(stack.children, child),
              peek: !!it.el.closest('[data-peek]') && child.contains(it.el.closest('[data-peek]'))};
    };
    for (const it of items) it.stack = stackInfo(it);
    const related = (a, b) => a.node.contains(b.node) || b.node.contains(a.node);
    const hit = (a, b) => {
      for (const p of a.boxes) for (const q of b.boxes) {
        const x = Math.max(p.l, q.l), y = Math.max(p.t, q.t);
        const w = Math.min(p.r, q.r) - x, h = Math.min(p.b, q.b) - y;
        if (w > tol && h > tol) {
          return {w: Math.round(w), h: Math.round(h), x: Math.round(x), y: Math.round(y)};
        }
      }
      return null;
    };
    const bad = [];
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i], b = items[j];
        if (a.layer !== b.layer || related(a, b)) continue;
        const sa = a.stack, sb = b.stack;
        if (sa && sb && sa.stack === sb.stack && sa.index !== sb.index) {
          const lower = sa.index < sb.index ? sa : sb;
          if (!lower.peek) continue;  // a later child may cover all but an earlier one's peek
        }
        const h = hit(a, b);
        if (h) bad.push({a: `${a.kind} "${a.text}" in ${describe(a.el)}`,
                         b: `${b.kind} "${b.text}" in ${describe(b.el)}`, ...h});
      }
    }
    // Targets at least minTarget px both ways; text at least minText px.
    const small = [], tiny = [];
    const seenTiny = new Set();
    for (const it of items) {
      if (it.kind === 'control' && !it.el.closest('[data-target-ok]')) {
        const r = it.el.getBoundingClientRect();
        if (r.width + tol < minTarget || r.height + tol < minTarget) {
          small.push({what: `${describe(it.el)} "${it.text}"`,
                      w: Math.round(r.width), h: Math.round(r.height)});
        }
      }
      if (it.kind === 'text') {
        const size = parseFloat(cs(it.el).fontSize);
        if (size + 0.01 < minText && !seenTiny.has(it.el)) {
          seenTiny.add(it.el);
          tiny.push({what: `${describe(it.el)} "${it.text}"`, px: Math.round(size * 10) / 10});
        }
      }
    }
    return {count: items.length, bad, small, tiny};
  } finally {
    for (const [el, pos] of stickies) el.style.position = pos;
  }
}
"""


def _collect(page: Any, root_selector: str) -> dict[str, Any]:
    result = page.evaluate(_COLLECT_JS, [root_selector, TOLERANCE_PX, MIN_TARGET_PX, MIN_TEXT_PX])
    if "error" in result:
        raise AssertionError(result["error"])
    if result["count"] == 0:
        raise AssertionError(f"nothing visible under {root_selector}: wrong screen?")
    return result


def overlaps(page: Any, root_selector: str) -> list[dict[str, Any]]:
    """Every overlapping pair under ``root_selector`` (see the module docstring), as dicts
    ``{a, b, w, h, x, y}``: the two items described, and the overlap's size and corner (px)."""
    return _collect(page, root_selector)["bad"]


def problems(page: Any, root_selector: str = "#game-root") -> list[str]:
    """Every layout problem under ``root_selector`` as a line: overlapping pairs, targets under
    44 px, text under 12 px."""
    found = _collect(page, root_selector)
    lines = [
        f"overlap: {p['a']}  ×  {p['b']}: {p['w']}×{p['h']} px at ({p['x']}, {p['y']})"
        for p in found["bad"]
    ]
    lines += [f"target {t['w']}×{t['h']} px < {MIN_TARGET_PX}: {t['what']}" for t in found["small"]]
    lines += [f"text {t['px']} px < {MIN_TEXT_PX}: {t['what']}" for t in found["tiny"]]
    return lines


def assert_layout(page: Any, root_selector: str = "#game-root", where: str = "") -> None:
    """Fail, listing every offender, on an overlap, a small target or small text."""
    found = problems(page, root_selector)
    if found:
        size = page.viewport_size or {}
        at = f"{size.get('width')}×{size.get('height')}"
        raise AssertionError(
            f"{len(found)} layout problem(s) {where} at {at}:\n  "
            + "\n  ".join(found[:40])
            + (f"\n  … and {len(found) - 40} more" if len(found) > 40 else "")
        )


def assert_no_overlap(page: Any, root_selector: str = "#game-root", where: str = "") -> None:
    """Fail, naming every offending pair with its text, if anything visible overlaps."""
    bad = overlaps(page, root_selector)
    if bad:
        size = page.viewport_size or {}
        lines = [
            f"  {p['a']}  ×  {p['b']}: {p['w']}×{p['h']} px at ({p['x']}, {p['y']})"
            for p in bad[:25]
        ]
        more = f"\n  … and {len(bad) - 25} more" if len(bad) > 25 else ""
        raise AssertionError(
            f"{len(bad)} overlapping pair(s) {where} at {size.get('width')}×{size.get('height')}:\n"
            + "\n".join(lines)
            + more
        )


def size_name(width: int, height: int) -> str:
    return next((n for n, wh in SIZES.items() if wh == (width, height)), f"{width}x{height}")


def at_sizes(page: Any, sizes: tuple[tuple[int, int], ...] = PHONE_SIZES) -> Iterator[str]:
    """Resize the page to each (width, height) in turn, yielding "360x640" etc. after the layout
    has settled (two animation frames); the original size is restored afterwards."""
    original = page.viewport_size
    try:
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(
                "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
            )
            yield f"{width}x{height}"
    finally:
        if original:
            page.set_viewport_size(original)


LAYOUT_SHOTS = os.environ.get("PICANTE_LAYOUT_SHOTS") == "1"


class Screens:
    """A tour of screens: ``check(name)`` runs the three checks (and, given ``axe`` —
    ``conftest.axe_violations`` — the accessibility check, at ``AXE_SIZES`` among them) on the
    screen on show at every size,
    saves a screenshot of each when ``PICANTE_LAYOUT_SHOTS=1`` (e2e/artifacts/layout-<prefix>-
    <name>-<size>.png: a screenshot costs more than the checks, ~0.35 s, and a run makes ~400
    of them, which only a person looking at the screens needs), and keeps
    every failure; ``done(expected)`` asserts once at the end that every expected screen was
    reached and nothing failed (so one run reports every bad screen, not only the first).
    ``check(name, root=..., context=...)`` narrows the layout checks (``root``) and axe
    (``context``) to a part of the page: a sheet, the settings dialog."""

    def __init__(
        self,
        page: Any,
        prefix: str,
        sizes: tuple[tuple[int, int], ...] = ALL_SIZES,
        root: str = "#game-root",
        axe: Any = None,
    ) -> None:
        self.page = page
        self.prefix = prefix
        self.sizes = sizes
        self.root = root
        self.axe = axe
        self.seen: list[str] = []
        self.failures: list[str] = []

    def check(self, name: str, root: str | None = None, context: str | None = None) -> None:
        from conftest import shot

        self.seen.append(name)
        for (width, height), size in zip(self.sizes, at_sizes(self.page, self.sizes), strict=True):
            if LAYOUT_SHOTS:
                shot(self.page, f"layout-{self.prefix}-{name}-{size}.png")
            for line in problems(self.page, root or self.root):
                self.failures.append(f"{name} @ {size}: {line}")
            if self.axe is not None and (width, height) in AXE_SIZES:
                for line in self.axe(self.page, context):
                    self.failures.append(f"{name} @ {size}: axe {line}")

    def done(self, expected: list[str]) -> None:
        missing = [n for n in expected if n not in self.seen]
        assert not missing, f"never reached: {missing}"
        assert not self.failures, f"{len(self.failures)} problem(s):\n" + "\n".join(
            self.failures[:80]
        )
