// Makes the page's Python standard library at build time, in Node: tools/stdlib.py runs it (never
// by hand).
//
//   node tools/stdlib.mjs SPEC.json
//
// SPEC.json: {"pyodide": dir of Pyodide's own files (its python_stdlib.zip: every module, as
// source), "imports": [module, ...] (what our code and PyScript's import, read from their
// sources), "keepDocs": [top-level package, ...] (compiled with their docstrings), "out": file for
// the zip}.
// Prints one JSON line on stdout: {"modules": [stdlib module, ...], "missing": [name, ...], "ms"}.
//
// Starts Pyodide, imports every name it is given that the standard library has, and writes each
// stdlib module then in sys.modules (Pyodide's own start-up's, and what those imports pulled in) to
// the zip (but those frozen into Python) as bytecode compiled by this very Pyodide: `name.pyc`
// files, no sources, each deflated (hosts send a .zip as it is: Pyodide's own is deflated too).
// Without column tables (PYTHONNODEBUGRANGES) and without docstrings and asserts (optimize=2),
// except for the packages in keepDocs, whose code reads docstrings (Pyodide's own).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));
const started = process.hrtime.bigint();
const pyodideDir = spec.pyodide.endsWith("/") ? spec.pyodide : `${spec.pyodide}/`;
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: pyodideDir,
  env: { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" },
  stdout: (s) => process.stderr.write(`${s}\n`),
  stderr: (s) => process.stderr.write(`${s}\n`),
});
py.globals.set("_picante_spec", py.toPy(spec));
let result;
try {
  result = py.runPython(`
import importlib, importlib.util, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc

_spec = _picante_spec
_zip = "/lib/python%d%d.zip" % sys.version_info[:2]
_source = zipfile.ZipFile(_zip)
_names = {info.filename for info in _source.infolist()}


def _in_stdlib(name):
    path = name.replace(".", "/")
    return f"{path}.py" in _names or f"{path}/__init__.py" in _names


_missing = []
for _name in _spec["imports"]:
    # "a.b.c" may be a module, or a name in module "a.b": import the longest module it names
    parts = _name.split(".")
    while parts and not _in_stdlib(".".join(parts)):
        parts.pop()
    if not parts:
        continue  # not the standard library's (ours, PyScript's, or built into Python)
    try:
        importlib.import_module(".".join(parts))
    except ImportError as exc:
        _missing.append(f"{_name}: {exc}")

_files = set()
for _module in list(sys.modules.values()):
    _file = getattr(_module, "__file__", None) or ""
    _frozen = getattr(getattr(_module, "__spec__", None), "origin", None) == "frozen"
    if _file.startswith(_zip + "/") and not _frozen:  # a frozen module never reads its file
        _files.add(_file[len(_zip) + 1 :])
for _file in list(_files):  # every package above a module (they are imported too, but be sure)
    _parts = _file.split("/")[:-1]
    for _depth in range(1, len(_parts) + 1):
        _init = "/".join(_parts[:_depth]) + "/__init__.py"
        if _init in _names:
            _files.add(_init)

_out = io.BytesIO()
with zipfile.ZipFile(_out, "w") as _zipped:
    for _file in sorted(_files):
        _top = _file.split("/")[0].removesuffix(".py")
        _code = compile(
            _source.read(_file),
            _file,
            "exec",
            dont_inherit=True,
            optimize=0 if _top in _spec["keepDocs"] else 2,
        )
        _info = zipfile.ZipInfo(_file[:-3] + ".pyc", (1980, 1, 1, 0, 0, 0))
        _pyc = bytes(_code_to_timestamp_pyc(_code, 0, 0))
        _zipped.writestr(_info, _pyc, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
with open("/tmp/picante-stdlib.zip", "wb") as _f:
    _f.write(_out.getvalue())
_modules = sorted(
    f.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for f in _files
)
json.dumps({"modules": _modules, "missing": _missing})
`);
} catch (err) {
  const lines = String(err.message || err).trim().split("\n");
  process.stderr.write(`stdlib: ${lines.slice(-4).join("\n")}\n`);
  process.exit(1);
}
writeFileSync(spec.out, py.FS.readFile("/tmp/picante-stdlib.zip"));
const report = JSON.parse(result);
report.ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
