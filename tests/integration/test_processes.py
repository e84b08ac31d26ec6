"""`edgeroute up` stops everything on Ctrl-C; an edge node fronts an external Triton; bad config is refused."""

from __future__ import annotations

import signal
import subprocess
import sys

import numpy as np
import pytest
import tritonclient.grpc as tc

from controlplane.processes import ManagedProcess, edgeroute_argv, free_port
from controlplane.stack import EDGE_READY, ROUTER_READY
from tests.conftest import REGIONS_YAML
from tests.integration.conftest import leftover_processes
from tests.integration.test_end_to_end import simple_inputs

pytestmark = pytest.mark.integration


def _pids(lines: list[str]) -> set[str]:
    return {line.split()[0] for line in lines}


def test_up_serves_then_ctrl_c_leaves_nothing():
    before = _pids(leftover_processes())
    up = ManagedProcess("up", edgeroute_argv("up", "--config", str(REGIONS_YAML), "--port", str(free_port())),
                        ready_pattern=ROUTER_READY)
    try:
        address = up.start(timeout_s=120)["address"]
        client = tc.InferenceServerClient(address)
        inputs, a, b = simple_inputs(1)
        np.testing.assert_array_equal(client.infer("simple", inputs).as_numpy("OUTPUT0"), a + b)
        client.close()
        assert len(_pids(leftover_processes()) - before) >= 5  # up, etcd, three edge nodes (+ Tritons)
        up.process.send_signal(signal.SIGINT)  # what Ctrl-C delivers to the foreground process
        assert up.process.wait(timeout=60) == 0
    finally:
        up.stop()
    left = [line for line in leftover_processes() if line.split()[0] not in before]
    assert left == []


def test_edge_fronts_an_external_triton(stack):
    external = ManagedProcess(
        "edge-external",
        edgeroute_argv("edge", "--hub", "dakhla", "--node-id", "dakhla-ext", "--etcd", stack.endpoint,
                       "--triton-url", f"grpc://{stack.edge('tangier-1').triton}", "--models", "simple"),
        ready_pattern=EDGE_READY,
    )
    try:
        address = external.start(timeout_s=30)["address"]
        client = tc.InferenceServerClient(address)
        inputs, a, b = simple_inputs(2)
        np.testing.assert_array_equal(client.infer("simple", inputs).as_numpy("OUTPUT1"), a - b)
        client.close()
    finally:
        external.stop()
    # the external Triton is not ours to stop: it still serves
    assert tc.InferenceServerClient(stack.edge("tangier-1").triton).is_server_live()


def test_router_refuses_bad_config(stack, tmp_path):
    bad = tmp_path / "regions.yaml"
    bad.write_text(REGIONS_YAML.read_text().replace("overflow_budget_ms: 8.0", "overflow_budget_ms: lots"))
    result = subprocess.run(
        [sys.executable, "-m", "controlplane.cli", "router", "--config", str(bad), "--etcd", stack.endpoint,
         "--listen", "127.0.0.1:0"],
        capture_output=True, text=True, timeout=30,
    )
    assert result.returncode == 2
    assert "policy.overflow_budget_ms: Input should be a valid number" in result.stderr
