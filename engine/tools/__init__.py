"""The tools around the game: the arena (`arena`, and `challenges_arena` for the
Challenges), the benchmark (`bench`), the soak of invariants (`invariants`) and the
command line (`cli`, run by ``python -m engine``).

May import everything below it: the rules, the formats, the bots, the Challenges and the
coach. Nothing in the engine imports it.
"""
