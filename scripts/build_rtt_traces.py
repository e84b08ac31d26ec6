"""Build the shipped RTT replay traces: data/rtt/<city>__<hub>.csv (time_s,rtt_ms), one per pair of
Casablanca, Lagos and Nairobi with Dakhla, Tangier and Dakar.

    python scripts/build_rtt_traces.py          # rewrites data/rtt/ exactly (fixed seed)

Model (../shared/reference/network-facts.md, "Jitter and tails"), per pair, sampled every STEP_S:
- base: the pair's RTT in regions.yaml (measured where one exists, else the documented estimate);
- route regimes: a sticky two-state Markov chain; a detour (traffic via Europe, a cable cut) starts
  with probability DETOUR_P_PER_HOUR per hour, adds 60-150 ms, and lasts 30 min on average;
- queueing: shifted gamma with mean 1% of base (data-centre paths: p95/p50 about 1.02-1.10);
- path jitter: normal with sd 1 ms (data-centre mdev about 1 ms);
- spikes: +30-60 ms with probability 1% per sample.
End-user access jitter is not in the traces: the simulator adds it per request when a scenario asks
(rtt.model.access_median_ms), so the traces stay a property of the path.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from controlplane.kernel.config import load_config  # noqa: E402
from simulator.rtt import generate_base, write_trace  # noqa: E402
from simulator.scenario import RttModel  # noqa: E402

SEED = 20260311
DURATION_S, STEP_S = 3600.0, 1.0
DETOUR_P_PER_HOUR = 0.5  # high enough that an hour of trace shows a detour on some pairs
CITIES = ("casablanca", "lagos", "nairobi")
OUT = ROOT / "data" / "rtt"


def main() -> None:
    config = load_config(ROOT / "regions.yaml")
    model = RttModel(detour_p_per_hour=DETOUR_P_PER_HOUR)
    rng = np.random.default_rng(SEED)
    times = np.arange(0.0, DURATION_S, STEP_S)
    for city in CITIES:
        for hub in sorted(config.hub_by_name):
            base = config.rtt(city, hub)
            regimes = generate_base(rng, base, DURATION_S, model)
            index = np.searchsorted(regimes.times, times, side="right") - 1
            level = regimes.values[index]
            queueing = level * model.queueing_mean_fraction * rng.gamma(2.0, 0.5, len(times))
            jitter = rng.normal(0.0, 1.0, len(times))
            spikes = np.where(rng.random(len(times)) < model.spike_p, rng.uniform(*model.spike_ms, len(times)), 0.0)
            rtt = np.maximum(level + queueing + jitter + spikes, config.floor_ms(city, hub))
            path = OUT / f"{city}__{hub}.csv"
            write_trace(path, zip(times.tolist(), rtt.tolist(), strict=True))
            print(f"{path.relative_to(ROOT)}: base {base:.0f} ms, p50 {np.median(rtt):.1f}, "
                  f"p95 {np.percentile(rtt, 95):.1f}, detours {len(regimes.times) // 2}")


if __name__ == "__main__":
    main()
