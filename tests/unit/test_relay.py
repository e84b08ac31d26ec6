"""The delaying TCP relay live mode puts between a city's router and a hub: delay at least half the RTT
each way, bytes in order, closes cleanly."""

from __future__ import annotations

import asyncio
import time

from simulator.relay import DelayRelay


async def test_relay_delays_each_direction_and_keeps_order():
    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while data := await reader.read(1024):
            writer.write(data)
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    one_way = 0.03
    relay = DelayRelay(f"127.0.0.1:{port}", lambda: one_way)
    address = await relay.start()
    host, _, relay_port = address.rpartition(":")
    reader, writer = await asyncio.open_connection(host, int(relay_port))
    started = time.perf_counter()
    writer.write(b"ping")
    await writer.drain()
    assert await reader.readexactly(4) == b"ping"
    assert time.perf_counter() - started >= 2 * one_way - 0.002  # a round trip pays both directions

    chunks = [bytes([i]) * 100 for i in range(50)]
    for chunk in chunks:
        writer.write(chunk)
        await writer.drain()
    assert await reader.readexactly(5000) == b"".join(chunks)
    writer.close()
    await relay.aclose()
    server.close()
    await server.wait_closed()
