"""Tiny HTML-building helpers. Pure Python: every screen is a function data -> HTML string, so
it can be unit-tested on CPython; only ``ui.dom`` touches the browser."""

from __future__ import annotations

from html import escape

Html = str
"""Markup, escaped where it was built (``esc``, ``attrs``, a function that returns ``Html``): a
parameter or a return annotated ``Html`` may go into markup as it is, anything else is text and
goes in through ``esc`` (tests/test_html_escape.py reads these annotations)."""


def esc(value: object) -> str:
    """Text or attribute value, escaped (player names are typed by users)."""
    return escape(str(value), quote=True)


def attrs(**kw: object) -> str:
    """``attrs(data_card="R7", aria_label="Red 7", hidden=True)`` -> ' data-card="R7" ...'.

    ``_`` becomes ``-``; a trailing ``_`` is dropped (``class_``); False/None leave the attribute
    out; True writes a bare boolean attribute.
    """
    out = []
    for key, value in kw.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def move_button(move: str, body: Html, *, legal: bool = True, key: str, **kw: object) -> Html:
    """A button that plays ``move`` (the game's notation) when tapped: the table's one shape of
    a choice (``data-action="play"``, ``data-move``, ``data-legal``, a stable ``data-key`` so
    the patch keeps it). ``body`` is HTML; ``kw`` adds attributes as ``attrs`` writes them."""
    return (
        "<button"
        + attrs(
            type="button",
            data_action="play",
            data_move=move,
            data_legal="true" if legal else "false",
            data_key=key,
            **kw,
        )
        + f">{body}</button>"
    )


def plural(n: int, one: str, many: str | None = None) -> str:
    """``plural(1, "card")`` -> "1 card"; ``plural(3, "card")`` -> "3 cards"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def join_words(items: list[str]) -> str:
    """["Ana"] -> "Ana"; ["Ana", "Bart"] -> "Ana and Bart"; three -> "Ana, Bart and Cy"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
