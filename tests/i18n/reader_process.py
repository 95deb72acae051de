"""A player's client in a process of its own, which reads Japanese (or the language given)
as `tichu --lang` would set it for the whole process: it asks a loopback host for a table
with a wrong password, for a seat that is taken, for a table there is not, and prints each
refusal's code and words as one JSON line. tests/i18n/test_two_clients.py runs it beside a
Polish client in the test's own process.

    python -m tests.i18n.reader_process PORT TABLE LANG
"""

from __future__ import annotations

import json
import sys

from twisted.internet import defer, task

from tichu_lan import i18n
from tichu_lan.client import TichuClient
from tichu_lan.protocol import HostError
from tichu_lan.words.refusals import error_words


async def refused(d: defer.Deferred) -> dict[str, str]:
    try:
        await d
    except HostError as exc:
        return {"code": exc.code, "words": error_words(exc), "english": exc.message}
    return {"code": "granted", "words": "", "english": ""}


async def main(reactor, port: str, table: str, language: str) -> None:
    i18n.use_language(language)
    client = TichuClient("127.0.0.1", int(port), "Haruto")
    await client.connect()
    try:
        for request in (client.join(int(table), password="nie"),
                        client.join(int(table), password="tajne", seat=0),
                        client.join(int(table) + 98)):
            print(json.dumps(await refused(request), ensure_ascii=False), flush=True)
    finally:
        await client.close()


if __name__ == "__main__":
    task.react(lambda reactor, *args: defer.ensureDeferred(main(reactor, *args)), sys.argv[1:])
