"""Where this program runs from, and how to start another process of it from the same place.

Installed, a module of the program starts as ``python -m MODULE``. From a bundle that
would fail: the new interpreter does not have the bundle on its path, so ``-m`` finds no
such module (a host whose bot workers cannot start plays a random legal move for every
bot, which is why bots inside a zip once called Grand Tichu far more often). From a
bundle, the new process puts the bundle first on its path, then runs the module.
"""

from __future__ import annotations

import sys
import zipimport
from pathlib import Path

import tichu_lan

# Run as: python -I -S -c CODE ARCHIVE MODULE. The archive goes first on the path, as it is
# for `python ARCHIVE`; -I keeps the working directory and the environment out, -S site.
_FROM_ARCHIVE = ("import runpy, sys; sys.path.insert(0, sys.argv.pop(1)); "
                 "runpy.run_module(sys.argv[1], run_name='__main__', alter_sys=True)")
# The interpreter's options that decide where imports come from, passed on to a new process
# so that it finds exactly what this one finds.
_PATH_FLAGS = (("isolated", "-I"), ("ignore_environment", "-E"), ("no_user_site", "-s"),
               ("no_site", "-S"), ("safe_path", "-P"))


def running_archive() -> Path | None:
    """The bundle this program was imported from, or None when it runs from installed files."""
    loader = tichu_lan.__spec__.loader if tichu_lan.__spec__ else None
    if isinstance(loader, zipimport.zipimporter):
        return Path(loader.archive)
    return None


def interpreter_flags() -> list[str]:
    return [flag for name, flag in _PATH_FLAGS if getattr(sys.flags, name, 0)]


def module_command(module: str) -> tuple[str, ...]:
    """The command that runs ``module`` of this program in a new process, from where this
    process runs (its bundle, or the installed files), with the same import options."""
    archive = running_archive()
    if archive is None:
        return (sys.executable, *interpreter_flags(), "-m", module)
    return (sys.executable, "-I", "-S", "-c", _FROM_ARCHIVE, str(archive), module)
