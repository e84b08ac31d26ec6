"""`edgeroute demo` (make demo): start `edgeroute up`, send calls from every client city, print where they went."""

from __future__ import annotations

import re
import statistics
import time
from collections import Counter
from pathlib import Path

import grpc
import numpy as np
from tritonclient.utils import deserialize_bytes_tensor

from controlplane.geoip import FORWARDED_FOR_HEADER, city_addresses
from controlplane.kernel.config import load_config
from controlplane.kernel.policy import NEAREST, NEAREST_FULL, OVERFLOW, SHED
from controlplane.processes import ManagedProcess, edgeroute_argv, free_port
from controlplane.requests import generation_request, simple_request
from controlplane.router import DECISION_HEADER, HUB_HEADER
from controlplane.stack import ROUTER_READY
from controlplane.wire.relay import CACHE_HEADER
from edgenode.lm.corpus import WORKLOADS, examples
from proto import CHANNEL_OPTIONS, service_pb2_grpc
from simulator.live import run_live
from simulator.scenario import load_scenario


def _demo_questions() -> list[str]:
    return [examples(1, seed=2026, workload=w)[0].question for w in WORKLOADS]


def _reworded(questions: list[str]) -> list[tuple[str, str]]:
    """Each question as a user might retype it (the cache should answer), and with one number changed
    (it must not)."""
    out = []
    for question in questions:
        out.append((question, "please, " + question.replace(". ", ", ")))
        number = re.search(r"\d+", question)
        if number:
            out.append((question, question[: number.start()] + str(int(number.group()) + 1) + question[number.end():]))
    return out


HOT_HUB_SCENARIO = Path(__file__).resolve().parent / "scenarios" / "demo-hot-hub.yaml"


def run_hot_hub(config_path: str) -> None:
    """A hub made hot for a few seconds, live: RTTs replayed by relays, and per city where its calls went
    while the hub was hot, with p50/p95 that include the RTT."""
    config = load_config(config_path)
    scenario = load_scenario(HOT_HUB_SCENARIO)
    scenario.check_against(config, str(HOT_HUB_SCENARIO))
    surge = next(s for c in scenario.cities.values() for s in getattr(c.arrival, "surges", ()))
    print(f"\na hot hub, live: every (city, hub) RTT of {Path(config_path).name} replayed by a relay; each hub one "
          f"node serving one 40 ms call at a time; from {surge.from_s:g} s to {surge.to_s:g} s Casablanca and Nairobi "
          f"send {surge.factor:g}x as much, 1.4x Tangier's capacity (overflow budget "
          f"{config.policy.overflow_budget_ms:g} ms) ...", flush=True)
    live = run_live(config, config_path, scenario, HOT_HUB_SCENARIO.parent, scenario.duration_s, 1.0)
    arrivals = live.simulation.arrivals
    measured = live.simulation.results[1]
    hot = (arrivals.time_s >= surge.from_s) & (arrivals.time_s < surge.to_s)
    print(f"while the hub was hot ({surge.from_s:g}-{surge.to_s:g} s; all {len(arrivals)} calls of the run "
          f"succeeded or were shed with retry-after: {int(np.count_nonzero(measured.served_hub >= -1))})")
    print(f"{'city':<13} {'nearest hub':<12} {'calls':>5} {'nearest':>8} {'overflow':>14} {'queued':>7} {'shed':>5} "
          f"{'p50 ms':>7} {'p95 ms':>7}")
    names = measured.decisions
    for index, city in enumerate(arrivals.cities):
        mask = hot & (arrivals.city == index)
        decisions = Counter(names[d] for d in measured.decision[mask])
        spilled = Counter(measured.hubs[h] for h, d in zip(measured.served_hub[mask], measured.decision[mask], strict=True)
                          if names[d] == OVERFLOW)
        latency = [v for v in measured.latency_ms[mask] if v == v]
        total = int(np.count_nonzero(mask))
        overflow = f"{decisions[OVERFLOW]}" + (f" -> {','.join(spilled)}" if spilled else "")
        p50 = f"{statistics.median(latency):7.0f}" if latency else f"{'-':>7}"
        p95 = f"{_percentile(latency, 0.95):7.0f}" if latency else f"{'-':>7}"
        print(f"{city:<13} {config.hubs_by_rtt[city][0]:<12} {total:>5} {decisions[NEAREST]:>8} {overflow:>14} "
              f"{decisions[NEAREST_FULL]:>7} {decisions[SHED]:>5} {p50} {p95}", flush=True)
    print("overflow: spilled to a hub within the budget; queued: the nearest hub was busy and no hub within the "
          "budget was faster, so the call waited there (policy.when_full: shed refuses it instead)")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run_demo(config: str, requests_per_city: int) -> int:
    port = free_port()
    up = ManagedProcess("edgeroute-up", edgeroute_argv("up", "--config", config, "--port", str(port)), ready_pattern=ROUTER_READY)
    print("starting the embedded stack: etcd, one edge node with a real Triton per hub, a router ...", flush=True)
    started = time.monotonic()
    try:
        match = up.start(timeout_s=180)
        print(f"{match.group(0)} (after {time.monotonic() - started:.1f}s)\n", flush=True)
        with grpc.insecure_channel(match["address"], options=CHANNEL_OPTIONS) as channel:
            stub = service_pb2_grpc.GRPCInferenceServiceStub(channel)
            print(f"{'city':<13} {'address':<14} {'hub':<14} {'decision':<20} {'ok':>7} {'p50 ms':>7} {'p95 ms':>7}")
            for city, address in city_addresses().items():
                latencies, hubs, decisions, ok = [], Counter(), Counter(), 0
                for i in range(requests_per_city):
                    request = simple_request(i)
                    sent = time.perf_counter()
                    response, call = stub.ModelInfer.with_call(
                        request, metadata=((FORWARDED_FOR_HEADER, address),), timeout=10
                    )
                    latencies.append((time.perf_counter() - sent) * 1000)
                    metadata = dict(call.initial_metadata())
                    hubs[metadata.get(HUB_HEADER, "?")] += 1
                    decisions[metadata.get(DECISION_HEADER, "?")] += 1
                    out = np.frombuffer(response.raw_output_contents[0], dtype=np.int32)
                    expected = np.frombuffer(request.raw_input_contents[0], dtype=np.int32) + np.frombuffer(
                        request.raw_input_contents[1], dtype=np.int32
                    )
                    ok += int(np.array_equal(out, expected))
                hub = ",".join(h for h, _ in hubs.most_common())
                decision = ",".join(d for d, _ in decisions.most_common())
                print(
                    f"{city:<13} {address:<14} {hub:<14} {decision:<20} {ok:>3}/{requests_per_city:<3}"
                    f"{statistics.median(latencies):>7.2f} {_percentile(latencies, 0.95):>7.2f}", flush=True
                )
            print("\nthe edge's language model (`ensemble`, greedy, speculative decoding with 4 draft tokens), from Casablanca:")
            for question in _demo_questions():
                sent = time.perf_counter()
                response = stub.ModelInfer(
                    generation_request(question, 96), metadata=((FORWARDED_FOR_HEADER, city_addresses()["Casablanca"]),),
                    timeout=60,
                )
                took = (time.perf_counter() - sent) * 1000
                outputs = {o.name: i for i, o in enumerate(response.outputs)}
                text = deserialize_bytes_tensor(response.raw_output_contents[outputs["text_output"]])[0].decode()
                rate = np.frombuffer(response.raw_output_contents[outputs["acceptance_rate"]], dtype=np.float32)[0]
                print(f"  Q: {question}\n  A: {text.strip()}   ({took:.0f} ms, draft acceptance {rate:.0%})", flush=True)
            print("\nthe same questions reworded, answered by the edge's semantic cache (or not, when a fact differs):")
            for _question, asked in _reworded(_demo_questions()):
                sent = time.perf_counter()
                _response, call = stub.ModelInfer.with_call(
                    generation_request(asked, 96), metadata=((FORWARDED_FOR_HEADER, city_addresses()["Casablanca"]),),
                    timeout=60,
                )
                took = (time.perf_counter() - sent) * 1000
                mark = dict(call.initial_metadata()).get(CACHE_HEADER, "?")
                print(f"  {mark:<5} {took:6.1f} ms  {asked}", flush=True)
        print("\nlatency above is loopback: no WAN RTT is added; the hot hub below replays regions.yaml's RTTs.")
    finally:
        up.stop(grace_s=30)
        print("stack stopped" + ("" if not up.group_alive() else " (WARNING: processes left)"), flush=True)
    run_hot_hub(config)
    print("hot-hub stack stopped", flush=True)
    return 0
