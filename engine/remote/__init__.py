"""Remote play: a game across devices with no server (docs/remote.md). The crypto core
(`curve`, `schnorr`, `cards`), the messages (`wire`), the public state replayed from them
(`state`, `items`, `table`), one device's side (`device`, `store`), the final verification
(`verify`) and what the page calls (`api`).

May import the rules and the formats; never the bots, the coach or the tools.
"""
