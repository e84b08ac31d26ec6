"""The semantic cache's parts on the real embedding table and the real hnswlib index (no fakes)."""

from __future__ import annotations

import numpy as np
import pytest

from controlplane.kernel.config import CacheSettings, ModelCache
from edgenode.cache.edge import BYPASS, CACHE_HEADER, HIT, MISS_MARK, EdgeCache, mark_stream, mark_unary
from edgenode.cache.embed import StaticEmbedder, shared_embedder
from edgenode.cache.evalsets import pairs
from edgenode.cache.guard import exact_key, facts, same_facts
from edgenode.cache.store import EXACT, GUARD, MISS, SEMANTIC, SemanticCache
from proto import service_pb2
from proto.stream import read_response


@pytest.fixture(scope="module")
def embedder() -> StaticEmbedder:
    return shared_embedder()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_guard_reads_numbers_names_and_negations_in_order():
    a = "card 1234 paid 500 MAD at 03:00 in Lagos, home Dakar, 2 payments last hour. fraud?"
    assert facts(a)[:7] == ("#1234", "#500", "@mad", "@03:00", "$lagos", "$dakar", "#2")
    assert same_facts(a, "Card 1234 paid 500 MAD at 03:00 in Lagos,  home Dakar, 2 payments in the last hour. Fraud?")
    assert not same_facts(a, a.replace("500", "5000"))
    assert not same_facts(a, a.replace("5,000", "500").replace("500 MAD", "5,000 MAD"))
    assert same_facts("pay 5,000 MAD", "pay 5000 MAD")
    assert not same_facts(a, a.replace("in Lagos, home Dakar", "in Dakar, home Lagos"))  # names swapped
    assert not same_facts("port 6379 is open", "port 6379 is not open")
    assert facts("port 6379 isn't open") == facts("port 6379 is not open")
    assert not same_facts("season winter. crop?", "season spring. crop?")  # content words differ


def test_exact_key_ignores_case_and_spacing_but_not_namespace():
    assert exact_key("ns", "Feeder F1  load 3") == exact_key("ns", "feeder f1 load 3 ")
    assert exact_key("ns", "feeder f1") != exact_key("other", "feeder f1")


def test_embedder_matches_words_and_separates_topics(embedder):
    a = embedder.encode("which crop for clay soil in winter")
    b = embedder.encode("crop for clay soil in winter?")
    c = embedder.encode("feeder load and solar output in megawatts")
    assert a.shape == (embedder.dim,) and abs(float(np.linalg.norm(a)) - 1) < 1e-5
    assert float(a @ b) > 0.95 > float(a @ c)


def test_paraphrases_hit_and_near_misses_never_do_at_the_default_threshold(embedder):
    paraphrases, near = pairs()
    cache = SemanticCache(embedder, max_entries=10_000)
    threshold = CacheSettings().threshold
    for pair in paraphrases:
        cache.store("tenant/ensemble", pair.stored, (pair.stored.encode(),), ttl_s=60)
    outcomes = [cache.lookup("tenant/ensemble", p.asked, threshold) for p in paraphrases]
    hits = [o for o in outcomes if o.hit]
    assert all(o.entry.prompt == p.stored for o, p in zip(outcomes, paraphrases, strict=True) if o.hit)
    kept_words = [o for o, p in zip(outcomes, paraphrases, strict=True) if p.change != "paraphrase:synonym"]
    assert sum(o.hit for o in kept_words) / len(kept_words) >= 0.9
    assert not any(o.hit for o, p in zip(outcomes, paraphrases, strict=True) if p.change == "paraphrase:synonym")
    assert {o.outcome for o in hits} == {EXACT, SEMANTIC}
    false_hits = [(p, o) for p in near if (o := cache.lookup("tenant/ensemble", p.asked, threshold)).hit
                  and o.entry.prompt != p.asked]
    assert false_hits == []
    # without the guard most near misses would have matched: the guard is what holds them back
    assert sum(cache.lookup("tenant/ensemble", p.asked, threshold).outcome == GUARD for p in near) > len(near) / 2


def test_namespaces_never_share_an_entry(embedder):
    cache = SemanticCache(embedder)
    cache.store("a/ensemble", "feeder F3 load 20 MW peak 30 MW solar 5 MW. config?", (b"A",), ttl_s=60)
    assert cache.lookup("a/ensemble", "feeder F3 load 20 MW peak 30 MW solar 5 MW. config?", 0.98).hit
    assert cache.lookup("b/ensemble", "feeder F3 load 20 MW peak 30 MW solar 5 MW. config?", 0.98).outcome == MISS


def test_ttl_expiry_removes_entries_from_the_index(embedder):
    clock = Clock()
    reasons: list[str] = []
    cache = SemanticCache(embedder, clock=clock, on_evict=reasons.append)
    short = cache.store("ns", "soil clay pH 6.0 rain 600 mm region Kano season winter. crop?", (b"x",), ttl_s=5)
    long = cache.store("ns", "soil sand pH 7.0 rain 150 mm region Souss season summer. crop?", (b"y",), ttl_s=50)
    assert cache.contains_label(short.label) and cache.indexed() == 2
    clock.now += 6
    assert cache.lookup("ns", short.prompt, 0.98).outcome == MISS
    assert not cache.contains_label(short.label) and cache.contains_label(long.label)
    assert len(cache) == 1 and cache.indexed() == 1 and reasons == ["ttl"]
    clock.now += 50
    assert cache.expire() == 1 and len(cache) == 0 and cache.indexed() == 0 and cache.namespaces() == 0


def test_lru_eviction_removes_the_least_recently_used_from_the_index(embedder):
    reasons: list[str] = []
    cache = SemanticCache(embedder, max_entries=3, on_evict=reasons.append)
    prompts = [f"feeder F{i} load {10 + i} MW peak 40 MW solar 3 MW. config?" for i in range(1, 5)]
    entries = [cache.store("ns", p, (p.encode(),), ttl_s=60) for p in prompts[:3]]
    assert cache.lookup("ns", prompts[0], 0.98).hit  # F1 is now the most recently used
    fourth = cache.store("ns", prompts[3], (b"4",), ttl_s=60)
    assert reasons == ["lru"] and len(cache) == 3
    assert not cache.contains_label(entries[1].label)  # F2 went, not F1
    assert all(cache.contains_label(e.label) for e in (entries[0], entries[2], fourth))
    assert cache.lookup("ns", prompts[1], 0.98).outcome in (MISS, GUARD)


def test_deleted_slots_are_reused_and_a_shrunk_graph_is_rebuilt(embedder):
    cache = SemanticCache(embedder, max_entries=10_000)
    stored = [cache.store("ns", f"card {1000 + i} paid 50 MAD at 10:00 in Rabat, home Rabat, 0 payments last hour. fraud?",
                          (b"a",), ttl_s=60) for i in range(300)]
    for entry in stored[:250]:
        cache.remove(entry.label)
    assert cache.indexed() == 50
    survivor = stored[-1]
    assert cache.lookup("ns", survivor.prompt.upper(), 0.98).entry is survivor  # exact tier
    assert cache.lookup("ns", survivor.prompt.replace("fraud?", "fraud ?"), 0.98).entry is survivor  # semantic


def test_snapshot_round_trip_keeps_answers_and_remaining_ttl(embedder, tmp_path):
    cache = SemanticCache(embedder)
    entry = cache.store("ns", "feeder F9 load 30 MW peak 35 MW solar 2 MW. config?", (b"r1", b"r2"), ttl_s=600)
    cache.store("ns2", "soil silt pH 5.5 rain 800 mm region Rift season autumn. crop?", (b"c",), ttl_s=600)
    path = tmp_path / "cache.npz"
    assert cache.snapshot(path) == 2
    again = SemanticCache(embedder)
    assert again.load(path) == 2
    found = again.lookup("ns", entry.prompt.replace(".", " ."), 0.98)
    assert found.hit and found.entry.responses == (b"r1", b"r2") and 590 < found.entry.expires_at - again._clock() <= 600
    (tmp_path / "bad.npz").write_bytes(b"not a snapshot")
    with pytest.raises(ValueError, match="delete it to start empty"):
        again.load(tmp_path / "bad.npz")
    assert SemanticCache(embedder).load(tmp_path / "missing.npz") == 0


def _request(text: str, max_tokens: int = 40, temperature: float | None = None, seed: int | None = None,
             model: str = "ensemble", request_id: str = "r1", echo: bool | None = None) -> bytes:
    request = service_pb2.ModelInferRequest(model_name=model, id=request_id)

    def add(name: str, datatype: str, raw: bytes) -> None:
        request.inputs.add(name=name, datatype=datatype, shape=[1, 1])
        request.raw_input_contents.append(raw)

    encoded = text.encode()
    add("text_input", "BYTES", len(encoded).to_bytes(4, "little") + encoded)
    add("max_tokens", "INT32", np.array([max_tokens], dtype=np.int32).tobytes())
    if temperature is not None:
        add("temperature", "FP32", np.array([temperature], dtype=np.float32).tobytes())
    if seed is not None:
        add("seed", "UINT64", np.array([seed], dtype=np.uint64).tobytes())
    if echo is not None:  # TensorRT-LLM's exclude_input_in_output = not echo
        add("exclude_input_in_output", "BOOL", np.array([not echo]).tobytes())
    return request.SerializeToString()


def test_namespace_covers_tenant_model_and_every_decoding_parameter(embedder):
    edge = EdgeCache(CacheSettings(), SemanticCache(embedder))
    base = edge.key(_request("feeder F1 load 10 MW peak 20 MW solar 1 MW. config?"), "acme")
    assert base is not None and base.prompt.startswith("feeder F1") and base.settings.threshold == 0.98
    assert base.namespace == edge.key(_request("something else", request_id="other"), "acme").namespace
    assert base.namespace != edge.key(_request("x"), "globex").namespace
    assert base.namespace != edge.key(_request("x"), "acme", "stream").namespace  # other response messages
    assert base.namespace != edge.key(_request("x", max_tokens=41), "acme").namespace
    assert base.namespace != edge.key(_request("x", temperature=0.0), "acme").namespace
    assert edge.key(_request("x", temperature=0.7), "acme") is None  # sampled: not cached by default
    assert edge.key(_request("x", temperature=0.7, seed=3), "acme").namespace != edge.key(
        _request("x", temperature=0.7, seed=4), "acme").namespace
    assert edge.key(_request("x", model="simple"), "acme") is None  # not a cached model
    assert edge.key(b"\xff\xff", "acme") is None
    sampled = EdgeCache(CacheSettings(models={"ensemble": ModelCache(deterministic_only=False)}), SemanticCache(embedder))
    assert sampled.key(_request("x", temperature=0.7), "acme") is not None


def test_an_answer_that_repeats_its_prompt_is_shared_only_with_the_same_prompt(embedder):
    """exclude_input_in_output false: the answer starts with the prompt, so a rewording must not get it
    (exact tier only, no embedding), while the same prompt still hits."""
    edge = EdgeCache(CacheSettings(), SemanticCache(embedder))
    stored = "card 2951 paid 1500 MAD at 16:00 in Rabat. fraud?"
    reworded = "please, card 2951 paid 1500 MAD at 16:00 in Rabat, fraud?"
    for echo, reworded_hits in ((True, False), (False, True)):
        key = edge.key(_request(stored, echo=echo), "acme")
        assert key.exact_only is echo
        edge.store(key, edge.lookup(key), (b"answer",), cost_s=0.1)
        assert edge.lookup(edge.key(_request(stored, echo=echo), "acme")).outcome == EXACT
        again = edge.lookup(edge.key(_request(reworded, echo=echo), "acme"))
        assert again.hit is reworded_hits and (again.vector is None) is echo


def test_served_answers_carry_the_new_id_and_the_cache_mark():
    response = service_pb2.ModelInferResponse(model_name="ensemble", id="first")
    response.parameters["other"].bool_param = True
    raw = response.SerializeToString()
    again = service_pb2.ModelInferResponse.FromString(mark_unary(raw, HIT, "second"))
    assert again.id == "second" and again.parameters[CACHE_HEADER].string_param == HIT
    assert again.parameters["other"].bool_param and again.model_name == "ensemble"
    assert service_pb2.ModelInferResponse.FromString(mark_unary(raw, MISS_MARK)).id == "first"

    stream = service_pb2.ModelStreamInferResponse()
    stream.infer_response.id = "first"
    stream.infer_response.parameters["triton_final_response"].bool_param = True
    marked = mark_stream(stream.SerializeToString(), BYPASS, "third")
    parsed = service_pb2.ModelStreamInferResponse.FromString(marked)
    assert parsed.infer_response.id == "third" and parsed.infer_response.parameters[CACHE_HEADER].string_param == BYPASS
    assert parsed.infer_response.parameters["triton_final_response"].bool_param
    seen = read_response(marked)  # the router's wire reader merges the two occurrences the same way
    assert seen.request_id == "third" and seen.final and seen.empty
