"""`ensemble`: the edge's language model behind TensorRT-LLM's ensemble contract, on PyTriton.

Every input of TensorRT-LLM's inflight_batcher_llm `ensemble` (tensorrtllm_backend v0.19, and the newer
names `seed` and `min_tokens`) is accepted under its name and type, so a TensorRT-LLM client runs
unchanged (end_to_end_grpc_client.py always sends beam_width and exclude_input_in_output). What the CPU
model does: text_input, max_tokens, stream, temperature, top_p, top_k, random_seed/seed, end_id, pad_id,
stop_words, beam_width 1, exclude_input_in_output (false: a non-streamed answer starts with the prompt,
as TensorRT-LLM), bad_words, repetition_penalty, presence_penalty, frequency_penalty, min_length/min_tokens
(edgenode.lm.speculative.process), num_return_sequences (sampled sequences, each response naming its sequence_index),
return_perf_metrics (on every response: the KV cache blocks the generation holds, the *_time_ns
timestamps, the draft acceptance figures), return_num_input_tokens / return_num_output_tokens, return_log_probs (cum_log_probs, output_log_probs),
return_context_logits and return_generation_logits,
length_penalty (beam search only: no effect at beam_width 1, as in TensorRT-LLM), and num_draft_tokens /
use_draft_logits (tensorrt_llm_bls's names; the CPU model always verifies a draft against its probabilities,
which at temperature 0 is token matching). The tensor table is edgenode.lm.contract, shared with the GPU
repository `edgeroute trtllm-repo` writes. What it refuses, with INVALID_ARGUMENT naming the tensor and what is
supported: beam_width > 1, LoRA, prompt tables, guided decoding, encoder-decoder input, and embedding bias.

The model is decoupled: with stream=true it sends each target pass's accepted tokens as they come; with
stream=false one response per sequence with the whole text. `validate` is also run by the edge front
before a request reaches Triton, so a bad request gets INVALID_ARGUMENT in Triton's wording.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import math
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import numpy as np
from tritonclient.utils import np_to_triton_dtype

from controlplane.kernel.errors import GenerationError, input_count, input_datatype, quoted, unexpected_input
from edgenode.lm.contract import INPUTS, PERF_OUTPUTS
from edgenode.lm.model import MODELS_DIR, NumpyLM
from edgenode.lm.speculative import Generator, Sampling, Stats
from edgenode.lm.tokenizer import BOS, EOS, CharTokenizer

LOG = logging.getLogger(__name__)

MODEL_NAME = "ensemble"
MAX_PROMPT_CHARS = 160
MAX_TOKENS = 128
MAX_DRAFT_TOKENS = 8
MAX_RETURN_SEQUENCES = 4
DEFAULT_DRAFT_TOKENS = 4
BATCH_WINDOW_US = 2000  # Triton's dynamic batching window
TOKENS_PER_BLOCK = 64  # TensorRT-LLM's default KV cache block: the perf metrics count the cache in these

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
    exclude_input: bool = True
    sequences: int = 1
    num_input_tokens: bool = False
    num_output_tokens: bool = False
    log_probs: bool = False
    context_logits: bool = False
    generation_logits: bool = False


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


def _asks_for_something(array: np.ndarray, neutral: object) -> bool:
    flat = np.asarray(array).reshape(-1)
    if neutral is None:
        return True
    return any(v != neutral and not (isinstance(v, bytes | str) and not v) for v in flat.tolist())


def _words(inputs: Mapping[str, np.ndarray], name: str) -> tuple[str, ...]:
    return tuple(_text(v) for v in np.asarray(inputs.get(name, np.array([], dtype=object))).reshape(-1) if _text(v))


def validate(inputs: Mapping[str, np.ndarray], tokenizer: CharTokenizer) -> GenerationRequest:
    for name, array in inputs.items():
        spec = INPUTS.get(name)
        if spec is None:
            raise GenerationError(f"{unexpected_input(name, MODEL_NAME)}; edgeroute: the ensemble takes TensorRT-LLM's "
                                  f"inputs ({', '.join(INPUTS)})")
        kind = np.asarray(array).dtype.type
        if kind not in spec.dtypes:
            got = np_to_triton_dtype(np.asarray(array).dtype) or "<invalid>"
            raise GenerationError(input_datatype(name, got, MODEL_NAME, spec.datatype))
        if spec.refused and _asks_for_something(array, spec.neutral):
            raise GenerationError(f"{name}: {spec.refused}; edgeroute's CPU ensemble supports text_input, max_tokens, "
                                  "stream, sampling (temperature, top_p, top_k, seed), penalties, min_tokens, end_id, "
                                  "stop_words, bad_words, beam_width 1, num_return_sequences, exclude_input_in_output "
                                  "and the perf metrics")
    missing = [name for name, spec in INPUTS.items() if spec.required and name not in inputs]
    if missing:
        required = sum(spec.required for spec in INPUTS.values())
        raise GenerationError(input_count(MODEL_NAME, required, len(INPUTS), list(inputs), missing))
    prompt = _text(_scalar(inputs, "text_input", b""))
    if not prompt.strip():
        raise GenerationError("text_input is empty: send the question to answer")
    if len(prompt) > MAX_PROMPT_CHARS:
        raise GenerationError(f"text_input has {len(prompt)} characters; the limit is {MAX_PROMPT_CHARS}")
    unknown = tokenizer.unknown(prompt)
    if unknown:
        raise GenerationError(f"text_input has characters the model cannot read: {quoted(unknown)} (printable ASCII only)")
    max_tokens = int(_scalar(inputs, "max_tokens", 0))
    if not 1 <= max_tokens <= MAX_TOKENS:
        raise GenerationError(f"max_tokens is {max_tokens}; it must be between 1 and {MAX_TOKENS}")
    draft = int(_scalar(inputs, "num_draft_tokens", DEFAULT_DRAFT_TOKENS))
    if not 0 <= draft <= MAX_DRAFT_TOKENS:
        raise GenerationError(f"num_draft_tokens is {draft}; it must be between 0 and {MAX_DRAFT_TOKENS}")
    beams = int(_scalar(inputs, "beam_width", 1))
    if beams != 1:
        raise GenerationError(f"beam_width is {beams}; the CPU model decodes one beam (beam_width 1): for several "
                              "answers ask num_return_sequences with sampling")
    sequences = int(_scalar(inputs, "num_return_sequences", 1))
    if not 1 <= sequences <= MAX_RETURN_SEQUENCES:
        raise GenerationError(f"num_return_sequences is {sequences}; it must be between 1 and {MAX_RETURN_SEQUENCES}")
    temperature = float(_scalar(inputs, "temperature", 0.0))
    top_p = float(_scalar(inputs, "top_p", 1.0))
    top_k = int(_scalar(inputs, "top_k", 0))
    if temperature < 0 or not 0 < top_p <= 1 or top_k < 0:
        raise GenerationError("temperature must be >= 0, top_p in (0, 1], top_k >= 0")
    seed_name = "seed" if "seed" in inputs else "random_seed" if "random_seed" in inputs else None
    stops = _words(inputs, "stop_words")
    repetition = float(_scalar(inputs, "repetition_penalty", 1.0))
    presence = float(_scalar(inputs, "presence_penalty", 0.0))
    frequency = float(_scalar(inputs, "frequency_penalty", 0.0))
    if not 0 < repetition <= 10 or not -10 <= presence <= 10 or not -10 <= frequency <= 10:
        raise GenerationError("repetition_penalty must be in (0, 10], presence_penalty and frequency_penalty in "
                              f"[-10, 10]; got {repetition:g}, {presence:g}, {frequency:g}")
    min_tokens = int(_scalar(inputs, "min_tokens", _scalar(inputs, "min_length", 0)))
    if not 0 <= min_tokens <= MAX_TOKENS:
        raise GenerationError(f"min_length/min_tokens is {min_tokens}; it must be between 0 and {MAX_TOKENS}")
    bad = _words(inputs, "bad_words")
    unreadable = next((w for w in bad if tokenizer.unknown(w)), None)
    if unreadable is not None:
        raise GenerationError(f"bad_words: {quoted(unreadable)} has characters the model cannot write (printable ASCII only)")
    sampling = Sampling(
        temperature, top_p, top_k, None if seed_name is None else int(_scalar(inputs, seed_name, 0)),
        repetition_penalty=repetition, presence_penalty=presence, frequency_penalty=frequency, min_tokens=min_tokens,
        bad_words=tuple(tuple(tokenizer.encode(w)) for w in bad),
    )
    return GenerationRequest(
        prompt=prompt, max_tokens=max_tokens, stream=bool(_scalar(inputs, "stream", False)),
        sampling=sampling,
        end_id=int(_scalar(inputs, "end_id", EOS)), stop_words=stops, draft_tokens=draft,
        perf_metrics=bool(_scalar(inputs, "return_perf_metrics", False)),
        exclude_input=bool(_scalar(inputs, "exclude_input_in_output", True)), sequences=sequences,
        num_input_tokens=bool(_scalar(inputs, "return_num_input_tokens", False)),
        num_output_tokens=bool(_scalar(inputs, "return_num_output_tokens", False)),
        log_probs=bool(_scalar(inputs, "return_log_probs", False)),
        context_logits=bool(_scalar(inputs, "return_context_logits", False)),
        generation_logits=bool(_scalar(inputs, "return_generation_logits", False)),
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


@dataclass
class _Job:
    request: GenerationRequest
    index: int  # sequence_index
    prompt_tokens: int
    pieces: Iterator[str]
    stats: Stats
    arrival_ns: int
    scheduled_ns: int
    first_token_ns: int = 0
    last_token_ns: int = 0
    text: str = ""
    done: bool = False
    sent_tokens: int = 0  # output tokens whose log probs / logits earlier responses carried
    sent_context: bool = False


def _response(job: _Job, text: str) -> dict[str, np.ndarray]:
    req, stats = job.request, job.stats
    out: dict[str, np.ndarray] = {"text_output": np.array([text.encode("utf-8")], dtype=object)}
    # log probs and logits of the tokens this response adds ([batch, beam, ...], as TensorRT-LLM shapes them)
    upto = stats.tokens
    if req.log_probs and stats.log_probs is not None:
        out["cum_log_probs"] = np.array([[sum(stats.log_probs[:upto])]], dtype=np.float32)
        out["output_log_probs"] = np.array([[stats.log_probs[job.sent_tokens:upto]]], dtype=np.float32).reshape(1, 1, -1)
    if req.generation_logits and stats.generation_logits is not None:
        rows = stats.generation_logits[job.sent_tokens:upto]
        vocab = len(stats.generation_logits[0]) if stats.generation_logits else 0
        out["generation_logits"] = np.array(rows, dtype=np.float32).reshape(1, 1, len(rows), vocab)
    if req.context_logits and stats.context_logits is not None and not job.sent_context:
        out["context_logits"] = np.array(stats.context_logits, dtype=np.float32)[None]
        job.sent_context = True
    job.sent_tokens = upto
    if req.sequences > 1:
        out["sequence_index"] = np.array([[job.index]], dtype=np.int32)
    if req.num_input_tokens:
        out["num_input_tokens"] = np.array([[job.prompt_tokens]], dtype=np.int32)
    if req.num_output_tokens:
        out["num_output_tokens"] = np.array([[stats.tokens]], dtype=np.int32)
    if req.perf_metrics:  # on every response, as TensorRT-LLM sends them
        blocks = math.ceil((job.prompt_tokens + stats.tokens) / TOKENS_PER_BLOCK)
        values = {
            "kv_cache_alloc_new_blocks": blocks, "kv_cache_reused_blocks": 0, "kv_cache_alloc_total_blocks": blocks,
            "arrival_time_ns": job.arrival_ns, "first_scheduled_time_ns": job.scheduled_ns,
            "first_token_time_ns": job.first_token_ns, "last_token_time_ns": job.last_token_ns,
            "acceptance_rate": stats.acceptance_rate, "total_accepted_draft_tokens": stats.accepted_draft_tokens,
            "total_draft_tokens": stats.draft_tokens,
        }
        for name, dtype in PERF_OUTPUTS.items():
            out[name] = np.array([[values[name]]], dtype=dtype)
    return out


def ensemble_infer(requests: list) -> Iterator[list[dict[str, np.ndarray]]]:
    """PyTriton decoupled infer function: a batch of requests advances together, one target pass each per
    step; a request that has nothing to send this step gets an empty dict (no response). A request with
    num_return_sequences n runs n sequences, each answering under its sequence_index (sequence i samples
    with seed + i)."""
    lm = LanguageModel.shared()
    arrival = time.time_ns()
    jobs: list[list[_Job]] = []
    for request in requests:
        # the edge front validates first (for INVALID_ARGUMENT); here it is the last guard
        parsed = validate({name: request[name] for name in request}, lm.tokenizer)
        sequences = []
        for index in range(parsed.sequences):
            seed = parsed.sampling.seed
            one = parsed if index == 0 else dataclasses.replace(
                parsed, sampling=dataclasses.replace(parsed.sampling, seed=None if seed is None else seed + index))
            stats = Stats(log_probs=[] if one.log_probs else None,
                          generation_logits=[] if one.generation_logits else None,
                          context_logits=[] if one.context_logits else None)
            sequences.append(_Job(one, index, len(lm.prompt_ids(one)), lm.run(one, stats), stats, arrival, time.time_ns()))
        jobs.append(sequences)
    while not all(job.done for sequences in jobs for job in sequences):
        out = []
        for sequences in jobs:
            # one response per request per step: its sequences take turns
            job = next((j for j in sequences if not j.done), None)
            if job is None:
                out.append({})
                continue
            req = job.request
            try:
                piece = next(job.pieces)
            except StopIteration:
                job.done = True
                job.last_token_ns = job.last_token_ns or time.time_ns()
                job.first_token_ns = job.first_token_ns or job.last_token_ns
                # a unary answer: the whole text (after the prompt unless excluded); a stream's last response
                # carries only the metrics
                whole = job.text if req.exclude_input else req.prompt + job.text
                out.append(_response(job, "" if req.stream else whole) if (req.stream and req.perf_metrics) or not req.stream
                           else {})
                continue
            now = time.time_ns()
            job.first_token_ns = job.first_token_ns or now
            job.last_token_ns = now
            job.text += piece
            out.append(_response(job, piece) if req.stream else {})
        if any(out):
            yield out


@functools.cache
def _tokenizer() -> CharTokenizer:
    return CharTokenizer.load(MODELS_DIR / "tokenizer.json")


def check_request(raw: bytes) -> str | None:
    """The edge front's check of an `ensemble` ModelInferRequest: None, or what is wrong with it."""
    from google.protobuf.message import DecodeError

    from controlplane.wire.tensors import TensorError, request_tensors
    from proto import service_pb2

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
