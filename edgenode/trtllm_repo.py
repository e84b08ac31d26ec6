"""`edgeroute trtllm-repo`: a Triton model repository for a GPU hub running TensorRT-LLM, with the same
client tensors as the CPU `ensemble` (text_input, max_tokens, stream, ... -> text_output, perf metrics).

Written: preprocessing (tokenizer), tensorrt_llm (the target engine, in-flight batching), for draft-target
speculative decoding tensorrt_llm_draft and tensorrt_llm_bls (which runs draft then target per step),
postprocessing (detokenizer), the `ensemble` that chains them, and build.sh with the matching
quantize / trtllm-build commands. Every config.pbtxt is built as a model_config_pb2.ModelConfig and written
with protobuf's text format, so it parses as Triton will parse it. The edge node fronts the result with
`edgeroute edge --triton-url grpc://GPU_HOST:8001 --models ensemble`.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

from google.protobuf import text_format

from controlplane.kernel.errors import RepoError
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


# the client-facing tensors: the CPU `ensemble` (edgenode.lm.serving) has the same
CLIENT_INPUTS = [
    ("text_input", "STRING", [1], False), ("max_tokens", "INT32", [1], False), ("stream", "BOOL", [1], True),
    ("temperature", "FP32", [1], True), ("top_p", "FP32", [1], True), ("top_k", "INT32", [1], True),
    ("seed", "UINT64", [1], True), ("end_id", "INT32", [1], True), ("stop_words", "STRING", [-1], True),
    ("num_draft_tokens", "INT32", [1], True), ("return_perf_metrics", "BOOL", [1], True),
]
PERF_OUTPUTS = [("acceptance_rate", "FP32"), ("total_accepted_draft_tokens", "INT32"), ("total_draft_tokens", "INT32")]


def preprocessing(o: RepoOptions) -> mc.ModelConfig:
    c = mc.ModelConfig(name="preprocessing", backend="python", max_batch_size=o.max_batch_size)
    c.input.extend([
        _tensor(mc.ModelInput, "QUERY", "STRING", [1]),
        _tensor(mc.ModelInput, "REQUEST_OUTPUT_LEN", "INT32", [1]),
        _tensor(mc.ModelInput, "STOP_WORDS_DICT", "STRING", [-1], optional=True, ragged=True),
        _tensor(mc.ModelInput, "END_ID", "INT32", [1], optional=True),
    ])
    c.output.extend([
        _tensor(mc.ModelOutput, "INPUT_ID", "INT32", [-1]),
        _tensor(mc.ModelOutput, "REQUEST_INPUT_LEN", "INT32", [1]),
        _tensor(mc.ModelOutput, "REQUEST_OUTPUT_LEN", "INT32", [1]),
        _tensor(mc.ModelOutput, "STOP_WORDS_IDS", "INT32", [2, -1]),
        _tensor(mc.ModelOutput, "OUT_END_ID", "INT32", [1]),
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
        _tensor(mc.ModelInput, "stop_words_list", "INT32", [2, -1], optional=True, ragged=True),
        _tensor(mc.ModelInput, "runtime_top_k", "INT32", [1], optional=True, scalar=True),
        _tensor(mc.ModelInput, "runtime_top_p", "FP32", [1], optional=True, scalar=True),
        _tensor(mc.ModelInput, "temperature", "FP32", [1], optional=True, scalar=True),
        _tensor(mc.ModelInput, "random_seed", "UINT64", [1], optional=True, scalar=True),
        _tensor(mc.ModelInput, "streaming", "BOOL", [1], optional=True),
        _tensor(mc.ModelInput, "return_perf_metrics", "BOOL", [1], optional=True, scalar=True),
        _tensor(mc.ModelInput, "draft_input_ids", "INT32", [-1], optional=True, ragged=True),
        _tensor(mc.ModelInput, "draft_logits", "FP32", [-1, -1], optional=True, ragged=True),
        _tensor(mc.ModelInput, "return_generation_logits", "BOOL", [1], optional=True, scalar=True),
    ])
    c.output.extend([
        _tensor(mc.ModelOutput, "output_ids", "INT32", [-1, -1]),
        _tensor(mc.ModelOutput, "sequence_length", "INT32", [-1]),
        _tensor(mc.ModelOutput, "generation_logits", "FP32", [-1, -1, -1]),
        *(_tensor(mc.ModelOutput, n, t, [1]) for n, t in PERF_OUTPUTS),
    ])
    c.instance_group.add(count=1, kind=mc.ModelInstanceGroup.KIND_CPU)  # the backend places work on the GPUs
    _params(
        c, gpt_model_type="inflight_fused_batching",
        gpt_model_path=o.draft_engine_dir if draft else o.engine_dir,
        batch_scheduler_policy="max_utilization", enable_kv_cache_reuse=o.kv_cache_reuse,
        kv_cache_free_gpu_mem_fraction=0.2 if draft else 0.85, exclude_input_in_output=True,
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


def _client_facing(c: mc.ModelConfig, o: RepoOptions) -> None:
    c.input.extend(_tensor(mc.ModelInput, n, t, d, optional=opt) for n, t, d, opt in CLIENT_INPUTS)
    c.output.append(_tensor(mc.ModelOutput, "text_output", "STRING", [-1]))
    c.output.extend(_tensor(mc.ModelOutput, n, t, [1]) for n, t in PERF_OUTPUTS)


def ensemble(o: RepoOptions) -> mc.ModelConfig:
    c = mc.ModelConfig(name="ensemble", platform="ensemble", max_batch_size=o.max_batch_size)
    _client_facing(c, o)
    steps = c.ensemble_scheduling.step
    pre = steps.add(model_name="preprocessing", model_version=-1)
    pre.input_map.update({"QUERY": "text_input", "REQUEST_OUTPUT_LEN": "max_tokens", "STOP_WORDS_DICT": "stop_words",
                          "END_ID": "end_id"})
    pre.output_map.update({"INPUT_ID": "_INPUT_ID", "REQUEST_INPUT_LEN": "_REQUEST_INPUT_LEN",
                           "REQUEST_OUTPUT_LEN": "_REQUEST_OUTPUT_LEN", "STOP_WORDS_IDS": "_STOP_WORDS_IDS",
                           "OUT_END_ID": "_END_ID"})
    llm = steps.add(model_name="tensorrt_llm_bls" if o.speculative == "draft-target" else "tensorrt_llm", model_version=-1)
    llm.input_map.update({
        "input_ids": "_INPUT_ID", "input_lengths": "_REQUEST_INPUT_LEN", "request_output_len": "_REQUEST_OUTPUT_LEN",
        "end_id": "_END_ID", "stop_words_list": "_STOP_WORDS_IDS", "runtime_top_k": "top_k", "runtime_top_p": "top_p",
        "temperature": "temperature", "random_seed": "seed", "streaming": "stream",
        "return_perf_metrics": "return_perf_metrics",
    })
    if o.speculative == "draft-target":
        llm.input_map["num_draft_tokens"] = "num_draft_tokens"
    llm.output_map.update({"output_ids": "_TOKENS_BATCH", "sequence_length": "_SEQUENCE_LENGTH"})
    llm.output_map.update({n: n for n, _ in PERF_OUTPUTS})
    post = steps.add(model_name="postprocessing", model_version=-1)
    post.input_map.update({"TOKENS_BATCH": "_TOKENS_BATCH", "SEQUENCE_LENGTH": "_SEQUENCE_LENGTH"})
    post.output_map["OUTPUT"] = "text_output"
    return c


def bls(o: RepoOptions) -> mc.ModelConfig:
    """Draft-target speculative decoding: the draft engine proposes, the target engine verifies."""
    base = tensorrt_llm(o)
    c = mc.ModelConfig(name="tensorrt_llm_bls", backend="python", max_batch_size=o.max_batch_size)
    c.model_transaction_policy.decoupled = o.decoupled
    c.input.extend(i for i in base.input if i.name not in ("draft_input_ids", "draft_logits", "return_generation_logits"))
    c.input.append(_tensor(mc.ModelInput, "num_draft_tokens", "INT32", [1], optional=True, scalar=True))
    c.output.extend(o_ for o_ in base.output if o_.name != "generation_logits")
    c.instance_group.add(count=1, kind=mc.ModelInstanceGroup.KIND_CPU)
    _params(c, target_model_name="tensorrt_llm", draft_model_name="tensorrt_llm_draft",
            num_draft_tokens=o.num_draft_tokens)
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
            "ensemble": ensemble(o)}
    if o.speculative == "draft-target":
        made["tensorrt_llm_draft"] = tensorrt_llm(o, draft=True)
        made["tensorrt_llm_bls"] = bls(o)
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
