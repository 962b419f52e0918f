"""Where an embedded board's position may come from besides its URL and attributes: a
position file of the same site (``src``), fetched with every limit the board keeps.
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from web.teach.teach import MAX_TEXT
from web.ui.dom import js_value, missing


class SourceError(Exception):
    """A ``src`` file that cannot be fetched, and why."""


async def fetch_position_file(src: str) -> str:
    """The text of a position file: on this site only, never through a redirect (an open
    redirect would show a position from anywhere), at most ``MAX_TEXT`` bytes."""
    url = js.URL.new(src, js.document.baseURI)
    if str(url.origin) != str(js.location.origin):
        raise SourceError("src must be a file on this site")
    address = str(url.href).split("#")[0]
    try:
        response = await js.fetch(url.href, js_value({"redirect": "manual"}))
    except Exception as exc:  # a network failure reaches us as a JS error
        response = await kept_copy(address)
        if response is None:
            raise SourceError(f"the file could not be fetched ({exc})") from None
    else:
        if str(response.type) == "opaqueredirect" or str(response.url) != address:
            raise SourceError("the address redirects elsewhere; give the file's own address")
    if not response.ok:
        raise SourceError(f"HTTP {response.status}")
    length = response.headers.get("content-length")
    too_big = SourceError(f"the file is larger than {MAX_TEXT // 1000} kB")
    if not missing(length) and str(length).isdigit() and int(str(length)) > MAX_TEXT:
        raise too_big
    if missing(response.body):
        raise SourceError(f"HTTP {response.status} without a file")
    chunks: list[bytes] = []
    size = 0
    reader = response.body.getReader()
    try:
        while True:
            part = await reader.read()
            if part.done:
                break
            chunk = bytes(part.value.to_bytes())
            size += len(chunk)
            if size > MAX_TEXT:
                await reader.cancel()
                raise too_big
            chunks.append(chunk)
    except SourceError:
        raise
    except Exception as exc:  # the connection broke off mid-file
        raise SourceError(f"the file could not be read ({exc})") from None
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise SourceError("the file is not UTF-8 text") from None


async def kept_copy(address: str) -> Any:
    """The copy of a position file that the release's service worker keeps for offline
    visits (``tools/sw_template.js``, "Kept files"), read from Cache Storage by the page
    itself: the browser does not always hand a request to the worker (one starting up, a
    reload that bypasses it), and with no network the board still opens. Only the caches of
    a copy of the game whose folder holds the file are read; their names end in that
    folder."""
    caches: Any = getattr(js, "caches", None)
    if missing(caches):  # Cache Storage needs a secure context
        return None
    path = str(js.URL.new(address).pathname)
    try:
        for name in list(await caches.keys()):
            name = str(name)
            folder = name.partition(" ")[2]
            if not name.startswith("ingenious-") or not folder or not path.startswith(folder):
                continue
            hit = await (await caches.open(name)).match(address)
            if not missing(hit) and hit.ok:
                return hit
    except Exception:  # storage refused (private mode, quota): no copy to offer
        return None
    return None
