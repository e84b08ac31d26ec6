"""The cache as the edge front uses it: which requests may be cached, under which namespace, and how a
stored answer is served again.

Namespace = unary or stream, tenant, model, model version, every input other than the prompt (the decoding parameters:
temperature, top_p, top_k, max_tokens, seed, stop words, end id, stream, ...) and the request's
parameters (Triton's per-call options such as triton_enable_empty_final_response), hashed. So no answer
crosses a tenant, a model version or a decoding setting. By default only deterministic requests are
cached (no temperature input, temperature 0, or a fixed seed).

Answers are stored as the serialized responses Triton sent. Serving one again appends, at the wire level,
the new request's id and the `x-edgeroute-cache` response parameter: protobuf keeps the last value of a
scalar field and of a map key, and merges a repeated message field, so nothing is decoded or re-encoded.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from controlplane import metrics
from controlplane.kernel.config import CacheSettings, ModelCache
from controlplane.kernel.errors import quoted
from controlplane.wire.fields import encode_len_field
from controlplane.wire.relay import CACHE_HEADER
from controlplane.wire.tensors import TensorError, request_tensors
from edgenode.cache.store import EXACT, GUARD, MISS, SEMANTIC, UNENCODED, Lookup, SemanticCache
from edgenode.cache.verify import CHECK, Verifier
from proto import service_pb2

HIT, MISS_MARK, BYPASS = "hit", "miss", "bypass"
_NOT_OUTPUT_CHANGING = frozenset({"priority", "timeout"})  # request parameters that do not change an answer
_SEED_INPUTS = ("seed", "random_seed")
_RESP_ID, _RESP_PARAMS, _STREAM_RESPONSE = 3, 4, 2


@dataclass(frozen=True, slots=True)
class CacheKey:
    namespace: str
    prompt: str
    settings: ModelCache
    # no semantic hits, exact repeats only: the answer quotes the prompt (exclude_input_in_output false), or the
    # prompt is longer than cache.max_semantic_chars (reading it would hold the event loop)
    exact_only: bool = False


def _param_entry(key: str, value: str) -> bytes:
    # map<string, InferParameter> entry; InferParameter.string_param is field 3
    return encode_len_field(_RESP_PARAMS, encode_len_field(1, key.encode()) + encode_len_field(2, encode_len_field(3, value.encode())))


_MARKS = {mark: _param_entry(CACHE_HEADER, mark) for mark in (HIT, MISS_MARK, BYPASS)}


def mark_unary(response: bytes, mark: str, request_id: str | None = None) -> bytes:
    """A ModelInferResponse with the cache parameter set (and its id replaced, for a served answer)."""
    extra = _MARKS[mark]
    if request_id is not None:
        extra = encode_len_field(_RESP_ID, request_id.encode()) + extra
    return response + extra


def mark_stream(response: bytes, mark: str, request_id: str | None = None) -> bytes:
    """The same for a ModelStreamInferResponse: a second infer_response occurrence, merged into the first."""
    inner = _MARKS[mark]
    if request_id is not None:
        inner = encode_len_field(_RESP_ID, request_id.encode()) + inner
    return response + encode_len_field(_STREAM_RESPONSE, inner)


def _text_output(response: bytes) -> bytes | None:
    """The text_output tensor's bytes of a serialized ModelInferResponse (ids and timings aside)."""
    message = service_pb2.ModelInferResponse.FromString(response)
    for index, tensor in enumerate(message.outputs):
        if tensor.name == "text_output":
            if index < len(message.raw_output_contents):
                return message.raw_output_contents[index]
            return b"\x00".join(tensor.contents.bytes_contents)
    return None


def _scalar(array: np.ndarray) -> float | None:
    flat = np.asarray(array).reshape(-1)
    return float(flat[0]) if flat.size else None


LOG = logging.getLogger(__name__)


class EdgeCache:
    """The node's semantic cache, its settings and its metrics."""

    def __init__(self, settings: CacheSettings, cache: SemanticCache) -> None:
        self.settings = settings
        self.cache = cache
        self.hits = 0
        self.lookups = 0
        self.snapshot_path = Path(settings.snapshot) if settings.snapshot else None
        self.verifier = (Verifier(settings.error_bound, settings.check_rate) if settings.error_bound is not None
                         else None)

    @classmethod
    def build(cls, settings: CacheSettings, embedder=None) -> EdgeCache:  # noqa: ANN001
        """At node start: the embedding table and the guard's word model load here, not in the first call."""
        from edgenode.cache.embed import shared_embedder
        from edgenode.cache.guard import shared_guard

        def evicted(reason: str) -> None:
            metrics.EDGE_CACHE_EVICTIONS.labels(reason).inc()

        store = SemanticCache(embedder or shared_embedder(), max_entries=settings.max_entries, guard=shared_guard(),
                              on_evict=evicted)
        return cls(settings, store)

    @property
    def hit_rate(self) -> float:
        return self.hits / self.lookups if self.lookups else 0.0

    def key(self, raw: bytes, tenant: str, kind: str = "unary") -> CacheKey | None:
        """The request's cache key, or None when it must bypass the cache (model not cached, sampled, no prompt).

        `kind` ("unary" or "stream") is part of the namespace: the two store different response messages."""
        try:
            request = service_pb2.ModelInferRequest.FromString(raw)
        except Exception:  # noqa: BLE001 (malformed: Triton or the validator answers it)
            return None
        settings = self.settings.for_model(request.model_name)
        if settings is None:
            return None
        try:
            tensors = request_tensors(request)
        except TensorError:
            return None
        text = tensors.get(settings.text_input)
        if text is None or np.asarray(text).size != 1:
            return None
        value = np.asarray(text).reshape(-1)[0]
        prompt = value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
        if settings.deterministic_only:
            temperature = _scalar(tensors["temperature"]) if "temperature" in tensors else None
            seeded = any(name in tensors for name in _SEED_INPUTS)
            if temperature and not seeded:
                return None
        echo = tensors.get("exclude_input_in_output")
        exact_only = (echo is not None and np.asarray(echo).size > 0 and not bool(np.asarray(echo).reshape(-1)[0])
                      or len(prompt) > self.settings.max_semantic_chars)
        digest = hashlib.blake2b(digest_size=16)
        digest.update(f"{kind}\x00{tenant}\x00{request.model_name}\x00{request.model_version}\x00".encode())
        for name in sorted(tensors):
            if name == settings.text_input:
                continue
            array = np.ascontiguousarray(tensors[name])
            digest.update(f"{name}\x00{array.dtype.str}\x00{array.shape}\x00".encode())
            digest.update(repr(array.tolist()).encode() if array.dtype == object else array.tobytes())
        for name in sorted(request.parameters):
            if name not in _NOT_OUTPUT_CHANGING:
                digest.update(f"{name}\x00{request.parameters[name].SerializeToString(deterministic=True).hex()}\x00".encode())
        namespace = f"{tenant or '-'}/{request.model_name}/{request.model_version or '-'}/{digest.hexdigest()}"
        return CacheKey(namespace, prompt, settings, exact_only)

    async def lookup(self, key: CacheKey) -> Lookup:
        """The store's lookup on the event loop; where the guard must first run the whole encoder (a rare word, a
        prompt its judge has not met: milliseconds), that runs on a worker thread and the lookup is taken again, so
        the node's other calls go on meanwhile. A lookup that raises (a fault in the reader or the guard on some
        prompt) is a miss that is not stored: the call goes to the model, as an uncached one would."""
        try:
            return await self._lookup(key)
        except Exception:  # noqa: BLE001 (the cache only saves work: a fault in it must not fail the call)
            LOG.exception("cache lookup failed in %s for prompt %s; answered uncached", key.namespace, quoted(key.prompt))
            metrics.EDGE_CACHE_FAULTS.labels("lookup").inc()
            return Lookup(MISS, None, unstorable=True)

    async def _lookup(self, key: CacheKey) -> Lookup:
        assert key.settings.threshold is not None
        started = time.perf_counter()
        threshold = None if key.exact_only else key.settings.threshold
        found = self.cache.lookup(key.namespace, key.prompt, threshold, encode_now=False)  # expires entries first
        first = found
        for rounds in range(3):  # the words, then the judge's prompts; a third round only if a memo was churned
            if found.outcome != UNENCODED:
                break
            assert found.encode is not None
            encoding = time.perf_counter()
            await asyncio.to_thread(found.encode)
            metrics.EDGE_CACHE_LOOKUP_TIME.labels("encode").observe(time.perf_counter() - encoding)
            found = self.cache.lookup(key.namespace, key.prompt, threshold, encode_now=rounds == 2, vector=first.vector,
                                      reading=found.reading)
        found = replace(found, embed_s=first.embed_s, search_s=first.search_s)
        metrics.EDGE_CACHE_ENTRIES.set(len(self.cache))
        self.lookups += 1
        if found.hit:
            self.hits += 1
        metrics.EDGE_CACHE_LOOKUPS.labels({EXACT: "hit_exact", SEMANTIC: "hit_semantic", MISS: "miss",
                                           GUARD: "guard_rejected"}[found.outcome]).inc()
        if found.outcome == GUARD:
            metrics.EDGE_CACHE_GUARD_REJECTIONS.inc()
        if found.outcome == EXACT:
            metrics.EDGE_CACHE_LOOKUP_TIME.labels("exact").observe(time.perf_counter() - started)
        elif found.vector is not None:  # the semantic tier was searched
            metrics.EDGE_CACHE_LOOKUP_TIME.labels("embed").observe(found.embed_s)
            metrics.EDGE_CACHE_LOOKUP_TIME.labels("search").observe(found.search_s)
        return found

    def should_check(self, found: Lookup) -> bool:
        """A semantic hit to answer fresh and compare (cache.error_bound set); exact hits are never checked."""
        return self.verifier is not None and found.outcome == SEMANTIC and self.verifier.decide() == CHECK

    def record_check(self, key: CacheKey, found: Lookup, response: bytes, cost_s: float) -> bool:
        """Compare a fresh unary answer with the cached one (text_output, byte for byte); a wrong one raises the
        entry's threshold and the fresh answer is kept under its own prompt."""
        assert self.verifier is not None and found.entry is not None
        ok = _text_output(response) == _text_output(found.entry.responses[0])
        self.verifier.record(ok)
        metrics.EDGE_CACHE_CHECKS.labels("ok" if ok else "wrong").inc()
        if not ok:
            self.cache.raise_threshold(found.entry.label, found.similarity)
            self.store(key, found, (response,), cost_s)
        return ok

    def store(self, key: CacheKey, found: Lookup, responses: tuple[bytes, ...], cost_s: float) -> None:
        """Keep a generated answer; one whose lookup raised, or whose store raises, is not kept (the call's answer
        is sent all the same)."""
        assert key.settings.ttl_s is not None
        if found.unstorable:
            return
        try:
            self.cache.store(key.namespace, key.prompt, responses, key.settings.ttl_s, cost_s, vector=found.vector,
                             semantic=not key.exact_only, reading=found.reading)
        except Exception:  # noqa: BLE001 (as in lookup)
            LOG.exception("cache store failed in %s for prompt %s; not kept", key.namespace, quoted(key.prompt))
            metrics.EDGE_CACHE_FAULTS.labels("store").inc()
        metrics.EDGE_CACHE_ENTRIES.set(len(self.cache))

    def load_snapshot(self) -> int:
        if self.snapshot_path is None:
            return 0
        loaded = self.cache.load(self.snapshot_path, self.settings.max_semantic_chars)
        metrics.EDGE_CACHE_ENTRIES.set(len(self.cache))
        return loaded

    def save_snapshot(self) -> int:
        return self.cache.snapshot(self.snapshot_path) if self.snapshot_path is not None else 0
