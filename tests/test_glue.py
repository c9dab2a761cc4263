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
    # the module's code is all there, unchanged but for its export and its own address
    assert len(script) - len(module) < 200
    out = tmp_path / glue.NAME
    out.write_text(script, encoding="utf-8")
    node = shutil.which("node")
    assert node, "node is needed (the build makes the snapshot with it)"
    # parsed as a classic script (node --check would take a module's syntax in a .mjs only)
    checked = subprocess.run([node, "--check", str(out)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_a_glue_that_changed_shape_stops_the_build() -> None:
    with pytest.raises(glue.GlueError, match="no longer ends with"):
        glue.classic("async function _createPyodideModule(){}\nexport { _createPyodideModule };")
    with pytest.raises(glue.GlueError, match="beyond import.meta.url"):
        glue.classic(
            "async function _createPyodideModule(){return import.meta.resolve('x')}\n"
            "export default _createPyodideModule;"
        )
