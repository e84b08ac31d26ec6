"""A saturated nearest hub overflows to a hub within the budget and never to one beyond it; two routers on
the same etcd decide alike."""

from __future__ import annotations

import asyncio
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
from proto import CHANNEL_OPTIONS, service_pb2_grpc
from tests.conftest import REGIONS_YAML

pytestmark = pytest.mark.integration
HOLD_CALLS, HOLD_MS = 40, 100  # about 4 s of queue at the nearest hub (one `hold` instance)


def tangier_depth(endpoint: str) -> int:
    nodes = asyncio.run(read_registry(endpoint)).nodes
    return sum(n.queue_depth for n in nodes.values() if n.hub == "tangier")


def route(address: str, region: str) -> tuple[str, str]:
    with grpc.insecure_channel(address, options=CHANNEL_OPTIONS) as channel:
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
        _, call = stub.ModelInfer.with_call(simple_request(3), metadata=(("x-client-region", region),), timeout=10)
        headers = dict(call.initial_metadata())
        return headers[HUB_HEADER], headers[DECISION_HEADER]


@pytest.fixture(scope="module")
def two_routers(stack, tmp_path_factory):
    """Two routers running the queue-threshold policy (nearest-overflow), which this test describes: a
    hub whose reported queue reaches the threshold sends every caller with a hub in budget there."""
    text = REGIONS_YAML.read_text()
    for old, new in (("kind: spill-in-time", "kind: nearest-overflow"),
                     ("database: data/geoip/", f"database: {REGIONS_YAML.parent / 'data' / 'geoip'}/")):
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path_factory.mktemp("overflow") / "regions.yaml"
    path.write_text(text)
    return [stack.start_router(config_path=str(path)).address for _ in range(2)]


def test_saturated_nearest_hub_overflows_within_budget_only(stack, two_routers):
    config = load_config(REGIONS_YAML)
    threshold = config.policy.queue_depth_threshold
    assert config.hubs_by_rtt["nairobi"] == ("tangier", "dakar", "dakhla")  # dakar within 8 ms, dakhla beyond
    for address in two_routers:
        assert route(address, "nairobi") == ("tangier", "nearest")

    # other traffic fills tangier's queue: `hold` calls straight to its edge node
    loader = tc.InferenceServerClient(stack.edge("tangier-1").address)
    held: queue.Queue = queue.Queue()
    hold = tc.InferInput("HOLD_MS", [1, 1], "INT32")
    hold.set_data_from_numpy(np.array([[HOLD_MS]], dtype=np.int32))
    try:
        for _ in range(HOLD_CALLS):
            loader.async_infer("hold", [hold], callback=lambda result, error: held.put(error))
        deadline = time.monotonic() + 5
        while tangier_depth(stack.endpoint) < threshold:
            assert time.monotonic() < deadline, "tangier's queue depth never reached the registry"
            time.sleep(0.02)

        seen: dict[str, Counter] = {}
        for address in two_routers:
            seen[address] = Counter(route(address, "nairobi") for _ in range(15))
            seen[address].update(route(address, "casablanca") for _ in range(5))
        assert tangier_depth(stack.endpoint) >= threshold, "the load drained before the routing was observed"
    finally:
        errors = [held.get(timeout=30) for _ in range(HOLD_CALLS)]
        loader.close()
    assert errors == [None] * HOLD_CALLS

    for address, decisions in seen.items():
        hubs = {hub for hub, _ in decisions}
        assert "dakhla" not in hubs, f"{address} used a hub beyond the budget: {decisions}"
        assert decisions[("dakar", "overflow")] == 15, decisions  # Nairobi: next hub, 6 ms more
        assert decisions[("tangier", "nearest-full")] == 5, decisions  # Casablanca: no hub within 8 ms
    assert seen[two_routers[0]] == seen[two_routers[1]]  # the two routers decide alike

    deadline = time.monotonic() + 5  # the queue drained: back to the nearest hub
    while route(two_routers[0], "nairobi") != ("tangier", "nearest"):
        assert time.monotonic() < deadline
        time.sleep(0.05)
