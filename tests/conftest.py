"""Shared fixtures: the shipped config, and paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from controlplane.config import RegionsConfig, load_config

ROOT = Path(__file__).resolve().parent.parent
REGIONS_YAML = ROOT / "regions.yaml"


@pytest.fixture(scope="session")
def shipped_config() -> RegionsConfig:
    return load_config(REGIONS_YAML)


@pytest.fixture(scope="session")
def shipped_text() -> str:
    return REGIONS_YAML.read_text()
