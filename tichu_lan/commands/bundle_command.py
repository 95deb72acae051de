"""Write the whole program as one file that any Python 3.11 or newer runs, nothing else
installed: python3 tichu-lan-VERSION.pyz join.

The file holds this program and every library it needs, in pure-Python form, so it runs
on Linux, macOS and Windows alike. The same installation always gives the same bytes;
the sha256 printed is what guests check their copy against. `tichu host` and `tichu
server` serve this file to the LAN by themselves; this command is for carrying it on a
USB stick. Run from a bundle, it writes a copy of that bundle.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

from ..i18n import N_, _

NAME = "bundle"
HELP = N_("write the program as one file for machines without it (python3 FILE join)")
ORDER = 70


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from ..bundling.where import bundle_name
    parser.add_argument("-o", "--output", type=Path, default=None, metavar="FILE",
                        help=_("where to write it (default: {name} here)").format(
                            name=bundle_name()))


def build(output: Path) -> tuple[str, int, float]:
    """Write the bundle to ``output``: its sha256, its size and the seconds it took."""
    import hashlib

    from ..bundling.contents import collect
    from ..bundling.origin import running_archive
    from ..bundling.pyz import write_bundle
    began = time.perf_counter()
    archive = running_archive()
    if archive is not None:
        if archive.resolve() != output.resolve():
            shutil.copyfile(archive, output)
        data = output.read_bytes()
        return hashlib.sha256(data).hexdigest(), len(data), time.perf_counter() - began
    built = write_bundle(collect(), output)
    return built.sha256, built.size, time.perf_counter() - began


def run(args: argparse.Namespace) -> int:
    from ..bundling.contents import BundleError
    from ..bundling.where import bundle_name
    output: Path = args.output or Path(bundle_name())
    if output.is_dir():
        output = output / bundle_name()
    try:
        sha256, size, seconds = build(output)
    except (BundleError, OSError) as exc:
        print(_("tichu bundle: {why}").format(why=exc), file=sys.stderr)
        return 1
    print(_("{path}: {size:.1f} MB in {seconds:.1f} s").format(
        path=output, size=size / 1e6, seconds=seconds), file=sys.stderr)
    print(_("sha256 {digest}").format(digest=sha256), file=sys.stderr)
    print(f"{sha256}  {output}")
    print(_("Run it with: python3 {path} join").format(path=output), file=sys.stderr)
    return 0
