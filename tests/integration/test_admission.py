"""Admission control: a full edge node refuses at once with RESOURCE_EXHAUSTED and a retry-after hint, and
the router turns that into overflow to a hub within the budget instead of a queue."""

from __future__ import annotations

import asyncio
import queue
import time

import grpc
import numpy as np
import pytest
import tritonclient.grpc as tc

from controlplane.registry import read_registry
from controlplane.requests import MAX_HOLD_MS, simple_request
from controlplane.router import HUB_HEADER
from controlplane.stack import Stack
from controlplane.wire.relay import RETRY_AFTER_HEADER
from proto import CHANNEL_OPTIONS, service_pb2_grpc
from tests.conftest import REGIONS_YAML
from tests.integration.test_end_to_end import simple_inputs

pytestmark = pytest.mark.integration
HOLD_MS = MAX_HOLD_MS  # the model's cap: all the calls below must come while the node is full, on a loaded machine too


def in_flight(endpoint: str, key: str) -> int:
    node = asyncio.run(read_registry(endpoint)).nodes.get(key)
    return node.in_flight if node else 0


def test_a_full_node_refuses_and_the_router_overflows_within_budget():
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        stack.start_edges([("tangier", "tangier-a")], models="simple,hold", extra_args=["--max-queue-depth", "2"])
        stack.start_edges([("dakar", "dakar-a"), ("dakhla", "dakhla-a")], models="simple,hold")
        router = stack.start_router()
        loader = tc.InferenceServerClient(stack.edge("tangier-a").address)
        held: queue.Queue = queue.Queue()
        hold = tc.InferInput("HOLD_MS", [1, 1], "INT32")
        hold.set_data_from_numpy(np.array([[HOLD_MS]], dtype=np.int32))
        for _ in range(2):  # tangier-a at its limit, while its reported queue depth stays under the policy's 8
            loader.async_infer("hold", [hold], callback=lambda result, error: held.put(error))
        try:
            deadline = time.monotonic() + 30
            while in_flight(stack.endpoint, "tangier/tangier-a") < 2:  # the node's own report of its load
                assert held.empty(), f"a hold call ended early: {held.get()}"
                assert time.monotonic() < deadline, "the hold calls never reached the node"
                time.sleep(0.05)
            with pytest.raises(tc.InferenceServerException) as refused:
                loader.infer("simple", simple_inputs()[0])
            assert refused.value.status() == "StatusCode.RESOURCE_EXHAUSTED"
            assert "is full (2 calls in flight, limit 2)" in refused.value.message()

            with grpc.insecure_channel(router.address, options=CHANNEL_OPTIONS) as channel:
                stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
                hubs = []
                for seed in range(10):
                    _, call = stub.ModelInfer.with_call(
                        simple_request(seed), metadata=(("x-client-region", "nairobi"),), timeout=10
                    )
                    hubs.append(dict(call.initial_metadata())[HUB_HEADER])
                assert hubs == ["dakar"] * 10  # refused at once by Tangier, served in Dakar (6 ms more)

                # Casablanca has no other hub within 8 ms: the refusal and its hint reach the client
                with pytest.raises(grpc.RpcError) as refused:
                    stub.ModelInfer(simple_request(0), metadata=(("x-client-region", "casablanca"),), timeout=10)
                assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                assert dict(refused.value.initial_metadata())[RETRY_AFTER_HEADER] == "100"
        finally:
            errors = [held.get(timeout=30) for _ in range(2)]
            loader.close()
        assert errors == [None, None]  # the calls it had admitted were all served
