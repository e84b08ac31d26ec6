"""The semantic cache end to end and its quality: `python -m bench.cache_e2e`.

1. Latency through the whole stack (tritonclient -> router -> edge node -> Triton, `ensemble`, unary,
   96 tokens): the same question answered from the cache against generated again with
   `x-edgeroute-cache: bypass` (the baseline), interleaved in one run.
2. Hit rate and false-hit rate on the project's sets (edgenode.cache.evalsets) through the stack:
   paraphrases of stored questions should hit; a near miss answered from the cache is a false hit.
3. The embedding choice, offline on the full sets at the default threshold: the static table the cache
   uses against the whole MiniLM encoder, each with and without the near-miss guard.
"""

from __future__ import annotations

import time

import numpy as np
import tritonclient.grpc as tc

from bench.common import generation_inputs, machine, percentiles_ms, write_results
from controlplane.kernel.config import DEFAULT_CACHE_THRESHOLD
from controlplane.stack import Stack
from edgenode.cache.edge import CACHE_HEADER
from edgenode.cache.embed import MiniLM, shared_embedder
from edgenode.cache.evalsets import pairs
from edgenode.cache.guard import same_facts
from edgenode.lm.corpus import examples
from tests.conftest import REGIONS_YAML

LATENCY_QUESTIONS, MAX_TOKENS, STACK_QUESTIONS = 40, 96, 30
HEADERS = {"x-client-region": "casablanca"}


def ask(client: tc.InferenceServerClient, text: str, bypass: bool = False) -> tuple[str, str, float]:
    headers = {**HEADERS, CACHE_HEADER: "bypass"} if bypass else HEADERS
    started = time.perf_counter()
    result = client.infer("ensemble", generation_inputs(tc.InferInput, text, MAX_TOKENS), headers=headers)
    elapsed = time.perf_counter() - started
    mark = result.get_response().parameters[CACHE_HEADER].string_param
    return result.as_numpy("text_output").reshape(-1)[0].decode(), mark, elapsed


def offline_tradeoff(figures: dict[str, float | int]) -> None:
    paraphrases, near = pairs()
    static = shared_embedder()
    full = MiniLM()
    for name, encode in (("static", static.encode), ("minilm", lambda t: full.encode([t])[0])):
        started = time.perf_counter()
        para = [float(encode(p.stored) @ encode(p.asked)) for p in paraphrases]
        miss = [float(encode(p.stored) @ encode(p.asked)) for p in near]
        figures[f"embed_ms_{name}"] = (time.perf_counter() - started) / (2 * (len(para) + len(miss))) * 1000
        over_p = [c >= DEFAULT_CACHE_THRESHOLD for c in para]
        over_n = [c >= DEFAULT_CACHE_THRESHOLD for c in miss]
        figures[f"hit_rate_{name}_no_guard"] = float(np.mean(over_p))
        figures[f"false_hit_rate_{name}_no_guard"] = float(np.mean(over_n))
        figures[f"hit_rate_{name}_guard"] = float(np.mean([o and same_facts(p.stored, p.asked)
                                                           for o, p in zip(over_p, paraphrases, strict=True)]))
        figures[f"false_hit_rate_{name}_guard"] = float(np.mean([o and same_facts(p.stored, p.asked)
                                                                 for o, p in zip(over_n, near, strict=True)]))
        print(f"  {name:6s}: {figures[f'embed_ms_{name}']:.3f} ms/embedding; at {DEFAULT_CACHE_THRESHOLD} "
              f"hit {figures[f'hit_rate_{name}_no_guard']:.2f} / false hit {figures[f'false_hit_rate_{name}_no_guard']:.2f} "
              f"without the guard, hit {figures[f'hit_rate_{name}_guard']:.2f} / false hit "
              f"{figures[f'false_hit_rate_{name}_guard']:.2f} with it ({len(paraphrases)} paraphrase, {len(near)} near-miss pairs)")


def main() -> None:
    figures: dict[str, float | int] = {}
    print(f"cache_e2e on {machine()}")
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        stack.start_edges([("tangier", "tangier-bench")], models="ensemble")
        router = stack.start_router()
        client = tc.InferenceServerClient(router.address)
        try:
            questions = [e.question for e in examples(LATENCY_QUESTIONS, seed=404)]
            for q in questions[:3]:  # warm up both paths
                ask(client, q, bypass=True)
            cached, uncached = [], []
            for q in questions:
                answer, mark, _ = ask(client, q)
                assert mark == "miss", mark
                text, mark, elapsed = ask(client, q, bypass=True)
                assert mark == "bypass" and text == answer
                uncached.append(elapsed)
                text, mark, elapsed = ask(client, q)
                assert mark == "hit" and text == answer
                cached.append(elapsed)
            c, u = percentiles_ms(cached), percentiles_ms(uncached)
            figures.update({"cached_p50_ms": c["p50"], "cached_p99_ms": c["p99"], "uncached_p50_ms": u["p50"],
                            "uncached_p99_ms": u["p99"], "cached_speedup_p50": u["p50"] / c["p50"]})
            print(f"through router + edge: cached p50 {c['p50']:.2f} ms (p99 {c['p99']:.2f}), generated p50 "
                  f"{u['p50']:.1f} ms (p99 {u['p99']:.1f}), {figures['cached_speedup_p50']:.0f}x ({MAX_TOKENS} tokens)")

            paraphrases, near = pairs(n_questions=STACK_QUESTIONS, seed=21)
            for question in dict.fromkeys(p.stored for p in paraphrases):
                ask(client, question)
            para_marks = [ask(client, p.asked)[1] for p in paraphrases]
            near_marks = [ask(client, p.asked)[1] for p in near]
            figures["hit_rate"] = para_marks.count("hit") / len(paraphrases)
            figures["false_hit_rate"] = near_marks.count("hit") / len(near)
            figures["paraphrase_pairs"], figures["near_miss_pairs"] = len(paraphrases), len(near)
            print(f"through the stack: hit rate {figures['hit_rate']:.2f} on {len(paraphrases)} paraphrases, "
                  f"false-hit rate {figures['false_hit_rate']:.3f} on {len(near)} near misses")
        finally:
            client.close()
    print("embedding choice, offline on the full sets:")
    offline_tradeoff(figures)
    print(f"wrote {write_results('cache_e2e', figures)}")


if __name__ == "__main__":
    main()
