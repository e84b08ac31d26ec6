"""Hot reload through etcd: a bad regions.yaml pushed while traffic flows changes nothing; a good one applies."""

from __future__ import annotations

import asyncio
import threading
import time

import grpc
import pytest

from controlplane.registry import push_config
from controlplane.requests import simple_request
from controlplane.router import HUB_HEADER
from proto import CHANNEL_OPTIONS, service_pb2_grpc
from tests.conftest import REGIONS_YAML

pytestmark = pytest.mark.integration
CASABLANCA = (("x-client-region", "casablanca"),)


def test_bad_push_changes_nothing_and_good_push_applies(stack, router_address):
    original = REGIONS_YAML.read_bytes()
    # a good config that makes Dakhla Casablanca's nearest hub, and the same with one invalid field:
    # if the router applied the bad one (even in part), Casablanca's calls would move to Dakhla
    moved = original.replace(b"tangier: {ms: 10.0,  kind: estimated", b"tangier: {ms: 40.0,  kind: estimated")
    bad = moved.replace(b"overflow_budget_ms: 8.0", b"overflow_budget_ms: -3")
    assert moved != original and bad != moved
    outcomes: list[str] = []
    stop = threading.Event()

    def traffic() -> None:
        with grpc.insecure_channel(router_address, options=CHANNEL_OPTIONS) as channel:
            stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
            while not stop.is_set():
                try:
                    _, call = stub.ModelInfer.with_call(simple_request(3), metadata=CASABLANCA, timeout=5)
                    outcomes.append(dict(call.initial_metadata())[HUB_HEADER])
                except grpc.RpcError as exc:
                    outcomes.append(f"error {exc.code()}")

    worker = threading.Thread(target=traffic)
    worker.start()
    try:
        time.sleep(0.5)
        asyncio.run(push_config(stack.endpoint, bad))
        time.sleep(1.5)
        after_bad = len(outcomes)
        assert outcomes and set(outcomes) == {"tangier"}, set(outcomes)

        asyncio.run(push_config(stack.endpoint, moved))
        deadline = time.monotonic() + 5
        while "dakhla" not in outcomes[after_bad:] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "dakhla" in outcomes[after_bad:], "the valid config was not applied"
    finally:
        asyncio.run(push_config(stack.endpoint, original))
        time.sleep(0.5)
        stop.set()
        worker.join(timeout=10)
    assert not [o for o in outcomes if o.startswith("error")], "calls failed during reloads"
