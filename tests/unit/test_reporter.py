"""Queue depth from Triton's metrics page: pending requests over all models, plus TensorRT-LLM's waiting; the
reporter's pause."""

from __future__ import annotations

import asyncio

from controlplane.kernel.policy import NodeState
from edgenode.reporter import HEARTBEAT_INTERVAL_S, MIN_PUBLISH_INTERVAL_S, LoadReporter, load_from_metrics

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


class _Registration:
    """What the reporter calls of a NodeRegistration: publish, counted."""

    def __init__(self) -> None:
        self.published: list[NodeState] = []

    async def publish(self, node: NodeState) -> None:
        self.published.append(node)


def test_pause_stops_the_reporter_even_when_a_change_lands_with_the_cancel():
    # the supervisor pauses the reporter when Triton dies, which is when failing calls signal load changes: a change
    # and the cancel in one step of the loop. Python 3.11's wait_for returned the finished wait then and dropped the
    # cancel, so pause() waited forever and the reporter kept the dead node registered (the flaky supervision test)
    async def main() -> int:
        changed, registration = asyncio.Event(), _Registration()
        identity = NodeState("dakar", "dakar-a", "127.0.0.1:1", frozenset({"simple"}), 0, 0, 0.0)
        reporter = LoadReporter(registration, identity, None, lambda: 0, changed)  # type: ignore[arg-type]
        await reporter.start()
        await asyncio.sleep(MIN_PUBLISH_INTERVAL_S * 3)  # parked, waiting for a change or the heartbeat
        changed.set()
        try:
            await asyncio.wait_for(reporter.pause(), 2.0)
        except TimeoutError:
            return -1
        published = len(registration.published)
        await asyncio.sleep(HEARTBEAT_INTERVAL_S * 1.5)
        return len(registration.published) - published  # nothing after the pause

    assert asyncio.run(main()) == 0
