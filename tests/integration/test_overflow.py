"""A saturated nearest hub overflows to a hub within the budget and never to one beyond it; two routers on
the same etcd decide alike. Under the default spill-in-time policy and under nearest-overflow; with
when_full: shed, a region without a hub in budget is refused with retry-after instead of queueing."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import time
from collections import Counter

import grpc
import numpy as np
import pytest
import tritonclient.grpc as tc

from controlplane.kernel.config import load_config
from controlplane.registry import read_registry
from controlplane.requests import simple_request
from controlplane.router import DECISION_HEADER, HUB_HEADER
from controlplane.wire.relay import RETRY_AFTER_HEADER
from proto import CHANNEL_OPTIONS, service_pb2_grpc
from tests.conftest import REGIONS_YAML
from tests.integration.conftest import wait_for_report

pytestmark = pytest.mark.integration
# about 10 s of queue at the nearest hub (one `hold` instance), above the threshold (8) for about 8 s: the
# routing observed inside it (up to 46 calls, after the report shows the load) must fit on a loaded 2-core machine
HOLD_CALLS, HOLD_MS = 40, 250
_CHANNELS: dict[str, grpc.Channel] = {}
_LAST_SENT = [0.0]  # wall-clock time before the latest call route() made


@pytest.fixture(scope="module", autouse=True)
def _close_channels():
    yield
    while _CHANNELS:
        _CHANNELS.popitem()[1].close()


def channel(address: str) -> grpc.Channel:
    """One channel per router, kept for the module: a channel per call costs a new connection each time."""
    if address not in _CHANNELS:
        _CHANNELS[address] = grpc.insecure_channel(address, options=CHANNEL_OPTIONS)
    return _CHANNELS[address]


def route(address: str, region: str) -> tuple[str, str]:
    _LAST_SENT[0] = time.time()  # the nodes stamp their reports with the wall clock
    stub = service_pb2_grpc.GRPCInferenceServiceStub(channel(address))
    _, call = stub.ModelInfer.with_call(simple_request(3), metadata=(("x-client-region", region),), timeout=10)
    headers = dict(call.initial_metadata())
    return headers[HUB_HEADER], headers[DECISION_HEADER]


def tangier_node(endpoint: str):  # noqa: ANN201
    nodes = asyncio.run(read_registry(endpoint)).nodes
    return next(n for n in nodes.values() if n.hub == "tangier")


def route_when_idle(stack, address: str) -> tuple[str, str]:  # noqa: ANN001
    """route() for Nairobi once tangier reports the previous call over: a report made while that call was
    still queued there prices a wait at tangier and rightly sends the next call to dakar."""
    wait_for_report(stack.endpoint, "tangier/tangier-1", lambda node: node.reported_at > _LAST_SENT[0]
                    and node.in_flight == 0 and node.queue_depth == 0, "tangier reporting itself idle")
    return route(address, "nairobi")


def routers_with(stack, tmp_path_factory, replacements: tuple[tuple[str, str], ...], count: int) -> list[str]:
    """Routers on the stack's etcd running a copy of regions.yaml with the given replacements."""
    text = REGIONS_YAML.read_text()
    for old, new in (*replacements, ("database: data/geoip/", f"database: {REGIONS_YAML.parent / 'data' / 'geoip'}/")):
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path_factory.mktemp("overflow") / "regions.yaml"
    path.write_text(text)
    return [stack.start_router(config_path=str(path)).address for _ in range(count)]


@contextlib.contextmanager
def hot_tangier(stack, until):  # noqa: ANN001, ANN201
    """Fill tangier's one `hold` instance with calls straight to its edge node (about 10 s of queue), and
    wait until the registry shows what `until(node)` asks of tangier's report."""
    loader = tc.InferenceServerClient(stack.edge("tangier-1").address)
    held: queue.Queue = queue.Queue()
    hold = tc.InferInput("HOLD_MS", [1, 1], "INT32")
    hold.set_data_from_numpy(np.array([[HOLD_MS]], dtype=np.int32))
    try:
        for _ in range(HOLD_CALLS):
            loader.async_infer("hold", [hold], callback=lambda result, error: held.put(error))
        deadline = time.monotonic() + 5
        while not until(tangier_node(stack.endpoint)):
            assert time.monotonic() < deadline, f"tangier's report never showed the load: {tangier_node(stack.endpoint)}"
            time.sleep(0.02)
        yield
        assert tangier_node(stack.endpoint).queue_depth >= 5, "the load drained before the routing was observed"
    finally:
        errors = [held.get(timeout=30) for _ in range(HOLD_CALLS)]
        loader.close()
    assert errors == [None] * HOLD_CALLS


def wait_until_nearest(address: str) -> None:
    deadline = time.monotonic() + 8  # the queue drains: back to the nearest hub
    while route(address, "nairobi") != ("tangier", "nearest"):
        assert time.monotonic() < deadline
        time.sleep(0.05)


@pytest.fixture(scope="module")
def two_routers(stack, tmp_path_factory):
    """Two routers running the queue-threshold policy (nearest-overflow), which the first test describes: a
    hub whose reported queue reaches the threshold sends every caller with a hub in budget there."""
    return routers_with(stack, tmp_path_factory, (("kind: spill-in-time", "kind: nearest-overflow"),), 2)


def test_saturated_nearest_hub_overflows_within_budget_only(stack, two_routers):
    config = load_config(REGIONS_YAML)
    threshold = config.policy.queue_depth_threshold
    assert config.hubs_by_rtt["nairobi"] == ("tangier", "dakar", "dakhla")  # dakar within 8 ms, dakhla beyond
    for address in two_routers:
        assert route_when_idle(stack, address) == ("tangier", "nearest")

    with hot_tangier(stack, lambda node: node.queue_depth >= threshold):
        seen: dict[str, Counter] = {}
        for address in two_routers:
            seen[address] = Counter(route(address, "nairobi") for _ in range(15))
            seen[address].update(route(address, "casablanca") for _ in range(5))

    for address, decisions in seen.items():
        hubs = {hub for hub, _ in decisions}
        assert "dakhla" not in hubs, f"{address} used a hub beyond the budget: {decisions}"
        assert decisions[("dakar", "overflow")] == 15, decisions  # Nairobi: next hub, 6 ms more
        assert decisions[("tangier", "nearest-full")] == 5, decisions  # Casablanca: no hub within 8 ms
    assert seen[two_routers[0]] == seen[two_routers[1]]  # the two routers decide alike
    wait_until_nearest(two_routers[0])


def test_spill_in_time_moves_nairobi_within_budget_and_casablanca_queues_or_is_shed(stack, tmp_path_factory):
    """The default policy, two routers (and one configured to shed), tangier made hot with `hold`: once its
    report prices the wait (queue x measured service time, far above dakar's 6 ms of extra RTT), Nairobi's
    calls go to dakar and never to dakhla; Casablanca, with no hub within its budget, waits at tangier, or
    is refused with retry-after by the router whose policy sheds calls expected to wait past max_wait_ms."""
    config = load_config(REGIONS_YAML)
    assert config.policy.kind.value == "spill-in-time"
    default = routers_with(stack, tmp_path_factory, (), 2)
    shedding, = routers_with(stack, tmp_path_factory, (
        ("when_full: queue-nearest", "when_full: shed"), ("max_wait_ms: 2000", "max_wait_ms: 500"),
    ), 1)
    for address in (*default, shedding):
        assert route_when_idle(stack, address) == ("tangier", "nearest")

    # priced: the report carries the queue and a measured service time near the hold time
    with hot_tangier(stack, lambda node: node.queue_depth >= 10 and node.service_ms >= HOLD_MS / 2):
        seen = {address: Counter(route(address, "nairobi") for _ in range(15)) for address in default}
        for address in default:
            seen[address].update(route(address, "casablanca") for _ in range(5))
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel(shedding))
        with pytest.raises(grpc.RpcError) as refused:
            stub.ModelInfer(simple_request(3), metadata=(("x-client-region", "casablanca"),), timeout=10)
        shed_nairobi = Counter(route(shedding, "nairobi") for _ in range(5))

    for address, decisions in seen.items():
        assert {hub for hub, _ in decisions} <= {"tangier", "dakar"}, f"{address} went beyond the budget: {decisions}"
        assert decisions[("dakar", "overflow")] == 15, decisions
        assert decisions[("tangier", "nearest-full")] == 5, decisions
    assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert dict(refused.value.trailing_metadata() or ()).get(RETRY_AFTER_HEADER) or dict(
        refused.value.initial_metadata() or ()).get(RETRY_AFTER_HEADER)
    assert shed_nairobi == Counter({("dakar", "overflow"): 5})  # spilling to an idle hub is not shedding
    for address in default:
        wait_until_nearest(address)
