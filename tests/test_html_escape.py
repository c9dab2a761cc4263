"""No HTML built from unescaped text anywhere in web/.

Every screen is a string of HTML built in Python (``ui.html``) and handed to ``ui.dom.render``,
which parses it into the page; player names are typed by users and saved games and shared links
come from outside. So every value that goes into markup must be escaped where it goes in
(``esc``, ``attrs``), be HTML built the same way (a function of web/ that returns markup or is
declared ``-> Html``, a name that holds it, a parameter declared ``Html``), or be a number by
construction (``len``, arithmetic, an ``int`` parameter, a ``range``/``enumerate`` index). This
test reads the source (ast) and lists every other value that an f-string or a ``+`` puts into
markup, or that a call passes for a parameter declared ``Html``.

On the JavaScript side, HTML is parsed from a string in one place only: ``ui/dom.js``'s patch,
whose string is what ``ui.dom.render`` was given (checked above). Nothing else may assign
``innerHTML``/``outerHTML`` or call ``insertAdjacentHTML``/``document.write``; ``ui.dom``'s
own two (its mount, a constant, and the toast, from ``ui.toast``) are listed here by name.
"""

from __future__ import annotations

import ast
import asyncio
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

MARKUP = re.compile(r"<[a-zA-Z/!]|[\w-]+=\"")  # a tag, or an attribute's value opening
ESCAPES = {"esc", "attrs", "escape"}  # ui.html's, and html.escape
NUMERIC = {"len", "int", "round", "abs", "sum", "min", "max", "float"}
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
HTML_SINKS = re.compile(r"\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write")
# The places that turn a string into DOM nodes, and where their string comes from.
KNOWN_SINKS = {
    ("ui/dom.js", "tpl.innerHTML = html"),  # ui.dom.render's HTML (the screens: checked here)
    ("ui/dom.py", "root.innerHTML = ("),  # ui.dom.mount: constants
    ("ui/dom.py", "host.innerHTML = html"),  # ui.dom.set_toast: ui.toast.toast_html's
}


def own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a module or function, without those of the functions defined in it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (*FUNCTIONS, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def text_of(node: ast.AST) -> str | None:
    """A string literal's text (an f-string's literal parts), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    return None


def is_markup(node: ast.AST) -> bool:
    return bool(MARKUP.search(text_of(node) or ""))


def called(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name):
            return node.func.id
        if isinstance(node.func, ast.Attribute):
            return node.func.attr
    return None


def is_join(node: ast.AST) -> bool:
    """``"".join(...)`` (or a markup separator): fragments put together (another separator
    joins text)."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "join"
        and isinstance(node.func.value, ast.Constant)
        and (node.func.value.value == "" or is_markup(node.func.value))
    )


def operands(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return operands(node.left) + operands(node.right)
    return [node]


def declared(annotation: ast.AST | None) -> list[bool]:
    """Which parts of a return annotation are ``Html``: ``Html`` -> [True], ``tuple[Html,
    str]`` -> [True, False], anything else -> []."""
    if isinstance(annotation, ast.Name) and annotation.id == "Html":
        return [True]
    if (
        isinstance(annotation, ast.Subscript)
        and isinstance(annotation.value, ast.Name)
        and annotation.value.id == "tuple"
        and isinstance(annotation.slice, ast.Tuple)
    ):
        return [isinstance(e, ast.Name) and e.id == "Html" for e in annotation.slice.elts]
    return []


def parameters(f: ast.AST, annotation: set[str] | None) -> set[str]:
    """A function's parameters annotated with one of ``annotation`` (None: all of them)."""
    args = getattr(f, "args", None)
    if args is None:
        return set()
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return {
        a.arg
        for a in every
        if a is not None
        and (
            annotation is None
            or (isinstance(a.annotation, ast.Name) and a.annotation.id in annotation)
        )
    }


class Scan:
    def __init__(self, modules: dict[str, ast.Module]) -> None:
        self.modules = modules
        # The functions that build HTML (by name, across web/): every value they return is
        # markup (or a constant, or a number), found by iterating to a fixed point.
        every = [f for tree in modules.values() for f in ast.walk(tree) if isinstance(f, FUNCTIONS)]
        # Declared: ``-> Html``, and which items of a returned tuple are HTML
        # (``-> tuple[Html, str]``).
        self.builders: set[str] = {f.name for f in every if declared(f.returns) == [True]}
        # The parameters declared ``Html``: by position and by name, for each function name.
        self.html_params: dict[str, tuple[set[int], set[str]]] = {}
        for f in every:
            names = parameters(f, {"Html"})
            if names:
                positional = [a.arg for a in [*f.args.posonlyargs, *f.args.args]]
                if positional and positional[0] in ("self", "cls"):
                    positional = positional[1:]
                at = {i for i, a in enumerate(positional) if a in names}
                self.html_params[f.name] = (at, names)
        self.tuples: dict[str, list[bool]] = {
            f.name: declared(f.returns) for f in every if len(declared(f.returns)) > 1
        }
        grown = True
        while grown:
            grown = False
            for f in every:
                if f.name in self.builders:
                    continue
                html = self.html_names(f)
                returns = [r.value for r in own_nodes(f) if isinstance(r, ast.Return) and r.value]
                if any(self.builds(r, html) for r in returns) and all(
                    self.builds(r, html) or isinstance(r, ast.Constant) or self.number(r, set())
                    for r in returns
                ):
                    self.builders.add(f.name)
                    grown = True

    def builds(self, node: ast.AST, html: set[str]) -> bool:
        """Is this HTML (as opposed to text)?"""
        if text_of(node) is not None:
            return is_markup(node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.builds(node.left, html) or self.builds(node.right, html)
        if isinstance(node, ast.IfExp):
            return self.builds(node.body, html) or self.builds(node.orelse, html)
        if isinstance(node, ast.BoolOp):
            return any(self.builds(v, html) for v in node.values)
        if isinstance(node, (ast.List, ast.Tuple)):
            return any(self.builds(e, html) for e in node.elts)
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)):
            return self.builds(node.elt, html)
        if isinstance(node, ast.Name):
            return node.id in html
        return is_join(node) or called(node) in self.builders

    def html_names(self, scope: ast.AST) -> set[str]:
        """Names that hold HTML in a scope: ``Html`` parameters, names assigned HTML, lists
        that HTML is appended to."""
        names = parameters(scope, {"Html"})
        for _ in range(3):  # a name built from another one
            for node in own_nodes(scope):
                if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value:
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    if self.builds(node.value, names):
                        names.update(t.id for t in targets if isinstance(t, ast.Name))
                    parts = self.tuples.get(called(node.value) or "", [])
                    for target in targets:
                        if isinstance(target, ast.Tuple) and len(target.elts) == len(parts):
                            names.update(
                                t.id
                                for t, h in zip(target.elts, parts, strict=True)
                                if h and isinstance(t, ast.Name)
                            )
                if isinstance(node, (ast.For, ast.comprehension)):
                    if self.builds(node.iter, names) and isinstance(node.target, ast.Name):
                        names.add(node.target.id)
                if (
                    called(node) in ("append", "extend", "insert")
                    and isinstance(node.func.value, ast.Name)
                    and node.args
                    and self.builds(node.args[-1], names)
                ):
                    names.add(node.func.value.id)
        return names

    def number_names(self, scope: ast.AST) -> set[str]:
        """Names that hold numbers by construction: ``int``/``float`` parameters, indexes of
        ``range()`` and ``enumerate()`` loops, names assigned arithmetic."""
        names = parameters(scope, {"int", "float"})
        for node in own_nodes(scope):
            if isinstance(node, (ast.For, ast.comprehension)):
                if called(node.iter) == "range" and isinstance(node.target, ast.Name):
                    names.add(node.target.id)
                if called(node.iter) == "enumerate" and isinstance(node.target, ast.Tuple):
                    if isinstance(node.target.elts[0], ast.Name):
                        names.add(node.target.elts[0].id)
            if isinstance(node, ast.Assign) and self.number(node.value, names):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        return names

    def number(self, node: ast.AST, numbers: set[str]) -> bool:
        if isinstance(node, ast.Constant):
            return type(node.value) in (int, float)
        if isinstance(node, ast.Name):
            return node.id in numbers
        if isinstance(node, ast.UnaryOp):
            return self.number(node.operand, numbers)
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.Add):  # "a" + "b" is text
                return self.number(node.left, numbers) or self.number(node.right, numbers)
            return not isinstance(node.op, ast.Mod)  # "%s" % text is text
        return called(node) in NUMERIC

    def safe_names(self, scope: ast.AST, html: set[str], numbers: set[str]) -> set[str]:
        """Names whose every value in a scope is safe as it is (``" done" if x else ""``, an
        escaped text); a parameter, a loop variable or an unpacked item is not (its value is
        not known here)."""
        values: dict[str, list[ast.AST | None]] = {}
        for name in parameters(scope, None):
            values.setdefault(name, []).append(None)
        for node in own_nodes(scope):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name):
                            value = node.value if name is target else None
                            values.setdefault(name.id, []).append(value)
            elif isinstance(node, (ast.For, ast.comprehension)):
                for name in ast.walk(node.target):
                    if isinstance(name, ast.Name):
                        values.setdefault(name.id, []).append(None)
        names: set[str] = set()
        for _ in range(3):  # a name made from another one
            for name, assigned in values.items():
                if all(v is not None and self.safe(v, html | names, numbers) for v in assigned):
                    names.add(name)
        return names

    def safe(self, node: ast.AST, html: set[str], numbers: set[str]) -> bool:
        """May this value go into markup as it is?"""
        if isinstance(node, ast.Constant) or self.number(node, numbers):
            return True
        if isinstance(node, ast.JoinedStr):  # markup: scanned on its own; text: its values
            return is_markup(node) or all(
                self.safe(v.value, html, numbers)
                for v in node.values
                if isinstance(v, ast.FormattedValue)
            )
        if isinstance(node, ast.IfExp):
            return self.safe(node.body, html, numbers) and self.safe(node.orelse, html, numbers)
        if isinstance(node, ast.BoolOp):
            return all(self.safe(v, html, numbers) for v in node.values)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return all(self.safe(p, html, numbers) for p in operands(node))
        if is_join(node):
            parts = node.args[0] if node.args else None
            if isinstance(parts, (ast.ListComp, ast.GeneratorExp)):
                return self.safe(parts.elt, html, numbers)
            return True  # a list of fragments, each checked where it was built
        if isinstance(node, ast.Name):
            return node.id in html or node.id.isupper()  # a module's constant: ours
        if called(node) == "str" and node.args:
            return self.number(node.args[0], numbers)
        return called(node) in ESCAPES | self.builders

    def findings(self) -> list[str]:
        found = set()
        for path, tree in self.modules.items():
            for scope in [tree, *(f for f in ast.walk(tree) if isinstance(f, FUNCTIONS))]:
                html, numbers = self.html_names(scope), self.number_names(scope)
                html |= self.safe_names(scope, html, numbers)
                for node in own_nodes(scope):
                    if called(node) in self.html_params:  # what goes in as Html must be
                        at, names = self.html_params[called(node)]
                        values = [a for i, a in enumerate(node.args) if i in at]
                        values += [k.value for k in node.keywords if k.arg in names]
                    elif isinstance(node, ast.JoinedStr) and is_markup(node):
                        values = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
                    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                        parts = operands(node)
                        markup = any(is_markup(p) for p in parts)
                        values = [p for p in parts if text_of(p) is None] if markup else []
                    else:
                        continue
                    for value in values:
                        if not self.safe(value, html, numbers):
                            found.add(f"web/{path}:{value.lineno}: {ast.unparse(value)}")
        return sorted(found)


def python_sources() -> dict[str, ast.Module]:
    return {
        p.relative_to(WEB).as_posix(): ast.parse(p.read_text(encoding="utf-8"))
        for p in sorted(WEB.rglob("*.py"))
    }


def test_no_markup_holds_an_unescaped_value() -> None:
    found = Scan(python_sources()).findings()
    assert not found, "unescaped values in markup (esc() them):\n" + "\n".join(found)


def test_the_scan_finds_what_it_must() -> None:
    source = """
from ui.html import Html, esc

def name_tag(name: str) -> str:
    return f"<b>{name}</b>"

def name_link(name: str, seat: int, body: Html) -> str:
    return '<a data-seat="' + str(seat) + '">' + esc(name) + body + name + "</a>"

def row(names: list[str]) -> str:
    cells = "".join(f"<td>{esc(n)}</td>" for n in names)
    text = ", ".join(names)
    return f"<tr>{cells}<td>{len(names)}</td><td>{text}</td><td>{name_tag(names[0])}</td></tr>"
"""
    found = Scan({"ui/example.py": ast.parse(source)}).findings()
    assert found == [
        "web/ui/example.py:13: text",
        "web/ui/example.py:5: name",
        "web/ui/example.py:8: name",
    ]


def test_no_script_parses_html_from_a_string_but_the_screen_patch() -> None:
    found = set()
    for path in sorted([*WEB.rglob("*.js"), *WEB.rglob("*.mjs"), *WEB.rglob("*.py")]):
        rel = path.relative_to(WEB).as_posix()
        for line in path.read_text(encoding="utf-8").splitlines():
            code = line.split("//")[0] if path.suffix != ".py" else line.split("#")[0]
            if HTML_SINKS.search(code):
                known = [s for r, s in KNOWN_SINKS if r == rel and s in code]
                if not known:
                    found.add(f"web/{rel}: {line.strip()}")
    assert not found, "HTML parsed from a string:\n" + "\n".join(sorted(found))
    html = (WEB / "index.html").read_text(encoding="utf-8")
    assert not HTML_SINKS.search(html)  # no inline script of its own either (CSP: boot.js)


# ---- the same, at run time: a hostile name on every screen of a whole game ------------------

EVIL = '<i data-evil="1">Eve</i>"\'&'


def hostile_screens(game_id: str) -> list[str]:
    """Every screen of a whole game at its smallest table of two or more (names on show) through
    the table loop: the first seat a human named ``EVIL`` who plays their first legal move and
    taps on every pause, the others bots named ``EVIL`` too."""
    import games.register  # noqa: F401  (the test-only games: the generic UI too)
    from test_art import Page
    from ui.games import load_ui
    from ui.scene import Screen
    from ui.session import BOT, HUMAN, SeatConfig, Session
    from ui.table import Table

    import engine

    counts = engine.get_game(game_id).player_counts
    players = min([c for c in counts if c >= 2] or counts)
    seats = [SeatConfig(f"{EVIL}{i}", HUMAN if i == 0 else BOT, "random") for i in range(players)]
    session = Session.new(game_id, seats, {}, seed=7)
    page = Page()

    async def main() -> None:
        table = Table(page, load_ui(game_id), session)
        table.start()
        try:
            for _ in range(200_000):
                await asyncio.sleep(0)
                if table.screen is Screen.OVER or (table.task and table.task.done()):
                    break
                if table.waiting is None:
                    continue
                if table.screen is Screen.TURN:
                    table.act(str(session.legal(table.seat)[0]))
                elif table.screen is Screen.COVER:
                    table.on_tap("reveal")
                elif table.screen in (Screen.RESULT, Screen.BREAK):
                    table.on_tap("continue")
        finally:
            table.stop()

    asyncio.run(main())
    assert session.state.is_over()
    return page.shown


def playable_games() -> list[str]:
    import games.register  # noqa: F401
    from ui.games import home_games

    return [g["id"] for g in home_games() if g["playable"]]


@pytest.mark.parametrize("game_id", playable_games())
def test_a_hostile_name_is_text_on_every_screen(game_id: str) -> None:
    """... and no screen has a style= or an inline handler (the CSP applies neither)."""
    screens = hostile_screens(game_id)
    assert any("Eve" in html for html in screens)  # the names are shown
    for html in screens:
        at = html.find("<i ")
        assert at < 0, f"a name as markup: ...{html[max(at - 80, 0) : at + 80]}..."
        # nor anything the page's Content-Security-Policy would refuse to apply
        refused = re.search(r"<[^>]*\s(style|on[a-z]+)=", html)
        assert not refused, f"an inline {refused.group(1)}= on a screen"
