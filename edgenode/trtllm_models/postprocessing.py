"""Triton Python-backend model (written by `edgeroute trtllm-repo`): token ids -> text_output."""

import json

import numpy as np
import triton_python_backend_utils as pb_utils
from transformers import AutoTokenizer


class TritonPythonModel:
    def initialize(self, args):
        config = json.loads(args["model_config"])
        self.tokenizer = AutoTokenizer.from_pretrained(config["parameters"]["tokenizer_dir"]["string_value"])

    def execute(self, requests):
        responses = []
        for request in requests:
            tokens = pb_utils.get_input_tensor_by_name(request, "TOKENS_BATCH").as_numpy()  # [batch, beam, len]
            lengths = pb_utils.get_input_tensor_by_name(request, "SEQUENCE_LENGTH").as_numpy()  # [batch, beam]
            texts = []
            for row, length in zip(tokens.reshape(tokens.shape[0], -1, tokens.shape[-1]),
                                   lengths.reshape(lengths.shape[0], -1), strict=True):
                texts.append(self.tokenizer.decode(row[0][: int(length[0])], skip_special_tokens=True).encode("utf-8"))
            responses.append(pb_utils.InferenceResponse(output_tensors=[
                pb_utils.Tensor("OUTPUT", np.array(texts, dtype=object).reshape(-1, 1))
            ]))
        return responses
