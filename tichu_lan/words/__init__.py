"""Every text a person reads that is built from game data, worded once: the game's
vocabulary, the host's refusals and notices, argparse's own words.

The host sends codes and parameters and records keep data; the reader's client words
them here, in the reader's language (`tichu_lan.i18n`)."""
