"""The semantic cache and tenants end to end: tritonclient -> router (auth on) -> edge node (signed hop,
cache) -> real Triton serving the `ensemble` language model."""

from __future__ import annotations

import asyncio
import queue
import time

import grpc
import httpx
import numpy as np
import pytest
import tritonclient.grpc as tc

from bench.cacheeval import design
from controlplane.auth import key_digest
from controlplane.registry import read_registry
from controlplane.requests import MAX_HOLD_MS
from controlplane.stack import Stack
from controlplane.wire.relay import RETRY_AFTER_HEADER
from edgenode.cache.edge import CACHE_HEADER
from edgenode.lm.corpus import examples
from proto import CHANNEL_OPTIONS, service_pb2, service_pb2_grpc
from tests.conftest import config_with
from tests.integration.test_generation import generation_inputs

pytestmark = pytest.mark.integration
KEYS = {"acme": "acme-secret-key", "globex": "globex-secret-key", "tiny": "tiny-secret-key"}
REGION = {"x-client-region": "casablanca"}
TOKENS = 60


@pytest.fixture(scope="module")
def cached_stack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cache")
    config = config_with(folder, auth={"enabled": True, "tenants": [
        {"name": "acme", "key_sha256": [key_digest(KEYS["acme"])], "rate_per_s": 1000, "burst": 1000},
        {"name": "globex", "key_sha256": [key_digest(KEYS["globex"])], "rate_per_s": 1000, "burst": 1000},
        {"name": "tiny", "key_sha256": [key_digest(KEYS["tiny"])], "rate_per_s": 0.2, "burst": 2},
    ]})
    secret = folder / "hop.secret"
    secret.write_text("a-hop-secret-of-enough-length\n")
    with Stack(config) as stack:
        stack.start_etcd()
        stack.start_edges([("tangier", "tangier-c")], models="ensemble,hold", extra_args=[
            "--hop-secret-file", str(secret), "--metrics-port", "0", "--max-queue-depth", "1"])
        stack.start_router(extra_args=["--hop-secret-file", str(secret), "--http-listen", "127.0.0.1:0"])
        yield stack


@pytest.fixture(scope="module")
def client(cached_stack):
    c = tc.InferenceServerClient(cached_stack.routers[0].address)
    yield c
    c.close()


def headers(tenant: str, **extra: str) -> dict[str, str]:
    return {"authorization": f"Bearer {KEYS[tenant]}", **REGION, **extra}


def ask(client, text: str, tenant: str = "acme", max_tokens: int = TOKENS, **extra_inputs) -> tuple[str, str]:
    inputs = generation_inputs(text, max_tokens)
    for name, (datatype, value) in extra_inputs.items():
        tensor = tc.InferInput(name, [1, 1], datatype)
        tensor.set_data_from_numpy(value)
        inputs.append(tensor)
    result = client.infer("ensemble", inputs, headers=headers(tenant))
    mark = result.get_response().parameters[CACHE_HEADER].string_param
    return result.as_numpy("text_output").reshape(-1)[0].decode(), mark


def test_paraphrases_hit_and_near_misses_never_do(client):
    chosen = design.pairs(seed=11, n_questions=6, n_free=2)
    paraphrases = [p for p in chosen if p.should_hit]
    near = [p for p in chosen if not p.should_hit]
    stored = {}
    for question in dict.fromkeys(p.stored for p in paraphrases):
        answer, mark = ask(client, question)
        assert mark == "miss"
        stored[question] = answer
    hits = 0
    for pair in paraphrases:
        answer, mark = ask(client, pair.asked)
        assert mark in ("hit", "miss")
        if mark == "hit":
            hits += 1
            assert answer == stored[pair.stored], pair
    assert hits / len(paraphrases) >= 0.6, f"{hits} of {len(paraphrases)} paraphrases hit"
    marks = [ask(client, pair.asked)[1] for pair in near]
    assert marks.count("hit") == 0, [p.kind for p, m in zip(near, marks, strict=True) if m == "hit"]


def test_tenants_and_decoding_parameters_never_share_an_entry(client, cached_stack):
    question = "feeder F7 load 22 MW peak 31 MW solar 4 MW. config?"
    answer, mark = ask(client, question, "acme")
    assert mark == "miss"
    assert ask(client, question, "acme") == (answer, "hit")
    assert ask(client, question, "globex")[1] == "miss"  # another tenant
    assert ask(client, question, "acme", max_tokens=TOKENS - 1)[1] == "miss"  # another decoding parameter
    assert ask(client, question, "acme", seed=("UINT64", np.array([[7]], dtype=np.uint64)))[1] == "miss"
    sampled = ask(client, question, "acme", temperature=("FP32", np.array([[0.8]], dtype=np.float32)))
    assert sampled[1] == "bypass"  # sampled without a seed: never cached
    result = client.infer("ensemble", generation_inputs(question, TOKENS), headers=headers("acme", **{CACHE_HEADER: "bypass"}))
    assert result.get_response().parameters[CACHE_HEADER].string_param == "bypass"
    # a tenant cannot claim another's namespace: the router drops client-sent hop headers
    forged = headers("globex", **{"x-edgeroute-tenant": "acme", "x-edgeroute-hop": "0" * 64})
    fresh = "feeder F8 load 12 MW peak 21 MW solar 9 MW. config?"
    ask(client, fresh, "acme")
    result = client.infer("ensemble", generation_inputs(fresh, TOKENS), headers=forged)
    assert result.get_response().parameters[CACHE_HEADER].string_param == "miss"


def test_a_cached_stream_is_replayed_as_the_model_streamed_it(cached_stack):
    question = "soil loam pH 6.0 rain 450 mm region Thies season spring. crop?"

    def stream_once(request_id: str) -> list[tuple[str, bool, str]]:
        responses: queue.Queue = queue.Queue()
        client = tc.InferenceServerClient(cached_stack.routers[0].address)
        client.start_stream(callback=lambda result, error: responses.put((result, error)), headers=headers("acme"))
        try:
            client.async_stream_infer("ensemble", generation_inputs(question, TOKENS, stream=True),
                                      request_id=request_id, enable_empty_final_response=True)
            seen, final = [], False
            while not final:
                result, error = responses.get(timeout=60)
                assert error is None, error
                response = result.get_response()
                assert response.id == request_id
                final = response.parameters["triton_final_response"].bool_param
                text = result.as_numpy("text_output")
                seen.append(("" if text is None else text.reshape(-1)[0].decode(), final,
                             response.parameters[CACHE_HEADER].string_param))
            return seen
        finally:
            client.stop_stream()
            client.close()

    first = stream_once("s-1")
    second = stream_once("s-2")
    assert len(first) > 2 and {mark for *_, mark in first} == {"miss"}
    assert {mark for *_, mark in second} == {"hit"}
    assert [(t, f) for t, f, _ in second] == [(t, f) for t, f, _ in first]
    assert "".join(t for t, _, _ in first).startswith("{crop: ")


def _status(call) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value


def test_callers_without_a_valid_key_or_past_their_rate_are_refused(cached_stack):
    request = service_pb2.ModelInferRequest(model_name="hold")
    router, edge = cached_stack.routers[0].address, cached_stack.edge("tangier-c").address
    with grpc.insecure_channel(router, options=CHANNEL_OPTIONS) as channel:
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
        for metadata, wanted in (((), "no API key"), ((("authorization", "Bearer wrong"),), "unknown API key")):
            error = _status(lambda m=metadata: stub.ModelInfer(request, metadata=m + tuple(REGION.items())))
            assert error.code() == grpc.StatusCode.UNAUTHENTICATED and wanted in error.details()
        tiny = tuple(headers("tiny").items())
        hold = service_pb2.ModelInferRequest(model_name="hold")
        tensor = hold.inputs.add(name="HOLD_MS", datatype="INT32", shape=[1, 1])
        tensor.contents.int_contents.append(1)
        for _ in range(2):
            stub.ModelInfer(hold, metadata=tiny)
        error = _status(lambda: stub.ModelInfer(hold, metadata=tiny))
        assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED and "rate limit" in error.details()
        assert int(dict(error.initial_metadata())[RETRY_AFTER_HEADER]) > 0
    with grpc.insecure_channel(edge, options=CHANNEL_OPTIONS) as channel:  # straight to the node: no router
        stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
        error = _status(lambda: stub.ModelInfer(hold, metadata=tuple(headers("acme").items())))
        assert error.code() == grpc.StatusCode.UNAUTHENTICATED and "through an edgeroute router" in error.details()
        error = _status(lambda: stub.ModelInfer(hold, metadata=(("x-edgeroute-tenant", "acme"), ("x-edgeroute-hop", "f" * 64))))
        assert error.code() == grpc.StatusCode.UNAUTHENTICATED


def stream_one(cached_stack, text: str, request_id: str = "one") -> tuple[object, object]:
    """The first response (or error) of a one-request stream through the router."""
    responses: queue.Queue = queue.Queue()
    streamer = tc.InferenceServerClient(cached_stack.routers[0].address)
    streamer.start_stream(callback=lambda result, error: responses.put((result, error)), headers=headers("acme"))
    try:
        streamer.async_stream_infer("ensemble", generation_inputs(text, TOKENS), request_id=request_id)
        return responses.get(timeout=30)
    finally:
        streamer.stop_stream()
        streamer.close()


def test_a_full_node_still_serves_cached_answers(client, cached_stack):
    question = "card 4242 paid 120 MAD at 14:00 in Rabat, home Rabat, 1 payments last hour. fraud?"
    answer, _ = ask(client, question)
    result, error = stream_one(cached_stack, question)  # unary and stream answers are cached apart
    assert error is None and result.get_response().parameters[CACHE_HEADER].string_param == "miss"
    held: queue.Queue = queue.Queue()
    hold = tc.InferInput("HOLD_MS", [1, 1], "INT32")
    # the model's cap (MAX_HOLD_MS): every call below must come while the node is full, on a loaded machine too
    hold.set_data_from_numpy(np.array([[MAX_HOLD_MS]], dtype=np.int32))
    client.async_infer("hold", [hold], callback=lambda result, error: held.put(error), headers=headers("acme"))
    endpoint = cached_stack.endpoint
    deadline = time.monotonic() + 20
    while (node := asyncio.run(read_registry(endpoint)).nodes.get("tangier/tangier-c")) is None or node.in_flight < 1:
        assert time.monotonic() < deadline, "the hold call never reached the node"
        time.sleep(0.05)
    assert ask(client, question) == (answer, "hit")  # full, but this one needs no Triton
    with pytest.raises(tc.InferenceServerException) as refused:
        ask(client, "card 4243 paid 120 MAD at 14:00 in Rabat, home Rabat, 1 payments last hour. fraud?")
    assert refused.value.status() == "StatusCode.RESOURCE_EXHAUSTED" and "is full" in refused.value.message()
    # the same inside a stream: the cached request is answered, the uncached one refused
    result, error = stream_one(cached_stack, question)
    assert error is None and result.get_response().parameters[CACHE_HEADER].string_param == "hit"
    assert result.as_numpy("text_output").reshape(-1)[0].decode() == answer
    result, error = stream_one(cached_stack, "feeder F2 load 11 MW peak 12 MW solar 1 MW. config?")
    assert error is not None and "RESOURCE_EXHAUSTED" in str(error) and "is full" in str(error)
    assert held.get(timeout=30) is None


def test_the_edge_exports_cache_metrics_and_reports_its_hit_rate(client, cached_stack):
    question = "feeder F30 load 40 MW peak 50 MW solar 10 MW. config?"
    ask(client, question)
    ask(client, question)
    ask(client, question.replace("config?", "which config?"))
    wine, _ = ask(client, "What wine pairs well with salmon?")
    # words the rules cannot pair: the judge decides, its encoder run on a worker thread, not the node's event loop
    assert ask(client, "best wine to go with salmon") == (wine, "hit")
    edge = cached_stack.edge("tangier-c")
    assert edge.metrics_url
    page = httpx.get(edge.metrics_url, timeout=5).text

    def value(line_start: str) -> float:
        return sum(float(line.rsplit(" ", 1)[1]) for line in page.splitlines() if line.startswith(line_start))

    assert value('edgeroute_edge_cache_lookups_total{outcome="hit_exact"}') >= 1
    assert value('edgeroute_edge_cache_lookups_total{outcome="hit_semantic"}') >= 1
    assert value('edgeroute_edge_cache_lookups_total{outcome="miss"}') >= 1
    assert value("edgeroute_edge_cache_guard_rejections_total") >= 1  # from the near-miss test
    assert value('edgeroute_edge_cache_lookup_seconds_count{stage="embed"}') >= 1
    assert value('edgeroute_edge_cache_lookup_seconds_count{stage="search"}') >= 1
    assert value('edgeroute_edge_cache_lookup_seconds_count{stage="encode"}') >= 1
    assert value("edgeroute_edge_cache_entries") >= 3
    assert value('edgeroute_edge_requests_total{method="ModelInfer",model="ensemble",result="cache_hit"}') >= 1
    deadline = time.monotonic() + 5
    while asyncio.run(read_registry(cached_stack.endpoint)).nodes["tangier/tangier-c"].cache_hit_rate <= 0:
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_openai_sdk_tenant_keys_and_rate_limits(cached_stack):
    """The OpenAI front takes the tenant's key from `Authorization: Bearer` (the SDK's api_key): a wrong
    key is 401, a tenant over its rate is 429 with Retry-After, in OpenAI's error shape."""
    import openai

    base = f"http://{cached_stack.routers[0].http_address}/v1"
    question = examples(1, seed=55, workload="fraud-check")[0].prompt

    def client(key: str) -> openai.OpenAI:
        return openai.OpenAI(base_url=base, api_key=key, max_retries=0, default_headers=REGION)

    with client("wrong") as wrong, pytest.raises(openai.AuthenticationError) as refused:
        wrong.completions.create(model="ensemble", prompt=question, max_tokens=4, temperature=0)
    assert refused.value.status_code == 401 and "unknown API key" in refused.value.message
    with client(KEYS["acme"]) as acme:
        assert acme.completions.create(model="ensemble", prompt=question, max_tokens=4, temperature=0).choices[0].text
    with client(KEYS["tiny"]) as tiny, pytest.raises(openai.RateLimitError) as limited:
        for _ in range(10):  # a burst of 2, then 0.2 calls a second
            tiny.completions.create(model="ensemble", prompt=question, max_tokens=4, temperature=0)
    assert limited.value.status_code == 429 and int(limited.value.response.headers["retry-after"]) >= 1
    assert limited.value.body["type"] == "rate_limit_error"
