// Boots Python as early as possible, then lets PyScript run main.py on it.
//
// Python starts from a memory snapshot when it can (dist/python-snapshot.gz, made by the build:
// Pyodide started and the platform core imported, see tools/snapshot.py): restoring it is a copy of
// 30 MiB instead of CPython's start-up, which is one main-thread task of seconds. If the snapshot
// is missing, cannot be decompressed or is refused (another runtime), Python starts the normal
// way; `picante.boot` says which happened and why.
//
// PyScript's config names this module as its "interpreter" (it must look like pyodide.mjs: export
// `loadPyodide` and `version`). Left to itself, PyScript would only start Pyodide after its own
// ~140 KB of JS and plugins have loaded, and fetch the `files` only after Pyodide is up. Here,
// instead:
//   - the snapshot, the engine wheel, every web/*.py listed in <script id="picante-boot">
//     (written by tools/build.py) and their bytecode are fetched at once, and the snapshot
//     inflated and the wheel unzipped while Python is not up yet;
//   - Pyodide starts from our own files (./pyodide/, never a CDN; preloaded by the page) as soon
//     as the shell has painted and had its head start (see HEAD_START_MS);
// and when PyScript asks for an interpreter it gets that one, with the wheel unpacked and the .py
// files written at their relative paths (so `import engine` and `import ui.x` work).
// Everything stays on the main thread: the UI talks to the DOM directly.
import { loadPyodide as loadRealPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

const picante = window.picante;
const boot = JSON.parse(document.getElementById("picante-boot").textContent);
const here = (path) => new URL(path, import.meta.url).href;

// PyScript loads in parallel with Python (not before it): it finds <script type="py"> and asks
// this module for the interpreter.
import("./pyscript/core.js").then(
  ({ hooks }) => {
    // PyScript (0.7.31) registers one hook of its own for workers (`_pyscript`'s fs module) and
    // compiles the worker hooks into one function with `Function(...)` whenever a script
    // starts, on the main thread too: code made from a string, which the page's CSP refuses
    // (no 'unsafe-eval'). We run no PyScript worker, so their hooks go.
    for (const name of Object.keys(hooks.worker)) {
      if (name.startsWith("on")) hooks.worker[name].clear();
    }
    const beforeMain = () => picante.bootStep("main");
    hooks.main.onBeforeRun.add(beforeMain);
    hooks.main.onBeforeRunAsync.add(beforeMain);
    // Runs after PyScript's own Python start-up (its stdlib, `import pyscript`), before main.py:
    // tells the two apart in picante.timing (the benchmark reports both).
    const mark = "import js as _js\n_js.picante.timing.pyscript = _js.performance.now()\ndel _js";
    hooks.main.codeBeforeRun.add(mark);
    hooks.main.codeBeforeRunAsync.add(mark);
  },
  (err) => picante.bootFailed(`Could not load PyScript: ${err && err.message}`),
);

async function fetchBytes(path) {
  const res = await fetch(here(path));
  if (!res.ok) throw new Error(`Could not load ${path.replace(/^\.\//, "")} (HTTP ${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

// The snapshot's bytes (preloaded by the page). It is gzipped: static hosts do not add
// Content-Encoding for us, so it is decompressed here, in a worker: inflating 30 MiB is a few
// hundred ms of CPU that must not hold the main thread (DecompressionStream runs on the thread
// that reads it: ./inflate-worker.js). A host that did add Content-Encoding has had the browser
// decode it already: the gzip magic tells.
function inflate(data) {
  const worker = new Worker(here("./inflate-worker.js"));
  const done = () => worker.terminate();
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data: out }) => {
      done();
      if (typeof out === "string") reject(new Error(out));
      else resolve(new Uint8Array(out));
    };
    worker.onerror = (e) => {
      done();
      reject(new Error(e.message || "worker failed"));
    };
    worker.postMessage(data.buffer, [data.buffer]);
  });
}

// A gzipped file of ours, inflated (see above).
async function fetchGzipped(path) {
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
  const res = await fetch(here(path));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const data = new Uint8Array(await res.arrayBuffer());
  return data[0] === 0x1f && data[1] === 0x8b ? inflate(data) : data;
}

// The engine wheel's files, unpacked here while Python is still starting: Python's zipfile would
// cost a main-thread task of its own after it. A zip's central directory, then each entry, stored
// or deflated (DecompressionStream "deflate-raw"). Resolves to [[path, bytes], ...].
async function unzip(zip) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a zip file");
  const names = new TextDecoder();
  const entries = [];
  let at = view.getUint32(end + 16, true);
  for (let i = view.getUint16(end + 10, true); i > 0; i--) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("bad zip directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = zip.subarray(start, start + size);
    if (method === 0) entries.push([name, Promise.resolve(raw)]);
    else if (method === 8) {
      const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      entries.push([name, new Response(stream).arrayBuffer().then((b) => new Uint8Array(b))]);
    } else throw new Error(`zip method ${method}`);
  }
  return Promise.all(entries.map(async ([name, data]) => [name, await data]));
}

function writeFile(FS, path, data) {
  const dir = path.slice(0, path.lastIndexOf("/"));
  if (dir) FS.mkdirTree(dir);
  FS.writeFile(path, data);
}

// Python bytecode made by the build (tools/snapshot_bytecode.py: b"PCBC", header length, JSON
// {path: [offset, length]}, bytes), written into __pycache__ folders so that imports after the
// snapshot (PyScript's package, a game's modules) do not compile. Optional: without it Python
// compiles, as it always can.
function writeBytecode(FS, bundle) {
  const magic = String.fromCharCode(...bundle.subarray(0, 4));
  if (magic !== "PCBC") throw new Error("not a bytecode bundle");
  const size = new DataView(bundle.buffer, bundle.byteOffset + 4, 4).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bundle.subarray(8, 8 + size)));
  const body = bundle.subarray(8 + size);
  for (const [path, [start, length]] of Object.entries(header)) {
    writeFile(FS, path, body.subarray(start, start + length));
  }
}

// Run right after a restore: what the snapshot froze at build time must differ per page.
const AFTER_RESTORE = `
import random, sys
random.seed()  # the build's fixed entropy seeded it; every page gets its own
while sys.path.count("") > 1:  # Pyodide adds the working directory again after a restore
    sys.path.remove("")
`;

const INVALIDATE_FINDERS = `
import sys
for _finder in list(sys.path_importer_cache.values()):
    if hasattr(_finder, "invalidate_caches"):
        _finder.invalidate_caches()
globals().pop("_finder", None)
`;

// Restoring Python is a main-thread task (a few hundred ms on a busy 2-core machine; a normal
// start-up, without the snapshot, is one of 1.5 s warm, 3-5 s cold); taps during it wait until
// it ends. So the shell gets a head start: Python starts
// only once the shell is on screen plus HEAD_START_MS of free main thread, in which a tap is
// handled at once. The downloads and the wasm compilation (preloaded, off the main thread) go on
// meanwhile, so this costs little.
const HEAD_START_MS = 150;

function shellHeadStart() {
  const painted = performance.getEntriesByType("paint").length
    ? Promise.resolve()
    : new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return painted.then(() => new Promise((resolve) => setTimeout(resolve, HEAD_START_MS)));
}

// Pyodide only logs a failed wasm download or compile ("wasm instantiation failed!") and then
// never settles: turn that log into a rejection, so that the shell can show Retry.
function wasmFailure() {
  const warn = console.warn;
  let armed = false;
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  console.warn = function (...args) {
    if (armed) {
      armed = false;
      const why = args[0] && args[0].message ? args[0].message : String(args[0]);
      const err = new Error(`The Python runtime (pyodide.asm.wasm) did not load: ${why}`);
      err.wasmFailed = true;
      fail(err);
    } else if (args[0] === "wasm instantiation failed!") {
      armed = true;
    }
    return warn.apply(this, args);
  };
  return { failed, restore: () => (console.warn = warn) };
}

// Start from the snapshot if there is one and it restores; else the normal way. A runtime that
// does not load at all (wasm failed) is a failed boot either way: no second try. `snapshot` is a
// promise: Pyodide loads its JS and settings meanwhile and awaits the bytes only when it needs
// them (a snapshot that did not arrive rejects it, and Python starts the normal way).
// Pyodide runs the wasm module's set-up (its file system, 30 MiB of memory), the restore of the
// snapshot and Python's own bootstrap in one go: one main-thread task of 200+ ms on a warm visit
// here. Its factory option lets a task boundary in after the module's set-up, so a waiting tap or
// frame gets through between the two halves.
function yieldingFactory(indexURL) {
  return async (settings) => {
    const create = (await import(`${indexURL}pyodide.asm.mjs`)).default;
    const module = await create(settings);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return module;
  };
}

async function loadPython(snapshot) {
  const watch = wasmFailure();
  const indexURL = here(boot.pyodide);
  const createPyodideModule = yieldingFactory(indexURL);
  const load = (options) =>
    Promise.race([loadRealPyodide({ indexURL, createPyodideModule, ...options }), watch.failed]);
  try {
    if (snapshot) {
      try {
        const pyodide = await load({ _loadSnapshot: snapshot });
        // Pyodide keeps its config for the page's lifetime: let the 30 MiB of bytes go.
        if (pyodide._api && pyodide._api.config) delete pyodide._api.config._loadSnapshot;
        pyodide.runPython(AFTER_RESTORE);
        picante.boot = { snapshot: true };
        return pyodide;
      } catch (err) {
        if (err && err.wasmFailed) throw err;
        const arrived = await snapshot.then(
          () => true,
          () => false,
        );
        const why = `${arrived ? "refused" : "not loaded"}: ${err && err.message}`;
        picante.boot = { snapshot: false, why };
        console.warn("Python starts without its snapshot:", why);
      }
    }
    return await load({});
  } finally {
    watch.restore();
  }
}

async function startPython() {
  const files = Object.entries(boot.files).map(([src, dest]) => {
    const bytes = fetchBytes(src);
    // an archive to unpack into the working directory: unpacked now if the browser can
    const unpacked = dest === "./*" ? bytes.then(unzip).catch(() => null) : null;
    return [src, dest, bytes, unpacked];
  });
  files.forEach(([, , p]) => p.catch(() => {})); // reported below, once
  picante.boot = { snapshot: false, why: "none in this build" };
  const snapshot = boot.snapshot ? fetchGzipped(boot.snapshot) : null;
  if (snapshot) {
    snapshot.then(() => (picante.timing.snapshotInflated = performance.now()), () => {});
  }
  const bytecode = boot.bytecode
    ? fetchGzipped(boot.bytecode).catch((err) => console.warn("no Python bytecode", err))
    : null;
  await shellHeadStart();
  picante.bootStep("download");
  picante.timing.loadPyodide = performance.now();
  const pyodide = await loadPython(snapshot);
  picante.pyodide = pyodide; // for tests and debugging: picante.pyodide.runPython("...")
  picante.bootStep("python");
  // Let a waiting tap through between the restore and the file writes (two tasks, not one).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { FS } = pyodide;
  for (const [src, dest, bytes, unpacked] of files) {
    const data = await bytes;
    if (dest !== "./*") {
      writeFile(FS, dest.replace(/^\.\//, ""), data);
    } else if (await unpacked) {
      for (const [path, content] of await unpacked) writeFile(FS, path, content);
    } else {
      pyodide.unpackArchive(data, src.endsWith(".whl") ? "wheel" : "zip", { extractDir: "." });
    }
  }
  const pycs = await bytecode;
  if (pycs) {
    try {
      writeBytecode(FS, pycs);
    } catch (err) {
      console.warn("Python bytecode not used", err);
    }
  }
  // The snapshot's import system saw a smaller file system: look again (what
  // importlib.invalidate_caches() does for path finders, without importing importlib.metadata).
  pyodide.runPython(INVALIDATE_FINDERS);
  picante.bootStep("files");
  return pyodide;
}

const early = startPython();
early.catch((err) => picante.bootFailed(err && err.message ? err.message : String(err)));

// What PyScript calls (with stdout/stderr handlers and an indexURL we do not need).
export async function loadPyodide(options = {}) {
  const pyodide = await early;
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
