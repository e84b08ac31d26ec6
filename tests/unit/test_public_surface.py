"""Each package's __all__ names things that exist."""

from __future__ import annotations

import importlib

import pytest


@pytest.mark.parametrize("package", ["controlplane", "edgenode", "simulator", "proto"])
def test_all_names_resolve(package):
    module = importlib.import_module(package)
    for name in module.__all__:
        assert hasattr(module, name) or importlib.import_module(f"{package}.{name}"), name


def test_the_packages_built_on_the_control_plane_add_their_commands():
    from controlplane.cli import build_parser

    commands = build_parser()._subparsers._group_actions[0].choices
    assert {"edge", "trtllm-repo", "simulate", "demo"} <= set(commands)
    assert {"config", "router", "up", "status", "route", "certs", "auth"} <= set(commands)


def test_missing_entry_points_say_what_to_run(monkeypatch):
    import controlplane.cli as cli

    monkeypatch.setattr(cli, "entry_points", lambda group: [])
    parser = cli.build_parser()
    assert "edge" not in parser._subparsers._group_actions[0].choices
    assert "make setup" in parser.format_help()
