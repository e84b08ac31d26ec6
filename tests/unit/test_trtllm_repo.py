"""`edgeroute trtllm-repo`: every config.pbtxt parses with Triton's model_config_pb2, and the fields of
the chosen speculative mode and quantization are set; build.sh carries the matching commands."""

from __future__ import annotations

import py_compile

import pytest
from google.protobuf import text_format

from controlplane.cli import main
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


def test_default_repository_is_an_ensemble_with_the_client_tensors(tmp_path):
    configs = write(tmp_path)
    assert set(configs) == {"preprocessing", "tensorrt_llm", "postprocessing", "ensemble"}
    ensemble = configs["ensemble"]
    assert ensemble.platform == "ensemble"
    names = {i.name for i in ensemble.input}
    assert {"text_input", "max_tokens", "stream", "temperature", "top_p", "top_k", "seed", "end_id", "stop_words",
            "num_draft_tokens", "return_perf_metrics"} <= names
    assert {o.name for o in ensemble.output} == {"text_output", "acceptance_rate", "total_accepted_draft_tokens",
                                                 "total_draft_tokens"}
    assert [s.model_name for s in ensemble.ensemble_scheduling.step] == ["preprocessing", "tensorrt_llm", "postprocessing"]
    llm = configs["tensorrt_llm"]
    assert llm.backend == "tensorrtllm" and llm.model_transaction_policy.decoupled
    assert llm.dynamic_batching.max_queue_delay_microseconds == 2000
    assert params(llm)["gpt_model_path"] == "/engines/target" and params(llm)["enable_kv_cache_reuse"] == "true"
    assert "decoding_mode" not in params(llm)
    assert (tmp_path / "repo" / "preprocessing" / "1" / "model.py").exists()


def test_draft_target_adds_the_draft_engine_and_the_bls(tmp_path):
    configs = write(tmp_path, "--speculative", "draft-target", "--draft-engine-dir", "/engines/draft",
                    "--num-draft-tokens", "5", "--batching-window-us", "500")
    assert params(configs["tensorrt_llm_draft"])["gpt_model_path"] == "/engines/draft"
    bls = configs["tensorrt_llm_bls"]
    assert params(bls)["draft_model_name"] == "tensorrt_llm_draft" and params(bls)["num_draft_tokens"] == "5"
    assert configs["ensemble"].ensemble_scheduling.step[1].model_name == "tensorrt_llm_bls"
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
