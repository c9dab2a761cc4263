// Boots Python as early as possible, then lets PyScript run main.py on it.
//
// PyScript's config names this module as its "interpreter" (it must look like pyodide.mjs: export
// `loadPyodide` and `version`). Left to itself, PyScript would only start Pyodide after its own
// ~140 KB of JS and plugins have loaded, and fetch the `files` only after Pyodide is up. Here,
// instead:
//   - the engine wheel and every web/*.py listed in <script id="picante-boot"> (written by
//     tools/build.py) are fetched at once;
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
    const beforeMain = () => picante.bootStep("main");
    hooks.main.onBeforeRun.add(beforeMain);
    hooks.main.onBeforeRunAsync.add(beforeMain);
  },
  (err) => picante.bootFailed(`Could not load PyScript: ${err && err.message}`),
);

async function fetchBytes(path) {
  const res = await fetch(here(path));
  if (!res.ok) throw new Error(`Could not load ${path.replace(/^\.\//, "")} (HTTP ${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

// Python's start-up is one long task (1.5 s warm, 3-5 s cold on a 2-core machine) that holds the
// main thread; taps during it wait until it ends. So the shell gets a head start: Python starts
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
      fail(new Error(`The Python runtime (pyodide.asm.wasm) did not load: ${why}`));
    } else if (args[0] === "wasm instantiation failed!") {
      armed = true;
    }
    return warn.apply(this, args);
  };
  return { failed, restore: () => (console.warn = warn) };
}

async function startPython() {
  const files = Object.entries(boot.files).map(([src, dest]) => [src, dest, fetchBytes(src)]);
  files.forEach(([, , p]) => p.catch(() => {})); // reported below, once
  await shellHeadStart();
  picante.bootStep("download");
  const watch = wasmFailure();
  let pyodide;
  picante.timing.loadPyodide = performance.now();
  try {
    pyodide = await Promise.race([
      loadRealPyodide({ indexURL: here(boot.pyodide) }),
      watch.failed,
    ]);
  } finally {
    watch.restore();
  }
  picante.pyodide = pyodide; // for tests and debugging: picante.pyodide.runPython("...")
  picante.bootStep("python");
  const { FS } = pyodide;
  for (const [src, dest, bytes] of files) {
    const data = await bytes;
    if (dest === "./*") {
      pyodide.unpackArchive(data, src.endsWith(".whl") ? "wheel" : "zip", { extractDir: "." });
    } else {
      const path = dest.replace(/^\.\//, "");
      const dir = path.slice(0, path.lastIndexOf("/"));
      if (dir) FS.mkdirTree(dir);
      FS.writeFile(path, data);
    }
  }
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
