"""Calibrated INT8 vs FP32 on CPU, same run: per-token decode latency, prompt (prefill) throughput, and
accuracy on held-out answers with the INT8 layers on ONNX Runtime's integer kernels.

python -m bench.int8      (reads edgenode/lm/weights/int8_plan.json, written by python -m edgenode.lm.int8)
Target (issue 5): per-token latency at least 1.5x faster with at most 1% accuracy loss.
"""

from __future__ import annotations

import time

import numpy as np

from bench.common import machine, write_results
from edgenode.lm.int8 import held_out, int8_model, load_plan, score
from edgenode.lm.model import MODELS_DIR, NumpyLM, linear_layer_names
from edgenode.lm.speculative import Generator, Sampling
from edgenode.lm.tokenizer import CharTokenizer

PROMPTS, MAX_TOKENS, REPEATS = 12, 64, 3


def decode_ms_per_token(model: NumpyLM, prompts: list[list[int]]) -> float:
    generator, tokens, best = Generator(model), 0, float("inf")
    for _ in range(REPEATS):
        started, tokens = time.perf_counter(), 0
        for prompt in prompts:
            tokens += sum(len(c) for c in generator.generate(prompt, MAX_TOKENS, Sampling(), k=0))
        best = min(best, time.perf_counter() - started)
    return best / tokens * 1000.0


def prefill_tokens_per_s(model: NumpyLM, rows: list[list[int]]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        started = time.perf_counter()
        for ids in rows:
            model.forward(ids, model.new_cache())
        best = min(best, time.perf_counter() - started)
    return sum(len(r) for r in rows) / best


def main() -> None:
    fp32 = NumpyLM.load("target")
    tokenizer = CharTokenizer.load(MODELS_DIR / "tokenizer.json")
    plan = load_plan()
    int8 = int8_model(fp32, list(plan["int8_layers"]))
    rows = held_out(tokenizer, 120)
    prompts = [ids[:start] for ids, start in rows[:PROMPTS]]
    full = [ids[:-1] for ids, _ in rows[:40]]
    fp32_ms, int8_ms = decode_ms_per_token(fp32, prompts), decode_ms_per_token(int8, prompts)
    fp32_pf, int8_pf = prefill_tokens_per_s(fp32, full), prefill_tokens_per_s(int8, full)
    base, quant = score(fp32, rows), score(int8, rows)
    figures = {
        "fp32_ms_per_token": fp32_ms, "int8_ms_per_token": int8_ms, "speedup": fp32_ms / int8_ms,
        "prefill_tokens_per_s_fp32": fp32_pf, "prefill_tokens_per_s_int8": int8_pf, "prefill_speedup": int8_pf / fp32_pf,
        "accuracy_fp32": base.accuracy, "accuracy_int8": quant.accuracy,
        "accuracy_loss_pct": (base.accuracy - quant.accuracy) / base.accuracy * 100.0,
        "perplexity_fp32": base.perplexity, "perplexity_int8": quant.perplexity,
        "int8_layer_share": len(plan["int8_layers"]) / len(linear_layer_names(fp32.config)),
    }
    print(f"int8 on {machine()}: target {fp32.config.n_layers} layers d={fp32.config.d_model}, "
          f"{len(plan['int8_layers'])}/{len(linear_layer_names(fp32.config))} linear layers INT8 (ONNX Runtime MatMulInteger)")
    print(f"{'':<26} {'FP32':>10} {'INT8':>10} {'ratio':>7}")
    print(f"{'decode ms/token':<26} {fp32_ms:10.3f} {int8_ms:10.3f} {fp32_ms / int8_ms:7.2f}  (target >= 1.5x)")
    print(f"{'prefill tokens/s':<26} {fp32_pf:10.0f} {int8_pf:10.0f} {int8_pf / fp32_pf:7.2f}")
    print(f"{'answer accuracy':<26} {base.accuracy:10.4f} {quant.accuracy:10.4f}  loss {figures['accuracy_loss_pct']:.3f}% (<= 1%)")
    print(f"{'perplexity':<26} {base.perplexity:10.4f} {quant.perplexity:10.4f}")
    print(f"wrote {write_results('int8', figures)}")
    assert np.isfinite(figures["speedup"])


if __name__ == "__main__":
    main()
