"""Triton Python-backend model (written by `edgeroute trtllm-repo`): text -> token ids for tensorrt_llm.

Runs on the GPU hub inside Triton; needs `transformers` and the tokenizer named by the tokenizer_dir
parameter. A bad request gets INVALID_ARG naming the tensor and the limit; the model keeps serving.
"""

import json

import numpy as np
import triton_python_backend_utils as pb_utils
from transformers import AutoTokenizer


def _text(value):
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


class TritonPythonModel:
    def initialize(self, args):
        config = json.loads(args["model_config"])
        self.tokenizer = AutoTokenizer.from_pretrained(config["parameters"]["tokenizer_dir"]["string_value"])
        self.end_id = self.tokenizer.eos_token_id
        self.max_input = int(getattr(self.tokenizer, "model_max_length", 4096) or 4096)

    def _stop_words(self, tensor):
        ids, offsets = [], []
        if tensor is not None:
            for word in tensor.as_numpy().reshape(-1):
                pieces = self.tokenizer.encode(_text(word), add_special_tokens=False)
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

    def execute(self, requests):
        responses = []
        for request in requests:
            query = _text(pb_utils.get_input_tensor_by_name(request, "QUERY").as_numpy().reshape(-1)[0])
            output_len = pb_utils.get_input_tensor_by_name(request, "REQUEST_OUTPUT_LEN").as_numpy().reshape(1, 1)
            ids = self.tokenizer.encode(query)
            problem = None
            if not query.strip():
                problem = "text_input is empty: send the question to answer"
            elif len(ids) > self.max_input:
                problem = f"text_input has {len(ids)} tokens; the limit is {self.max_input}"
            if problem:
                responses.append(pb_utils.InferenceResponse(error=pb_utils.TritonError(problem, pb_utils.TritonError.INVALID_ARG)))
                continue
            end = pb_utils.get_input_tensor_by_name(request, "END_ID")
            end_id = int(end.as_numpy().reshape(-1)[0]) if end is not None else self.end_id
            responses.append(pb_utils.InferenceResponse(output_tensors=[
                pb_utils.Tensor("INPUT_ID", np.array([ids], dtype=np.int32)),
                pb_utils.Tensor("REQUEST_INPUT_LEN", np.array([[len(ids)]], dtype=np.int32)),
                pb_utils.Tensor("REQUEST_OUTPUT_LEN", output_len.astype(np.int32)),
                pb_utils.Tensor("STOP_WORDS_IDS", self._stop_words(pb_utils.get_input_tensor_by_name(request, "STOP_WORDS_DICT"))),
                pb_utils.Tensor("OUT_END_ID", np.array([[end_id]], dtype=np.int32)),
            ]))
        return responses
