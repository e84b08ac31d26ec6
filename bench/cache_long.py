"""Long prompts at the edge: `python -m bench.cache_long`.

Reading a prompt and comparing it with its candidates (the near-miss guard) takes time that grows faster than the
prompt, on the edge's event loop. A prompt longer than `cache.max_semantic_chars` (2,000 by default) is cached for
exact repeats only: neither read nor embedded (edgenode.cache.edge). This measures, for prompts of 500 to 16,000
characters, the time a lookup and a store hold the loop on that path against the baseline of the same prompts
through the semantic tier (what the edge did before the bound), on the same prompts, the two paths alternating in
blocks of 5. Both go through the edge's own `EdgeCache.lookup` and `store`; the time it awaits the worker thread
that runs the whole encoder (a rare word, the judge's prompts) is left out of the loop's time, as bench.cache_loop
leaves it out.

Prompts: the workload corpus's questions joined to the length; per length 20 stored, then 20 lookups, half a stored
prompt with "please" before it, half new, each stored after its lookup missed.
"""

from __future__ import annotations

import asyncio
import random
import time

from bench.cache_loop import encode_seconds
from bench.common import machine, percentiles_ms, write_results
from controlplane.kernel.config import CacheSettings
from edgenode.cache.edge import CacheKey, EdgeCache
from edgenode.cache.embed import shared_embedder
from edgenode.cache.guard import shared_guard
from edgenode.cache.store import SemanticCache
from edgenode.lm.corpus import examples

LENGTHS = (500, 2000, 4000, 16000)
STORED = 20
QUERIES = 20
BLOCK = 5


NAMESPACE = "acme/ensemble/1/ns"


async def held(edge: EdgeCache, prompt: str, semantic: bool) -> tuple[float, float]:
    """The loop's time for one lookup through the edge (its wait for the encoder's thread left out) and, after a
    miss, one store."""
    key = CacheKey(NAMESPACE, prompt, CacheSettings().for_model("ensemble"), exact_only=not semantic)
    awaited = encode_seconds()
    t0 = time.perf_counter()
    found = await edge.lookup(key)
    looked = time.perf_counter() - t0 - (encode_seconds() - awaited)
    stored = 0.0
    if not found.hit:
        t0 = time.perf_counter()
        edge.store(key, found, (b"x" * 160,), cost_s=1.0)
        stored = time.perf_counter() - t0
    return looked, stored


def main() -> None:
    embedder, guard = shared_embedder(), shared_guard()
    bound = CacheSettings().max_semantic_chars
    questions = [e.question for e in examples(5000, seed=4)]
    rng = random.Random(1)
    figures: dict[str, float | int] = {"max_semantic_chars": bound}
    print(f"cache_long on {machine()}; the default bound {bound} characters; loop time p50 (the encoder's work "
          "left out), exact repeats only against the semantic tier, same prompts, alternating blocks")

    def joined(n: int) -> str:
        text = ""
        while len(text) < n:
            text += rng.choice(questions) + " "
        return text[:n]

    for n in LENGTHS:
        stored = [joined(n) for _ in range(STORED)]
        asked = [f"please {stored[i]}" if i % 2 == 0 else joined(n) for i in range(QUERIES)]
        edges = {arm: EdgeCache(CacheSettings(), SemanticCache(embedder, guard=guard)) for arm in ("exact", "semantic")}
        for arm, edge in edges.items():
            for prompt in stored:
                edge.cache.store(NAMESPACE, prompt, (b"x" * 160,), ttl_s=3600, semantic=arm == "semantic")
        times: dict[str, dict[str, list[float]]] = {arm: {"lookup": [], "store": []} for arm in edges}
        for block, start in enumerate(range(0, QUERIES, BLOCK)):
            for arm in ("exact", "semantic") if block % 2 == 0 else ("semantic", "exact"):
                for prompt in asked[start:start + BLOCK]:
                    looked, kept = asyncio.run(held(edges[arm], prompt, arm == "semantic"))
                    times[arm]["lookup"].append(looked)
                    times[arm]["store"].append(kept)
        for arm, suffix in (("exact", ""), ("semantic", "_semantic_baseline")):
            figures[f"lookup_p50_ms_{n}{suffix}"] = percentiles_ms(times[arm]["lookup"])["p50"]
            figures[f"lookup_max_ms_{n}{suffix}"] = max(times[arm]["lookup"]) * 1e3
            figures[f"store_p50_ms_{n}{suffix}"] = percentiles_ms([t for t in times[arm]["store"] if t])["p50"]
        figures[f"lookup_ratio_{n}"] = figures[f"lookup_p50_ms_{n}_semantic_baseline"] / figures[f"lookup_p50_ms_{n}"]
        print(f"{n:>6} characters: lookup p50 {figures[f'lookup_p50_ms_{n}']:.3f} ms (max "
              f"{figures[f'lookup_max_ms_{n}']:.3f}) exact only, {figures[f'lookup_p50_ms_{n}_semantic_baseline']:.1f} ms "
              f"(max {figures[f'lookup_max_ms_{n}_semantic_baseline']:.1f}) semantic -> "
              f"{figures[f'lookup_ratio_{n}']:.0f}x; store p50 {figures[f'store_p50_ms_{n}']:.3f} against "
              f"{figures[f'store_p50_ms_{n}_semantic_baseline']:.1f} ms"
              + ("   <- past the bound: the edge takes the exact path" if n > bound else
                 "   (within the bound: the edge takes the semantic path)"))
    path = write_results("cache_long", figures)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
