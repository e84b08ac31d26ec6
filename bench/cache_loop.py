"""How long a cache lookup holds the edge's event loop: `python -m bench.cache_loop`.

Most lookups are embedding + search + the guard's rules (well under a millisecond, bench.cache_lookup). Some need
the whole MiniLM encoder first: a word that is not one vocabulary token (the guard's word vectors) or a prompt the
paraphrase judge has not met; that costs milliseconds. The edge (EdgeCache.lookup) runs that encoding on a worker
thread and looks up again; the baseline, measured in the same run on the same prompts, is the same lookup with the
encoding inline on the loop (SemanticCache.lookup, encode_now=True), as the edge did before.

Figures: how long each lookup holds the loop (its time minus the time it awaited the worker thread, read from the
edge's `encode` stage histogram), and how late a ticker coroutine sleeping 1 ms at a time wakes at worst: what
another call on the node would wait.

Prompts: the ninth design split's 600 pairs (bench.cacheeval.design_ninth), each stored prompt in its own namespace,
each asked prompt looked up once per path. The two paths alternate in blocks of 100 pairs, each block on fresh memos
(a new guard: new word-vector and judge memos), so both paths encode the same prompts. While the lookups run, a
ticker coroutine sleeps 1 ms at a time and records how late it wakes: the stall another call on the node would see.
Both paths must reach the same decision on every pair (checked and reported).
"""

from __future__ import annotations

import asyncio
import time

import numpy as np

from bench.cacheeval import design_ninth
from bench.common import machine, percentiles_ms, write_results
from controlplane import metrics
from controlplane.kernel.config import DEFAULT_CACHE_THRESHOLD, CacheSettings
from edgenode.cache.edge import CacheKey, EdgeCache
from edgenode.cache.embed import WordVectors, shared_embedder, shared_encoder, words_path
from edgenode.cache.guard import Guard
from edgenode.cache.lexicon import shared_lexicon
from edgenode.cache.paraphrase import Paraphrase
from edgenode.cache.store import SemanticCache

BLOCK = 100
TICK_S = 0.001
PATHS = ("inline", "off_loop")


def fresh_cache(pairs: list) -> SemanticCache:  # noqa: ANN001
    """A store holding the block's stored prompts, behind a guard whose memos are empty."""
    encoder = shared_encoder()
    guard = Guard(WordVectors.load(words_path(), encoder), lexicon=shared_lexicon(), paraphrase=Paraphrase.load(encoder))
    cache = SemanticCache(shared_embedder(), guard=guard)
    for index, pair in enumerate(pairs):
        cache.store(f"ns{index}", pair.stored, (b"answer",), ttl_s=3600, cost_s=1.0)
    return cache


def encode_seconds() -> float:
    """The edge's time awaiting the worker thread so far (its `encode` stage histogram's sum)."""
    for family in metrics.EDGE_CACHE_LOOKUP_TIME.collect():
        for sample in family.samples:
            if sample.name.endswith("_sum") and sample.labels.get("stage") == "encode":
                return sample.value
    return 0.0


async def run_block(path: str, pairs: list) -> tuple[list[float], list[float], list[float], list[str]]:  # noqa: ANN001
    """(ticker lateness, lookup latencies, time each lookup held the loop, outcomes) for one block on one path."""
    cache = fresh_cache(pairs)
    edge = EdgeCache(CacheSettings(), cache)
    settings = CacheSettings().for_model("ensemble")
    lateness: list[float] = []
    done = False

    async def ticker() -> None:
        while not done:
            before = time.perf_counter()
            await asyncio.sleep(TICK_S)
            lateness.append(time.perf_counter() - before - TICK_S)

    ticking = asyncio.create_task(ticker())
    await asyncio.sleep(0.01)
    latencies, holds, outcomes = [], [], []
    for index, pair in enumerate(pairs):
        awaited = encode_seconds()
        started = time.perf_counter()
        if path == "inline":
            found = cache.lookup(f"ns{index}", pair.asked, DEFAULT_CACHE_THRESHOLD)
        else:
            found = await edge.lookup(CacheKey(f"ns{index}", pair.asked, settings))
        took = time.perf_counter() - started
        latencies.append(took)
        holds.append(took - (encode_seconds() - awaited))
        outcomes.append(found.outcome)
        await asyncio.sleep(0)  # let the ticker in between calls, as a busy node would
    done = True
    await ticking
    return lateness, latencies, holds, outcomes


def main() -> None:
    pairs = design_ninth.pairs()
    print(f"cache_loop on {machine()}; {len(pairs)} pairs of the ninth design split, blocks of {BLOCK}, "
          f"a {TICK_S * 1000:.0f} ms ticker on the loop")
    fresh_cache(pairs[:1]).lookup("ns0", pairs[0].asked, DEFAULT_CACHE_THRESHOLD)  # load the encoder and tables
    lateness = {p: [] for p in PATHS}
    latency = {p: [] for p in PATHS}
    hold = {p: [] for p in PATHS}
    outcomes = {p: [] for p in PATHS}
    for number, start in enumerate(range(0, len(pairs), BLOCK)):
        block = pairs[start:start + BLOCK]
        for path in PATHS if number % 2 == 0 else PATHS[::-1]:
            late, took, held, said = asyncio.run(run_block(path, block))
            lateness[path] += late
            latency[path] += took
            hold[path] += held
            outcomes[path] += said
    agree = sum(a == b for a, b in zip(outcomes["inline"], outcomes["off_loop"], strict=True))
    figures: dict[str, float | int] = {"pairs": len(pairs), "same_decision": agree}
    for path in PATHS:
        held = percentiles_ms(hold[path])
        took = percentiles_ms(latency[path])
        figures.update({f"{path}_hold_p50_ms": held["p50"], f"{path}_hold_p99_ms": held["p99"],
                        f"{path}_hold_max_ms": float(np.max(hold[path]) * 1000),
                        f"{path}_ticker_late_max_ms": float(np.max(lateness[path]) * 1000),
                        f"{path}_lookup_p50_ms": took["p50"], f"{path}_lookup_p99_ms": took["p99"]})
        print(f"  {path:8s} holds the loop p50 {held['p50']:.3f} ms, p99 {held['p99']:.2f} ms, max "
              f"{figures[f'{path}_hold_max_ms']:.1f} ms; a 1 ms ticker wakes at worst "
              f"{figures[f'{path}_ticker_late_max_ms']:.1f} ms late; lookup p50 {took['p50']:.3f} ms, "
              f"p99 {took['p99']:.2f} ms")
    for stat in ("p99", "max"):
        figures[f"hold_{stat}_ratio_inline_over_off_loop"] = (figures[f"inline_hold_{stat}_ms"]
                                                              / figures[f"off_loop_hold_{stat}_ms"])
    print(f"  same decision on {agree} of {len(pairs)} pairs; the loop held, inline / off the loop: p99 "
          f"{figures['hold_p99_ratio_inline_over_off_loop']:.1f}x, max {figures['hold_max_ratio_inline_over_off_loop']:.1f}x")
    print(f"  -> {write_results('cache_loop', figures)}")


if __name__ == "__main__":
    main()
