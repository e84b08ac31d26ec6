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
from typing import Any

import aetcd
import aetcd.exceptions
import aetcd.watcher
import grpc
import grpc.aio
from aetcd import rpc

from controlplane.kernel.errors import RegistryError
from controlplane.kernel.policy import NodeState
from controlplane.tls import TlsDir

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
        raise RegistryError(f"etcd endpoint {endpoint[:200]!r}: expected HOST:PORT (several: HOST:PORT,HOST:PORT,...)")
    return host.strip("[]"), int(port)


def parse_endpoints(endpoints: str) -> list[tuple[str, int]]:
    """--etcd 'A:2379,B:2379,C:2379' (the members of one cluster) -> [(host, port), ...]."""
    members = [parse_endpoint(part.strip()) for part in endpoints.split(",") if part.strip()]
    if not members:
        raise RegistryError("--etcd is empty: give HOST:PORT, or the members of a cluster as HOST:PORT,HOST:PORT,...")
    return members


class _TlsClient(aetcd.Client):
    """aetcd's client over TLS with a client certificate (aetcd 1.0 dials only in plaintext): the same client,
    its channel made with grpc.aio.secure_channel."""

    def __init__(self, host: str, port: int, credentials: grpc.ChannelCredentials, timeout: int) -> None:
        super().__init__(host=host, port=port, timeout=timeout)
        self._credentials = credentials

    async def connect(self) -> None:
        if self._connected.is_set():
            return
        self.channel = grpc.aio.secure_channel(f"{self._host}:{self._port}", self._credentials, options=self._options.items())
        self.kvstub = rpc.KVStub(self.channel)
        self.clusterstub = rpc.ClusterStub(self.channel)
        self.leasestub = rpc.LeaseStub(self.channel)
        self.maintenancestub = rpc.MaintenanceStub(self.channel)
        self._watcher = aetcd.watcher.Watcher(rpc.WatchStub(self.channel), timeout=self._timeout, metadata=self.metadata)
        self._connected.set()


# errors after which the next member is tried: this one is down, cut off, or has no leader (lost quorum)
_MEMBER_TROUBLE = (aetcd.exceptions.ConnectionFailedError, aetcd.exceptions.ConnectionTimeoutError,
                   aetcd.exceptions.InternalError)


class EtcdClient:
    """An etcd client for one member at a time of a cluster (--etcd A,B,C), over TLS when given a --tls-dir.

    A call that fails because its member is down or has no leader is tried once on each other member, so a
    member's death or a leader change costs a call no more than a retry. The member in use is kept until it
    fails (no load balancing: etcd forwards writes to the leader anyway)."""

    def __init__(self, endpoints: str, tls: TlsDir | None = None, role: str = "client") -> None:
        self.endpoints = endpoints
        self.members = parse_endpoints(endpoints)
        self._credentials = tls.channel_credentials(role) if tls is not None else None
        self._index = 0
        self._client: aetcd.Client | None = None
        self._retired: list[aetcd.Client] = []
        self._pending: set[asyncio.Future[Any]] = set()

    @property
    def member(self) -> str:
        host, port = self.members[self._index]
        return f"{host}:{port}"

    def client(self) -> aetcd.Client:
        if self._client is None:
            host, port = self.members[self._index]
            self._client = (aetcd.Client(host=host, port=port, timeout=ETCD_CALL_TIMEOUT_S) if self._credentials is None
                            else _TlsClient(host, port, self._credentials, ETCD_CALL_TIMEOUT_S))
        return self._client

    async def next_member(self, failed: aetcd.Client | None = None) -> None:
        """Leave the current member for the next one. Given the client a call `failed` on, only if that client
        is still the current one: another caller (a report and a lease renewal run side by side) may have
        moved on already. The old client is closed only after the longest call on it could have ended:
        closing a grpc.aio channel cancels the calls on it, which would reach their callers as cancellation."""
        if failed is not None and failed is not self._client:
            return
        client, self._client = self._client, None
        if client is not None:
            self._retired.append(client)
            self._spawn(self._close_later(client))
        self._index = (self._index + 1) % len(self.members)

    async def _close_later(self, client: aetcd.Client) -> None:
        await asyncio.sleep(ETCD_CALL_TIMEOUT_S + 1)
        if client in self._retired:
            self._retired.remove(client)
            await _close_quietly(client)

    def _spawn(self, work: Awaitable[Any]) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(work)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
        return task

    async def call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        for attempt in range(len(self.members)):
            client = self.client()
            try:
                return await self._bounded(getattr(client, method)(*args, **kwargs), method)
            except (*_MEMBER_TROUBLE, TimeoutError, asyncio.CancelledError) as exc:
                current = asyncio.current_task()
                if isinstance(exc, asyncio.CancelledError) and current is not None and current.cancelling():
                    raise  # we are being cancelled, not the call
                if attempt + 1 == len(self.members):
                    raise RegistryError(f"etcd: {method} failed on every member of {self.endpoints[:200]}: {exc}") \
                        from exc
                LOG.warning("etcd member %s: %s failed (%s); trying the next member", self.member, method,
                            exc or type(exc).__name__)
                await self.next_member(client)
        raise AssertionError("unreachable")

    async def _bounded(self, call: Awaitable[Any], method: str) -> Any:
        """The call's result, or TimeoutError past its deadline: a call is never awaited past it, even one
        that ignores cancellation (as aetcd's watch iterator can on Python 3.11); it is cancelled and left."""
        task = self._spawn(call)
        done, _ = await asyncio.wait({task}, timeout=ETCD_CALL_TIMEOUT_S + 1)
        if not done:
            task.cancel()
            raise TimeoutError(f"{method} on {self.member} did not return within {ETCD_CALL_TIMEOUT_S + 1} s")
        return task.result()

    async def close(self) -> None:
        clients = [c for c in (self._client, *self._retired) if c is not None]
        self._client, self._retired = None, []
        for task in self._pending:
            task.cancel()
        await asyncio.gather(*(_close_quietly(c) for c in clients))
        if self._pending:
            await asyncio.wait(self._pending, timeout=CLIENT_CLOSE_S)


class NodeRegistration:
    """Keeps one node's status in etcd under a lease; the key vanishes when the lease expires."""

    def __init__(
        self, endpoint: str, hub: str, node_id: str, ttl_s: int = DEFAULT_LEASE_TTL_S, tls: TlsDir | None = None,
    ) -> None:
        self._client = EtcdClient(endpoint, tls, "edge")
        self._key = node_key(hub, node_id)
        self._ttl_s = ttl_s
        self._lease: aetcd.Lease | None = None
        self._keepalive: asyncio.Task[None] | None = None
        self._last: NodeState | None = None

    async def publish(self, node: NodeState) -> None:
        """Write the node's status, creating the lease (and the keepalive loop) on first use."""
        if self._lease is None:
            self._lease = await self._client.call("lease", self._ttl_s)
            self._keepalive = asyncio.create_task(self._keep_alive(), name=f"lease-keepalive {self._key.decode()}")
        self._last = node
        await self._client.call("put", self._key, encode_status(node), lease=self._lease)

    async def _keep_alive(self) -> None:
        while True:
            await asyncio.sleep(self._ttl_s / 3)
            try:
                reply = await self._client.call("refresh_lease", self._lease.id)  # type: ignore[union-attr]
                if reply is None or reply.TTL <= 0:
                    # the lease expired (etcd was away longer than the TTL): take a new one, re-register
                    LOG.warning("lease for %s lost; registering again", self._key.decode())
                    self._lease = await self._client.call("lease", self._ttl_s)
                    if self._last is not None:
                        await self._client.call("put", self._key, encode_status(self._last), lease=self._lease)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - whatever etcd answers (no leader, timed out), keep trying
                LOG.warning("lease keepalive for %s failed: %s", self._key.decode(), exc)

    async def deregister(self) -> None:
        """Remove the key at once (clean shutdown or drain) and drop the lease."""
        if self._keepalive is not None:
            self._keepalive.cancel()
            await asyncio.gather(self._keepalive, return_exceptions=True)
            self._keepalive = None
        if self._lease is not None:
            try:
                await self._client.call("delete", self._key)
                await self._client.call("revoke_lease", self._lease.id)
            except (aetcd.exceptions.ClientError, RegistryError, OSError) as exc:
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

    def __init__(
        self, endpoint: str, on_change: Callable[[RegistryState], Awaitable[None] | None], tls: TlsDir | None = None,
    ) -> None:
        self._endpoint = endpoint
        self._tls = tls
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
        etcd = EtcdClient(self._endpoint, self._tls, "router")
        try:
            while True:
                try:
                    first = await _read_prefix(etcd)
                    nodes, config_text, revision = first.nodes, first.config_text, first.revision
                    await self._emit(nodes, config_text, revision)
                    watch = await etcd.client().watch_prefix(KEY_PREFIX.encode(), start_revision=revision + 1)
                    backoff = 0.1
                    async for event in watch:
                        config_text = self._apply(nodes, config_text, event.kind, event.kv.key, event.kv.value)
                        revision = max(revision, event.kv.mod_revision)
                        await self._emit(nodes, config_text, revision)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # a member away or the watch broken: resync on the next member
                    LOG.warning("registry watch on %s broke (%s); resyncing in %.1fs", etcd.member, exc, backoff)
                    await etcd.next_member()
                    await asyncio.sleep(backoff)
                    backoff = min(backoff * 2, 2.0)
        finally:
            await etcd.close()

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


async def _read_prefix(etcd: EtcdClient) -> RegistryState:
    nodes: dict[str, NodeState] = {}
    config_text: bytes | None = None
    snapshot = await etcd.call("get_prefix", KEY_PREFIX.encode())
    for kv in snapshot:
        config_text = RegistryWatcher._apply(nodes, config_text, "PUT", kv.key, kv.value)
    return RegistryState(nodes, config_text, snapshot.header.revision)


async def read_registry(endpoint: str, tls: TlsDir | None = None) -> RegistryState:
    """One consistent read of the registry, for the CLI (`edgeroute status`, `edgeroute route`)."""
    client = EtcdClient(endpoint, tls)
    try:
        return await _read_prefix(client)
    except aetcd.exceptions.ClientError as exc:
        raise RegistryError(f"cannot read the registry at {endpoint}: {exc}") from exc
    finally:
        await client.close()


async def push_config(endpoint: str, text: bytes, tls: TlsDir | None = None) -> int:
    client = EtcdClient(endpoint, tls)
    try:
        result = await client.call("put", CONFIG_KEY.encode(), text)
        return result.header.revision
    except aetcd.exceptions.ClientError as exc:
        raise RegistryError(f"cannot write {CONFIG_KEY} at {endpoint}: {exc}") from exc
    finally:
        await client.close()
