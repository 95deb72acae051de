"""No module of the screen shows a person English the catalogs do not hold: every string
literal of two words or more under tichu_lan/tui/ and tichu_lan/words/ (the words the
screens, the replay and the export show) is an argument of a gettext call, or is
one of the kinds that are not words for people (docstrings, log lines for the host's log
file, assertion texts, prompt_toolkit styles), or is in `NOT_WORDS`: the keys' names, as
the keyboard prints them, which stay the same in every language."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PRODUCT = Path(__file__).resolve().parents[2] / "tichu_lan"
SHOWN = [PRODUCT / "tui", PRODUCT / "words"]
GETTEXT = {"_", "N_", "ngettext", "pgettext", "N_plural"}
LOGGERS = {"log"}               # twisted.logger's Logger, as every module names it
WORD = re.compile(r"[A-Za-z]{2,}")
STYLE = re.compile(r"(class:|bg:|fg:|ansi|#)\S*|bold|underline|reverse|italic|blink|"
                   r"noinherit|border|dialog-forced")
# Literals that are not words to translate: key names, the membership set of the key
# names that are words (summaries.WORDED_KEYS, whose entries are N_-marked in HELP), and
# the host's name of a request's field, which refusals.py words (docs/PROTOCOL.md).
NOT_WORDS = {
    ("summaries.py", "Left Right , ."), ("summaries.py", "Home / End"),
    ("summaries.py", "Tab S-Tab n"), ("summaries.py", "PgUp PgDn [ ]"),
    ("summaries.py", "Q or Ctrl-C"), ("list_page.py", "Up Down , ."),
    ("list_page.py", "Home / End"), ("replay_layout.py", "→ / l / Space"),
    ("replay_layout.py", "PgDn / n"), ("replay_layout.py", "PgUp / p"),
    ("replay_layout.py", "Home / End"), ("refusals.py", "table name"),
}


def _ignored_nodes(tree: ast.AST) -> set[int]:
    """The nodes whose strings are not shown as they stand: inside a gettext or log call,
    an assertion's text, a docstring, a comparison, a subscript's key."""
    ignored: set[int] = set()
    for node in ast.walk(tree):
        inside: list[ast.AST] = []
        if isinstance(node, ast.Call):
            func = node.func
            worded = isinstance(func, ast.Name) and func.id in GETTEXT
            logged = (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                      and func.value.id in LOGGERS)
            inside = list(node.args) if worded or logged else []
        elif isinstance(node, ast.Assert) and node.msg is not None:
            inside = [node.msg]
        elif isinstance(node, (ast.Compare, ast.Subscript)):
            inside = [node]
        elif isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                inside = [body[0].value]
        for part in inside:
            ignored.update(id(n) for n in ast.walk(part))
    return ignored


def is_words(text: str) -> bool:
    """Two words or more (apart by spaces: ``add_bot``, ``tichu-lan`` are names), and not a
    style."""
    return sum(1 for t in text.split() if not STYLE.fullmatch(t) and WORD.search(t)) >= 2


def bare_english(path: Path) -> list[tuple[str, int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    ignored = _ignored_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in ignored:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values
                           if isinstance(v, ast.Constant) and isinstance(v.value, str))
            ignored.update(id(v) for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if is_words(text) and (path.name, text) not in NOT_WORDS:
            found.append((path.name, node.lineno, text))
    return found


def test_no_module_of_the_screen_shows_english_the_catalogs_do_not_hold():
    found = [hit for folder in SHOWN for path in sorted(folder.glob("*.py"))
             for hit in bare_english(path)]
    assert found == [], "\n".join(f"{name}:{line}: {text!r}" for name, line, text in found)


def test_the_check_finds_a_bare_sentence_and_passes_a_translated_one(tmp_path):
    screen = tmp_path / "screen.py"
    screen.write_text('from tichu_lan.i18n import _\n'
                      'def title() -> str:\n'
                      '    """The title, as a docstring says it."""\n'
                      '    style = "class:title bold"\n'
                      '    log.info("a line for the log file")\n'
                      '    return _("Your wish") + f"{style} the game is over" + "Grand Tichu?"\n',
                      encoding="utf-8")
    assert {text for _n, _l, text in bare_english(screen)} == {" the game is over",
                                                               "Grand Tichu?"}
