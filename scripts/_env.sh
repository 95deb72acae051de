# Shared by scripts/play and scripts/test: make .venv and install tichu-lan into it.
# Sourced, not run. Uses only the python3 found on PATH (3.11 or newer).
#
# Installing needs the package index; once it is done, a stamp in .venv (a hash of
# pyproject.toml, the extras and the version installed) lets every later start skip pip,
# so that a set-up machine starts at once with no network. The stamp is renewed when
# pyproject.toml or the installed version changes.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="${PYTHON:-python3}"
SCRIPT="scripts/$(basename "$0")"
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "tichu-lan needs Python 3.11 or newer; $PY is $("$PY" --version 2>&1)" >&2
    exit 2
fi
if [ ! -x "$VENV/bin/python" ]; then
    echo "creating $VENV" >&2
    "$PY" -m venv "$VENV"
fi
tichu_stamp() {
    # $1: the extras. One line naming what is installed; empty if tichu-lan is not.
    "$VENV/bin/python" - "$1" "$ROOT/pyproject.toml" 2>/dev/null <<'PY' || true
import hashlib, importlib.metadata, sys
extras, pyproject = sys.argv[1:]
digest = hashlib.sha256(open(pyproject, "rb").read()).hexdigest()
print(extras, importlib.metadata.version("tichu-lan"), digest)
PY
}
tichu_install() {
    # $1: the extras to install, e.g. "[test]" or ""
    local stamp="$VENV/.tichu-installed" log="$VENV/.tichu-install.log" line
    line="$(tichu_stamp "$1")"
    # a venv set up with the test extras has everything scripts/play needs, too
    if [ -n "$line" ] && [ -f "$stamp" ] && grep -qxF -e "$line" -e "[test]${line#"$1"}" "$stamp"
    then
        return 0
    fi
    if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --retries 1 \
            -e "$ROOT$1" >"$log" 2>&1; then
        if grep -qiE "no matching distribution|could not find a version|connection|network is unreachable|name resolution|timed out" "$log"; then
            echo "$SCRIPT: setting up .venv needs the package index, which cannot be reached from here: connect once and run it again (pip's words: $log)" >&2
        else
            echo "$SCRIPT: installing tichu-lan into .venv failed (pip's words: $log)" >&2
        fi
        exit 3
    fi
    tichu_stamp "$1" >"$stamp"
}
