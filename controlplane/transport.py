"""How the router reaches edge nodes: the Transport interface and its gRPC implementation (a channel per
node). The bookkeeping the policy reads (load between reports, outlier ejection) is not here: it lives in
controlplane.kernel.ledger, so the simulator keeps the same books without any channel."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

import grpc
import grpc.aio

from controlplane.kernel.policy import NodeState
from controlplane.tls import TlsDir
from proto import HOP_CHANNEL_OPTIONS, method_path

CHANNEL_RETIRE_S = 30.0  # keep a departed node's channel this long so its in-flight calls finish


class UnaryCall(Protocol):
    """A unary call in flight, as grpc.aio returns it: awaited for the response; its headers on request."""

    def __await__(self) -> Any: ...
    def initial_metadata(self) -> Awaitable[Any]: ...


class Transport(Protocol):
    """The router's only way to a node. `unary` and `stream` return grpc.aio multi-callables (raw bytes in
    and out); failures surface as grpc.aio.AioRpcError, as they do from a real channel."""

    def unary(self, node: NodeState, method: str) -> Callable[..., UnaryCall]: ...
    def stream(self, node: NodeState) -> Callable[..., Any]: ...
    def reload_credentials(self) -> bool: ...
    def on_registry(self, nodes: Mapping[str, NodeState]) -> None: ...
    async def aclose(self) -> None: ...


class _Channel:
    __slots__ = ("channel", "unary", "stream", "address")

    def __init__(
        self, address: str, dial: str, credentials: grpc.ChannelCredentials | None = None, server_name: str | None = None,
    ) -> None:
        self.address = address
        if credentials is None:
            self.channel = grpc.aio.insecure_channel(dial, options=HOP_CHANNEL_OPTIONS)
        else:  # mutual TLS: the edge checks our router certificate; we check the edge's certificate names
            # server_name (when nodes register addresses no certificate can hold, such as pod IPs) or the
            # registered host (also when dialled through a --via relay)
            name = server_name or address.rpartition(":")[0].strip("[]")
            options = (*HOP_CHANNEL_OPTIONS, ("grpc.ssl_target_name_override", name)) if name != dial.rpartition(":")[0] \
                else HOP_CHANNEL_OPTIONS
            self.channel = grpc.aio.secure_channel(dial, credentials, options=options)
        self.unary: dict[str, grpc.aio.UnaryUnaryMultiCallable] = {}
        self.stream = self.channel.stream_stream(
            method_path("ModelStreamInfer"), request_serializer=None, response_deserializer=None
        )


class GrpcTransport:
    """One grpc.aio channel per node; a departed node's channel is closed after CHANNEL_RETIRE_S."""

    def __init__(
        self, via: Mapping[str, str] | None = None, clock: Callable[[], float] = time.monotonic, tls: TlsDir | None = None,
        edge_server_name: str | None = None,
    ) -> None:
        self._server_name = edge_server_name
        self._via = dict(via or {})  # node address -> where to dial it instead (a tunnel, a sidecar, a test relay)
        self._clock = clock
        self._tls = tls
        self._tls_stamp = tls.stamp("router") if tls is not None else ()  # before reading, as in reload_credentials
        self._credentials = tls.channel_credentials("router") if tls is not None else None
        self._channels: dict[str, _Channel] = {}
        self._retired: list[tuple[float, _Channel]] = []
        self._closing: set[asyncio.Task[None]] = set()

    def _channel(self, node: NodeState) -> _Channel:
        entry = self._channels.get(node.key)
        if entry is None or entry.address != node.address:
            if entry is not None:
                self._retired.append((self._clock(), entry))
            entry = self._channels[node.key] = _Channel(node.address, self._via.get(node.address, node.address),
                                                        self._credentials, self._server_name)
        return entry

    def unary(self, node: NodeState, method: str) -> grpc.aio.UnaryUnaryMultiCallable:
        entry = self._channel(node)
        call = entry.unary.get(method)
        if call is None:
            call = entry.unary[method] = entry.channel.unary_unary(
                method_path(method), request_serializer=None, response_deserializer=None
            )
        return call

    def stream(self, node: NodeState) -> grpc.aio.StreamStreamMultiCallable:
        return self._channel(node).stream

    def reload_credentials(self) -> bool:
        """When the router's certificate files changed: new channels use the new pair; the old channels are
        retired (their calls in flight finish on them) and closed CHANNEL_RETIRE_S later."""
        if self._tls is None:
            return False
        stamp = self._tls.stamp("router")  # taken before reading: a pair written meanwhile is read at the next poll
        if stamp == self._tls_stamp:
            return False
        try:
            credentials = self._tls.channel_credentials("router")
        except OSError:
            return False  # half-written: try again at the next poll
        self._credentials, self._tls_stamp = credentials, stamp
        now = self._clock()
        self._retired.extend((now, entry) for entry in self._channels.values())
        self._channels.clear()
        return True

    def on_registry(self, nodes: Mapping[str, NodeState]) -> None:
        """Retire the channels of departed nodes; close those retired long enough ago."""
        now = self._clock()
        for key in [k for k in self._channels if k not in nodes]:
            self._retired.append((now, self._channels.pop(key)))
        while self._retired and now - self._retired[0][0] > CHANNEL_RETIRE_S:
            _, entry = self._retired.pop(0)
            task = asyncio.get_running_loop().create_task(entry.channel.close(grace=None))
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    async def aclose(self) -> None:
        entries = list(self._channels.values()) + [e for _, e in self._retired]
        self._channels.clear()
        self._retired.clear()
        await asyncio.gather(*(e.channel.close(grace=None) for e in entries), *self._closing, return_exceptions=True)
