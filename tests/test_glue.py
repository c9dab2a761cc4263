"""Pyodide's JavaScript glue as the classic script dist/ ships (tools/glue.py): made from the
pinned Pyodide's module, it is valid JavaScript that defines the factory as one global and no
longer needs a module's syntax."""

from __future__ import annotations

import doctest
import shutil
import subprocess
from pathlib import Path

import pytest

from tools import glue

PYODIDE = Path(__file__).resolve().parents[1] / "node_modules" / "pyodide"


def test_glue_doctests() -> None:
    assert doctest.testmod(glue).failed == 0


def test_the_pinned_glue_becomes_a_classic_script(tmp_path: Path) -> None:
    module = (PYODIDE / glue.MODULE).read_text(encoding="utf-8")
    script = glue.classic(module)
    assert script.startswith(f"var {glue.FACTORY}=") and "import.meta" not in script
    assert "export default" not in script
    # the module's code is all there, unchanged but for its export, its own address and the
    # wrappers' modules kept
    assert len(script) - len(module) < 300
    assert script.count(glue.TRAMPOLINE_KEPT) == 1 and glue.TRAMPOLINE not in script
    out = tmp_path / glue.NAME
    out.write_text(script, encoding="utf-8")
    node = shutil.which("node")
    assert node, "node is needed (the build makes the snapshot with it)"
    # parsed as a classic script (node --check would take a module's syntax in a .mjs only)
    checked = subprocess.run([node, "--check", str(out)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_the_function_wrappers_module_is_made_once_per_signature(tmp_path: Path) -> None:
    # convertJsFunctionToWasm as the pinned glue has it, run in Node: two functions of one
    # signature share one module (two instances), and each still calls its own function
    module = (PYODIDE / glue.MODULE).read_text(encoding="utf-8")
    script = glue.classic(module)
    # (the wrapper and the helpers it uses, as they stand together in the glue)
    wrapper = script[script.index("var uleb128EncodeWithLen=") : script.index("var addFunction=")]
    (tmp_path / "t.js").write_text(
        "var made=0;const M=WebAssembly.Module;"
        "WebAssembly.Module=function(b){made++;return new M(b)};"
        + wrapper
        + "const a=convertJsFunctionToWasm(()=>1,'ii'),b=convertJsFunctionToWasm(()=>2,'ii');"
        "convertJsFunctionToWasm(()=>3,'vi');console.log(JSON.stringify([made,a(0),b(0)]))",
        encoding="utf-8",
    )
    node = shutil.which("node")
    assert node
    ran = subprocess.run([node, str(tmp_path / "t.js")], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "[2,1,2]"


def test_a_glue_that_changed_shape_stops_the_build() -> None:
    with pytest.raises(glue.GlueError, match="no longer ends with"):
        glue.classic("async function _createPyodideModule(){}\nexport { _createPyodideModule };")
    with pytest.raises(glue.GlueError, match="beyond import.meta.url"):
        glue.classic(
            "async function _createPyodideModule(){return import.meta.resolve('x')}\n"
            "export default _createPyodideModule;"
        )
