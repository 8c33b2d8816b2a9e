"""A small headless-Chromium driver over the DevTools protocol (no Playwright needed).

Debian's ``chromium`` package is enough (``.ci/run`` installs it when missing). The browser
is started with ``--remote-debugging-port=0`` and driven through its page websocket with
aiohttp: ``Runtime.evaluate`` to read the page, ``Input.*`` for real typing and clicks,
``Page.captureScreenshot`` for pictures (the README's, see ``tests/e2e/test_offline_browser.py``).
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser")


def find_chromium() -> str | None:
    for name in CHROMIUM_CANDIDATES:
        path = shutil.which(name) if not name.startswith("/") else (name if Path(name).is_file() else None)
        if path:
            return path
    return None


class Chromium:
    """One headless browser with one page. ``await start()``, then ``close()``."""

    def __init__(self, executable: str | None = None) -> None:
        self.executable = executable or find_chromium()
        self.proc: asyncio.subprocess.Process | None = None
        self.session: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.console: list[str] = []
        self.profile = ""

    async def start(self, width: int = 1100, height: int = 900) -> None:
        if self.executable is None:
            raise FileNotFoundError("chromium is not installed")
        self.profile = tempfile.mkdtemp(prefix="gaigel-chromium-")
        self.proc = await asyncio.create_subprocess_exec(
            self.executable, "--headless=new", "--no-sandbox", "--disable-gpu",
            "--disable-dev-shm-usage", "--remote-debugging-port=0",
            "--remote-allow-origins=*", f"--user-data-dir={self.profile}",
            f"--window-size={width},{height}", "--no-first-run", "--no-default-browser-check",
            "--hide-scrollbars", "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        assert self.proc.stderr is not None
        match = None
        while match is None:
            line = (await asyncio.wait_for(self.proc.stderr.readline(), 30)).decode()
            if not line:
                raise RuntimeError("chromium exited before its DevTools endpoint was up")
            match = re.search(r"DevTools listening on (ws://\S+)", line)
        port = int(re.search(r":(\d+)/", match.group(1)).group(1))  # type: ignore[union-attr]
        self._tasks.append(asyncio.ensure_future(self._drain_stderr()))
        self.session = aiohttp.ClientSession()
        async with self.session.get(f"http://127.0.0.1:{port}/json/list") as r:
            pages = [t for t in await r.json() if t["type"] == "page"]
        self.ws = await self.session.ws_connect(pages[0]["webSocketDebuggerUrl"], max_msg_size=0)
        self._tasks.append(asyncio.ensure_future(self._read()))
        await self.send("Runtime.enable")
        await self.send("Page.enable")

    async def _drain_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while await self.proc.stderr.readline():
            pass

    async def _read(self) -> None:
        assert self.ws is not None
        async for msg in self.ws:
            data = json.loads(msg.data)
            if "id" in data and data["id"] in self._pending:
                self._pending.pop(data["id"]).set_result(data)
            elif data.get("method") == "Runtime.consoleAPICalled":
                self.console.append(" ".join(str(a.get("value", a.get("description", "")))
                                             for a in data["params"]["args"]))
            elif data.get("method") == "Runtime.exceptionThrown":
                self.console.append("EXC " + json.dumps(data["params"]["exceptionDetails"])[:500])

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        assert self.ws is not None
        i = next(self._ids)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[i] = fut
        await self.ws.send_str(json.dumps({"id": i, "method": method, "params": params}))
        res = await asyncio.wait_for(fut, 30)
        if "error" in res:
            raise RuntimeError(f"{method}: {res['error']}")
        return res["result"]  # type: ignore[no-any-return]

    async def eval(self, expr: str) -> Any:
        res = await self.send("Runtime.evaluate", expression=expr, returnByValue=True,
                              awaitPromise=True)
        if "exceptionDetails" in res:
            raise RuntimeError(json.dumps(res["exceptionDetails"])[:800])
        return res["result"].get("value")

    async def wait_for(self, expr: str, timeout: float = 10.0, interval: float = 0.05) -> Any:
        """Until the expression is truthy (DOM nodes count as true)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            value = await self.eval(f"!!({expr})")
            if value:
                return value
            if loop.time() > end:
                raise TimeoutError(f"timed out waiting for: {expr}")
            await asyncio.sleep(interval)

    async def goto(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def type_text(self, text: str) -> None:
        await self.send("Input.insertText", text=text)

    async def key(self, key: str) -> None:
        codes = {"Enter": 13, "Tab": 9, "Escape": 27, "Backspace": 8, "ArrowDown": 40}
        kc = codes.get(key, 0)
        for t in ("keyDown", "keyUp"):
            extra = {"text": "\r"} if key == "Enter" and t == "keyDown" else {}
            await self.send("Input.dispatchKeyEvent", type=t, key=key, code=key,
                            windowsVirtualKeyCode=kc, nativeVirtualKeyCode=kc, **extra)

    async def click_at(self, x: float, y: float) -> None:
        for t in ("mousePressed", "mouseReleased"):
            await self.send("Input.dispatchMouseEvent", type=t, x=x, y=y, button="left",
                            clickCount=1)

    async def click(self, js_element: str, timeout: float = 5.0) -> None:
        """A real mouse click at the centre of the element the expression gives, once it is
        there and nothing covers it (an overlay, a scroll in progress), as a person waits for
        a page to settle; if it never is, the error says where the page was."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            box = await self.eval(f"""(async () => {{ const e = {js_element};
                if (!e) return null; e.scrollIntoView({{block: 'center', behavior: 'instant'}});
                await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
                const r = e.getBoundingClientRect(), x = r.x + r.width/2, y = r.y + r.height/2;
                const hit = document.elementFromPoint(x, y);
                return [x, y, !!hit && (hit === e || e.contains(hit))]; }})()""")
            if box is not None and box[2]:
                await self.click_at(box[0], box[1])
                return
            if loop.time() > end:
                break
            await asyncio.sleep(0.05)
        where = await self.eval("location.href + ' (' + document.readyState + ')'")
        what = "no element" if box is None else "something covers"
        raise LookupError(f"{what}: {js_element} on {where}")

    async def click_selector(self, selector: str) -> None:
        await self.click(f"document.querySelector({json.dumps(selector)})")

    async def screenshot(self, path: str | Path, *, clip: dict[str, float] | None = None) -> None:
        params: dict[str, Any] = {"format": "png"}
        if clip is not None:
            params["clip"] = {**clip, "scale": 1}
        data = await self.send("Page.captureScreenshot", **params)
        Path(path).write_bytes(base64.b64decode(data["data"]))

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()
        if self.ws is not None:
            await self.ws.close()
        if self.session is not None:
            await self.session.close()
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
