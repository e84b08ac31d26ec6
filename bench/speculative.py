"""Speculative decoding on CPU: decode tokens/s of the target alone vs draft-target, same prompts, same run.

python -m bench.speculative
Target (issue 5): at least 2x, with mean accepted tokens per step and acceptance rate per workload.
Greedy decoding (the output is the same token for token, so the comparison is like for like).
"""

from __future__ import annotations

import time

from bench.common import machine, write_results
from edgenode.lm.corpus import WORKLOADS, examples
from edgenode.lm.serving import LanguageModel
from edgenode.lm.speculative import Generator, Sampling, Stats
from edgenode.lm.tokenizer import BOS

PROMPTS_PER_WORKLOAD, MAX_TOKENS, KS = 12, 96, (2, 3, 4, 6, 8)


def run(generator: Generator, prompts: list[list[int]], k: int) -> tuple[float, Stats, list[list[int]]]:
    stats, outputs = Stats(), []
    started = time.perf_counter()
    for prompt in prompts:
        outputs.append([t for chunk in generator.generate(prompt, MAX_TOKENS, Sampling(), k=k, stats=stats) for t in chunk])
    return time.perf_counter() - started, stats, outputs


def main() -> None:
    lm = LanguageModel.shared()
    target_only, speculative = Generator(lm.target), Generator(lm.target, lm.draft)
    prompts = {w: [[BOS, *lm.tokenizer.encode(e.prompt)] for e in examples(PROMPTS_PER_WORKLOAD, 777, w)] for w in WORKLOADS}
    everything = [p for ps in prompts.values() for p in ps]
    run(target_only, everything[:3], 0)  # warm up
    base_s, base_stats, base_out = run(target_only, everything, 0)
    best_k, best = 0, None
    for k in KS:
        seconds, stats, out = run(speculative, everything, k)
        assert out == base_out, "greedy speculative output differs from the target's"
        print(f"  k={k}: {stats.tokens / seconds:7.0f} tokens/s, {stats.tokens_per_step:.2f} tokens/step, "
              f"acceptance {stats.acceptance_rate:.2f}")
        if best is None or seconds < best[0]:
            best_k, best = k, (seconds, stats)
    seconds, stats = best
    figures: dict[str, float | int] = {
        "k": best_k, "target_tokens_per_s": base_stats.tokens / base_s, "speculative_tokens_per_s": stats.tokens / seconds,
        "speedup": base_s / seconds, "acceptance_rate": stats.acceptance_rate, "tokens_per_step": stats.tokens_per_step,
        "target_params": int(sum(v.size for v in lm.target.w.values())), "draft_params": int(sum(v.size for v in lm.draft.w.values())),
    }
    print(f"speculative on {machine()}: target {figures['target_params']} params, draft {figures['draft_params']}, "
          f"greedy, {len(everything)} prompts, up to {MAX_TOKENS} tokens")
    print(f"{'workload':<14} {'target tok/s':>12} {'spec tok/s':>11} {'speedup':>8} {'tok/step':>9} {'acceptance':>11}")
    for workload, group in prompts.items():
        b_s, b_stats, _ = run(target_only, group, 0)
        s_s, s_stats, _ = run(speculative, group, best_k)
        figures[f"speedup_{workload}"] = b_s / s_s
        figures[f"acceptance_rate_{workload}"] = s_stats.acceptance_rate
        figures[f"tokens_per_step_{workload}"] = s_stats.tokens_per_step
        print(f"{workload:<14} {b_stats.tokens / b_s:12.0f} {s_stats.tokens / s_s:11.0f} {b_s / s_s:8.2f} "
              f"{s_stats.tokens_per_step:9.2f} {s_stats.acceptance_rate:11.2f}")
    print(f"{'all (k=' + str(best_k) + ')':<14} {figures['target_tokens_per_s']:12.0f} {figures['speculative_tokens_per_s']:11.0f} "
          f"{figures['speedup']:8.2f} {figures['tokens_per_step']:9.2f} {figures['acceptance_rate']:11.2f}  (target >= 2x)")
    print(f"wrote {write_results('speculative', figures)}")


if __name__ == "__main__":
    main()
