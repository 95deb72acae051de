"""`tichu server`: its options, its errors, a clean stop."""

import socket
import subprocess
import sys

import pytest
import pytest_twisted

from tests.support.live_host import connect

OPTIONS = ["--port", "--bind", "--data-dir", "--resume", "--name", "--port-file", "--grace",
           "--bot-level", "--bot-workers", "--bot-delay", "--max-tables", "--rate",
           "--max-per-address", "--fsync", "--log-level"]


def tichu(*args, timeout=20):
    return subprocess.run([sys.executable, "-m", "tichu_lan.cli", *args], capture_output=True,
                          text=True, timeout=timeout)


def test_help_explains_every_option():
    result = tichu("server", "--help")
    assert result.returncode == 0
    for option in OPTIONS:
        assert option in result.stdout
    assert "47474" in result.stdout


@pytest.mark.parametrize("args,message", [
    (["--port", "70000"], "a port is from 0 to 65535, not 70000"),
    (["--port", "http"], "a port is a whole number, not 'http'"),
    (["--grace", "-1"], "a number of seconds is from 0 to 3600, not -1"),
    (["--max-tables", "many"], "a count is a whole number, not 'many'"),
    (["--bot-level", "genius"], "there is no bot level 'genius'"),
    (["--log-level", "loud"], "invalid choice"),
])
def test_bad_arguments_get_a_clear_error(args, message):
    result = tichu("server", "--bind", "127.0.0.1", *args)
    assert result.returncode == 2 and message in result.stderr


def test_an_unusable_data_dir_or_a_busy_port_is_reported(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = tichu("server", "--bind", "127.0.0.1", "--port", "0", "--data-dir", str(blocker))
    assert result.returncode == 2 and "cannot use the data directory" in result.stderr
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = tichu("server", "--bind", "127.0.0.1", "--port", str(port),
                       "--data-dir", str(tmp_path / "d"))
    assert result.returncode == 1 and f"cannot listen on 127.0.0.1:{port}" in result.stderr


@pytest_twisted.ensureDeferred
async def test_a_clean_stop_keeps_unfinished_tables_for_resume(processes, tmp_path):
    host = processes()
    port = await host.started()
    ann = await connect(port, "Ann")
    await ann.create_table("kept")
    ann.reconnect = False
    assert host.stop() == 0
    assert len(list((tmp_path / "journals").glob("*.journal"))) == 1
    output = host.output()
    assert "listening on 127.0.0.1" in output and "table 1 'kept' opens" in output
    await ann.close()


@pytest_twisted.ensureDeferred
async def test_a_second_host_on_the_same_games_is_refused_and_a_dead_one_s_lock_taken_over(
        processes, tmp_path):
    """Two hosts on one data directory would resume the same tables and write each journal
    twice: the second is refused with the first one's process and port; once the first is
    killed (its lock file left behind), a new host starts."""
    first = processes()
    port = await first.started()
    refused = tichu("server", "--bind", "127.0.0.1", "--port", "0", "--data-dir", str(tmp_path),
                    "--resume")
    assert refused.returncode == 1
    assert (f"another tichu-lan host, process {first.process.pid} on port {port}, is hosting "
            f"the games in {tmp_path} already") in refused.stderr
    first.kill()
    assert (tmp_path / "journals" / "host.lock").exists()
    again = processes(resume=True)
    assert await again.started() > 0
