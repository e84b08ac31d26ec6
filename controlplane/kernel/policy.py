"""The routing policy: one pure function over an immutable snapshot, used by the router and the simulator.

choose(snapshot, facts, now=..., rng=...) -> RouteDecision. No I/O, no clock reads, no mutation:
time and randomness are injected, and the router's own books (calls that reached a node since its
last report, ejected nodes; controlplane.kernel.ledger) are passed in read-only.

Kinds (policy.kind in regions.yaml):
- spill-in-time (default): every hub within the region's overflow budget is priced in time, extra RTT
  over the nearest plus the expected wait of its better of two random nodes (queue ahead x the node's
  measured service time per slot, less what it has worked off since its report). The nearest hub keeps
  the call unless an alternative is sooner. The budget stays a hard cap on extra RTT.
- nearest-overflow: the nearest hub with a node under the queue-depth threshold.
- expected-latency: least RTT + queue length x the hub's configured service time, among hubs with a
  node under the threshold.

Cache-aware choice within a hub: a request with an affinity (affinity_key: its model and its prompt's facts,
which every prompt the edge's cache could answer from the same entry shares) goes to its hub's nodes in
rendezvous-hash order, the first with no wait (spill-in-time) or under the threshold (the others): a
bounded-load choice, so repeats meet the node that holds their answer and a hot key spreads when that
node is busy.
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from controlplane.kernel.config import PolicyKind, RegionsConfig, WhenFull

NEAREST = "nearest"
OVERFLOW = "overflow"
NEAREST_FULL = "nearest-full"
SHED = "shed"
FALLBACK = "fallback"
NO_NODE = "no-node"
ARRIVAL_RATE_WINDOW_S = 1.0  # a node's reported arrivals_per_s is a mean over about this long (edge and simulator)

@dataclass(frozen=True, slots=True)
class NodeState:
    """A node as last reported to the registry."""

    hub: str
    node_id: str
    address: str
    models: frozenset[str]
    queue_depth: int
    in_flight: int
    reported_at: float  # seconds, the reporter's clock (wall time in production, simulated time in the simulator)
    cache_hit_rate: float = 0.0  # share of the node's cache lookups answered from its cache (not used to route)
    slots: int = 1  # requests the node's Triton executes at once
    service_ms: float = 0.0  # the node's measured mean service time per request; 0: not measured yet
    arrivals_per_s: float = 0.0  # calls the node receives per second, from every router
    key: str = field(default="", compare=False)  # "hub/node_id", filled in at construction

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", f"{self.hub}/{self.node_id}")


@dataclass(frozen=True)
class Snapshot:
    """Everything the policy reads: the config and the registry at one revision. Replaced whole on change."""

    config: RegionsConfig
    nodes: Mapping[str, NodeState]
    revision: int = 0
    _by_hub_model: dict[tuple[str, str], tuple[NodeState, ...]] = field(default_factory=dict, repr=False)

    @classmethod
    def build(cls, config: RegionsConfig, nodes: Mapping[str, NodeState], revision: int = 0) -> Snapshot:
        by_hub_model: dict[tuple[str, str], list[NodeState]] = {}
        for node in sorted(nodes.values(), key=lambda n: n.key):
            for model in node.models:
                by_hub_model.setdefault((node.hub, model), []).append(node)
        return cls(
            config=config,
            nodes=MappingProxyType(dict(nodes)),
            revision=revision,
            _by_hub_model={k: tuple(v) for k, v in by_hub_model.items()},
        )

    def with_config(self, config: RegionsConfig) -> Snapshot:
        return Snapshot.build(config, self.nodes, self.revision)

    def nodes_for(self, hub: str, model: str) -> tuple[NodeState, ...]:
        return self._by_hub_model.get((hub, model), ())

    def serves(self, model: str) -> bool:
        return any(key[1] == model for key in self._by_hub_model)


@dataclass(frozen=True, slots=True)
class RequestFacts:
    region: str
    model: str
    tenant: str | None = None
    affinity: int = 0  # cache-aware choice within a hub (affinity_key); 0: none


@dataclass(frozen=True, slots=True)
class HubView:
    """How the policy saw one hub for one request: the raw facts behind the decision's reason."""

    hub: str
    rtt_ms: float
    extra_ms: float
    live: int  # nodes registered, serving the model, not ejected
    fresh: int  # of those, with a report younger than the staleness bound
    headroom: int  # of those, usable (spill-in-time: fresh; otherwise: load under the threshold)
    min_load: float | None  # spill-in-time: the least expected wait in ms; otherwise the least queue length
    skipped: str  # "" when usable, else why


@dataclass(eq=True)
class RouteDecision:
    """Where one call goes and why. Not frozen only because a frozen dataclass costs a microsecond more to
    build on the hot path; nothing changes it after choose() returns."""

    decision: str
    hub: str | None
    first: NodeState | None  # the node to send to
    region: str
    model: str
    retry_after_ms: int = 0
    beyond_budget: tuple[tuple[str, float], ...] = ()  # (hub, rtt) not considered; filled only when explaining
    # kept raw and turned into candidates / reasons only when read: most calls need neither
    _scan: _Scan | None = field(default=None, compare=False, repr=False)
    _rest: Callable[[], list[NodeState]] | None = field(default=None, compare=False, repr=False)

    @cached_property
    def candidates(self) -> tuple[NodeState, ...]:
        """Try in order: the chosen node first, then failover alternatives (all within the budget)."""
        first = self.first
        if self._rest is not None:
            rest = self._rest()
        elif self._scan is not None and first is not None:
            rest = self._scan.pool(self.hub)
        else:
            rest = []
        return ((first,) if first is not None else ()) + tuple(n for n in rest if n is not first)

    @cached_property
    def hubs(self) -> tuple[HubView, ...]:
        """Every hub within the budget as the policy saw it, with why it was or was not usable."""
        if self._scan is None:
            return ()
        self._scan.complete()
        in_time = self._scan.in_time
        views = []
        for hub, rtt, extra, live, fresh, headroom, min_load in self._scan.seen:
            if not live:
                skipped = "no live node serving the model"
            elif not headroom:
                if in_time:
                    skipped = "no fresh report"
                else:
                    skipped = "no fresh report under the queue-depth threshold" if fresh < live else "queue full"
            else:
                skipped = ""
            views.append(HubView(hub, rtt, extra, live, fresh, headroom, min_load, skipped))
        return tuple(views)

    @property
    def node(self) -> NodeState | None:
        return self.first

    def explain(self) -> str:
        lines = [f"region {self.region}, model {self.model}: decision {self.decision}"
                 + (f" -> hub {self.hub}, node {self.node.node_id}" if self.node else "")]
        for view in self.hubs:
            state = f"skipped: {view.skipped}" if view.skipped else "usable"
            if self._scan is not None and self._scan.in_time:
                load = "-" if view.min_load is None else f"{view.min_load:.1f} ms"
                lines.append(
                    f"  {view.hub:<10} rtt {view.rtt_ms:7.1f} ms (+{view.extra_ms:.1f})  live {view.live} fresh {view.fresh} "
                    f"least expected wait {load}  {state}"
                )
            else:
                load = "-" if view.min_load is None else f"{view.min_load:g}"
                lines.append(
                    f"  {view.hub:<10} rtt {view.rtt_ms:7.1f} ms (+{view.extra_ms:.1f})  live {view.live} fresh {view.fresh} "
                    f"headroom {view.headroom} min load {load}  {state}"
                )
        nearest = self.hubs[0].rtt_ms if self.hubs else 0.0
        for hub, rtt in self.beyond_budget:
            lines.append(f"  {hub:<10} rtt {rtt:7.1f} ms (+{rtt - nearest:.1f})  skipped: beyond overflow budget")
        return "\n".join(lines)


def _two_indices(count: int, rng: random.Random) -> tuple[int, int]:
    """Two distinct random indices below `count` (>= 2) for power of two choices."""
    i = int(rng.random() * count)  # random() is one C call; randrange costs several Python frames
    j = int(rng.random() * (count - 1))
    return i, (j + 1 if j >= i else j)


def _pick_two(nodes: list[tuple[float, NodeState]], rng: random.Random) -> tuple[float, NodeState]:
    """Power of two choices: two distinct random nodes, the less loaded wins."""
    if len(nodes) == 1:
        return nodes[0]
    i, j = _two_indices(len(nodes), rng)
    a, b = nodes[i], nodes[j]
    return a if a[0] <= b[0] else b


_MASK = (1 << 64) - 1


def affinity_key(model: str, affinity: tuple) -> int:
    """A request's cache affinity: its model and the facts of its prompt without their labels and without
    names written in letters alone (controlplane.kernel.prompts.Reading.affinity), which any two prompts the
    near-miss guard can match share. Never 0."""
    digest = hashlib.blake2b(repr((model, affinity)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") | 1


@functools.lru_cache(maxsize=4096)
def _node_hash(key: str) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little")


def _rendezvous(affinity: int, node: NodeState) -> int:
    """Highest-random-weight score of `node` for `affinity` (splitmix64's finaliser): every router ranks a
    hub's nodes the same way for the same request, and a node leaving moves only its own requests."""
    z = (affinity ^ _node_hash(node.key)) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _quick_affine(
    nodes: tuple[NodeState, ...], affinity: int, ejected: Set[str], unreported: Callable[[str, float], int],
    now: float, rtt: float, staleness_s: float, default_service_ms: float,
) -> NodeState | None:
    """Cache-aware: the nearest hub's nodes in rendezvous order for this request, the first usable one with
    no wait. A node with a wait is over its bound and the next in order takes the call, so a hot key
    spreads over the hub instead of queueing at one node. None sends the caller to the full scan."""
    reaches_at = now + rtt / 2000.0
    for node in sorted(nodes, key=lambda n: _rendezvous(affinity, n), reverse=True):
        if node.key in ejected or now - node.reported_at > staleness_s:
            continue
        if expected_wait_ms(node, unreported(node.key, reaches_at), reaches_at, default_service_ms) == 0.0:
            return node
    return None


def _no_unreported(key: str, by: float) -> int:
    return 0


def expected_wait_ms(node: NodeState, arrived: int, at: float, default_service_ms: float) -> float:
    """How long a call reaching `node` at time `at` waits for a slot, by the node's last report and the
    `arrived` calls this router knows reached it since.

    Fluid model: the work queued at the report (requests waiting for a slot, times the service time per
    slot) plus this router's own arrivals since, changing at (utilization - 1) ms per ms in between, where
    utilization is the node's reported arrival rate times its service time per slot. Under capacity the
    queue drains; over it the queue keeps growing with what the other routers send, which this router
    cannot see one by one."""
    service_ms = node.service_ms if node.service_ms > 0.0 else default_service_ms
    slots = node.slots if node.slots > 0 else 1
    busy = node.in_flight - node.queue_depth
    free = slots - busy if node.queue_depth == 0 and slots > busy else 0  # slots idle at the report
    ahead = node.queue_depth + (arrived - free if arrived > free else 0)  # waiting for a slot when it arrives
    if ahead <= 0:
        return 0.0
    utilization = node.arrivals_per_s * service_ms / (1000.0 * slots)
    wait = ahead * service_ms / slots + (utilization - 1.0) * (at - node.reported_at) * 1000.0
    return wait if wait > 0.0 else 0.0


def _quick_nearest(
    nodes: tuple[NodeState, ...], ejected: Set[str], unreported: Callable[[str, float], int], now: float,
    rtt: float, staleness_s: float, default_service_ms: float, rng: random.Random,
) -> NodeState | None:
    """The common case, decided from two nodes: the power-of-two-choices pair of the nearest hub, both
    usable, and the better one expects no wait. None sends the caller to the full scan."""
    if not nodes:
        return None
    if len(nodes) == 1:
        pair = nodes
    else:
        i, j = _two_indices(len(nodes), rng)
        pair = (nodes[i], nodes[j])
    reaches_at = now + rtt / 2000.0
    for node in pair:
        if node.key in ejected or now - node.reported_at > staleness_s:
            return None
    for node in pair:  # the pair's better node: the first with no wait (as _pick_two breaks a tie)
        if expected_wait_ms(node, unreported(node.key, reaches_at), reaches_at, default_service_ms) == 0.0:
            return node
    return None


class _Scan:
    """The hubs within a region's budget as one call sees them, looked at hub by hub only as far as the
    decision (or a reader of its candidates and reasons) needs."""

    __slots__ = ("snapshot", "model", "now", "unreported", "ejected", "in_budget", "in_time", "threshold",
                 "staleness_s", "seen", "within")

    def __init__(
        self, snapshot: Snapshot, model: str, now: float, unreported: Callable[[str, float], int], ejected: Set[str],
        in_budget: tuple[tuple[str, float, float], ...], in_time: bool,
    ) -> None:
        policy = snapshot.config.policy
        self.snapshot, self.model, self.now, self.unreported, self.ejected = snapshot, model, now, unreported, ejected
        self.in_budget, self.in_time = in_budget, in_time
        self.threshold = policy.queue_depth_threshold
        self.staleness_s = policy.report_staleness_ms / 1000.0
        self.seen: list[tuple[str, float, float, int, int, int, float | None]] = []  # the reason, for HubViews
        # per hub: (hub, rtt, live nodes with load, usable nodes with load); load is an expected wait in ms
        # for spill-in-time, else a queue length
        self.within: list[tuple[str, float, list[tuple[float, NodeState]], list[tuple[float, NodeState]]]] = []

    def upto(self, count: int) -> None:
        now, unreported, ejected, in_time = self.now, self.unreported, self.ejected, self.in_time
        hub_config = self.snapshot.config.hub_by_name
        for hub, rtt, extra in self.in_budget[len(self.within):count]:
            live: list[tuple[float, NodeState]] = []
            usable: list[tuple[float, NodeState]] = []
            fresh = 0
            min_load: float | None = None
            reaches_at = now + rtt / 2000.0  # this call reaches the hub then: what arrives before it is ahead
            default_service = hub_config[hub].service_time_ms
            for node in self.snapshot.nodes_for(hub, self.model):
                key = node.key
                if key in ejected:
                    continue
                if in_time:
                    load: float = expected_wait_ms(node, unreported(key, reaches_at), reaches_at, default_service)
                else:
                    load = node.queue_depth + unreported(key, now)
                live.append((load, node))
                if min_load is None or load < min_load:
                    min_load = load
                if now - node.reported_at <= self.staleness_s:
                    fresh += 1
                    if in_time or load < self.threshold:
                        usable.append((load, node))
            self.within.append((hub, rtt, live, usable))
            self.seen.append((hub, rtt, extra, len(live), fresh, len(usable), min_load))

    def complete(self) -> None:
        self.upto(len(self.in_budget))

    def pool(self, first_hub: str | None) -> list[NodeState]:
        """Failover order: every live node within budget, usable nodes first, then the chosen hub, then RTT
        order, then load."""
        self.complete()
        ranked = []
        for rank, (hub, _rtt, live, usable) in enumerate(self.within):
            room = {id(n) for _, n in usable}
            for load, node in live:
                ranked.append((0 if id(node) in room else 1, 0 if hub == first_hub else 1, rank, load, node.key, node))
        ranked.sort(key=lambda r: r[:5])
        return [r[5] for r in ranked]


def choose(
    snapshot: Snapshot,
    facts: RequestFacts,
    *,
    now: float,
    rng: random.Random,
    unreported: Callable[[str, float], int] = _no_unreported,
    ejected: Set[str] = frozenset(),
    explain: bool = False,
) -> RouteDecision:
    """Decide where one call goes. See the module docstring and README for the rules.

    `unreported(node_key, by)` is the router's count of calls that reach the node by time `by` and no report
    covers yet (controlplane.kernel.ledger.LoadLedger.unreported). explain=True also lists the hubs beyond
    the budget (for operators; the hot path leaves it off)."""
    config = snapshot.config
    policy = config.policy
    region, model = facts.region, facts.model
    in_budget, beyond = config.budget_table[region]
    in_time = policy.kind is PolicyKind.spill_in_time
    nearest_hub, nearest_rtt, _ = in_budget[0]
    scan = _Scan(snapshot, model, now, unreported, ejected, in_budget, in_time)
    shown_beyond = beyond if explain else ()

    if in_time:
        nearest_nodes = snapshot.nodes_for(nearest_hub, model)
        if facts.affinity and len(nearest_nodes) > 1:
            quick = _quick_affine(
                nearest_nodes, facts.affinity, ejected, unreported, now, nearest_rtt,
                policy.report_staleness_ms / 1000.0, config.hub_by_name[nearest_hub].service_time_ms,
            )
        else:
            quick = _quick_nearest(
                nearest_nodes, ejected, unreported, now, nearest_rtt,
                policy.report_staleness_ms / 1000.0, config.hub_by_name[nearest_hub].service_time_ms, rng,
            )
        if quick is not None:  # a node of the nearest hub with no wait: nothing can be sooner, nothing else is read
            return RouteDecision(NEAREST, nearest_hub, quick, region, model, 0, shown_beyond, scan)
        # the nearest hub keeps the call unless an alternative within the budget is sooner: extra RTT plus
        # its expected wait against the nearest's expected wait. Each call weighs the waits it sees, and
        # the router's own sends raise them, so only the excess spills.
        scan.complete()
        best: tuple[float, str, float, NodeState] | None = None
        for hub, rtt, _live, usable in scan.within:
            if usable:
                wait, node = _pick_two(usable, rng)
                cost = rtt - nearest_rtt + wait
                if best is None or cost < best[0]:
                    best = (cost, hub, wait, node)
        if best is not None:
            _cost, hub, wait, node = best
            if policy.when_full is WhenFull.shed and wait > policy.max_wait_ms:
                return RouteDecision(SHED, None, None, region, model, policy.retry_after_ms, shown_beyond, scan)
            # the nearest hub kept a call that will wait at a node its last report showed full:
            # "nearest-full", as under nearest-overflow (calls only the router's own books hold, such as
            # one that just finished, do not make a hub full)
            if hub != nearest_hub:
                decision = OVERFLOW
            elif wait > 0.0 and (node.queue_depth > 0 or node.in_flight >= max(node.slots, 1)):
                decision = NEAREST_FULL
            else:
                decision = NEAREST
            return RouteDecision(decision, hub, node, region, model, 0, shown_beyond, scan)
    else:
        scan.complete()
        with_room = [(hub, rtt, usable) for hub, rtt, _live, usable in scan.within if usable]
        if with_room:
            if policy.kind is PolicyKind.expected_latency:
                service = config.hub_by_name
                hub, _rtt, usable = min(
                    with_room, key=lambda u: u[1] + min(load for load, _ in u[2]) * service[u[0]].service_time_ms
                )
            else:
                hub, _rtt, usable = with_room[0]
            if facts.affinity and len(usable) > 1:  # every usable node is under the threshold: the bound
                node = max((n for _, n in usable), key=lambda n: _rendezvous(facts.affinity, n))
            else:
                _load, node = _pick_two(usable, rng)
            decision = NEAREST if hub == nearest_hub else OVERFLOW
            return RouteDecision(decision, hub, node, region, model, 0, shown_beyond, scan)

    alive_within = [(hub, live) for hub, _rtt, live, _u in scan.within if live]
    if alive_within:
        if policy.when_full is WhenFull.shed:
            return RouteDecision(SHED, None, None, region, model, policy.retry_after_ms, shown_beyond, scan)
        hub, live = alive_within[0]
        _load, node = min(live, key=lambda ln: (ln[0], ln[1].key))
        return RouteDecision(NEAREST_FULL, hub, node, region, model, 0, shown_beyond, scan)

    if policy.wide_fallback:
        for hub, _rtt in beyond:
            live = [
                (node.queue_depth + unreported(node.key, now), node)
                for node in snapshot.nodes_for(hub, model)
                if node.key not in ejected
            ]
            if live:
                ranked = sorted(live, key=lambda ln: (ln[0], ln[1].key))
                return RouteDecision(FALLBACK, hub, ranked[0][1], region, model, 0, shown_beyond, scan,
                                     lambda ranked=ranked: [n for _, n in ranked])
    return RouteDecision(NO_NODE, None, None, region, model, 0, shown_beyond, scan)


def nearest_node(snapshot: Snapshot, region: str, ejected: Set[str] = frozenset()) -> NodeState | None:
    """For calls about the server rather than a model (ServerMetadata): a node of the nearest hub that has one."""
    by_hub: dict[str, list[NodeState]] = {}
    for node in snapshot.nodes.values():
        if node.key not in ejected:
            by_hub.setdefault(node.hub, []).append(node)
    for hub in snapshot.config.hubs_by_rtt[region]:
        if hub in by_hub:
            return min(by_hub[hub], key=lambda n: (n.queue_depth, n.key))
    return None
