"""The door's host key: made once, kept in the data directory, readable by its owner only.

Guests' ssh clients remember the key at the first connection and warn if it ever
changes, so it must outlive a restart; its fingerprint is what the host's screen, its
page and its announcement show, for a guest to answer ssh's first question knowingly.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import asyncssh

from .. import paths

FILE_NAME = "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The key file exists and cannot be used; the message says where and why."""


def key_path(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def load_or_make(data_dir: Path) -> asyncssh.SSHKey:
    """The host key in ``data_dir``, made (Ed25519, mode 0600) the first time."""
    path = key_path(data_dir)
    paths.private_dir(data_dir)
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    key = asyncssh.generate_private_key("ssh-ed25519", comment="tichu-lan ssh door")
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    try:
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(key.export_private_key())
        os.link(partial, path)        # a host starting beside us may have made one first
    except FileExistsError:
        return _read(path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return key


def _read(path: Path) -> asyncssh.SSHKey:
    if path.stat().st_mode & 0o077:
        os.chmod(path, 0o600)         # ours, and nobody else's business
    try:
        return asyncssh.read_private_key(path)
    except (OSError, ValueError, asyncssh.KeyImportError) as exc:
        raise HostKeyError(f"cannot read the ssh host key {path}: {exc}; move it away and a "
                           "new one is made (guests' ssh then warns that the key changed)"
                           ) from None


def fingerprint(key: asyncssh.SSHKey) -> str:
    """As OpenSSH shows it: ``SHA256:`` and the base64 of the public key's hash."""
    return key.get_fingerprint("sha256")
