"""The node registry in etcd: key layout, status records, lease-backed registration and the watcher.

Key layout (documented in README.md):
  /edgeroute/v1/nodes/<hub>/<node_id>   JSON node status, attached to the node's lease
  /edgeroute/v1/config/regions.yaml     regions.yaml pushed by `edgeroute config push`
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import aetcd
import aetcd.exceptions

from controlplane.kernel.errors import RegistryError
from controlplane.kernel.policy import NodeState

LOG = logging.getLogger(__name__)

KEY_PREFIX = "/edgeroute/v1/"
NODES_PREFIX = KEY_PREFIX + "nodes/"
CONFIG_KEY = KEY_PREFIX + "config/regions.yaml"
DEFAULT_LEASE_TTL_S = 3
ETCD_CALL_TIMEOUT_S = 5


def node_key(hub: str, node_id: str) -> bytes:
    return f"{NODES_PREFIX}{hub}/{node_id}".encode()


def encode_status(node: NodeState) -> bytes:
    return json.dumps(
        {
            "hub": node.hub,
            "node_id": node.node_id,
            "address": node.address,
            "models": sorted(node.models),
            "queue_depth": node.queue_depth,
            "in_flight": node.in_flight,
            "reported_at": node.reported_at,
            "cache_hit_rate": round(node.cache_hit_rate, 4),
            "slots": node.slots,
            "service_ms": round(node.service_ms, 3),
            "arrivals_per_s": round(node.arrivals_per_s, 3),
        },
        separators=(",", ":"),
    ).encode()


def decode_status(raw: bytes) -> NodeState:
    try:
        data = json.loads(raw)
        return NodeState(
            hub=str(data["hub"]),
            node_id=str(data["node_id"]),
            address=str(data["address"]),
            models=frozenset(str(m) for m in data["models"]),
            queue_depth=int(data["queue_depth"]),
            in_flight=int(data.get("in_flight", 0)),
            reported_at=float(data["reported_at"]),
            cache_hit_rate=float(data.get("cache_hit_rate", 0.0)),
            slots=max(1, int(data.get("slots", 1))),
            service_ms=max(0.0, float(data.get("service_ms", 0.0))),
            arrivals_per_s=max(0.0, float(data.get("arrivals_per_s", 0.0))),
        )
    except (ValueError, KeyError, TypeError) as exc:
        raise RegistryError(f"unusable node status record: {exc!r}") from exc


def parse_endpoint(endpoint: str) -> tuple[str, int]:
    """'127.0.0.1:2379' or 'http://127.0.0.1:2379' -> (host, port)."""
    hostport = endpoint.split("://", 1)[-1].rstrip("/")
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise RegistryError(f"etcd endpoint {endpoint!r}: expected HOST:PORT")
    return host, int(port)


def etcd_client(endpoint: str) -> aetcd.Client:
    host, port = parse_endpoint(endpoint)
    return aetcd.Client(host=host, port=port, timeout=ETCD_CALL_TIMEOUT_S)


class NodeRegistration:
    """Keeps one node's status in etcd under a lease; the key vanishes when the lease expires."""

    def __init__(self, endpoint: str, hub: str, node_id: str, ttl_s: int = DEFAULT_LEASE_TTL_S) -> None:
        self._client = etcd_client(endpoint)
        self._key = node_key(hub, node_id)
        self._ttl_s = ttl_s
        self._lease: aetcd.Lease | None = None
        self._keepalive: asyncio.Task[None] | None = None
        self._last: NodeState | None = None

    async def publish(self, node: NodeState) -> None:
        """Write the node's status, creating the lease (and the keepalive loop) on first use."""
        if self._lease is None:
            self._lease = await self._client.lease(self._ttl_s)
            self._keepalive = asyncio.create_task(self._keep_alive(), name=f"lease-keepalive {self._key.decode()}")
        self._last = node
        await self._client.put(self._key, encode_status(node), lease=self._lease)

    async def _keep_alive(self) -> None:
        while True:
            await asyncio.sleep(self._ttl_s / 3)
            try:
                reply = await self._client.refresh_lease(self._lease.id)  # type: ignore[union-attr]
                if reply is None or reply.TTL <= 0:
                    # the lease expired (etcd was away longer than the TTL): take a new one, re-register
                    LOG.warning("lease for %s lost; registering again", self._key.decode())
                    self._lease = await self._client.lease(self._ttl_s)
                    if self._last is not None:
                        await self._client.put(self._key, encode_status(self._last), lease=self._lease)
            except (aetcd.exceptions.ClientError, OSError) as exc:
                LOG.warning("lease keepalive for %s failed: %s", self._key.decode(), exc)

    async def deregister(self) -> None:
        """Remove the key at once (clean shutdown or drain) and drop the lease."""
        if self._keepalive is not None:
            self._keepalive.cancel()
            await asyncio.gather(self._keepalive, return_exceptions=True)
            self._keepalive = None
        if self._lease is not None:
            try:
                await self._client.delete(self._key)
                await self._client.revoke_lease(self._lease.id)
            except (aetcd.exceptions.ClientError, OSError) as exc:
                LOG.warning("deregistering %s failed (the lease will expire): %s", self._key.decode(), exc)
            self._lease = None

    async def aclose(self) -> None:
        await self.deregister()
        await self._client.close()


@dataclass(frozen=True)
class RegistryState:
    nodes: dict[str, NodeState]
    config_text: bytes | None
    revision: int


class RegistryWatcher:
    """Mirrors the registry prefix into memory and calls on_change with a whole new state after each change.

    The request path never waits on etcd: it reads whatever state the last callback installed.
    On a broken watch it resynchronises with a fresh read and watches again.
    """

    def __init__(self, endpoint: str, on_change: Callable[[RegistryState], Awaitable[None] | None]) -> None:
        self._endpoint = endpoint
        self._on_change = on_change
        self._task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()
        self.updates = 0
        self.last_update_monotonic = 0.0

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="registry-watch")

    async def _emit(self, nodes: dict[str, NodeState], config_text: bytes | None, revision: int) -> None:
        self.updates += 1
        self.last_update_monotonic = time.monotonic()
        result = self._on_change(RegistryState(dict(nodes), config_text, revision))
        if asyncio.iscoroutine(result):
            await result
        self.ready.set()

    async def _run(self) -> None:
        backoff = 0.1
        while True:
            client = etcd_client(self._endpoint)
            try:
                first = await _read_prefix(client)
                nodes, config_text, revision = first.nodes, first.config_text, first.revision
                await self._emit(nodes, config_text, revision)
                watch = await client.watch_prefix(KEY_PREFIX.encode(), start_revision=revision + 1)
                backoff = 0.1
                async for event in watch:
                    config_text = self._apply(nodes, config_text, event.kind, event.kv.key, event.kv.value)
                    revision = max(revision, event.kv.mod_revision)
                    await self._emit(nodes, config_text, revision)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # etcd away or watch broken: resync after a pause
                LOG.warning("registry watch on %s broke (%s); resyncing in %.1fs", self._endpoint, exc, backoff)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 2.0)
            finally:
                await _close_quietly(client)

    @staticmethod
    def _apply(nodes: dict[str, NodeState], config_text: bytes | None, kind: str, key: bytes, value: bytes) -> bytes | None:
        name = key.decode()
        if name == CONFIG_KEY:
            return value if kind == "PUT" else None
        if not name.startswith(NODES_PREFIX):
            return config_text
        node_path = name[len(NODES_PREFIX):]
        if kind == "DELETE":
            nodes.pop(node_path, None)
            return config_text
        try:
            nodes[node_path] = decode_status(value)
        except RegistryError as exc:
            LOG.warning("ignoring %s: %s", name, exc)
        return config_text

    async def aclose(self) -> None:
        task, self._task = self._task, None
        # cancel until it ends: a cancellation that lands inside aetcd's watch iterator can be swallowed
        # (asyncio.wait_for on Python < 3.12), which left a router hanging on Ctrl-C right after start
        while task is not None and not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=0.5)


CLIENT_CLOSE_S = 2.0


async def _close_quietly(client: aetcd.Client) -> None:
    """Close a client that had a watch open, bounded in time. aetcd 1.0's close can wait forever when the
    watch's consumer is gone and events are still arriving (seen: a router stopped right after it started,
    while edge nodes were reporting); a shutdown must not hang on it."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(asyncio.shield(client.close()), CLIENT_CLOSE_S)


async def _read_prefix(client: aetcd.Client) -> RegistryState:
    nodes: dict[str, NodeState] = {}
    config_text: bytes | None = None
    snapshot = await client.get_prefix(KEY_PREFIX.encode())
    for kv in snapshot:
        config_text = RegistryWatcher._apply(nodes, config_text, "PUT", kv.key, kv.value)
    return RegistryState(nodes, config_text, snapshot.header.revision)


async def read_registry(endpoint: str) -> RegistryState:
    """One consistent read of the registry, for the CLI (`edgeroute status`, `edgeroute route`)."""
    client = etcd_client(endpoint)
    try:
        return await _read_prefix(client)
    except aetcd.exceptions.ClientError as exc:
        raise RegistryError(f"cannot read the registry at {endpoint}: {exc}") from exc
    finally:
        await client.close()


async def push_config(endpoint: str, text: bytes) -> int:
    client = etcd_client(endpoint)
    try:
        result = await client.put(CONFIG_KEY.encode(), text)
        return result.header.revision
    except aetcd.exceptions.ClientError as exc:
        raise RegistryError(f"cannot write {CONFIG_KEY} at {endpoint}: {exc}") from exc
    finally:
        await client.close()
