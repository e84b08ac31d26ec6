"""edgeroute network simulator: replays arrivals and RTTs through the router's own policy
(controlplane.kernel.policy.choose) on a simulated clock. `run` is what `edgeroute simulate` calls."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from controlplane.kernel.config import RegionsConfig
from simulator.arrivals import Arrivals, generate
from simulator.baselines import runners
from simulator.engine import RunResult, service_times_ms, simulate
from simulator.rtt import Network
from simulator.scenario import Scenario


@dataclass(frozen=True)
class Simulation:
    arrivals: Arrivals
    results: list[RunResult]


def run(config: RegionsConfig, scenario: Scenario, base_dir: Path, *, baselines: bool = True) -> Simulation:
    """Every policy over the same arrivals, network and service times (common random numbers)."""
    arrivals = generate(scenario, base_dir)
    network = Network(config, scenario, len(arrivals), scenario.seed, base_dir)
    service = service_times_ms(scenario, tuple(config.hub_by_name), arrivals)
    chosen = runners(config, list(scenario.baselines) if baselines else [])
    return Simulation(arrivals, [simulate(config, scenario, arrivals, network, r, service) for r in chosen])


__all__ = ["Simulation", "run"]
