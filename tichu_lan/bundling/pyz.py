"""Writing the bundle: a zip application with the same bytes for the same contents.

It is what the standard library's `zipapp` makes (a ``#!`` line, then a zip with a
``__main__.py``), written entry by entry so that nothing of the moment or the machine
gets in: entries sorted by name, one fixed date, fixed permissions, and no bytecode
(that would tie the file to one Python version; each run compiles in memory instead).
Deflate at a fixed level gives the same bytes with the same zlib.
"""

from __future__ import annotations

import hashlib
import io
import os
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from .contents import Member
from .where import bundle_name

SHEBANG = b"#!/usr/bin/env python3\n"
EPOCH = (1980, 1, 1, 0, 0, 0)          # the earliest date a zip can hold
LEVEL = 9
FILE_MODE = 0o100644
DIRECTORY_MODE = 0o040755
MAIN = """\
# tichu-lan {version}, bundled: python3 {name} COMMAND (--help lists them)
import sys

if sys.version_info < (3, 11):
    sys.exit("tichu-lan needs Python 3.11 or newer; this is Python %d.%d" % sys.version_info[:2])

from tichu_lan.bundling.alone import keep_to

keep_to(sys.path[0])

from tichu_lan.cli import main

sys.exit(main())
"""


@dataclass(frozen=True)
class Built:
    """A bundle on disk and what a guest checks it by."""

    path: Path
    sha256: str
    size: int
    files: int


def main_member(version: str = __version__) -> Member:
    return Member("__main__.py", MAIN.format(version=version, name=bundle_name(version)).encode())


def archive_bytes(members: Iterable[Member]) -> bytes:
    """The whole file: ``members`` (each name once) and the folders that hold them."""
    files = {member.name: member.data for member in members}
    folders = {str(parent) + "/" for name in files for parent in Path(name).parents
               if str(parent) != "."}
    out = io.BytesIO()
    out.write(SHEBANG)
    with zipfile.ZipFile(out, "w") as archive:
        for name in sorted(files.keys() | folders):
            info = zipfile.ZipInfo(name, EPOCH)
            info.create_system = 3        # unix, so that the modes below are read
            if name in folders:
                info.external_attr = (DIRECTORY_MODE << 16) | 0x10
                archive.writestr(info, b"")
            else:
                info.external_attr = FILE_MODE << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, files[name], compresslevel=LEVEL)
    return out.getvalue()


def write_bundle(members: Iterable[Member], path: Path) -> Built:
    """Write the bundle to ``path`` (whole or not at all: a reader never sees half a file)."""
    contents = [main_member(), *members]
    data = archive_bytes(contents)
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(data)
    partial.chmod(0o755)
    os.replace(partial, path)
    return Built(path, hashlib.sha256(data).hexdigest(), len(data), len(contents))
