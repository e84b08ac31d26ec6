"""Generation through the whole stack: time to first token and tokens/s, client -> router -> edge -> Triton
(the `ensemble` language model, streaming), at concurrency 1 and 16; the same calls straight to Triton in
the same run are the baseline.

python -m bench.stack_generation   (starts its own etcd, one edge node with a real Triton, and a router)
"""

from __future__ import annotations

import asyncio
import time

import tritonclient.grpc.aio as tca

from bench.common import generation_inputs, machine, percentiles_ms, write_results
from controlplane.stack import Stack
from controlplane.wire.relay import CACHE_HEADER
from edgenode.lm.corpus import examples
from tests.conftest import REGIONS_YAML

C1_REQUESTS, C16_STREAMS, C16_EACH, MAX_TOKENS = 24, 16, 3, 96
# generation is what is measured here: the edge's semantic cache would answer repeated prompts
HEADERS = {"x-client-region": "casablanca", CACHE_HEADER: "bypass"}


async def one_stream(url: str, prompts: list[str]) -> list[tuple[float, float, int]]:
    """(time to first token, total time, tokens) per request, sent one after another on one stream."""
    client = tca.InferenceServerClient(url)
    results = []
    try:
        for index, prompt in enumerate(prompts):
            started = time.perf_counter()
            first, tokens = None, 0

            async def requests(prompt: str = prompt, index: int = index):  # noqa: ANN202
                inputs = generation_inputs(tca.InferInput, prompt, MAX_TOKENS, stream=True)
                yield {"model_name": "ensemble", "inputs": inputs, "request_id": str(index)}

            async for result, error in client.stream_infer(inputs_iterator=requests(), headers=HEADERS):
                if error is not None:
                    raise RuntimeError(str(error))
                text = result.as_numpy("text_output")
                if text is not None and text.reshape(-1)[0]:
                    first = first or time.perf_counter()
                    tokens += len(text.reshape(-1)[0])  # one character is one token for this model
            results.append(((first or time.perf_counter()) - started, time.perf_counter() - started, tokens))
    finally:
        await client.close()
    return results


async def measure(url: str) -> dict[str, float]:
    prompts = [e.prompt for e in examples(C1_REQUESTS + C16_STREAMS * C16_EACH, seed=4242)]
    await one_stream(url, prompts[:2])  # warm up
    c1 = await one_stream(url, prompts[:C1_REQUESTS])
    rest = prompts[C1_REQUESTS:]
    started = time.perf_counter()
    c16 = await asyncio.gather(*(one_stream(url, rest[i * C16_EACH:(i + 1) * C16_EACH]) for i in range(C16_STREAMS)))
    wall = time.perf_counter() - started
    flat = [r for stream in c16 for r in stream]
    t1, t16 = percentiles_ms([r[0] for r in c1]), percentiles_ms([r[0] for r in flat])
    return {
        "ttft_p50_ms_c1": t1["p50"], "ttft_p95_ms_c1": t1["p95"],
        "tokens_per_s_c1": sum(r[2] for r in c1) / sum(r[1] for r in c1),
        "ttft_p50_ms_c16": t16["p50"], "ttft_p95_ms_c16": t16["p95"], "tokens_per_s_c16": sum(r[2] for r in flat) / wall,
    }


def main() -> None:
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        (edge,) = stack.start_edges([("tangier", "tangier-g")], models="ensemble")
        router = stack.start_router()
        through = asyncio.run(measure(router.address))
        direct = asyncio.run(measure(edge.triton))
    figures = dict(through)
    figures.update({f"triton_{k}": v for k, v in direct.items()})
    print(f"stack_generation on {machine()}: `ensemble` streaming, up to {MAX_TOKENS} tokens, greedy, k=4 drafts")
    print(f"{'path':<34} {'TTFT p50':>9} {'TTFT p95':>9} {'tok/s':>7} | {'TTFT p50 c16':>12} {'p95 c16':>8} {'tok/s c16':>9}")
    for label, f in (("client -> router -> edge -> Triton", through), ("client -> Triton (baseline)", direct)):
        print(f"{label:<34} {f['ttft_p50_ms_c1']:9.1f} {f['ttft_p95_ms_c1']:9.1f} {f['tokens_per_s_c1']:7.0f} | "
              f"{f['ttft_p50_ms_c16']:12.1f} {f['ttft_p95_ms_c16']:8.1f} {f['tokens_per_s_c16']:9.0f}")
    print(f"tokens/s through the stack / direct: c1 {through['tokens_per_s_c1'] / direct['tokens_per_s_c1']:.2f}, "
          f"c16 {through['tokens_per_s_c16'] / direct['tokens_per_s_c16']:.2f}")
    print(f"wrote {write_results('stack_generation', figures)}")


if __name__ == "__main__":
    main()
