"""Cutting and breaking styled lines (tichu_lan/tui/text.py) as the drawing check found them
wanting: a cut that overshot its width, lines broken where two parts meet without a space,
before punctuation, inside a name, or a Japanese line that starts with a comma."""

from tichu_lan.tui.text import fit, whole, width, wrap_words


def texts(lines):
    return ["".join(t for _, t in line) for line in lines]


def test_a_cut_at_the_end_of_a_part_keeps_to_its_width():
    line = [("", " Ann "), ("a", "2♣"), ("", " "), ("b", "3♣"), ("", " "), ("c", "4♣")]
    cut = fit(line, 10)
    assert width(cut) <= 10 and texts([cut]) == [" Ann 2♣ 3…"]


def test_no_break_where_two_parts_meet_without_a_space():
    line = [("", "You received 4♠ from Cat"), ("", ", "), ("x", "K★"), ("", " from Bob")]
    lines = texts(wrap_words(line, 24))
    assert lines == ["You received 4♠ from", " Cat, K★ from Bob"], lines


def test_no_line_starts_with_punctuation():
    lines = texts(wrap_words([("", "Game over: they win 255 : 300")], 24))
    assert all(not line.strip().startswith((":", ",")) for line in lines), lines


def test_a_name_is_never_broken_where_a_line_has_room_for_it():
    name = whole("Żaneta Grzegorzewska-Kos")
    lines = texts(wrap_words([("", "It cuts off "), ("", name), ("", " and Bob")], 30))
    assert any(name in line for line in lines), lines
    assert " " not in name and width([("", name)]) == 24


def test_a_japanese_line_is_broken_between_characters_but_not_before_a_comma():
    sentence = "あなたは山田さんから、カードを一枚もらいました。次は、あなたの番です。"
    lines = texts(wrap_words([("", sentence)], 21))
    assert all(width([("", line)]) <= 21 for line in lines), lines
    assert not any(line.strip()[:1] in "、。" for line in lines), lines
    assert "".join(line.strip() for line in lines) == sentence
