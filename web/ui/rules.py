"""A game's rules, in our own words, as data, and their HTML.

Each game writes its rules in ``ui/games/<id>/rules.py`` as ``RULES``: a tuple of ``Section``,
in the order of the rulebook's steps. The build renders every game's ``RULES`` into the app
shell (tools/build.py), so that a person can read them while Python is still loading (the shell
is plain HTML); a game can show the same sections once it runs.

The format, kept simple on purpose:

- ``key``: a short stable name, unique in the game ("setup", "tricks"); the HTML gives the
  section the id ``rules-<game>-<key>``, so a link can point at it.
- ``title``: the section's heading, in the rulebook's words where it has some.
- ``paragraphs``: plain text (never HTML: it is escaped). A string is a paragraph; a tuple of
  strings is a bulleted list.
- ``rules``: the engine's ``IllegalAction`` rule keys (``"follow-colour"``) whose refusal this
  section explains: a refused move can point the player to the rule's section (``section_for``).
  A key belongs to one section of a game at most.

Pure Python (no ``js``): the build imports it in CPython.

>>> lead = Section("lead", "Leading", ("Play any card.", ("Or a jalapeño.",)), ("lead-rule",))
>>> section_for((lead,), "lead-rule").title
'Leading'
>>> print(render_section("jalapeno", lead))
<section class="rules-section" id="rules-jalapeno-lead" data-rules="lead-rule">
<h3>Leading</h3>
<p>Play any card.</p><ul><li>Or a jalapeño.</li></ul>
</section>
"""

from __future__ import annotations

from dataclasses import dataclass

from .html import Html, esc

Paragraph = str | tuple[str, ...]


@dataclass(frozen=True)
class Section:
    """One step or topic of a game's rules (see the module's docstring for the format)."""

    key: str
    title: str
    paragraphs: tuple[Paragraph, ...]
    rules: tuple[str, ...] = ()


def section_for(sections: tuple[Section, ...], rule: str) -> Section | None:
    """The section that explains the refusal with this rule key, if any."""
    for section in sections:
        if rule in section.rules:
            return section
    return None


def check(sections: tuple[Section, ...]) -> None:
    """A game's RULES are well formed: keys unique, text present, each rule key in one section."""
    keys: set[str] = set()
    owners: dict[str, str] = {}
    for s in sections:
        if not s.key or s.key in keys or not s.key.replace("-", "").isalnum():
            raise ValueError(f"section key {s.key!r}: empty, repeated or not a plain name")
        keys.add(s.key)
        if not s.title.strip() or not s.paragraphs:
            raise ValueError(f"section {s.key!r} has no title or no text")
        for p in s.paragraphs:
            items = p if isinstance(p, tuple) else (p,)
            if not items or not all(isinstance(i, str) and i.strip() for i in items):
                raise ValueError(f"section {s.key!r}: a paragraph must be text or texts")
        for rule in s.rules:
            if rule in owners:
                raise ValueError(f"rule {rule!r} is explained by {owners[rule]!r} and {s.key!r}")
            owners[rule] = s.key


def _paragraph(p: Paragraph) -> Html:
    if isinstance(p, tuple):
        return "<ul>" + "".join(f"<li>{esc(item)}</li>" for item in p) + "</ul>"
    return f"<p>{esc(p)}</p>"


def render_section(game: str, section: Section) -> Html:
    """One section as HTML: an <h3> and its paragraphs and lists."""
    data = f' data-rules="{esc(" ".join(section.rules))}"' if section.rules else ""
    body: Html = "".join(_paragraph(p) for p in section.paragraphs)
    return (
        f'<section class="rules-section" id="rules-{esc(game)}-{esc(section.key)}"{data}>\n'
        f"<h3>{esc(section.title)}</h3>\n{body}\n</section>"
    )


def render(game: str, title: str, sections: tuple[Section, ...]) -> Html:
    """A game's rules as a collapsible block (a <details>: it opens and closes with no script,
    before Python is up)."""
    inner: Html = "".join(render_section(game, s) for s in sections)
    return (
        f'<details class="rules" id="rules-{esc(game)}" data-rules-game="{esc(game)}">\n'
        f"<summary>How to play {esc(title)}</summary>\n{inner}\n</details>"
    )
