"""`edgeroute trtllm-repo`: a Triton model repository for a GPU hub running TensorRT-LLM, with the client
tensors of TensorRT-LLM's own `ensemble` and `tensorrt_llm_bls` (edgenode.lm.contract, the table the CPU
`ensemble` uses too).

Written: preprocessing (tokenizer: prompt, bad/stop words, embedding bias, end/pad ids, seed and min tokens
under either name), tensorrt_llm (the target engine, in-flight batching), postprocessing (detokenizer, one
string per sequence), the `ensemble` that chains them, the client-facing `tensorrt_llm_bls` (num_draft_tokens,
use_draft_logits; with draft-target speculative decoding also tensorrt_llm_draft, which it asks for proposals
that the target verifies), and build.sh with the matching
quantize / trtllm-build commands. Every config.pbtxt is built as a model_config_pb2.ModelConfig and written
with protobuf's text format, so it parses as Triton will parse it. The edge node fronts the result with
`edgeroute edge --triton-url grpc://GPU_HOST:8001 --models ensemble,tensorrt_llm_bls`.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from google.protobuf import text_format

from controlplane.kernel.errors import RepoError
from edgenode.lm.contract import BLS_ONLY, INPUTS, OUTPUTS, Input
from proto import model_config_pb2 as mc

SPECULATIVE_MODES = ("none", "draft-target", "eagle", "medusa", "lookahead")
QUANTIZATIONS = ("none", "fp8", "int8-sq", "int8-wo", "int4-wo", "int4-awq")
# quantize.py --qformat for each choice (TensorRT-LLM's examples/quantization/quantize.py)
QFORMAT = {"fp8": "fp8", "int8-sq": "int8_sq", "int8-wo": "int8_wo", "int4-wo": "int4_wo", "int4-awq": "int4_awq"}
# tensorrt_llm's decoding_mode parameter, and trtllm-build's --speculative_decoding_mode
DECODING_MODE = {"none": "", "draft-target": "", "eagle": "eagle", "medusa": "medusa", "lookahead": "lookahead"}
BUILD_MODE = {"draft-target": "draft_tokens_external", "eagle": "eagle", "medusa": "medusa",
              "lookahead": "lookahead_decoding"}


@dataclass(frozen=True)
class RepoOptions:
    engine_dir: str
    tokenizer_dir: str
    draft_engine_dir: str = ""
    speculative: str = "none"
    quantization: str = "none"
    kv_cache_fp8: bool = False
    batching_window_us: int = 2000
    max_batch_size: int = 64
    kv_cache_reuse: bool = True
    decoupled: bool = True
    num_draft_tokens: int = 4
    medusa_choices: str = ""
    eagle_choices: str = ""
    lookahead: tuple[int, int, int] = (4, 4, 4)  # window, n-gram, verification set
    hf_model_dir: str = "/models/target-hf"
    draft_hf_model_dir: str = "/models/draft-hf"

    def check(self) -> None:
        problems = []
        if self.speculative not in SPECULATIVE_MODES:
            problems.append(f"--speculative {self.speculative!r}: choose one of {', '.join(SPECULATIVE_MODES)}")
        if self.quantization not in QUANTIZATIONS:
            problems.append(f"--quantization {self.quantization!r}: choose one of {', '.join(QUANTIZATIONS)}")
        if self.speculative == "draft-target" and not self.draft_engine_dir:
            problems.append("--speculative draft-target needs --draft-engine-dir (the draft model's engine)")
        if self.speculative == "medusa" and not self.medusa_choices:
            problems.append("--speculative medusa needs --medusa-choices (the tree, e.g. '[[0], [0, 0], [1]]')")
        if not 0 <= self.batching_window_us <= 1_000_000:
            problems.append("--batching-window-us must be between 0 and 1000000")
        if not 1 <= self.num_draft_tokens <= 64:
            problems.append("--num-draft-tokens must be between 1 and 64")
        if problems:
            raise RepoError("; ".join(problems))


def _tensor(kind: type, name: str, dtype: str, dims: list[int], *, optional: bool = False, ragged: bool = False,
            scalar: bool = False):  # noqa: ANN202
    message = kind(name=name, data_type=getattr(mc, f"TYPE_{dtype}"), dims=dims)
    if kind is mc.ModelInput:
        message.optional = optional
        message.allow_ragged_batch = ragged
        if scalar:
            message.reshape.shape[:] = []
            message.reshape.SetInParent()
    return message


def _params(config: mc.ModelConfig, **values: object) -> None:
    for key, value in values.items():
        config.parameters[key].string_value = str(value).lower() if isinstance(value, bool) else str(value)


# The ensemble's tensors go to preprocessing (text, word lists, ids that need the tokenizer or a default)
# or straight to tensorrt_llm. tensorrt_llm's own names are those of the newest TensorRT-LLM triton_backend
# (seed, min_tokens); the older client names random_seed and min_length are folded in by preprocessing.
TO_PREPROCESSING = {
    "QUERY": "text_input", "DECODER_QUERY": "decoder_text_input", "REQUEST_OUTPUT_LEN": "max_tokens",
    "BAD_WORDS_DICT": "bad_words", "STOP_WORDS_DICT": "stop_words", "EMBEDDING_BIAS_WORDS": "embedding_bias_words",
    "EMBEDDING_BIAS_WEIGHTS": "embedding_bias_weights", "END_ID": "end_id", "PAD_ID": "pad_id",
    "PROMPT_TABLE_EXTRA_ID": "prompt_table_extra_id", "SEED": "seed", "RANDOM_SEED": "random_seed",
    "MIN_TOKENS": "min_tokens", "MIN_LENGTH": "min_length",
}
# preprocessing output -> tensorrt_llm input
FROM_PREPROCESSING = {
    "INPUT_ID": "input_ids", "REQUEST_INPUT_LEN": "input_lengths", "REQUEST_OUTPUT_LEN": "request_output_len",
    "BAD_WORDS_IDS": "bad_words_list", "STOP_WORDS_IDS": "stop_words_list", "EMBEDDING_BIAS": "embedding_bias",
    "OUT_END_ID": "end_id", "OUT_PAD_ID": "pad_id", "OUT_SEED": "seed", "OUT_MIN_TOKENS": "min_tokens",
}
# tensorrt_llm input <- client tensor, unchanged
TO_LLM = {
    "runtime_top_k": "top_k", "runtime_top_p": "top_p", "temperature": "temperature", "len_penalty": "length_penalty",
    "repetition_penalty": "repetition_penalty", "presence_penalty": "presence_penalty",
    "frequency_penalty": "frequency_penalty", "beam_width": "beam_width", "num_return_sequences": "num_return_sequences",
    "exclude_input_in_output": "exclude_input_in_output", "streaming": "stream", "return_log_probs": "return_log_probs",
    "return_context_logits": "return_context_logits", "return_generation_logits": "return_generation_logits",
    "return_perf_metrics": "return_perf_metrics", "return_num_input_tokens": "return_num_input_tokens",
    "return_num_output_tokens": "return_num_output_tokens", "prompt_embedding_table": "prompt_embedding_table",
    "prompt_vocab_size": "prompt_vocab_size", "lora_task_id": "lora_task_id", "lora_weights": "lora_weights",
    "lora_config": "lora_config", "guided_decoding_guide_type": "guided_decoding_guide_type",
    "guided_decoding_guide": "guided_decoding_guide",
}
# tensorrt_llm's outputs that reach the client unchanged (output_ids / sequence_length become text_output)
LLM_OUTPUTS = [name for name in OUTPUTS if name != "text_output"]
_DTYPE = {np.int32: "INT32", np.int64: "INT64", np.float32: "FP32", np.object_: "STRING"}


def _config_dtype(spec: Input) -> str:
    """model_config's name for a client tensor's type (the protocol's BYTES is TYPE_STRING there)."""
    return "STRING" if spec.datatype == "BYTES" else spec.datatype


def _client_input(name: str) -> mc.ModelInput:
    spec = INPUTS[name]
    return _tensor(mc.ModelInput, name, _config_dtype(spec), list(spec.dims), optional=not spec.required,
                   ragged=spec.ragged)


def _output(name: str) -> mc.ModelOutput:
    dtype, dims = OUTPUTS[name]
    return _tensor(mc.ModelOutput, name, _DTYPE[dtype], list(dims))


def _client_facing(c: mc.ModelConfig, *, bls: bool) -> None:
    c.input.extend(_client_input(n) for n in INPUTS if bls or n not in BLS_ONLY)
    c.output.extend(_output(n) for n in OUTPUTS)


def preprocessing(o: RepoOptions) -> mc.ModelConfig:
    c = mc.ModelConfig(name="preprocessing", backend="python", max_batch_size=o.max_batch_size)
    for ours, client in TO_PREPROCESSING.items():
        spec = INPUTS[client]
        c.input.append(_tensor(mc.ModelInput, ours, _config_dtype(spec), list(spec.dims), optional=not spec.required,
                               ragged=spec.dims == (-1,)))
    c.output.extend([
        _tensor(mc.ModelOutput, "INPUT_ID", "INT32", [-1]),
        _tensor(mc.ModelOutput, "REQUEST_INPUT_LEN", "INT32", [1]),
        _tensor(mc.ModelOutput, "REQUEST_OUTPUT_LEN", "INT32", [1]),
        _tensor(mc.ModelOutput, "BAD_WORDS_IDS", "INT32", [2, -1]),
        _tensor(mc.ModelOutput, "STOP_WORDS_IDS", "INT32", [2, -1]),
        _tensor(mc.ModelOutput, "EMBEDDING_BIAS", "FP32", [-1]),
        _tensor(mc.ModelOutput, "OUT_END_ID", "INT32", [1]),
        _tensor(mc.ModelOutput, "OUT_PAD_ID", "INT32", [1]),
        _tensor(mc.ModelOutput, "OUT_SEED", "UINT64", [1]),
        _tensor(mc.ModelOutput, "OUT_MIN_TOKENS", "INT32", [1]),
    ])
    c.instance_group.add(count=1, kind=mc.ModelInstanceGroup.KIND_CPU)
    _params(c, tokenizer_dir=o.tokenizer_dir)
    return c


def postprocessing(o: RepoOptions) -> mc.ModelConfig:
    c = mc.ModelConfig(name="postprocessing", backend="python", max_batch_size=o.max_batch_size)
    c.input.extend([
        _tensor(mc.ModelInput, "TOKENS_BATCH", "INT32", [-1, -1]),
        _tensor(mc.ModelInput, "SEQUENCE_LENGTH", "INT32", [-1]),
    ])
    c.output.append(_tensor(mc.ModelOutput, "OUTPUT", "STRING", [-1]))
    c.instance_group.add(count=1, kind=mc.ModelInstanceGroup.KIND_CPU)
    _params(c, tokenizer_dir=o.tokenizer_dir)
    return c


def tensorrt_llm(o: RepoOptions, *, draft: bool = False) -> mc.ModelConfig:
    name = "tensorrt_llm_draft" if draft else "tensorrt_llm"
    c = mc.ModelConfig(name=name, backend="tensorrtllm", max_batch_size=o.max_batch_size)
    c.model_transaction_policy.decoupled = o.decoupled
    c.dynamic_batching.max_queue_delay_microseconds = o.batching_window_us
    c.dynamic_batching.preferred_batch_size.append(o.max_batch_size)
    c.input.extend([
        _tensor(mc.ModelInput, "input_ids", "INT32", [-1], ragged=True),
        _tensor(mc.ModelInput, "input_lengths", "INT32", [1], scalar=True),
        _tensor(mc.ModelInput, "request_output_len", "INT32", [1], scalar=True),
        _tensor(mc.ModelInput, "end_id", "INT32", [1], optional=True, scalar=True),
        _tensor(mc.ModelInput, "pad_id", "INT32", [1], optional=True, scalar=True),
        _tensor(mc.ModelInput, "bad_words_list", "INT32", [2, -1], optional=True, ragged=True),
        _tensor(mc.ModelInput, "stop_words_list", "INT32", [2, -1], optional=True, ragged=True),
        _tensor(mc.ModelInput, "embedding_bias", "FP32", [-1], optional=True, ragged=True),
        _tensor(mc.ModelInput, "seed", "UINT64", [1], optional=True, scalar=True),
        _tensor(mc.ModelInput, "min_tokens", "INT32", [1], optional=True, scalar=True),
        _tensor(mc.ModelInput, "streaming", "BOOL", [1], optional=True, scalar=True),
        _tensor(mc.ModelInput, "draft_input_ids", "INT32", [-1], optional=True, ragged=True),
        _tensor(mc.ModelInput, "draft_logits", "FP32", [-1, -1], optional=True, ragged=True),
        _tensor(mc.ModelInput, "draft_acceptance_threshold", "FP32", [1], optional=True, scalar=True),
    ])
    for ours, client in TO_LLM.items():
        if ours == "streaming":
            continue
        spec = INPUTS[client]
        c.input.append(_tensor(mc.ModelInput, ours, _config_dtype(spec), list(spec.dims), optional=True,
                               ragged=spec.ragged, scalar=spec.dims == (1,) and spec.datatype != "BYTES"))
    c.output.extend([
        _tensor(mc.ModelOutput, "output_ids", "INT32", [-1, -1]),
        _tensor(mc.ModelOutput, "sequence_length", "INT32", [-1]),
        *(_output(n) for n in LLM_OUTPUTS),
    ])
    c.instance_group.add(count=1, kind=mc.ModelInstanceGroup.KIND_CPU)  # the backend places work on the GPUs
    _params(
        c, gpt_model_type="inflight_fused_batching",
        gpt_model_path=o.draft_engine_dir if draft else o.engine_dir,
        batch_scheduler_policy="max_utilization", enable_kv_cache_reuse=o.kv_cache_reuse,
        kv_cache_free_gpu_mem_fraction=0.2 if draft else 0.85,
        exclude_input_in_output=False,  # TensorRT-LLM's default; the request's tensor overrides it
        enable_chunked_context=True, max_beam_width=1,
    )
    if not draft:
        if DECODING_MODE[o.speculative]:
            _params(c, decoding_mode=DECODING_MODE[o.speculative])
        if o.speculative == "medusa":
            _params(c, medusa_choices=o.medusa_choices)
        if o.speculative == "eagle" and o.eagle_choices:
            _params(c, eagle_choices=o.eagle_choices)
        if o.speculative == "lookahead":
            window, ngram, verification = o.lookahead
            _params(c, lookahead_window_size=window, lookahead_ngram_size=ngram,
                    lookahead_verification_set_size=verification)
    # what the engine was built with (build.sh), for operators reading the repository
    _params(c, edgeroute_quantization=o.quantization, edgeroute_kv_cache_dtype="fp8" if o.kv_cache_fp8 else "auto",
            edgeroute_speculative=o.speculative)
    return c


def ensemble(o: RepoOptions) -> mc.ModelConfig:
    c = mc.ModelConfig(name="ensemble", platform="ensemble", max_batch_size=o.max_batch_size)
    _client_facing(c, bls=False)
    steps = c.ensemble_scheduling.step
    pre = steps.add(model_name="preprocessing", model_version=-1)
    pre.input_map.update(TO_PREPROCESSING)
    pre.output_map.update({out: f"_{out}" for out in FROM_PREPROCESSING})
    llm = steps.add(model_name="tensorrt_llm", model_version=-1)
    llm.input_map.update({theirs: f"_{out}" for out, theirs in FROM_PREPROCESSING.items()})
    llm.input_map.update(TO_LLM)
    llm.output_map.update({"output_ids": "_TOKENS_BATCH", "sequence_length": "_SEQUENCE_LENGTH"})
    llm.output_map.update({n: n for n in LLM_OUTPUTS})
    post = steps.add(model_name="postprocessing", model_version=-1)
    post.input_map.update({"TOKENS_BATCH": "_TOKENS_BATCH", "SEQUENCE_LENGTH": "_SEQUENCE_LENGTH"})
    post.output_map["OUTPUT"] = "text_output"
    return c


def bls(o: RepoOptions) -> mc.ModelConfig:
    """Client-facing, as TensorRT-LLM's own: the ensemble's tensors plus num_draft_tokens / use_draft_logits.

    It calls preprocessing, tensorrt_llm (and, for draft-target speculative decoding, tensorrt_llm_draft
    then tensorrt_llm per step) and postprocessing itself; the tensor maps travel in its parameters so
    the model and the ensemble cannot disagree."""
    c = mc.ModelConfig(name="tensorrt_llm_bls", backend="python", max_batch_size=o.max_batch_size)
    c.model_transaction_policy.decoupled = o.decoupled
    _client_facing(c, bls=True)
    c.instance_group.add(count=1, kind=mc.ModelInstanceGroup.KIND_CPU)
    _params(c, tensorrt_llm_model_name="tensorrt_llm", accumulate_tokens=False,
            tensorrt_llm_draft_model_name="tensorrt_llm_draft" if o.speculative == "draft-target" else "",
            edgeroute_max_draft_tokens=o.num_draft_tokens,  # the engines' --max_draft_len
            edgeroute_to_preprocessing=json.dumps(TO_PREPROCESSING),
            edgeroute_from_preprocessing=json.dumps(FROM_PREPROCESSING),
            edgeroute_to_llm=json.dumps(TO_LLM), edgeroute_llm_outputs=json.dumps(LLM_OUTPUTS))
    return c


def build_script(o: RepoOptions) -> str:
    q = shlex.quote
    lines = ["#!/usr/bin/env bash", "# Quantize and build the engines this repository expects (run in the TensorRT-LLM container).",
             "set -euo pipefail", 'TRTLLM_EXAMPLES="${TRTLLM_EXAMPLES:-/app/tensorrt_llm/examples}"', ""]

    def engine(hf: str, out: str, name: str, extra: list[str]) -> None:
        ckpt = f"/tmp/edgeroute-{name}-ckpt"
        if o.quantization != "none" or o.kv_cache_fp8:
            cmd = ["python", '"$TRTLLM_EXAMPLES/quantization/quantize.py"', "--model_dir", q(hf), "--output_dir", ckpt,
                   "--qformat", QFORMAT.get(o.quantization, "full_prec")]
            if o.kv_cache_fp8:
                cmd += ["--kv_cache_dtype", "fp8"]
            if o.quantization in ("int8-sq", "fp8", "int4-awq"):
                cmd += ["--calib_size", "512"]
        else:
            cmd = ["python", '"$TRTLLM_EXAMPLES/models/core/llama/convert_checkpoint.py"', "--model_dir", q(hf),
                   "--output_dir", ckpt, "--dtype", "float16"]
        lines.append(" ".join(cmd))
        build = ["trtllm-build", "--checkpoint_dir", ckpt, "--output_dir", q(out), "--max_batch_size",
                 str(o.max_batch_size), "--gemm_plugin", "auto"]
        if o.kv_cache_reuse:
            build += ["--use_paged_context_fmha", "enable"]
        lines.append(" ".join(build + extra))
        lines.append("")

    target_extra: list[str] = []
    if o.speculative in BUILD_MODE:
        target_extra += ["--speculative_decoding_mode", BUILD_MODE[o.speculative]]
        if o.speculative in ("draft-target", "medusa", "eagle"):
            target_extra += ["--max_draft_len", str(o.num_draft_tokens)]
        if o.speculative == "lookahead":
            window, ngram, verification = o.lookahead
            target_extra += ["--max_draft_len", str((window + verification) * (ngram - 1))]
    engine(o.hf_model_dir, o.engine_dir, "target", target_extra)
    if o.speculative == "draft-target":
        engine(o.draft_hf_model_dir, o.draft_engine_dir, "draft", ["--gather_generation_logits"])
    return "\n".join(lines) + "\n"


def configs(o: RepoOptions) -> dict[str, mc.ModelConfig]:
    o.check()
    made = {"preprocessing": preprocessing(o), "tensorrt_llm": tensorrt_llm(o), "postprocessing": postprocessing(o),
            "ensemble": ensemble(o), "tensorrt_llm_bls": bls(o)}
    if o.speculative == "draft-target":
        made["tensorrt_llm_draft"] = tensorrt_llm(o, draft=True)
    return made


def write_repository(out: Path, o: RepoOptions) -> list[Path]:
    written = []
    models_dir = Path(__file__).resolve().parent / "trtllm_models"
    for name, config in configs(o).items():
        folder = out / name
        (folder / "1").mkdir(parents=True, exist_ok=True)
        path = folder / "config.pbtxt"
        path.write_text(text_format.MessageToString(config), encoding="utf-8")
        written.append(path)
        source = models_dir / f"{name}.py"
        if source.exists():  # the Python-backend models
            target = folder / "1" / "model.py"
            target.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
            written.append(target)
    script = out / "build.sh"
    script.write_text(build_script(o), encoding="utf-8")
    script.chmod(0o755)
    written.append(script)
    return written
