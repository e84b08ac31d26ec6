"""The simulator's commands for `edgeroute` (controlplane.cli finds `register` through the `edgeroute.commands`
entry point): `simulate` replays a scenario through the routing policy and its baselines, `demo` (make demo) runs
the embedded stack."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from controlplane.kernel.config import DEFAULT_CONFIG

LIVE_RATE_PER_S = 25.0  # what two cores carry through router + relay + edge + Triton without saturating


def _demo(args: argparse.Namespace) -> int:
    from simulator.demo import run_demo

    return run_demo(args.config, args.requests)


def _simulate(args: argparse.Namespace) -> int:
    from controlplane.kernel.config import budget_report, load_config
    from controlplane.kernel.errors import ConfigError
    from simulator import run
    from simulator.report import physics, summarize, table, write_requests_csv
    from simulator.scenario import load_scenario

    try:
        config = load_config(args.config)
        scenario = load_scenario(args.scenario)
        scenario.check_against(config, args.scenario)
        started = time.perf_counter()
        base_dir = Path(args.scenario).resolve().parent
        if args.live:
            from simulator.live import run_live

            total = sum(getattr(c.arrival, "rate_per_s", getattr(c.arrival, "mean_rate_per_s", 0.0))
                        for c in scenario.cities.values())
            scale = args.live_scale or min(1.0, LIVE_RATE_PER_S / max(total, 1e-9))
            print(f"live: {args.live_seconds:g} s at {scale:.4g} x the scenario's rates against a real stack "
                  f"(etcd, one edge node per hub, one router per city behind RTT-replaying relays)", flush=True)
            live = run_live(config, args.config, scenario, base_dir, args.live_seconds, scale)
            simulation = live.simulation
        else:
            live = None
            simulation = run(config, scenario, base_dir, baselines=not args.no_baselines)
    except ConfigError as exc:
        print(exc.report(), file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"{args.scenario}: {exc}", file=sys.stderr)
        return 2
    wall = time.perf_counter() - started
    rows = [row for result in simulation.results
            for row in summarize(config, simulation.arrivals, result, dict(scenario.p95_target_ms))]
    duration = args.live_seconds if args.live else scenario.duration_s
    print(f"simulated {len(simulation.arrivals)} requests x {len(simulation.results)} runs over "
          f"{duration:g} s in {wall:.1f} s of wall time")
    print(table(rows))
    print("('in goal': share served within the city's p95 goal; 'flap pts': largest distance of a 1 s window's "
          "overflow share from the run's, in points)")
    if live is not None:
        from simulator.live import MEASURED, SIMULATED, UNCALIBRATED
        from simulator.report import agreement, agreement_table

        cost = live.stack
        print(f"\nthe stack's own cost per request, measured before the run (calls beyond their replayed RTT, holds at 0 ms): "
              f"p50 {cost.quantile(0.5):.1f} ms, p95 {cost.quantile(0.95):.1f} ms; as a scenario section:")
        print(f"stack: {{quantiles_ms: [{', '.join(f'{v:g}' for v in cost.quantiles_ms)}]}}")
        extra = summarize(config, simulation.arrivals, live.uncalibrated)
        print("\nlive against simulated (allowed: max(10%, 2 ms) of the measured figure):")
        print(agreement_table(agreement(rows + extra, MEASURED, SIMULATED, UNCALIBRATED)))
    print("\noverflow budget (extra rtt ms):")
    for line in budget_report(config, list(simulation.arrivals.cities)):
        print(f"  {line}")
    print("\nphysics check:")
    for line in physics(config, scenario, simulation.arrivals):
        print(f"  {line}")
    out = Path(args.out)
    if not args.no_csv:
        write_requests_csv(out / "requests.csv", simulation.arrivals, simulation.results)
        print(f"wrote {out / 'requests.csv'}")
    if not args.no_plots:
        from simulator.plots import write_plots

        for path in write_plots(out, simulation, rows):
            print(f"wrote {path}")
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    demo = commands.add_parser("demo", help="start the embedded stack, send traffic from each city, print a table")
    demo.add_argument("--config", default=DEFAULT_CONFIG)
    demo.add_argument("--requests", type=int, default=40, help="calls per city")
    demo.set_defaults(func=_demo)

    simulate = commands.add_parser("simulate", help="replay a scenario through the routing policy and baselines")
    simulate.add_argument("--config", default=DEFAULT_CONFIG)
    simulate.add_argument("--scenario", required=True, help="SCENARIO.yaml")
    simulate.add_argument("--out", default="simulation-out", help="folder for requests.csv and the PNG plots")
    simulate.add_argument("--no-csv", action="store_true", help="skip the per-request CSV (large for long runs)")
    simulate.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    simulate.add_argument("--live", action="store_true", help="also run it, reduced, against a real local stack")
    simulate.add_argument("--live-seconds", type=float, default=20.0, help="length of the live run")
    simulate.add_argument("--live-scale", type=float, default=None,
                          help=f"multiply arrival rates by this live (default: about {LIVE_RATE_PER_S:g} requests/s in all)")
    simulate.add_argument("--no-baselines", action="store_true", help="only the configured policy")
    simulate.set_defaults(func=_simulate)
