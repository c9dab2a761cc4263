"""What the player on screen holds and chooses, in the thumb zone at the bottom: their
warehouse, their hand of smugglers, and one button per choice the engine offers now (the view's
``choice``: one entry per legal action, with what the tap means). Pure: view dict -> HTML.

Nothing here decides what is allowed: the buttons are the legal actions, and a hand card or a
province tapped when it is not a choice sends its action anyway, so the engine says why not.
"""

from __future__ import annotations

from typing import Any

from ...html import Html, attrs, esc, move_button, plural
from ...session import Session
from .art import food_icon, icon
from .pieces import cubes, gold, keeper_chip, mountie_badge, smuggler_card
from .text import food_name, foods_words, province_name

HAND_PHASES = ("pick", "discard", "rechoose")


def hand_move(phase: str, smuggler: dict[str, Any]) -> str:
    """The action a tap on a hand card sends: a discard in a refresh, else a pick."""
    code = smuggler["id"]
    return f"discard:{code}" if phase in ("discard", "rechoose") else code


def province_taps(view: dict[str, Any], interactive: bool) -> dict[str, tuple[str, bool]]:
    """Provinces are tap targets when choosing a destination or where a Mountie wanders: every
    province (the legal ones lit), so a tap on an unreachable one gets the engine's reason."""
    if not interactive or view["phase"] not in ("destination", "wander"):
        return {}
    legal = set(view["legal"])
    prefix = "wander:" if view["phase"] == "wander" else ""
    return {p["id"]: (prefix + p["id"], prefix + p["id"] in legal) for p in view["provinces"]}


def me_panel(s: Session, view: dict[str, Any], interactive: bool) -> str:
    seat = view["seat"]
    if seat is None:
        return hidden_panel(s)
    info = view["seats"][seat]
    name = "You" if s.you == seat else s.name(seat)
    head = (
        '<div class="nc-me-head">'
        f'<span class="nc-me-name">{esc(name)}</span>'
        + gold(info["gold"])
        + '<span class="nc-me-wh" data-testid="warehouse">'
        + '<span class="nc-me-label">Warehouse</span>'
        + cubes(info["cubes"], label=True, empty="empty")
        + "</span></div>"
    )
    choices = choice_panel(s, view) if interactive else ""
    pick = view.get("pick")
    waiting = ""
    if pick is not None:
        waiting = (
            '<div class="nc-mypick" data-testid="my-pick"><span>Your pick, face down:</span>'
            + smuggler_card(pick, extra="small")
            + "</div>"
        )
    aside = ""
    if view.get("discarding"):
        aside = (
            '<p class="nc-aside" data-testid="discarding">Discarding: '
            + esc(", ".join(k["name"] for k in view["discarding"]))
            + "</p>"
        )
    return (
        "<section"
        + attrs(
            class_="nc-me" + (" my-turn" if interactive else ""),
            aria_label="Your warehouse and smugglers",
            data_testid="me",
        )
        + ">"
        + head
        + choices
        + waiting
        + aside
        + ("" if choices and view["phase"] not in HAND_PHASES else hand(view, interactive))
        + "</section>"
    )


def hand(view: dict[str, Any], interactive: bool) -> str:
    phase = view["phase"]
    legal = set(view["legal"])
    cards = view["hand"]
    items = []
    for k in cards:
        if interactive:
            move = hand_move(phase, k)
            items.append(smuggler_card(k, move=move, legal=move in legal))
        else:
            items.append(smuggler_card(k))
    label = f"Your smugglers, {plural(len(cards), 'card')}"
    if interactive and phase == "pick":
        label += ": tap one to pick it"
    elif interactive and phase in ("discard", "rechoose"):
        label += ": tap one to discard it"
    return (
        "<div"
        + attrs(
            class_="nc-hand",
            role="group",
            aria_label=label,
            data_testid="hand",
            data_scroll_key="nc-hand",
        )
        + ">"
        + ("".join(items) if items else '<p class="nc-none">No smugglers in hand</p>')
        + "</div>"
    )


def hidden_panel(s: Session) -> str:
    """Pass-and-play between turns (or only bots): nobody's hand is on the page."""
    text = (
        "Hands are hidden while the device is passed." if s.hot_seat else "Watching the bots play."
    )
    return (
        '<section class="nc-me hidden" data-testid="me-hidden">'
        f"<p>{icon('back')}<span>{esc(text)}</span></p></section>"
    )


# -- choices ----------------------------------------------------------------------------------


def choice_panel(s: Session, view: dict[str, Any]) -> str:
    choice = view.get("choice")
    if not choice:
        return ""
    phase = choice["kind"]
    if phase == "deliver":
        return deliver_panel(s, view, choice["options"])
    buttons = [
        _button(s, view, phase, option)
        for option in choice["options"]
        if not (phase in HAND_PHASES and option["action"] != "done")  # the hand is the choice
    ]
    if not buttons:
        return ""
    return (
        f'<div class="nc-choices nc-c-{esc(phase)}" role="group" aria-label="Your choices"'
        f' data-testid="choices">{"".join(buttons)}</div>'
    )


def deliver_panel(s: Session, view: dict[str, Any], options: list[dict[str, Any]]) -> str:
    """Step 3's cubes, one row per warehouse they come from (yours first, then the others'
    when you go first), each cube with its price; then "deliver nothing"."""
    rows: dict[int | None, list[str]] = {}
    none = ""
    gives: list[str] = []
    for o in options:
        if o["food"] is None:
            none = _button(s, view, "deliver", o)
            continue
        rows.setdefault(o["from"], []).append(
            move_button(
                o["action"],
                f'{food_icon(o["food"])}<span class="nc-c-main">{esc(food_name(o["food"]))}</span>'
                f'<b class="nc-c-gain">+{esc(o["price"])}</b>',
                key=f"choice-{o['action']}",
                class_="nc-choice nc-cubechoice",
                data_testid="choice",
                aria_label=(
                    f"Deliver {food_name(o['food'])} for {o['price']} gold"
                    if o["from"] is None
                    else f"Take {s.name(o['from'])}'s {food_name(o['food'])} and deliver it"
                    f" for {o['price']} gold"
                ),
            )
        )
        if o["from"] is not None:
            gives = o["give"]
    lines = []
    for owner, buttons in rows.items():
        label = "Yours" if owner is None else f"{s.name(owner)}'s"
        lines.append(
            f'<div class="nc-from"><span class="nc-from-who">{esc(label)}</span>'
            + "".join(buttons)
            + "</div>"
        )
    note = ""
    if any(owner is not None for owner in rows):
        note = (
            '<p class="nc-c-rule">Going first, you may take another player\'s cube: they get'
            f" all of yours ({esc(foods_words(gives))}).</p>"
        )
    return (
        '<div class="nc-choices nc-c-deliver" role="group" aria-label="Your choices"'
        f' data-testid="choices">{"".join(lines)}{note}{none}</div>'
    )


def _button(s: Session, view: dict[str, Any], phase: str, o: dict[str, Any]) -> str:
    pic, main, note = _words(s, view, phase, o)
    primary = o["action"] == "done"
    return move_button(
        o["action"],
        (f'<span class="nc-c-pic">{pic}</span>' if pic else "")
        + f'<span class="nc-c-main">{esc(main)}</span>'
        + (f'<span class="nc-c-note">{esc(note)}</span>' if note else ""),
        key=f"choice-{o['action']}",
        class_="nc-choice" + (" primary" if primary else ""),
        data_testid="choice",
    )


def _words(
    s: Session, view: dict[str, Any], phase: str, o: dict[str, Any]
) -> tuple[Html, str, str]:
    """(picture HTML, the choice in words, a note on what it brings) for one option."""
    action = o["action"]
    if "deliverable" in o:  # a destination
        wanted = ", ".join(f"{food_name(d['food'])} {d['price']}" for d in o["deliverable"])
        return "", province_name(o["province"]), wanted or "nothing you can deliver"
    if phase == "deliver":
        food = o["food"]
        if food is None:
            return "", "Deliver nothing", "the smuggler just goes"
        if o.get("from") is None:
            return food_icon(food), f"Deliver {food_name(food)}", f"+{o['price']} gold"
        victim = o["from"]
        owner = "your" if victim == s.you else f"{s.name(victim)}'s"
        return (
            food_icon(food),
            f"Take {owner} {food_name(food)}",
            f"+{o['price']} gold; {s.name(victim)} gets your {foods_words(o['give'])}",
        )
    if "mountie" in o:
        m = o["mountie"]
        return mountie_badge(m), f"{m['name']} acts", "then leaves the game"
    if phase == "bored":
        k = o["smuggler"]
        return keeper_chip(k), f"Arrest {k['name']}", f"in {province_name(o['province'])}"
    if phase == "wander":
        return icon("mountie"), f"To {province_name(o['province'])}", ""
    if phase == "gem":
        target = o["seat"]
        if target == view["seat"]:
            return icon("gem"), "Keep the gemstone", ""
        return icon("gem"), f"Give it to {s.name(target)}", f"{view['scores'][target]} gold"
    if phase == "sell":
        if action == "done":
            n = o.get("refill", 0)
            return "", "Done", f"draw {plural(n, 'cube')}" if n else "keep your cubes"
        return food_icon(o["food"]), f"Sell {food_name(o['food'])}", "+1 gold"
    if action == "done":
        n = o.get("draw", 0)
        return "", "Done", f"draw {plural(n, 'smuggler')}" if n else "keep your hand"
    return "", action, ""
