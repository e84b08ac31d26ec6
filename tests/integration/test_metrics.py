"""The router's Prometheus endpoint carries every family the operators' dashboards need, with live values."""

from __future__ import annotations

from collections import Counter

import grpc
import httpx
import pytest

from controlplane.requests import simple_request
from controlplane.router import DECISION_HEADER, HUB_HEADER, NODE_HEADER
from proto import service_pb2_grpc
from tests.integration.test_streaming import count_request, run_stream

pytestmark = pytest.mark.integration


def scrape(url: str) -> dict[tuple[str, frozenset], float]:
    from prometheus_client.parser import text_string_to_metric_families

    text = httpx.get(url, timeout=5).text
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples, name: str, **labels: str) -> float:
    wanted = set(labels.items())
    return sum(v for (n, ls), v in samples.items() if n == name and wanted <= ls)


def test_router_metrics_reflect_traffic(stack, router_address):
    router = stack.routers[0]
    assert router.metrics_url
    before = scrape(router.metrics_url)
    with grpc.insecure_channel(router_address) as channel:
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
        routed = Counter()  # (hub, node, decision) as the router told each caller
        for seed in range(5):
            _, call = stub.ModelInfer.with_call(
                simple_request(seed), metadata=(("x-client-region", "lagos"),), timeout=10
            )
            told = dict(call.initial_metadata())
            routed[told[HUB_HEADER], told[NODE_HEADER], told[DECISION_HEADER]] += 1
        with pytest.raises(grpc.RpcError):
            bad = simple_request(0)
            bad.model_name = "no_such_model"
            stub.ModelInfer(bad, timeout=10)
    unary_done = scrape(router.metrics_url)
    run_stream(router_address, [count_request("m1", 2, ask_final=False)], one_at_a_time=False)
    after = scrape(router.metrics_url)

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    # Lagos's nearest hub is Dakar. On a loaded machine a call can find Dakar's last report stale or full
    # ("nearest-full", or an overflow): the metric must count each call under what the router told its caller.
    assert sum(routed.values()) == 5 and any(hub == "dakar" for hub, _, _ in routed)
    by_decision, by_node = Counter(), Counter()  # requests are labelled by hub and decision, attempts by node
    for (hub, node, decision), calls in routed.items():
        by_decision[hub, decision] += calls
        by_node[hub, node] += calls
    for (hub, decision), calls in by_decision.items():
        assert grew(
            "edgeroute_router_requests_total", method="ModelInfer", hub=hub, decision=decision, code="OK"
        ) == calls, (hub, decision, routed)
    for (hub, node), calls in by_node.items():
        attempts_ok = value(unary_done, "edgeroute_router_attempts_total", hub=hub, node=node, code="OK")
        assert attempts_ok - value(before, "edgeroute_router_attempts_total", hub=hub, node=node, code="OK") == calls
    assert grew("edgeroute_router_requests_total", method="ModelInfer", code="OK") == 5
    assert grew("edgeroute_router_requests_total", method="ModelInfer", code="NOT_FOUND") == 1
    assert grew("edgeroute_router_latency_seconds_count", method="ModelInfer") == 6
    assert grew("edgeroute_router_decision_seconds_count") >= 5
    assert value(unary_done, "edgeroute_router_attempts_total", code="OK") - value(
        before, "edgeroute_router_attempts_total", code="OK"
    ) == 5
    assert grew("edgeroute_router_first_response_seconds_count", method="ModelStreamInfer") == 1
    assert grew("edgeroute_router_stream_requests_total", hub="tangier", result="ok") == 1
    assert grew("edgeroute_router_stream_request_seconds_count") == 1
    for hub in ("tangier", "dakhla", "dakar"):
        assert value(after, "edgeroute_router_hub_nodes", hub=hub) == 1
        assert ("edgeroute_router_hub_queue_depth", frozenset({("hub", hub)})) in after
    assert ("edgeroute_router_snapshot_age_seconds", frozenset()) in after
    text = httpx.get(router.metrics_url, timeout=5).text
    for family in ("retries", "ejections", "config_reloads"):  # labelled: declared before any sample exists
        assert f"# TYPE edgeroute_router_{family}_total counter" in text
