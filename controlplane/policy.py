"""The routing policy: one pure function over an immutable snapshot, used by the router and the simulator.

choose(snapshot, facts, now=..., rng=...) -> RouteDecision. No I/O, no clock reads, no mutation:
time and randomness are injected, and the router's own counters (requests sent since a node's
last report, ejected nodes) are passed in read-only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from controlplane.config import PolicyKind, RegionsConfig, WhenFull

NEAREST = "nearest"
OVERFLOW = "overflow"
NEAREST_FULL = "nearest-full"
SHED = "shed"
FALLBACK = "fallback"
NO_NODE = "no-node"

_EMPTY_COUNTS: Mapping[str, int] = MappingProxyType({})


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


@dataclass(frozen=True, slots=True)
class HubView:
    """How the policy saw one hub for one request: the raw facts behind the decision's reason."""

    hub: str
    rtt_ms: float
    extra_ms: float
    live: int  # nodes registered, serving the model, not ejected
    fresh: int  # of those, with a report younger than the staleness bound
    headroom: int  # of those, with load under the threshold
    min_load: int | None
    skipped: str  # "" when usable, else why


@dataclass(frozen=True)
class RouteDecision:
    decision: str
    hub: str | None
    first: NodeState | None  # the node to send to
    region: str
    model: str
    retry_after_ms: int = 0
    beyond_budget: tuple[tuple[str, float], ...] = ()  # (hub, rtt) not considered; filled only when explaining
    # kept raw and turned into candidates / reasons only when read: most calls need neither
    _rest: Callable[[], list[NodeState]] | None = field(default=None, compare=False, repr=False)
    _seen: list[tuple[str, float, float, int, int, int, int | None]] = field(default_factory=list, compare=False, repr=False)

    @cached_property
    def candidates(self) -> tuple[NodeState, ...]:
        """Try in order: the chosen node first, then failover alternatives (all within the budget)."""
        first = self.first
        rest = [n for n in self._rest() if n is not first] if self._rest is not None else []
        return ((first,) if first is not None else ()) + tuple(rest)

    @cached_property
    def hubs(self) -> tuple[HubView, ...]:
        """Every hub within the budget as the policy saw it, with why it was or was not usable."""
        views = []
        for hub, rtt, extra, live, fresh, headroom, min_load in self._seen:
            if not live:
                skipped = "no live node serving the model"
            elif not headroom:
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
            load = "-" if view.min_load is None else str(view.min_load)
            state = f"skipped: {view.skipped}" if view.skipped else "usable"
            lines.append(
                f"  {view.hub:<10} rtt {view.rtt_ms:7.1f} ms (+{view.extra_ms:.1f})  live {view.live} fresh {view.fresh} "
                f"headroom {view.headroom} min load {load}  {state}"
            )
        nearest = self.hubs[0].rtt_ms if self.hubs else 0.0
        for hub, rtt in self.beyond_budget:
            lines.append(f"  {hub:<10} rtt {rtt:7.1f} ms (+{rtt - nearest:.1f})  skipped: beyond overflow budget")
        return "\n".join(lines)


def _pick_two(nodes: list[tuple[int, NodeState]], rng: random.Random) -> tuple[int, NodeState]:
    """Power of two choices: two distinct random nodes, the less loaded wins."""
    if len(nodes) == 1:
        return nodes[0]
    count = len(nodes)
    i = int(rng.random() * count)  # random() is one C call; randrange costs several Python frames
    j = int(rng.random() * (count - 1))
    if j >= i:
        j += 1
    a, b = nodes[i], nodes[j]
    return a if a[0] <= b[0] else b


def choose(
    snapshot: Snapshot,
    facts: RequestFacts,
    *,
    now: float,
    rng: random.Random,
    sent_since_report: Mapping[str, int] = _EMPTY_COUNTS,
    ejected: Set[str] = frozenset(),
    explain: bool = False,
) -> RouteDecision:
    """Decide where one call goes. See the module docstring and README for the rules.

    explain=True also lists the hubs beyond the budget (for operators; the hot path leaves it off)."""
    config = snapshot.config
    policy = config.policy
    order = config.hubs_by_rtt[facts.region]
    row = config.rtt_table[facts.region]
    nearest_rtt = row[order[0]][0]
    budget = policy.overflow_budget_ms
    threshold = policy.queue_depth_threshold
    staleness_s = policy.report_staleness_ms / 1000.0

    seen: list[tuple[str, float, float, int, int, int, int | None]] = []  # the reason, made into HubViews on demand
    # per hub within budget: (hub, rtt, live nodes with load, headroom nodes with load)
    within: list[tuple[str, float, list[tuple[int, NodeState]], list[tuple[int, NodeState]]]] = []
    nodes_for = snapshot.nodes_for
    beyond_from = len(order)
    for index, hub in enumerate(order):
        rtt = row[hub][0]
        extra = rtt - nearest_rtt
        if extra > budget:  # hubs come in RTT order: every later hub is beyond the budget too
            beyond_from = index
            break
        live: list[tuple[int, NodeState]] = []
        headroom: list[tuple[int, NodeState]] = []
        fresh = 0
        min_load: int | None = None
        for node in nodes_for(hub, facts.model):
            key = node.key
            if key in ejected:
                continue
            load = node.queue_depth + sent_since_report.get(key, 0)
            live.append((load, node))
            if min_load is None or load < min_load:
                min_load = load
            if now - node.reported_at <= staleness_s:
                fresh += 1
                if load < threshold:
                    headroom.append((load, node))
        within.append((hub, rtt, live, headroom))
        seen.append((hub, rtt, extra, len(live), fresh, len(headroom), min_load))

    def decided(
        decision: str, hub: str | None, first: NodeState | None, rest: Callable[[], list[NodeState]] | None
    ) -> RouteDecision:
        retry_after = policy.retry_after_ms if decision == SHED else 0
        return RouteDecision(
            decision, hub, first, facts.region, facts.model, retry_after,
            beyond_budget=tuple((h, row[h][0]) for h in order[beyond_from:]) if explain else (),
            _rest=rest, _seen=seen,
        )

    # failover pool: every live node within budget, nodes with headroom first, then RTT order, then load
    def pool(first_hub: str | None) -> list[NodeState]:
        ranked = []
        for rank, (hub, _rtt, live, headroom) in enumerate(within):
            room = {id(n) for _, n in headroom}
            for load, node in live:
                ranked.append((0 if id(node) in room else 1, 0 if hub == first_hub else 1, rank, load, node.key, node))
        ranked.sort(key=lambda r: r[:5])
        return [r[5] for r in ranked]

    usable = [(hub, rtt, headroom) for hub, rtt, _live, headroom in within if headroom]
    if usable:
        if policy.kind is PolicyKind.expected_latency:
            service = config.hub_by_name
            hub, _rtt, headroom = min(
                usable, key=lambda u: u[1] + min(load for load, _ in u[2]) * service[u[0]].service_time_ms
            )
        else:
            hub, _rtt, headroom = usable[0]
        _load, node = _pick_two(headroom, rng)
        return decided(NEAREST if hub == order[0] else OVERFLOW, hub, node, lambda: pool(hub))

    alive_within = [(hub, live) for hub, _rtt, live, _h in within if live]
    if alive_within:
        if policy.when_full is WhenFull.shed:
            return decided(SHED, None, None, None)
        hub, live = alive_within[0]
        _load, node = min(live, key=lambda ln: (ln[0], ln[1].key))
        return decided(NEAREST_FULL, hub, node, lambda: pool(hub))

    if policy.wide_fallback:
        for hub in order[beyond_from:]:
            live = [
                (node.queue_depth + sent_since_report.get(node.key, 0), node)
                for node in nodes_for(hub, facts.model)
                if node.key not in ejected
            ]
            if live:
                ranked = sorted(live, key=lambda ln: (ln[0], ln[1].key))
                return decided(FALLBACK, hub, ranked[0][1], lambda ranked=ranked: [n for _, n in ranked])
    return decided(NO_NODE, None, None, None)


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
