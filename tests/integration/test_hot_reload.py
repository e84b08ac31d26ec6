"""Hot reload through etcd: a bad regions.yaml pushed while traffic flows changes nothing; a good one applies."""

from __future__ import annotations

import asyncio
import threading
import time

import grpc
import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from controlplane.registry import CONFIG_KEY, EtcdClient, push_config, read_registry
from controlplane.requests import simple_request
from controlplane.router import HUB_HEADER
from proto import CHANNEL_OPTIONS, service_pb2_grpc
from tests.conftest import REGIONS_YAML
from tests.integration.conftest import wait_until

pytestmark = pytest.mark.integration
CASABLANCA = (("x-client-region", "casablanca"),)


def rejected_from_etcd(metrics_url: str) -> float:
    """The router's count of configs from etcd it rejected."""
    return sum(sample.value for family in text_string_to_metric_families(httpx.get(metrics_url, timeout=5).text)
               for sample in family.samples if sample.name == "edgeroute_router_config_reloads_total"
               and sample.labels == {"source": "etcd", "result": "rejected"})


async def delete_config(endpoint: str) -> None:
    client = EtcdClient(endpoint)
    try:
        await client.call("delete", CONFIG_KEY.encode())
    finally:
        await client.close()


def test_bad_push_changes_nothing_and_good_push_applies(stack, router_address):
    original = REGIONS_YAML.read_bytes()
    # a good config that makes Dakhla Casablanca's nearest hub, and the same with one invalid field:
    # if the router applied the bad one (even in part), Casablanca's calls would move to Dakhla
    moved = original.replace(b"tangier: {ms: 10.0,  kind: estimated", b"tangier: {ms: 40.0,  kind: estimated")
    bad = moved.replace(b"overflow_budget_ms: 8.0", b"overflow_budget_ms: -3")
    assert moved != original and bad != moved
    outcomes: list[str] = []
    stop = threading.Event()
    metrics_url = stack.routers[0].metrics_url
    assert metrics_url and stack.routers[0].address == router_address
    pushed_before = asyncio.run(read_registry(stack.endpoint)).config_text  # the stack is shared: left as found

    def traffic() -> None:
        with grpc.insecure_channel(router_address, options=CHANNEL_OPTIONS) as channel:
            stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
            while not stop.is_set():
                try:
                    # 10 s: a call is slow on a loaded machine, and a deadline here would read as a failed reload
                    _, call = stub.ModelInfer.with_call(simple_request(3), metadata=CASABLANCA, timeout=10)
                    outcomes.append(dict(call.initial_metadata())[HUB_HEADER])
                except grpc.RpcError as exc:
                    outcomes.append(f"error {exc.code()}")

    worker = threading.Thread(target=traffic)
    worker.start()
    try:
        time.sleep(0.5)
        rejected = rejected_from_etcd(metrics_url)
        asyncio.run(push_config(stack.endpoint, bad))
        # the router has read the bad push (a slow one could pass the check below without it), then traffic
        wait_until(lambda: rejected_from_etcd(metrics_url) != rejected, 15, "the router reading the bad config")
        time.sleep(1.0)
        after_bad = len(outcomes)
        assert outcomes and set(outcomes) == {"tangier"}, set(outcomes)

        asyncio.run(push_config(stack.endpoint, moved))
        deadline = time.monotonic() + 15  # the watch and the reload are slow on a loaded machine
        while "dakhla" not in outcomes[after_bad:] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "dakhla" in outcomes[after_bad:], "the valid config was not applied"
    finally:
        asyncio.run(push_config(stack.endpoint, original))
        restored = len(outcomes)
        deadline = time.monotonic() + 15  # back to Tangier before the next test uses this router
        while "tangier" not in outcomes[restored:] and worker.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        stop.set()
        worker.join(timeout=15)
        # routers started later on this etcd adopt a pushed config: leave none if there was none
        if pushed_before is None:
            asyncio.run(delete_config(stack.endpoint))
        elif pushed_before != original:
            asyncio.run(push_config(stack.endpoint, pushed_before))
    assert not [o for o in outcomes if o.startswith("error")], "calls failed during reloads"
    assert "tangier" in outcomes[restored:], "the original config was not applied again"
