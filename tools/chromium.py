"""How this project starts Chromium: Debian's build, headless, and offline.

The resolver rule maps every host except 127.0.0.1 to "not found", so a page can
never reach the network even if it tried; the test guard then reports the attempt.
"""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
READY = 'body[data-ready="1"]'
