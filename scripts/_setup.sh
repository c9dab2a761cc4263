# Sourced by scripts/serve.sh and scripts/test.sh: installs what is missing on a Debian machine
# (or this one), and nothing else. Quick when everything is already there.
#   .venv/          Python packages from pyproject.toml (python3-venv from apt if needed)
#   node_modules/   pyodide + @pyscript/core, exactly as package-lock.json says (npm ci)
#   chromium        Debian's, for the browser tests (scripts/test.sh only)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${PICANTE_VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"
export PICANTE_CHROMIUM="${PICANTE_CHROMIUM:-/usr/bin/chromium}"

log() { printf '==> %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else log "need root for: $*"; return 1
  fi
}

_apt_updated=""
apt_install() {
  log "apt-get install $*"
  if [ -z "$_apt_updated" ]; then as_root apt-get update -qq; _apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

sha() { sha256sum "$@" | cut -c1-16 | tr -d '\n'; }

# ensure_python EXTRA: a venv with pyproject.toml's [EXTRA] installed ("build" or "dev").
ensure_python() {
  local extra="$1"
  command -v python3 >/dev/null 2>&1 || apt_install python3
  python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || { log "Python >= 3.11 is needed (found $(python3 --version))"; return 1; }
  if [ ! -x "$PY" ]; then
    log "creating $VENV"
    python3 -m venv "$VENV" 2>/dev/null || {
      rm -rf "$VENV"
      apt_install python3-venv
      python3 -m venv "$VENV"
    }
  fi
  local key stamp="$VENV/.picante-installed"
  key="$(sha pyproject.toml)"
  # dev includes build: a venv set up for the tests serves too
  if grep -qxF "$extra $key" "$stamp" 2>/dev/null || grep -qxF "dev $key" "$stamp" 2>/dev/null; then
    return 0
  fi
  log "installing Python packages: .[$extra]"
  "$PY" -m pip install -q --disable-pip-version-check -e ".[$extra]"
  echo "$extra $key" >>"$stamp"
}

ensure_node() {
  command -v npm >/dev/null 2>&1 || apt_install nodejs npm
  local key
  key="$(sha package-lock.json)"
  if [ "$(cat node_modules/.picante-lock 2>/dev/null)" != "$key" ]; then
    log "npm ci (pyodide, @pyscript/core)"
    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
    printf '%s' "$key" >node_modules/.picante-lock
  fi
}

ensure_chromium() {
  [ -x "$PICANTE_CHROMIUM" ] || apt_install chromium fonts-dejavu-core
}

build_dist() {
  "$PY" -m tools.build --if-needed
}
