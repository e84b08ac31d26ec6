"""Closed-loop load against a router or node: N workers, each on its own channel, calling until stopped.

Used by the failure tests and benchmarks so that they drive the real stack the same way."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import grpc

from controlplane.router import NODE_HEADER
from proto import CHANNEL_OPTIONS, service_pb2, service_pb2_grpc


@dataclass(frozen=True, slots=True)
class CallRecord:
    started: float  # time.monotonic()
    ended: float
    node: str  # the node that answered ("" on failure)
    code: str  # grpc status code name


@dataclass
class ClosedLoopLoad:
    target: str
    request: Callable[[int], service_pb2.ModelInferRequest]
    metadata: Sequence[tuple[str, str]] = ()
    workers: int = 8
    timeout_s: float = 10.0
    max_seconds: float = 120.0  # a bound of its own: the load stops even if nobody calls stop()
    records: list[CallRecord] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _work(self, worker: int) -> None:
        deadline = time.monotonic() + self.max_seconds
        with grpc.insecure_channel(self.target, options=CHANNEL_OPTIONS) as channel:
            call = service_pb2_grpc.GRPCInferenceServiceStub(channel).ModelInfer
            sequence = worker
            while not self._stop.is_set() and time.monotonic() < deadline:
                started = time.monotonic()
                try:
                    _, rpc = call.with_call(self.request(sequence), metadata=tuple(self.metadata), timeout=self.timeout_s)
                    node, code = dict(rpc.initial_metadata()).get(NODE_HEADER, ""), "OK"
                except grpc.RpcError as exc:
                    node, code = "", exc.code().name
                with self._lock:
                    self.records.append(CallRecord(started, time.monotonic(), node, code))
                sequence += self.workers

    def start(self) -> ClosedLoopLoad:
        for worker in range(self.workers):
            thread = threading.Thread(target=self._work, args=(worker,), name=f"load-{worker}", daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def stop(self) -> list[CallRecord]:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=self.timeout_s + 5)
        with self._lock:
            return list(self.records)

    def __enter__(self) -> ClosedLoopLoad:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def failures(self) -> list[CallRecord]:
        with self._lock:
            return [r for r in self.records if r.code != "OK"]
