"""ui.dom in the real page: ``render`` patches the screen in place (what stays keeps its node,
focus and scroll; what changed changes; what went goes), ``after_paint`` runs after a frame.

Each test renders its own HTML into the game root through the page's Python (the app's screens
are not involved), then reads the DOM back.
"""

from __future__ import annotations

import json
from typing import Any

from conftest import run_python

SHOW = "import ui.dom as D; D.show_root(D.game_root(), True)"
NEXT_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def render(page: Any, html: str) -> None:
    run_python(page, f"{SHOW}; D.render({json.dumps(html)})")


def screen_html(page: Any) -> str:
    return page.evaluate("() => document.getElementById('pc-screen').innerHTML")


def mark(page: Any, selector: str) -> None:
    """Tag a live node with a JS property: a node that is kept still has it afterwards."""
    page.evaluate("(s) => { document.querySelector(s).__kept = true; }", selector)


def kept(page: Any, selector: str) -> bool:
    return page.evaluate("(s) => !!(document.querySelector(s) || {}).__kept", selector)


def test_render_keeps_the_nodes_that_stay_and_changes_only_what_differs(page: Any) -> None:
    hand = "".join(
        f'<button data-key="card-{c}" class="card" data-legal="true">{c}</button>'
        for c in ("R2", "R7", "G3")
    )
    render(
        page,
        f'<section data-testid="t"><p class="status">Your turn</p><div class="hand">{hand}</div>'
        '<ol class="trick"><li>B4</li></ol></section>',
    )
    for sel in ('[data-key="card-R2"]', '[data-key="card-G3"]', ".status", ".trick li"):
        mark(page, sel)
    hand = "".join(
        f'<button data-key="card-{c}" class="card">{c}</button>' for c in ("R2", "G3", "G9")
    )
    render(
        page,
        f'<section data-testid="t"><p class="status">Bart is thinking</p>'
        f'<div class="hand">{hand}</div><ol class="trick"><li>B4</li><li>R7</li></ol></section>',
    )
    # Same nodes, new text and attributes; the played card is gone, a new card is added.
    for sel in ('[data-key="card-R2"]', '[data-key="card-G3"]', ".status", ".trick li"):
        assert kept(page, sel), sel
    assert page.inner_text(".status") == "Bart is thinking"
    assert page.locator('[data-key="card-R7"]').count() == 0
    assert page.eval_on_selector_all(".hand .card", "els => els.map(e => e.textContent)") == [
        "R2",
        "G3",
        "G9",
    ]
    assert page.locator("[data-legal]").count() == 0  # a dropped attribute is removed
    assert page.eval_on_selector_all(".trick li", "els => els.map(e => e.textContent)") == [
        "B4",
        "R7",
    ]
    # Another screen (different data-testid): replaced, not morphed into.
    render(page, '<section data-testid="other"><p class="status">Round over</p></section>')
    assert not kept(page, ".status")
    assert "Your turn" not in screen_html(page) and "card" not in screen_html(page)


def test_render_keeps_form_state_in_step_with_the_model(page: Any) -> None:
    form = (
        '<section data-testid="f"><input data-key="name" value="{name}">'
        '<select data-key="kind"><option value="human"{h}>Human</option>'
        '<option value="bot"{b}>Bot</option></select>'
        '<input type="radio" data-key="r3" name="n" value="3"{c3}>'
        '<input type="radio" data-key="r4" name="n" value="4"{c4}></section>'
    )
    render(page, form.format(name="Ana", h=" selected", b="", c3=" checked", c4=""))
    page.fill('[data-key="name"]', "typed")
    page.select_option('[data-key="kind"]', "bot")
    render(page, form.format(name="Bo", h=" selected", b="", c3="", c4=" checked"))
    state = page.evaluate(
        """() => ({name: document.querySelector('[data-key=name]').value,
                   kind: document.querySelector('[data-key=kind]').value,
                   r3: document.querySelector('[data-key=r3]').checked,
                   r4: document.querySelector('[data-key=r4]').checked})"""
    )
    assert state == {"name": "Bo", "kind": "human", "r3": False, "r4": True}


def test_a_node_replaced_by_another_kind_does_not_rebuild_its_siblings(page: Any) -> None:
    # The status line becomes a result banner (another element): the seat after it is the
    # same seat, kept with its hand (rebuilding it made the browser lay out in the tap).
    render(
        page,
        '<main><p class="status" data-testid="status">Your turn</p>'
        '<section class="me"><div class="hand">R2</div></section><footer>f</footer></main>',
    )
    mark(page, ".me")
    mark(page, "footer")
    render(
        page,
        '<main><div class="status result" data-testid="result">Bart wins the trick</div>'
        '<section class="me"><div class="hand">R2 G3</div></section><footer>f</footer></main>',
    )
    assert kept(page, ".me") and kept(page, "footer")
    assert page.locator('[data-testid="status"]').count() == 0
    assert page.inner_text(".hand") == "R2 G3"
    assert page.inner_text('[data-testid="result"]') == "Bart wins the trick"


def add_style(page: Any, css: str) -> None:
    """A stylesheet for a test's own markup: a constructed one (the page's CSP applies no inline
    style attribute, and ``ui.dom.render`` drops a style= the screen's HTML does not have)."""
    page.evaluate(
        "(css) => { const sheet = new CSSStyleSheet(); sheet.replaceSync(css);"
        " document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; }",
        css,
    )


def test_render_keeps_scroll_and_moves_focus_from_a_removed_card(page: Any) -> None:
    def cards(skip: int | None = None) -> str:
        return "".join(
            f'<button data-key="card-{i}" class="card">{i}</button>' for i in range(12) if i != skip
        )

    add_style(
        page,
        ".hand { display: flex; overflow-x: auto; width: 200px }"
        " .hand .card { flex: none; width: 120px }",
    )
    strip = (
        '<section data-testid="s"><div class="hand" data-scroll-key="hand"'
        ' data-focus-group="hand">{cards}</div></section>'
    )
    render(page, strip.format(cards=cards()))
    page.focus('[data-key="card-5"]')  # scrolls the strip to it
    page.evaluate(NEXT_FRAMES)  # its scroll event (a finger's scrolling has sent them all)
    scrolled = page.evaluate("() => document.querySelector('.hand').scrollLeft")
    assert scrolled > 0
    render(page, strip.format(cards=cards(skip=5)))
    page.evaluate(NEXT_FRAMES)
    assert page.evaluate("() => document.querySelector('.hand').scrollLeft") == scrolled
    # The focused card was played: focus stays in its focus group, the hand (on its first
    # card), not on <body>.
    assert page.evaluate("() => document.activeElement.dataset.key") == "card-0"
    # The strip itself replaced (another screen with a strip of the same key): scroll restored.
    render(page, strip.replace('data-testid="s"', 'data-testid="s2"').format(cards=cards()))
    page.evaluate(NEXT_FRAMES)
    assert page.evaluate("() => document.querySelector('.hand').scrollLeft") == scrolled


def test_after_paint_runs_after_the_next_frame(page: Any) -> None:
    run_python(
        page,
        "import js, ui.dom as D\n"
        "from pyodide.ffi import create_once_callable\n"
        "js.window.__order = js.Array.new()\n"
        "D.after_paint(lambda: js.window.__order.push('after_paint'))\n"
        "js.window.__order.push('now')\n"
        "frame = create_once_callable(lambda *_: js.window.__order.push('frame'))\n"
        "js.requestAnimationFrame(frame)",
    )
    page.evaluate(NEXT_FRAMES)
    page.evaluate("() => new Promise(r => setTimeout(r, 0))")
    assert page.evaluate("() => window.__order") == ["now", "frame", "after_paint"]


TAP_SETUP = """
import js, ui.dom as D
BOX = "position:absolute;left:20px;width:200px;height:80px;"
root = js.document.createElement("div")
root.id = "tap-test"
root.style.cssText = "position:fixed;inset:0;z-index:99;background:#fff"
root.innerHTML = (
    '<button data-action="go">Go</button><label><input type="checkbox" id="box"> box</label>'
)
# Styled from script (CSSOM): the page's CSP applies no style= attribute from markup.
root.querySelector("button").style.cssText = BOX + "top:20px"
root.querySelector("label").style.cssText = BOX + "top:200px"
js.document.body.appendChild(root)
js.window.__seen = js.Array.new()

def seen(event):
    el = D.closest_data(event, "action")
    js.window.__seen.push(str(event.type) + ":" + (D.attr(el, "data-action") or "-"))
    if D.attr(el, "data-action") == "go":
        # The screen changes under the finger: a field is where the button was.
        js.document.querySelector("#tap-test button").remove()
        js.document.querySelector("#tap-test label").style.top = "20px"

D.on_tap(root, seen)
"""


# Counts every click the page dispatches, in the capture phase at the window, before any
# target's handler: once it has counted a tap's click, that click's handlers have run (a
# dispatch is synchronous), so a test waits for it instead of for time.
COUNT_CLICKS = """() => { window.__clicks = 0;
  window.addEventListener('click', () => { window.__clicks++; }, true); }"""


def clicks_dispatched(page: Any, n: int) -> None:
    page.wait_for_function(f"() => window.__clicks >= {n}")


def test_a_tap_answers_when_the_finger_lifts_and_its_ghost_click_presses_nothing(
    page: Any,
) -> None:
    run_python(page, TAP_SETUP)
    page.evaluate(COUNT_CLICKS)
    page.touchscreen.tap(120, 60)
    clicks_dispatched(page, 1)
    # Handled once, at pointerup; the browser's click then lands on the checkbox's label (the
    # screen changed) and is swallowed: the box stays unchecked.
    assert page.evaluate("() => window.__seen") == ["pointerup:go"]
    assert page.evaluate("() => document.getElementById('box').checked") is False
    # A field is no fast tap: its click does what a click does (and reaches the handler).
    page.wait_for_timeout(900)  # past the ghost window (ui/dom.js GHOST_MS): a rule of time
    page.touchscreen.tap(120, 60)
    page.wait_for_function("() => document.getElementById('box').checked")
    clicks_dispatched(page, 3)  # the label's click, then the one it sends its input
    later = page.evaluate("() => window.__seen")[1:]
    assert later and set(later) == {"click:-"}  # the label's click (and its input's), as ever


def test_a_tap_focuses_nothing_that_comes_under_the_finger(page: Any) -> None:
    # The next card slides under the finger as the tapped one goes: the tap's mousedown must
    # not focus it (a focused card that the next tap removes makes the browser restyle and lay
    # out at once, in the middle of answering that tap).
    run_python(
        page,
        TAP_SETUP.replace(
            'js.document.querySelector("#tap-test label").style.top = "20px"',
            'root.insertAdjacentHTML("afterbegin", \'<button id="next" data-action="go">Next'
            "</button>'); root.firstChild.style.cssText = BOX + 'top:20px'",
        ),
    )
    page.evaluate(COUNT_CLICKS)
    page.touchscreen.tap(120, 60)
    clicks_dispatched(page, 1)  # the tap's mousedown came before its click
    assert page.evaluate("() => window.__seen") == ["pointerup:go"]
    assert page.evaluate("() => document.activeElement.id") != "next"


def test_mouse_and_keyboard_clicks_are_handled_once(page: Any) -> None:
    run_python(
        page,
        TAP_SETUP.replace(".remove()", '.id = "kept"').replace(
            'js.document.querySelector("#tap-test label").style.top = "20px"', "pass"
        ),
    )
    page.evaluate(COUNT_CLICKS)
    page.mouse.click(120, 60)
    page.focus("#tap-test button")
    page.keyboard.press("Enter")
    clicks_dispatched(page, 2)
    assert page.evaluate("() => window.__seen") == ["click:go", "click:go"]
