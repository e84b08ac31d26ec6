"""Models the embedded CPU Triton serves: Triton's canonical `simple`, `hold` for load tests, the
decoupled `count` that streams several responses per request, and `ensemble`, the language model
(edgenode.lm) behind TensorRT-LLM's ensemble tensors."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from pytriton.decorators import batch
from pytriton.model_config import DynamicBatcher, ModelConfig, Tensor

from controlplane.requests import MAX_HOLD_MS
from edgenode.lm import serving
from edgenode.lm.contract import INPUTS, OUTPUTS


@batch
def _simple(INPUT0: np.ndarray, INPUT1: np.ndarray) -> dict[str, np.ndarray]:  # noqa: N803 (Triton's names)
    return {"OUTPUT0": INPUT0 + INPUT1, "OUTPUT1": INPUT0 - INPUT1}


@batch
def _hold(HOLD_MS: np.ndarray) -> dict[str, np.ndarray]:  # noqa: N803
    # holds the model instance for the longest requested time in the batch: requests queue behind it,
    # which is what the overflow tests and benchmarks need from a hub under load
    time.sleep(float(np.clip(HOLD_MS.max(), 0, MAX_HOLD_MS)) / 1000.0)
    return {"HELD_MS": HOLD_MS.copy()}


MAX_COUNT = 1_000


def _count(requests: list[Any]) -> Any:
    # decoupled: one response per step, each a list with one dict per request still counting; PyTriton
    # then sends the final flag alone, as an empty response the client sees only when it asks for it
    counts = [int(np.clip(r["COUNT"].reshape(-1)[0], 0, MAX_COUNT)) for r in requests]
    delays = [float(np.clip(r["DELAY_MS"].reshape(-1)[0], 0, MAX_HOLD_MS)) / 1000.0 for r in requests]
    for step in range(max(counts, default=0)):
        if step and max(delays):
            time.sleep(max(delays))
        yield [{"INDEX": np.array([step], dtype=np.int32)} if step < c else {} for c in counts]


@dataclass(frozen=True)
class ModelSpec:
    name: str
    infer: Callable[..., Any]
    inputs: tuple[Tensor, ...]
    outputs: tuple[Tensor, ...]
    config: ModelConfig


SIMPLE = ModelSpec(
    name="simple",
    infer=_simple,
    inputs=(Tensor(name="INPUT0", dtype=np.int32, shape=(16,)), Tensor(name="INPUT1", dtype=np.int32, shape=(16,))),
    outputs=(Tensor(name="OUTPUT0", dtype=np.int32, shape=(16,)), Tensor(name="OUTPUT1", dtype=np.int32, shape=(16,))),
    config=ModelConfig(max_batch_size=8),
)

HOLD = ModelSpec(
    name="hold",
    infer=_hold,
    inputs=(Tensor(name="HOLD_MS", dtype=np.int32, shape=(1,)),),
    outputs=(Tensor(name="HELD_MS", dtype=np.int32, shape=(1,)),),
    config=ModelConfig(max_batch_size=1),
)

COUNT = ModelSpec(
    name="count",
    infer=_count,
    inputs=(Tensor(name="COUNT", dtype=np.int32, shape=(1,)), Tensor(name="DELAY_MS", dtype=np.int32, shape=(1,))),
    outputs=(Tensor(name="INDEX", dtype=np.int32, shape=(1,)),),
    config=ModelConfig(batching=False, decoupled=True),
)

# the language model behind TensorRT-LLM's ensemble tensors (edgenode.lm.contract), batched as Triton batches it
ENSEMBLE = ModelSpec(
    name=serving.MODEL_NAME,
    infer=serving.ensemble_infer,
    inputs=tuple(
        Tensor(name=name, dtype=(bytes if spec.datatype == "BYTES" else spec.dtypes[0]), shape=spec.dims,
               optional=not spec.required)
        for name, spec in INPUTS.items()
    ),
    outputs=tuple(
        Tensor(name=name, dtype=(bytes if dtype is np.object_ else dtype), shape=dims)
        for name, (dtype, dims) in OUTPUTS.items()
    ),
    config=ModelConfig(
        max_batch_size=8, decoupled=True,
        batcher=DynamicBatcher(max_queue_delay_microseconds=serving.BATCH_WINDOW_US),
    ),
)
DEFAULT_MODELS: tuple[ModelSpec, ...] = (SIMPLE, HOLD, COUNT, ENSEMBLE)
