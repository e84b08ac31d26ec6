"""etcd as a 3-member cluster on loopback (--etcd A,B,C): the leader killed under load, then quorum lost."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator

import numpy as np
import pytest
import tritonclient.grpc as tc

from controlplane.processes import EtcdCluster
from controlplane.registry import read_registry
from controlplane.stack import Stack
from tests.conftest import REGIONS_YAML
from tests.integration.test_end_to_end import simple_inputs

pytestmark = pytest.mark.integration
NODE = "tangier/tangier-1"
LEASE_TTL_S = 3


class Load:
    """Calls through the router from a thread until stopped; every failure kept."""

    def __init__(self, address: str) -> None:
        self.calls, self.failures = 0, []
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(address,))
        self._thread.start()

    def _run(self, address: str) -> None:
        client = tc.InferenceServerClient(address)
        seed = 0
        while not self._done.is_set():
            seed += 1
            inputs, a, b = simple_inputs(seed)
            try:
                np.testing.assert_array_equal(client.infer("simple", inputs, client_timeout=10).as_numpy("OUTPUT0"), a + b)
                self.calls += 1
            except Exception as exc:  # noqa: BLE001 - reported by the test
                self.failures.append(repr(exc)[:300])
            time.sleep(0.01)
        client.close()

    def stop(self) -> None:
        self._done.set()
        self._thread.join(30)


def report_time(endpoint: str) -> float | None:
    """When the node last reported, read from whichever member answers (None: not registered)."""
    node = asyncio.run(read_registry(endpoint)).nodes.get(NODE)
    return node.reported_at if node else None


@contextlib.contextmanager
def cluster_under_load() -> Iterator[tuple[Stack, EtcdCluster, Load]]:
    """A 3-member etcd cluster, one edge node with a short lease, a router, and calls running through it."""
    with Stack(REGIONS_YAML, etcd_members=3) as stack:
        cluster = stack.start_etcd()
        assert isinstance(cluster, EtcdCluster)
        stack.start_edges([("tangier", "tangier-1")], models="simple", lease_ttl=LEASE_TTL_S)
        yield stack, cluster, Load(stack.start_router().address)


def test_leader_killed_under_load_loses_no_call_and_keeps_the_node_registered():
    with cluster_under_load() as (stack, cluster, load):
        try:
            time.sleep(1.0)
            leader = cluster.leader()
            leader.kill()
            killed_at = time.time()
            survivors = ",".join(m.endpoint for m in cluster.members if m is not leader)
            seen: list[float | None] = []
            while time.time() < killed_at + 3 * LEASE_TTL_S:  # well past the lease's TTL
                seen.append(report_time(survivors))
                time.sleep(0.5)
            assert None not in seen, "the node dropped out of the registry after the leader died"
            assert max(t for t in seen if t is not None) > killed_at + LEASE_TTL_S  # reports kept flowing
            assert cluster.leader() is not leader  # a new leader was elected
        finally:
            load.stop()
        assert load.failures == [] and load.calls > 50, (load.calls, load.failures[:3])


def test_quorum_lost_routers_serve_their_snapshot_and_nodes_register_again():
    with cluster_under_load() as (stack, cluster, load):
        try:
            time.sleep(1.0)
            lost = cluster.members[:2]
            for member in lost:
                member.kill()
            time.sleep(3 * LEASE_TTL_S)  # no quorum: no report, no lease renewal, no registry read
            served_without_quorum = load.calls
            for member in lost:
                member.restart()
            back_at = time.time()
            deadline = back_at + 30
            while (report_time(stack.endpoint) or 0.0) <= back_at:
                assert time.time() < deadline, ("the node did not report again after quorum returned:\n"
                                                + stack.edges[0].process.tail(20))
                time.sleep(0.5)
        finally:
            load.stop()
        assert load.failures == [], load.failures[:3]
        assert served_without_quorum > 50 and load.calls > served_without_quorum
