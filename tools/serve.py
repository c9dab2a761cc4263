"""Serve a built dist/ on 127.0.0.1 with the right MIME types (stdlib only).

    python -m tools.serve [--dir dist] [--port 8000]

Used by scripts/serve.sh (which builds first), by the e2e fixtures (a server per session on a free
port, whose root can be switched to simulate a deploy) and by scripts/bench_startup.py.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import mimetypes
import os
import sys
import threading
from pathlib import Path

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".py": "text/x-python",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
}


# What a static host typically compresses on the fly when the browser accepts gzip (GitHub
# Pages, Netlify, nginx's gzip_types...); the rest (our .gz files, .zip, .whl, images) goes as is.
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".py", ".wasm")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from server.root (which may change between requests), no directory listings,
    `Cache-Control: no-cache` so that a deploy is seen at once (the service worker does the
    offline caching, not the HTTP cache). With `server.gzip`, text and wasm are sent gzipped
    (Content-Encoding) to a browser that accepts it, as a static host does."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    server_version = "picante-serve"
    sys_version = ""

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        log = getattr(self.server, "requests", None)
        if log is not None:
            log.append(path)
        self._body_bytes = 0
        super().do_GET()
        sent = getattr(self.server, "sent", None)
        if sent is not None:
            sent.append((path, self._body_bytes))

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")  # the folder's page, compressed like any
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (getattr(self.server, "gzip", False) and accepts and path.endswith(COMPRESSIBLE)):
            return super().send_head()
        try:
            stat = os.stat(path)
        except OSError:
            return super().send_head()  # the 404 as usual
        modified = email.utils.formatdate(int(stat.st_mtime), usegmt=True)
        if self.headers.get("If-Modified-Since") == modified:
            self.send_response(304)
            self.end_headers()
            return None
        body = self.server.gzipped(path, stat)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source, outputfile) -> None:
        # as the base class does, counting the body's bytes (a 304 sends none)
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            self._body_bytes += len(chunk)

    def translate_path(self, path: str) -> str:
        extra = getattr(self.server, "extra", {})
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if clean in extra:
            return extra[clean]
        # SimpleHTTPRequestHandler resolves against self.directory
        self.directory = str(self.server.root)
        return super().translate_path(path)

    def list_directory(self, path):  # noqa: ARG002 - no listings
        self.send_error(404, "Not found")
        return None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def guess_type(self, path) -> str:
        ext = os.path.splitext(str(path))[1].lower()
        guessed = mimetypes.guess_type(str(path))[0]
        return MIME_TYPES.get(ext) or guessed or "application/octet-stream"

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)

    def handle(self) -> None:
        try:
            super().handle()
        except (ConnectionResetError, BrokenPipeError):
            pass


class StaticServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self, root: Path, port: int = 0, host: str = "127.0.0.1", verbose=False, gzip=False
    ):
        self.root = Path(root)
        self.verbose = verbose
        self.gzip = gzip  # send text and wasm gzipped, as a static host does
        self._gz: dict[tuple, bytes] = {}
        self.extra: dict[str, str] = {}  # URL path -> file path, served in addition to root
        self.requests: list[str] = []  # paths of the GET requests served (tests read it)
        self.sent: list[tuple[str, int]] = []  # (path, body bytes) of each GET (the benchmark)
        self._thread: threading.Thread | None = None
        super().__init__((host, port), functools.partial(Handler, directory=str(root)))

    def gzipped(self, path: str, stat: os.stat_result) -> bytes:
        key = (path, stat.st_mtime_ns, stat.st_size)
        if key not in self._gz:
            data = Path(path).read_bytes()
            self._gz[key] = gzip.compress(data, compresslevel=6, mtime=0)
        return self._gz[key]

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"

    def start(self) -> StaticServer:
        self._thread = threading.Thread(
            target=self.serve_forever, name="picante-serve", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()
        if self._thread:
            self._thread.join(timeout=5)


def serve_in_thread(root: Path, port: int = 0, gzip: bool = False) -> StaticServer:
    """Start serving `root` on 127.0.0.1:`port` (0 = a free port) in a daemon thread; `gzip`:
    compress text and wasm on the fly, as a static host does."""
    return StaticServer(root, port, gzip=gzip).start()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--dir", type=Path, default=Path(__file__).resolve().parents[1] / "dist")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--gzip", action="store_true", help="gzip text and wasm, as a static host")
    args = ap.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"{args.dir} has no index.html: run python -m tools.build", file=sys.stderr)
        return 1
    server = StaticServer(args.dir, args.port, verbose=not args.quiet, gzip=args.gzip)
    print(f"Picante on {server.url}  (serving {args.dir}; Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
