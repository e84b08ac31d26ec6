"""TensorRT-LLM's client-facing tensors (inflight_batcher_llm `ensemble` and `tensorrt_llm_bls`,
tensorrtllm_backend v0.19, plus the newer names `seed` and `min_tokens`): one table for the CPU `ensemble`
(edgenode.lm.serving) and the GPU repository `edgeroute trtllm-repo` writes (edgenode.trtllm_repo).

`refused` is what the CPU model says when asked for something it cannot do; the GPU repository passes those
tensors to TensorRT-LLM, which can.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

_BYTES, _I32, _U64, _F32, _BOOL = (np.bytes_, np.object_), (np.int32,), (np.uint64,), (np.float32,), (np.bool_,)
_FP16 = (np.float16,)


@dataclass(frozen=True)
class Input:
    datatype: str  # Triton's protocol name
    dtypes: tuple[type, ...]  # numpy dtypes accepted
    required: bool = False
    dims: tuple[int, ...] = (1,)
    refused: str = ""  # set: the CPU model cannot do this; any value other than `neutral` is refused
    neutral: object = None  # the value that asks for nothing (None: any value is refused)
    ragged: bool = False  # allow_ragged_batch in the GPU repository's configs


INPUTS: dict[str, Input] = {
    "text_input": Input("BYTES", _BYTES, required=True),
    "decoder_text_input": Input("BYTES", _BYTES, refused="the CPU model is decoder-only", neutral=b""),
    "max_tokens": Input("INT32", _I32, required=True),
    "num_return_sequences": Input("INT32", _I32),
    "bad_words": Input("BYTES", _BYTES, dims=(-1,)),
    "stop_words": Input("BYTES", _BYTES, dims=(-1,)),
    "exclude_input_in_output": Input("BOOL", _BOOL),
    "end_id": Input("INT32", _I32),
    "pad_id": Input("INT32", _I32),
    "top_k": Input("INT32", _I32),
    "top_p": Input("FP32", _F32),
    "temperature": Input("FP32", _F32),
    "length_penalty": Input("FP32", _F32),
    "repetition_penalty": Input("FP32", _F32),
    "min_length": Input("INT32", _I32),
    "min_tokens": Input("INT32", _I32),
    "presence_penalty": Input("FP32", _F32),
    "frequency_penalty": Input("FP32", _F32),
    "random_seed": Input("UINT64", _U64),
    "seed": Input("UINT64", _U64),
    "return_log_probs": Input("BOOL", _BOOL),
    "return_context_logits": Input("BOOL", _BOOL),
    "return_generation_logits": Input("BOOL", _BOOL),
    "return_perf_metrics": Input("BOOL", _BOOL),
    "return_num_input_tokens": Input("BOOL", _BOOL),
    "return_num_output_tokens": Input("BOOL", _BOOL),
    "beam_width": Input("INT32", _I32),
    "stream": Input("BOOL", _BOOL),
    "prompt_embedding_table": Input("FP16", _FP16, dims=(-1, -1), refused="prompt tables are not supported"),
    "prompt_table_extra_id": Input("UINT64", _U64, refused="prompt tables are not supported"),
    "prompt_vocab_size": Input("INT32", _I32, refused="prompt tables are not supported"),
    "embedding_bias_words": Input("BYTES", _BYTES, dims=(-1,), refused="embedding bias is not supported", neutral=b""),
    "embedding_bias_weights": Input("FP32", _F32, dims=(-1,), refused="embedding bias is not supported", neutral=0.0),
    "lora_task_id": Input("UINT64", _U64, refused="LoRA adapters are not supported"),
    "lora_weights": Input("FP16", _FP16, dims=(-1, -1), refused="LoRA adapters are not supported", ragged=True),
    "lora_config": Input("INT32", _I32, dims=(-1, 3), refused="LoRA adapters are not supported", ragged=True),
    "guided_decoding_guide_type": Input("BYTES", _BYTES, refused="guided decoding is not supported"),
    "guided_decoding_guide": Input("BYTES", _BYTES, refused="guided decoding is not supported"),
    # tensorrt_llm_bls's names for draft-target speculative decoding (the CPU ensemble takes them too)
    "num_draft_tokens": Input("INT32", _I32),
    "use_draft_logits": Input("BOOL", _BOOL),
}
# tensorrt_llm_bls only, upstream: the ensemble has no draft model to ask
BLS_ONLY = ("num_draft_tokens", "use_draft_logits")

PERF_OUTPUTS: dict[str, type] = {
    "kv_cache_alloc_new_blocks": np.int32, "kv_cache_reused_blocks": np.int32, "kv_cache_alloc_total_blocks": np.int32,
    "arrival_time_ns": np.int64, "first_scheduled_time_ns": np.int64, "first_token_time_ns": np.int64,
    "last_token_time_ns": np.int64, "acceptance_rate": np.float32, "total_accepted_draft_tokens": np.int32,
    "total_draft_tokens": np.int32,
}
# every output, name -> (numpy dtype, dims without the batch dimension)
OUTPUTS: dict[str, tuple[type, tuple[int, ...]]] = {
    "text_output": (np.object_, (-1,)),
    "cum_log_probs": (np.float32, (-1,)),
    "output_log_probs": (np.float32, (-1, -1)),
    "context_logits": (np.float32, (-1, -1)),
    "generation_logits": (np.float32, (-1, -1, -1)),
    "batch_index": (np.int32, (1,)),
    "sequence_index": (np.int32, (1,)),
    "num_input_tokens": (np.int32, (1,)),
    "num_output_tokens": (np.int32, (1,)),
    **{name: (dtype, (1,)) for name, dtype in PERF_OUTPUTS.items()},
}
