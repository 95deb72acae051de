"""The bundle runs on a Python that has packages of its own: it imports nothing from them.

Debian 12's python3 with `python3-openssl` installed made `join` end in
``ModuleNotFoundError: No module named 'service_identity'``: Twisted imports it whenever
`OpenSSL` is importable, and the bundle does not carry it. The guest's Python here is a
fresh virtual environment whose site-packages reaches (through ``.pth`` files, as a
system's dist-packages would) pyOpenSSL, cryptography and another Twisted, and a
service_identity of a version Twisted cannot use (it fails when imported; Debian's
python3-twisted brings a service_identity of its own): if the bundle imports anything from
there, the run ends. The bundle joins a real host on loopback from it and opens a table,
in tmux.
"""

from __future__ import annotations

import re
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest

from tichu_lan.bundling.alone import foreign, pth_folders

from .tmux_screen import Screen

pytestmark = pytest.mark.timeout(180)


@pytest.fixture(scope="module")
def crowded_python(tmp_path_factory) -> str:
    """A Python whose site-packages holds pyOpenSSL and a service_identity that fails."""
    home = tmp_path_factory.mktemp("guest-python")
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", "--without-pip", str(home)], check=True, timeout=120)
    python = str(home / "bin" / "python")
    site = subprocess.run([python, "-c", "import site; print(site.getsitepackages()[0])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    poison = home / "poison" / "service_identity"
    poison.mkdir(parents=True)
    (poison / "__init__.py").write_text("raise RuntimeError('service_identity was imported from "
                                        "the guest system, not from the bundle')\n")
    Path(site, "a-poison.pth").write_text(f"{poison.parent}\n")
    Path(site, "system-packages.pth").write_text(sysconfig.get_path("purelib") + "\n")
    found = subprocess.run([python, "-c", "import OpenSSL.SSL, twisted, service_identity"],
                           capture_output=True, text=True)
    assert "from the guest system" in found.stderr, found.stderr
    return python


def listening_port(log: Path, host: subprocess.Popen) -> int:
    deadline = time.monotonic() + 60          # only stops a broken run from hanging
    while not (found := re.search(r"listening on 127\.0\.0\.1:(\d+)", log.read_text())):
        assert host.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.05)
    return int(found[1])


def test_a_python_with_pyopenssl_beside_the_bundle_joins_and_opens_a_table(
        crowded_python, bundle, tmp_path):
    log = tmp_path / "host.log"
    with open(log, "wb") as err:
        host = subprocess.Popen(
            [sys.executable, "-m", "tichu_lan.cli", "server", "--bind", "127.0.0.1", "--port",
             "0", "--no-announce", "--no-share", "--name", "Ann's laptop", "--data-dir",
             str(tmp_path / "data")], stdin=subprocess.DEVNULL, stderr=err)
    port = listening_port(log, host)
    screen = Screen("foreign-packages", [crowded_python, str(bundle.path), "join",
                                         f"127.0.0.1:{port}", "--name", "Pat"],
                    env={"HOME": str(tmp_path), "TERM": "xterm-256color", "LANG": "C.UTF-8",
                         "PATH": "/usr/bin:/bin"})
    try:
        screen.wait_for("Host Ann's laptop: no tables")
        screen.keys("n")
        screen.wait_for("Pat")
    finally:
        screen.close()
        host.terminate()
        host.wait(30)
    assert "service_identity" not in log.read_text()


def test_the_folders_a_bundle_leaves_out(tmp_path):
    (tmp_path / "a.pth").write_text("# a comment\nimport os\nextra\n\n")
    assert pth_folders([str(tmp_path)]) == [str(tmp_path / "extra")]
    system = ["/usr/lib/python3/dist-packages", "/home/pat/.local/lib/python3.11/site-packages"]
    assert foreign("/usr/lib/python3/dist-packages", system)
    assert foreign("/usr/lib/python3/dist-packages/OpenSSL", system)
    assert foreign("/opt/venv/lib/python3.11/site-packages", [])
    assert foreign("", [])
    assert not foreign("/usr/lib/python3.11", system)
    assert not foreign("/usr/lib/python3.11/lib-dynload", system)
