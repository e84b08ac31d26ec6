"""The edge's language model: numpy serving, speculative decoding (greedy identity, sampling follows the
target's distribution), request validation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from edgenode.lm.corpus import examples
from edgenode.lm.serving import MAX_PROMPT_CHARS, MAX_TOKENS, GenerationError, LanguageModel, validate
from edgenode.lm.speculative import Generator, Sampling, Stats, distribution


@pytest.fixture(scope="module")
def lm() -> LanguageModel:
    return LanguageModel.shared()


def prompt_ids(lm: LanguageModel, text: str) -> list[int]:
    from edgenode.lm.tokenizer import BOS

    return [BOS, *lm.tokenizer.encode(text)]


def decode_all(generator: Generator, prompt: list[int], max_tokens: int, sampling: Sampling, k: int,
               stats: Stats | None = None) -> list[int]:
    return [t for chunk in generator.generate(prompt, max_tokens, sampling, k=k, stats=stats) for t in chunk]


def test_the_trained_model_answers_in_the_corpus_format(lm):
    target_only = Generator(lm.target)
    correct = 0
    held_out = examples(12, seed=99)
    for example in held_out:
        out = lm.tokenizer.decode(decode_all(target_only, prompt_ids(lm, example.prompt), 90, Sampling(), 0))
        assert out.startswith("{") and "}" in out, out
        correct += out.split("\n")[0] == example.answer
    assert correct >= len(held_out) // 2  # it learned the rules, not only the format


@pytest.mark.parametrize("k", range(1, 9))
def test_greedy_speculative_output_is_the_targets(lm, k):
    target_only = Generator(lm.target)
    speculative = Generator(lm.target, lm.draft)
    for example in examples(6, seed=100 + k):
        prompt = prompt_ids(lm, example.prompt)
        stats = Stats()
        assert decode_all(speculative, prompt, 80, Sampling(), k, stats) == decode_all(target_only, prompt, 80, Sampling(), 0)
        assert stats.draft_tokens > 0 and stats.tokens_per_step >= 1.0


def _chi_square_critical(df: int, z: float = 3.09) -> float:
    # Wilson-Hilferty: the chi-square quantile at the normal quantile z (3.09: p = 0.001)
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_sampled_speculative_tokens_follow_the_target_distribution(lm):
    sampling = Sampling(temperature=1.6, top_k=12)
    prompt = prompt_ids(lm, "Q: soil ")
    cache = lm.target.new_cache()
    p = distribution(lm.target.forward(prompt, cache)[-1], sampling)
    speculative = Generator(lm.target, lm.draft)
    draws = 3000
    counts = np.zeros(len(p))
    for seed in range(draws):
        first = next(iter(speculative.generate(prompt, 1, Sampling(1.6, 1.0, 12, seed), k=4)))
        counts[first[0]] += 1
    expected = p * draws
    keep = expected >= 5
    observed = np.append(counts[keep], counts[~keep].sum())
    wanted = np.append(expected[keep], expected[~keep].sum())
    observed, wanted = observed[wanted > 0], wanted[wanted > 0]
    statistic = float(((observed - wanted) ** 2 / wanted).sum())
    assert len(observed) >= 4  # the test means something only if the distribution is spread
    assert statistic < _chi_square_critical(len(observed) - 1), (statistic, observed, wanted)


def test_sampling_is_reproducible_with_a_seed(lm):
    speculative = Generator(lm.target, lm.draft)
    prompt = prompt_ids(lm, examples(1, seed=5)[0].prompt)
    one = decode_all(speculative, prompt, 40, Sampling(0.9, 0.95, 0, 1234), 4)
    two = decode_all(speculative, prompt, 40, Sampling(0.9, 0.95, 0, 1234), 4)
    assert one == two


def _inputs(**overrides):  # noqa: ANN003, ANN202
    base = {"text_input": np.array([[b"card 1234 paid 50 MAD. fraud?"]], dtype=object),
            "max_tokens": np.array([[16]], dtype=np.int32)}
    base.update(overrides)
    return base


@pytest.mark.parametrize(("overrides", "needle"), [
    ({"text_input": np.array([[b"  "]], dtype=object)}, "text_input is empty"),
    ({"text_input": np.array([[b"x" * (MAX_PROMPT_CHARS + 1)]], dtype=object)}, f"limit is {MAX_PROMPT_CHARS}"),
    ({"max_tokens": np.array([[MAX_TOKENS + 1]], dtype=np.int32)}, f"between 1 and {MAX_TOKENS}"),
    ({"max_tokens": np.array([[16.0]], dtype=np.float32)},
     r"^\[request id: <id_unknown>\] inference input 'max_tokens' data-type is 'FP32', but model 'ensemble' expects 'INT32'$"),
    ({"beam_width": np.array([[2]], dtype=np.int32)}, "beam_width is 2; the CPU model decodes one beam"),
    ({"num_return_sequences": np.array([[9]], dtype=np.int32)}, "num_return_sequences is 9"),
    ({"lora_task_id": np.array([[3]], dtype=np.uint64)}, "^lora_task_id: LoRA adapters are not supported"),
    ({"prompt_vocab_size": np.array([[3]], dtype=np.int32)}, "^prompt_vocab_size: prompt tables are not supported"),
    ({"guided_decoding_guide_type": np.array([[b"json"]], dtype=object)}, "^guided_decoding_guide_type: guided decoding"),
    ({"repetition_penalty": np.array([[0.0]], dtype=np.float32)}, "repetition_penalty must be in"),
    ({"min_tokens": np.array([[MAX_TOKENS + 1]], dtype=np.int32)}, "min_length/min_tokens is"),
    ({"bad_words": np.array([["caf\u00e9".encode()]], dtype=object)}, "^bad_words: .* cannot write"),
    ({"embedding_bias_words": np.array([[b"fraud"]], dtype=object)}, "^embedding_bias_words: embedding bias is not"),
    ({"beam": np.array([[1]], dtype=np.int32)}, "^unexpected inference input 'beam' for model 'ensemble'; edgeroute: "),
    ({"num_draft_tokens": np.array([[9]], dtype=np.int32)}, "num_draft_tokens is 9"),
    ({"text_input": np.array([["caf\u00e9".encode()]], dtype=object)}, "cannot read"),
])
def test_bad_requests_name_the_tensor_and_the_limit(lm, overrides, needle):
    with pytest.raises(GenerationError, match=needle):
        validate(_inputs(**overrides), lm.tokenizer)
    assert validate(_inputs(), lm.tokenizer).max_tokens == 16


def test_tensorrt_llm_clients_inputs_are_accepted_under_their_names(lm):
    """What end_to_end_grpc_client.py always sends (beam_width, exclude_input_in_output, temperature 1.0,
    stream) and the neutral values of what the CPU model cannot do; random_seed and seed both seed."""
    request = validate(_inputs(
        beam_width=np.array([[1]], dtype=np.int32), exclude_input_in_output=np.array([[False]]),
        temperature=np.array([[1.0]], dtype=np.float32), stream=np.array([[False]]),
        random_seed=np.array([[7]], dtype=np.uint64), repetition_penalty=np.array([[1.0]], dtype=np.float32),
        presence_penalty=np.array([[0.0]], dtype=np.float32), return_log_probs=np.array([[False]]),
        bad_words=np.array([[b""]], dtype=object), length_penalty=np.array([[1.0]], dtype=np.float32),
        num_return_sequences=np.array([[2]], dtype=np.int32), pad_id=np.array([[0]], dtype=np.int32),
    ), lm.tokenizer)
    assert (request.exclude_input, request.sequences, request.sampling.seed, request.sampling.temperature) == (False, 2, 7, 1.0)
    assert validate(_inputs(seed=np.array([[9]], dtype=np.uint64)), lm.tokenizer).sampling.seed == 9
    assert validate(_inputs(), lm.tokenizer).exclude_input  # the prompt is left out unless asked for


def test_missing_required_input_in_tritons_words(lm):
    with pytest.raises(GenerationError) as error:
        validate({"max_tokens": np.array([[16]], dtype=np.int32)}, lm.tokenizer)
    assert str(error.value).startswith("[request id: <id_unknown>] expected number of inputs between 2 and ")
    assert "but got 1 inputs for model 'ensemble'. Got input(s) ['max_tokens'], but missing required input(s) " \
           "['text_input']. Please provide all required input(s)." in str(error.value)


def test_names_in_errors_are_cut_to_a_bounded_length(lm):
    with pytest.raises(GenerationError) as error:
        validate(_inputs(**{"x" * 100_000: np.array([[1]], dtype=np.int32)}), lm.tokenizer)
    assert len(str(error.value)) < 2_000 and "more characters" in str(error.value)


def test_int8_quantization_is_per_channel_symmetric_and_the_plan_reproducible():
    from edgenode.lm.int8 import WEIGHT_LEVELS, calibrate, fake_quant, quantize

    rng = np.random.default_rng(0)
    weight = rng.normal(size=(64, 32)).astype(np.float32) * rng.uniform(0.01, 3.0, size=32).astype(np.float32)
    q, scale = quantize(weight)
    assert q.dtype == np.int8 and np.all(np.abs(q).max(axis=0) == WEIGHT_LEVELS)  # every channel uses its (7-bit) range
    assert np.all(np.abs(fake_quant(weight) - weight) <= scale / 2 + 1e-6)
    first, second = calibrate(n=12), calibrate(n=12)
    assert first == second  # the plan is a function of the weights and the held-out set
    assert set(first["int8_layers"]) | set(first["float_layers"]) == {e["layer"] for e in first["layers"]}
    assert all(e["int8"] == (e["accuracy_loss_pct"] <= first["threshold_pct"]) for e in first["layers"])


def test_the_edge_check_turns_malformed_bytes_into_a_message():
    from edgenode.lm.serving import check_request
    from proto import service_pb2

    request = service_pb2.ModelInferRequest(model_name="ensemble")
    request.inputs.add(name="text_input", datatype="BYTES", shape=[1, 1])
    request.raw_input_contents.append(b"\xff\xff\xff\x7fabc")  # a length far past the end
    request.inputs.add(name="max_tokens", datatype="INT32", shape=[1, 1])
    request.raw_input_contents.append(np.array([[8]], dtype=np.int32).tobytes())
    problem = check_request(request.SerializeToString())
    assert problem is not None and "text_input" in problem and "BYTES" in problem, problem
    assert check_request(b"\x0f\xff\xff").startswith("malformed ensemble request")
    good = service_pb2.ModelInferRequest(model_name="ensemble")
    from tritonclient.utils import serialize_byte_tensor

    good.inputs.add(name="text_input", datatype="BYTES", shape=[1, 1])
    good.raw_input_contents.append(serialize_byte_tensor(np.array([b"fraud?"], dtype=object)).item())
    good.inputs.add(name="max_tokens", datatype="INT32", shape=[1, 1])
    good.raw_input_contents.append(np.array([[8]], dtype=np.int32).tobytes())
    assert check_request(good.SerializeToString()) is None


def test_int8_layers_run_on_integer_kernels_within_the_accuracy_threshold(lm):
    from edgenode.lm.int8 import Int8Linear, held_out, int8_model, load_plan, score

    rng = np.random.default_rng(1)
    weight, bias = rng.normal(size=(128, 96)).astype(np.float32), rng.normal(size=96).astype(np.float32)
    x = rng.normal(size=(5, 128)).astype(np.float32)
    exact = x @ weight + bias
    assert np.abs(Int8Linear(weight, bias)(x) - exact).max() <= 0.03 * np.abs(exact).max()

    plan = load_plan()
    assert plan["int8_layers"], "the committed plan quantizes nothing"
    rows = held_out(lm.tokenizer, 10)
    fp32, int8 = score(lm.target, rows), score(int8_model(lm.target, list(plan["int8_layers"])), rows)
    assert (fp32.accuracy - int8.accuracy) / fp32.accuracy * 100 <= plan["threshold_pct"]


def test_stop_words_and_end_id_end_the_text(lm):
    from edgenode.lm.serving import validate
    from edgenode.lm.speculative import Stats

    question = examples(1, seed=8, workload="fraud-check")[0]
    full = "".join(lm.run(validate(_inputs(text_input=np.array([[question.prompt.encode()]], dtype=object),
                                           max_tokens=np.array([[100]], dtype=np.int32)), lm.tokenizer), Stats()))
    assert full.startswith("{risk: ") and full.endswith("\n")  # the model stops itself at its end id
    stopped = "".join(lm.run(validate(_inputs(
        text_input=np.array([[question.prompt.encode()]], dtype=object), max_tokens=np.array([[100]], dtype=np.int32),
        stop_words=np.array([[b"reasons"]], dtype=object)), lm.tokenizer), Stats()))
    assert stopped == full[: full.index("reasons") + len("reasons")]


def _generate(lm, prompt: str, draft: int, **tensors):  # noqa: ANN001, ANN003, ANN202
    from edgenode.lm.speculative import Stats

    request = validate(_inputs(text_input=np.array([[prompt.encode()]], dtype=object),
                               max_tokens=np.array([[100]], dtype=np.int32),
                               num_draft_tokens=np.array([[draft]], dtype=np.int32), **tensors), lm.tokenizer)
    stats = Stats()
    return "".join(lm.run(request, stats)), stats


PROCESSING = {
    "bad words": {"bad_words": np.array([[b"reasons", b"high"]], dtype=object)},
    "presence and frequency": {"presence_penalty": np.array([[1.5]], dtype=np.float32),
                               "frequency_penalty": np.array([[0.5]], dtype=np.float32)},
    "repetition": {"repetition_penalty": np.array([[1.8]], dtype=np.float32)},
    "min tokens": {"min_tokens": np.array([[90]], dtype=np.int32)},
}


@pytest.mark.parametrize("case", list(PROCESSING))
def test_logit_processing_keeps_speculative_decoding_exact(lm, case):
    """Greedy with the same processing: the draft-target output equals the target alone's, and differs from
    the unprocessed output (so the processing did something)."""
    prompt = examples(1, seed=31, workload="fraud-check")[0].prompt
    plain, _ = _generate(lm, prompt, draft=4)
    speculative, stats = _generate(lm, prompt, draft=4, **PROCESSING[case])
    alone, _ = _generate(lm, prompt, draft=0, **PROCESSING[case])
    assert speculative == alone
    assert speculative != plain and stats.draft_tokens > 0


def test_bad_words_are_never_written_and_min_tokens_hold_the_end_back(lm):
    prompt = examples(1, seed=31, workload="fraud-check")[0].prompt
    plain, plain_stats = _generate(lm, prompt, draft=4)
    assert "reasons" in plain and "high" in plain
    banned, _ = _generate(lm, prompt, draft=4, **PROCESSING["bad words"])
    assert "reasons" not in banned and "high" not in banned
    longer, stats = _generate(lm, prompt, draft=4, min_tokens=np.array([[plain_stats.tokens + 20]], dtype=np.int32))
    assert stats.tokens >= plain_stats.tokens + 20 and len(longer) > len(plain)


def test_log_probs_and_logits_as_tensorrt_llm_shapes_them(lm):
    """Greedy, unary: the output log probs are those of the chosen tokens (each the argmax of its generation
    logits row), cum_log_probs is their sum, and the context logits cover every prompt position."""
    from edgenode.lm.serving import ensemble_infer

    prompt = examples(1, seed=44, workload="crop-advice")[0].prompt
    request = _inputs(text_input=np.array([[prompt.encode()]], dtype=object), max_tokens=np.array([[40]], dtype=np.int32),
                      return_log_probs=np.array([[True]]), return_context_logits=np.array([[True]]),
                      return_generation_logits=np.array([[True]]), return_num_output_tokens=np.array([[True]]))
    (responses,) = [batch for batch in ensemble_infer([request]) if batch[0]]
    out = responses[0]
    tokens = int(out["num_output_tokens"][0][0])
    log_probs = out["output_log_probs"]
    assert log_probs.shape == (1, 1, tokens) and (log_probs <= 0).all()
    assert out["cum_log_probs"].shape == (1, 1) and out["cum_log_probs"][0][0] == pytest.approx(log_probs.sum(), rel=1e-5)
    generation = out["generation_logits"]
    assert generation.shape == (1, 1, tokens, lm.target.config.vocab)
    chosen = lm.tokenizer.decode(generation[0, 0].argmax(axis=-1).tolist())
    assert chosen.startswith(out["text_output"][0].decode().rstrip("\n"))  # greedy: each token its row's argmax
    assert out["context_logits"].shape[2] == lm.target.config.vocab
    assert out["context_logits"].shape[:2] == (1, len(lm.prompt_ids(validate(request, lm.tokenizer))))
