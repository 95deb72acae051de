"""A bundle imports only from itself and the standard library, whatever else the Python
that runs it has installed.

A guest's Python is whatever their system brought, with packages of its own: on Debian 12
`python3-openssl` is common, and Twisted imports `service_identity` whenever `OpenSSL` is
importable, which the bundle does not carry: `join` ended in ModuleNotFoundError. A package
in the system's or the user's site-packages can also be another version of one the bundle
carries. So the bundle's ``__main__`` takes those folders off the import path before it
imports anything else, and the processes it starts (the host's bot workers) start with
``-I -S`` (`tichu_lan.bundling.origin`).

This module imports only the standard library: it runs before anything else is imported.
"""

from __future__ import annotations

import os
import site
import sys
from collections.abc import Iterable

# What `site` may put on sys.meta_path (setuptools' distutils hack, editable installs'
# finders) is dropped; the interpreter's own finders stay.
_OWN_FINDERS = ("_frozen_importlib", "_frozen_importlib_external", "importlib", "zipimport")


def site_folders() -> list[str]:
    """The folders `site` adds packages from: the system's site-packages and the user's."""
    folders = list(site.getsitepackages()) if hasattr(site, "getsitepackages") else []
    user = site.getusersitepackages() if hasattr(site, "getusersitepackages") else None
    return [*folders, *([user] if isinstance(user, str) else [])]


def pth_folders(folders: Iterable[str]) -> list[str]:
    """The folders that ``.pth`` files in ``folders`` put on the path."""
    found: list[str] = []
    for folder in folders:
        try:
            names = sorted(n for n in os.listdir(folder) if n.endswith(".pth"))
        except OSError:
            continue
        for name in names:
            try:
                with open(os.path.join(folder, name), encoding="utf-8") as lines:
                    found += [os.path.join(folder, line.strip()) for line in lines
                              if line.strip() and not line.startswith(("#", "import"))]
            except (OSError, UnicodeDecodeError):
                continue
    return found


def foreign(entry: str, folders: Iterable[str]) -> bool:
    """Whether a path entry is, or lies inside, one of ``folders``, or is any site-packages or
    dist-packages folder."""
    if not entry:
        return True                       # the working directory
    path = os.path.normcase(os.path.abspath(entry))
    parts = path.split(os.sep)
    if "site-packages" in parts or "dist-packages" in parts:
        return True
    for folder in folders:
        root = os.path.normcase(os.path.abspath(folder))
        if path == root or path.startswith(root + os.sep):
            return True
    return False


def keep_to(archive: str) -> None:
    """Import from ``archive`` and the standard library only, from now on."""
    folders = site_folders()
    folders += pth_folders(folders)
    if not sys.flags.ignore_environment:
        folders += [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    sys.path[:] = [archive] + [p for p in sys.path if p != archive and not foreign(p, folders)]
    sys.meta_path[:] = [finder for finder in sys.meta_path
                        if getattr(finder, "__module__", "").startswith(_OWN_FINDERS)]
    sys.path_importer_cache.clear()
