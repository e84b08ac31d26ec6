"""The router's HTTP front: tritonclient.http through the router against Triton's own HTTP port, and the
OpenAI streaming path against gRPC streaming through the router, in the same run.

python -m bench.http_hop   (starts its own etcd, one edge node with a real Triton, and a router with
--http-listen)
- 'simple' INT32[1,16] with tritonclient.http: 1,000 calls per path at concurrency 1, interleaved in blocks
  of 50; 2,000 per path at concurrency 64 (tritonclient.http.aio). Added p50/p99 and calls/s.
- `ensemble` generation, up to 64 tokens, greedy, a fresh prompt per call (no cache hit): the openai SDK
  streaming /v1/completions against tritonclient.grpc streaming ModelStreamInfer, both through the router,
  interleaved one by one: time to first token p50/p95 and characters per second after it (the model's
  tokenizer is one character per token).
"""

from __future__ import annotations

import asyncio
import queue
import time

import openai
import tritonclient.grpc as tcg
import tritonclient.http as th
import tritonclient.http.aio as tha

from bench.common import (
    closed_loop,
    generation_inputs,
    interleaved,
    machine,
    percentiles_ms,
    simple_inputs,
    write_results,
)
from controlplane.stack import Stack
from edgenode.lm.corpus import examples
from tests.conftest import REGIONS_YAML

C1_CALLS, C1_BLOCK = 1000, 50
C64_CALLS, CONCURRENCY = 2000, 64
GENERATIONS, MAX_TOKENS = 24, 64
HEADERS = {"x-client-region": "casablanca"}


def concurrency_1(targets: dict[str, str]) -> dict[str, list[float]]:
    clients = {name: th.InferenceServerClient(url) for name, url in targets.items()}
    inputs = simple_inputs(th.InferInput)
    try:  # a fresh headers dict per call: tritonclient.http writes its own headers into the one given
        return interleaved({name: (lambda c=c: c.infer("simple", inputs, headers=dict(HEADERS)))
                            for name, c in clients.items()}, C1_CALLS, C1_BLOCK)
    finally:
        for client in clients.values():
            client.close()


async def _concurrent(url: str) -> tuple[list[float], float]:
    client = tha.InferenceServerClient(url, conn_limit=CONCURRENCY)
    inputs = simple_inputs(tha.InferInput)
    try:
        return await closed_loop(lambda: client.infer("simple", inputs, headers=dict(HEADERS)), C64_CALLS, CONCURRENCY)
    finally:
        await client.close()


def _openai_stream(client: openai.OpenAI, prompt: str) -> tuple[float, float, int]:
    started = time.perf_counter()
    first, text = None, ""
    for chunk in client.completions.create(model="ensemble", prompt=prompt, max_tokens=MAX_TOKENS, temperature=0,
                                           stream=True):
        if chunk.choices and chunk.choices[0].text:
            first = first or time.perf_counter()
            text += chunk.choices[0].text
    return (first or time.perf_counter()) - started, time.perf_counter() - started, len(text)


def _grpc_stream(address: str, prompt: str) -> tuple[float, float, int]:
    results: queue.Queue = queue.Queue()
    client = tcg.InferenceServerClient(address)
    inputs = generation_inputs(tcg.InferInput, prompt, MAX_TOKENS, stream=True)
    started = time.perf_counter()
    first, text = None, ""
    client.start_stream(callback=lambda result, error: results.put((time.perf_counter(), result, error)),
                        headers=HEADERS)
    client.async_stream_infer("ensemble", inputs)
    client.stop_stream()
    while not results.empty():
        at, result, error = results.get()
        if error is None:
            piece = result.as_numpy("text_output").reshape(-1)[0].decode()
            if piece:
                first = first or at
                text += piece
    end = time.perf_counter()
    client.close()
    return (first or end) - started, end - started, len(text)


def main() -> None:
    prompts = [e.prompt for e in examples(2 * GENERATIONS + 2, seed=4242)]
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        (edge,) = stack.start_edges([("tangier", "tangier-1")], models="simple,ensemble")
        router = stack.start_router(extra_args=["--http-listen", "127.0.0.1:0"])
        targets = {"router_http": router.http_address, "triton_http": edge.triton_http}
        c1 = {name: percentiles_ms(s) for name, s in concurrency_1(targets).items()}
        c64: dict[str, dict[str, float]] = {}
        for name, url in targets.items():
            samples, throughput = asyncio.run(_concurrent(url))
            c64[name] = {**percentiles_ms(samples), "rps": throughput}
        client = openai.OpenAI(base_url=f"http://{router.http_address}/v1", api_key="-", max_retries=0,
                               default_headers=HEADERS)
        _openai_stream(client, prompts[-1])  # warm both paths
        _grpc_stream(router.address, prompts[-2])
        streams: dict[str, list[tuple[float, float, int]]] = {"openai_sse": [], "grpc_stream": []}
        for i in range(GENERATIONS):  # interleaved; a fresh prompt per call, so no cache hit on either path
            streams["openai_sse"].append(_openai_stream(client, prompts[2 * i]))
            streams["grpc_stream"].append(_grpc_stream(router.address, prompts[2 * i + 1]))
        client.close()

    figures: dict[str, float] = {"calls_c1": C1_CALLS, "calls_c64": C64_CALLS, "generations": GENERATIONS}
    for name in targets:
        for q in ("p50", "p95", "p99"):
            figures[f"{name}_{q}_ms"] = c1[name][q]
            figures[f"{name}_{q}_ms_c64"] = c64[name][q]
        figures[f"{name}_rps_c64"] = c64[name]["rps"]
    for q in ("p50", "p99"):
        figures[f"added_{q}_ms"] = c1["router_http"][q] - c1["triton_http"][q]
        figures[f"added_{q}_ms_c64"] = c64["router_http"][q] - c64["triton_http"][q]
    figures["throughput_ratio_c64"] = c64["router_http"]["rps"] / c64["triton_http"]["rps"]
    for name, runs in streams.items():
        ttft = percentiles_ms([r[0] for r in runs])
        figures[f"{name}_ttft_p50_ms"], figures[f"{name}_ttft_p95_ms"] = ttft["p50"], ttft["p95"]
        figures[f"{name}_chars_per_s"] = sum(r[2] for r in runs) / sum(r[1] - r[0] for r in runs)
    figures["ttft_ratio_p50"] = figures["openai_sse_ttft_p50_ms"] / figures["grpc_stream_ttft_p50_ms"]

    print(f"http_hop on {machine()}: 'simple' INT32[1,16] with tritonclient.http, {C1_CALLS} calls per path at c1, "
          f"{C64_CALLS} at c{CONCURRENCY}")
    print(f"{'path':<46} {'p50':>7} {'p95':>7} {'p99':>7} | {'p50 c64':>8} {'p99 c64':>8} {'rps c64':>8}")
    labels = {"router_http": "tritonclient.http -> router -> edge -> Triton", "triton_http": "tritonclient.http -> Triton HTTP"}
    for name, label in labels.items():
        print(f"{label:<46} {c1[name]['p50']:7.3f} {c1[name]['p95']:7.3f} {c1[name]['p99']:7.3f} | "
              f"{c64[name]['p50']:8.3f} {c64[name]['p99']:8.3f} {c64[name]['rps']:8.0f}")
    print(f"added by router + edge over Triton's own HTTP port: p50 {figures['added_p50_ms']:+.3f} ms, p99 "
          f"{figures['added_p99_ms']:+.3f}; at c64 p50 {figures['added_p50_ms_c64']:+.3f}, p99 {figures['added_p99_ms_c64']:+.3f}; "
          f"calls/s ratio {figures['throughput_ratio_c64']:.2f}")
    print(f"\nensemble streaming through the router ({GENERATIONS} generations each, {MAX_TOKENS} tokens, interleaved):")
    for name in streams:
        print(f"  {name:<12} TTFT p50 {figures[f'{name}_ttft_p50_ms']:7.1f} ms  p95 {figures[f'{name}_ttft_p95_ms']:7.1f} ms  "
              f"{figures[f'{name}_chars_per_s']:7.0f} characters/s after the first")
    print(f"  TTFT p50 ratio openai / grpc: {figures['ttft_ratio_p50']:.2f}")
    print(f"wrote {write_results('http_hop', figures)}")


if __name__ == "__main__":
    main()
