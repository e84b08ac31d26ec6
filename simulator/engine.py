"""Discrete-event engine: arrivals, network legs, hub queues, stale load reports, retries.

The routing decision is the router's own: `controlplane.kernel.policy.choose` on a `Snapshot` built from the
reports the routers would have received by then, with one `controlplane.kernel.ledger.LoadLedger` per router
keeping that router's unreported arrivals and outlier ejection on the simulated clock (every router sees
the same reports, and only its own sends). Baselines that are not the router's policy (least-loaded,
round-robin) live in simulator/baselines.py.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import math
import random
from collections import deque
from dataclasses import dataclass, field

import numpy as np

from controlplane.kernel.config import RegionsConfig
from controlplane.kernel.ledger import LoadLedger
from controlplane.kernel.policy import ARRIVAL_RATE_WINDOW_S, NO_NODE, SHED, NodeState, RequestFacts, Snapshot
from simulator.arrivals import Arrivals
from simulator.baselines import Runner
from simulator.rtt import Network
from simulator.scenario import Brownout, HubDown, Scenario, ServiceKind

_HUB_ARRIVAL, _DONE, _REPORT, _DELIVER, _DOWN, _UP, _DETECTED, _RETRY = range(8)
SERVICE_EWMA_WEIGHT = 0.1  # a node's reported service time: exponentially weighted mean of completed requests
SHED_HUB, FAILED_HUB, CLIENT_EDGE = -1, -2, -3  # served_hub codes besides hub indices
CLIENT_CACHE = "client-cache"  # decision of a hit answered by an edge in the client's own city


@dataclass
class _Node:
    state: NodeState
    hub_index: int
    slots: int
    busy: int = 0
    down: bool = False
    queue: deque = field(default_factory=deque)
    serving: set = field(default_factory=set)
    service_ms: float = 0.0  # measured mean, as the node reports it
    received: int = 0  # calls taken in since the last report
    arrivals_per_s: float = 0.0  # as the node reports it: exponentially weighted over report intervals


@dataclass
class RunResult:
    policy: str
    served_hub: np.ndarray  # hub index, SHED_HUB, FAILED_HUB
    decision: np.ndarray  # index into decisions
    latency_ms: np.ndarray  # NaN unless served
    attempts: np.ndarray
    decisions: list[str]
    hubs: tuple[str, ...]


def service_times_ms(scenario: Scenario, hubs: tuple[str, ...], arrivals: Arrivals) -> np.ndarray:
    """Service time of every request at every hub (rows: hubs), drawn once so every policy sees the same."""
    rng = np.random.default_rng([scenario.seed, 3])
    unit = rng.exponential(1.0, len(arrivals))
    rows = []
    for hub in hubs:
        service = scenario.capacity(hub).service
        if service.kind == ServiceKind.exponential:
            rows.append(unit * service.mean_ms)
        elif service.kind == ServiceKind.deterministic:
            rows.append(np.full(len(arrivals), service.mean_ms))
        else:
            steps = np.ceil(arrivals.output_tokens / service.accepted_tokens_per_step)
            rows.append(arrivals.prompt_tokens * service.prefill_ms_per_token + steps * service.decode_step_ms)
    return np.vstack(rows) if rows else np.zeros((0, len(arrivals)))


def simulate(
    config: RegionsConfig, scenario: Scenario, arrivals: Arrivals, network: Network, runner: Runner,
    service_ms: np.ndarray,
) -> RunResult:
    policy_config = runner.config
    hubs = tuple(config.hub_by_name)
    hub_index = {h: i for i, h in enumerate(hubs)}
    model_of = [w.model for w in scenario.workloads]
    models = frozenset(model_of)
    now = [0.0]
    router_count = scenario.routers
    ledgers = [LoadLedger(policy_config.policy.outlier_detection, clock=lambda: now[0]) for _ in range(router_count)]
    rngs = [random.Random(scenario.seed + 7919 * r) for r in range(router_count)]
    router_of = arrivals.router(router_count).tolist()
    nodes: dict[str, _Node] = {}
    for hub in hubs:
        capacity = scenario.capacity(hub)
        for k in range(capacity.nodes):
            state = NodeState(hub, f"{hub}-{k + 1}", f"sim://{hub}/{k + 1}", models, 0, 0, 0.0)
            state = dataclasses.replace(state, slots=capacity.slots_per_node)
            nodes[state.key] = _Node(state, hub_index[hub], capacity.slots_per_node)
    view: dict[str, NodeState] = {key: n.state for key, n in nodes.items()}
    snapshot = Snapshot.build(policy_config, view)
    for ledger in ledgers:
        ledger.on_registry(view)
    # one way to each hub as the router reckons it: half the region's configured RTT
    one_way = {(c, h): policy_config.rtt(c, h) / 2000.0 for c in set(arrivals.cities) for h in hubs}
    brownouts = [(hub_index[f.hub], f.from_s, f.to_s, f.factor) for f in scenario.faults if isinstance(f, Brownout)]

    n = len(arrivals)
    # plain lists: the loop touches each request a few times, and numpy scalar access costs more than it saves
    times = arrivals.time_s.tolist()
    city_names = arrivals.cities
    city_of = arrivals.city.tolist()
    cache_hit = arrivals.cache_hit.tolist()
    served_hub = [FAILED_HUB] * n
    decision_of = [0] * n
    latency = [math.nan] * n
    attempts = [0] * n
    generation = [0] * n
    service = service_ms.tolist()
    decisions: list[str] = []
    decision_index: dict[str, int] = {}
    decided: dict[int, object] = {}  # request -> its decision, for the failover candidates of a retry
    facts_table = {(c, w): RequestFacts(city_names[c], model_of[w]) for c in range(len(city_names)) for w in range(len(model_of))}
    facts = [facts_table[key] for key in zip(city_of, arrivals.workload.tolist(), strict=True)]
    max_attempts = policy_config.policy.max_attempts
    cache_ms = [scenario.capacity(h).service.cache_hit_ms for h in hubs]
    interval = scenario.reporting.interval_ms / 1000.0
    propagation = scenario.reporting.propagation_ms / 1000.0
    detection = scenario.reporting.failure_detection_ms / 1000.0
    rate_weight = min(1.0, interval / ARRIVAL_RATE_WINDOW_S)
    client_edge = scenario.cache_at == "client-edge"
    client_edge_ms = scenario.client_edge_rtt_ms + min(cache_ms, default=0.0)
    # the stack's own time per request (scenario.stack), drawn once per seed: every policy sees the same
    stack_ms = scenario.stack.sample(np.random.default_rng([scenario.seed, 5]), n).tolist()

    heap: list[tuple] = []
    order = itertools.count()  # ties in time keep insertion order
    heappush, heappop = heapq.heappush, heapq.heappop

    def push(t: float, kind: int, a: object = None, b: object = None) -> None:
        heappush(heap, (t, next(order), kind, a, b))

    push(interval, _REPORT)
    for fault in scenario.faults:
        if isinstance(fault, HubDown):
            push(fault.from_s, _DOWN, fault.hub)
            push(fault.from_s + detection, _DETECTED, fault.hub, fault.to_s)
            push(fault.to_s, _UP, fault.hub)

    def send(i: int, node: NodeState, t: float, attempt: int) -> None:
        city = city_names[city_of[i]]
        rtt = network.rtt_ms(city, node.hub, t, i)
        ledgers[router_of[i]].sent(node, t + one_way[city, node.hub])
        attempts[i] = attempt + 1
        heappush(heap, (t + rtt / 2000.0, next(order), _HUB_ARRIVAL, i, (node, attempt, rtt)))

    def fail_attempt(i: int, node: NodeState, t_known: float, attempt: int) -> None:
        ledgers[router_of[i]].failed(node)
        decision = decided.get(i)
        candidates = decision.candidates if decision is not None else ()
        if attempt + 1 < min(len(candidates), max_attempts):
            push(t_known, _RETRY, i, (candidates[attempt + 1], attempt + 1))
        else:
            decided.pop(i, None)
            served_hub[i] = FAILED_HUB

    def finish(i: int, node: NodeState, t_done: float, rtt: float) -> None:
        latency[i] = (t_done - times[i]) * 1000.0 + rtt / 2.0 + stack_ms[i]
        served_hub[i] = hub_index[node.hub]
        ledgers[router_of[i]].succeeded(node)
        decided.pop(i, None)

    def start_service(i: int, sim: _Node, info: tuple, t: float) -> None:
        sim.busy += 1
        sim.serving.add(i)
        took = service[sim.hub_index][i]
        for hub_at, start, stop, factor in brownouts:
            if hub_at == sim.hub_index and start <= t < stop:
                took *= factor
        sim.service_ms = took if sim.service_ms == 0.0 else sim.service_ms + SERVICE_EWMA_WEIGHT * (took - sim.service_ms)
        heappush(heap, (t + took / 1000.0, next(order), _DONE, i, (info, generation[i])))

    i = 0
    while i < n or heap:
        if i < n and (not heap or times[i] <= heap[0][0]):
            t = times[i]
            now[0] = t
            if client_edge and cache_hit[i]:  # answered in the client's city: no routing, no hub
                index = decision_index.get(CLIENT_CACHE)
                if index is None:
                    index = decision_index[CLIENT_CACHE] = len(decisions)
                    decisions.append(CLIENT_CACHE)
                decision_of[i], served_hub[i], latency[i], attempts[i] = index, CLIENT_EDGE, client_edge_ms + stack_ms[i], 1
                i += 1
                continue
            router = router_of[i]
            decision = runner.route(snapshot, facts[i], t, rngs[router], ledgers[router])
            decision_name, first = decision.decision, decision.first
            index = decision_index.get(decision_name)
            if index is None:
                index = decision_index[decision_name] = len(decisions)
                decisions.append(decision_name)
            decision_of[i] = index
            if decision_name == SHED:
                served_hub[i] = SHED_HUB
            elif decision_name == NO_NODE or first is None:
                served_hub[i] = FAILED_HUB
            else:
                decided[i] = decision
                send(i, first, t, 0)
            i += 1
            continue

        t, _, kind, a, b = heappop(heap)
        now[0] = t
        if kind == _HUB_ARRIVAL:
            node, attempt, rtt = b
            sim = nodes[node.key]
            generation[a] += 1
            sim.received += 1
            if sim.down:
                fail_attempt(a, node, t + rtt / 2000.0, attempt)  # connection refused: known a half RTT later
            elif cache_hit[a]:
                finish(a, node, t + cache_ms[sim.hub_index] / 1000.0, rtt)
            elif sim.busy < sim.slots:
                start_service(a, sim, b, t)
            else:
                sim.queue.append((a, b))
        elif kind == _DONE:
            info, gen = b
            node, attempt, rtt = info
            sim = nodes[node.key]
            if gen != generation[a] or a not in sim.serving:
                continue  # the node went down while serving it: already being retried
            sim.serving.discard(a)
            sim.busy -= 1
            finish(a, node, t, rtt)
            if sim.queue:
                j, info_j = sim.queue.popleft()
                start_service(j, sim, info_j, t)
        elif kind == _RETRY:
            node, attempt = b
            send(a, node, t, attempt)
        elif kind == _REPORT:
            for sim in nodes.values():
                sim.arrivals_per_s += rate_weight * (sim.received / interval - sim.arrivals_per_s)
                sim.received = 0
            reports = [
                (key, len(sim.queue), sim.busy + len(sim.queue), sim.service_ms, sim.arrivals_per_s)
                for key, sim in nodes.items() if not sim.down
            ]
            push(t + propagation, _DELIVER, reports, t)
            if i < n or len(heap) > 1:
                push(t + interval, _REPORT)
        elif kind == _DELIVER:
            for key, depth, in_flight, service_ms, arrivals_per_s in a:
                state = nodes[key].state
                view[key] = NodeState(
                    state.hub, state.node_id, state.address, state.models, depth, in_flight, b,
                    slots=state.slots, service_ms=service_ms, arrivals_per_s=arrivals_per_s,
                )
            snapshot = Snapshot.build(policy_config, view)
            for ledger in ledgers:
                ledger.on_registry(view)
        elif kind == _DOWN:
            for sim in nodes.values():
                if sim.state.hub == a and not sim.down:
                    sim.down = True
                    lost = [(j, info) for j, info in sim.queue] + [(j, None) for j in sim.serving]
                    sim.queue.clear()
                    sim.serving.clear()
                    sim.busy = 0
                    for j, _info in lost:  # the connection resets: the router retries what it had sent
                        generation[j] += 1
                        rtt = network.rtt_ms(city_names[city_of[j]], a, t, j)
                        fail_attempt(j, sim.state, t + rtt / 2000.0, attempts[j] - 1)
        elif kind == _DETECTED:
            if t < b:  # still down: its keys leave the registry (lease expired)
                for key in [k for k, s in nodes.items() if s.state.hub == a and s.down]:
                    view.pop(key, None)
                snapshot = Snapshot.build(policy_config, view)
                for ledger in ledgers:
                    ledger.on_registry(view)
        elif kind == _UP:
            for sim in nodes.values():
                if sim.state.hub == a:
                    sim.down = False
    return RunResult(
        runner.name, np.asarray(served_hub, dtype=np.int16), np.asarray(decision_of, dtype=np.int8),
        np.asarray(latency), np.asarray(attempts, dtype=np.int8), decisions, hubs,
    )
