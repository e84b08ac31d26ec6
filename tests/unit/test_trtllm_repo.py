"""`edgeroute trtllm-repo`: every config.pbtxt parses with Triton's model_config_pb2, and the fields of
the chosen speculative mode and quantization are set; build.sh carries the matching commands."""

from __future__ import annotations

import json
import py_compile

import pytest
from google.protobuf import text_format

from controlplane.cli import main
from edgenode.lm.contract import BLS_ONLY, INPUTS, OUTPUTS
from proto import model_config_pb2 as mc


def write(tmp_path, *extra: str) -> dict[str, mc.ModelConfig]:
    out = tmp_path / "repo"
    assert main(["trtllm-repo", "--out", str(out), "--engine-dir", "/engines/target", "--tokenizer-dir", "/tok",
                 *extra]) == 0
    configs = {}
    for path in out.glob("*/config.pbtxt"):
        configs[path.parent.name] = text_format.Parse(path.read_text(), mc.ModelConfig())
        assert (path.parent / "1").is_dir()
    for model in out.glob("*/1/model.py"):
        py_compile.compile(str(model), doraise=True)
    return configs


def params(config: mc.ModelConfig) -> dict[str, str]:
    return {k: v.string_value for k, v in config.parameters.items()}


def _dtype_name(spec_datatype: str) -> int:
    return getattr(mc, f"TYPE_{'STRING' if spec_datatype == 'BYTES' else spec_datatype}")


def test_default_repository_speaks_tensorrt_llms_client_contract(tmp_path):
    configs = write(tmp_path)
    assert set(configs) == {"preprocessing", "tensorrt_llm", "postprocessing", "ensemble", "tensorrt_llm_bls"}
    ensemble = configs["ensemble"]
    assert ensemble.platform == "ensemble"
    # every client tensor under TensorRT-LLM's name and type, the same table the CPU ensemble serves
    declared = {i.name: i for i in ensemble.input}
    assert set(declared) == set(INPUTS) - set(BLS_ONLY)
    for name, tensor in declared.items():
        assert tensor.data_type == _dtype_name(INPUTS[name].datatype), name
        assert tensor.optional == (not INPUTS[name].required), name
    assert {"random_seed", "seed", "beam_width", "exclude_input_in_output", "min_length", "min_tokens"} <= set(declared)
    assert {o.name for o in ensemble.output} == set(OUTPUTS)
    assert [s.model_name for s in ensemble.ensemble_scheduling.step] == ["preprocessing", "tensorrt_llm", "postprocessing"]
    llm = configs["tensorrt_llm"]
    assert llm.backend == "tensorrtllm" and llm.model_transaction_policy.decoupled
    assert llm.dynamic_batching.max_queue_delay_microseconds == 2000
    assert params(llm)["gpt_model_path"] == "/engines/target" and params(llm)["enable_kv_cache_reuse"] == "true"
    assert params(llm)["exclude_input_in_output"] == "false"  # TensorRT-LLM's default; the request overrides it
    assert "decoding_mode" not in params(llm)
    assert (tmp_path / "repo" / "preprocessing" / "1" / "model.py").exists()


def test_the_ensemble_wires_every_tensor_as_triton_would_check_it(tmp_path):
    """What Triton checks when it loads an ensemble: each step's maps name tensors its model declares, each
    intermediate is produced before it is consumed, every client input is used and every output produced."""
    configs = write(tmp_path, "--speculative", "draft-target", "--draft-engine-dir", "/engines/draft")
    ensemble = configs["ensemble"]
    available = {i.name for i in ensemble.input}
    used = set()
    for step in ensemble.ensemble_scheduling.step:
        model = configs[step.model_name]
        inputs = {i.name: i for i in model.input}
        outputs = {o.name for o in model.output}
        for theirs, ours in step.input_map.items():
            assert theirs in inputs, (step.model_name, theirs)
            assert ours in available, (step.model_name, ours)
            if ours in declared_inputs(ensemble):
                client = next(i for i in ensemble.input if i.name == ours)
                assert client.data_type == inputs[theirs].data_type, (step.model_name, theirs)
            used.add(ours)
        required = {n for n, i in inputs.items() if not i.optional}
        assert required <= set(step.input_map), (step.model_name, required - set(step.input_map))
        for theirs, ours in step.output_map.items():
            assert theirs in outputs, (step.model_name, theirs)
            available.add(ours)
    assert declared_inputs(ensemble) <= used
    assert {o.name for o in ensemble.output} <= available


def declared_inputs(config: mc.ModelConfig) -> set[str]:
    return {i.name for i in config.input}


def test_tensorrt_llm_bls_is_client_facing_with_the_draft_tensors(tmp_path):
    configs = write(tmp_path, "--speculative", "draft-target", "--draft-engine-dir", "/engines/draft")
    bls = configs["tensorrt_llm_bls"]
    assert declared_inputs(bls) == set(INPUTS)
    assert {"num_draft_tokens", "use_draft_logits"} <= declared_inputs(bls)
    assert {o.name for o in bls.output} == set(OUTPUTS)
    p = params(bls)
    assert p["tensorrt_llm_model_name"] == "tensorrt_llm" and p["tensorrt_llm_draft_model_name"] == "tensorrt_llm_draft"
    # the maps the model reads agree with the models it calls
    pre, llm = configs["preprocessing"], configs["tensorrt_llm"]
    assert set(json.loads(p["edgeroute_to_preprocessing"])) <= declared_inputs(pre)
    assert set(json.loads(p["edgeroute_from_preprocessing"])) <= {o.name for o in pre.output}
    assert set(json.loads(p["edgeroute_from_preprocessing"]).values()) <= declared_inputs(llm)
    assert set(json.loads(p["edgeroute_to_llm"])) <= declared_inputs(llm)
    assert set(json.loads(p["edgeroute_llm_outputs"])) <= {o.name for o in llm.output}
    assert {"draft_input_ids", "draft_logits"} <= declared_inputs(llm)
    assert not params(write(tmp_path / "plain")["tensorrt_llm_bls"])["tensorrt_llm_draft_model_name"]


def test_draft_target_adds_the_draft_engine(tmp_path):
    configs = write(tmp_path, "--speculative", "draft-target", "--draft-engine-dir", "/engines/draft",
                    "--num-draft-tokens", "5", "--batching-window-us", "500")
    assert params(configs["tensorrt_llm_draft"])["gpt_model_path"] == "/engines/draft"
    assert configs["tensorrt_llm"].dynamic_batching.max_queue_delay_microseconds == 500
    script = (tmp_path / "repo" / "build.sh").read_text()
    assert "--speculative_decoding_mode draft_tokens_external --max_draft_len 5" in script
    assert "--gather_generation_logits" in script


@pytest.mark.parametrize(("mode", "extra", "decoding", "build"), [
    ("medusa", ["--medusa-choices", "[[0], [0, 0], [1]]"], "medusa", "--speculative_decoding_mode medusa"),
    ("eagle", [], "eagle", "--speculative_decoding_mode eagle"),
    ("lookahead", ["--lookahead", "5", "3", "4"], "lookahead", "--speculative_decoding_mode lookahead_decoding"),
])
def test_in_engine_speculative_modes_set_the_decoding_mode(tmp_path, mode, extra, decoding, build):
    configs = write(tmp_path, "--speculative", mode, *extra)
    llm = params(configs["tensorrt_llm"])
    assert llm["decoding_mode"] == decoding and llm["edgeroute_speculative"] == mode
    if mode == "medusa":
        assert llm["medusa_choices"] == "[[0], [0, 0], [1]]"
    if mode == "lookahead":
        assert (llm["lookahead_window_size"], llm["lookahead_ngram_size"], llm["lookahead_verification_set_size"]) == ("5", "3", "4")
    assert build in (tmp_path / "repo" / "build.sh").read_text()


@pytest.mark.parametrize(("quantization", "qformat"), [
    ("fp8", "fp8"), ("int8-sq", "int8_sq"), ("int8-wo", "int8_wo"), ("int4-wo", "int4_wo"), ("int4-awq", "int4_awq"),
])
def test_quantization_reaches_the_build_script_and_the_config(tmp_path, quantization, qformat):
    configs = write(tmp_path, "--quantization", quantization, "--kv-cache-fp8")
    assert params(configs["tensorrt_llm"])["edgeroute_quantization"] == quantization
    assert params(configs["tensorrt_llm"])["edgeroute_kv_cache_dtype"] == "fp8"
    script = (tmp_path / "repo" / "build.sh").read_text()
    assert f"--qformat {qformat}" in script and "--kv_cache_dtype fp8" in script


def test_bad_options_are_refused_with_what_to_do(tmp_path, capsys):
    out = str(tmp_path / "r")
    assert main(["trtllm-repo", "--out", out, "--engine-dir", "e", "--tokenizer-dir", "t", "--speculative", "draft-target"]) == 2
    assert "needs --draft-engine-dir" in capsys.readouterr().err
    assert main(["trtllm-repo", "--out", out, "--engine-dir", "e", "--tokenizer-dir", "t", "--quantization", "int3"]) == 2
    assert "choose one of" in capsys.readouterr().err
