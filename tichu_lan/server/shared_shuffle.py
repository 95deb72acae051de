"""A table's shared shuffle before each round: nobody, the host included, chooses the cards.

Before a round of a shared game is dealt, the host draws a secret and sends its commitment
(`engine.shared_deal.commitment`) to every seat whose program takes part (`take_part`);
each of them answers with the commitment to a random value of its own (`commit`). Once
every commitment is in, the host shows them all and asks for the values (`reveal`); once
every value is in, the round is dealt (`engine.Deal`) from the seed made of the secret and
the values. The host reveals its secret, and the round's hidden moves, once the round is
over (`proof`): each program checks the round then (`tichu_lan.client.shuffle_check`).

The stated rule for a seat that does not answer: each step waits `SHUFFLE_WAIT` seconds
(less if its connection goes); a seat that has given no commitment, or no value matching
it, by then counts as having no value of its own, like a bot's seat, and everyone at the
table is told (`shuffle_missing`). A refused commitment or value (`bad_size`,
`commitment_mismatch`, `value_replayed`, `reveal_too_early`, ...) changes nothing: the
seat may still answer in time. Every step is journalled (`shuffle`, `commit`, `reveal`,
`missing`) and applied through `apply`, so a resumed table keeps its round's commitments
and waits again, from its resumption, for the answers still missing.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from twisted.logger import Logger

from engine import Action, action_to_dict, card_text
from engine.shared_deal import commitment, value_of

from .. import protocol
from ..lifecycle import Clock, Timer, cancel
from ..protocol import HostError, Message
from ..records.proofs import RoundProof

log = Logger()
SHUFFLE_WAIT = 3.0      # seconds each step of a shuffle waits for the seats that help
SHUFFLE_KINDS = ("shuffle", "commit", "reveal", "missing")     # its journal records


class Helper(Protocol):
    """A seat's connection, as far as the shuffle asks it."""

    def send(self, message: Message) -> None: ...


class RoundShuffle(RoundProof):
    """One round's shuffle under way: which step it is at, and whom it waits for."""

    @property
    def step(self) -> str:
        """"commit" while a commitment is awaited, then "reveal" while a value is, then "done"."""
        if self.awaited("commit"):
            return "commit"
        return "reveal" if self.awaited("reveal") else "done"

    def awaited(self, step: str) -> list[int]:
        given = self.commitments if step == "commit" else self.values
        return [s for s in self.seats if s not in given and s not in self.missing
                and (step == "commit" or s in self.commitments)]


class SharedShuffle:
    def __init__(self, table: int, seats: int, clock: Clock,
                 record: Callable[[dict[str, Any]], None],
                 helper: Callable[[int], Helper | None], deal: Callable[[str], object],
                 tell: Callable[[Message], None], dealt: Callable[[], int]) -> None:
        """``seats``: how many the table has; ``record``: journal a step and apply it (the
        table's own records); ``helper``: the connection of a seat whose program takes part,
        if it is here; ``deal``: the table's deal from a seed; ``tell``: everyone at the
        table; ``dealt``: the round dealt last."""
        self.table = table
        self.seats = seats
        self.clock = clock
        self.record = record
        self.helper = helper
        self.deal = deal
        self.tell = tell
        self.dealt = dealt
        self.current: RoundShuffle | None = None
        self.used: set[bytes] = set()           # the values of this game's earlier rounds
        self.asked = ""                         # the step the helpers were last asked for
        self.timer: Timer | None = None
        self.closed = False

    @property
    def open(self) -> RoundShuffle | None:
        """The shuffle under way: begun and its round not yet dealt."""
        current = self.current
        return current if current is not None and current.round_no > self.dealt() else None

    # --- live -----------------------------------------------------------------------

    def begin(self, round_no: int, seats: list[int]) -> None:
        """Shuffle round ``round_no`` with the programs in ``seats``; dealt at once without
        any."""
        self.record({"kind": "shuffle", "round": round_no, "secret": secrets.token_hex(32),
                     "seats": seats})
        self.asked = ""
        self._advance()

    def commit(self, seat: int, round_no: int, text: str) -> None:
        current = self._helping(seat, round_no)
        if seat in current.commitments:
            raise HostError("already_given", f"you have given your commitment for round "
                            f"{round_no} already", params={"round": round_no})
        if current.step != "commit":
            raise _closed(round_no)
        if value_of(text) is None:
            raise _bad_size("commitment")
        self.record({"kind": "commit", "seat": seat, "commitment": text})
        self._advance()

    def reveal(self, seat: int, round_no: int, text: str) -> None:
        current = self._helping(seat, round_no)
        if current.step == "commit":
            raise HostError("reveal_too_early", "a value is revealed once every commitment is "
                            "in: wait for the host to ask", params={"round": round_no})
        if seat in current.values:
            raise HostError("already_given", f"you have given your value for round {round_no} "
                            "already", params={"round": round_no})
        promised = current.commitments.get(seat)
        value = value_of(text)
        if promised is None:
            raise _closed(round_no)
        if value is None:
            raise _bad_size("value")
        if commitment(value) != promised:
            raise HostError("commitment_mismatch", "the value does not match your commitment",
                            params={"round": round_no})
        if value in self.used or value in current.values.values():
            raise HostError("value_replayed", "that value was used before in this game: draw "
                            "a new one", params={"round": round_no})
        self.record({"kind": "reveal", "seat": seat, "value": text})
        self._advance()

    def gone(self, seat: int) -> None:
        """``seat``'s program is no longer here (its connection went, or its person left):
        the shuffle goes on without what it has not given."""
        current = self.open
        if current is not None and not self.closed and seat in current.awaited(current.step):
            self.record({"kind": "missing", "seats": [seat]})
            self._advance()

    def took_part(self, seat: int) -> None:
        """``seat``'s program said it takes part (again, after a dropped connection): it is
        asked for what the shuffle still awaits from it."""
        current = self.open
        if current is not None and seat in current.awaited(current.step):
            self._ask(current, [seat])

    def resumed(self) -> None:
        """The table came back from its journal: the step under way waits afresh."""
        if self.open is not None:
            self.asked = ""
            self._advance()

    def close(self) -> None:
        self.closed = True
        cancel(self.timer)
        self.timer = None

    def _helping(self, seat: int, round_no: int) -> RoundShuffle:
        current = self.open
        if current is None or current.round_no != round_no:
            raise HostError("no_shuffle", f"no shuffle of round {round_no} is under way",
                            params={"round": round_no})
        if seat not in current.seats:
            raise HostError("not_taking_part", "your seat does not help shuffle this round",
                            params={"round": round_no})
        if seat in current.missing:
            raise _closed(round_no)
        return current

    def _advance(self) -> None:
        """After a step of the journal: ask for the next step, or deal."""
        current = self.open
        if current is None or self.closed:
            return
        step = current.step
        if step == self.asked:
            return
        self.asked = step
        cancel(self.timer)
        self.timer = None
        if step == "done":
            self._deal(current)
            return
        self._ask(current, current.awaited(step))
        self.timer = self.clock.callLater(SHUFFLE_WAIT, self._wait_over)

    def _ask(self, current: RoundShuffle, seats: list[int]) -> None:
        message: Message = {"type": "shuffle", "table": self.table, "round": current.round_no,
                            "step": current.step, "host": commitment(current.secret),
                            "seats": list(current.seats)}
        if current.step == "reveal":
            message["commitments"] = [current.commitments.get(s, "")
                                      for s in range(self.seats)]
        for seat in seats:
            helper = self.helper(seat)
            if helper is not None:
                helper.send(message)

    def _wait_over(self) -> None:
        self.timer = None
        current = self.open
        if current is None or self.closed:
            return
        late = current.awaited(current.step)
        log.info("table {table}: seats {seats} gave nothing in time for round {round}'s "
                 "shuffle", table=self.table, seats=late, round=current.round_no)
        self.record({"kind": "missing", "seats": late})
        self._advance()

    def _deal(self, current: RoundShuffle) -> None:
        if current.missing:
            seats = sorted(current.missing)
            self.tell(protocol.notice_message(
                self.table, "shuffle_missing", f"seats {', '.join(map(str, seats))} gave no "
                f"value in time for round {current.round_no}'s shuffle: each counts as none, "
                "and the host's secret stands for it", {"round": current.round_no,
                                                         "seats": seats}))
        self.deal(current.shuffle(self.seats).seed())

    # --- the journal ------------------------------------------------------------------

    def apply(self, record: dict[str, Any]) -> None:
        """A step of the shuffle, live or read back (ValueError for one out of place)."""
        kind = record["kind"]
        if kind == "shuffle":
            if self.current is not None:
                self.used |= set(self.current.values.values())
            self.current = RoundShuffle(int(record["round"]), bytes.fromhex(record["secret"]),
                                        tuple(int(s) for s in record["seats"]))
            return
        current = self.open
        if current is None:
            raise ValueError(f"a {kind} record without a shuffle under way")
        if kind == "commit":
            current.commitments[int(record["seat"])] = str(record["commitment"])
        elif kind == "reveal":
            current.values[int(record["seat"])] = bytes.fromhex(record["value"])
        else:
            current.missing |= {int(s) for s in record["seats"]}

    def restore(self, data: dict[str, Any] | None) -> None:
        """The round's shuffle as a checkpoint kept it."""
        self.current = RoundShuffle.from_dict(data) if data else None

    def forget(self) -> None:
        """A new game: nothing of the last one's shuffles counts any more."""
        cancel(self.timer)
        self.current, self.used, self.asked, self.timer = None, set(), "", None


def proof_message(table: int, round_no: int, dealt_at: int, deck: Sequence[int],
                  moves: Sequence[Action], shuffle: RoundShuffle | None,
                  seats: int) -> Message:
    """What round ``round_no`` kept hidden, for the programs that check it: the deck, the
    moves after the deal (move ``dealt_at``) with their cards, and its shuffle if it had one.
    A round of more moves than a proof lists (a seat that gave and took back its exchange a
    thousand times) is shown ``cut``, without them: it cannot be checked."""
    message: Message = {"type": "proof", "table": table, "round": round_no, "deal": dealt_at,
                        "deck": [card_text(c) for c in deck],
                        "moves": [action_to_dict(a) for a in moves]}
    if len(moves) > protocol.PROOF_MOVES:
        message["moves"], message["cut"] = [], True
    if shuffle is not None and shuffle.round_no == round_no:
        kept = shuffle.to_dict(seats)
        message["shuffle"] = {key: kept[key] for key in ("secret", "commitments", "values")}
    return message


def _closed(round_no: int) -> HostError:
    return HostError("no_shuffle", f"the shuffle of round {round_no} has gone on without you",
                     params={"round": round_no})


def _bad_size(what: str) -> HostError:
    return HostError("bad_size", f"a {what} is 32 bytes, written as 64 hex digits (0-9, a-f)",
                     params={"field": what})
