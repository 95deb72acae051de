"""The bundle plays exactly like the installed program: the same seeded game of four
bots, through the real `tichu server`, gives the same moves, one by one; and the bots'
worker processes start from the bundle.

The game is set up as a journal (a table of four "normal" bots with fixed seeds,
started) and played out by ``tichu server --resume``: bot seeds are otherwise random,
and the journal is also where every move the bots made is read back. The bundle runs
under a Python with no site-packages and with msgpack's pure-Python code
(MSGPACK_PUREPYTHON=1); nothing listens beyond 127.0.0.1.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import RuleSet
from tichu_lan.server.host_config import TableOptions
from tichu_lan.records.journal import FORMAT, encode_record, read_journal

from .conftest import BARE

pytestmark = pytest.mark.timeout(240)
INSTALLED = (sys.executable, "-m", "tichu_lan.cli")


def bot_table_journal(data_dir: Path, seed: int) -> None:
    records = [{"kind": "table", "format": FORMAT, "program": "test", "id": 1, "name": "bots",
                "rules": RuleSet("classic", 300).to_dict(), "seed": seed,
                "options": TableOptions(bot_level="normal", collect=0.0).to_dict(),
                "password": None}]
    records += [{"kind": "bot", "seat": s, "level": "normal", "seed": 7000 + s} for s in range(4)]
    records.append({"kind": "start"})
    folder = data_dir / "journals"
    folder.mkdir(parents=True)
    (folder / "table-1-test.journal").write_bytes(
        b"".join(encode_record(r, n) for n, r in enumerate(records, start=1)))


def moves(journal: Path) -> list[dict]:
    return [r["action"] for r in read_journal(journal).records if r["kind"] == "action"]


def play_out(command: tuple[str, ...], data_dir: Path, env: dict[str, str]) -> dict:
    """Resume the bots' game with ``command`` (a tichu), wait until it is over; its moves,
    its bot workers' command lines, and its log."""
    bot_table_journal(data_dir, seed=20261201)
    log = data_dir / "server.log"
    with open(log, "wb") as err:
        server = subprocess.Popen(
            [*command, "server", "--resume", "--data-dir", str(data_dir), "--bind", "127.0.0.1",
             "--port", "0", "--no-announce", "--no-share", "--bot-delay", "0",
             "--bot-workers", "1"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=err, env=env, cwd=data_dir)
    try:
        deadline = time.monotonic() + 180    # only stops a broken run from hanging
        while not (done := glob.glob(str(data_dir / "journals" / "done" / "*"))):
            assert server.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        pids = re.findall(r"started bot worker \d+ \(pid (\d+)\)", log.read_text())
        workers = [command_line(int(pid)) for pid in pids]
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)
    return {"moves": moves(Path(done[0])), "workers": workers, "log": log.read_text()}


def command_line(pid: int) -> list[bytes]:
    """A running process's argv (a worker that has died has none)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except FileNotFoundError:
        return [b"(ended)"]


def bundle_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return dict(env, MSGPACK_PUREPYTHON="1")


@pytest.fixture(scope="module")
def installed_game(tmp_path_factory) -> dict:
    return play_out(INSTALLED, tmp_path_factory.mktemp("installed"), dict(os.environ))


def check_same(game: dict, installed: dict, bundle_path: Path) -> None:
    assert "could not decide" not in game["log"] and "is illegal" not in game["log"]
    assert game["workers"], "no bot worker was started"
    for argv in game["workers"]:
        assert str(bundle_path).encode() in argv and b"tichu_lan.server.bot_worker" in argv
    assert len(game["moves"]) > 50
    assert in_order(game["moves"]) == in_order(installed["moves"])


SET_UP = ("grand_tichu", "exchange")


def in_order(moves: list[dict]) -> list[dict]:
    """The moves, each run of set-up decisions (which the seats make at the same time, so
    that their order is whichever bot answered first) sorted by seat."""
    out: list[dict] = []
    run: list[dict] = []
    for move in [*moves, {"type": "end"}]:
        if move["type"] in SET_UP:
            run.append(move)
            continue
        out += sorted(run, key=lambda m: (m["type"], m["seat"]))
        run = []
        out.append(move)
    return out[:-1]


def test_the_bundle_plays_the_installed_program_s_game_move_for_move(installed_game, bundle,
                                                                    tmp_path):
    assert "could not decide" not in installed_game["log"]
    game = play_out((*BARE, str(bundle.path)), tmp_path, bundle_env())
    check_same(game, installed_game, bundle.path)
    grand = [m for m in game["moves"] if m["type"] == "grand_tichu"]
    assert grand and not all(m["call"] for m in grand)


def other_python() -> str | None:
    """Another CPython from 3.11 on than this one, if the machine has one."""
    roots = [Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"]
    candidates = [shutil.which(f"python3.{minor}") for minor in range(11, 20)]
    candidates += [str(p) for root in roots for p in sorted(root.glob("3.1[1-9]*/bin/python3"))]
    mine = os.path.realpath(sys.executable)
    for path in filter(None, candidates):
        done = subprocess.run([path, "-c", "import sys; print(sys.version_info >= (3, 11))"],
                              capture_output=True, text=True)
        if done.stdout.strip() == "True" and os.path.realpath(path) != mine:
            return path
    return None


def test_under_another_python_the_bundle_plays_the_same_game(installed_game, bundle, tmp_path):
    python = other_python()
    if python is None:
        pytest.skip("this machine has no other CPython from 3.11 on")
    game = play_out((python, "-I", "-S", str(bundle.path)), tmp_path, bundle_env())
    check_same(game, installed_game, bundle.path)
