"""A node that stops answering without closing its connections: a frozen process (SIGSTOP here; a long pause,
a link that drops every packet). Its kernel still holds the TCP connections open, so nothing errors by
itself; the router's HTTP/2 keepalive has to find the dead connection, fail the calls in flight on it as
UNAVAILABLE and retry them on the other node, before the clients' deadlines.

Two nodes in Dakar serve Lagos (Dakhla is beyond the 8 ms budget), so every call has exactly one other
node to go to."""

from __future__ import annotations

import os
import signal
import time

import pytest

from controlplane.loadgen import ClosedLoopLoad
from controlplane.requests import simple_request
from controlplane.stack import Stack
from tests.conftest import REGIONS_YAML
from tests.integration.conftest import LAGOS, registered, wait_for_nodes

pytestmark = pytest.mark.integration
DEADLINE_S = 10.0  # the clients' deadline (ClosedLoopLoad's): the freeze outlasts it
FREEZE_S = 13.0


@pytest.fixture(scope="module")
def dakar_pair():
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        stack.start_edges([("dakar", "dakar-a"), ("dakar", "dakar-b")], models="simple")
        stack.start_router()
        yield stack


def test_calls_in_flight_on_a_frozen_node_are_retried_on_the_other_node_before_their_deadline(dakar_pair):
    stack = dakar_pair
    victim = stack.edge("dakar-a")
    with ClosedLoopLoad(stack.routers[0].address, simple_request, LAGOS, workers=6, timeout_s=DEADLINE_S) as load:
        wait_for_nodes(load, {"dakar-a", "dakar-b"})
        assert {r.node for r in load.records} == {"dakar-a", "dakar-b"}
        os.kill(victim.process.pid, signal.SIGSTOP)
        frozen_at = time.monotonic()
        try:
            time.sleep(FREEZE_S)
            # the frozen node stopped renewing its lease: it is out of the registry
            assert "dakar/dakar-a" not in registered(stack.endpoint)
        finally:
            os.kill(victim.process.pid, signal.SIGCONT)
        time.sleep(1.0)
    records = load.stop()
    assert load.failures() == [], f"{len(load.failures())} client calls failed while dakar-a was frozen"
    # the calls answered while dakar-a was frozen all came from dakar-b. Counted by when they ended, not started: all
    # six workers can be waiting on dakar-a when it stops, and on a loaded machine the keepalive takes more than the
    # three seconds a window of start times gave it. The first second leaves room for an answer dakar-a sent just
    # before the signal
    during = [r for r in records if frozen_at + 1.0 < r.ended < frozen_at + FREEZE_S]
    assert during and {r.node for r in during} == {"dakar-b"}
    assert victim.process.alive()
