"""Triton Python-backend model (written by `edgeroute trtllm-repo`): draft-target speculative decoding.

Each step asks tensorrt_llm_draft for k tokens with their logits, then tensorrt_llm to verify them
(draft_input_ids + draft_logits: the engine, built with --speculative_decoding_mode draft_tokens_external,
accepts a prefix and adds one token of its own). Accepted tokens are streamed when the request asks.
"""

import json

import numpy as np
import triton_python_backend_utils as pb_utils

PASS_THROUGH = ("end_id", "stop_words_list", "runtime_top_k", "runtime_top_p", "temperature", "random_seed")


def _scalar(request, name, default):
    tensor = pb_utils.get_input_tensor_by_name(request, name)
    return tensor.as_numpy().reshape(-1)[0] if tensor is not None else default


class TritonPythonModel:
    def initialize(self, args):
        params = json.loads(args["model_config"])["parameters"]
        self.target = params["target_model_name"]["string_value"]
        self.draft = params["draft_model_name"]["string_value"]
        self.default_k = int(params["num_draft_tokens"]["string_value"])

    def _call(self, model, inputs, outputs):
        response = pb_utils.InferenceRequest(model_name=model, inputs=inputs, requested_output_names=outputs).exec()
        if response.has_error():
            raise pb_utils.TritonModelException(response.error().message())
        return {name: pb_utils.get_output_tensor_by_name(response, name).as_numpy() for name in outputs}

    def execute(self, requests):
        for request in requests:
            sender = request.get_response_sender()
            try:
                self._generate(request, sender)
            except pb_utils.TritonModelException as exc:
                sender.send(pb_utils.InferenceResponse(error=pb_utils.TritonError(str(exc))),
                            flags=pb_utils.TRITONSERVER_RESPONSE_COMPLETE_FINAL)
        return None

    def _generate(self, request, sender):
        ids = list(pb_utils.get_input_tensor_by_name(request, "input_ids").as_numpy().reshape(-1))
        budget = int(_scalar(request, "request_output_len", 64))
        end_id = int(_scalar(request, "end_id", -1))
        k = int(_scalar(request, "num_draft_tokens", self.default_k))
        stream = bool(_scalar(request, "streaming", False))
        perf = bool(_scalar(request, "return_perf_metrics", False))
        extra = [pb_utils.get_input_tensor_by_name(request, n) for n in PASS_THROUGH]
        extra = [t for t in extra if t is not None]
        produced, drafted, accepted = [], 0, 0
        while len(produced) < budget:
            context = np.array([ids + produced], dtype=np.int32)
            length = np.array([[context.shape[1]]], dtype=np.int32)
            want = min(k, budget - len(produced))
            draft = self._call(self.draft, [
                pb_utils.Tensor("input_ids", context), pb_utils.Tensor("input_lengths", length),
                pb_utils.Tensor("request_output_len", np.array([[want]], dtype=np.int32)),
                pb_utils.Tensor("return_generation_logits", np.array([[True]])), *extra,
            ], ["output_ids", "sequence_length", "generation_logits"])
            proposal = draft["output_ids"].reshape(-1)[: int(draft["sequence_length"].reshape(-1)[0])]
            target = self._call(self.target, [
                pb_utils.Tensor("input_ids", context), pb_utils.Tensor("input_lengths", length),
                pb_utils.Tensor("request_output_len", np.array([[len(proposal) + 1]], dtype=np.int32)),
                pb_utils.Tensor("draft_input_ids", proposal.astype(np.int32).reshape(1, -1)),
                pb_utils.Tensor("draft_logits", draft["generation_logits"].astype(np.float32).reshape(1, len(proposal), -1)),
                *extra,
            ], ["output_ids", "sequence_length"])
            new = list(target["output_ids"].reshape(-1)[: int(target["sequence_length"].reshape(-1)[0])])
            drafted += len(proposal)
            accepted += max(0, min(len(new) - 1, len(proposal)))
            if end_id in new:
                new = new[: new.index(end_id) + 1]
            new = new[: budget - len(produced)]
            produced += new
            if stream and new:
                sender.send(self._response(new, None))
            if not new or new[-1] == end_id:
                break
        metrics = (drafted, accepted) if perf else None
        sender.send(self._response([] if stream else produced, metrics), flags=pb_utils.TRITONSERVER_RESPONSE_COMPLETE_FINAL)

    @staticmethod
    def _response(tokens, metrics):
        tensors = [pb_utils.Tensor("output_ids", np.array([[tokens]], dtype=np.int32).reshape(1, 1, -1)),
                   pb_utils.Tensor("sequence_length", np.array([[len(tokens)]], dtype=np.int32))]
        if metrics is not None:
            drafted, accepted = metrics
            tensors += [pb_utils.Tensor("acceptance_rate", np.array([[accepted / drafted if drafted else 0.0]], dtype=np.float32)),
                        pb_utils.Tensor("total_accepted_draft_tokens", np.array([[accepted]], dtype=np.int32)),
                        pb_utils.Tensor("total_draft_tokens", np.array([[drafted]], dtype=np.int32))]
        return pb_utils.InferenceResponse(output_tensors=tensors)
