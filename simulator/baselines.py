"""What the simulator compares: the router's policy as configured, the same policy with other settings
(nearest-only = overflow budget 0, nearest-overflow, expected-latency), and two baselines that are not the router's policy
at all (least-loaded across every hub, round-robin), kept here and never used by the router."""

from __future__ import annotations

import random
from dataclasses import dataclass

from controlplane.kernel.config import PolicyKind, RegionsConfig
from controlplane.kernel.ledger import LoadLedger
from controlplane.kernel.policy import NO_NODE, NodeState, RequestFacts, RouteDecision, Snapshot, choose


@dataclass(frozen=True)
class Pick:
    """A baseline's decision, shaped like the policy's RouteDecision (decision, first, candidates)."""

    decision: str
    candidates: tuple[NodeState, ...]

    @property
    def first(self) -> NodeState | None:
        return self.candidates[0] if self.candidates else None


@dataclass
class Runner:
    """Routes one request. The router's policy returns its RouteDecision, whose failover candidates are
    ranked only if a retry reads them, as in the router."""

    name: str
    config: RegionsConfig

    def route(
        self, snapshot: Snapshot, facts: RequestFacts, now: float, rng: random.Random, ledger: LoadLedger
    ) -> RouteDecision | Pick:
        return choose(snapshot, facts, now=now, rng=rng, unreported=ledger.unreported, ejected=ledger.ejected())


class LeastLoaded(Runner):
    def route(self, snapshot, facts, now, rng, ledger):  # noqa: ANN001, ANN201
        ejected, unreported = ledger.ejected(), ledger.unreported
        pool = [n for n in snapshot.nodes.values() if facts.model in n.models and n.key not in ejected]
        if not pool:
            return Pick(NO_NODE, ())
        pool.sort(key=lambda n: (n.queue_depth + unreported(n.key, now), rng.random()))
        return Pick("least-loaded", tuple(pool))


class RoundRobin(Runner):
    _next = 0

    def route(self, snapshot, facts, now, rng, ledger):  # noqa: ANN001, ANN201
        ejected = ledger.ejected()
        pool = [n for n in snapshot.nodes.values() if facts.model in n.models and n.key not in ejected]
        if not pool:
            return Pick(NO_NODE, ())
        self._next = (self._next + 1) % len(pool)
        return Pick("round-robin", tuple(pool[self._next:] + pool[: self._next]))


def _with_policy(config: RegionsConfig, **changes: object) -> RegionsConfig:
    return config.model_copy(update={"policy": config.policy.model_copy(update=changes)})


def runners(config: RegionsConfig, baselines: list[str]) -> list[Runner]:
    """The configured policy first, then each baseline asked for."""
    made: list[Runner] = [Runner(f"router ({config.policy.kind.value})", config)]
    for name in baselines:
        if name == "nearest-only":
            made.append(Runner(name, _with_policy(config, overflow_budget_ms=0.0, region_budgets_ms={})))
        elif name == "nearest-overflow" and config.policy.kind != PolicyKind.nearest_overflow:
            made.append(Runner(name, _with_policy(config, kind=PolicyKind.nearest_overflow)))
        elif name == "expected-latency" and config.policy.kind != PolicyKind.expected_latency:
            made.append(Runner(name, _with_policy(config, kind=PolicyKind.expected_latency)))
        elif name == "least-loaded":
            made.append(LeastLoaded(name, config))
        elif name == "round-robin":
            made.append(RoundRobin(name, config))
    return made
