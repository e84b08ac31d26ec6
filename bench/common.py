"""Helpers every benchmark uses: percentiles, the results file, the table."""

from __future__ import annotations

import asyncio
import json
import platform
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import numpy as np

RESULTS = Path(__file__).resolve().parent / "results"


def percentiles_ms(samples_s: list[float]) -> dict[str, float]:
    values = np.asarray(samples_s) * 1000.0
    return {f"p{q}": float(np.percentile(values, q)) for q in (50, 95, 99)}


def write_results(name: str, figures: dict[str, float | int]) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    flat = {k: (round(v, 4) if isinstance(v, float) else v) for k, v in figures.items()}
    path.write_text(json.dumps(flat, indent=2, sort_keys=True) + "\n")
    return path


def machine() -> str:
    import os

    return f"{platform.machine()} {os.cpu_count()} cpu, {platform.python_implementation()} {platform.python_version()}"


def generation_inputs(infer_input: type, text: str, max_tokens: int, stream: bool | None = None) -> list:
    """`ensemble` inputs as a TensorRT-LLM client sends them (batch of one), built with the given
    tritonclient InferInput class (the sync or the asyncio client's)."""
    values = [("text_input", "BYTES", np.array([[text.encode()]], dtype=object)),
              ("max_tokens", "INT32", np.array([[max_tokens]], dtype=np.int32))]
    if stream is not None:
        values.append(("stream", "BOOL", np.array([[stream]], dtype=bool)))
    inputs = []
    for name, datatype, value in values:
        tensor = infer_input(name, list(value.shape), datatype)
        tensor.set_data_from_numpy(value)
        inputs.append(tensor)
    return inputs


def simple_inputs(infer_input: type) -> list:
    """`simple`'s two INT32 [1, 16] inputs, built with the given tritonclient InferInput class."""
    data = np.arange(16, dtype=np.int32).reshape(1, 16)
    inputs = [infer_input("INPUT0", [1, 16], "INT32"), infer_input("INPUT1", [1, 16], "INT32")]
    for tensor in inputs:
        tensor.set_data_from_numpy(data)
    return inputs


def interleaved(calls: dict[str, Callable[[], object]], total: int, block: int, warmup: int = 50) -> dict[str, list[float]]:
    """Seconds per call for each path at concurrency 1, the paths taking turns in blocks so that the
    machine's drift hits every path alike (after `warmup` calls each)."""
    for call in calls.values():
        for _ in range(warmup):
            call()
    samples: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(total // block):
        for name, call in calls.items():
            for _ in range(block):
                started = time.perf_counter()
                call()
                samples[name].append(time.perf_counter() - started)
    return samples


async def closed_loop(call: Callable[[], Awaitable[object]], total: int, concurrency: int,
                      warmup: int = 20) -> tuple[list[float], float]:
    """Seconds per call and calls per second with `concurrency` callers each sending its next call when
    the last one answers, `total` calls in all."""
    for _ in range(warmup):
        await call()
    samples: list[float] = []
    remaining = total

    async def worker() -> None:
        nonlocal remaining
        while remaining > 0:
            remaining -= 1
            started = time.perf_counter()
            await call()
            samples.append(time.perf_counter() - started)

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return samples, len(samples) / (time.perf_counter() - started)
