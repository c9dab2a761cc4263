#!/usr/bin/env bash
# Run every test: ruff, the engine's unit and property tests (tests/), then the browser tests
# (e2e/, Playwright + Debian's chromium against a built dist/). Exits non-zero if anything fails.
# With arguments, runs just `pytest ARGS` (e.g. scripts/test.sh e2e -k offline).
# Installs what is missing first (see _setup.sh).
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
started=$SECONDS
ensure_python dev
ensure_node
ensure_chromium
build_dist

if [ $# -gt 0 ]; then
  exec "$PY" -m pytest "$@"
fi

results="$ROOT/build/test-results"
rm -rf "$results"
mkdir -p "$results"
failed=0

log "ruff check"
"$VENV/bin/ruff" check . || failed=1

# pytest exit codes: 0 all passed, 1 some failed, 5 no test collected, other = error.
run_pytest() {
  local name="$1"
  shift
  log "pytest $* ($name)"
  local code=0
  "$PY" -m pytest "$@" --junitxml="$results/$name.xml" || code=$?
  if [ "$code" != 0 ]; then  # 5 = nothing collected: a failure for both suites
    failed=1
  fi
}
# Two processes (pytest-xdist), one per core of a CI machine: the suite stays well under 20
# minutes. The browser tests go by file (a file's tests share its fixtures and its worker), and
# the test-only games' build (build/dist-test) is made here first, not by two workers at once.
"$PY" -m tools.build --if-needed --quiet --test-games --out "$ROOT/build/dist-test"
run_pytest unit tests -n 2
run_pytest e2e e2e -n 2 --dist loadfile

summary="$("$PY" - "$results" <<'PYEOF'
import sys, pathlib, xml.etree.ElementTree as ET
n = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
for f in pathlib.Path(sys.argv[1]).glob("*.xml"):
    root = ET.parse(f).getroot()
    for suite in ([root] if root.tag == "testsuite" else root.iter("testsuite")):
        for k in n:
            n[k] += int(suite.get(k, 0))
bad = n["failures"] + n["errors"]
print(f"{n['tests'] - bad - n['skipped']} passed, {bad} failed, {n['skipped']} skipped")
PYEOF
)"
log "done in $((SECONDS - started)) s"
[ "$failed" = 0 ] || log "FAILED (ruff or pytest above)"
echo "total: $summary"
exit "$failed"
