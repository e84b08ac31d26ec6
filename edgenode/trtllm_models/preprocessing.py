"""Triton Python-backend model (written by `edgeroute trtllm-repo`): the client's text -> tensorrt_llm's ids.

Runs on the GPU hub inside Triton; needs `transformers` and the tokenizer named by the tokenizer_dir
parameter. Folds the two names TensorRT-LLM has used for the seed (random_seed, seed) and the minimum
length (min_length, min_tokens) into one. A bad request gets INVALID_ARG naming the tensor and what to do;
the model keeps serving.
"""

import json

import numpy as np
import triton_python_backend_utils as pb_utils
from transformers import AutoTokenizer

MAX_QUOTED = 200


def _text(value):
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _words(request, name):
    tensor = pb_utils.get_input_tensor_by_name(request, name)
    return [] if tensor is None else [_text(w) for w in tensor.as_numpy().reshape(-1) if _text(w)]


def _first(request, names, default):
    for name in names:
        tensor = pb_utils.get_input_tensor_by_name(request, name)
        if tensor is not None:
            return tensor.as_numpy().reshape(-1)[0]
    return default


class TritonPythonModel:
    def initialize(self, args):
        config = json.loads(args["model_config"])
        self.tokenizer = AutoTokenizer.from_pretrained(config["parameters"]["tokenizer_dir"]["string_value"])
        self.end_id = self.tokenizer.eos_token_id
        pad = self.tokenizer.pad_token_id
        self.pad_id = pad if pad is not None else self.end_id
        self.max_input = int(getattr(self.tokenizer, "model_max_length", 4096) or 4096)
        self.vocab = len(self.tokenizer)

    def _word_list(self, words):
        """TensorRT-LLM's [1, 2, width] layout: the words' ids end to end, then each word's end offset."""
        ids, offsets = [], []
        for word in words:
            pieces = self.tokenizer.encode(word, add_special_tokens=False)
            if pieces:
                ids.extend(pieces)
                offsets.append(len(ids))
        if not ids:
            return np.array([[[-1], [-1]]], dtype=np.int32)
        width = max(len(ids), len(offsets))
        row = np.full((1, 2, width), -1, dtype=np.int32)
        row[0, 0, : len(ids)] = ids
        row[0, 1, : len(offsets)] = offsets
        return row

    def _bias(self, request):
        words = _words(request, "EMBEDDING_BIAS_WORDS")
        weights = pb_utils.get_input_tensor_by_name(request, "EMBEDDING_BIAS_WEIGHTS")
        weights = [] if weights is None else list(weights.as_numpy().reshape(-1))
        if len(words) != len(weights):
            raise ValueError(f"embedding_bias_words has {len(words)} words and embedding_bias_weights "
                             f"{len(weights)} weights: send one weight per word")
        bias = np.zeros((1, self.vocab), dtype=np.float32) if words else np.zeros((1, 0), dtype=np.float32)
        for word, weight in zip(words, weights, strict=True):
            pieces = self.tokenizer.encode(word, add_special_tokens=False)
            if pieces:
                bias[0, pieces[0]] += float(weight)  # as TensorRT-LLM's own preprocessing: the word's first token
        return bias

    def _one(self, request):
        query = _text(pb_utils.get_input_tensor_by_name(request, "QUERY").as_numpy().reshape(-1)[0])
        if _words(request, "DECODER_QUERY"):
            raise ValueError("decoder_text_input is set but this repository serves a decoder-only engine: "
                             "send the whole prompt as text_input")
        if pb_utils.get_input_tensor_by_name(request, "PROMPT_TABLE_EXTRA_ID") is not None:
            raise ValueError("prompt_table_extra_id is not supported by this repository (no KV cache reuse "
                             "across prompt tables): send prompt_embedding_table and prompt_vocab_size alone")
        output_len = pb_utils.get_input_tensor_by_name(request, "REQUEST_OUTPUT_LEN").as_numpy().reshape(1, 1)
        ids = self.tokenizer.encode(query)
        if not query.strip():
            raise ValueError("text_input is empty: send the question to answer")
        if len(ids) > self.max_input:
            raise ValueError(f"text_input has {len(ids)} tokens; the limit is {self.max_input}")
        return [
            pb_utils.Tensor("INPUT_ID", np.array([ids], dtype=np.int32)),
            pb_utils.Tensor("REQUEST_INPUT_LEN", np.array([[len(ids)]], dtype=np.int32)),
            pb_utils.Tensor("REQUEST_OUTPUT_LEN", output_len.astype(np.int32)),
            pb_utils.Tensor("BAD_WORDS_IDS", self._word_list(_words(request, "BAD_WORDS_DICT"))),
            pb_utils.Tensor("STOP_WORDS_IDS", self._word_list(_words(request, "STOP_WORDS_DICT"))),
            pb_utils.Tensor("EMBEDDING_BIAS", self._bias(request)),
            pb_utils.Tensor("OUT_END_ID", np.array([[_first(request, ["END_ID"], self.end_id)]], dtype=np.int32)),
            pb_utils.Tensor("OUT_PAD_ID", np.array([[_first(request, ["PAD_ID"], self.pad_id)]], dtype=np.int32)),
            # TensorRT-LLM's defaults when a request names none: seed 0, at least 1 token
            pb_utils.Tensor("OUT_SEED", np.array([[_first(request, ["SEED", "RANDOM_SEED"], 0)]], dtype=np.uint64)),
            pb_utils.Tensor("OUT_MIN_TOKENS",
                            np.array([[_first(request, ["MIN_TOKENS", "MIN_LENGTH"], 1)]], dtype=np.int32)),
        ]

    def execute(self, requests):
        responses = []
        for request in requests:
            try:
                responses.append(pb_utils.InferenceResponse(output_tensors=self._one(request)))
            except ValueError as exc:
                message = str(exc)[:MAX_QUOTED * 5]
                responses.append(pb_utils.InferenceResponse(
                    error=pb_utils.TritonError(message, pb_utils.TritonError.INVALID_ARG)))
        return responses
