"""What goes into a bundle: this program's packages, and every runtime dependency in
pure-Python form, read from the installed distributions.

Reading what pip installed (each distribution's RECORD) rather than resolving again means
a host can bundle with no package index in reach. A bundle must run on Linux, macOS and
Windows under any CPython from 3.11, so a requirement counts when its marker holds for any
of those, and nothing compiled goes in: a compiled module is left out only when its
Python source sits beside it (zeroconf's Cython modules) or its package falls back to
Python by itself without it (`FALLBACKS`); any other stops the build, naming the module.
The dependencies' test suites, type stubs and build sources stay out; their metadata
(some read their own version from it) and licence files go in.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import metadata, resources
from importlib.abc import Traversable
from pathlib import Path, PurePosixPath

from packaging.markers import Marker
from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name

PROJECT = "tichu-lan"
PACKAGES = ("engine", "tichu_lan")          # this program's own packages, as pyproject lists
COMPILED = (".so", ".pyd", ".dylib", ".dll")
LEFT_OUT = (".pyc", ".pyo", ".pyi", ".pyx", ".pxd", ".c", ".h", ".cpp")
TEST_DIRS = frozenset({"test", "tests", "__pycache__"})
LICENCES = ("LICENSE", "LICENCE", "COPYING", "NOTICE", "AUTHORS")
# Compiled modules whose packages use a Python implementation when they cannot import them.
FALLBACKS = {
    "msgpack._cmsgpack": "msgpack.fallback",
    "zope.interface._zope_interface_coptimizations": "zope.interface's Python classes",
    "wcwidth._wcwidth_c": "wcwidth's Python functions",
}
# Where a bundle runs: each platform, under each CPython from 3.11 (markers on later
# versions say the same as on 3.14 for every dependency we have).
PLATFORMS = ({"sys_platform": "linux", "platform_system": "Linux", "os_name": "posix"},
             {"sys_platform": "darwin", "platform_system": "Darwin", "os_name": "posix"},
             {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt"})
PYTHONS = ("3.11", "3.12", "3.13", "3.14")
# Dependencies of the installed program only: the ssh door's asyncssh needs cryptography,
# which is compiled; a host run from a bundle says that the door needs the installed program.
INSTALLED_ONLY = frozenset({"asyncssh"})


class BundleError(Exception):
    """The program cannot be bundled from this installation; the message says what to do."""


@dataclass(frozen=True)
class Member:
    """One file of the bundle: its name inside the archive (``/``-separated) and its bytes."""

    name: str
    data: bytes


def target_environments() -> Iterator[dict[str, str]]:
    for platform in PLATFORMS:
        for version in PYTHONS:
            yield {**platform, "python_version": version, "python_full_version": f"{version}.0",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython"}


def needed_somewhere(marker: Marker | None) -> bool:
    """Whether a requirement with ``marker`` is needed where a bundle may run (not an extra)."""
    if marker is None:
        return True
    return any(marker.evaluate({**env, "extra": ""}) for env in target_environments())


def runtime_distributions(project: str = PROJECT) -> list[metadata.Distribution]:
    """The installed distributions ``project`` needs at run time, itself excluded, by name."""
    found: dict[str, metadata.Distribution] = {}
    todo = [requirement for requirement in _requirements(_distribution(project, project))
            if canonicalize_name(requirement.name) not in INSTALLED_ONLY]
    while todo:
        requirement = todo.pop()
        key = canonicalize_name(requirement.name)
        if key in found:
            continue
        found[key] = dist = _distribution(requirement.name, project)
        todo.extend(_requirements(dist))
    return [found[key] for key in sorted(found)]


def _distribution(name: str, project: str) -> metadata.Distribution:
    try:
        return metadata.distribution(name)
    except metadata.PackageNotFoundError:
        raise BundleError(f"{name} is not installed here, and {project} needs it; install "
                          f"{project} with pip (scripts/play does) and bundle again") from None


def _requirements(dist: metadata.Distribution) -> Iterator[Requirement]:
    for text in dist.requires or ():
        try:
            requirement = Requirement(text)
        except InvalidRequirement as exc:
            raise BundleError(f"{dist.metadata['Name']} declares a requirement that cannot "
                              f"be read ({text!r}: {exc})") from None
        if needed_somewhere(requirement.marker):
            yield requirement


def package_members(package: str) -> Iterator[Member]:
    """Every file of one of this program's packages (its code and its data, such as the
    catalogs), wherever it is installed (a directory, or a bundle)."""
    yield from _walk(resources.files(package), package)


def _walk(folder: Traversable, prefix: str) -> Iterator[Member]:
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        name = f"{prefix}/{entry.name}"
        if entry.name.startswith(".") or entry.name == "__pycache__":
            continue
        if entry.is_dir():
            yield from _walk(entry, name)
        elif not entry.name.endswith(COMPILED + LEFT_OUT):
            yield Member(name, entry.read_bytes())


def distribution_members(dist: metadata.Distribution) -> Iterator[Member]:
    """The files of an installed dependency that a bundle carries (see the module's notes)."""
    name = dist.metadata["Name"]
    if dist.files is None:
        raise BundleError(f"{name} was installed without a list of its files (RECORD), so "
                          "it cannot be bundled; install it with pip")
    paths = [PurePosixPath(str(path)) for path in dist.files]
    present = {str(path) for path in paths}
    for path in sorted(paths):
        if _carried(path, present, name):
            yield Member(str(path), Path(str(dist.locate_file(path))).read_bytes())


def _carried(path: PurePosixPath, present: set[str], dist_name: str) -> bool:
    parts = path.parts
    if not parts or parts[0] == ".." or path.is_absolute():
        return False                  # scripts and data installed outside site-packages
    if parts[0].endswith(".dist-info"):
        return path.name == "METADATA" or path.name.upper().startswith(LICENCES) or (
            len(parts) > 2 and parts[1] == "licenses")
    if TEST_DIRS & set(parts[:-1]) or path.suffix in LEFT_OUT:
        return False
    if path.suffix in COMPILED:
        _check_left_out(path, present, dist_name)
        return False
    return True


def _check_left_out(path: PurePosixPath, present: set[str], dist_name: str) -> None:
    """A compiled module may stay out only if Python can do without it."""
    stem = path.name.split(".", 1)[0]
    source = path.with_name(f"{stem}.py")
    module = ".".join((*path.parent.parts, stem))
    if str(source) not in present and module not in FALLBACKS:
        raise BundleError(f"{dist_name} has a compiled module {module} with no Python source "
                          "and no known pure-Python fallback, so it cannot be bundled")


def collect(project: str = PROJECT, packages: Iterable[str] = PACKAGES) -> list[Member]:
    """Every file of the bundle but its ``__main__.py``, sorted by name; two distributions
    that install the same file stop the build."""
    members: dict[str, Member] = {}
    sources: Iterable[Iterator[Member]] = [
        *(package_members(package) for package in packages),
        *(distribution_members(dist) for dist in runtime_distributions(project))]
    for source in sources:
        for member in source:
            if member.name in members:
                raise BundleError(f"two packages install {member.name}; the bundle can "
                                  "hold only one")
            members[member.name] = member
    return [members[name] for name in sorted(members)]
