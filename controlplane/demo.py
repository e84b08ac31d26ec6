"""`edgeroute demo` (make demo): start `edgeroute up`, send calls from every client city, print where they went."""

from __future__ import annotations

import csv
import ipaddress
import statistics
import time
from collections import Counter
from pathlib import Path

import grpc
import numpy as np
from tritonclient.utils import deserialize_bytes_tensor

from controlplane.processes import ManagedProcess, edgeroute_argv, free_port
from controlplane.requests import generation_request, simple_request
from controlplane.router import DECISION_HEADER, HUB_HEADER
from controlplane.stack import ROUTER_READY
from proto import CHANNEL_OPTIONS, service_pb2_grpc
from proto.relay import CACHE_HEADER

CITY_PREFIXES = Path(__file__).resolve().parent.parent / "data" / "geoip" / "city-prefixes.csv"


def city_addresses() -> dict[str, str]:
    """One address per city from the shipped prefix list (the 10th host of its first prefix)."""
    lines = [line for line in CITY_PREFIXES.read_text().splitlines() if line and not line.startswith("#")]
    addresses: dict[str, str] = {}
    for row in csv.DictReader(lines):
        addresses.setdefault(row["city"], str(ipaddress.ip_network(row["prefix"])[10]))
    return addresses


def _demo_questions() -> list[str]:
    from edgenode.lm.corpus import WORKLOADS, examples

    return [examples(1, seed=2026, workload=w)[0].question for w in WORKLOADS]


def _reworded(questions: list[str]) -> list[tuple[str, str]]:
    """Each question as a user might retype it (the cache should answer), and with one number changed
    (it must not)."""
    import re

    out = []
    for question in questions:
        out.append((question, "please, " + question.replace(". ", ", ")))
        number = re.search(r"\d+", question)
        if number:
            out.append((question, question[: number.start()] + str(int(number.group()) + 1) + question[number.end():]))
    return out


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
                        request, metadata=(("x-forwarded-for", address),), timeout=10
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
                    generation_request(question, 96), metadata=(("x-forwarded-for", city_addresses()["Casablanca"]),),
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
                    generation_request(asked, 96), metadata=(("x-forwarded-for", city_addresses()["Casablanca"]),),
                    timeout=60,
                )
                took = (time.perf_counter() - sent) * 1000
                mark = dict(call.initial_metadata()).get(CACHE_HEADER, "?")
                print(f"  {mark:<5} {took:6.1f} ms  {asked}", flush=True)
        print("\nlatency is loopback: no WAN RTT is added here; `edgeroute simulate` replays real RTTs.")
    finally:
        up.stop(grace_s=30)
        print("stack stopped" + ("" if not up.group_alive() else " (WARNING: processes left)"), flush=True)
    return 0
