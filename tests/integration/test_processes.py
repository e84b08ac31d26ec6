"""`edgeroute up` stops everything on Ctrl-C; an edge node fronts an external Triton; bad config is refused."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest
import tritonclient.grpc as tc

from controlplane.processes import (
    ManagedProcess,
    edgeroute_argv,
    free_port,
    processes_under,
    remove_model_copies,
    sweep_orphaned_temp_dirs,
)
from controlplane.stack import EDGE_READY, ROUTER_READY, Stack
from tests.conftest import REGIONS_YAML
from tests.integration.conftest import leftover_processes
from tests.integration.test_end_to_end import simple_inputs

pytestmark = pytest.mark.integration


def _pids(lines: list[str]) -> set[str]:
    return {line.split()[0] for line in lines}


PYTRITON_HOME = Path.home() / ".cache" / "pytriton"


@pytest.fixture()
def short_tmp():
    """A temporary folder with a short path (PyTriton's unix sockets live under it); removed after the test."""
    folder = Path(tempfile.mkdtemp(prefix="t", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_up_serves_then_ctrl_c_leaves_nothing(short_tmp):
    tmp_path = short_tmp
    before = _pids(leftover_processes())
    workspaces = set(PYTRITON_HOME.glob("workspace_*"))
    up = ManagedProcess("up", edgeroute_argv("up", "--config", str(REGIONS_YAML), "--port", str(free_port())),
                        ready_pattern=ROUTER_READY, env={**os.environ, "TMPDIR": str(tmp_path)})
    try:
        address = up.start(timeout_s=120)["address"]
        client = tc.InferenceServerClient(address)
        inputs, a, b = simple_inputs(1)
        np.testing.assert_array_equal(client.infer("simple", inputs).as_numpy("OUTPUT0"), a + b)
        client.close()
        assert len(_pids(leftover_processes()) - before) >= 5  # up, etcd, three edge nodes (+ Tritons)
        assert len(list(tmp_path.glob("er-stack-*/er-triton-*/w"))) == 3  # one per node
        assert len(list(tmp_path.glob("er-etcd-*"))) == 1
        up.process.send_signal(signal.SIGINT)  # what Ctrl-C delivers to the foreground process
        assert up.process.wait(timeout=60) == 0
    finally:
        up.stop()
    left = [line for line in leftover_processes() if line.split()[0] not in before]
    assert left == []
    assert list(tmp_path.iterdir()) == []  # etcd's data, the Triton workspaces, the hop secret: all gone
    assert _model_copies_under(tmp_path) == []  # Triton's own copies of the models, in /tmp
    assert set(PYTRITON_HOME.glob("workspace_*")) <= workspaces


def test_a_killed_edge_nodes_workspace_is_swept_and_goes_with_its_stack(short_tmp, monkeypatch):
    tmp_path = short_tmp
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    with Stack(REGIONS_YAML) as stack:
        stack.start_etcd()
        edge, = stack.start_edges([("dakhla", "dakhla-killed")], models="simple")
        workspace, = stack.temp_dir.glob(f"er-triton-{edge.process.pid}-*")
        edge.process.kill_hard()  # no finally runs in the node: its Triton dies with it, its folder stays
        edge.process.process.wait(timeout=10)
        assert workspace.exists()
        copies = _model_copies_under(workspace)
        assert copies  # Triton's copies of the models, in /tmp: Triton was killed before unloading them
        # what the next edgeroute process does when it starts (its own Triton's copies stay until its stop)
        assert sweep_orphaned_temp_dirs(stack.temp_dir) == [workspace]
        assert sorted(remove_model_copies()) == sorted(copies)
        (stack.temp_dir / f"er-triton-{edge.process.pid}-again").mkdir()  # and anything else a child left
    assert list(tmp_path.iterdir()) == []
    assert _model_copies_under(tmp_path) == []


def _model_copies_under(folder: Path) -> list[Path]:
    copies = []
    for copy in Path("/tmp").glob("folder*"):
        try:
            if str(folder) in (copy / "config.pbtxt").read_text(errors="replace"):
                copies.append(copy)
        except OSError:
            continue
    return copies


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


_OWNER = """
import signal, sys
from controlplane.processes import ManagedProcess
child = ManagedProcess("sleeper", ["sh", "-c", "echo ready; exec sleep 120"], ready_pattern="ready",
                       death_signal=signal.SIGKILL)
child.start(timeout_s=30)
print(child.pid, flush=True)
sys.stdin.read()
"""


def test_a_child_dies_with_its_sigkilled_owner_and_is_spawned_without_a_fork_hook(monkeypatch):
    """No finally runs in a SIGKILLed owner: the parent-death signal is what stops its children. The spawn
    passes no preexec_fn (one forces a plain fork, whose gRPC fork handlers can abort the child)."""
    owner = subprocess.Popen([sys.executable, "-c", _OWNER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        child_pid = int(owner.stdout.readline())
        os.kill(child_pid, 0)  # running
        owner.kill()
        owner.wait(timeout=10)
        deadline = time.monotonic() + 10
        while Path(f"/proc/{child_pid}").exists() and "Z" not in _state(child_pid):
            assert time.monotonic() < deadline, "the child outlived its SIGKILLed owner"
            time.sleep(0.05)
    finally:
        owner.kill()
        owner.wait()
    seen = {}
    real_popen = subprocess.Popen

    def spying_popen(*args, **kwargs):
        seen.update(kwargs)
        return real_popen(*args, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", spying_popen)
    sleeper = ManagedProcess("sleeper", ["sh", "-c", "echo ready; exec sleep 120"], ready_pattern="ready")
    try:
        sleeper.start(timeout_s=30)
    finally:
        sleeper.stop()
    assert seen["preexec_fn"] is None


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


def test_an_edge_nodes_triton_stops_its_python_backend_stubs_before_removing_their_folder(short_tmp, monkeypatch):
    """The stubs run from the workspace in their own process group (what `edgeroute up` and an edge node alone
    rely on, not only a Stack's teardown): none may still run once stop returns."""
    from edgenode.triton import ManagedTriton

    monkeypatch.setenv("TMPDIR", str(short_tmp))
    tempfile.tempdir = None  # read TMPDIR again
    try:
        triton = ManagedTriton()
        triton.start()
        workspace = Path(triton.workspace).resolve()
        try:
            assert processes_under(workspace)  # the stubs (and the server) run from it
        finally:
            triton.stop()
        assert [pid for pid in processes_under(workspace) if _state(pid) != "Z"] == []
        assert not workspace.exists()
    finally:
        tempfile.tempdir = None

