"""The terminal client: a full-screen prompt_toolkit table on the shared asyncio loop.

From the inside out: `faces` (how a card looks), `hand_cursor` (the selection model),
`wording` (events in words), `seatinfo` (what the table tells about each seat),
`dialogs` (choices the rules force, and the overlays), `table_screen` (the game
screen and its keys), `lobby_screen` (finding a host, a table and a seat),
`app` (the Application and key routing), `run` (starting it beside a client and,
for `tichu play` and `tichu host`, a host).
"""
