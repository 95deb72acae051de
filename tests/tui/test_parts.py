"""The pieces without a network: the hand model, card faces, settings, command lines."""

import subprocess
import sys

import pytest

from engine import Kind, all_plays, parse_cards
from engine.cards import cards_of
from tichu_lan import settings
from tichu_lan.tui.faces import Faces, unicode_ok
from tichu_lan.tui.hand_cursor import Hand, hint_order
from tichu_lan.commands.client_args import default_level
from tichu_lan.host_address import parse_target


def hand_of(text):
    hand = Hand()
    hand.update(parse_cards(text))
    return hand


def test_typing_ranks_selects_the_next_card_of_that_rank_and_again_unselects():
    hand = hand_of("MJ 7j 7s 7r Tp PH DR")
    assert hand.type_key("7") and hand.type_key("7")
    assert hand.mask == parse_cards("7j 7s")
    assert hand.type_key("7") and hand.type_key("7")      # all three, then none
    assert hand.mask == 0
    assert hand.type_key("0") and hand.type_key("f") and hand.type_key("r") and hand.type_key("1")
    assert hand.mask == parse_cards("MJ Tp PH DR")
    assert not hand.type_key("k") and not hand.type_key("d")   # none held
    assert hand.cards[hand.cursor] == int(parse_cards("MJ").bit_length() - 1)


def test_the_cursor_and_selection_follow_the_cards_through_a_new_hand():
    hand = hand_of("3j 5s 9r Kp")
    hand.move(2)
    hand.toggle()
    hand.update(parse_cards("3j 9r Kp"))     # 5s was played
    assert hand.cards[hand.cursor] == cards_of(parse_cards("9r"))[0]
    assert hand.mask == parse_cards("9r")
    hand.move(-3)
    assert hand.cursor == 1


def test_hints_go_from_the_cheapest_play_up_keeping_the_phoenix_and_bombs_for_last():
    cards = parse_cards("4j 4s 4p 4r 9j 9s Jp PH")
    order = hint_order(all_plays(cards, False))
    assert order[-1].kind == Kind.BOMB
    pairs = [c for c in order if c.kind == Kind.PAIR]
    assert not pairs[0].cards & parse_cards("PH") and pairs[-1].cards & parse_cards("PH")
    plays = all_plays(cards, False)             # the engine's order, not the hints'
    hand = Hand()
    hand.update(cards)
    seen = []
    for _ in plays:
        seen.append(hand.cycle_hint(plays, 1))
        assert hand.mask == seen[-1].cards
    assert sorted(map(repr, seen)) == sorted(map(repr, plays))     # every play, once
    singles = [c for c in seen if c.kind == Kind.SINGLE]
    low = [c.height for c in singles[:-1]]
    assert seen[:len(singles)] == singles and low == sorted(low)    # the cheapest first,
    assert singles[-1].cards == parse_cards("PH") and seen[0].cards == parse_cards("4j")
    assert seen[-1].kind == Kind.BOMB                                # the Phoenix, bombs last
    assert hand.cycle_hint(plays, 1) == seen[0]                      # round again
    assert hand.cycle_hint(plays, -1) == seen[-1] and hand.hint == seen[-1]   # and back
    fresh = Hand()
    fresh.update(cards)
    assert fresh.cycle_hint(plays, -1) == seen[-1]                   # Shift-Tab from the end
    hand.toggle()                            # a card taken out: the hint is not selected now
    assert hand.hint is None and hand.mask != seen[-1].cards


def test_faces_in_colour_glyphs_or_plain_notation():
    assert Faces().face(int(parse_cards("Tr").bit_length() - 1)) == "10★"
    plain = Faces(ascii=True)
    assert [plain.face(c) for c in cards_of(parse_cards("MJ 7j Tr PH DR DG"))] == \
        ["DG", "MJ", "7j", "Tr", "PH", "DR"]
    assert all(len(Faces().face(c)) <= 3 for c in range(56))
    assert unicode_ok("utf-8") and not unicode_ok("ascii")


def test_settings_round_trip_and_a_bad_file_is_reported_and_left_alone(tmp_path):
    path = tmp_path / "config.toml"
    assert settings.load(path) == settings.Settings()
    saved = settings.Settings(name='Ann "the bold" \\ Ü', last_host="[::1]:47474",
                            last_token="abc", bell=True)
    settings.save(saved, path)
    assert settings.load(path) == saved
    path.write_text("name = 'Ann'\nbell = 'loud'\n")
    with pytest.raises(settings.ConfigError, match="bell must be a bool"):
        settings.load(path)
    path.write_text("name = \n")
    with pytest.raises(settings.ConfigError, match="cannot read the settings"):
        settings.load(path)
    assert path.read_text() == "name = \n"


@pytest.mark.parametrize("text,expected", [
    ("192.168.1.20", ("192.168.1.20", 47474)), ("host.lan:5000", ("host.lan", 5000)),
    ("[::1]:4000", ("::1", 4000)), ("::1", ("::1", 47474)), ("[fe80::1]", ("fe80::1", 47474))])
def test_addresses_people_type(text, expected):
    assert parse_target(text) == expected


@pytest.mark.parametrize("text", ["", "host:0", "host:x", "host:70000", "[::1", "[::1]x"])
def test_addresses_that_are_refused(text):
    with pytest.raises(ValueError):
        parse_target(text)


def test_the_default_bot_level_is_normal_or_the_strongest_there_is():
    from engine.bots import levels
    assert default_level() == ("normal" if "normal" in levels() else levels()[-1])


@pytest.mark.parametrize("argv", [
    ["play", "--target", "10"], ["play", "--bots", "genius"], ["play", "--seed", "x"],
    ["join", "host:99999"], ["host", "--bots", "5"], ["host", "--port", "70000"],
    ["host", "--password", ""]])
def test_bad_command_lines_get_a_clear_error_and_exit_2(argv):
    done = subprocess.run([sys.executable, "-m", "tichu_lan.cli", *argv], capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 2
    assert "error: argument" in done.stderr and "Traceback" not in done.stderr


def test_middle_text_breaks_between_words_and_keeps_its_styles():
    from tichu_lan.tui.text import wrap_words, width
    lines = wrap_words([("class:strong", " Exchange: give one card"), ("", " to each player")], 16)
    assert ["".join(t for _, t in line) for line in lines] == [
        " Exchange: give", " one card to", " each player"]
    assert all(width(line) <= 16 for line in lines)
    assert lines[1][0][0] == "class:strong" and lines[1][-1][0] == ""


def test_a_line_that_fills_its_width_exactly_is_cut_within_it_when_more_follows():
    from tichu_lan.tui.text import fit, width
    full = [("class:turn", "x" * 78), ("", "yy")]
    assert fit(full, 80) == full
    cut = fit([*full, ("class:info", "  2 ask for seats")], 80)
    assert width(cut) == 80 and cut[-1] == ("", "y…")


def test_the_log_pane_breaks_between_words_and_shows_the_newest_lines():
    from types import SimpleNamespace
    from prompt_toolkit.data_structures import Size
    from tichu_lan.tui.log_pane import LogPane
    from tichu_lan.tui.table_model import LogScroll
    from tichu_lan.tui.text import width
    entry = [("", "You received 4♠ from Bot 2, K★ from Bot 3, 5♦ from Bot 4")]
    model = SimpleNamespace(log=[entry] * 30, logged=30, scroll=LogScroll())
    pane = LogPane(model, lambda: 26, lambda: Size(rows=24, columns=80))
    tail = pane.tail()
    texts = ["".join(t for _, t in line).strip() for line in tail]
    assert len(tail) == 24 and all(width(line) <= 26 for line in tail)
    newest = texts[max(i for i, text in enumerate(texts) if text.startswith("You")):]
    assert len(newest) > 1 and " ".join(newest) == entry[0][1]
