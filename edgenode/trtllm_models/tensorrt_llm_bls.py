"""Triton Python-backend model (written by `edgeroute trtllm-repo`): `tensorrt_llm_bls`, client-facing as
TensorRT-LLM's own: the ensemble's tensors plus num_draft_tokens and use_draft_logits.

It calls preprocessing, tensorrt_llm and postprocessing itself. With num_draft_tokens > 0 (and the
repository written with --speculative draft-target) each step asks tensorrt_llm_draft for that many tokens,
then tensorrt_llm to verify them (draft_input_ids, and draft_logits when use_draft_logits is set: the engine,
built with --speculative_decoding_mode draft_tokens_external, accepts a prefix and adds one token of its
own). Which client tensor goes where is read from the config's parameters, written by the same code that
writes the ensemble's maps.
"""

import json

import numpy as np
import triton_python_backend_utils as pb_utils

FINAL = pb_utils.TRITONSERVER_RESPONSE_COMPLETE_FINAL
# what the draft and target steps of speculative decoding take from the request (the rest is per step)
STEP_FIXED = ("end_id", "pad_id", "bad_words_list", "stop_words_list", "embedding_bias", "runtime_top_k",
              "runtime_top_p", "temperature", "seed", "repetition_penalty", "presence_penalty", "frequency_penalty")


class ClientError(ValueError):
    pass


def _scalar(request, name, default):
    tensor = pb_utils.get_input_tensor_by_name(request, name)
    return tensor.as_numpy().reshape(-1)[0] if tensor is not None else default


class TritonPythonModel:
    def initialize(self, args):
        params = {k: v["string_value"] for k, v in json.loads(args["model_config"])["parameters"].items()}
        self.llm = params["tensorrt_llm_model_name"]
        self.draft = params.get("tensorrt_llm_draft_model_name", "")
        self.max_draft = int(params.get("edgeroute_max_draft_tokens", "0"))
        self.accumulate = params.get("accumulate_tokens", "false").lower() == "true"
        self.to_pre = json.loads(params["edgeroute_to_preprocessing"])
        self.from_pre = json.loads(params["edgeroute_from_preprocessing"])
        self.to_llm = json.loads(params["edgeroute_to_llm"])
        self.llm_outputs = json.loads(params["edgeroute_llm_outputs"])

    # ---- calls to the other models --------------------------------------------------------------
    @staticmethod
    def _responses(model, inputs, outputs):
        """Every data response of `model` (decoupled or not), each as {output name: array}."""
        results = pb_utils.InferenceRequest(model_name=model, inputs=inputs, requested_output_names=outputs).exec(
            decoupled=True)
        answers = []
        for response in results:
            if response.has_error():
                raise pb_utils.TritonModelException(response.error().message())
            tensors = {n: pb_utils.get_output_tensor_by_name(response, n) for n in outputs}
            tensors = {n: t.as_numpy() for n, t in tensors.items() if t is not None}
            if tensors:
                answers.append(tensors)
        return answers

    def _text(self, tokens, lengths):
        answer = self._responses("postprocessing", [
            pb_utils.Tensor("TOKENS_BATCH", tokens.astype(np.int32)),
            pb_utils.Tensor("SEQUENCE_LENGTH", lengths.astype(np.int32)),
        ], ["OUTPUT"])
        return answer[0]["OUTPUT"]

    @staticmethod
    def _renamed(request, mapping):
        tensors = []
        for theirs, client in mapping.items():
            tensor = pb_utils.get_input_tensor_by_name(request, client)
            if tensor is not None:
                tensors.append(pb_utils.Tensor(theirs, tensor.as_numpy()))
        return tensors

    # ---- serving ----------------------------------------------------------------------------------
    def execute(self, requests):
        for request in requests:
            sender = request.get_response_sender()
            try:
                self._serve(request, sender)
            except ClientError as exc:
                error = pb_utils.TritonError(str(exc), pb_utils.TritonError.INVALID_ARG)
                sender.send(pb_utils.InferenceResponse(error=error), flags=FINAL)
            except pb_utils.TritonModelException as exc:
                sender.send(pb_utils.InferenceResponse(error=pb_utils.TritonError(str(exc))), flags=FINAL)
        return None

    def _serve(self, request, sender):
        pre = self._responses("preprocessing", self._renamed(request, self.to_pre), list(self.from_pre))[0]
        llm_inputs = {theirs: pre[ours] for ours, theirs in self.from_pre.items()}
        llm_inputs.update({t.name(): t.as_numpy() for t in self._renamed(request, self.to_llm)})
        k = int(_scalar(request, "num_draft_tokens", 0))
        if k < 0:
            raise ClientError(f"num_draft_tokens is {k}: send 0 (no speculation) or the number of draft tokens per step")
        if k == 0:
            self._forward(sender, llm_inputs, bool(_scalar(request, "stream", False)))
            return
        if not self.draft:
            raise ClientError("num_draft_tokens is set but this repository has no draft model: write it with "
                              "`edgeroute trtllm-repo --speculative draft-target`, or send num_draft_tokens 0")
        if k > self.max_draft:
            raise ClientError(f"num_draft_tokens is {k}; the engines were built for at most {self.max_draft} "
                              "(trtllm-build --max_draft_len): send fewer")
        if pre["INPUT_ID"].shape[0] != 1:
            raise ClientError("speculative decoding is not supported with batch size > 1: send one prompt per request")
        if any(bool(_scalar(request, n, False)) for n in ("return_context_logits", "return_generation_logits")):
            raise ClientError("speculative decoding cannot return context or generation logits: "
                              "send num_draft_tokens 0 to have them")
        self._speculative(request, sender, llm_inputs, k)

    def _forward(self, sender, llm_inputs, stream):
        tensors = [pb_utils.Tensor(n, v) for n, v in llm_inputs.items()]
        so_far = None
        for answer in self._responses(self.llm, tensors, ["output_ids", "sequence_length", *self.llm_outputs]):
            tokens, lengths = answer.pop("output_ids"), answer.pop("sequence_length")
            if stream and self.accumulate:
                so_far = tokens if so_far is None else np.concatenate([so_far, tokens], axis=-1)
                tokens, lengths = so_far, np.full_like(lengths, so_far.shape[-1])
            outputs = [pb_utils.Tensor("text_output", self._text(tokens, lengths))]
            outputs += [pb_utils.Tensor(n, v) for n, v in answer.items()]
            sender.send(pb_utils.InferenceResponse(output_tensors=outputs))
        sender.send(flags=FINAL)

    def _speculative(self, request, sender, llm_inputs, k):
        prompt = [int(t) for t in llm_inputs["input_ids"].reshape(-1)[: int(llm_inputs["input_lengths"].reshape(-1)[0])]]
        budget = int(llm_inputs["request_output_len"].reshape(-1)[0])
        end_id = int(llm_inputs["end_id"].reshape(-1)[0])
        stream = bool(_scalar(request, "stream", False))
        with_logits = bool(_scalar(request, "use_draft_logits", False))
        exclude = bool(_scalar(request, "exclude_input_in_output", False))
        perf = bool(_scalar(request, "return_perf_metrics", False))
        fixed = [pb_utils.Tensor(n, llm_inputs[n]) for n in STEP_FIXED if n in llm_inputs]
        excluded = pb_utils.Tensor("exclude_input_in_output", np.array([[True]]))
        produced, drafted, accepted = [], 0, 0
        while len(produced) < budget:
            context = np.array([prompt + produced], dtype=np.int32)
            length = np.array([[context.shape[1]]], dtype=np.int32)
            want = min(k, budget - len(produced))
            draft_outputs = ["output_ids", "sequence_length", *(["generation_logits"] if with_logits else [])]
            draft = self._responses(self.draft, [
                pb_utils.Tensor("input_ids", context), pb_utils.Tensor("input_lengths", length),
                pb_utils.Tensor("request_output_len", np.array([[want]], dtype=np.int32)), excluded,
                pb_utils.Tensor("return_generation_logits", np.array([[with_logits]])), *fixed,
            ], draft_outputs)[-1]
            proposal = draft["output_ids"].reshape(-1)[: int(draft["sequence_length"].reshape(-1)[0])]
            verify = [pb_utils.Tensor("input_ids", context), pb_utils.Tensor("input_lengths", length),
                      pb_utils.Tensor("request_output_len", np.array([[len(proposal) + 1]], dtype=np.int32)), excluded,
                      pb_utils.Tensor("draft_input_ids", proposal.astype(np.int32).reshape(1, -1)), *fixed]
            if with_logits:
                logits = draft["generation_logits"].astype(np.float32).reshape(1, len(proposal), -1)
                verify.append(pb_utils.Tensor("draft_logits", logits))
            target = self._responses(self.llm, verify, ["output_ids", "sequence_length"])[-1]
            new = [int(t) for t in target["output_ids"].reshape(-1)[: int(target["sequence_length"].reshape(-1)[0])]]
            drafted += len(proposal)
            accepted += max(0, min(len(new) - 1, len(proposal)))
            if end_id in new:
                new = new[: new.index(end_id) + 1]
            new = new[: budget - len(produced)]
            produced += new
            if stream and new:
                sender.send(self._response(produced if self.accumulate else new, None))
            if not new or new[-1] == end_id:
                break
        if not stream:
            sender.send(self._response(produced if exclude else prompt + produced, (drafted, accepted) if perf else None))
        elif perf:
            sender.send(self._response([], (drafted, accepted)))
        sender.send(flags=FINAL)

    def _response(self, tokens, metrics):
        tokens = np.array(tokens, dtype=np.int32).reshape(1, 1, -1)
        outputs = [pb_utils.Tensor("text_output", self._text(tokens, np.array([[tokens.shape[-1]]], dtype=np.int32)))]
        if metrics is not None:
            drafted, accepted = metrics
            outputs += [
                pb_utils.Tensor("acceptance_rate", np.array([[accepted / drafted if drafted else 0.0]], dtype=np.float32)),
                pb_utils.Tensor("total_accepted_draft_tokens", np.array([[accepted]], dtype=np.int32)),
                pb_utils.Tensor("total_draft_tokens", np.array([[drafted]], dtype=np.int32)),
            ]
        return pb_utils.InferenceResponse(output_tensors=outputs)
