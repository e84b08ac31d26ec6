"""Temporary folders carry their owner's pid, so a folder left by an owner that was SIGKILLed is swept."""

from __future__ import annotations

import os
import subprocess

from controlplane.processes import owned_temp_dir, remove_model_copies, sweep_orphaned_temp_dirs


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
