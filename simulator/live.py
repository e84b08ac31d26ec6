"""`edgeroute simulate --live`: the scenario at reduced scale against the real stack.

Real etcd, one edge node per hub (a real Triton serving `hold`, whose hold time is the request's service
time from the scenario: one model instance, so one request at a time per node; a cache hit at the hub is
a `simple` call, on its own model instance), and one real router per client city. Each router reaches
each hub through a DelayRelay that replays that (city, hub) pair's RTT, so the router's choice changes
the latency it measures.

Calibration comes first: the run's first seconds are sent exactly as they will be but with every hold
at 0 ms, and what each call takes beyond the RTT its relays replayed is the stack's own cost (router,
edge front, Triton, relays, on this machine, at this load). The reduced scenario then runs in the
simulator with that cost distribution (`scenario.stack`), and once without it, beside the measured run.

Not modelled live: the edge cache's lookup, per-request RTT noise, and hub-down faults.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path

import grpc
import grpc.aio
import numpy as np

from controlplane.kernel.config import RegionsConfig
from controlplane.kernel.policy import SHED
from controlplane.requests import hold_request, simple_request
from controlplane.router import DECISION_HEADER, HUB_HEADER
from controlplane.stack import Stack
from proto import CHANNEL_OPTIONS, method_path
from simulator import Simulation, run
from simulator.arrivals import Arrivals, generate
from simulator.engine import CLIENT_EDGE, FAILED_HUB, SHED_HUB, RunResult, service_times_ms
from simulator.relay import DelayRelay
from simulator.rtt import Network
from simulator.scenario import CableCut, Diurnal, HubCapacity, Poisson, Scenario, StackCost

MEASURED = "measured (live stack)"
SIMULATED = "simulated (same, reduced)"
UNCALIBRATED = "simulated, no stack cost"


def reduced(scenario: Scenario, seconds: float, scale: float) -> Scenario:
    """The scenario shortened to `seconds` with every arrival rate multiplied by `scale`, and the live
    capacity: one node with one slot per hub."""
    cities = {}
    for name, city in scenario.cities.items():
        arrival = city.arrival
        if isinstance(arrival, Poisson):
            arrival = arrival.model_copy(update={"rate_per_s": arrival.rate_per_s * scale})
        elif isinstance(arrival, Diurnal):
            arrival = arrival.model_copy(update={"mean_rate_per_s": arrival.mean_rate_per_s * scale})
        else:
            raise ValueError(f"cities.{name}: live mode replays poisson or diurnal arrivals, not traces")
        cities[name] = city.model_copy(update={"arrival": arrival})
    hubs = {hub: HubCapacity(nodes=1, slots_per_node=1, service=c.service) for hub, c in scenario.hubs.items()}
    return scenario.model_copy(update={"duration_s": seconds, "cities": cities, "hubs": hubs, "faults": [
        f for f in scenario.faults if isinstance(f, CableCut)
    ]})


async def _drive(
    routers: dict[str, str], arrivals: Arrivals, hold_ms: np.ndarray, config: RegionsConfig, client_edge: bool,
    client_edge_ms: float,
) -> RunResult:
    hubs = tuple(config.hub_by_name)
    n = len(arrivals)
    served = np.full(n, FAILED_HUB, dtype=np.int16)
    latency = np.full(n, np.nan)
    decision_of = np.zeros(n, dtype=np.int8)
    decisions: list[str] = []
    channels = {city: grpc.aio.insecure_channel(address, options=CHANNEL_OPTIONS) for city, address in routers.items()}
    calls = {
        city: channel.unary_unary(method_path("ModelInfer"), request_serializer=None, response_deserializer=None)
        for city, channel in channels.items()
    }

    def decision_index(name: str) -> int:
        if name not in decisions:
            decisions.append(name)
        return decisions.index(name)

    async def one(i: int) -> None:
        city = arrivals.cities[arrivals.city[i]]
        if client_edge and arrivals.cache_hit[i]:
            served[i], latency[i], decision_of[i] = CLIENT_EDGE, client_edge_ms, decision_index("client-cache")
            return
        started = time.perf_counter()
        # a hit answered at the hub costs the node no queueing: `simple` runs on its own model instance,
        # beside `hold`'s
        request = _SIMPLE if arrivals.cache_hit[i] else hold_request(hold_ms[i]).SerializeToString()
        call = calls[city](request, metadata=(("x-client-region", city),), timeout=30)
        try:
            await call
        except grpc.aio.AioRpcError as exc:
            headers = dict(await call.initial_metadata() or ())
            shed = exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED and "retry-after-ms" in headers
            served[i] = SHED_HUB if shed else FAILED_HUB
            decision_of[i] = decision_index(SHED if shed else "error")
            return
        latency[i] = (time.perf_counter() - started) * 1000.0
        headers = dict(await call.initial_metadata() or ())
        served[i] = hubs.index(str(headers[HUB_HEADER]))
        decision_of[i] = decision_index(str(headers[DECISION_HEADER]))

    begin = time.perf_counter()
    tasks = []
    try:
        for i, t in enumerate(arrivals.time_s.tolist()):
            wait = begin + t - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            tasks.append(asyncio.create_task(one(i)))
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(c.close() for c in channels.values()), return_exceptions=True)
    return RunResult(MEASURED, served, decision_of, latency, np.ones(n, dtype=np.int8), decisions, hubs)


_SIMPLE = simple_request(0).SerializeToString()
CALIBRATION_S = 5.0  # seconds of calibration traffic (at most the live run's length)


@dataclasses.dataclass(frozen=True)
class LiveRun:
    simulation: Simulation  # results: the simulated run (with the measured stack cost), then the measured one
    stack: StackCost  # the stack's own cost per request, measured before the run
    uncalibrated: RunResult  # the simulated run without the stack cost, for comparison


def run_live(
    config: RegionsConfig, config_path: str, scenario: Scenario, base_dir: Path, seconds: float, scale: float,
    echo: bool = False,
) -> LiveRun:
    """The reduced scenario on the live stack, then in the simulator with the stack cost measured there.

    Calibration first: the same stack (routers, relays, edge fronts, Triton) carries the run's first
    seconds with every hold at 0 ms, so what each call takes beyond the RTT its relays replayed is the
    stack's cost at that load; the simulator adds a draw from that distribution to every request."""
    small = reduced(scenario, seconds, scale)
    arrivals = generate(small, base_dir)
    network = Network(config, small, len(arrivals), small.seed, base_dir)
    service = service_times_ms(small, tuple(config.hub_by_name), arrivals)
    hubs = tuple(config.hub_by_name)
    # the hold time is known before the router picks a hub: the service time at the city's nearest hub
    nearest = np.array([hubs.index(config.hubs_by_rtt[c][0]) for c in arrivals.cities])[arrivals.city]
    hold_ms = np.where(arrivals.cache_hit, 0.0, service[nearest, np.arange(len(arrivals))])
    cities = list(small.cities)
    with Stack(config_path, echo=echo) as stack:
        stack.start_etcd()
        edges = stack.start_edges([(hub, f"{hub}-live") for hub in hubs], models="hold,simple")
        measured, costs = asyncio.run(_live(stack, edges, cities, network, arrivals, hold_ms, config, small))
    cost = StackCost.measured(costs)
    uncalibrated = run(config, small, base_dir, baselines=False).results[0]
    (simulated,) = run(config, small.model_copy(update={"stack": cost}), base_dir, baselines=False).results
    return LiveRun(
        Simulation(arrivals, [dataclasses.replace(simulated, policy=SIMULATED), measured]), cost,
        dataclasses.replace(uncalibrated, policy=UNCALIBRATED),
    )


async def _live(stack, edges, cities, network, arrivals, hold_ms, config, small) -> tuple[RunResult, np.ndarray]:  # noqa: ANN001
    hubs = tuple(config.hub_by_name)
    loop = asyncio.get_running_loop()
    started = loop.time()
    relays: list[DelayRelay] = []
    routers: dict[str, str] = {}
    try:
        via_by_city: dict[str, dict[str, str]] = {}
        for city in cities:
            via_by_city[city] = {}
            for edge in edges:
                def one_way(city: str = city, hub: str = edge.hub) -> float:
                    t = loop.time() - started
                    rtt = network.series[(city, hub)].at(t)
                    rtt += sum(c.extra_ms for c in network.cuts if c.city == city and c.hub == hub and c.from_s <= t < c.to_s)
                    return rtt / 2000.0

                relay = DelayRelay(edge.address, one_way)
                via_by_city[city][edge.address] = await relay.start()
                relays.append(relay)
        for city in cities:  # spawned from this (main) thread: the routers' PDEATHSIG is tied to it
            routers[city] = stack.start_router(via=via_by_city[city]).address
        # calibration: the run's first seconds sent as they will be, but every `hold` of 0 ms; what a call
        # takes beyond the RTT its relays replayed is the stack's own cost at this load
        started = loop.time()
        first = arrivals.subset(arrivals.time_s < min(CALIBRATION_S, small.duration_s))
        calibration = await _drive(routers, first, np.zeros(len(first)), config, False, 0.0)
        ok = calibration.served_hub >= 0
        rtt = np.array([network.series[(first.cities[c], hubs[h])].at(t) for c, h, t in zip(
            first.city[ok], calibration.served_hub[ok], first.time_s[ok], strict=True)])
        costs = np.maximum(calibration.latency_ms[ok] - rtt, 0.0)
        started = loop.time()  # the trace clock starts with the traffic
        client_edge_ms = small.client_edge_rtt_ms + min(
            (small.capacity(h).service.cache_hit_ms for h in config.hub_by_name), default=0.0
        )
        measured = await _drive(routers, arrivals, hold_ms, config, small.cache_at == "client-edge", client_edge_ms)
        return measured, costs
    finally:
        await asyncio.gather(*(r.aclose() for r in relays), return_exceptions=True)


__all__ = ["MEASURED", "SIMULATED", "UNCALIBRATED", "LiveRun", "reduced", "run_live"]
