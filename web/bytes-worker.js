/* Bytes for web/start.mjs, off the main thread: a file, not a blob: URL made from a string, so
 * that the page's Content-Security-Policy can keep workers to its own origin. Two jobs:
 * - {inflate: bytes}: a gzipped file inflated (DecompressionStream runs on the thread that reads
 *   it: 30 MiB is a few hundred ms of CPU that must not hold the main thread);
 * - {cache, key, gunzip}: an entry of Cache Storage read (the kept snapshot), inflated if
 *   `gunzip`: while the page's main thread sets Python's runtime up.
 * Answers the bytes (transferred), null (no such entry) or an error message. */
onmessage = async ({ data }) => {
  try {
    let bytes = null;
    if (data.inflate) {
      const raw = new Blob([data.inflate]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = await new Response(raw).arrayBuffer();
    } else {
      const res = await (await caches.open(data.cache)).match(data.key);
      if (res) {
        const body = data.gunzip ? res.body.pipeThrough(new DecompressionStream("gzip")) : res.body;
        bytes = await new Response(body).arrayBuffer();
      }
    }
    postMessage(bytes, bytes ? [bytes] : []);
  } catch (err) {
    postMessage(String((err && err.message) || err));
  }
};
