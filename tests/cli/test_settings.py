"""Settings that always read back: every value written to config.toml is read back as it was,
over hostile strings; a name is checked with the host's rules before it is saved."""

import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import given, settings as hypothesis_settings, strategies as st

from tichu_lan import i18n, protocol, settings
from tichu_lan.settings import BadName, ConfigError, Settings, load, save, valid_name

# Any code point at all: controls, DEL, bidi overrides, line separators, lone surrogates.
ANY_TEXT = st.text(st.characters(codec=None, categories=None), max_size=80)
SOUND_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=80)
# A language as people and locales write one this program speaks: pl, PL, ja_JP.UTF-8, zh-TW...
LANG_CODES = st.from_regex(r"\A\s?(en|de|pl|ro|ja|EN|De|PL)([_-][A-Za-z]{2})?(\.[A-Za-z0-9-]{1,8})?"
                           r"(@[a-z]{1,6})?\Z|\Azh[_-](TW|HK|tw|Hant)\Z")


def names_the_host_accepts(text: str) -> bool:
    try:
        valid_name(text)
    except BadName:
        return False
    return True


@hypothesis_settings(max_examples=300, deadline=None)
@given(name=st.one_of(st.none(), SOUND_TEXT.filter(names_the_host_accepts)),
       host=st.one_of(st.none(), SOUND_TEXT), token=st.one_of(st.none(), SOUND_TEXT),
       bell=st.booleans(), lang=st.one_of(st.none(), LANG_CODES))
def test_every_value_saved_reads_back_as_it_was(name, host, token, bell, lang):
    assert lang is None or i18n.normalise(lang) is not None
    chosen = Settings(name=name, last_host=host, last_token=token, bell=bell, lang=lang)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "config.toml"
        save(chosen, path)
        assert load(path) == chosen


@hypothesis_settings(max_examples=300, deadline=None)
@given(name=st.one_of(st.none(), ANY_TEXT), host=st.one_of(st.none(), ANY_TEXT),
       token=st.one_of(st.none(), ANY_TEXT), lang=st.one_of(st.none(), LANG_CODES, ANY_TEXT))
def test_what_cannot_be_saved_is_refused_and_the_file_kept(name, host, token, lang):
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "config.toml"
        save(Settings(name="Ann", bell=True), path)
        before = path.read_bytes()
        chosen = Settings(name=name, last_host=host, last_token=token, lang=lang)
        try:
            save(chosen, path)
        except ConfigError:
            assert path.read_bytes() == before
            assert list(Path(directory).iterdir()) == [path]
        else:
            assert load(path) == chosen


@hypothesis_settings(max_examples=500, deadline=None)
@given(ANY_TEXT)
def test_a_name_is_one_the_host_accepts_or_refused_with_a_reason(text):
    try:
        name = valid_name(text)
    except BadName as exc:
        assert str(exc)
        return
    hello = {"type": "hello", "id": 1, "protocol": protocol.PROTOCOL_VERSION, "program": "t",
             "name": name}
    assert protocol.validate(hello, protocol.CLIENT_MESSAGES) is hello
    assert protocol.clean_name(name) == name and 1 <= len(name) <= protocol.NAME_MAX


def test_a_file_with_a_name_the_host_refuses_is_reported_not_used(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('name = "\\u0007 "\n', encoding="utf-8")
    try:
        load(path)
    except ConfigError as exc:
        assert "is not one a host accepts" in str(exc)
    else:
        raise AssertionError("the name was taken")


def test_a_language_this_program_does_not_speak_is_not_saved(tmp_path):
    path = tmp_path / "config.toml"
    save(Settings(name="Ann", lang="pl"), path)
    before = path.read_bytes()
    try:
        save(Settings(name="Ann", lang="xx"), path)
    except ConfigError as exc:
        assert "there is no language 'xx'" in str(exc)
    else:
        raise AssertionError("the language was saved")
    assert path.read_bytes() == before and load(path).lang == "pl"


def test_the_login_name_is_always_one_the_host_accepts(monkeypatch):
    for login in ["ann", "\x1b[2J", " ", "x" * 40, "zoë"]:
        monkeypatch.setattr(settings.getpass, "getuser", lambda login=login: login)
        assert names_the_host_accepts(settings.login_name())


def test_a_name_the_host_would_refuse_is_refused_on_the_command_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tichu_lan.cli", "join", "--name", " \x07 ",
                           "127.0.0.1:9"], capture_output=True, text=True, timeout=60,
                          env={"TICHU_LAN_CONFIG_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 2
    assert "argument --name: the name needs at least one visible character" in done.stderr
    assert not (tmp_path / "config.toml").exists()
