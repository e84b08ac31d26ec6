"""Queue depth from Triton's metrics page: pending requests over all models, plus TensorRT-LLM's waiting."""

from __future__ import annotations

from edgenode.reporter import load_from_metrics

PAGE = """# HELP nv_inference_pending_request_count Instantaneous number of pending requests
# TYPE nv_inference_pending_request_count gauge
nv_inference_pending_request_count{model="simple",version="1"} 3
nv_inference_pending_request_count{model="hold",version="1"} 2
# TYPE nv_inference_count counter
nv_inference_count{model="simple",version="1"} 100
# TYPE nv_trt_llm_request_metrics gauge
nv_trt_llm_request_metrics{request_type="waiting"} 4
nv_trt_llm_request_metrics{request_type="active"} 9
"""


def test_pending_and_waiting_are_summed_and_nothing_else():
    assert load_from_metrics(PAGE).queue_depth == 9


def test_page_without_the_metrics_is_zero():
    assert load_from_metrics("# TYPE nv_inference_count counter\nnv_inference_count 5\n").queue_depth == 0
