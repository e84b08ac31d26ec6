"""PNG plots of a run: latency CDF per city for every policy, and p95 per city side by side."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: no display here, and none needed
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from simulator import Simulation  # noqa: E402
from simulator.report import ALL, Row  # noqa: E402


def write_plots(out_dir: Path, simulation: Simulation, rows: list[Row]) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    arrivals = simulation.arrivals
    cities = arrivals.cities
    written = []

    figure, axes = plt.subplots(1, len(cities), figsize=(4.2 * len(cities), 3.6), sharey=True, squeeze=False)
    for ax, (index, city) in zip(axes[0], enumerate(cities), strict=True):
        mask = arrivals.city == index
        for result in simulation.results:
            latency = np.sort(result.latency_ms[mask][~np.isnan(result.latency_ms[mask])])
            if len(latency):
                ax.plot(latency, np.arange(1, len(latency) + 1) / len(latency), label=result.policy, linewidth=1.2)
        ax.set_xscale("log")
        ax.set_title(city)
        ax.set_xlabel("end-to-end latency (ms)")
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].set_ylabel("share of requests")
    axes[0][-1].legend(fontsize=7, loc="lower right")
    figure.tight_layout()
    path = out_dir / "latency_cdf.png"
    figure.savefig(path, dpi=110)
    plt.close(figure)
    written.append(path)

    policies = [r.policy for r in simulation.results]
    labels = [*cities, ALL]
    p95 = {(r.policy, r.city): r.p95_ms for r in rows}
    figure, ax = plt.subplots(figsize=(1.4 * len(labels) + 2, 3.8))
    width = 0.8 / max(len(policies), 1)
    for k, policy in enumerate(policies):
        ax.bar(np.arange(len(labels)) + k * width, [p95.get((policy, c), np.nan) for c in labels], width, label=policy)
    ax.set_xticks(np.arange(len(labels)) + 0.4 - width / 2, labels)
    ax.set_ylabel("p95 latency (ms)")
    ax.legend(fontsize=7)
    ax.grid(True, axis="y", alpha=0.3)
    figure.tight_layout()
    path = out_dir / "p95_by_city.png"
    figure.savefig(path, dpi=110)
    plt.close(figure)
    written.append(path)
    return written
