"""The terminal client: a full-screen prompt_toolkit table on the shared asyncio loop.

From the inside out:

- `faces` (how a card looks), `text` (widths, wrapping, boxes), `table_log` (which
  events the log tells, in `tichu_lan.words.narration`'s words, drawn with the faces),
  `summaries` (the pages to read: scores, the last trick, the keys).
- `hand_cursor` (cursor, selection and hints over the hand), `exchange_picks` (the three
  cards being given).
- `dialogs` (choices, pages, a line of text: the state of each and what a person can do
  to it), `dialog_keys` (their keys as prompt_toolkit bindings) and `floats` (a dialog
  drawn over the screen leaves no wide character cut in half at its sides).
- The game screen, in the pyvim manner: `table_model` (what the player sees, fed the
  host's messages; neither Twisted nor the client), `table_actions` (each thing a key
  asks for, emitting the `table_intents`; why not pass, Tichu, Grand Tichu or the
  discard is `tichu_lan.words.refusals`), `table_dialogs` (the dialogs it opens,
  forced by the rules or asked for), `table_keys` (`create_table_bindings(model)`: the
  keys and the conditions under which each applies), `table_layout` (the layout, over
  its regions: `table_sizes`, `seat_panels`, `table_middle`, `log_pane`, `hand_rows`,
  `table_lines`), `table_link` (intents to `TichuClient` calls and its failures to
  messages: the only Deferreds on the table's path), `table_screen` (them all put
  together).
- `seat_news` (what changed at the seats, in words for the log: away, back, a stand-in,
  who runs the table), `seat_requests` (the owner's one list of people asking for bots'
  seats), `event_record` (the moves a comeback replays), `round_history` (the round so
  far, trick by trick), `coach` (key `i`: what the hard bot would play, off the reactor),
  `evening` (the standings tonight on the game-over page), `link_banner` (the line over
  the table and the pages while the host is out of reach: lost, stopped by its owner,
  gone).
- The replay of a kept game: `replay_model`, `replay_layout`, `replay_keys`,
  `replay_screen`.
- The pages before the game, in the same shape: `list_page` and `lobby_pages` (each
  page's state, emitting the `lobby_intents`), `lobby_dialogs` (its questions),
  `lobby_keys` (`create_page_bindings(page)`), `lobby_layout` (the layout),
  `lobby_screen` (them put together); `flow` (the pages' link to the host: from the
  lobby to the table as the player picks and the host answers), `hosting` (the same for
  `tichu host`'s own terminal, which serves on after its player leaves the seat and stops
  the host only when asked), `finding` (the games found on the network, for `tichu join`).
- `app` (the one Application: the current screen and its bindings), `player` (who plays,
  from the command line and the settings), `run` (starting it all beside a client and,
  for `tichu play` and `tichu host`, a host).
"""
