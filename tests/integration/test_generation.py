"""The `ensemble` language model through router, edge node and Triton, with unchanged tritonclient code
written for a TensorRT-LLM deployment: unary and streaming generation, perf metrics, clear errors."""

from __future__ import annotations

import queue

import numpy as np
import pytest
import tritonclient.grpc as tc
from tritonclient.utils import InferenceServerException

from controlplane.wire.relay import CACHE_HEADER
from edgenode.lm.corpus import examples

pytestmark = pytest.mark.integration
HEADERS = {"x-client-region": "casablanca"}


def generation_inputs(text: str, max_tokens: int = 80, *, stream: bool = False, metrics: bool = False,
                      draft: int | None = None) -> list[tc.InferInput]:
    inputs = []

    def add(name: str, datatype: str, value: np.ndarray) -> None:
        tensor = tc.InferInput(name, list(value.shape), datatype)
        tensor.set_data_from_numpy(value)
        inputs.append(tensor)

    add("text_input", "BYTES", np.array([[text.encode()]], dtype=object))
    add("max_tokens", "INT32", np.array([[max_tokens]], dtype=np.int32))
    add("stream", "BOOL", np.array([[stream]], dtype=bool))
    if metrics:
        add("return_perf_metrics", "BOOL", np.array([[True]], dtype=bool))
    if draft is not None:
        add("num_draft_tokens", "INT32", np.array([[draft]], dtype=np.int32))
    return inputs


@pytest.fixture(scope="module")
def client(router_address):
    c = tc.InferenceServerClient(router_address)
    yield c
    c.close()


def test_unary_generation_with_perf_metrics(client):
    question = examples(1, seed=321, workload="crop-advice")[0]
    result = client.infer("ensemble", generation_inputs(question.prompt, metrics=True), headers=HEADERS)
    text = result.as_numpy("text_output").reshape(-1)[0].decode()
    assert text.startswith("{crop: ") and "irrigation" in text
    accepted = int(result.as_numpy("total_accepted_draft_tokens").reshape(-1)[0])
    drafted = int(result.as_numpy("total_draft_tokens").reshape(-1)[0])
    rate = float(result.as_numpy("acceptance_rate").reshape(-1)[0])
    assert 0 < accepted <= drafted and rate == pytest.approx(accepted / drafted, rel=1e-5)
    plain = client.infer("ensemble", generation_inputs(question.prompt, draft=0), headers=HEADERS)
    assert plain.as_numpy("text_output").reshape(-1)[0].decode() == text  # greedy: speculative changes nothing
    assert plain.as_numpy("acceptance_rate") is None  # not asked for


def test_streaming_generation_sends_pieces_that_add_up(client, router_address):
    question = examples(1, seed=322, workload="fraud-check")[0]
    whole = client.infer("ensemble", generation_inputs(question.prompt), headers=HEADERS)
    expected = whole.as_numpy("text_output").reshape(-1)[0].decode()

    responses: queue.Queue = queue.Queue()
    streamer = tc.InferenceServerClient(router_address)
    streamer.start_stream(callback=lambda result, error: responses.put((result, error)), headers=HEADERS)
    try:
        streamer.async_stream_infer("ensemble", generation_inputs(question.prompt, stream=True, metrics=True),
                                    request_id="gen-1", enable_empty_final_response=True)
        pieces, final = [], False
        while not final:
            result, error = responses.get(timeout=60)
            assert error is None, error
            response = result.get_response()
            assert response.id == "gen-1"
            final = response.parameters["triton_final_response"].bool_param
            text = result.as_numpy("text_output")
            if text is not None:
                pieces.append(text.reshape(-1)[0].decode())
    finally:
        streamer.stop_stream()
        streamer.close()
    assert len([p for p in pieces if p]) > 1  # tokens came as they were accepted, not all at once
    assert "".join(pieces) == expected


@pytest.mark.parametrize(("inputs", "needle"), [
    (lambda: generation_inputs("   "), "text_input is empty"),
    (lambda: generation_inputs("fraud?", max_tokens=500), "max_tokens is 500; it must be between 1 and 128"),
    (lambda: generation_inputs("x" * 400), "the limit is 160"),
])
def test_bad_generation_requests_are_invalid_argument_and_the_server_goes_on(client, inputs, needle):
    with pytest.raises(InferenceServerException) as error:
        client.infer("ensemble", inputs(), headers=HEADERS)
    assert error.value.status() == "StatusCode.INVALID_ARGUMENT"
    assert needle in error.value.message()
    ok = client.infer("ensemble", generation_inputs("feeder F3 load 20 MW peak 25 MW solar 5 MW. config?"), headers=HEADERS)
    assert ok.as_numpy("text_output").reshape(-1)[0].decode().startswith("{breakers")


def test_wrong_tensor_type_names_the_tensor(client):
    wrong = generation_inputs("fraud?")
    wrong[1] = tc.InferInput("max_tokens", [1, 1], "FP32")
    wrong[1].set_data_from_numpy(np.array([[8.0]], dtype=np.float32))
    with pytest.raises(InferenceServerException) as error:
        client.infer("ensemble", wrong, headers=HEADERS)
    assert error.value.status() == "StatusCode.INVALID_ARGUMENT" and "max_tokens" in error.value.message()


def test_a_bad_request_inside_a_stream_gets_its_error_and_the_stream_goes_on(router_address):
    responses: queue.Queue = queue.Queue()
    streamer = tc.InferenceServerClient(router_address)
    streamer.start_stream(callback=lambda result, error: responses.put((result, error)), headers=HEADERS)
    try:
        streamer.async_stream_infer("ensemble", generation_inputs("", stream=True), request_id="bad")
        streamer.async_stream_infer("ensemble", generation_inputs("feeder F9 load 30 MW peak 33 MW solar 2 MW. config?"),
                                    request_id="good")
        seen = {}
        while len(seen) < 2:
            result, error = responses.get(timeout=60)
            if error is not None:
                seen["bad"] = str(error)
            else:
                seen["good"] = result.as_numpy("text_output").reshape(-1)[0].decode()
    finally:
        streamer.stop_stream()
        streamer.close()
    assert "text_input is empty" in seen["bad"]
    assert seen["good"].startswith("{breakers")


def test_concurrent_requests_are_batched_by_triton(client, stack):
    """Eight calls sent at once share Triton executions (2 ms batching window). Whether eight calls land within
    2 ms of each other depends on the machine's load, so up to three bursts are tried; with batching off,
    executions equal inferences in every burst and the test fails. The cache is bypassed: a burst after the first
    would otherwise be answered from it and never reach Triton."""
    direct = tc.InferenceServerClient(stack.edge("tangier-1").triton)

    def counts() -> tuple[int, int]:
        stats = direct.get_inference_statistics("ensemble").model_stats[0]
        return stats.inference_count, stats.execution_count

    question = examples(1, seed=77, workload="grid-config")[0].prompt
    bursts = []
    for _ in range(3):
        before = counts()
        done: queue.Queue = queue.Queue()
        for _ in range(8):
            client.async_infer("ensemble", generation_inputs(question, max_tokens=40),
                               headers={**HEADERS, CACHE_HEADER: "bypass"},
                               callback=lambda result, error, done=done: done.put(error))
        assert [done.get(timeout=60) for _ in range(8)] == [None] * 8
        bursts.append(tuple(after - was for after, was in zip(counts(), before, strict=True)))
        if bursts[-1][1] < bursts[-1][0]:
            break
    direct.close()
    assert all(inferences == 8 for inferences, _ in bursts)
    assert any(executions < inferences for inferences, executions in bursts), bursts  # shared executions
