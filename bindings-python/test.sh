#!/usr/bin/env bash
# Builds the Python binding and runs its tests, setting up what is missing on a fresh machine:
# a venv in bindings-python/.venv with the pinned tools (requirements-test.txt), a release
# abi3 wheel built by maturin and installed into that venv, then pytest. Exits with pytest's
# status. Works from any cwd. PYTHON picks the interpreter for the venv (default python3).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

if [ ! -x .venv/bin/python ]; then
    echo "test.sh: creating .venv"
    "${PYTHON:-python3}" -m venv .venv
fi
export VIRTUAL_ENV="$PWD/.venv"
export PATH="$VIRTUAL_ENV/bin:$PATH"

# Pinned requirements; pip only installs what is missing or at another version.
if ! python - <<'PY' 2>/dev/null
import sys
from importlib.metadata import version
for line in open("requirements-test.txt"):
    line = line.split("#")[0].strip()
    if line:
        name, want = line.split("==")
        if version(name) != want:
            sys.exit(1)
PY
then
    echo "test.sh: installing requirements-test.txt"
    python -m pip install -q --disable-pip-version-check -r requirements-test.txt
fi

echo "test.sh: building the wheel (maturin build --release)"
wheels=$(mktemp -d)
trap 'rm -rf "$wheels"' EXIT
maturin build --release --interpreter "$VIRTUAL_ENV/bin/python" --out "$wheels"
python -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$wheels"/mcpwire-*.whl
rm -rf "$wheels"
trap - EXIT

exec python -m pytest -p no:cacheprovider tests
