"""The semantic cache end to end and its quality: `python -m bench.cache_e2e`.

1. Latency through the whole stack (tritonclient -> router -> edge node -> Triton, `ensemble`, unary,
   96 tokens): the same question answered from the cache against generated again with
   `x-edgeroute-cache: bypass` (the baseline), interleaved in one run.
2. Matching quality on labelled pairs (bench.cacheeval) through the cache's own store and guard, at the
   default threshold: the held-out split (written apart from the guard; its kinds never looked at while
   designing it) is the claim, with 95% Wilson intervals; a third and a fourth author's splits (never designed on)
   beside it, the twenty-two design splits, and the probes written while designing the rules
   (bench/cacheeval/design_probes.py). Baselines
   on the same pairs, same run: the exact tier alone, cosine alone at 0.98 (no guard), the guard without WordNet,
   and the guard without its paraphrase judge (its rules alone). Near misses the
   semantic tier answers from a third stored prompt (no pair labels them) are counted apart, and a worst-case
   false-hit rate counts them all as false hits.
3. The held-out split's first pairs through the real stack, to show the stack agrees with the store asked the same
   way (a miss is stored, as the edge stores what it generates).
4. A 3-node hub against a 1-node hub on the same traffic (questions, then repeats and rewordings, in a
   shuffled order): cache-aware routing (the router hashes the prompt's facts) and, as the baseline, the
   same 3 nodes chosen by power of two choices (a router whose config does not cache the model).
5. vCache-style checks: how often the model itself answers a rewording byte for byte as it answered the
   stored prompt (what a check compares) on the held-out rewordings.
"""

from __future__ import annotations

import random
import time

import tritonclient.grpc as tc
import yaml

from bench.cacheeval import (
    design,
    design_eighteenth,
    design_eighth,
    design_eleventh,
    design_fifteenth,
    design_fifth,
    design_fourteenth,
    design_fourth,
    design_free,
    design_hand,
    design_nineteenth,
    design_ninth,
    design_probes,
    design_seventeenth,
    design_seventh,
    design_sixteenth,
    design_sixth,
    design_tenth,
    design_thirteenth,
    design_thirtieth,
    design_thirtyfifth,
    design_thirtyfirst,
    design_thirtyfourth,
    design_thirtysecond,
    design_thirtyseventh,
    design_thirtysixth,
    design_thirtythird,
    design_twelfth,
    design_twentieth,
    design_twentyeighth,
    design_twentyfifth,
    design_twentyfirst,
    design_twentyfourth,
    design_twentyninth,
    design_twentysecond,
    design_twentyseventh,
    design_twentysixth,
    design_twentythird,
    evaluate,
    fourth_author,
    heldout,
    heldout_second,
    third_author,
)
from bench.common import generation_inputs, machine, percentiles_ms, write_results
from controlplane.kernel.config import DEFAULT_CACHE_THRESHOLD
from controlplane.stack import Stack
from edgenode.cache.edge import CACHE_HEADER
from edgenode.cache.embed import shared_embedder, shared_word_vectors
from edgenode.cache.guard import Guard, Verdict, shared_guard
from edgenode.cache.store import SemanticCache
from edgenode.lm.corpus import WORKLOADS, examples  # the project's three workloads; every other family is free text
from tests.conftest import REGIONS_YAML, config_with

LATENCY_QUESTIONS, MAX_TOKENS, STACK_PAIRS, HUB_QUESTIONS, HUB_TOKENS = 40, 96, 120, 60, 12
CASABLANCA, DAKAR = {"x-client-region": "casablanca"}, {"x-client-region": "dakar"}


def ask(client: tc.InferenceServerClient, text: str, bypass: bool = False, max_tokens: int = MAX_TOKENS,
        headers: dict[str, str] = CASABLANCA) -> tuple[str, str, float]:
    headers = {**headers, CACHE_HEADER: "bypass"} if bypass else dict(headers)
    started = time.perf_counter()
    result = client.infer("ensemble", generation_inputs(tc.InferInput, text, max_tokens), headers=headers)
    elapsed = time.perf_counter() - started
    mark = result.get_response().parameters[CACHE_HEADER].string_param
    return result.as_numpy("text_output").reshape(-1)[0].decode(), mark, elapsed


class _Never(Guard):
    """Cosine alone: the baseline of a cache without a near-miss guard."""

    def __init__(self) -> None:
        super().__init__(shared_word_vectors())

    def verdict(self, a, b) -> Verdict:  # noqa: ANN001
        return Verdict.AGREE


def quality(figures: dict[str, float | int]) -> None:
    embedder, guard = shared_embedder(), shared_guard()
    splits = {"heldout": heldout.pairs(), "heldout_second": heldout_second.pairs(), "third_author": third_author.pairs(),
              "fourth_author": fourth_author.pairs(),
              "design": design.pairs(),
              "design_free": design_free.pairs(), "design_hand": design_hand.pairs(),
              "design_fourth": design_fourth.pairs(), "design_fifth": design_fifth.pairs(),
              "design_sixth": design_sixth.pairs(), "design_seventh": design_seventh.pairs(),
              "design_eighth": design_eighth.pairs(), "design_ninth": design_ninth.pairs(),
              "design_tenth": design_tenth.pairs(), "design_eleventh": design_eleventh.pairs(),
              "design_twelfth": design_twelfth.pairs(), "design_thirteenth": design_thirteenth.pairs(),
              "design_fourteenth": design_fourteenth.pairs(), "design_fifteenth": design_fifteenth.pairs(),
              "design_sixteenth": design_sixteenth.pairs(), "design_seventeenth": design_seventeenth.pairs(),
              "design_eighteenth": design_eighteenth.pairs(), "design_nineteenth": design_nineteenth.pairs(),
              "design_twentieth": design_twentieth.pairs(),
              "design_twentyfirst": design_twentyfirst.pairs(), "design_twentysecond": design_twentysecond.pairs(),
              "design_twentythird": design_twentythird.pairs(),
              "design_twentyfourth": design_twentyfourth.pairs(),
              "design_twentyfifth": design_twentyfifth.pairs(),
              "design_twentysixth": design_twentysixth.pairs(),
              "design_twentyseventh": design_twentyseventh.pairs(),
              "design_twentyeighth": design_twentyeighth.pairs(),
              "design_twentyninth": design_twentyninth.pairs(),
              "design_thirtieth": design_thirtieth.pairs(),
              "design_thirtyfirst": design_thirtyfirst.pairs(),
              "design_thirtysecond": design_thirtysecond.pairs(), "design_thirtythird": design_thirtythird.pairs(),
              "design_thirtyfourth": design_thirtyfourth.pairs(), "design_thirtyfifth": design_thirtyfifth.pairs(),
              "design_thirtysixth": design_thirtysixth.pairs(), "design_thirtyseventh": design_thirtyseventh.pairs(),
              "design_probes": design_probes.pairs()}
    for split, pairs in splits.items():
        families = {"": pairs, "_workloads": [p for p in pairs if p.family in WORKLOADS],
                    "_freetext": [p for p in pairs if p.family not in WORKLOADS]}
        for suffix, chosen in families.items():
            if not chosen:
                continue
            score, _ = evaluate(chosen, SemanticCache(embedder, guard=guard), DEFAULT_CACHE_THRESHOLD)
            (lo, hi), (flo, fhi) = score.hit_interval, score.false_hit_interval
            figures.update({f"{split}{suffix}_hit_rate": score.hit_rate, f"{split}{suffix}_hit_rate_lo95": lo,
                            f"{split}{suffix}_hit_rate_hi95": hi, f"{split}{suffix}_false_hit_rate": score.false_hit_rate,
                            f"{split}{suffix}_false_hit_rate_hi95": fhi, f"{split}{suffix}_false_hit_rate_lo95": flo,
                            f"{split}{suffix}_rewordings": score.rewordings,
                            f"{split}{suffix}_near_misses": score.near_misses,
                            f"{split}{suffix}_answered_other": score.answered_other,
                            f"{split}{suffix}_worst_false_hit_rate": score.worst_false_hit_rate,
                            f"{split}{suffix}_worst_false_hit_rate_hi95": score.worst_false_hit_interval[1]})
            print(f"  {split:7s} {suffix.strip('_') or 'all':9s}: {score.line()}")
        exact, _ = evaluate(pairs, SemanticCache(embedder, guard=guard), None)
        cosine, _ = evaluate(pairs, SemanticCache(embedder, guard=_Never()), 0.98)
        vectors, _ = evaluate(pairs, SemanticCache(embedder, guard=guard.without_lexicon()), DEFAULT_CACHE_THRESHOLD)
        rules, _ = evaluate(pairs, SemanticCache(embedder, guard=guard.without_paraphrase()), DEFAULT_CACHE_THRESHOLD)
        figures.update({f"{split}_baseline_exact_hit_rate": exact.hit_rate,
                        f"{split}_baseline_exact_false_hit_rate": exact.false_hit_rate,
                        f"{split}_baseline_cosine098_hit_rate": cosine.hit_rate,
                        f"{split}_baseline_cosine098_false_hit_rate": cosine.false_hit_rate,
                        f"{split}_baseline_no_wordnet_hit_rate": vectors.hit_rate,
                        f"{split}_baseline_no_wordnet_false_hit_rate": vectors.false_hit_rate,
                        f"{split}_baseline_no_wordnet_false_hit_rate_hi95": vectors.false_hit_interval[1],
                        f"{split}_baseline_no_paraphrase_hit_rate": rules.hit_rate,
                        f"{split}_baseline_no_paraphrase_false_hit_rate": rules.false_hit_rate,
                        f"{split}_baseline_no_paraphrase_false_hit_rate_hi95": rules.false_hit_interval[1],
                        f"{split}_baseline_no_paraphrase_answered_other": rules.answered_other})
        print(f"  {split:7s} baselines, same pairs: exact tier alone {exact.line()}")
        print(f"  {split:7s}                         cosine >= 0.98 alone {cosine.line()}")
        print(f"  {split:7s}                         the guard without WordNet {vectors.line()}")
        print(f"  {split:7s}                         the guard without the paraphrase judge {rules.line()}")


def hub_traffic(seed: int = 3) -> list[str]:
    """Questions, then their repeats and rewordings, shuffled after each question's first ask."""
    pairs = [p for p in heldout.pairs() if p.should_hit]
    random.Random(seed).shuffle(pairs)
    by_question: dict[str, list[str]] = {}
    for pair in pairs:
        if len(by_question) < HUB_QUESTIONS or pair.stored in by_question:
            by_question.setdefault(pair.stored, []).append(pair.asked)
    first = list(by_question)
    later = [text for question, rewordings in by_question.items() for text in (question, *rewordings)]
    random.Random(seed + 1).shuffle(later)
    return first + later


def hub_hit_rates(figures: dict[str, float | int], folder) -> None:  # noqa: ANN001
    shipped = yaml.safe_load(REGIONS_YAML.read_text())["cache"]
    # this router does not read prompts: power of two choices within the hub
    plain = config_with(folder, cache={**shipped, "models": {}})
    traffic = hub_traffic()
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        stack.start_edges([("tangier", "tangier-a"), ("tangier", "tangier-b"), ("tangier", "tangier-c"),
                           ("dakar", "dakar-1")], models="ensemble")
        affine = tc.InferenceServerClient(stack.start_router().address)
        blind = tc.InferenceServerClient(stack.start_router(config_path=str(plain)).address)
        try:
            arms = {"one_node": (affine, DAKAR, HUB_TOKENS), "three_nodes_affinity": (affine, CASABLANCA, HUB_TOKENS),
                    "three_nodes_no_affinity": (blind, CASABLANCA, HUB_TOKENS + 1)}  # own namespace
            marks: dict[str, list[str]] = {arm: [] for arm in arms}
            for text in traffic:  # the arms interleaved call by call
                for arm, (client, region, tokens) in arms.items():
                    marks[arm].append(ask(client, text, max_tokens=tokens, headers=region)[1])
            for arm, seen in marks.items():
                figures[f"hub_hit_rate_{arm}"] = seen.count("hit") / len(seen)
            figures["hub_calls"] = len(traffic)
            print(f"hub hit rate on the same {len(traffic)} calls: 1 node {figures['hub_hit_rate_one_node']:.3f}, "
                  f"3 nodes with cache-aware routing {figures['hub_hit_rate_three_nodes_affinity']:.3f}, "
                  f"3 nodes without {figures['hub_hit_rate_three_nodes_no_affinity']:.3f}")
        finally:
            affine.close()
            blind.close()


def model_agreement(figures: dict[str, float | int]) -> None:
    """What a vCache check would find: the model's answer to a rewording equals its answer to the stored prompt."""
    from edgenode.lm.serving import GenerationRequest, LanguageModel
    from edgenode.lm.speculative import Sampling, Stats
    from edgenode.lm.tokenizer import EOS

    lm = LanguageModel.shared()

    def answer(text: str) -> str:
        request = GenerationRequest(text, 48, False, Sampling(), EOS, (), 4, False)
        return "".join(lm.run(request, Stats()))

    rewordings = [p for p in heldout.pairs() if p.should_hit and not p.family.startswith("free-text")][:150]
    same = sum(answer(p.stored) == answer(p.asked) for p in rewordings)
    figures["model_same_answer_on_rewordings"] = same / len(rewordings)
    print(f"vCache-style check: the model answers {same} of {len(rewordings)} held-out workload rewordings byte for "
          "byte as it answers the stored prompt")


def main() -> None:
    import tempfile
    from pathlib import Path

    figures: dict[str, float | int] = {"threshold": DEFAULT_CACHE_THRESHOLD}
    print(f"cache_e2e on {machine()}")
    print(f"matching quality at threshold {DEFAULT_CACHE_THRESHOLD} (bench.cacheeval):")
    quality(figures)
    model_agreement(figures)
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
            pairs = heldout.pairs()[:STACK_PAIRS]
            # the store asked as the stack is: the stored prompts first, then each asked prompt, a miss stored as the
            # edge stores what it generates (a later near miss may meet an earlier one's entry)
            store = SemanticCache(shared_embedder(), guard=shared_guard())
            for stored in dict.fromkeys(p.stored for p in pairs):
                if store.lookup("stack", stored, DEFAULT_CACHE_THRESHOLD).entry is None:
                    store.store("stack", stored, (b"",), ttl_s=3600.0)
                ask(client, stored, max_tokens=8)
            offline = {}
            for p in pairs:
                offline[p] = store.lookup("stack", p.asked, DEFAULT_CACHE_THRESHOLD).entry is not None
                if not offline[p]:
                    store.store("stack", p.asked, (b"",), ttl_s=3600.0)
            served = {p: ask(client, p.asked, max_tokens=8)[1] == "hit" for p in pairs}
            figures["stack_agrees_with_store"] = sum(served[p] == offline[p] for p in pairs) / len(pairs)
            print(f"held-out pairs through the stack: {sum(served.values())} of {len(pairs)} served from the cache; "
                  f"the stack agrees with the store on {figures['stack_agrees_with_store']:.3f} of them")
        finally:
            client.close()
    with tempfile.TemporaryDirectory() as folder:
        hub_hit_rates(figures, Path(folder))
    print(f"wrote {write_results('cache_e2e', figures)}")


if __name__ == "__main__":
    main()
