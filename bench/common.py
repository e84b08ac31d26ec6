"""Helpers every benchmark uses: percentiles, the results file, the table."""

from __future__ import annotations

import json
import platform
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
