"""A user-space TCP relay that delays every byte by a one-way delay that follows an RTT trace.

This kernel has no netem, so live mode puts one relay per (client city, hub) between the city's router
and the hub's edge node. Each direction is delayed by half the pair's current RTT; bytes keep their order
(a chunk is never sent before one read earlier), as on a real path.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

_CHUNK = 65536


class DelayRelay:
    def __init__(self, target: str, one_way_s: Callable[[], float], host: str = "127.0.0.1") -> None:
        self._target_host, _, port = target.rpartition(":")
        self._target_port = int(port)
        self._one_way_s = one_way_s
        self._host = host
        self._server: asyncio.base_events.Server | None = None
        self._connections: set[asyncio.Task[None]] = set()
        self.address = ""

    async def start(self) -> str:
        self._server = await asyncio.start_server(self._accept, self._host, 0)
        port = self._server.sockets[0].getsockname()[1]
        self.address = f"{self._host}:{port}"
        return self.address

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._connections.add(task)
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(self._target_host, self._target_port)
        except OSError:
            writer.close()
            self._connections.discard(task)
            return
        try:
            await asyncio.gather(self._pipe(reader, upstream_writer), self._pipe(upstream_reader, writer))
        except asyncio.CancelledError:
            pass  # the relay is closing; a connection handler that re-raised would be logged by asyncio
        finally:
            for w in (writer, upstream_writer):
                w.close()
            self._connections.discard(task)

    async def _pipe(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        pending: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await pending.get()
                wait = due - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not data:
                    with contextlib.suppress(OSError):
                        sink.write_eof()
                    return
                sink.write(data)
                await sink.drain()

        sender = asyncio.create_task(deliver())
        last_due = 0.0
        try:
            while True:
                try:
                    data = await source.read(_CHUNK)
                except (ConnectionError, OSError):
                    data = b""
                last_due = max(last_due, loop.time() + self._one_way_s())  # never overtake an earlier chunk
                pending.put_nowait((last_due, data))
                if not data:
                    break
            await sender
        except (ConnectionError, OSError):
            pass
        finally:
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)

    async def aclose(self) -> None:
        if self._server is not None:
            self._server.close()
            for task in list(self._connections):
                task.cancel()
            await asyncio.gather(*self._connections, return_exceptions=True)
            await self._server.wait_closed()
