"""Clients users already have, unchanged: Triton's own error wording through the router (recorded from the
real Triton behind an edge node and compared), and the ensemble driven the way TensorRT-LLM's
end_to_end_grpc_client.py drives it (a stream per prompt; beam_width, exclude_input_in_output and
temperature always sent; text read as output[0].decode(); every perf metric read on every response;
several return sequences told apart by sequence_index)."""

from __future__ import annotations

import queue

import numpy as np
import pytest
import tritonclient.grpc as tc
from tritonclient.utils import InferenceServerException

from edgenode.lm.corpus import examples

pytestmark = pytest.mark.integration
HEADERS = {"x-client-region": "casablanca"}
PERF_METRICS = ("kv_cache_alloc_new_blocks", "kv_cache_reused_blocks", "kv_cache_alloc_total_blocks", "arrival_time_ns",
                "first_scheduled_time_ns", "first_token_time_ns", "last_token_time_ns", "acceptance_rate",
                "total_accepted_draft_tokens", "total_draft_tokens")


@pytest.fixture(scope="module")
def clients(stack, router_address):
    router = tc.InferenceServerClient(router_address)
    triton = tc.InferenceServerClient(stack.edge("tangier-1").triton.removeprefix("grpc://"))
    yield router, triton
    router.close()
    triton.close()


def _error(call) -> InferenceServerException:  # noqa: ANN001
    with pytest.raises(InferenceServerException) as error:
        call()
    return error.value


def simple_inputs(count: int = 2) -> list[tc.InferInput]:
    inputs = []
    for name in ("INPUT0", "INPUT1")[:count]:
        tensor = tc.InferInput(name, [1, 16], "INT32")
        tensor.set_data_from_numpy(np.arange(16, dtype=np.int32).reshape(1, 16))
        inputs.append(tensor)
    return inputs


def test_errors_start_with_tritons_own_text(clients):
    router, triton = clients
    cases = {
        "unknown model (infer)": lambda c, h: c.infer("wrong_model_name", simple_inputs(), headers=h),
        "unknown model (metadata)": lambda c, h: c.get_model_metadata("wrong_model_name", headers=h),
        "unknown model (config)": lambda c, h: c.get_model_config("wrong_model_name", headers=h),
        "unknown version": lambda c, h: c.infer("simple", simple_inputs(), model_version="7", headers=h),
        "missing input": lambda c, h: c.infer("simple", simple_inputs(1), headers=h),
    }
    for name, call in cases.items():
        theirs = _error(lambda call=call: call(triton, None))
        ours = _error(lambda call=call: call(router, HEADERS))
        assert ours.status() == theirs.status(), name
        assert ours.message().startswith(theirs.message()), (name, ours.message(), theirs.message())
    # Triton's examples check exactly this (simple_grpc_health_metadata.py, simple_http_infer_client.py)
    assert _error(lambda: router.get_model_metadata("wrong_model_name", headers=HEADERS)).message().startswith(
        "Request for unknown model")
    assert router.is_model_ready("wrong_model_name", headers=HEADERS) is triton.is_model_ready("wrong_model_name") is False


def test_a_huge_model_name_is_quoted_only_in_part(clients):
    router, _ = clients
    error = _error(lambda: router.infer("m" * 1_000_000, simple_inputs(), headers=HEADERS))
    assert error.status() == "StatusCode.NOT_FOUND"
    assert error.message().startswith("Request for unknown model: 'mmm") and len(error.message()) < 2_000
    assert router.is_server_live(headers=HEADERS)  # and the router is still there


def test_a_stream_error_quoting_a_huge_name_is_cut_at_the_router(router_address):
    """Triton quotes an unexpected input's name whole; on a stream the router cuts the message to a bound."""
    tensor = tc.InferInput("x" * 200_000, [1, 16], "INT32")
    tensor.set_data_from_numpy(np.zeros((1, 16), dtype=np.int32))
    results: queue.Queue = queue.Queue()
    client = tc.InferenceServerClient(router_address)
    client.start_stream(callback=lambda result, error: results.put(error or result), headers=HEADERS)
    try:
        client.async_stream_infer("simple", [simple_inputs(1)[0], tensor])
    finally:
        client.stop_stream()
        client.close()
    error = results.get(timeout=5)
    assert isinstance(error, InferenceServerException)
    assert "unexpected inference input 'xxx" in error.message() or "expected 2 inputs" in error.message()
    assert len(error.message()) < 2_000


def e2e_inputs(prompt: str, *, streaming: bool, exclude_input: bool, n: int | None = None,
               perf: bool = False, seed: int | None = None) -> list[tc.InferInput]:
    """The tensors end_to_end_grpc_client.py builds (its defaults: max_tokens, beam_width 1, temperature 1.0)."""
    values = [("text_input", np.array([[prompt]]).astype(object)), ("max_tokens", np.array([[60]], dtype=np.int32)),
              ("stream", np.array([[streaming]], dtype=bool)), ("beam_width", np.array([[1]], dtype=np.int32)),
              ("temperature", np.array([[1.0]], dtype=np.float32)),
              ("exclude_input_in_output", np.array([[exclude_input]], dtype=bool))]
    if n is not None:
        values.append(("num_return_sequences", np.array([[n]], dtype=np.int32)))
    if perf:
        values.append(("return_perf_metrics", np.array([[True]], dtype=bool)))
    if seed is not None:
        values.append(("random_seed", np.array([[seed]], dtype=np.uint64)))
    inputs = []
    for name, value in values:
        tensor = tc.InferInput(name, list(value.shape), tc.np_to_triton_dtype(value.dtype))
        tensor.set_data_from_numpy(value)
        inputs.append(tensor)
    return inputs


def stream_once(address: str, inputs: list[tc.InferInput], outputs: list[str]) -> list:
    """One request on its own stream, as the e2e client does; every result or error, in order."""
    results: queue.Queue = queue.Queue()
    client = tc.InferenceServerClient(address)
    client.start_stream(callback=lambda result, error: results.put(error or result), headers=HEADERS)
    try:
        client.async_stream_infer("ensemble", inputs, outputs=[tc.InferRequestedOutput(o) for o in outputs],
                                  request_id="42")
    finally:
        client.stop_stream()  # waits for the server to end the stream
        client.close()
    return [results.get_nowait() for _ in range(results.qsize())]


def test_end_to_end_client_unary_and_streaming_with_exclude_input_and_perf_metrics(router_address):
    prompt = examples(1, seed=901, workload="grid-config")[0].prompt
    outputs = ["text_output", *PERF_METRICS]
    whole = stream_once(router_address, e2e_inputs(prompt, streaming=False, exclude_input=False, perf=True, seed=3), outputs)
    assert len(whole) == 1 and not isinstance(whole[0], Exception), whole
    text = whole[0].as_numpy("text_output")[0].decode("utf-8")  # the client's own read: 1-D text_output
    assert text.startswith(prompt) and len(text) > len(prompt)  # exclude_input_in_output false: prompt first
    excluded = stream_once(router_address, e2e_inputs(prompt, streaming=False, exclude_input=True, seed=3), ["text_output"])
    assert excluded[0].as_numpy("text_output")[0].decode() == text[len(prompt):]  # same seed, same completion

    pieces = stream_once(router_address, e2e_inputs(prompt, streaming=True, exclude_input=False, perf=True, seed=3), outputs)
    assert len(pieces) > 2 and not any(isinstance(p, Exception) for p in pieces), pieces
    for result in pieces:  # the client reads every metric on every response
        metrics = {name: result.as_numpy(name)[0][0] for name in PERF_METRICS}
        assert metrics["arrival_time_ns"] <= metrics["first_scheduled_time_ns"] <= metrics["first_token_time_ns"] \
            <= metrics["last_token_time_ns"]
        assert metrics["kv_cache_alloc_total_blocks"] >= 1 and metrics["kv_cache_reused_blocks"] == 0
        assert metrics["total_accepted_draft_tokens"] <= metrics["total_draft_tokens"]
    streamed = "".join(p.as_numpy("text_output")[0].decode() for p in pieces)
    assert streamed == text[len(prompt):]  # a stream never echoes the prompt, as TensorRT-LLM


def test_end_to_end_client_several_return_sequences(router_address):
    prompt = examples(1, seed=902, workload="fraud-check")[0].prompt
    results = stream_once(router_address, e2e_inputs(prompt, streaming=True, exclude_input=True, n=2, seed=11),
                          ["text_output", "sequence_index"])
    assert results and not any(isinstance(r, Exception) for r in results), results
    texts: dict[int, str] = {}
    for result in results:
        index = int(result.as_numpy("sequence_index")[0][0])
        texts[index] = texts.get(index, "") + result.as_numpy("text_output")[0].decode()
    assert set(texts) == {0, 1} and all(texts.values())


def test_what_the_cpu_model_cannot_do_is_refused_by_name(router_address):
    prompt = examples(1, seed=903, workload="fraud-check")[0].prompt
    inputs = e2e_inputs(prompt, streaming=True, exclude_input=True)
    inputs[3].set_data_from_numpy(np.array([[4]], dtype=np.int32))  # beam_width 4
    (error,) = stream_once(router_address, inputs, ["text_output"])
    assert isinstance(error, InferenceServerException) and "beam_width is 4" in str(error)


def test_end_to_end_client_log_probs(router_address):
    prompt = examples(1, seed=904, workload="crop-advice")[0].prompt
    inputs = e2e_inputs(prompt, streaming=False, exclude_input=True, seed=5)
    flag = tc.InferInput("return_log_probs", [1, 1], "BOOL")
    flag.set_data_from_numpy(np.array([[True]]))
    (result,) = stream_once(router_address, [*inputs, flag], ["text_output", "cum_log_probs", "output_log_probs"])
    assert not isinstance(result, Exception), result
    log_probs, cum = result.as_numpy("output_log_probs"), result.as_numpy("cum_log_probs")
    assert log_probs.shape[:2] == (1, 1) and log_probs.shape[2] > 0 and (log_probs <= 0).all()
    assert cum.shape == (1, 1) and cum[0][0] == pytest.approx(log_probs.sum(), rel=1e-4)
