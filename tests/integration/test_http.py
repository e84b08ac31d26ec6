"""The router's HTTP front with unchanged clients: tritonclient.http (KServe v2, JSON and binary tensors),
plain httpx (headers in and out, bad input), and the official openai SDK (completions, chat, streaming,
errors). A real router on the shared stack (etcd, edge nodes with real Triton)."""

from __future__ import annotations

import json

import httpx
import numpy as np
import openai
import pytest
import tritonclient.http as th
from tritonclient.utils import InferenceServerException

from controlplane.router import DECISION_HEADER, HUB_HEADER
from edgenode.lm.corpus import examples

pytestmark = pytest.mark.integration
CASABLANCA = {"x-client-region": "casablanca"}


def casablanca() -> dict[str, str]:
    return dict(CASABLANCA)  # a fresh dict per call: tritonclient.http writes its own headers into the one given


@pytest.fixture(scope="module")
def http_address(stack) -> str:
    return stack.start_router(extra_args=["--http-listen", "127.0.0.1:0"]).http_address


@pytest.fixture(scope="module")
def triton_http(http_address):
    client = th.InferenceServerClient(http_address)
    yield client
    client.close()


def simple_inputs(binary: bool) -> tuple[list[th.InferInput], np.ndarray, np.ndarray]:
    a = np.arange(16, dtype=np.int32).reshape(1, 16)
    b = np.full((1, 16), 3, dtype=np.int32)
    inputs = [th.InferInput("INPUT0", [1, 16], "INT32"), th.InferInput("INPUT1", [1, 16], "INT32")]
    inputs[0].set_data_from_numpy(a, binary_data=binary)
    inputs[1].set_data_from_numpy(b, binary_data=binary)
    return inputs, a, b


@pytest.mark.parametrize("binary", [True, False])
def test_tritonclient_http_program_runs_unchanged(triton_http, binary):
    assert triton_http.is_server_live(headers=casablanca()) and triton_http.is_server_ready(headers=casablanca())
    assert triton_http.is_model_ready("simple", headers=casablanca())
    assert not triton_http.is_model_ready("wrong_model_name", headers=casablanca())
    assert triton_http.get_server_metadata(headers=casablanca())["name"] == "triton"
    metadata = triton_http.get_model_metadata("simple", headers=casablanca())
    assert metadata["name"] == "simple" and [i["name"] for i in metadata["inputs"]] == ["INPUT0", "INPUT1"]
    assert metadata["inputs"][0]["shape"] == [-1, 16]  # numbers, as Triton's HTTP JSON has them
    config = triton_http.get_model_config("simple", headers=casablanca())
    assert config["name"] == "simple" and config["max_batch_size"] >= 1
    inputs, a, b = simple_inputs(binary)
    outputs = [th.InferRequestedOutput("OUTPUT0", binary_data=binary), th.InferRequestedOutput("OUTPUT1", binary_data=binary)]
    result = triton_http.infer("simple", inputs, outputs=outputs, headers=casablanca())
    np.testing.assert_array_equal(result.as_numpy("OUTPUT0"), a + b)
    np.testing.assert_array_equal(result.as_numpy("OUTPUT1"), a - b)
    stats = triton_http.get_inference_statistics("simple", headers=casablanca())
    assert stats["model_stats"][0]["name"] == "simple" and stats["model_stats"][0]["inference_count"] >= 1
    with pytest.raises(InferenceServerException) as unknown:
        triton_http.infer("wrong_model_name", inputs, headers=casablanca())
    assert unknown.value.status() == "404" and unknown.value.message().startswith("Request for unknown model")


def test_routed_by_the_same_headers_with_the_decision_on_the_response(http_address):
    body = {"inputs": [{"name": n, "shape": [1, 16], "datatype": "INT32", "data": list(range(16))}
                       for n in ("INPUT0", "INPUT1")]}
    with httpx.Client(base_url=f"http://{http_address}") as client:
        for region, hub in (("casablanca", "tangier"), ("lagos", "dakar")):
            reply = client.post("/v2/models/simple/infer", json=body, headers={"x-client-region": region})
            assert reply.status_code == 200, reply.text
            assert reply.headers[HUB_HEADER] == hub and reply.headers[DECISION_HEADER] in ("nearest", "nearest-full")
            assert reply.json()["outputs"][0]["data"] == [2 * i for i in range(16)]
        lagos_ip = "102.89.0.10"  # in the shipped prefix list: trust_forwarded_for is on in regions.yaml
        reply = client.post("/v2/models/simple/infer", json=body, headers={"x-forwarded-for": lagos_ip})
        assert reply.status_code == 200 and reply.headers[HUB_HEADER] == "dakar"


@pytest.mark.parametrize(("body", "headers", "status", "needle"), [
    (b"{not json", {}, 400, "not valid JSON: Expecting property name"),
    (b"[1, 2]", {}, 400, "must be a JSON object"),
    (json.dumps({"inputs": [], "extra": 1}).encode(), {}, 400, "unknown field 'extra'"),
    (json.dumps({"inputs": [{"name": "INPUT0", "shape": [1, 16], "datatype": "INT32", "data": ["a"] * 16}]}).encode(),
     {}, 400, "INT32 data must be numbers"),
    (json.dumps({"inputs": [{"name": "INPUT0", "shape": [1, 16], "datatype": "INT32", "data": [1]}]}).encode(),
     {}, 400, "'data' holds 1 values; shape [1, 16] needs 16"),
    (json.dumps({"inputs": [{"name": "x" * 40_000, "shape": [1], "datatype": "INT32", "data": [1]}]}).encode(),
     {}, 400, "more characters"),
    (b'{"inputs": []}', {"Inference-Header-Content-Length": "999"}, 400, "Inference-Header-Content-Length"),
    (b"x" * (65 * 1024 * 1024), {}, 413, "larger than"),
])
def test_bad_http_input_gets_a_clear_400_and_the_server_lives_on(http_address, body, headers, status, needle):
    with httpx.Client(base_url=f"http://{http_address}", timeout=30) as client:
        reply = client.post("/v2/models/simple/infer", content=body,
                            headers={**CASABLANCA, "content-type": "application/json", **headers})
        assert reply.status_code == status, reply.text
        message = reply.json()["error"]
        assert needle in message and len(message) < 2_000
        assert client.get("/v2/health/live").status_code == 200


@pytest.fixture(scope="module")
def openai_client(http_address):
    client = openai.OpenAI(base_url=f"http://{http_address}/v1", api_key="unused", max_retries=0,
                           default_headers=CASABLANCA)
    yield client
    client.close()


def test_openai_sdk_completions_chat_and_streaming(openai_client):
    assert "ensemble" in {m.id for m in openai_client.models.list()}
    question = examples(1, seed=77, workload="crop-advice")[0].prompt
    done = openai_client.completions.create(model="ensemble", prompt=question, max_tokens=80, temperature=0, seed=1)
    text = done.choices[0].text
    assert text.startswith("{crop: ") and done.usage.completion_tokens > 0
    assert done.choices[0].finish_reason in ("stop", "length")
    echoed = openai_client.completions.create(model="ensemble", prompt=question, max_tokens=80, temperature=0, echo=True)
    assert echoed.choices[0].text == question + text
    chat = openai_client.chat.completions.create(
        model="ensemble", messages=[{"role": "system", "content": "be brief"}, {"role": "user", "content": question}],
        max_tokens=80, temperature=0)
    assert chat.choices[0].message.role == "assistant" and chat.choices[0].message.content == text
    pieces = list(openai_client.completions.create(model="ensemble", prompt=question, max_tokens=80, temperature=0,
                                                   stream=True, stream_options={"include_usage": True}))
    assert "".join(p.choices[0].text for p in pieces if p.choices) == text
    assert pieces[-1].usage.completion_tokens > 0 and pieces[-2].choices[0].finish_reason in ("stop", "length")
    chunks = list(openai_client.chat.completions.create(
        model="ensemble", messages=[{"role": "user", "content": question}], max_tokens=80, temperature=0, stream=True))
    assert chunks[0].choices[0].delta.role == "assistant"
    assert "".join(c.choices[0].delta.content or "" for c in chunks) == text


def test_openai_sdk_errors_in_openais_shape(openai_client):
    with pytest.raises(openai.NotFoundError) as missing:
        openai_client.completions.create(model="no-such-model", prompt="hi", max_tokens=4)
    assert missing.value.status_code == 404 and "Request for unknown model" in missing.value.message
    with pytest.raises(openai.BadRequestError) as bad:
        openai_client.completions.create(model="ensemble", prompt="hi", max_tokens=4, temperature=9)
    assert "temperature" in bad.value.message
    with pytest.raises(openai.BadRequestError) as refused:
        openai_client.completions.create(model="ensemble", prompt="hi", max_tokens=4, logprobs=2)
    assert "logprobs" in refused.value.message
    with pytest.raises(openai.BadRequestError) as limit:  # outside OpenAI's range of -2 to 2
        openai_client.completions.create(model="ensemble", prompt="hi", max_tokens=4, presence_penalty=1.0,
                                         frequency_penalty=-3.0, temperature=0)
    assert "frequency_penalty" in limit.value.message
    with pytest.raises(openai.BadRequestError) as unknown:
        openai_client.completions.create(model="ensemble", prompt="hi", max_tokens=4, extra_body={"bogus": 1})
    assert "unknown field 'bogus'" in unknown.value.message
