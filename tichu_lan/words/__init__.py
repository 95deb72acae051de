"""Every text a person reads that is built from game data, worded once: the game told
(`narration`, for the table's log, its round history, the replay and the text export),
the game's vocabulary, the host's refusals and notices, the coach's advice, argparse's
own words; and the plain means they share (`sentences`, `columns`).

The host sends codes and parameters and records keep data; the reader's client words
them here, in the reader's language (`tichu_lan.i18n`). Drawing stays the caller's: a
sentence comes as styled parts with the cards drawn by the screen that shows it."""
