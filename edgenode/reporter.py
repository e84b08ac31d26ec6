"""The load reporter: reads queue depth from Triton's own metrics and publishes the node's status to etcd."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import httpx
from prometheus_client.parser import text_string_to_metric_families

from controlplane.kernel.policy import ARRIVAL_RATE_WINDOW_S, NodeState
from controlplane.registry import NodeRegistration

LOG = logging.getLogger(__name__)

PENDING_METRIC = "nv_inference_pending_request_count"
TRTLLM_METRIC = "nv_trt_llm_request_metrics"
# cumulative counters behind the service-time measurement: time from a request's arrival to its answer,
# less the time it queued, over requests answered
SUCCESS_METRIC = "nv_inference_request_success"
REQUEST_US_METRIC = "nv_inference_request_duration_us"
QUEUE_US_METRIC = "nv_inference_queue_duration_us"
_COUNTERS = (SUCCESS_METRIC, REQUEST_US_METRIC, QUEUE_US_METRIC)
SERVICE_EWMA_WEIGHT = 0.3  # weight of the newest interval's mean service time in the reported figure
MIN_PUBLISH_INTERVAL_S = 0.05  # publish a change at most this often
HEARTBEAT_INTERVAL_S = 1.0  # publish at least this often, changed or not
SCRAPE_TIMEOUT_S = 1.0


@dataclass(frozen=True)
class TritonLoad:
    """What one scrape of Triton's metrics says: requests waiting, and the cumulative counters (summed over
    the node's models) that give the service time between two scrapes."""

    queue_depth: int
    answered: float = 0.0
    request_us: float = 0.0
    queue_us: float = 0.0

    def service_ms_since(self, before: TritonLoad) -> float | None:
        """Mean service time (arrival to answer, less queueing) of the requests answered since `before`."""
        answered = self.answered - before.answered
        if answered <= 0:
            return None
        busy_us = (self.request_us - before.request_us) - (self.queue_us - before.queue_us)
        return max(0.0, busy_us / answered / 1000.0)


def load_from_metrics(text: str, models: frozenset[str] | None = None) -> TritonLoad:
    """Requests waiting at this Triton (the pending-request gauge summed over models, plus TensorRT-LLM's
    waiting requests when that backend reports them) and the service-time counters of `models` (all when
    None: an ensemble's steps are counted in the ensemble's own figures, so name only what clients call)."""
    # the page has hundreds of lines; parse only ours (this runs on the node's serving event loop)
    wanted = "\n".join(
        line for line in text.splitlines() if line.startswith((PENDING_METRIC, TRTLLM_METRIC, *_COUNTERS))
    )
    depth = 0.0
    totals = dict.fromkeys(_COUNTERS, 0.0)
    for family in text_string_to_metric_families(wanted):
        if family.name == PENDING_METRIC:
            depth += sum(sample.value for sample in family.samples)
        elif family.name == TRTLLM_METRIC:
            depth += sum(s.value for s in family.samples if s.labels.get("request_type") == "waiting")
        else:
            for sample in family.samples:
                name = sample.name.removesuffix("_total")
                if name in totals and (models is None or sample.labels.get("model") in models):
                    totals[name] += sample.value
    return TritonLoad(int(depth), totals[SUCCESS_METRIC], totals[REQUEST_US_METRIC], totals[QUEUE_US_METRIC])


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
        slots: int = 1,
        received: Callable[[], int] = lambda: 0,
    ) -> None:
        self._registration = registration
        self._identity = identity
        self._metrics_url = metrics_url
        self._in_flight = in_flight
        self._changed = changed
        self._clock = clock
        self._cache_hit_rate = cache_hit_rate
        self._slots = slots
        self._received = received
        self._rate_mark: tuple[float, int] | None = None  # (monotonic time, calls received) at the last publish
        self._arrivals_per_s = 0.0
        self._last_load: TritonLoad | None = None
        self._service_ms = 0.0
        self._session: httpx.AsyncClient | None = None
        self._task: asyncio.Task[None] | None = None
        self.last_published: NodeState | None = None

    async def scrape(self) -> int:
        """Triton's queue depth now; also folds the service time of requests answered since the last scrape
        into the reported mean."""
        if self._metrics_url is None:
            return 0
        assert self._session is not None
        try:
            response = await self._session.get(self._metrics_url)
            load = load_from_metrics(response.text, self._identity.models)
        except httpx.HTTPError as exc:
            LOG.warning("cannot read Triton metrics at %s: %s", self._metrics_url, exc)
            return self.last_published.queue_depth if self.last_published else 0
        if self._last_load is not None and load.answered >= self._last_load.answered:
            measured = load.service_ms_since(self._last_load)
            if measured is not None:
                self._service_ms = measured if self._service_ms == 0.0 else (
                    self._service_ms + SERVICE_EWMA_WEIGHT * (measured - self._service_ms)
                )
        self._last_load = load  # a restarted Triton starts its counters again: the next interval resumes
        return load.queue_depth

    async def publish_now(self) -> NodeState:
        if self._session is None:
            self._session = httpx.AsyncClient(timeout=SCRAPE_TIMEOUT_S)
        node = NodeState(
            hub=self._identity.hub,
            node_id=self._identity.node_id,
            address=self._identity.address,
            models=self._identity.models,
            queue_depth=await self.scrape(),
            in_flight=self._in_flight(),
            reported_at=self._clock(),
            cache_hit_rate=self._cache_hit_rate(),
            slots=self._slots,
            service_ms=self._service_ms,
            arrivals_per_s=self._arrival_rate(),
        )
        await self._registration.publish(node)
        self.last_published = node
        return node

    def _arrival_rate(self) -> float:
        """Calls received per second, exponentially weighted over publish intervals of at least 50 ms."""
        now, received = time.monotonic(), self._received()
        if self._rate_mark is None:
            self._rate_mark = (now, received)
        elif now - self._rate_mark[0] >= MIN_PUBLISH_INTERVAL_S:
            rate = (received - self._rate_mark[1]) / (now - self._rate_mark[0])
            weight = min(1.0, (now - self._rate_mark[0]) / ARRIVAL_RATE_WINDOW_S)
            self._arrivals_per_s += weight * (rate - self._arrivals_per_s)
            self._rate_mark = (now, received)
        return self._arrivals_per_s

    async def start(self) -> None:
        await self.publish_now()
        self._task = asyncio.create_task(self._run(), name="load-reporter")

    async def _run(self) -> None:
        while True:
            try:
                # not asyncio.wait_for: on Python 3.11, when the wait ends in the same loop step as a cancel, wait_for
                # returns and drops the cancel; pause() comes exactly when failing calls signal changes (Triton has just
                # died), so pause() waited forever
                async with asyncio.timeout(HEARTBEAT_INTERVAL_S):
                    await self._changed.wait()
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
            await self._session.aclose()
            self._session = None
