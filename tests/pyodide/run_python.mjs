// Runs a Python snippet on Pyodide (CPython 3.14, from node_modules) with our `engine` package on
// its path, and prints what the snippet prints. Used by tests/test_pyodide_parity.py to show the
// same seed gives the same game in CPython 3.11 and in Pyodide.
// Usage: node tests/pyodide/run_python.mjs <repo root> <python file>
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { loadPyodide } from "pyodide";

const [root, script] = process.argv.slice(2);
const py = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });

function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const rel = relative(root, full);
    if (statSync(full).isDirectory()) {
      if (name === "__pycache__") continue;
      py.FS.mkdirTree(join("/work", rel));
      copyTree(full);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(join("/work", rel), readFileSync(full));
    }
  }
}
py.FS.mkdirTree("/work/engine");
copyTree(join(root, "engine"));
py.runPython("import sys; sys.path.insert(0, '/work')");
await py.runPythonAsync(readFileSync(script, "utf8"));
