"""The page shell: the entry scripts (`main` for the page, `worker` for the bot worker),
the app that owns the parts and moves between screens (`app`), and the start screen
(`start`, `start_form`).

May import: everything in web/.
"""
