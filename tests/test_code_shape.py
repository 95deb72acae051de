"""The shape docs/ARCHITECTURE.md promises ("The shape we keep"), held for every module of
`engine` and `tichu_lan`: classes under a screenful of methods, modules short enough to
read at once, file names that say which module they are, every public function typed,
and exceptions that say they are errors.

Each check reads the source with `ast` and never imports it, so that a module that does
not import (a missing extra, a platform's module) is still measured. Each returns its
offenders as ``path:line what``, and the tests at the end hold the checks themselves to
made-up sources, so that a check that stopped finding anything fails too.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "tichu_lan")
MAX_METHODS = 30        # a class with more does several things (issue 23: four hub classes)
MAX_LINES = 450         # a module longer than this is read in more than one sitting

Function = ast.FunctionDef | ast.AsyncFunctionDef

# Exceptions named for what happened rather than as errors. The rule holds for every other
# exception class, new ones included; these are the ones that broke it when it was written,
# kept by name and file so that the list can only shrink (a stale entry fails too).
NAMED_FOR_WHAT_HAPPENED = {
    "engine/bots/arena.py:BotFailure",
    "tichu_lan/client/answers.py:Disconnected",
    "tichu_lan/discovery/txt.py:_Malformed",
    "tichu_lan/server/botrunner.py:BotFailed",
    "tichu_lan/server/botrunner.py:WorkersUnavailable",
    "tichu_lan/server/host_lock.py:HostLocked",
    "tichu_lan/tui/run.py:Failed",
}


@dataclass(frozen=True)
class Source:
    path: str                   # relative to the repository, with forward slashes
    text: str
    tree: ast.Module = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tree", ast.parse(self.text, filename=self.path))


@cache
def product_sources() -> tuple[Source, ...]:
    """Every module of the product, read once for all the tests."""
    return tuple(Source(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
                 for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py")))


def classes(tree: ast.AST) -> Iterator[ast.ClassDef]:
    return (node for node in ast.walk(tree) if isinstance(node, ast.ClassDef))


# --- the checks --------------------------------------------------------------------------

def crowded_classes(sources: Iterable[Source], limit: int = MAX_METHODS) -> list[str]:
    """Classes with more than ``limit`` methods of their own (defined in the class body)."""
    found = []
    for source in sources:
        for cls in classes(source.tree):
            methods = sum(isinstance(node, Function) for node in cls.body)
            if methods > limit:
                found.append(f"{source.path}:{cls.lineno} {cls.name} has {methods} methods")
    return found


def long_modules(sources: Iterable[Source], limit: int = MAX_LINES) -> list[str]:
    found = []
    for source in sources:
        lines = len(source.text.splitlines())
        if lines > limit:
            found.append(f"{source.path}:1 has {lines} lines")
    return found


def shared_file_names(paths: Iterable[str]) -> list[str]:
    """File names (packages' ``__init__.py`` aside) that more than one module has."""
    by_name: dict[str, list[str]] = {}
    for path in paths:
        name = path.rsplit("/", 1)[-1]
        if name != "__init__.py":
            by_name.setdefault(name, []).append(path)
    return [f"{name}: " + ", ".join(f"{path}:1" for path in sorted(where))
            for name, where in sorted(by_name.items()) if len(where) > 1]


def _public(name: str) -> bool:
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


def _public_functions(body: list[ast.stmt], in_class: bool) -> Iterator[tuple[Function, bool]]:
    """Each public function of a module or class body (with whether it is a method), and
    those of its public classes, nested or not; functions inside functions are nobody's API."""
    for node in body:
        if isinstance(node, Function) and _public(node.name):
            yield node, in_class
        elif isinstance(node, ast.ClassDef) and _public(node.name):
            yield from _public_functions(node.body, in_class=True)


def unannotated(sources: Iterable[Source]) -> list[str]:
    """Public functions and methods without a return annotation, or with a parameter (but a
    method's ``self`` or ``cls``) without one."""
    found = []
    for source in sources:
        module = source.path.rsplit("/", 1)[-1]
        if not _public(module.removesuffix(".py")):
            continue
        for func, method in _public_functions(source.tree.body, in_class=False):
            args = func.args
            params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
            if method and params and params[0].arg in ("self", "cls") \
                    and not _is_staticmethod(func):
                params = params[1:]
            params += [arg for arg in (args.vararg, args.kwarg) if arg is not None]
            missing = [arg.arg for arg in params if arg.annotation is None]
            if func.returns is None:
                missing.append("return")
            if missing:
                found.append(f"{source.path}:{func.lineno} {func.name}: no annotation for "
                             + ", ".join(missing))
    return found


def _is_staticmethod(func: Function) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in func.decorator_list)


def _base_name(base: ast.expr) -> str:
    """The class a base names, without its module or its type arguments."""
    if isinstance(base, ast.Subscript):
        base = base.value
    if isinstance(base, ast.Attribute):
        return base.attr
    return base.id if isinstance(base, ast.Name) else ""


def _builtin_exception(name: str) -> bool:
    kind = getattr(builtins, name, None)
    return isinstance(kind, type) and issubclass(kind, BaseException)


def exception_classes(sources: Iterable[Source]) -> list[tuple[str, int, str, list[str]]]:
    """Every class that derives, through the sources' classes, from a built-in exception:
    ``(path, line, name, base names)``. A base is matched by its name alone (the sources
    subclass no other library's exceptions)."""
    defined = [(source.path, cls.lineno, cls.name, [_base_name(b) for b in cls.bases])
               for source in sources for cls in classes(source.tree)]
    bases_of: dict[str, list[list[str]]] = {}
    for _path, _line, name, bases in defined:
        bases_of.setdefault(name, []).append(bases)

    def is_exception(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if _builtin_exception(name):
            return True
        if name in seen:
            return False
        return any(is_exception(base, seen | {name})
                   for bases in bases_of.get(name, []) for base in bases)

    return [entry for entry in defined if any(is_exception(base) for base in entry[3])]


def misnamed_exceptions(sources: Iterable[Source],
                        allowed: Iterable[str] = NAMED_FOR_WHAT_HAPPENED) -> list[str]:
    """Exception classes whose name does not end in ``Error`` and that derive from none
    that does (the sources' own, or Python's: `ValueError`), but the ``allowed`` ones
    (``path:Name``); and each allowed one that is no longer there."""
    allowed = set(allowed)
    exceptions = exception_classes(sources)
    error_named = {name for _path, _line, name, _bases in exceptions if name.endswith("Error")}
    found, seen = [], set()
    for path, line, name, bases in exceptions:
        key = f"{path}:{name}"
        seen.add(key)
        is_error = name.endswith("Error") or any(
            base.endswith("Error") and (base in error_named or _builtin_exception(base))
            for base in _ancestors(bases, exceptions))
        if not is_error and key not in allowed:
            found.append(f"{path}:{line} {name}({', '.join(bases)})")
    found += [f"{key}: allowed, but no such exception any more" for key in sorted(allowed - seen)]
    return found


def _ancestors(bases: list[str], exceptions: list[tuple[str, int, str, list[str]]]) -> set[str]:
    """``bases`` and every class they derive from, among ``exceptions`` (by name)."""
    parents = {name: found for _path, _line, name, found in exceptions}
    todo, seen = list(bases), set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += parents.get(name, [])
    return seen


# --- the product, held to them -----------------------------------------------------------

def offenders(found: list[str]) -> str:
    return "\n  " + "\n  ".join(found)


def test_the_sources_are_found() -> None:
    paths = {source.path for source in product_sources()}
    assert {"engine/game.py", "tichu_lan/tui/table_model.py"} <= paths
    assert len(paths) > 150


def test_no_class_has_more_than_30_methods() -> None:
    found = crowded_classes(product_sources())
    assert not found, f"classes over {MAX_METHODS} methods:" + offenders(found)


def test_no_module_is_over_450_lines() -> None:
    found = long_modules(product_sources())
    assert not found, f"modules over {MAX_LINES} lines:" + offenders(found)


def test_no_two_modules_share_a_file_name() -> None:
    found = shared_file_names(source.path for source in product_sources())
    assert not found, "file names more than one module has:" + offenders(found)


def test_every_public_function_is_annotated() -> None:
    found = unannotated(product_sources())
    assert not found, "public functions not fully annotated:" + offenders(found)


def test_exceptions_are_named_as_errors() -> None:
    found = misnamed_exceptions(product_sources())
    assert not found, ("exception classes neither named ...Error nor derived from an ...Error "
                       "(rename them; NAMED_FOR_WHAT_HAPPENED only shrinks):" + offenders(found))


# --- the checks, held to made-up sources -------------------------------------------------

def test_a_crowded_class_is_found_at_its_line() -> None:
    methods = "".join(f"    def m{i}(self) -> None: ...\n" for i in range(31))
    nested = "    def helper(self) -> None:\n        def inner() -> None: ...\n"
    source = Source("pkg/hub.py", "x = 1\nclass Hub:\n" + methods + nested)
    assert crowded_classes([source]) == ["pkg/hub.py:2 Hub has 32 methods"]
    assert crowded_classes([source], limit=32) == []


def test_a_long_module_is_found() -> None:
    assert long_modules([Source("pkg/long.py", "x = 1\n" * 451)]) == [
        "pkg/long.py:1 has 451 lines"]
    assert long_modules([Source("pkg/short.py", "x = 1\n" * 450)]) == []


def test_modules_sharing_a_file_name_are_found() -> None:
    paths = ["a/__init__.py", "b/__init__.py", "a/words.py", "b/c/words.py", "a/keys.py"]
    assert shared_file_names(paths) == ["words.py: a/words.py:1, b/c/words.py:1"]


def test_a_missing_annotation_is_found() -> None:
    source = Source("pkg/typed.py", "\n".join([
        "def fine(a: int, *rest: str, key: bool = False, **more: int) -> None: ...",
        "def no_return(a: int): ...",
        "def no_param(a, b: int) -> int: ...",
        "def _private(a): ...",
        "class Thing:",
        "    def __init__(self, size) -> None: ...",
        "    def method(self, a: int) -> int: ...",
        "    @classmethod",
        "    def make(cls) -> 'Thing': ...",
        "    @staticmethod",
        "    def static(self) -> None: ...",
        "    def _hidden(self, a): ...",
        "    def outer(self) -> None:",
        "        def closure(a): ...",
        "class _Private:",
        "    def method(self, a): ...",
        "def rest(*args, **kwargs) -> None: ...",
    ]))
    assert unannotated([source]) == [
        "pkg/typed.py:2 no_return: no annotation for return",
        "pkg/typed.py:3 no_param: no annotation for a",
        "pkg/typed.py:6 __init__: no annotation for size",
        "pkg/typed.py:11 static: no annotation for self",
        "pkg/typed.py:17 rest: no annotation for args, kwargs",
    ]


def test_an_exception_not_named_as_an_error_is_found() -> None:
    errors = Source("pkg/errors.py", "\n".join([
        "class GameError(Exception): ...",
        "class Illegal(GameError): ...",           # derives from an ...Error: fine
        "class Refused(Illegal): ...",             # and so does this, through Illegal
        "class BadValue(ValueError): ...",         # Python's ...Error: fine
        "class Oops(Exception): ...",
        "class Broken(errors.Oops): ...",
        "class NotAnException: ...",
        "class Warned(UserWarning): ...",
    ]))
    assert misnamed_exceptions([errors], allowed=()) == [
        "pkg/errors.py:5 Oops(Exception)",
        "pkg/errors.py:6 Broken(Oops)",
        "pkg/errors.py:8 Warned(UserWarning)",
    ]
    allowed = {"pkg/errors.py:Oops", "pkg/errors.py:Broken", "pkg/errors.py:Warned",
               "pkg/gone.py:Vanished"}
    assert misnamed_exceptions([errors], allowed=allowed) == [
        "pkg/gone.py:Vanished: allowed, but no such exception any more"]
