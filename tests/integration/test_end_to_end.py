"""tritonclient against the router returns what Triton returns; calls land at the nearest hub."""

from __future__ import annotations

import queue
import time

import grpc
import numpy as np
import pytest
import tritonclient.grpc as tc
from tritonclient.utils import InferenceServerException

from controlplane.geoip import city_addresses
from controlplane.requests import simple_request
from controlplane.router import DECISION_HEADER, HUB_HEADER, NODE_HEADER
from proto import CHANNEL_OPTIONS, service_pb2, service_pb2_grpc

pytestmark = pytest.mark.integration


def simple_inputs(seed: int = 0) -> tuple[list[tc.InferInput], np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    a = rng.integers(-100, 100, size=(1, 16), dtype=np.int32)
    b = rng.integers(-100, 100, size=(1, 16), dtype=np.int32)
    inputs = [tc.InferInput("INPUT0", [1, 16], "INT32"), tc.InferInput("INPUT1", [1, 16], "INT32")]
    inputs[0].set_data_from_numpy(a)
    inputs[1].set_data_from_numpy(b)
    return inputs, a, b


@pytest.fixture(scope="module")
def via_router(router_address):
    client = tc.InferenceServerClient(router_address)
    yield client
    client.close()


@pytest.fixture(scope="module")
def direct(stack):
    client = tc.InferenceServerClient(stack.edge("tangier-1").triton)
    yield client
    client.close()


def test_infer_matches_triton(via_router, direct):
    for seed in range(5):
        inputs, a, b = simple_inputs(seed)
        routed = via_router.infer("simple", inputs, headers={"x-client-region": "casablanca"})
        straight = direct.infer("simple", inputs)
        for name in ("OUTPUT0", "OUTPUT1"):
            np.testing.assert_array_equal(routed.as_numpy(name), straight.as_numpy(name))
        np.testing.assert_array_equal(routed.as_numpy("OUTPUT0"), a + b)
        np.testing.assert_array_equal(routed.as_numpy("OUTPUT1"), a - b)


def test_async_infer(via_router):
    results: queue.Queue = queue.Queue()
    inputs, a, b = simple_inputs(7)
    for _ in range(8):
        via_router.async_infer("simple", inputs, callback=lambda result, error: results.put((result, error)))
    for _ in range(8):
        result, error = results.get(timeout=10)
        assert error is None
        np.testing.assert_array_equal(result.as_numpy("OUTPUT0"), a + b)


def test_health_metadata_config_statistics_match(via_router, direct):
    assert via_router.is_server_live() and via_router.is_server_ready()
    assert via_router.is_model_ready("simple")
    assert via_router.get_server_metadata() == direct.get_server_metadata()
    assert via_router.get_model_metadata("simple") == direct.get_model_metadata("simple")
    assert via_router.get_model_config("simple") == direct.get_model_config("simple")
    stats = via_router.get_inference_statistics("simple", headers={"x-client-region": "casablanca"})
    assert stats.model_stats[0].name == "simple"
    assert stats.model_stats[0].inference_stats.success.count > 0


@pytest.mark.parametrize(("city", "hub"), [("Casablanca", "tangier"), ("Dakar", "dakar"), ("Lagos", "dakar"),
                                           ("Madrid", "tangier"), ("Abidjan", "dakar")])
def test_calls_land_at_the_nearest_hub(router_address, city, hub):
    address = city_addresses()[city]
    with grpc.insecure_channel(router_address, options=CHANNEL_OPTIONS) as channel:
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
        for seed in range(5):
            # a calm hub: the node's report of the previous call in flight (reports go out at most every 50 ms)
            # is followed by its report of none before the next call, or the policy rightly says "nearest-full"
            # (on a loaded machine it still can: the same hub keeping the call)
            time.sleep(0.15)
            _, call = stub.ModelInfer.with_call(simple_request(seed), metadata=(("x-forwarded-for", address),), timeout=10)
            headers = dict(call.initial_metadata())
            assert headers[HUB_HEADER] == hub
            assert headers[NODE_HEADER] == f"{hub}-1"
            assert headers[DECISION_HEADER] in ("nearest", "nearest-full")


def test_streaming_through_router_matches_triton(router_address, stack):
    def stream(target: str) -> list[service_pb2.ModelStreamInferResponse]:
        with grpc.insecure_channel(target, options=CHANNEL_OPTIONS) as channel:
            stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
            requests = []
            for i in range(6):
                request = simple_request(i)
                request.id = f"req-{i}"
                requests.append(request)
            return list(stub.ModelStreamInfer(iter(requests), metadata=(("x-client-region", "casablanca"),), timeout=20))

    routed, straight = stream(router_address), stream(stack.edge("tangier-1").triton)
    assert len(routed) == len(straight) == 6
    # matched by request id: the edge runs a stream's requests concurrently (one Triton stream each), so
    # independent requests may finish in another order, as they may on one Triton stream with batching
    by_id = {s.infer_response.id: s for s in straight}
    assert sorted(by_id) == sorted(r.infer_response.id for r in routed) == [f"req-{i}" for i in range(6)]
    for r in routed:
        s = by_id[r.infer_response.id]
        assert r.error_message == s.error_message == ""
        assert list(r.infer_response.raw_output_contents) == list(s.infer_response.raw_output_contents)


def test_errors_are_clear_and_servers_survive(via_router, router_address):
    inputs, _, _ = simple_inputs()
    with pytest.raises(InferenceServerException) as unknown:
        via_router.infer("no_such_model", inputs)
    assert unknown.value.status() == "StatusCode.NOT_FOUND"
    assert unknown.value.message().startswith("Request for unknown model: 'no_such_model' is not found; edgeroute: ")

    bad = tc.InferInput("INPUT0", [1, 3], "INT32")
    bad.set_data_from_numpy(np.zeros((1, 3), dtype=np.int32))
    with pytest.raises(InferenceServerException) as malformed:
        via_router.infer("simple", [bad, inputs[1]])
    assert malformed.value.status() == "StatusCode.INVALID_ARGUMENT"

    with pytest.raises(InferenceServerException) as region:
        via_router.infer("simple", inputs, headers={"x-client-region": "atlantis"})
    assert region.value.status() == "StatusCode.INVALID_ARGUMENT" and "atlantis" in region.value.message()

    with grpc.insecure_channel(router_address) as channel:
        garbage = channel.unary_unary("/inference.GRPCInferenceService/ModelInfer")
        with pytest.raises(grpc.RpcError) as wire:
            garbage(b"\x0f\xff\xff", timeout=5)
        assert wire.value.code() == grpc.StatusCode.INVALID_ARGUMENT

    assert via_router.is_server_live()
    assert via_router.infer("simple", inputs).as_numpy("OUTPUT0") is not None


def test_status_json_lists_every_node(stack, capsys):
    import json

    from controlplane.cli import main

    assert main(["status", "--json", "--etcd", stack.endpoint]) == 0
    status = json.loads(capsys.readouterr().out)
    assert set(status["hubs"]) == {"tangier", "dakhla", "dakar"}
    node = status["hubs"]["dakar"][0]
    assert node["node_id"] == "dakar-1" and "simple" in node["models"] and node["report_age_ms"] < 3000
