// Boots Python as early as possible, then lets PyScript run main.py on it.
//
// A returning visit starts Python from a memory snapshot (dist/python-snapshot.gz, made by the
// build: Pyodide started and the platform core imported, see tools/snapshot.py), kept inflated
// (but for its pages of zeros and those the runtime holds already) in Cache Storage
// (SNAPSHOT_CACHE) by an earlier visit: restoring it is a copy of 10.6 MB instead of CPython's
// start-up. A first visit starts Python the normal way (the page's standard library is bytecode:
// tools/stdlib.py), since on a phone network the 3.8 MB snapshot would take longer to download
// than that start-up takes (unless the runtime itself arrived at once: `fastNetwork`, and then
// Python is set up while it downloads);
// once the page is ready it fetches the snapshot, inflates it in a worker and stores it for the
// next visit (`picante.snapshotStored`). A snapshot that is refused (another runtime) is dropped
// and Python starts the normal way; `picante.boot` says which way Python started and why
// ({snapshot: true, fetched: true}: a first visit on a fast network).
//
// PyScript's config names this module as its "interpreter" (it must look like pyodide.mjs: export
// `loadPyodide` and `version`). Left to itself, PyScript would only start Pyodide after its own
// ~140 KB of JS and plugins have loaded, and fetch the `files` only after Pyodide is up. Here,
// instead:
//   - our files (the build's files bundle named in <script id="picante-boot">: the engine wheel's
//     files, every web/**/*.py and the start-up bytecode) are fetched once the runtime has
//     arrived, and inflated while Python is not up yet;
//   - Pyodide starts from our own files (./pyodide/, never a CDN; preloaded by the page) as soon
//     as the shell has painted and had its head start (see HEAD_START_MS);
// and when PyScript asks for an interpreter it gets that one, with the wheel unpacked and the .py
// files written at their relative paths (so `import engine` and `import ui.x` work).
// Everything stays on the main thread: the UI talks to the DOM directly.
import { loadPyodide as loadRealPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

const picante = window.picante;
const pageFetch = window.fetch; // as the page had it: before countDownload or withCompiledRuntime
const boot = JSON.parse(document.getElementById("picante-boot").textContent);
const here = (path) => new URL(path, import.meta.url).href;
const wasmURL = () => here(`${boot.pyodide}pyodide.asm.wasm`); // the runtime's wasm

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

// Our gzipped files (the snapshot, the games' bytecode): static hosts do not add Content-Encoding
// for us, so they are inflated here, in a worker that fetches them too (./inflate-worker.js):
// inflating 10.6 MB is ~100-300 ms of CPU that must not hold the main thread, and the download
// and inflating go on while the main thread is busy starting Python (a first visit over a fast
// network starts Python while its snapshot downloads: `loadPython`). What the worker downloaded is
// listed in picante.workerDownloads, as Resource Timing entries of the page would be (the
// benchmark counts them with the page's).
picante.workerDownloads = [];

// A worker started ahead of its download. Chromium finishes starting a worker with a task on the
// page's main thread; a first visit would otherwise start its snapshot's worker just before
// Python's set-up holds that thread for a few hundred ms, and the download would wait for it
// (measured: its request ~0.5 s after the page asked, in some cold visits). So a visit that may
// download its snapshot starts one as this module starts; it idles until it is given a URL (and
// is the one that fetches the games' bytecode after ready, if the snapshot never needs it).
let spareWorker = null;

function startSpareWorker() {
  if (spareWorker || typeof DecompressionStream !== "function") return;
  try {
    spareWorker = new Worker(here("./inflate-worker.js"));
  } catch (err) {
    /* the download starts its own */
  }
}

async function fetchGzipped(path) {
  if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
  const worker = spareWorker || new Worker(here("./inflate-worker.js"));
  spareWorker = null;
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      worker.terminate();
      if (typeof data === "string") return reject(new Error(data));
      if (data.download) picante.workerDownloads.push(data.download);
      resolve(new Uint8Array(data.bytes));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || "worker failed"));
    };
    worker.postMessage({ url: here(path), timeOrigin: performance.timeOrigin });
  });
}

// The build's files bundle (tools/snapshot_bytecode.py: b"PCBC", header length, JSON
// {path: [offset, length]}, bytes; gzipped): everything Python's file system needs before the
// page is ready (the engine wheel's files, web/**/*.py, the start-up bytecode). Inflated here on
// the main thread (~1.5 MB: a few ms), while Python is still starting; without
// DecompressionStream this rejects and Python unpacks it (UNPACK_BUNDLE). Resolves to
// [[path, bytes], ...].
async function unpackBundle(data) {
  let raw = data;
  if (data[0] === 0x1f && data[1] === 0x8b) {
    if (typeof DecompressionStream !== "function") throw new Error("no DecompressionStream");
    const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
    raw = new Uint8Array(await new Response(stream).arrayBuffer());
  } // (else a host that added Content-Encoding has had the browser decode it already)
  return readBundle(raw);
}

function readBundle(bundle) {
  const magic = String.fromCharCode(...bundle.subarray(0, 4));
  if (magic !== "PCBC") throw new Error("not a bundle of Python files");
  const size = new DataView(bundle.buffer, bundle.byteOffset + 4, 4).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bundle.subarray(8, 8 + size)));
  const body = bundle.subarray(8 + size);
  return Object.entries(header).map(([path, [start, length]]) => {
    if (start + length > body.length) throw new Error("a bundle of Python files, cut short");
    return [path, body.subarray(start, start + length)];
  });
}

// The same in Python (a browser without DecompressionStream): the bundle's bytes at `_path`.
// (Run in globals of its own, thrown away after.)
const UNPACK_BUNDLE = `
import json, os, zlib
with open(_path, "rb") as _f:
    _raw = _f.read()
os.remove(_path)
if _raw[:2] == b"\\x1f\\x8b":
    _raw = zlib.decompress(_raw, 31)
_size = int.from_bytes(_raw[4:8], "little")
for _rel, (_start, _length) in json.loads(_raw[8 : 8 + _size]).items():
    os.makedirs(os.path.dirname(_rel) or ".", exist_ok=True)
    with open(_rel, "wb") as _f:
        _f.write(_raw[8 + _size + _start : 8 + _size + _start + _length])
`;

function writeFile(FS, path, data, keep = written) {
  const dir = path.slice(0, path.lastIndexOf("/"));
  if (dir) FS.mkdirTree(dir);
  FS.writeFile(path, data);
  if (keep) keep.push([path, data]);
}

// ---- a first visit's download, as it happens -----------------------------------------------

// Counts the bytes of Python's runtime (boot.download: path -> [bytes, bytes as a compressing
// host sends them], written by the build) as they arrive and tells the shell (picante.downloaded).
// Whether this host compresses is read from the page's own response. A finished file counts in
// full (Resource Timing); the big ones (the runtime, the standard library), which Pyodide
// fetches, are counted while they stream: `fetch` is wrapped until Python is up. Returns the
// function that stops it. A visit served by the service worker downloads nothing: no count.
function countDownload() {
  const sw = navigator.serviceWorker;
  if (!boot.download || (sw && sw.controller) || !("PerformanceObserver" in window)) {
    return () => {};
  }
  const page = performance.getEntriesByType("navigation")[0];
  const compressed = page && page.encodedBodySize > 0 && page.encodedBodySize < page.decodedBodySize;
  const files = new Map();
  let total = 0;
  for (const [path, [raw, zipped]] of Object.entries(boot.download)) {
    const expect = compressed ? zipped : raw;
    files.set(here(path), { raw, expect, got: 0 });
    total += expect;
  }
  let shown = -1;
  const report = () => {
    let got = 0;
    for (const f of files.values()) got += Math.min(f.got, f.expect);
    if (got !== shown) picante.downloaded((shown = got), total);
    if (total - got <= NEARLY_IN_BYTES) runtimeNearlyIn();
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const f = files.get(entry.name.split(/[?#]/)[0]);
      if (f && entry.responseEnd > 0) f.got = f.expect;
    }
    report();
  });
  observer.observe({ type: "resource", buffered: true });
  const realFetch = window.fetch;
  window.fetch = function (input, init) {
    const pending = realFetch.call(this, input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const f = files.get(url.href);
    if (!f || f.raw < BIG_FILE) return pending;
    return pending.then((res) => {
      if (!res.ok || !res.body || typeof TransformStream !== "function") return res;
      let seen = 0;
      const counted = res.body.pipeThrough(
        new TransformStream({
          transform(chunk, out) {
            seen += chunk.byteLength;
            f.got = Math.max(f.got, (seen / f.raw) * f.expect);
            report();
            out.enqueue(chunk);
          },
        }),
      );
      return new Response(counted, { status: res.status, headers: res.headers });
    });
  };
  report();
  return () => {
    window.fetch = realFetch;
    observer.disconnect();
  };
}
const BIG_FILE = 500_000; // counted while it streams
// Our files are asked for once this little of the runtime is left to come: the runtime's last
// bytes are followed by a main-thread task of ~0.7 s on a slow phone (the wasm's compilation
// finished, the module set up), in which the network would otherwise idle, and a request's first
// bytes take a round trip anyway. (Sharing the line, the runtime's last bytes come a little later.)
const NEARLY_IN_BYTES = 64_000;
let runtimeNearlyIn;
const nearlyIn = new Promise((resolve) => (runtimeNearlyIn = resolve));

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

function shellPainted() {
  return performance.getEntriesByType("paint").length
    ? Promise.resolve()
    : new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function shellHeadStart(painted) {
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
      err.runtimeFailed = true;
      fail(err);
    } else if (args[0] === "wasm instantiation failed!") {
      armed = true;
    }
    return warn.apply(this, args);
  };
  return { failed, restore: () => (console.warn = warn) };
}

// ---- the stored snapshot ---------------------------------------------------------------------

// Cache Storage, one entry: this build's snapshot, inflated but without its pages of zeros (as the
// build ships it, below), under a URL naming its hash. Not a service-worker cache (their names
// start with "picante-"): it outlives a deploy that does not change the snapshot, and a deploy
// that does replaces it.
const SNAPSHOT_CACHE = "python-snapshot";
const snapshotKey = () => here(`python-snapshot.packed?${boot.snapshotHash}`);

// The snapshot is the runtime's whole memory, 30 MiB, and more than half of it is pages of zeros
// (17.5 of 31.5 MB here: the heap's free end, and free space inside it), in a dozen runs; and a
// quarter of the rest (3.4 MB: code's constant data, mostly) is what the runtime's memory holds
// already when the restore begins. A warm visit waits for the stored snapshot to be read before
// Pyodide can set its runtime up, and the read goes at the speed of the bytes
// (docs/benchmarks.md); a first visit waits for it to be inflated, at the speed of the bytes
// written. So the build ships only the runs that are neither (tools/snapshot.py `pack`), the page
// keeps them as they come, and they are copied straight into the runtime's new memory
// (`restoreFromRuns`), where the rest is in place: zeros, and the *kept* pages, which the page
// checks against their checksum first (a runtime whose memory differs refuses the snapshot).
// Format: "PCSB", the snapshot's length, the number of runs, the number of kept runs, the kept
// pages' checksum, each run's then each kept run's offset and length (u32, little-endian), then
// the runs' bytes.
const PACKED_MAGIC = 0x42534350; // "PCSB"
const PACKED_HEAD = 20;

// { size, runs, kept, checksum } of a packed snapshot: the snapshot's length, [[offset, length],
// ...] of its runs and of its kept runs, and their checksum; throws for anything but a whole
// packed snapshot.
function runsOf(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (packed.length < PACKED_HEAD || view.getUint32(0, true) !== PACKED_MAGIC) {
    throw new Error("not a packed snapshot");
  }
  const count = view.getUint32(8, true);
  const keptCount = view.getUint32(12, true);
  const spans = [];
  for (let i = 0; i < count + keptCount; i++) {
    const at = PACKED_HEAD + 8 * i;
    spans.push([view.getUint32(at, true), view.getUint32(at + 4, true)]);
  }
  const runs = spans.slice(0, count);
  const bytes = runs.reduce((sum, [, length]) => sum + length, PACKED_HEAD + 8 * spans.length);
  if (bytes !== packed.length) throw new Error("a packed snapshot of the wrong size");
  const kept = spans.slice(count);
  return { size: view.getUint32(4, true), runs, kept, checksum: view.getUint32(16, true) };
}

// A packed snapshot, whole and checked: { packed, runs, kept, checksum, size } (throws for
// anything else).
function packedSnapshot(packed) {
  return { packed, ...runsOf(packed) };
}

// Writes the bytes at [from, from + out.length) of the unpacked snapshot into `out` (zeros
// already): the parts of the runs that fall there (not the kept pages: `restoreFromRuns`).
function fillRuns({ packed, runs, kept }, out, from = 0) {
  const end = from + out.length;
  let data = PACKED_HEAD + 8 * (runs.length + kept.length);
  for (const [at, length] of runs) {
    const start = Math.max(at, from);
    const stop = Math.min(at + length, end);
    if (start < stop) out.set(packed.subarray(data + start - at, data + stop - at), start - from);
    data += length;
  }
  return out;
}

// FNV-1a over the 32-bit words of the kept pages as `memory` holds them (the snapshot's offset
// `from` at its start), as tools/snapshot.py `checksum` computes it over the snapshot's: ~3 ms.
function keptChecksum({ kept }, memory, from) {
  let h = 0x811c9dc5;
  for (const [at, length] of kept) {
    const words = new Uint32Array(memory.buffer, memory.byteOffset + at - from, length / 4);
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 0x01000193) >>> 0;
  }
  return h;
}

// A snapshot this browser refused once is not fetched again (localStorage: its hash).
const REFUSED_KEY = "picante.snapshotRefused";

function canStoreSnapshot() {
  if (!boot.snapshot || !boot.snapshotHash) return "none in this build";
  if (!("caches" in window)) return "no Cache Storage";
  if (typeof DecompressionStream !== "function") return "no DecompressionStream";
  try {
    if (localStorage.getItem(REFUSED_KEY) === boot.snapshotHash) return "refused before";
  } catch (err) {
    /* no localStorage: try */
  }
  return null;
}

// This build's snapshot as stored by an earlier visit, or null.
async function storedSnapshot() {
  return canStoreSnapshot() ? null : readKept(SNAPSHOT_CACHE, snapshotKey(), packedSnapshot);
}

// What an earlier visit kept under `url` in the cache `name`, unpacked, or null (none, or it
// does not unpack: as if none).
async function readKept(name, url, unpack) {
  try {
    const res = await (await caches.open(name)).match(url);
    return res ? unpack(new Uint8Array(await res.arrayBuffer())) : null;
  } catch (err) {
    return null;
  }
}

// Keeps `bytes` under `url` as the one entry of the cache `name` (another build's goes).
async function keep(name, url, bytes) {
  const cache = await caches.open(name);
  const headers = { "Content-Type": "application/octet-stream" };
  await cache.put(url, new Response(bytes, { headers }));
  for (const key of await cache.keys()) {
    if (key.url !== url) await cache.delete(key);
  }
}

async function forgetSnapshot(refused) {
  try {
    if (refused) localStorage.setItem(REFUSED_KEY, boot.snapshotHash);
  } catch (err) {
    /* it is fetched again next time */
  }
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch (err) {
    /* nothing stored */
  }
}

// A first visit takes the snapshot too when the network is so fast that the runtime itself (the
// wasm and the standard library, 4.5 MB as a compressing host sends them) arrived before Python
// could start: the 3.8 MB snapshot then costs less than the start-up it saves. On a phone network
// it would cost far more (the bench's --slow run). What a service worker serves says nothing of
// the network: a visit it serves waits for no download.
// A device too busy to take the wasm in by then (a loaded machine over loopback, in 1 cold visit of
// 7 here) is on a fast network too if the rest of the runtime came at FAST_BYTES_PER_MS or more:
// its bytes over their own transfer, first byte to last, the line's speed rather than the
// device's. On a phone network they come at a small fraction of it, sharing the line with the wasm.
const FAST_BYTES_PER_MS = 4000; // 4 MB/s, 32 Mbit/s: the snapshot's 3.8 MB then take ~1 s

function fastNetwork() {
  const sw = navigator.serviceWorker;
  if (sw && sw.controller) return false;
  const stdlib = runtimeFileIn("python_stdlib.zip");
  const glue = runtimeFileIn("pyodide.asm.js");
  if (!stdlib) return false;
  if (runtimeFileIn("pyodide.asm.wasm")) return true;
  const speed = (e) => e.encodedBodySize / Math.max(1, e.responseEnd - e.responseStart);
  return !!glue && speed(stdlib) >= FAST_BYTES_PER_MS && speed(glue) >= FAST_BYTES_PER_MS;
}

let fetchedSnapshot = null; // fetched and inflated for this visit's start-up: stored afterwards

// A first visit over a fast network (none stored, `fastNetwork`): {size, arrival} for loadPython,
// the snapshot's download begun; else null. Python is set up while it downloads
// (yieldingFactory), so its download is what the visit waits for: it starts as soon as the
// runtime is in, during the shell's head start. A runtime still coming when the head start ends is
// a slow network (unless only its wasm is, the rest having come fast): null. One that does not
// arrive whole, or not of this build's size, is waited for in vain: Python then starts the
// normal way.
async function firstVisitSnapshot(stored, arrived, headStart) {
  if (canStoreSnapshot() || !(boot.snapshotSize > 0) || (await stored)) return null;
  await Promise.race([arrived, headStart]);
  if (!fastNetwork()) {
    await headStart;
    if (!fastNetwork()) return null;
  }
  picante.timing.snapshotFetch = performance.now();
  const arrival = fetchGzipped(boot.snapshot).then((bytes) => {
    const got = packedSnapshot(bytes);
    if (got.size !== boot.snapshotSize) throw new Error("a snapshot of another size");
    fetchedSnapshot = bytes;
    return got;
  });
  arrival.catch(() => {}); // (reported by loadPython)
  return { size: boot.snapshotSize, arrival };
}

// After a start-up without it: fetch this build's snapshot (a download the page is not waiting
// for), inflate it in a worker and store it for the next visit. Resolves true once it is stored.
async function storeSnapshot() {
  const why = canStoreSnapshot();
  if (why) return false;
  try {
    const packed = fetchedSnapshot || (await fetchGzipped(boot.snapshot));
    fetchedSnapshot = null;
    runsOf(packed); // (throws for anything but a whole packed snapshot: none is kept)
    await keep(SNAPSHOT_CACHE, snapshotKey(), packed);
    picante.timing.snapshotStored = performance.now();
    return true;
  } catch (err) {
    console.warn("Python's snapshot is not stored for the next visit:", err);
    return false;
  }
}

// ---- the kept files ------------------------------------------------------------------------

// After the restore, Python's file system gets our files: the engine wheel's modules, every
// web/**/*.py and the start-up bytecode. Fetched (then one by one: 62 files, the wheel, the
// bytecode), they came in as the restore's long task ended, and were inflated only then: ~0.15 s
// after Python is up on a warm visit here, all of it before PyScript can start
// (docs/benchmarks.md). So once a visit is ready
// it keeps what it wrote, inflated, as one entry beside the snapshot, named by this build's
// version (any deploy changes it), in a cache of its own; the next visit reads it beside the
// snapshot, fetches none of them and writes them at once (`packFiles`).
const FILES_CACHE = "python-files";
const filesKey = () => here(`python-files?${picante.version}`);
const written = []; // [path, bytes] as this visit wrote them into Python's file system
let canKeepFiles = true; // false once any were written where we could not see them

// In the build's bundle format (`readBundle`), uncompressed: the same reader takes both.
function packFiles(entries) {
  const files = new Map(entries); // a path written twice: Python's file is the last
  const header = {};
  let size = 0;
  for (const [path, data] of files) {
    header[path] = [size, data.length];
    size += data.length;
  }
  const head = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + head.length + size);
  out.set([0x50, 0x43, 0x42, 0x43]); // "PCBC"
  new DataView(out.buffer).setUint32(4, head.length, true);
  out.set(head, 8);
  const body = 8 + head.length;
  for (const [path, data] of files) out.set(data, body + header[path][0]);
  return out;
}

// This build's files as an earlier visit kept them, or null.
async function storedFiles() {
  if (!("caches" in window) || !picante.version) return null;
  return readKept(FILES_CACHE, filesKey(), readBundle);
}

async function storeFiles() {
  if (!("caches" in window) || !picante.version || !canKeepFiles || !written.length) return false;
  try {
    const bundle = packFiles(written);
    written.length = 0;
    await keep(FILES_CACHE, filesKey(), bundle);
    return true;
  } catch (err) {
    console.warn("our files are not kept for the next visit:", err);
    return false;
  }
}

// ---- Python ---------------------------------------------------------------------------------

// Start from the snapshot if there is one and it restores; else the normal way. A runtime that
// does not load at all (wasm failed) is a failed boot either way: no second try.
// Pyodide runs the wasm module's set-up (its file system, 30 MiB of memory), the restore of the
// snapshot and Python's own bootstrap in one go: one main-thread task of 200+ ms on a warm visit
// here. Its factory option lets a task boundary in after the module's set-up, so a waiting tap or
// frame gets through between the two halves.
// With a snapshot to restore (`restoring`: its blank and the promise of its runs, `loadPython`),
// the module is set up first and the snapshot's bytes are waited for only then: on a first visit
// over a fast network they are still downloading, in a worker, meanwhile.
function yieldingFactory(indexURL, restoring = null) {
  return async (settings) => {
    const create = await runtimeGlue();
    const module = await create(settings);
    if (restoring) {
      const snapshot = await restoring.arrival.catch((err) => {
        const missing = new Error(`not downloaded: ${err && err.message}`);
        missing.notArrived = true;
        throw missing;
      });
      picante.timing.snapshotArrived = performance.now();
      restoreFromRuns(settings.API, module, snapshot, restoring.blank);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    return module;
  };
}

// Pyodide restores a snapshot by copying the whole of it into the runtime's memory (31.5 MB, 17.5
// MB of them zeros), from an unpacked copy that the page would have to make first: ~35 ms of the
// main thread on a warm visit here (a CPU profile: its restore and our unpacking). So Pyodide is
// given a blank of the snapshot's size (`blank`: it sizes the memory by it; never
// written, so the system never really gives it pages), its restore is given only the header (it
// checks the magic number and the build, and reads the header's JSON), and the runs are copied
// straight into the new memory, which holds the rest already: zeros, and the kept pages, checked
// first (`keptChecksum`). If Pyodide's restore is not where this expects it, the blank is filled
// and Pyodide restores it as it always would (a snapshot with kept pages is refused then).
function restoreFromRuns(api, module, snapshot, blank) {
  const restore = api && api.restoreSnapshot;
  if (typeof restore !== "function" || !module || !module.HEAP8) {
    // (the kept pages are only in a runtime's memory: such a snapshot cannot be restored so)
    if (snapshot.kept.length) throw new Error("Pyodide's restore is not where this expects it");
    fillRuns(snapshot, blank);
    return;
  }
  api.restoreSnapshot = function (bytes) {
    api.restoreSnapshot = restore;
    if (bytes !== blank) return restore.call(this, bytes);
    // the header: its second u32 is where the memory's bytes begin
    const heapAt = new DataView(fillRuns(snapshot, new Uint8Array(8)).buffer).getUint32(4, true);
    if (keptChecksum(snapshot, new Uint8Array(module.HEAP8.buffer), heapAt) !== snapshot.checksum) {
      throw new Error("the runtime's memory is not the one the snapshot was made against");
    }
    const header = fillRuns(snapshot, new Uint8Array(Math.ceil(heapAt / 4) * 4));
    const info = restore.call(this, header);
    fillRuns(snapshot, new Uint8Array(module.HEAP8.buffer), heapAt);
    return info;
  };
}

// A warm visit's wasm, compiled while the shell has its head start. Compiling it is reading V8's
// code cache, ~50-75 ms of the main thread that Pyodide would spend after the head start, in the
// restore's task (a CPU trace of a warm visit); the head start's main thread is idle. Resolves to
// the WebAssembly.Module, or null, or rejects (for both, Pyodide compiles it itself).
// picante.timing.wasmCompiled: when it was compiled. Its request goes by the page's own fetch:
// when the stored snapshot is read late, this starts after withCompiledRuntime has put its
// stand-in for Pyodide's request in place (2 warm visits of 15 here, before this).
function compileRuntime() {
  if (typeof WebAssembly.compileStreaming !== "function") return null;
  const wasm = pageFetch.call(window, wasmURL());
  return WebAssembly.compileStreaming(wasm).then((module) => {
    picante.timing.wasmCompiled = performance.now();
    return module;
  });
}

// Runs `load` (a loadPyodide) with the module compiled during the head start (`compiled`: a
// promise of it, or of null). Pyodide fetches its wasm as it sets up and later instantiates it
// with WebAssembly.instantiateStreaming(that fetch, imports), its one call of either: while
// `load` runs, that fetch is not made (it would read the 9.6 MB from the cache once more, on the
// main thread's time) and the instantiation takes the module compiled already; without one, the
// wasm is fetched and compiled then, as Pyodide would have.
async function withCompiledRuntime(compiled, load) {
  const wasm = wasmURL();
  const realFetch = window.fetch;
  const realInstantiate = WebAssembly.instantiateStreaming;
  if (!compiled || typeof realInstantiate !== "function") return load();
  window.fetch = function (input, init) {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== wasm) return realFetch.call(this, input, init);
    window.fetch = realFetch;
    return Promise.resolve(new Response(null)); // (never read: below)
  };
  WebAssembly.instantiateStreaming = async (response, imports) => {
    WebAssembly.instantiateStreaming = realInstantiate;
    const module = await compiled.catch(() => null);
    if (!module) return realInstantiate.call(WebAssembly, realFetch(wasm), imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await load();
  } finally {
    window.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiate;
  }
}

// Pyodide's JavaScript glue (1.25 MB), which sets its runtime up: its module as a classic script,
// pyodide.asm.js (tools/glue.py), so that a returning visit reads it compiled, on a background
// thread, from the full code cache Chromium makes when the service worker stores a script,
// instead of compiling it function by function on the main thread as start-up calls them (a
// module's code cache was never read back: docs/benchmarks.md). Added to the page as this module
// starts (the page preloads it); resolves to its factory. A download that broke (a dropped
// connection, a service worker restarting under load) is asked for once more under another URL;
// a glue that does not load at all is a failed boot, never a refused snapshot.
let glueLoaded = null;

function runtimeGlue() {
  const url = here(`${boot.pyodide}pyodide.asm.js`);
  glueLoaded ||= classicScript(url)
    .catch((first) => {
      console.warn("the Python runtime's script, once more:", first);
      return classicScript(`${url}?again`);
    })
    .catch((err) => {
      console.warn("the Python runtime's script did not load:", err);
      const failed = new Error("Could not load pyodide.asm.js");
      failed.runtimeFailed = true;
      throw failed;
    });
  return glueLoaded;
}

function classicScript(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.dataset.retried = ""; // (boot.js: a failed load is not yet a failed boot)
    script.onload = () => {
      const factory = window._createPyodideModule;
      if (typeof factory === "function") resolve(factory);
      else reject(new Error(`${url} set no _createPyodideModule`));
    };
    script.onerror = () => reject(new Error(`Could not load ${url}`));
    document.head.append(script);
  });
}

// `snapshot`: null, or {size, arrival}: the size of the memory it restores, and a promise of its
// runs (`packedSnapshot`), in hand on a warm visit, still downloading on a first one.
async function loadPython(snapshot, compiled) {
  const watch = wasmFailure();
  const indexURL = here(boot.pyodide);
  const load = (options, restoring = null) => {
    const createPyodideModule = yieldingFactory(indexURL, restoring);
    return Promise.race([
      loadRealPyodide({ indexURL, createPyodideModule, ...options }),
      watch.failed,
    ]);
  };
  try {
    if (snapshot) {
      try {
        const restoring = { blank: new Uint8Array(snapshot.size), arrival: snapshot.arrival };
        const restore = () => load({ _loadSnapshot: restoring.blank }, restoring);
        const pyodide = await withCompiledRuntime(compiled, restore);
        // Pyodide keeps its config for the page's lifetime: let the bytes go.
        if (pyodide._api && pyodide._api.config) delete pyodide._api.config._loadSnapshot;
        pyodide.runPython(AFTER_RESTORE);
        picante.boot = { snapshot: true };
        return pyodide;
      } catch (err) {
        if (err && err.runtimeFailed) throw err;
        // a download that failed is not a refusal: the next visit fetches it again
        const why = err && err.notArrived ? err.message : `refused: ${err && err.message}`;
        picante.boot = { snapshot: false, why };
        console.warn("Python starts without its snapshot:", why);
        if (!(err && err.notArrived)) await forgetSnapshot(true);
      }
    }
    return await load({});
  } finally {
    watch.restore();
  }
}

// Resolves once the runtime's files that Python's start-up waits for (the wasm and the standard
// library, preloaded by the page) have arrived, or at once on a visit served by the service worker.
// Our own files are fetched from then on (or from when the runtime is nearly in: NEARLY_IN_BYTES):
// on a slow network they would otherwise share the bandwidth with the runtime and delay Python's
// start-up, and they are needed only after it, which they now download during.
function runtimeArrived() {
  const sw = navigator.serviceWorker;
  if ((sw && sw.controller) || !("PerformanceObserver" in window)) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (runtimeFileIn("pyodide.asm.wasm") && runtimeFileIn("python_stdlib.zip")) {
        observer.disconnect();
        resolve();
      }
    };
    const observer = new PerformanceObserver(check);
    observer.observe({ type: "resource", buffered: true });
    check();
  });
}

// The Resource Timing entry of a runtime file (./pyodide/<name>) that has arrived, or undefined.
function runtimeFileIn(name) {
  return performance.getEntriesByName(here(boot.pyodide + name)).find((e) => e.responseEnd > 0);
}

async function startPython() {
  runtimeGlue().catch(() => {}); // (its failure is the boot's, reported where it is awaited)
  const sw = navigator.serviceWorker;
  // a visit no service worker serves may fetch the snapshot: its worker is started now
  if (!(sw && sw.controller) && boot.snapshotSize > 0 && !canStoreSnapshot()) startSpareWorker();
  const arrived = runtimeArrived();
  let pythonUp;
  const startedPython = new Promise((resolve) => (pythonUp = resolve));
  const kept = storedFiles();
  // Our files are fetched when it is their turn, unless an earlier visit kept them.
  const fetching = Promise.race([arrived, nearlyIn, startedPython]).then(async () => !(await kept));
  const files = Object.entries(boot.files).map(([src, dest]) => {
    const bytes = fetching.then((go) => (go ? fetchBytes(src) : null));
    // the files bundle, to unpack into the working directory: unpacked now if the browser can
    const unpacked =
      dest === "./*" ? bytes.then((b) => b && unpackBundle(b)).catch(() => null) : null;
    return [src, dest, bytes, unpacked];
  });
  files.forEach(([, , p]) => p.catch(() => {})); // reported below, once
  const stored = storedSnapshot();
  const painted = shellPainted();
  // A stored snapshot: its wasm is compiled once the shell is on screen (compileRuntime).
  const compiled = Promise.all([stored, painted]).then(([snap]) => snap && compileRuntime());
  const headStart = shellHeadStart(painted);
  const downloading = firstVisitSnapshot(stored, arrived, headStart);
  compiled.catch((err) => console.warn("the wasm's early compile failed (Pyodide does it):", err));
  await headStart;
  picante.bootStep("download");
  picante.timing.loadPyodide = performance.now();
  const storedOne = await stored;
  picante.timing.snapshotRead = performance.now();
  picante.boot = { snapshot: false, why: canStoreSnapshot() || "none stored yet" };
  const snapshot = storedOne
    ? { size: storedOne.size, arrival: Promise.resolve(storedOne) }
    : await downloading;
  const stopCounting = snapshot ? () => {} : countDownload();
  let pyodide;
  try {
    pyodide = await loadPython(snapshot, storedOne ? compiled : null);
  } finally {
    stopCounting();
    pythonUp(); // (if the runtime's arrival went unseen, our files are fetched now)
  }
  if (fetchedSnapshot && picante.boot.snapshot) picante.boot.fetched = true;
  else fetchedSnapshot = null; // refused, or none: nothing to keep
  picante.pyodide = pyodide; // for tests and debugging: picante.pyodide.runPython("...")
  picante.bootStep("python");
  // Let a waiting tap through between the restore and the file writes (two tasks, not one).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { FS } = pyodide;
  const keptFiles = await kept;
  picante.filesKept = !!keptFiles;
  if (keptFiles) {
    for (const [path, data] of keptFiles) writeFile(FS, path, data, null);
  }
  for (const [src, dest, bytes, unpacked] of keptFiles ? [] : files) {
    const data = await bytes;
    if (dest !== "./*") {
      writeFile(FS, dest.replace(/^\.\//, ""), data);
    } else if (await unpacked) {
      for (const [path, content] of await unpacked) writeFile(FS, path, content);
    } else {
      FS.writeFile("picante-files.bundle", data);
      pyodide.runPython(UNPACK_BUNDLE, { globals: pyodide.toPy({ _path: "picante-files.bundle" }) });
      canKeepFiles = false; // not seen here: nothing is kept
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

// Once the page is ready (never competing with its start-up): the bytecode of the games (until it
// is there, a game's modules compile from their sources), then the snapshot for the next visit.
const later = window.picanteReady.then(async () => {
  if (!boot.bytecodeLater) return;
  try {
    const { FS } = await early;
    for (const [path, data] of readBundle(await fetchGzipped(boot.bytecodeLater))) {
      writeFile(FS, path, data, null);
    }
    picante.timing.bytecodeLater = performance.now();
  } catch (err) {
    console.warn("the games' Python bytecode not used", err);
  }
});
// Then our files, as this visit wrote them, for the next visit (resolves true once kept).
picante.filesStored = later.then(() => early).then(() => picante.filesKept || storeFiles());
picante.snapshotStored = picante.filesStored.then(() =>
  picante.boot.snapshot && !picante.boot.fetched ? true : storeSnapshot(),
);

// What PyScript calls (with stdout/stderr handlers and an indexURL we do not need).
export async function loadPyodide(options = {}) {
  const pyodide = await early;
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
