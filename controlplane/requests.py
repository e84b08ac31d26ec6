"""The requests edgeroute's own tools send (demo, live mode, tests, benchmarks): Triton's canonical `simple`,
`hold` (a model instance held for a given time), and a TensorRT-LLM `ensemble` call."""

from __future__ import annotations

import numpy as np
from tritonclient.utils import serialize_byte_tensor

from proto import service_pb2

MAX_HOLD_MS = 10_000  # the `hold` model's cap (edgenode.models clips to the same)


def simple_request(seed: int) -> service_pb2.ModelInferRequest:
    """`simple`: two INT32 [1, 16] tensors drawn from the seed; OUTPUT0 is their sum."""
    rng = np.random.default_rng(seed)
    a = rng.integers(-1000, 1000, size=(1, 16), dtype=np.int32)
    b = rng.integers(-1000, 1000, size=(1, 16), dtype=np.int32)
    request = service_pb2.ModelInferRequest(model_name="simple")
    for name in ("INPUT0", "INPUT1"):
        tensor = request.inputs.add()
        tensor.name, tensor.datatype = name, "INT32"
        tensor.shape.extend([1, 16])
    request.raw_input_contents.extend([a.tobytes(), b.tobytes()])
    return request


def hold_request(hold_ms: float) -> service_pb2.ModelInferRequest:
    """`hold`: keeps the node's one model instance busy for hold_ms (rounded, clipped to MAX_HOLD_MS)."""
    request = service_pb2.ModelInferRequest(model_name="hold")
    request.inputs.add(name="HOLD_MS", datatype="INT32", shape=[1, 1])
    value = int(min(max(round(hold_ms), 0), MAX_HOLD_MS))
    request.raw_input_contents.append(np.array([[value]], dtype=np.int32).tobytes())
    return request


def generation_request(question: str, max_tokens: int) -> service_pb2.ModelInferRequest:
    """An `ensemble` request as a TensorRT-LLM client sends it (batch of one), asking for perf metrics."""
    request = service_pb2.ModelInferRequest(model_name="ensemble")
    for name, datatype, raw in (
        ("text_input", "BYTES", serialize_byte_tensor(np.array([question.encode()], dtype=object)).item()),
        ("max_tokens", "INT32", np.array([max_tokens], dtype=np.int32).tobytes()),
        ("return_perf_metrics", "BOOL", np.array([True]).tobytes()),
    ):
        request.inputs.add(name=name, datatype=datatype, shape=[1, 1])
        request.raw_input_contents.append(raw)
    return request
