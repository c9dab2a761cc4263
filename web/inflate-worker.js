/* Inflates a gzipped file for web/start.mjs off the main thread (DecompressionStream runs on the
 * thread that reads it): bytes in, bytes (or an error message) out. A file, not a blob: URL made
 * from a string, so that the page's Content-Security-Policy can keep workers to its own origin. */
onmessage = async ({ data }) => {
  try {
    const raw = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
    const bytes = await new Response(raw).arrayBuffer();
    postMessage(bytes, [bytes]);
  } catch (err) {
    postMessage(String((err && err.message) || err));
  }
};
