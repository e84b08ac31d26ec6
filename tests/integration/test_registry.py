"""A SIGKILLed node leaves the registry within its lease TTL, the router routes around it, nothing is left behind."""

from __future__ import annotations

import asyncio
import time

import pytest

from controlplane.geoip import city_addresses
from controlplane.loadgen import ClosedLoopLoad
from controlplane.registry import read_registry
from controlplane.requests import simple_request
from controlplane.stack import Stack
from tests.conftest import REGIONS_YAML
from tests.integration.conftest import leftover_processes, wait_for_nodes

pytestmark = pytest.mark.integration
LEASE_TTL_S = 2


def registered(endpoint: str) -> set[str]:
    return set(asyncio.run(read_registry(endpoint)).nodes)


def test_node_sigkilled_under_load_loses_no_call():
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        stack.start_edges([("dakar", "dakar-a"), ("dakar", "dakar-b")], models="simple", lease_ttl=LEASE_TTL_S)
        router = stack.start_router()
        victim = stack.edge("dakar-a")
        lagos = (("x-forwarded-for", city_addresses()["Lagos"]),)
        with ClosedLoopLoad(router.address, simple_request, lagos, workers=6) as load:
            wait_for_nodes(load, {"dakar-a", "dakar-b"})
            before = {r.node for r in load.records}
            assert before == {"dakar-a", "dakar-b"}, before
            assert registered(stack.endpoint) == {"dakar/dakar-a", "dakar/dakar-b"}

            victim.process.kill_hard()
            killed_at = time.monotonic()
            # etcd expires leases on its own schedule, late on a loaded machine; a key without a lease never goes
            while "dakar/dakar-a" in registered(stack.endpoint):
                assert time.monotonic() - killed_at < LEASE_TTL_S + 5, "killed node still registered after its TTL"
                time.sleep(0.05)
            gone_at = time.monotonic()
            time.sleep(0.5)
            # calls are slow on a loaded machine: up to 2 s more for enough of them to go through the failure
            deadline = time.monotonic() + 2
            while sum(r.started > killed_at for r in list(load.records)) <= 50 and time.monotonic() < deadline:
                time.sleep(0.05)
        records = load.stop()
        after = [r for r in records if r.started > killed_at]
        assert len(after) > 50, "too little load went through the failure to tell anything"
        assert load.failures() == [], "client calls failed while a node was killed under load"
        assert {r.node for r in after if r.started > gone_at} == {"dakar-b"}

        # the killed node's Triton went with it (PDEATHSIG), leaving nothing in its process group
        deadline = time.monotonic() + 15
        while victim.process.group_alive() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not victim.process.group_alive(), "Triton outlived its SIGKILLed edge node"


def test_clean_shutdown_deletes_key_at_once():
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        (edge,) = stack.start_edges([("tangier", "tangier-z")], models="simple", lease_ttl=30)
        assert registered(stack.endpoint) == {"tangier/tangier-z"}
        edge.process.terminate()
        deadline = time.monotonic() + 5  # far below the 30 s lease: the node deleted its own key
        while registered(stack.endpoint) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert registered(stack.endpoint) == set()


def test_teardown_leaves_no_process():
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        stack.start_edges([("dakhla", "dakhla-t")], models="simple")
        stack.start_router()
        groups = [stack.etcd.process, *(e.process for e in stack.edges), *(r.process for r in stack.routers)]
    assert not any(p.group_alive() for p in groups)
    # a line's first field is its pid: a pid written inside another line ("28817" holds "2881") is not this stack's
    pids = {str(p.pid) for p in groups}
    own = [line for line in leftover_processes() if line.split(None, 1)[0] in pids]
    assert own == []
