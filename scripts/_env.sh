# Shared by scripts/play and scripts/test: make .venv and install tichu-lan into it.
# Sourced, not run. Uses only the python3 found on PATH (3.11 or newer).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="${PYTHON:-python3}"
if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "tichu-lan needs Python 3.11 or newer; $PY is $("$PY" --version 2>&1)" >&2
    exit 2
fi
if [ ! -x "$VENV/bin/python" ]; then
    echo "creating $VENV" >&2
    "$PY" -m venv "$VENV"
fi
tichu_install() {
    # $1: the extras to install, e.g. "[test]" or ""
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e "$ROOT$1"
}
