"""Triton Python-backend model (written by `edgeroute trtllm-repo`): token ids -> text_output.

One string per sequence, 1-D ([beams]) as TensorRT-LLM's own postprocessing returns it, so a client's
`result.as_numpy("text_output")[0].decode()` reads the text."""

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
            tokens = tokens.reshape(-1, tokens.shape[-1])
            texts = [self.tokenizer.decode(row[: int(length)], skip_special_tokens=True).encode("utf-8")
                     for row, length in zip(tokens, lengths.reshape(-1), strict=True)]
            responses.append(pb_utils.InferenceResponse(output_tensors=[
                pb_utils.Tensor("OUTPUT", np.array(texts, dtype=object))
            ]))
        return responses
