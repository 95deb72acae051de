"""The catalogs' machinery behind scripts/i18n: extract, update, compile, check.

The messages are what Babel finds in tichu_lan/ (babel.cfg; the keywords below) plus
the commands' module docstrings, which are their --help descriptions. English is the
source language: the msgids are the English words, so English has no catalog (gettext
falls back to the msgid, with English plural rules). The compiled catalogs (.mo) are
checked in beside their .po files, so that every way the program is installed or run
(a checkout, an editable install, a wheel, the single-file bundle) finds them through
importlib.resources with no build step and no Babel; `check` (and tests/i18n) holds
them equal to their .po files.
"""

from __future__ import annotations

import ast
import gettext
import inspect
import io
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tichu_lan import __version__, i18n  # noqa: E402  (the checkout's own package)

PACKAGE = ROOT / "tichu_lan"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / f"{i18n.DOMAIN}.pot"
MAPPING = ROOT / "babel.cfg"
COMMANDS = PACKAGE / "commands"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "N_plural": (1, 2),
            "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ["Translators:"]
LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
WIDTH = 100
# Names a language writes as English does (docs/TRANSLATING.md): a translation equal to
# its msgid is an error everywhere else.
SAME_AS_ENGLISH: dict[str, set[str]] = {
    "de": {"Mah Jong", "Bot {number}"},
    "pl": {"Mah Jong", "Bot {number}"},
    "ro": {"Mah Jong", "Phoenix", "Dragon", "Tichu", "Grand Tichu"},
}
_BRACES = re.compile(r"\{([^{}]*)\}")
_PERCENT = re.compile(r"%(?:\((\w+)\))?[#0 +-]*\d*(?:\.\d+)?([sdirfg])")


# --- the messages in the source ---------------------------------------------------

def source_messages() -> Catalog:
    """Every message the source asks for, as a template."""
    catalog = _new_catalog()
    with MAPPING.open() as mapping:
        method_map, options_map = parse_mapping_cfg(mapping, str(MAPPING))
    found = extract_from_dir(str(ROOT), method_map, options_map, keywords=KEYWORDS,
                             comment_tags=COMMENT_TAGS, strip_comment_tags=True,
                             directory_filter=_in_package)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    for path in sorted(COMMANDS.glob("*_command.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        if doc:
            where = path.relative_to(ROOT).as_posix()
            catalog.add(inspect.cleandoc(doc), None, [(where, 1)],
                        auto_comments=["The --help description of a command."])
    return catalog


def _in_package(dirpath: str) -> bool:
    relative = Path(dirpath).resolve().relative_to(ROOT).parts
    return not relative or relative[0] == PACKAGE.name


def _new_catalog(locale: str | None = None) -> Catalog:
    return Catalog(locale=locale, domain=i18n.DOMAIN, project="tichu-lan", version=__version__,
                   msgid_bugs_address="", copyright_holder="the tichu-lan authors",
                   charset="utf-8", fuzzy=False)


def keys(catalog: Catalog) -> set[tuple[object, str | None]]:
    """Each message's identity: its msgid (with the plural) and its context."""
    return {(m.id, m.context) for m in catalog if m.id}


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=locale, domain=i18n.DOMAIN)


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def _write_po(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True,
                 include_previous=True, sort_output=False)


# --- the four commands ---------------------------------------------------------------

def extract() -> None:
    """The template, rewritten only when the messages changed (so its date means that)."""
    template = source_messages()
    if TEMPLATE.exists() and keys(read_catalog(TEMPLATE)) == keys(template):
        print(f"{_shown(TEMPLATE)}: current ({len(keys(template))} messages)")
        return
    template.creation_date = datetime.now(UTC)
    _write_po(TEMPLATE, template)
    print(f"{_shown(TEMPLATE)}: {len(keys(template))} messages")


def update() -> None:
    """Each language's catalog from the template (a new language gets a new catalog)."""
    template = read_catalog(TEMPLATE)
    for code in LANGUAGES:
        path = po_path(code)
        catalog = read_catalog(path, code) if path.exists() else _new_catalog(code)
        catalog.update(template, update_header_comment=False)
        _write_po(path, catalog)
        todo = sum(1 for m in catalog if m.id and (m.fuzzy or not _translated(m)))
        print(f"{_shown(path)}: {len(keys(catalog))} messages, {todo} to translate")


def compile_catalogs() -> None:
    for code in LANGUAGES:
        mo_path(code).write_bytes(compiled(read_catalog(po_path(code), code)))
        print(f"{_shown(mo_path(code))}: compiled")


def compiled(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def check() -> list[str]:
    return [*template_problems(), *(p for code in LANGUAGES for p in catalog_problems(code)),
            *(p for code in LANGUAGES for p in compiled_problems(code))]


# --- checks ---------------------------------------------------------------------------

def template_problems() -> list[str]:
    if not TEMPLATE.exists():
        return [f"{_shown(TEMPLATE)} is missing: run scripts/i18n extract"]
    source, template = keys(source_messages()), keys(read_catalog(TEMPLATE))
    return ([f"{_shown(TEMPLATE)} lacks {_key(k)}: run scripts/i18n extract"
             for k in sorted(source - template, key=repr)] +
            [f"{_shown(TEMPLATE)} has {_key(k)}, which the source no longer asks for: run "
             "scripts/i18n extract" for k in sorted(template - source, key=repr)])


def catalog_problems(code: str) -> list[str]:
    """What keeps ``code``'s catalog from being complete: missing, extra, fuzzy or
    untranslated messages, copies of the English, placeholders that differ."""
    path = po_path(code)
    if not path.exists():
        return [f"{_shown(path)} is missing: run scripts/i18n update"]
    catalog, template = read_catalog(path, code), read_catalog(TEMPLATE)
    where = _shown(path)
    problems = [f"{where} lacks {_key(k)}: run scripts/i18n update"
                for k in sorted(keys(template) - keys(catalog), key=repr)]
    problems += [f"{where} has {_key(k)}, which is not in the template: run scripts/i18n update"
                 for k in sorted(keys(catalog) - keys(template), key=repr)]
    for message in catalog:
        if message.id:
            problems += [f"{where}: {_key((message.id, message.context))}: {p}"
                         for p in message_problems(message, catalog.num_plurals, code)]
    return problems


def message_problems(message: Message, plurals: int, code: str) -> Iterable[str]:
    if message.fuzzy:
        yield "fuzzy: check the translation, then drop the fuzzy flag"
    english = _forms(message.id)
    forms = _forms(message.string)
    if message.pluralizable and len(forms) != plurals:
        yield f"{len(forms)} plural forms, the language has {plurals}"
    if not _translated(message):
        yield "not translated"
        return
    same = SAME_AS_ENGLISH.get(code, set())
    for form in forms:
        if form in english and form not in same and _has_words(form):
            yield f"the translation is the English {form!r}"
        if placeholders(form) != placeholders(english[-1]):
            yield (f"placeholders {sorted(placeholders(form))} in {form!r}, the English has "
                   f"{sorted(placeholders(english[-1]))}")
    if any(f.endswith("\n") for f in english) and not all(f.endswith("\n") for f in forms):
        yield "the English ends a line, the translation does not"


def _has_words(text: str) -> bool:
    """Whether a message says anything beyond its placeholders and punctuation: "{name}:"
    may stay as it is in a language that writes it so."""
    return any(c.isalpha() for c in _PERCENT.sub("", _BRACES.sub("", text)))


def compiled_problems(code: str) -> list[str]:
    """The compiled catalog must say exactly what its .po says."""
    path = mo_path(code)
    if not path.exists():
        return [f"{_shown(path)} is missing: run scripts/i18n compile"]
    if not po_path(code).exists():
        return []
    expected = _mo_messages(compiled(read_catalog(po_path(code), code)))
    if _mo_messages(path.read_bytes()) != expected:
        return [f"{_shown(path)} is not its .po compiled: run scripts/i18n compile"]
    return []


def _mo_messages(data: bytes) -> dict[object, str]:
    catalog: dict[object, str] = gettext.GNUTranslations(io.BytesIO(data))._catalog  # type: ignore[attr-defined]
    return {k: v for k, v in catalog.items() if k != ""}


def placeholders(text: str) -> set[str] | list[str]:
    """The ``{name}`` fields of a message (a set), or its %-conversions (a sorted list, as
    unnamed ones count by position)."""
    braces = {m.group(1).split("!")[0].split(":")[0] for m in _BRACES.finditer(text)}
    percent = sorted(f"{m.group(1) or ''}%{m.group(2)}" for m in
                     _PERCENT.finditer(text.replace("%%", "")))
    return percent if percent else braces


def _forms(value: object) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return [str(value or "")]


def _translated(message: Message) -> bool:
    return all(_forms(message.string))


def _key(key: tuple[object, str | None]) -> str:
    msgid, context = key
    shown = repr(msgid[0] if isinstance(msgid, (list, tuple)) else msgid)
    return f"{shown} (context {context!r})" if context else shown


def _shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_catalogs}
    if len(argv) != 1 or argv[0] not in (*commands, "check"):
        print("usage: scripts/i18n extract | update | compile | check", file=sys.stderr)
        return 2
    if argv[0] != "check":
        commands[argv[0]]()
        return 0
    problems = check()
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem{'s' * (len(problems) != 1)}" if problems else
          f"the template, {len(LANGUAGES)} catalogs and their compiled forms are current and "
          "complete")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
