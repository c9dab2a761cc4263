/* Fetches one of our gzipped files for web/start.mjs and inflates it off the main thread
 * (DecompressionStream runs on the thread that reads it), as its bytes arrive: a URL and the
 * page's time origin in; the inflated bytes and the download's Resource Timing out (or an error
 * message). The download is the worker's, so that it goes on while the page's main thread is busy
 * (starting Python). A host that added Content-Encoding has had the browser decode the file
 * already: the gzip magic tells. A file, not a blob: URL made from a string, so that the page's
 * Content-Security-Policy can keep workers to its own origin. */
onmessage = async ({ data: { url, timeOrigin } }) => {
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const reader = res.body.getReader();
    const first = await reader.read();
    const head = first.done ? new Uint8Array(0) : first.value;
    const body = new ReadableStream({
      start(out) {
        if (head.length) out.enqueue(head);
      },
      async pull(out) {
        const { done, value } = await reader.read();
        if (done) out.close();
        else out.enqueue(value);
      },
    });
    const gzipped = head[0] === 0x1f && head[1] === 0x8b;
    const bytes = await new Response(
      gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body,
    ).arrayBuffer();
    postMessage({ bytes, download: timingOf(url, timeOrigin) }, [bytes]);
  } catch (err) {
    postMessage(String((err && err.message) || err));
  }
};

// The download as the page's Resource Timing would have it (its times from the page's origin).
function timingOf(url, timeOrigin) {
  const entry = performance.getEntriesByName(url).pop();
  if (!entry) return null;
  const shift = performance.timeOrigin - timeOrigin;
  return {
    name: entry.name,
    transferSize: entry.transferSize,
    startTime: entry.startTime + shift,
    responseEnd: entry.responseEnd + shift,
  };
}
