// Makes Python's memory snapshot at build time, in Node: tools/snapshot.py runs it (never by hand).
// With "compile" in the spec it compiles the tree's modules to .pyc files instead (see
// tools/snapshot_bytecode.py).
//
//   node tools/snapshot.mjs SPEC.json
//
// SPEC.json: {"pyodide": dir of pyodide.mjs & co (the files dist/ ships), "tree": dir whose files
// are written at the same relative paths into Python's working directory (only the modules to
// import), "imports": [module, ...], "out": file for the raw snapshot, "base": file for the
// runtime's memory just before a restore, "limit": bytes the browser's heap starts with,
// "margin": bytes that must stay free under it}.
// Prints one JSON line on stdout: {"bytes", "memory", "used", "limit", "buildId", "modules",
// "ms"}; exits 1 with a message on stderr if an import fails or the heap is too big.
// Compile mode: {"pyodide", "tree", "compile": true, "out": dir}: writes each module's checked
// hash-based .pyc under `out`, at the path Python looks for it (a/__pycache__/b.cpython-314.pyc).
//
// A snapshot is the whole wasm heap after start-up and the imports: restoring it in the browser
// skips both. Everything that reaches the heap must be the same on every build, so the clock, the
// entropy and the hash seed are fixed here (the page re-seeds `random` after restoring: see
// web/start.mjs). Only JS objects reachable by a path from globalThis may be held by Python when
// the snapshot is taken (Pyodide records the path and looks it up again in the page), which is why
// nothing here touches `js.document` at import time.
import crypto from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));

// ---- a deterministic world: fixed clock, fixed entropy ------------------------------------------
// Every call moves the clock on by 1 ms from a fixed start, so that code waiting for time to pass
// still works, and the same sequence of calls gives the same times.
let clock = 1_000_000_000_000;
Date.now = () => (clock += 1);
const perfStart = clock;
performance.now = () => Date.now() - perfStart;
// xorshift32 from a fixed seed, for Emscripten's getentropy (os.urandom, the hash secret, random's
// seed) and Math.random.
let state = 0x9e3779b9;
function nextByte() {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return state & 0xff;
}
crypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = nextByte();
  return view;
};
if (globalThis.crypto) globalThis.crypto.getRandomValues = crypto.randomFillSync;
Math.random = () => nextByte() / 256;

const fail = (message) => {
  process.stderr.write(`snapshot: ${message}\n`);
  process.exit(1);
};

const started = process.hrtime.bigint(); // the real clock, for the report
const pyodideDir = spec.pyodide.endsWith("/") ? spec.pyodide : `${spec.pyodide}/`;
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
// In Node the runtime's program name (Emscripten's thisProgram: argv[0], the environment's `_`,
// Python's copies of them) would be this script's absolute path, and the snapshot would hold the
// builder's folder: the name a browser's runtime has instead, so the snapshot is the same
// wherever it is built.
const THIS_PROGRAM = "./this.program";
const py = await loadPyodide({
  indexURL: pyodideDir,
  _makeSnapshot: !spec.compile,
  _sysExecutable: THIS_PROGRAM,
  // Bytecode without column tables (tracebacks lose their ^^^ marks, nothing else): a third
  // less to download before a first visit is ready (the page's stdlib is made the same way).
  env: spec.compile ? { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" } : { PYTHONHASHSEED: "0" },
  stdout: (s) => process.stderr.write(`${s}\n`),
  stderr: (s) => process.stderr.write(`${s}\n`),
});
const heap = () => py._module.HEAP8.length;
const startMemory = heap();

// The modules' files, at the paths the page writes them to (sorted: same order, same heap).
function files(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
}
for (const full of files(spec.tree)) {
  const rel = relative(spec.tree, full);
  const parent = rel.includes("/") ? rel.slice(0, rel.lastIndexOf("/")) : "";
  if (parent) py.FS.mkdirTree(parent);
  py.FS.writeFile(rel, readFileSync(full));
}

if (spec.compile) {
  // The bytecode Python would write itself, made once here: checked hash-based .pyc files are
  // used only while their source is byte for byte the one compiled (else Python compiles it).
  py.globals.set("_picante_files", py.toPy(files(spec.tree).map((f) => relative(spec.tree, f))));
  let pycs;
  try {
    pycs = py.runPython(`
import ast, importlib.util, os
from importlib._bootstrap_external import _code_to_hash_pyc

def _without_docstrings(tree):
    # Nothing the page runs reads a docstring: compiled without them (asserts kept, unlike
    # optimize=2), line numbers unchanged.
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(tree):
        if isinstance(node, kinds) and node.body and ast.get_docstring(node, clean=False):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), node.body[0])]
    return tree

_picante_pycs = {}
for _rel in _picante_files:
    _path = os.path.abspath(_rel)
    with open(_path, "rb") as _f:
        _source = _f.read()
    _tree = _without_docstrings(ast.parse(_source, _path))
    _code = compile(_tree, _path, "exec", dont_inherit=True)
    _pyc = importlib.util.cache_from_source(_path)
    _picante_pycs[os.path.relpath(_pyc)] = _code_to_hash_pyc(
        _code, importlib.util.source_hash(_source), True
    )
_picante_pycs
`).toJs();
  } catch (err) {
    const lines = String(err.message || err).trim().split("\n");
    fail(`a module does not compile: ${lines.slice(-4).join("\n")}`);
  }
  const entries = pycs instanceof Map ? [...pycs] : Object.entries(pycs);
  for (const [rel, data] of entries) {
    mkdirSync(dirname(join(spec.out, rel)), { recursive: true });
    writeFileSync(join(spec.out, rel), data);
  }
  process.stdout.write(
    `${JSON.stringify({ files: entries.length, ms: Number((process.hrtime.bigint() - started) / 1_000_000n) })}\n`,
  );
  process.exit(0);
}

py.globals.set("_picante_imports", py.toPy(spec.imports));
try {
  py.runPython(`
import gc, importlib, sys
for _picante_name in _picante_imports:
    importlib.import_module(_picante_name)
del _picante_imports
globals().pop("_picante_name", None)
# Forget the directory listings seen here: the page writes more files than this build did.
# (What importlib.invalidate_caches() does for path finders, without importing importlib.metadata,
# which the page's standard library does not have: see tools/stdlib.py.)
for _picante_finder in list(sys.path_importer_cache.values()):
    if hasattr(_picante_finder, "invalidate_caches"):
        _picante_finder.invalidate_caches()
globals().pop("_picante_finder", None)
gc.collect()
`);
} catch (err) {
  const lines = String(err.message || err).trim().split("\n");
  fail(
    `an import failed: ${lines[lines.length - 1]}\n` +
      "Every module a snapshot import needs must itself be in the snapshot's list " +
      "(tools/snapshot.py IMPORTS), or be imported lazily.",
  );
}

const used = py._module._sbrk(0);
const memory = heap();
if (memory !== startMemory || memory > spec.limit) {
  fail(
    `the heap grew to ${memory} bytes; a snapshot over ${spec.limit} bytes cannot be restored ` +
      "(pyodide#6254). Import fewer modules into it (tools/snapshot.py IMPORTS).",
  );
}
if (used > spec.limit - spec.margin) {
  fail(
    `the heap is ${used} bytes in use, over the safe limit of ${spec.limit - spec.margin} ` +
      `(${spec.limit} minus a margin of ${spec.margin}): a little more and the snapshot could ` +
      "not be restored (pyodide#6254). Import fewer modules into it (tools/snapshot.py IMPORTS).",
  );
}

const snapshot = py.makeMemorySnapshot();
writeFileSync(spec.out, snapshot);
const buildId = Array.from(new Uint32Array(snapshot.buffer, 16, 8), (n) =>
  n.toString(16).padStart(8, "0"),
).join("");
const modules = py.runPython("len(sys.modules)");

// The proof that it loads on this runtime: restore it in a second Pyodide, as the page will, and
// find what was imported (pyodide#6254: a snapshot the module's heap cannot hold fails here).
// On the way, the runtime's memory as it is set up just before the restore (its data segments,
// relocated, and what its set-up wrote), into spec.base if given: a quarter of the snapshot's
// bytes that are not zeros are those very bytes, which the page then need not download, inflate
// or copy (tools/snapshot.py `pack`, web/start.mjs `restoreFromRuns`).
const glue = await import(pathToFileURL(join(pyodideDir, "pyodide.asm.mjs")).href);
const createModule = glue.default;
let base = null;
const beforeRestore = async (settings) => {
  const module = await createModule(settings);
  const api = settings.API;
  const restore = api.restoreSnapshot;
  api.restoreSnapshot = function (bytes) {
    base = module.HEAP8.slice();
    return restore.call(this, bytes);
  };
  return module;
};
try {
  const restored = await loadPyodide({
    indexURL: pyodideDir,
    _loadSnapshot: snapshot.slice(),
    _sysExecutable: THIS_PROGRAM,
    createPyodideModule: beforeRestore,
  });
  if (!base) fail("Pyodide's restore was not where this expects it (api.restoreSnapshot)");
  if (spec.base) writeFileSync(spec.base, new Uint8Array(base.buffer));
  restored.globals.set("_picante_imports", restored.toPy(spec.imports));
  const missing = restored
    .runPython("import sys\n[m for m in _picante_imports if m not in sys.modules]")
    .toJs();
  if (missing.length) fail(`the restored snapshot lacks ${missing.join(", ")}`);
} catch (err) {
  fail(`the snapshot does not restore on this runtime: ${err.message || err}`);
}

process.stdout.write(
  `${JSON.stringify({
    bytes: snapshot.length,
    memory,
    used,
    limit: spec.limit,
    buildId,
    modules,
    ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
  })}\n`,
);
// Pyodide keeps the event loop alive; the work is done.
process.exit(0);
