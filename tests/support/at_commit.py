"""A module of the tree as it was at another commit, loaded beside today's, so that a
benchmark can run both in one process, in turns (this machine's speed drifts by a third
from hour to hour: figures from two runs do not compare)."""

from __future__ import annotations

import importlib
import importlib.util
import io
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType

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
