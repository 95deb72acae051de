"""tichu-lan: Tichu over a local network, from terminals."""

import importlib.util
import sys

__version__ = "0.1.0"


def _without_tls() -> None:
    """tichu-lan speaks no TLS. Twisted imports its TLS support whenever pyOpenSSL is
    importable, and that support needs service_identity: a Python with pyOpenSSL and without
    service_identity (Debian's python3 with python3-openssl, a shared venv) could not import
    `twisted.internet.endpoints`. Unless both are there, pyOpenSSL is taken as absent from
    here on, even where something imported it already."""
    if importlib.util.find_spec("service_identity") is None:
        for name in ("OpenSSL", "OpenSSL.SSL"):    # import OpenSSL: ImportError
            sys.modules[name] = None  # type: ignore[assignment]


_without_tls()
