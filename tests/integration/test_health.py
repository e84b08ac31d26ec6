"""grpc.health.v1 on routers and edge nodes: NOT_SERVING while starting or without nodes, SERVING when ready,
NOT_SERVING while draining (calls in flight still finish)."""

from __future__ import annotations

import os
import signal
import threading
import time

import grpc
import numpy as np
import pytest
import tritonclient.grpc as tc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from controlplane.stack import Stack
from tests.conftest import REGIONS_YAML
from tests.integration.conftest import wait_for_report

pytestmark = pytest.mark.integration
SERVING, NOT_SERVING = health_pb2.HealthCheckResponse.SERVING, health_pb2.HealthCheckResponse.NOT_SERVING


def status(address: str, service: str = "") -> int:
    with grpc.insecure_channel(address) as channel:
        return health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(service=service), timeout=2).status


def wait_for(address: str, wanted: int, timeout_s: float = 15.0) -> None:
    deadline = time.monotonic() + timeout_s
    while status(address) != wanted:
        assert time.monotonic() < deadline, f"{address} never reported {health_pb2.HealthCheckResponse.ServingStatus.Name(wanted)}"
        time.sleep(0.1)


def hold_in_background(address: str, hold_ms: int) -> tuple[threading.Thread, list[object]]:
    outcome: list[object] = []

    def call() -> None:
        hold = tc.InferInput("HOLD_MS", [1, 1], "INT32")
        hold.set_data_from_numpy(np.array([[hold_ms]], dtype=np.int32))
        client = tc.InferenceServerClient(address)
        try:
            outcome.append(client.infer("hold", [hold], client_timeout=30))
        except Exception as exc:  # noqa: BLE001 - reported by the test
            outcome.append(exc)
        finally:
            client.close()

    thread = threading.Thread(target=call)
    thread.start()
    return thread, outcome


def test_health_through_start_ready_and_drain():
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        router = stack.start_router(extra_args=["--health-port", "0"])
        assert status(router.health) == NOT_SERVING  # no live node in its snapshot yet
        assert status(router.health, "liveness") == SERVING  # but alive: a liveness probe must not restart it
        edge, = stack.start_edges([("dakhla", "dakhla-1")], models="simple,hold",
                                  extra_args=["--health-port", "0", "--drain-grace", "20"])
        assert status(edge.health) == SERVING  # ready: Triton answers and the node is registered
        assert status(edge.health, "inference.GRPCInferenceService") == SERVING
        wait_for(router.health, SERVING)  # the registration reached the router's snapshot

        # drain the edge with a call in flight: NOT_SERVING at once, and the call still completes
        thread, outcome = hold_in_background(edge.address, 5000)
        wait_for_report(stack.endpoint, "dakhla/dakhla-1", lambda n: n.in_flight >= 1, "the hold call at the edge")
        os.kill(edge.process.pid, signal.SIGTERM)  # as an orchestrator stops it: the node, not its Triton
        # each probe may take its 2 s deadline on a loaded machine; "at once" is that the call is still running
        wait_for(edge.health, NOT_SERVING, timeout_s=10)
        assert thread.is_alive(), "NOT_SERVING came only after the call in flight had finished"
        assert edge.process.alive()
        thread.join(30)
        assert isinstance(outcome[0], tc.InferResult), str(outcome[0])
        wait_for(router.health, NOT_SERVING)  # its only node left

        # drain the router the same way
        stack.start_edges([("tangier", "tangier-1")], models="simple,hold")  # the nearest hub of a loopback caller (casablanca)
        wait_for(router.health, SERVING)
        # 3 s: the router gives calls in flight 5 s to finish once signalled
        thread, outcome = hold_in_background(router.address, 3000)
        wait_for_report(stack.endpoint, "tangier/tangier-1", lambda n: n.in_flight >= 1, "the hold call via the router")
        os.kill(router.process.pid, signal.SIGTERM)
        wait_for(router.health, NOT_SERVING, timeout_s=10)
        assert thread.is_alive(), "NOT_SERVING came only after the call in flight had finished"
        thread.join(30)
        assert isinstance(outcome[0], tc.InferResult), str(outcome[0])
