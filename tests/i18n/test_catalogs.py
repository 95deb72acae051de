"""The catalogs: every message in the source is in every catalog, translated, with the
English placeholders, none fuzzy; the template and the compiled catalogs are current;
and the program finds its catalogs installed, and from a zip file."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tichu_lan import i18n

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "i18n_catalogs.py"
LANGUAGES = [code for code in i18n.LANGUAGES if code != "en"]


@pytest.fixture(scope="module")
def catalogs():
    spec = importlib.util.spec_from_file_location("i18n_catalogs", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_template_holds_every_message_of_the_source(catalogs):
    assert catalogs.template_problems() == []
    assert len(catalogs.keys(catalogs.source_messages())) > 200


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalog_translates_every_message_with_its_placeholders(catalogs, code):
    assert catalogs.catalog_problems(code) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_compiled_catalog_is_its_po_compiled(catalogs, code):
    assert catalogs.compiled_problems(code) == []


def test_the_checks_find_what_they_look_for(catalogs):
    from babel.messages.catalog import Message
    assert catalogs.placeholders("{a} and {b!r} at {c:g}") == {"a", "b", "c"}
    assert catalogs.placeholders("%(prog)s: %s, %r") == ["%r", "%s", "prog%s"]
    fuzzy = Message("the round is over", "the round is over", flags=["fuzzy"])
    found = list(catalogs.message_problems(fuzzy, 3, "pl"))
    assert any("fuzzy" in p for p in found) and any("is the English" in p for p in found)
    lost = Message("you do not hold {cards}", "nie masz kart")
    assert any("placeholders" in p for p in catalogs.message_problems(lost, 3, "pl"))
    short = Message(("{count} table", "{count} tables"), ("{count} stół", "{count} stoły"))
    assert any("plural forms" in p for p in catalogs.message_problems(short, 3, "pl"))
    empty = Message("the name", "")
    assert list(catalogs.message_problems(empty, 3, "pl")) == ["not translated"]
    wordless = Message("{name}: ({why})", "{name}: ({why})")      # nothing to translate
    assert list(catalogs.message_problems(wordless, 3, "pl")) == []


def test_polish_counts_in_three_forms_japanese_in_one(speaking):
    speaking("pl")
    tables = [i18n.ngettext("{count} table", "{count} tables", n).format(count=n)
              for n in (1, 3, 5, 22, 25)]
    assert tables == ["1 stół", "3 stoły", "5 stołów", "22 stoły", "25 stołów"]
    speaking("ja")
    assert i18n.ngettext("{count} table", "{count} tables", 1) == "テーブル {count} 卓"
    assert i18n.ngettext("{count} table", "{count} tables", 7) == "テーブル {count} 卓"


def test_the_catalogs_are_read_from_a_zip_file(tmp_path):
    bundle = tmp_path / "tichu.zip"
    with zipfile.ZipFile(bundle, "w") as zipped:
        for package in ("tichu_lan", "engine"):
            for path in (ROOT / package).rglob("*"):
                if path.is_file() and "__pycache__" not in path.parts:
                    zipped.write(path, path.relative_to(ROOT).as_posix())
    code = ("from tichu_lan import i18n; i18n.use_language('zh_TW'); "
            "print(i18n.pgettext('call', 'Grand Tichu'), i18n.__file__)")
    out = subprocess.run([sys.executable, "-c", code], env={"PYTHONPATH": str(bundle)},
                         capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    words, where = out.split()
    assert words == "大地主" and where.startswith(str(bundle))


# argparse's messages meant for the programmer who builds a parser, not for the person
# who runs it (they are raised as exceptions while the parser is being built).
FOR_PROGRAMMERS = {
    ".__call__() not defined", "conflicting subparser: %s", "conflicting subparser alias: %s",
    'argument "-" with mode %r', "cannot merge actions - two groups are named %r",
    "'required' is an invalid argument for positionals",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "dest= is required for options like %r", "invalid conflict_resolution value: %r",
    "conflicting option string: %s", "mutually exclusive arguments must be optional",
    "cannot have multiple subparser arguments", "%r is not callable",
}


def test_our_catalogs_carry_every_argparse_message_a_person_can_meet():
    import argparse

    from babel.messages.extract import extract

    from tichu_lan.words.command_line import MESSAGES, PLURAL_MESSAGES
    with open(argparse.__file__, "rb") as source:
        asked = {message if isinstance(message, str) else message[0]
                 for _line, message, _comments, _context in
                 extract("python", source, keywords={"_": None, "ngettext": (1, 2)})}
    ours = set(MESSAGES) | {singular for singular, _plural in PLURAL_MESSAGES}
    assert asked - FOR_PROGRAMMERS <= ours
