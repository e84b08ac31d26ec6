"""`ensemble`: the edge's language model behind TensorRT-LLM's ensemble tensors, on PyTriton.

Inputs (each request has batch dimension 1): text_input BYTES, max_tokens INT32, and optional stream
BOOL, temperature FP32, top_p FP32, top_k INT32, seed UINT64, end_id INT32, stop_words BYTES,
num_draft_tokens INT32, return_perf_metrics BOOL. Outputs: text_output BYTES and, when asked,
acceptance_rate FP32, total_accepted_draft_tokens INT32, total_draft_tokens INT32.

The model is decoupled: with stream=true it sends each target pass's accepted tokens as they come; with
stream=false one response with the whole text. `validate` is also run by the edge front before a request
reaches Triton, so a bad request gets INVALID_ARGUMENT naming the tensor and the limit.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import numpy as np
from pytriton.model_config import DynamicBatcher, ModelConfig, Tensor

from controlplane.kernel.errors import GenerationError
from edgenode.lm.model import MODELS_DIR, NumpyLM
from edgenode.lm.speculative import Generator, Sampling, Stats
from edgenode.lm.tokenizer import BOS, EOS, CharTokenizer

LOG = logging.getLogger(__name__)

MODEL_NAME = "ensemble"
MAX_PROMPT_CHARS = 160
MAX_TOKENS = 128
MAX_DRAFT_TOKENS = 8
DEFAULT_DRAFT_TOKENS = 4
BATCH_WINDOW_US = 2000  # Triton's dynamic batching window

# name -> (Triton datatype, numpy dtypes accepted, required)
SPEC: dict[str, tuple[str, tuple[type, ...], bool]] = {
    "text_input": ("BYTES", (np.bytes_, np.object_), True),
    "max_tokens": ("INT32", (np.int32,), True),
    "stream": ("BOOL", (np.bool_,), False),
    "temperature": ("FP32", (np.float32,), False),
    "top_p": ("FP32", (np.float32,), False),
    "top_k": ("INT32", (np.int32,), False),
    "seed": ("UINT64", (np.uint64,), False),
    "end_id": ("INT32", (np.int32,), False),
    "stop_words": ("BYTES", (np.bytes_, np.object_), False),
    "num_draft_tokens": ("INT32", (np.int32,), False),
    "return_perf_metrics": ("BOOL", (np.bool_,), False),
}


@dataclass(frozen=True)
class GenerationRequest:
    prompt: str
    max_tokens: int
    stream: bool
    sampling: Sampling
    end_id: int
    stop_words: tuple[str, ...]
    draft_tokens: int
    perf_metrics: bool


def _scalar(inputs: Mapping[str, np.ndarray], name: str, default: object) -> object:
    value = inputs.get(name)
    if value is None:
        return default
    flat = np.asarray(value).reshape(-1)
    if flat.size == 0:
        return default
    return flat[0]


def _text(value: object) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def validate(inputs: Mapping[str, np.ndarray], tokenizer: CharTokenizer) -> GenerationRequest:
    for name, array in inputs.items():
        spec = SPEC.get(name)
        if spec is None:
            raise GenerationError(f"unknown input tensor {name!r} (known: {', '.join(SPEC)})")
        if np.asarray(array).dtype.type not in spec[1]:
            raise GenerationError(f"input {name!r} must be {spec[0]}, got {np.asarray(array).dtype}")
    for name, (_, _, required) in SPEC.items():
        if required and name not in inputs:
            raise GenerationError(f"input {name!r} is required")
    prompt = _text(_scalar(inputs, "text_input", b""))
    if not prompt.strip():
        raise GenerationError("text_input is empty: send the question to answer")
    if len(prompt) > MAX_PROMPT_CHARS:
        raise GenerationError(f"text_input has {len(prompt)} characters; the limit is {MAX_PROMPT_CHARS}")
    unknown = tokenizer.unknown(prompt)
    if unknown:
        raise GenerationError(f"text_input has characters the model cannot read: {unknown!r} (printable ASCII only)")
    max_tokens = int(_scalar(inputs, "max_tokens", 0))
    if not 1 <= max_tokens <= MAX_TOKENS:
        raise GenerationError(f"max_tokens is {max_tokens}; it must be between 1 and {MAX_TOKENS}")
    draft = int(_scalar(inputs, "num_draft_tokens", DEFAULT_DRAFT_TOKENS))
    if not 0 <= draft <= MAX_DRAFT_TOKENS:
        raise GenerationError(f"num_draft_tokens is {draft}; it must be between 0 and {MAX_DRAFT_TOKENS}")
    temperature = float(_scalar(inputs, "temperature", 0.0))
    top_p = float(_scalar(inputs, "top_p", 1.0))
    top_k = int(_scalar(inputs, "top_k", 0))
    if temperature < 0 or not 0 < top_p <= 1 or top_k < 0:
        raise GenerationError("temperature must be >= 0, top_p in (0, 1], top_k >= 0")
    seed = inputs.get("seed")
    stops = tuple(_text(v) for v in np.asarray(inputs.get("stop_words", np.array([], dtype=object))).reshape(-1) if _text(v))
    return GenerationRequest(
        prompt=prompt, max_tokens=max_tokens, stream=bool(_scalar(inputs, "stream", False)),
        sampling=Sampling(temperature, top_p, top_k, None if seed is None else int(_scalar(inputs, "seed", 0))),
        end_id=int(_scalar(inputs, "end_id", EOS)), stop_words=stops, draft_tokens=draft,
        perf_metrics=bool(_scalar(inputs, "return_perf_metrics", False)),
    )


class LanguageModel:
    """Target + draft + tokenizer, loaded once per process."""

    _lock = threading.Lock()
    _loaded: LanguageModel | None = None

    def __init__(self) -> None:
        self.tokenizer = CharTokenizer.load(MODELS_DIR / "tokenizer.json")
        self.target = NumpyLM.load("target")
        self.draft = NumpyLM.load("draft")
        self.generator = Generator(self.target, self.draft)

    @classmethod
    def shared(cls) -> LanguageModel:
        with cls._lock:
            if cls._loaded is None:
                cls._loaded = cls()
            return cls._loaded

    def prompt_ids(self, request: GenerationRequest) -> list[int]:
        # the corpus format: the model answers "Q: ...\nA: " prompts
        text = request.prompt if request.prompt.startswith("Q: ") else f"Q: {request.prompt}\nA: "
        return [BOS, *self.tokenizer.encode(text)]

    def run(self, request: GenerationRequest, stats: Stats) -> Iterator[str]:
        """Text pieces as the target accepts them, stopping at end_id, a stop word or max_tokens."""
        produced = ""
        for chunk in self.generator.generate(
            self.prompt_ids(request), request.max_tokens, request.sampling, k=request.draft_tokens,
            end_id=request.end_id, stats=stats,
        ):
            piece = self.tokenizer.decode([t for t in chunk if t != request.end_id])
            for stop in request.stop_words:
                at = (produced + piece).find(stop)
                if at >= 0:
                    yield (produced + piece)[len(produced) : at + len(stop)]
                    return
            produced += piece
            if piece:
                yield piece


def _response(text: str, request: GenerationRequest, stats: Stats, last: bool) -> dict[str, np.ndarray]:
    out = {"text_output": np.array([[text.encode("utf-8")]], dtype=object)}
    if request.perf_metrics and last:
        out["acceptance_rate"] = np.array([[stats.acceptance_rate]], dtype=np.float32)
        out["total_accepted_draft_tokens"] = np.array([[stats.accepted_draft_tokens]], dtype=np.int32)
        out["total_draft_tokens"] = np.array([[stats.draft_tokens]], dtype=np.int32)
    return out


def ensemble_infer(requests: list) -> Iterator[list[dict[str, np.ndarray]]]:
    """PyTriton decoupled infer function: a batch of requests advances together, one target pass each per
    step; a request that has nothing to send this step gets an empty dict (no response)."""
    lm = LanguageModel.shared()
    jobs = []
    for request in requests:
        # the edge front validates first (for INVALID_ARGUMENT); here it is the last guard
        parsed = validate({name: request[name] for name in request}, lm.tokenizer)
        stats = Stats()
        jobs.append({"request": parsed, "stats": stats, "pieces": lm.run(parsed, stats), "text": "", "done": False})
    while not all(job["done"] for job in jobs):
        out = []
        for job in jobs:
            if job["done"]:
                out.append({})
                continue
            try:
                piece = next(job["pieces"])
            except StopIteration:
                job["done"] = True
                req = job["request"]
                # the stream's final data response carries the metrics; a unary call gets the whole text
                out.append(_response("" if req.stream else job["text"], req, job["stats"], last=True)
                           if (req.stream and req.perf_metrics) or not req.stream else {})
                continue
            job["text"] += piece
            out.append(_response(piece, job["request"], job["stats"], last=False) if job["request"].stream else {})
        if any(out):
            yield out


def model_spec():  # noqa: ANN201 (edgenode.models.ModelSpec; imported there to avoid a cycle)
    from edgenode.models import ModelSpec

    inputs = tuple(
        Tensor(name=name, dtype=(bytes if datatype == "BYTES" else dtypes[0]), shape=(-1,) if name == "stop_words" else (1,),
               optional=not required)
        for name, (datatype, dtypes, required) in SPEC.items()
    )
    outputs = (
        Tensor(name="text_output", dtype=bytes, shape=(1,)),
        Tensor(name="acceptance_rate", dtype=np.float32, shape=(1,)),
        Tensor(name="total_accepted_draft_tokens", dtype=np.int32, shape=(1,)),
        Tensor(name="total_draft_tokens", dtype=np.int32, shape=(1,)),
    )
    config = ModelConfig(
        max_batch_size=8, decoupled=True, batcher=DynamicBatcher(max_queue_delay_microseconds=BATCH_WINDOW_US)
    )
    return ModelSpec(name=MODEL_NAME, infer=ensemble_infer, inputs=inputs, outputs=outputs, config=config)


@functools.cache
def _tokenizer() -> CharTokenizer:
    return CharTokenizer.load(MODELS_DIR / "tokenizer.json")


def check_request(raw: bytes) -> str | None:
    """The edge front's check of an `ensemble` ModelInferRequest: None, or what is wrong with it."""
    from google.protobuf.message import DecodeError

    from proto import service_pb2
    from proto.tensors import TensorError, request_tensors

    try:
        tensors = request_tensors(service_pb2.ModelInferRequest.FromString(raw))
    except (DecodeError, TensorError) as exc:
        return f"malformed {MODEL_NAME} request: {exc}"
    except Exception as exc:  # noqa: BLE001 (whatever the bytes are, the answer is INVALID_ARGUMENT, not UNKNOWN)
        return f"malformed {MODEL_NAME} request: {type(exc).__name__}: {exc}"
    try:
        validate(tensors, _tokenizer())
    except GenerationError as exc:
        return str(exc)
    return None
