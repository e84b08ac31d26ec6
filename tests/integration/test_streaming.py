"""ModelStreamInfer through the router: many requests per stream, ids kept, the end of each request seen
whether the backend flags its last data response final or sends an empty final response."""

from __future__ import annotations

import queue
from collections import defaultdict

import grpc
import numpy as np
import pytest

from controlplane.requests import simple_request
from proto import CHANNEL_OPTIONS, service_pb2, service_pb2_grpc

pytestmark = pytest.mark.integration

CASABLANCA = (("x-client-region", "casablanca"),)


def count_request(request_id: str, count: int, *, ask_final: bool, delay_ms: int = 0) -> service_pb2.ModelInferRequest:
    request = service_pb2.ModelInferRequest(model_name="count", id=request_id)
    for name, value in (("COUNT", count), ("DELAY_MS", delay_ms)):
        request.inputs.add(name=name, datatype="INT32", shape=[1])
        request.raw_input_contents.append(np.array([value], dtype=np.int32).tobytes())
    if ask_final:
        request.parameters["triton_enable_empty_final_response"].bool_param = True
    return request


def asks_final(request: service_pb2.ModelInferRequest) -> bool:
    # .get: indexing a protobuf map would add an unset entry, which Triton rejects
    parameter = request.parameters.get("triton_enable_empty_final_response")
    return parameter is not None and parameter.bool_param


def expected_responses(request: service_pb2.ModelInferRequest) -> int:
    if request.model_name != "count":
        return 1
    return int(np.frombuffer(request.raw_input_contents[0], dtype=np.int32)[0]) + int(asks_final(request))


def run_stream(
    target: str, requests: list[service_pb2.ModelInferRequest], *, one_at_a_time: bool
) -> dict[str, list[tuple[bytes, ...]]]:
    """Responses grouped by request id: (outputs, final flag, error) in arrival order."""
    answered: queue.Queue[str] = queue.Queue()
    expected = {r.id: expected_responses(r) for r in requests}

    def outgoing():
        for request in requests:
            yield request
            if one_at_a_time:  # Triton direct: never two requests of one stream in flight (see edgenode.front)
                answered.get(timeout=30)

    seen: dict[str, list[tuple[bytes, ...]]] = defaultdict(list)
    with grpc.insecure_channel(target, options=CHANNEL_OPTIONS) as channel:
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
        for response in stub.ModelStreamInfer(outgoing(), metadata=CASABLANCA, timeout=60):
            infer = response.infer_response
            final = infer.parameters["triton_final_response"].bool_param
            seen[infer.id].append((b"".join(infer.raw_output_contents), final, response.error_message))
            if len(seen[infer.id]) == expected[infer.id]:
                answered.put(infer.id)
    return dict(seen)


def mixed_requests() -> list[service_pb2.ModelInferRequest]:
    requests = []
    for i in range(8):
        requests.append(count_request(f"count-{i}", 1 + i % 4, ask_final=i % 2 == 0))
        simple = simple_request(i)
        simple.id = f"simple-{i}"
        requests.append(simple)
    return requests


def test_stream_through_router_matches_triton_response_for_response(stack, router_address):
    requests = mixed_requests()
    routed = run_stream(router_address, requests, one_at_a_time=True)
    straight = run_stream(stack.edge("tangier-1").triton, requests, one_at_a_time=True)
    assert routed == straight
    assert set(routed) == {r.id for r in requests}
    for request in requests:  # decoupled and not: the last response a client asked for is flagged final
        responses = routed[request.id]
        assert len(responses) == expected_responses(request)
        finals = [final for _, final, _ in responses]
        if request.model_name == "simple" or asks_final(request):
            assert finals == [False] * (len(finals) - 1) + [True]
        else:
            assert not any(finals)  # PyTriton flags nothing final itself; the router hid the empty final


def test_many_concurrent_requests_in_one_stream(stack, router_address):
    requests = [count_request(f"c{i}", 3, ask_final=i % 3 == 0, delay_ms=5) for i in range(24)]
    routed = run_stream(router_address, requests, one_at_a_time=False)
    assert set(routed) == {r.id for r in requests}
    for request in requests:
        outputs = [np.frombuffer(out, dtype=np.int32).tolist() for out, _, _ in routed[request.id] if out]
        assert outputs == [[0], [1], [2]]  # each request's responses in order, none lost or repeated
        assert len(routed[request.id]) == expected_responses(request)


def test_stream_errors_stay_inside_the_stream(router_address):
    bad = service_pb2.ModelInferRequest(model_name="count", id="bad")
    bad.inputs.add(name="COUNT", datatype="INT32", shape=[1])
    bad.raw_input_contents.append(np.array([2], dtype=np.int32).tobytes())  # DELAY_MS missing
    requests = [bad, count_request("good", 2, ask_final=False)]
    routed = run_stream(router_address, requests, one_at_a_time=False)
    assert routed["good"] == [(np.array([0], dtype=np.int32).tobytes(), False, ""),
                              (np.array([1], dtype=np.int32).tobytes(), False, "")]
    errors = [error for responses in routed.values() for _, _, error in responses if error]
    assert len(errors) == 1 and "DELAY_MS" in errors[0]
