"""The load reporter: reads queue depth from Triton's own metrics and publishes the node's status to etcd."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from controlplane.policy import NodeState
from controlplane.registry import NodeRegistration

LOG = logging.getLogger(__name__)

PENDING_METRIC = "nv_inference_pending_request_count"
TRTLLM_METRIC = "nv_trt_llm_request_metrics"
MIN_PUBLISH_INTERVAL_S = 0.05  # publish a change at most this often
HEARTBEAT_INTERVAL_S = 1.0  # publish at least this often, changed or not
SCRAPE_TIMEOUT_S = 1.0


def queue_depth_from_metrics(text: str) -> int:
    """Requests waiting at this Triton: the pending-request gauge summed over models, plus
    TensorRT-LLM's waiting requests when that backend reports them."""
    # the page has hundreds of lines; parse only ours (this runs on the node's serving event loop)
    wanted = "\n".join(line for line in text.splitlines() if line.startswith((PENDING_METRIC, TRTLLM_METRIC)))
    depth = 0.0
    for family in text_string_to_metric_families(wanted):
        if family.name == PENDING_METRIC:
            depth += sum(sample.value for sample in family.samples)
        elif family.name == TRTLLM_METRIC:
            depth += sum(s.value for s in family.samples if s.labels.get("request_type") == "waiting")
    return int(depth)


class LoadReporter:
    """Publishes on change (at most every 50 ms) and as a heartbeat (at least every second)."""

    def __init__(
        self,
        registration: NodeRegistration,
        identity: NodeState,
        metrics_url: str | None,
        in_flight: Callable[[], int],
        changed: asyncio.Event,
        clock: Callable[[], float] = time.time,
        cache_hit_rate: Callable[[], float] = lambda: 0.0,
    ) -> None:
        self._registration = registration
        self._identity = identity
        self._metrics_url = metrics_url
        self._in_flight = in_flight
        self._changed = changed
        self._clock = clock
        self._cache_hit_rate = cache_hit_rate
        self._session: aiohttp.ClientSession | None = None
        self._task: asyncio.Task[None] | None = None
        self.last_published: NodeState | None = None

    async def scrape(self) -> int:
        if self._metrics_url is None:
            return 0
        assert self._session is not None
        try:
            async with self._session.get(self._metrics_url) as response:
                return queue_depth_from_metrics(await response.text())
        except (TimeoutError, aiohttp.ClientError) as exc:
            LOG.warning("cannot read Triton metrics at %s: %s", self._metrics_url, exc)
            return self.last_published.queue_depth if self.last_published else 0

    async def publish_now(self) -> NodeState:
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=SCRAPE_TIMEOUT_S))
        node = NodeState(
            hub=self._identity.hub,
            node_id=self._identity.node_id,
            address=self._identity.address,
            models=self._identity.models,
            queue_depth=await self.scrape(),
            in_flight=self._in_flight(),
            reported_at=self._clock(),
            cache_hit_rate=self._cache_hit_rate(),
        )
        await self._registration.publish(node)
        self.last_published = node
        return node

    async def start(self) -> None:
        await self.publish_now()
        self._task = asyncio.create_task(self._run(), name="load-reporter")

    async def _run(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._changed.wait(), timeout=HEARTBEAT_INTERVAL_S)
            except TimeoutError:
                pass
            self._changed.clear()
            started = time.monotonic()
            try:
                await self.publish_now()
            except Exception as exc:  # etcd briefly away: keep reporting, the lease decides liveness
                LOG.warning("publishing load failed: %s", exc)
            await asyncio.sleep(max(0.0, MIN_PUBLISH_INTERVAL_S - (time.monotonic() - started)))

    async def pause(self) -> None:
        """Stop publishing (the node is about to deregister); start() resumes."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    def scrape_from(self, metrics_url: str | None) -> None:
        self._metrics_url = metrics_url

    async def aclose(self) -> None:
        await self.pause()
        if self._session is not None:
            await self._session.close()
            self._session = None
