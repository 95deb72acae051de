"""The link between the table model and the client: messages in, intents out, and every way
a move can fail turned into words on the message line."""

from twisted.internet import defer

from engine import CLASSIC, GrandTichu, Pass, apply, new_game, view as seat_view, view_to_dict
from tests.support import typed_host
from tichu_lan.client import Disconnected
from tichu_lan.host_messages import decode
from tichu_lan.protocol import HostError
from tichu_lan.tui.faces import Faces
from tichu_lan.words.sentences import plain
from tichu_lan.tui.table_intents import Leave, Move, Ring, Say
from tichu_lan.tui.table_link import TableLink
from tichu_lan.tui.table_model import TableModel


class Client:
    """The part of TichuClient's public API the link uses; each request answers with the
    next outcome given (a value, or an exception to fail with)."""

    def __init__(self, view=None, outcomes=()) -> None:
        self.view, self.table, self.welcome = view, None, typed_host.welcome(chat=40)
        self.view_message = None
        self.notices, self.evening = (), None
        self.listeners, self.acts, self.said = [], [], []
        self.outcomes = list(outcomes)

    def subscribe(self, listener):
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)

    def answer(self) -> defer.Deferred:
        outcome = self.outcomes.pop(0)
        return defer.fail(outcome) if isinstance(outcome, Exception) else defer.succeed(outcome)

    def act(self, action):
        self.acts.append(action)
        return self.answer()

    def chat(self, text):
        self.said.append(text)
        return self.answer()

    def send(self, message) -> None:
        for listener in list(self.listeners):
            listener(message)


def linked(client):
    calls = []
    model = TableModel(Faces(ascii=True))
    link = TableLink(client, model, on_change=lambda: calls.append("change"),
                     on_bell=lambda: calls.append("bell"), on_quit=lambda: calls.append("quit"))
    return model, link, calls


def test_the_hosts_messages_reach_the_model_and_redraw():
    game = new_game(CLASSIC, 2)
    client = Client(seat_view(game, 0))
    model, _, calls = linked(client)
    assert model.view is client.view and model.forced is not None and model.chat_limit() == 40
    game, events = apply(game, GrandTichu(1, True))
    client.view = seat_view(game, 0)
    data = [e.to_dict() for e in events] + [{"type": "from_a_newer_host"}]
    skipped = []
    client.send(decode({"type": "view", "table": 1, "seq": 1, "view": view_to_dict(client.view),
                        "events": data}, skipped))
    assert len(skipped) == 1 and "from_a_newer_host" in skipped[0]
    log = [plain(line) for line in model.log]
    assert log == ["seat 2 calls GRAND TICHU"] and calls == ["change"]


def test_a_move_accepted_clears_the_selection():
    client = Client(seat_view(new_game(CLASSIC, 2), 0), outcomes=[7])
    model, link, calls = linked(client)
    model.hand.select(model.hand.mask | 1 << model.hand.cards[0])
    model.send(Move(Pass(0), clears=True))
    assert client.acts == [Pass(0)] and model.hand.mask == 0 and not model.busy
    assert calls == ["change"] and model.message == []


def test_every_failure_of_a_move_becomes_words_and_frees_the_next_move():
    failures = [HostError("not_your_turn", "it is not your turn"),
                Disconnected("lost"), RuntimeError("boom")]
    client = Client(seat_view(new_game(CLASSIC, 2), 0), outcomes=failures)
    model, link, calls = linked(client)
    shown = []
    for _ in failures:
        model.send(Move(Pass(0), clears=True))
        assert not model.busy
        shown.append("".join(t for _, t in model.message))
    assert shown == ["It is not your turn", "Not connected to the host: nothing was sent",
                     "The move failed: boom"]
    assert model.errors == 3 and len(client.acts) == 3


def test_chat_the_bell_and_leaving():
    client = Client(outcomes=[{}, HostError("rate_limited", "slow down")])
    model, link, calls = linked(client)
    model.emit(Say("hi"))
    model.emit(Say("hi again"))
    assert client.said == ["hi", "hi again"] and "".join(t for _, t in model.message) == \
        "Too many requests at once: that one was not carried out"
    model.emit(Ring())
    model.emit(Leave())
    assert calls == ["change", "bell", "quit"]
