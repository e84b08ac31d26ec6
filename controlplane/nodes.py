"""The router's view of each node beyond the registry: its channel, calls sent since its last
report, and outlier detection (eject after repeated failures, probe back in after a while)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping

import grpc
import grpc.aio

from controlplane import metrics
from controlplane.config import OutlierDetection
from controlplane.policy import NodeState
from proto import CHANNEL_OPTIONS, method_path

CHANNEL_RETIRE_S = 30.0  # keep a departed node's channel this long so its in-flight calls finish


class _Channel:
    __slots__ = ("channel", "unary", "stream", "address")

    def __init__(self, address: str, dial: str) -> None:
        self.address = address
        self.channel = grpc.aio.insecure_channel(dial, options=CHANNEL_OPTIONS)
        self.unary: dict[str, grpc.aio.UnaryUnaryMultiCallable] = {}
        self.stream = self.channel.stream_stream(
            method_path("ModelStreamInfer"), request_serializer=None, response_deserializer=None
        )


class NodeChannels:
    def __init__(
        self, outlier: OutlierDetection, clock: Callable[[], float] = time.monotonic, via: Mapping[str, str] | None = None
    ) -> None:
        self._outlier = outlier
        self._clock = clock
        self._via = dict(via or {})  # node address -> where to dial it instead (a tunnel, a sidecar, a test relay)
        self._channels: dict[str, _Channel] = {}
        self._retired: list[tuple[float, _Channel]] = []
        # calls sent since the node's last report and still in flight here: load the report cannot show yet
        self.sent_since_report: dict[str, int] = {}
        self._sent: dict[str, int] = {}
        self._in_flight: dict[str, int] = {}
        self._reported_at: dict[str, float] = {}
        self._failures: dict[str, int] = {}
        self._ejected_until: dict[str, float] = {}
        self._ejected_view: frozenset[str] = frozenset()
        self._closing: set[asyncio.Task[None]] = set()

    def configure(self, outlier: OutlierDetection) -> None:
        self._outlier = outlier

    def _channel(self, node: NodeState) -> _Channel:
        entry = self._channels.get(node.key)
        if entry is None or entry.address != node.address:
            if entry is not None:
                self._retired.append((self._clock(), entry))
            entry = self._channels[node.key] = _Channel(node.address, self._via.get(node.address, node.address))
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

    # ---- load accounting ---------------------------------------------------------------------
    def sent(self, node: NodeState) -> None:
        key = node.key
        self._sent[key] = self._sent.get(key, 0) + 1
        self._in_flight[key] = self._in_flight.get(key, 0) + 1
        self.sent_since_report[key] = min(self._sent[key], self._in_flight[key])

    def done(self, node: NodeState) -> None:
        key = node.key
        if key in self._in_flight:
            self._in_flight[key] -= 1
            self.sent_since_report[key] = min(self._sent.get(key, 0), self._in_flight[key])

    def on_registry(self, nodes: Mapping[str, NodeState]) -> None:
        """A new registry view: reset counters of nodes that reported again, retire channels of departed nodes.

        A departed node also loses its outlier state: if it registers again (after its Triton came back, say)
        it is a fresh instance, as a host removed from and re-added to an Envoy cluster is."""
        for key, node in nodes.items():
            if self._reported_at.get(key) != node.reported_at:
                self._reported_at[key] = node.reported_at
                self._sent[key] = 0
                self.sent_since_report[key] = 0
        now = self._clock()
        for key in [k for k in self._channels if k not in nodes]:
            self._retired.append((now, self._channels.pop(key)))
            for table in (self.sent_since_report, self._sent, self._in_flight, self._reported_at):
                table.pop(key, None)
        for key in [k for k in {*self._failures, *self._ejected_until} if k not in nodes]:
            self._failures.pop(key, None)
            if self._ejected_until.pop(key, None) is not None:
                self._ejected_view = frozenset(self._ejected_until)
        while self._retired and now - self._retired[0][0] > CHANNEL_RETIRE_S:
            _, entry = self._retired.pop(0)
            task = asyncio.get_running_loop().create_task(entry.channel.close(grace=None))
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    # ---- outlier detection -------------------------------------------------------------------
    def failed(self, node: NodeState) -> None:
        count = self._failures.get(node.key, 0) + 1
        self._failures[node.key] = count
        if count >= self._outlier.consecutive_failures and node.key not in self._ejected_until:
            self._ejected_until[node.key] = self._clock() + self._outlier.ejection_s
            self._ejected_view = frozenset(self._ejected_until)
            metrics.EJECTIONS.labels(node.hub).inc()

    def succeeded(self, node: NodeState) -> None:
        if self._failures.get(node.key):
            self._failures[node.key] = 0

    def ejected(self) -> frozenset[str]:
        """Nodes to skip now. An ejection that has run its time is lifted: the node's next call is its probe,
        and one more failure ejects it again."""
        if self._ejected_until:
            now = self._clock()
            expired = [k for k, until in self._ejected_until.items() if until <= now]
            if expired:
                for key in expired:
                    del self._ejected_until[key]
                    self._failures[key] = self._outlier.consecutive_failures - 1
                self._ejected_view = frozenset(self._ejected_until)
        return self._ejected_view

    async def aclose(self) -> None:
        entries = list(self._channels.values()) + [e for _, e in self._retired]
        self._channels.clear()
        self._retired.clear()
        await asyncio.gather(*(e.channel.close(grace=None) for e in entries), *self._closing, return_exceptions=True)
