"""Helpers for tests that need a real host on 127.0.0.1 and real clients talking to it.

- `tests.support.live_host`: start a host in this process (`start_host`) or as a
  `tichu server` subprocess (`HostProcess`), connect clients (`connect`), seat a
  table's worth of them (`seat_clients`), wait for a condition (`wait_until`) or pace
  a scenario (`pause`).
- `tests.support.host_fixtures`: the ``hosts``, ``host`` and ``data_dir`` fixtures,
  imported by the conftests that offer them.
- `tests.support.stepped_time`: `SteppedReactor`, for a host whose timers a test steps
  (``hosts(stepped=True)``, then ``host.reactor.advance(seconds)``).
- `tests.support.random_games`: random legal games from a seed, checked at every move
  (`walk`, `play`), the policies that choose their moves, and `calm_decision`, the
  random player of clients and test bots.
- `tests.support.autoplay`: `AutoPlayer` makes a `TichuClient` play by itself
  through the protocol (pausable, survives reconnects, records its accepted moves).
- `tests.support.raw`: `RawConnection`, a bare TCP connection for sending bytes
  the real client never would (hostile input, fuzzing).
- `tests.support.fake_wire`: a fake transport and frame reading, for the lifecycle
  tests that feed the client's and the host's connections events under a `task.Clock`.
- `tests.support.audit`: `MessageLog` and `assert_no_hidden_cards`, which check
  that no message gave a seat a card it could not know.
- `tests.support.gated_bots`: a bot level that thinks until the test lets it,
  to prove that slow bots never hold up the host.
- `tests.support.netns` (from discovery): private test LANs in network namespaces.

Every wait takes a timeout, so a broken host fails a test instead of hanging it. A test
never sleeps and then asserts that something did not happen: it steps a host's clock past
the deadline, or waits for an event after which the absence means something (a ping's
pong: everything the host sent before it has arrived).
Everything here is Twisted-style: use it from ``pytest_twisted.ensureDeferred``
tests (``await`` the Deferreds) or ``inlineCallbacks`` code.
"""
