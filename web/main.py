"""Page entry point (PyScript main thread): start the app."""

from web.app import start

start()
