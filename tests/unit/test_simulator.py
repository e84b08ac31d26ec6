"""The simulator against queueing theory, its determinism, its use of the router's own policy, faults,
and its errors on bad scenarios and traces."""

from __future__ import annotations

import copy
import math
import random
from pathlib import Path

import numpy as np
import pytest

import controlplane.kernel.policy
import simulator.baselines
import simulator.engine
from controlplane.kernel.errors import ConfigError
from controlplane.kernel.policy import RequestFacts, choose
from simulator import run
from simulator.arrivals import read_arrival_trace
from simulator.baselines import Runner
from simulator.engine import FAILED_HUB, service_times_ms, simulate
from simulator.rtt import Network, read_trace
from simulator.scenario import TraceFormat, parse_scenario


def scenario(text: str):  # noqa: ANN201
    return parse_scenario(text, "test.yaml")


def mmc_scenario(rate: float, mean_ms: float, slots: int, duration: float) -> str:
    return f"""
duration_s: {duration}
seed: 11
cities: {{casablanca: {{arrival: {{kind: poisson, rate_per_s: {rate}}}}}}}
rtt: {{kind: config}}
hubs:
  tangier: {{nodes: 1, slots_per_node: {slots}, service: {{kind: exponential, mean_ms: {mean_ms}}}}}
baselines: []
"""


def erlang_c_wait_s(lam: float, mu: float, c: int) -> float:
    a = lam / mu
    rho = a / c
    top = a**c / math.factorial(c) / (1 - rho)
    p_wait = top / (sum(a**k / math.factorial(k) for k in range(c)) + top)
    return p_wait / (c * mu - lam)


@pytest.mark.parametrize(("rate", "mean_ms", "slots"), [(60.0, 10.0, 1), (200.0, 10.0, 3)])
def test_mmc_hub_matches_queueing_theory(shipped_config, rate, mean_ms, slots):
    # Casablanca's only hub within the budget is Tangier: every request queues there (M/M/1, M/M/3)
    sim = run(shipped_config, scenario(mmc_scenario(rate, mean_ms, slots, 1500.0)), Path("."), baselines=False)
    (result,) = sim.results
    assert np.all(result.served_hub == 0) or set(np.unique(result.served_hub)) == {result.hubs.index("tangier")}
    rtt = shipped_config.rtt("casablanca", "tangier")
    mu = 1000.0 / mean_ms
    expected_ms = (erlang_c_wait_s(rate, mu, slots) + 1.0 / mu) * 1000.0 + rtt
    measured_ms = float(np.nanmean(result.latency_ms))
    assert measured_ms == pytest.approx(expected_ms, rel=0.04), (measured_ms, expected_ms)


SMALL = """
duration_s: 30
seed: 5
cities:
  casablanca: {arrival: {kind: poisson, rate_per_s: 300}}
  nairobi: {arrival: {kind: diurnal, mean_rate_per_s: 100, peak_to_trough: 3, period_s: 30}}
workloads:
  - {name: fraud, prompt_tokens: 96, output_tokens: 24, cache_hit_p: 0.5}
  - {name: crops, prompt_tokens: 200, output_tokens: 80}
hubs:
  tangier: {nodes: 1, slots_per_node: 2, service: {decode_step_ms: 0.5, accepted_tokens_per_step: 4}}
  dakar: {nodes: 2, slots_per_node: 2}
"""


def test_same_scenario_same_output(shipped_config):
    first = run(shipped_config, scenario(SMALL), Path("."))
    second = run(shipped_config, scenario(SMALL), Path("."))
    assert len(first.results) == 6
    for a, b in zip(first.results, second.results, strict=True):
        assert a.policy == b.policy and a.decisions == b.decisions
        np.testing.assert_array_equal(a.served_hub, b.served_hub)
        np.testing.assert_array_equal(a.latency_ms, b.latency_ms)


def test_simulator_decides_with_the_routers_policy(shipped_config):
    assert simulator.baselines.choose is controlplane.kernel.policy.choose  # imported, not copied

    calls = []

    class Recording(Runner):
        def route(self, snapshot, facts, now, rng, ledger):  # noqa: ANN001, ANN201
            state = rng.getstate()
            books = copy.deepcopy(ledger)
            decision = super().route(snapshot, facts, now, rng, ledger)
            calls.append((snapshot, facts, now, state, books, ledger.ejected(), decision.decision, decision.candidates))
            return decision

    sc = scenario(SMALL)
    sim = run(shipped_config, sc, Path("."), baselines=False)
    network = Network(shipped_config, sc, len(sim.arrivals), sc.seed, Path("."))
    service = service_times_ms(sc, tuple(shipped_config.hub_by_name), sim.arrivals)
    recorded = simulate(shipped_config, sc, sim.arrivals, network, Recording("recorded", shipped_config), service)
    np.testing.assert_array_equal(recorded.served_hub, sim.results[0].served_hub)
    assert len(calls) == len(sim.arrivals)
    for snapshot, facts, now, state, books, ejected, name, candidates in calls[::50]:
        rng = random.Random()
        rng.setstate(state)
        decision = choose(snapshot, facts, now=now, rng=rng, unreported=books.unreported, ejected=ejected)
        assert (decision.decision, decision.candidates) == (name, candidates)


def test_hub_down_moves_clients_within_the_budget_only(shipped_config):
    sc = scenario("""
duration_s: 45
seed: 2
cities:
  casablanca: {arrival: {kind: poisson, rate_per_s: 100}}
  nairobi: {arrival: {kind: poisson, rate_per_s: 100}}
rtt: {kind: config}
hubs: {tangier: {nodes: 2, slots_per_node: 4}}
faults: [{kind: hub_down, hub: tangier, from_s: 10, to_s: 25}]
reporting: {failure_detection_ms: 2000}
baselines: []
""")
    sim = run(shipped_config, sc, Path("."), baselines=False)
    (result,) = sim.results
    hubs, t = result.hubs, sim.arrivals.time_s
    nairobi = sim.arrivals.city == sim.arrivals.cities.index("nairobi")
    casablanca = ~nairobi
    during = (t > 10.5) & (t < 24.5)
    served = result.served_hub
    assert set(served[nairobi & during]) == {hubs.index("dakar")}  # 6 ms more: within the budget
    assert not np.any(served == hubs.index("dakhla"))  # beyond the budget for both cities: never used
    assert np.all(served[casablanca & during] == FAILED_HUB)  # no hub within 8 ms of Casablanca is up
    after = t > 36.0  # back up at 25 s; the router's outlier ejection (10 s) of its nodes has run out
    back = served[nairobi & after]
    assert np.mean(back == hubs.index("tangier")) > 0.8 and set(back) <= {hubs.index("tangier"), hubs.index("dakar")}
    assert not np.any(served[(t < 9.9)] < 0)
    retried = result.attempts[nairobi & (t > 9.5) & (t < 10.5)]
    assert retried.max() >= 2  # calls in flight at the outage were retried, not lost
    assert np.all(served[nairobi & (t < 12.0)] >= 0)


@pytest.mark.parametrize(("text", "expected"), [
    ("duration_s: -1\ncities: {casablanca: {arrival: {kind: poisson, rate_per_s: 1}}}", "duration_s"),
    ("duration_s: 10\ncities: {casablanca: {arrival: {kind: walk, rate_per_s: 1}}}", "cities.casablanca.arrival"),
    ("duration_s: 10\ncities: {casablanca: {arrival: {kind: poisson, rate_per_s: 1}, workloads: [x]}}", "unknown workload 'x'"),
    ("duration_s: 10\ncities: {casablanca: {arrival: {kind: poisson, rate_per_s: 1}}}\nfaults: [{kind: hub_down, hub: tangier, from_s: 5, to_s: 2}]", "faults[0]"),
    ("duration_s: [", "not valid YAML at line"),
])
def test_bad_scenarios_name_the_key(text, expected):
    with pytest.raises(ConfigError) as error:
        parse_scenario(text, "bad.yaml")
    assert "bad.yaml" in str(error.value) and expected in str(error.value)


def test_scenario_must_match_regions(shipped_config):
    sc = scenario("duration_s: 10\ncities: {atlantis: {arrival: {kind: poisson, rate_per_s: 1}}}\nhubs: {oslo: {}}")
    with pytest.raises(ConfigError) as error:
        sc.check_against(shipped_config, "s.yaml")
    assert "cities.atlantis" in str(error.value) and "hubs.oslo" in str(error.value)


def test_traces_in_public_schemas_and_their_errors(tmp_path):
    azure = tmp_path / "azure.csv"
    azure.write_text("TIMESTAMP,ContextTokens,GeneratedTokens\n2023-11-16 18:15:46.6805900,374,44\n"
                     "2023-11-16 18:15:50.9951690,396,109\n")
    rows = read_arrival_trace(azure, TraceFormat.azure)
    assert rows.time_s.tolist() == pytest.approx([0.0, 4.314579]) and rows.prompt_tokens.tolist() == [374, 396]
    burst = tmp_path / "burst.csv"
    burst.write_text("Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n5,ChatGPT,472,18,490,Conversation log\n"
                     "7,GPT-4,1087,245,1332,API log\n")
    assert read_arrival_trace(burst, TraceFormat.burstgpt).time_s.tolist() == [0.0, 2.0]
    moon = tmp_path / "moon.jsonl"
    moon.write_text('{"timestamp": 0, "input_length": 6955, "output_length": 52, "hash_ids": [0, 1]}\n'
                    '{"timestamp": 1500, "input_length": 10, "output_length": 5, "hash_ids": [2]}\n')
    assert read_arrival_trace(moon, TraceFormat.mooncake).time_s.tolist() == [0.0, 1.5]

    broken = tmp_path / "broken.csv"
    broken.write_text("TIMESTAMP,ContextTokens,GeneratedTokens\n1,2,3\nnot-a-time,x,4\n")
    with pytest.raises(ConfigError, match=r"broken.csv: line 3: expected a timestamp"):
        read_arrival_trace(broken, TraceFormat.azure)
    rtt = tmp_path / "casablanca__tangier.csv"
    rtt.write_text("time_s,rtt_ms\n0,10\n5,-3\n")
    with pytest.raises(ConfigError, match=r"line 3: times must ascend and RTTs be positive"):
        read_trace(rtt)
    rtt.write_text("when,ms\n0,10\n")
    with pytest.raises(ConfigError, match=r"line 1: expected the header 'time_s,rtt_ms'"):
        read_trace(rtt)


def test_request_facts_are_the_routers(shipped_config):
    # the simulator hands the policy the router's own fact type
    assert simulator.engine.RequestFacts is RequestFacts


def test_physics_check_flags_goals_below_the_fibre_floor(shipped_config):
    from simulator.report import physics, summarize

    sc = scenario(SMALL + "p95_target_ms: {casablanca: 3.1, nairobi: 400}\ncache_at: client-edge\n")
    sim = run(shipped_config, sc, Path("."), baselines=False)
    lines = dict(line.split(":", 1) for line in physics(shipped_config, sc, sim.arrivals))
    assert "CANNOT be met" in lines["casablanca"] and "fibre floor to nearest hub tangier 2.9 ms" in lines["casablanca"]
    assert "physically possible" in lines["nairobi"]
    rows = {r.city: r for r in summarize(shipped_config, sim.arrivals, sim.results[0])}
    hits = float(np.mean(sim.arrivals.cache_hit))
    assert rows["(all)"].client_cache_share == pytest.approx(hits)  # every hit answered in the client's city


def test_shipped_scenarios_load(shipped_config):
    from simulator.scenario import load_scenario
    from tests.conftest import ROOT

    for path in sorted((ROOT / "simulator" / "scenarios").glob("*.yaml")):
        load_scenario(path).check_against(shipped_config, str(path))


def test_simulate_command_prints_the_table_and_writes_csv_and_plots(tmp_path, capsys):
    from controlplane.cli import main
    from tests.conftest import REGIONS_YAML

    path = tmp_path / "small.yaml"
    path.write_text(SMALL.replace("duration_s: 30", "duration_s: 5"))
    out = tmp_path / "out"
    assert main(["simulate", "--config", str(REGIONS_YAML), "--scenario", str(path), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    for needle in ("router (spill-in-time)", "nearest-overflow", "least-loaded", "round-robin", "nearest-only", "expected-latency",
                   "physics check", "p95 ms"):
        assert needle in printed
    lines = (out / "requests.csv").read_text().splitlines()
    requests = int(printed.split("simulated ")[1].split()[0])
    assert len(lines) == 1 + 6 * requests and lines[0].startswith("policy,request,time_s,city")
    for png in ("latency_cdf.png", "p95_by_city.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    bad = tmp_path / "bad.yaml"
    bad.write_text("duration_s: 5\ncities: {casablanca: {arrival: {kind: poisson}}}\n")
    assert main(["simulate", "--config", str(REGIONS_YAML), "--scenario", str(bad), "--out", str(out)]) == 2
    assert "cities.casablanca.arrival.poisson.rate_per_s" in capsys.readouterr().err


def test_cable_cut_costs_its_detour_while_it_lasts(shipped_config):
    sc = scenario("""
duration_s: 30
seed: 4
cities: {casablanca: {arrival: {kind: poisson, rate_per_s: 50}}}
rtt: {kind: config}
hubs: {tangier: {nodes: 2, slots_per_node: 8, service: {kind: deterministic, mean_ms: 2}}}
faults: [{kind: cable_cut, city: casablanca, hub: tangier, from_s: 10, to_s: 20, extra_ms: 80}]
baselines: []
""")
    sim = run(shipped_config, sc, Path("."), baselines=False)
    (result,) = sim.results
    t, latency = sim.arrivals.time_s, result.latency_ms
    cut = (t >= 10) & (t < 20)
    assert np.all(result.served_hub == result.hubs.index("tangier"))  # regions.yaml does not know of the cut
    assert np.median(latency[cut]) == pytest.approx(10.0 + 80.0 + 2.0, abs=0.5)
    assert np.median(latency[~cut]) == pytest.approx(10.0 + 2.0, abs=0.5)


def test_stack_cost_adds_a_draw_to_every_latency_and_moves_no_decision(shipped_config):
    text = mmc_scenario(rate=80.0, mean_ms=5.0, slots=2, duration=20)
    bare = scenario(text)
    costly = scenario(text + "stack: {quantiles_ms: [3.0, 4.0, 9.0]}\n")
    plain, = run(shipped_config, bare, Path("."), baselines=False).results
    added, = run(shipped_config, costly, Path("."), baselines=False).results
    np.testing.assert_array_equal(plain.served_hub, added.served_hub)
    extra = added.latency_ms - plain.latency_ms
    assert extra.min() >= 3.0 - 1e-9 and extra.max() <= 9.0 + 1e-9
    # inverse transform, linear between quantiles: half the draws fall below the middle quantile
    assert abs(float(np.mean(extra < 4.0)) - 0.5) < 0.05
    assert abs(float(np.median(extra)) - 4.0) < 0.2


def test_stack_cost_from_measurements_round_trips():
    from simulator.scenario import StackCost

    samples = np.random.default_rng(3).gamma(4.0, 2.0, 20_000)
    cost = StackCost.measured(samples)
    assert len(cost.quantiles_ms) == 21 and cost.quantiles_ms[0] == pytest.approx(samples.min(), abs=1e-3)
    redrawn = cost.sample(np.random.default_rng(4), 20_000)
    for q in (0.25, 0.5, 0.9):
        assert np.quantile(redrawn, q) == pytest.approx(np.quantile(samples, q), rel=0.05)
    assert not StackCost().sample(np.random.default_rng(0), 5).any()


@pytest.mark.parametrize(("stack", "expected"), [
    ("{quantiles_ms: [4.0]}", "at least two quantiles"),
    ("{quantiles_ms: [4.0, 3.0]}", "non-decreasing"),
    ("{quantiles_ms: [-1.0, 3.0]}", "non-negative"),
])
def test_bad_stack_cost_is_named(stack, expected):
    with pytest.raises(ConfigError, match=expected):
        scenario(mmc_scenario(rate=1.0, mean_ms=5.0, slots=1, duration=5) + f"stack: {stack}\n")
