#!/usr/bin/env bash
# Build dist/ if anything changed, then serve it on http://127.0.0.1:${PORT:-8000}/ (Ctrl+C stops).
# Installs what is missing first (see _setup.sh).
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
ensure_python build
ensure_node
build_dist
exec "$PY" -m tools.serve --port "${PORT:-8000}" "$@"
