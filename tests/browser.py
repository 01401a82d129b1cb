"""Headless Chromium (Debian's ``chromium``, installed by ``make test``) driven through the DevTools
protocol over a pipe (``--remote-debugging-pipe``: no port, no websocket library): open a page in a
viewport of a given width, read what it shows — its laid-out width and its text as a reader sees it
(``innerText``) — and take a full-page screenshot.

A command-line ``--window-size`` cannot go below Chromium's 500 px minimum window; the protocol's
device-metrics override gives a true 390 px phone viewport (meta viewport honoured)."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--hide-scrollbars", "--mute-audio", "--remote-debugging-pipe"]
TIMEOUT = 60.0
# What the page shows: its width, its visible text, and any element reaching past the viewport
# that is not inside a box of its own that scrolls (a table's .wide box may be wider, the page not).
MEASURE = """(() => {
  const root = document.documentElement, limit = root.clientWidth + 0.5;
  const out = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > limit
      && !e.closest('.wide')).map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''));
  return JSON.stringify({scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
                         scrollHeight: root.scrollHeight, text: document.body.innerText, overflowing: out});
})()"""


def chromium() -> str | None:
    """The Chromium executable, or None when it is not installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


@dataclass(frozen=True)
class PageView:
    """What a page looked like at one width."""

    width: int
    scroll_width: int
    height: int
    text: str
    overflowing: list[str]


def _high(fds: tuple[int, int]) -> tuple[int, int]:
    """The pipe's two ends moved above 10, so that putting them on 3 and 4 in the child cannot
    overwrite one with the other."""
    moved = tuple(fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in fds)
    for fd in fds:
        os.close(fd)
    return moved


class Browser:
    """One headless Chromium with one tab, spoken to over the DevTools pipe."""

    def __init__(self) -> None:
        self._tmp = tempfile.TemporaryDirectory()
        to_browser_r, self._to_browser = _high(os.pipe())
        self._from_browser, from_browser_w = _high(os.pipe())

        def child_fds():  # Chromium reads commands on fd 3 and writes answers on fd 4
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.process = subprocess.Popen([chromium(), *FLAGS, f"--user-data-dir={self._tmp.name}/profile",
                                         "about:blank"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, pass_fds=(3, 4),
                                        preexec_fn=child_fds)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next = 0
        self._events: list[dict] = []
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.send("Page.enable", session=True)

    def send(self, method: str, session: bool = False, **params) -> dict:
        """Send one protocol command and wait for its answer."""
        self._next += 1
        message = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self._events.append(answer)

    def _read(self) -> dict:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(raw)

    def open(self, path: Path, width: int, height: int = 900, mobile: bool = False) -> None:
        """Load ``path`` in a ``width`` × ``height`` viewport and wait until it has loaded."""
        self.send("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=mobile)
        self._events.clear()
        self.send("Page.navigate", session=True, url=path.as_uri())
        deadline = time.monotonic() + TIMEOUT
        while not any(e.get("method") == "Page.loadEventFired" for e in self._events):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{path} did not load")
            self._events.append(self._read())
        # Web fonts load after the load event: wait for them, or text is measured and drawn in a fallback.
        self.send("Runtime.evaluate", session=True, expression="document.fonts.ready.then(() => document.fonts.size)",
                  awaitPromise=True)

    def view(self) -> PageView:
        """What the open page shows now."""
        result = self.send("Runtime.evaluate", session=True, expression=MEASURE, returnByValue=True)
        data = json.loads(result["result"]["value"])
        return PageView(data["clientWidth"], data["scrollWidth"], data["scrollHeight"], data["text"],
                        data["overflowing"])

    def screenshot(self, out: Path) -> Path:
        """The whole open page (not just the viewport) as a PNG at ``out``."""
        shot = self.send("Page.captureScreenshot", session=True, format="png", captureBeyondViewport=True)
        out.write_bytes(base64.b64decode(shot["data"]))
        return out

    def close(self) -> None:
        """End this browser (only the process it started)."""
        try:
            self.send("Browser.close")
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        self._tmp.cleanup()
