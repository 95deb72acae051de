"""The page a guest opens on the host's share port: how to download the program, check it
and run it, with commands to copy for Linux and macOS, and for Windows.

Every system gets a command with the tools it has (curl on Linux and macOS, and on
Windows since 10), and a one-line ``python3 -c`` with urllib for a machine without
curl, which also checks the sha256 itself. The commands are the same in every language;
the words around them go through `_`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from wcwidth import wcswidth

from .. import __version__
from ..bundling.where import bundle_name, bundle_url
from ..i18n import _, current_language
from ..words.vocabulary import listed

STYLE = ("body{font-family:sans-serif;max-width:52em;margin:2em auto;padding:0 1em}"
         "pre{background:#eee;padding:.6em;overflow-x:auto}")


def fetch_and_check(url: str, name: str, sha256: str, python: str) -> str:
    """One line of Python that downloads, refuses a damaged copy, and saves it."""
    code = (f"import hashlib, urllib.request as u; d = u.urlopen('{url}').read(); "
            f"assert hashlib.sha256(d).hexdigest() == '{sha256}', 'damaged download'; "
            f"open('{name}', 'wb').write(d)")
    return f'{python} -c "{code}"'


def commands(url: str, name: str, sha256: str) -> dict[str, list[str]]:
    """The commands per system, in the order a guest types them."""
    return {
        "unix": [f"curl -fO {url}", f"sha256sum {name}", f"python3 {name} join"],
        "macos_check": [f"shasum -a 256 {name}"],
        "unix_python": [fetch_and_check(url, name, sha256, "python3"), f"python3 {name} join"],
        "windows": [f"curl.exe -fO {url}", f"(Get-FileHash {name}).Hash", f"py {name} join"],
        "windows_python": [fetch_and_check(url, name, sha256, "py"), f"py {name} join"],
    }


@dataclass(frozen=True)
class Part:
    """A paragraph or a heading of the page, and the commands under it."""

    text: str
    commands: list[str] = field(default_factory=list)
    heading: bool = False


def sections(host_name: str, address: str, port: int, sha256: str, size: int,
             ssh: tuple[int, str] | None = None,
             game_port: int | None = None) -> tuple[str, list[Part]]:
    """The page's title and its parts (the ssh door's first, when it is open: nothing to
    download; then the download; then what to do when the game is not listed)."""
    name, url = bundle_name(), bundle_url(address, port)
    ways = commands(url, name, sha256)
    title = _("tichu-lan {version} from {host}").format(version=__version__, host=host_name)
    return title, ssh_parts(address, ssh) + [
        Part(_("To play at this host, download the program (one file, {size:.1f} MB), check "
               "it and run it. It needs Python 3.11 or newer and nothing else; no "
               "internet.").format(size=size / 1e6)),
        Part(_("Its sha256 must be: {sha256}").format(sha256=sha256)),
        Part(_("Linux and macOS (a terminal)"), ways["unix"], heading=True),
        Part(_("On macOS, check it with this instead of sha256sum:"), ways["macos_check"]),
        Part(_("Without curl: this downloads and checks it in one go."), ways["unix_python"]),
        Part(_("Windows (PowerShell)"), ways["windows"], heading=True),
        Part(_("Or with Python alone, which checks it too:"), ways["windows_python"]),
        Part(_("The program then lists the games on this network; pick this one. Direct "
               "download: {url}").format(url=url)),
    ] + direct_parts(name, address, port, ssh, game_port)


def direct_parts(name: str, address: str, share_port: int, ssh: tuple[int, str] | None,
                 game_port: int | None) -> list[Part]:
    """For a network that does not carry the announcements (many Wi-Fis drop multicast):
    the game's own address, and the ports a firewall on the host must let in."""
    if game_port is None:
        return []
    target = f"[{address}]:{game_port}" if ":" in address else f"{address}:{game_port}"
    return [
        Part(_("Not listed?"), heading=True),
        Part(_("Some networks do not carry the announcements. Join this host by its address "
               "(Linux and macOS, then Windows):"),
             [f"python3 {name} join {target}", f"py {name} join {target}"]),
        Part(_("You are reading this page, so your machine reaches the host. A guest whose "
               "machine cannot open this page at all, on the same Wi-Fi, is on a network that "
               "keeps its machines apart (guest networks and hotels often do): use another "
               "network, or a hotspot of the host's own.")),
        Part(_("The page opens but the game does not answer: the host's firewall must let in "
               "TCP ports {ports}.").format(ports=ports_to_let_in(game_port, share_port, ssh)))]


def ports_to_let_in(game: int, share: int | None, ssh: tuple[int, str] | None) -> str:
    """The host's open TCP ports, as a sentence lists them: the game's, the share page's and
    the ssh door's (those that are open)."""
    return listed(str(port) for port in (game, share, ssh[0] if ssh else None)
                  if port is not None)


def ssh_parts(address: str, ssh: tuple[int, str] | None) -> list[Part]:
    """How to play with nothing but an ssh client, and the key to expect."""
    if ssh is None:
        return []
    port, fingerprint = ssh
    return [Part(_("With only an ssh client (Windows 10 and later, macOS, Linux, a phone's ssh "
                   "app): type your name instead of NAME"), [f"ssh -p {port} NAME@{address}"],
                 heading=True),
            Part(_("The first time, ssh asks whether to trust the host's key: answer yes if it "
                   "shows {fingerprint}").format(fingerprint=fingerprint))]


def render(host_name: str, address: str, port: int, sha256: str, size: int,
           html: bool = True, ssh: tuple[int, str] | None = None,
           game_port: int | None = None) -> bytes:
    """The page, for a guest who reached this host at ``address``:``port``: HTML for a
    browser, plain text for curl and the like (``ssh``: the door's port and key, if open)."""
    title, parts = sections(host_name, address, port, sha256, size, ssh, game_port)
    if not html:
        lines = [title, "=" * max(len(title), wcswidth(title))]    # by the title's cells
        for part in parts:
            lines += ["", part.text.upper() if part.heading else part.text]
            lines += [f"    {command}" for command in part.commands]
        return ("\n".join(lines) + "\n").encode("utf-8")
    lang = current_language().replace("_", "-")
    head = (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body><h1>{escape(title)}</h1>")
    out = [head]
    for part in parts:
        tag = "h2" if part.heading else "p"
        out.append(f"<{tag}>{escape(part.text)}</{tag}>")
        if part.commands:
            out.append(f"<pre>{escape(chr(10).join(part.commands))}</pre>")
    out.append("</body></html>\n")
    return "".join(out).encode("utf-8")
