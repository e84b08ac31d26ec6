"""Temporary folders carry their owner's pid, so a folder left by an owner that was SIGKILLed is swept."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time

from controlplane.processes import (
    _tritonserver_starts,
    owned_temp_dir,
    remove_model_copies,
    remove_python_envs,
    stop_processes_under,
    sweep_orphaned_temp_dirs,
)


def test_sweep_removes_only_folders_whose_owner_is_gone(tmp_path):
    dead = subprocess.Popen(["true"])
    dead.wait()
    orphan = tmp_path / f"er-triton-{dead.pid}-abc"
    (orphan / "workspace").mkdir(parents=True)
    mine = tmp_path / f"er-etcd-{os.getpid()}-xyz"
    mine.mkdir()
    stranger = tmp_path / f"someone-else-{dead.pid}-abc"
    stranger.mkdir()
    assert sweep_orphaned_temp_dirs(tmp_path) == [orphan]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([mine.name, stranger.name])


def test_owned_temp_dir_is_named_after_this_process(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    folder = owned_temp_dir("stack")
    assert folder.parent == tmp_path and folder.name.startswith(f"er-stack-{os.getpid()}-")


def _model_copy(root, name, workspace):
    folder = root / name
    (folder / "1").mkdir(parents=True)
    (folder / "config.pbtxt").write_text(
        f'parameters {{\n  key: "workspace-path"\n  value {{\n    string_value: "{workspace}"\n  }}\n}}\n')
    return folder


def test_model_copies_of_a_stopped_or_vanished_triton_are_removed(tmp_path):
    live = tmp_path / "live-workspace"
    live.mkdir()
    mine = _model_copy(tmp_path, "folderAAA", tmp_path / "mine")
    gone = _model_copy(tmp_path, "folderBBB", tmp_path / "vanished")
    kept = _model_copy(tmp_path, "folderCCC", live)
    (tmp_path / "folderDDD").mkdir()  # no config: not Triton's copy of a PyTriton model, left alone
    assert sorted(remove_model_copies(str(tmp_path / "mine"), root=tmp_path)) == [mine, gone]
    assert kept.exists() and (tmp_path / "folderDDD").exists()


def test_python_backend_folders_older_than_every_running_triton_are_removed(tmp_path):
    now = time.time()
    stale = tmp_path / "python_env_AAAAAA"  # made by a Triton that was killed an hour ago
    live = tmp_path / "python_env_BBBBBB"  # made by a Triton still running
    busy = tmp_path / "python_env_CCCCCC"  # an extracted environment: not empty, left alone
    for folder in (stale, live, busy):
        folder.mkdir()
    (busy / "bin").mkdir()
    other = tmp_path / "folderDDD"
    other.mkdir()
    for folder in (stale, busy, other):
        os.utime(folder, (now - 3600, now - 3600))
    assert remove_python_envs(tmp_path, oldest_live=now - 60) == [stale]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, busy.name, other.name])
    assert remove_python_envs(tmp_path, oldest_live=float("inf")) == [live]  # no Triton running


def test_running_tritonservers_are_found_with_their_start_time(tmp_path):
    fake = tmp_path / "tritonserver"  # a process named like Triton's server: /proc knows it by that name
    shutil.copy(shutil.which("sleep"), fake)
    before = time.time()
    process = subprocess.Popen([str(fake), "30"])
    try:
        deadline = time.time() + 5
        while not any(abs(start - before) < 3 for start in _tritonserver_starts()) and time.time() < deadline:
            time.sleep(0.05)
        assert any(abs(start - before) < 3 for start in _tritonserver_starts())
    finally:
        process.kill()
        process.wait()


def test_processes_running_from_a_folder_are_stopped_with_it(tmp_path):
    """Triton's Python backend stubs run from the stack's folder outside the edge's process group: teardown kills
    whatever names a path inside the folder, and waits until it is gone; a process elsewhere is left alone."""
    inside = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", str(tmp_path / "w" / "stub")])
    outside = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", str(tmp_path) + "-other/stub"])
    try:
        time.sleep(0.2)
        assert stop_processes_under(tmp_path) == [inside.pid]
        assert inside.wait(timeout=5) == -signal.SIGKILL
        assert outside.poll() is None
    finally:
        for process in (inside, outside):
            process.kill()
            process.wait()
