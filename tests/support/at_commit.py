"""A module of the tree as it was at another commit, loaded beside today's, so that a
benchmark can run both in one process, in turns (this machine's speed drifts by a third
from hour to hour: figures from two runs do not compare)."""

from __future__ import annotations

import importlib
import importlib.util
import io
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def module_at(commit: str, path: str) -> ModuleType:
    """``path`` (e.g. tichu_lan/records/keeping.py) at ``commit``, as the module
    ``<its package>.<its name>_then``, so that its relative imports find today's package."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{path}"],
                            check=True, capture_output=True, text=True).stdout
    stem = Path(path).stem
    copy = Path(tempfile.mkdtemp(prefix=f"{stem}-at-")) / f"{stem}_then.py"
    copy.write_text(source)
    name = ".".join(Path(path).with_suffix("").parts[:-1] + (f"{stem}_then",))
    spec = importlib.util.spec_from_file_location(name, copy)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module                      # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def package_at(commit: str, path: str) -> ModuleType:
    """The package at ``path`` (e.g. engine) as it was at ``commit``, imported whole as
    ``<its name>_then``: its modules import each other relatively, so the copy runs on its
    own code throughout, beside today's package (a benchmark's "before")."""
    name = f"{Path(path).name}_then"
    if name in sys.modules:
        return sys.modules[name]
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, path],
                             check=True, capture_output=True).stdout
    home = Path(tempfile.mkdtemp(prefix=f"{name}-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(home, filter="data")
    (home / path).rename(home / name)
    sys.path.insert(0, str(home))
    return importlib.import_module(name)


def interleaved(commands: dict[str, list[str]], repeat: int) -> dict[str, list[Any]]:
    """Each command's JSON answer ``repeat`` times, every command once a round in a fresh
    process, the order turned round every other round (so that a machine's drift falls
    on all alike); by the commands' names."""
    answers: dict[str, list[Any]] = {name: [] for name in commands}
    names = list(commands)
    for k in range(repeat):
        for name in names if k % 2 == 0 else names[::-1]:
            done = subprocess.run(commands[name], check=True, capture_output=True, text=True)
            answers[name].append(json.loads(done.stdout))
    return answers


def alike(answers: dict[str, list[Any]], key: str) -> bool:
    """Whether every answer of every command holds the same ``key`` (the same games, the
    same advice: what makes two engines' timings comparable)."""
    first = next(iter(answers.values()))[0][key]
    return all(answer[key] == first for runs in answers.values() for answer in runs)


def median_and_range(values: list[float]) -> str:
    """A figure's median over repetitions, with their spread: ``12.3 (11.9..13.0)``."""
    return f"{statistics.median(values):.1f} ({min(values):.1f}..{max(values):.1f})"


def beside(script: str, commit: str, worker_args: list[str], repeat: int, key: str
           ) -> tuple[dict[str, list[Any]], bool]:
    """A benchmark ``script``'s worker answers for ``commit``'s code and today's ("now"),
    interleaved, and whether they all agree on ``key``."""
    answers = interleaved({name: [sys.executable, script, "--worker", name, *worker_args]
                           for name in (commit, "now")}, repeat)
    return answers, alike(answers, key)
