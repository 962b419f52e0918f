"""The page shell: the entry scripts (`main` for the page, `worker` for the bot worker),
the app that owns the parts and moves between screens (`app`), the start screen
(`start`, `start_form`), and what the memory snapshot builds before it is taken (`warm`).

May import: everything in web/.
"""
