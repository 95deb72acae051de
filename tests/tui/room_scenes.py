"""Rooms to draw: tables at every stage, with the names a test gives."""

from __future__ import annotations

from tichu_lan.host_messages import RoomSeat, RoomTable, RoomTrick, RoomView
from tichu_lan.table_info import Standing


def seat(index: int, name: str, kind: str = "person", **more) -> RoomSeat:
    connected = more.pop("connected", kind == "person")
    return RoomSeat(seat=index, kind=kind, name=name if kind != "empty" else "",
                    connected=connected, bot=more.pop("bot", None), **more)


def playing(table: int, names: list[str]) -> RoomTable:
    """A trick under way: a Tichu called, one seat out, a person away with a bot for them."""
    return RoomTable(
        id=table, name=names[0][:20], opener=names[1], variant="classic", target=1000,
        state="playing", password=False, round=7, phase="play", scores=(885, 1005),
        turn=(2,), trick=RoomTrick(seat=3, cards=("3r", "4r", "5r", "6r", "7r", "8r", "9r")),
        seats=(seat(0, names[0], cards=14, call="grand"),
               seat(1, names[1], connected=False, bot="hard", cards=0, out=1, call="tichu"),
               seat(2, names[2], cards=9),
               seat(3, "hard bot", kind="bot", bot="hard", cards=11)))


def waiting(table: int, names: list[str]) -> RoomTable:
    return RoomTable(id=table, name="", opener=names[3], variant="classic", target=500,
                     state="waiting", password=False,
                     seats=(seat(0, names[3]), seat(1, "", kind="empty"),
                            seat(2, "normal bot", kind="bot", bot="normal"),
                            seat(3, "", kind="empty")))


def over(table: int, names: list[str]) -> RoomTable:
    """A duel that is over, with tonight's standings of its people."""
    evening = tuple(Standing(name=name, games=12, finished=12, wins=5) for name in names[:2])
    return RoomTable(id=table, name="", opener=names[0], variant="duel", target=1000,
                     state="over", password=False, round=9, phase="over", scores=(1020, 640),
                     turn=(), winner=0, evening=evening,
                     seats=(seat(0, names[0], cards=0, out=1), seat(1, names[1], cards=3)))


def leading(table: int, names: list[str]) -> RoomTable:
    """A new trick: the seat that won the last one leads; a password table beside it."""
    return RoomTable(id=table, name="Friday", opener=names[2], variant="classic", target=1000,
                     state="playing", password=False, round=1, phase="play", scores=(0, 0),
                     turn=(1,), seats=tuple(seat(i, names[i], cards=14 - i) for i in range(4)))


def private(table: int, names: list[str]) -> RoomTable:
    return RoomTable(id=table, name="secret", opener=names[1], variant="classic", target=1000,
                     state="playing", password=True,
                     seats=tuple(seat(i, names[i]) for i in range(4)))


def room(names: list[str], count: int) -> RoomView:
    kinds = [playing, waiting, over, leading, private]
    return RoomView(tables=tuple(kinds[i % len(kinds)](i + 1, names) for i in range(count)))
