"""Which language a person gets: --lang, then the setting, then the locale, then English."""

from __future__ import annotations

import pytest

from tichu_lan import i18n
from tichu_lan.i18n import UnknownLanguage, language_from, normalise


@pytest.mark.parametrize("code, expected", [
    ("pl", "pl"), ("pl_PL.UTF-8", "pl"), ("ja_JP", "ja"), ("de_AT@euro", "de"),
    ("zh_TW.UTF-8", "zh_TW"), ("zh-TW", "zh_TW"), ("zh_HK", "zh_TW"), ("ro", "ro"),
    ("EN_gb", "en"), ("zh_CN", None), ("fr_FR", None), ("C", None), ("POSIX", None), ("", None),
])
def test_codes_are_read_as_people_and_locales_write_them(code, expected):
    assert normalise(code) == expected


def test_the_command_line_wins_then_the_setting_then_the_locale():
    locale = {"LC_ALL": "", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"}
    assert language_from("pl", "ro", locale) == "pl"
    assert language_from(None, "ro", locale) == "ro"
    assert language_from(None, None, locale) == "ja"
    assert language_from(None, None, {"LANG": "de_DE.UTF-8"}) == "de"
    assert language_from(None, None, {}) == "en"


def test_a_locale_without_a_catalog_speaks_english_but_a_chosen_unknown_language_is_refused():
    assert language_from(None, None, {"LANG": "fr_FR.UTF-8"}) == "en"
    with pytest.raises(UnknownLanguage, match="there is no language 'fr'; choose one of en, "):
        language_from("fr", None, {})
    with pytest.raises(UnknownLanguage, match="'klingon'"):
        language_from(None, "klingon", {})


def test_english_is_the_source_and_needs_no_catalog():
    i18n.use_language("en")
    assert i18n.current_language() == "en"
    assert i18n._("pass") == "pass"
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert i18n.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert i18n.N_("Dragon") == "Dragon"
