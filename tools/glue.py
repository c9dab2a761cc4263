"""Pyodide's JavaScript glue as a classic script, so that a returning visit reads it compiled.

Pyodide ships the JavaScript that sets its runtime up (Emscripten's output, 1.25 MB) as an ES
module, ``pyodide.asm.mjs``. Measured in Chromium's traces of warm visits (docs/benchmarks.md),
the page compiled it function by function on the main thread as start-up first called them,
every visit (~750 ``V8.ParseFunction`` and ~710 ``V8.CompileCode``): V8's code cache of a module
was produced on a second visit and never read on the next ones. A classic script that the service
worker puts into its cache while it installs gets a *full* code cache from Chromium (every
function compiled, off the page's main thread), which later visits read on a background thread
("script has code-cache available (background)", 1.66 MB). So dist/ ships the same glue as a
classic script, ``pyodide.asm.js``, which web/start.mjs loads with a <script> element and takes
the factory from ``window._createPyodideModule``; the module itself is only used by the build
(the snapshot is made from it in Node) and is not shipped.

The change is mechanical and checked: the module's one ``export default`` becomes a global, and
``import.meta.url`` (used only in Node and as a fallback for the wasm's address, which the page
always gives) becomes the script's own address.

One more change, to the runtime's set-up: Emscripten gives each JavaScript function that the
runtime puts in its function table a wasm module of its own, made from bytes that depend only on
the function's signature (``convertJsFunctionToWasm``). A warm visit made 261 of them, 30
different, each compiled afresh (``new WebAssembly.Module``: 16-49 ms in all on a busy machine).
The script keeps each one made, by its bytes, and instantiates it again for the next function of
that signature.
"""

from __future__ import annotations

MODULE = "pyodide.asm.mjs"  # as Pyodide ships it
NAME = "pyodide.asm.js"  # as dist/ ships it
FACTORY = "_createPyodideModule"  # Emscripten's EXPORT_NAME: the global the script defines
EXPORT = f"export default {FACTORY};"
URL_NAME = "_pyodideAsmURL"
# convertJsFunctionToWasm's module, made once per distinct bytes (a module instantiates any times)
TRAMPOLINE = "var module=new WebAssembly.Module(bytes);"
TRAMPOLINE_KEPT = (
    "var kept=convertJsFunctionToWasm.kept||=new Map,key=bytes.join();"
    "var module=kept.get(key);if(!module)kept.set(key,module=new WebAssembly.Module(bytes));"
)


class GlueError(ValueError):
    pass


def classic(module: str) -> str:
    """The glue module's source as a classic script defining the global `FACTORY`.

    >>> src = "async function _createPyodideModule(m={}){return new URL('x', import.meta.url)}"
    >>> src += "var convertJsFunctionToWasm=(f,s)=>{var bytes=s;" + TRAMPOLINE + "};"
    >>> out = classic(src + "export default _createPyodideModule;")
    >>> "export" in out, "import.meta" in out, out.startswith("var _createPyodideModule=")
    (False, False, True)
    >>> classic("export default other;")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    GlueError: pyodide.asm.mjs no longer ends with 'export default _createPyodideModule;'
    """
    body = module.rstrip()
    if not body.endswith(EXPORT) or body.count("export default") != 1:
        raise GlueError(f"{MODULE} no longer ends with {EXPORT!r}")
    if f"function {FACTORY}(" not in body:
        raise GlueError(f"{MODULE} no longer defines {FACTORY}")
    body = body[: -len(EXPORT)].replace("import.meta.url", URL_NAME)
    if "import.meta" in body:
        raise GlueError(f"{MODULE} uses import.meta beyond import.meta.url")
    if body.count(TRAMPOLINE) != 1 or "var convertJsFunctionToWasm=" not in body:
        raise GlueError(f"{MODULE} no longer makes its function wrappers with {TRAMPOLINE!r}")
    body = body.replace(TRAMPOLINE, TRAMPOLINE_KEPT)
    # One global, the factory: the glue runs inside a function of its own, so that its top-level
    # names stay its own. Its address is the script's, read while it runs (currentScript).
    return (
        f"var {FACTORY}=(()=>{{const {URL_NAME}=document.currentScript.src;\n"
        f"{body}\nreturn {FACTORY}}})();"
    )
