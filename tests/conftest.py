"""Shared fixtures: the shipped config, and paths."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from controlplane.kernel.config import RegionsConfig, load_config

ROOT = Path(__file__).resolve().parent.parent
REGIONS_YAML = ROOT / "regions.yaml"


@pytest.fixture(scope="session")
def shipped_config() -> RegionsConfig:
    return load_config(REGIONS_YAML)


@pytest.fixture(scope="session")
def shipped_text() -> str:
    return REGIONS_YAML.read_text()


def config_with(folder: Path, **sections: object) -> Path:
    """The shipped regions.yaml with some top-level sections replaced, written into `folder` (its Geo-IP
    database path made absolute so the copy resolves it)."""
    raw = yaml.safe_load(REGIONS_YAML.read_text())
    raw["geoip"]["database"] = str((ROOT / raw["geoip"]["database"]).resolve())
    raw.update(sections)
    path = folder / "regions.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False))
    return path


def pytest_unconfigure(config: pytest.Config) -> None:
    """pytest removes each run's folder (tmp_path_retention_policy = "none") but leaves the per-user folder above
    them (/tmp/pytest-of-<user>): remove it too when nothing else is in it."""
    factory = getattr(config, "_tmp_path_factory", None)
    basetemp = getattr(factory, "_basetemp", None)
    if basetemp is not None and getattr(factory, "_given_basetemp", None) is None:
        try:
            basetemp.parent.rmdir()  # only an empty folder: another run's, or anything else, keeps it
        except OSError:
            pass
