"""regions.yaml: the shipped file validates; every kind of mistake is reported with its key path."""

from __future__ import annotations

import pytest

from controlplane.cli import main
from controlplane.kernel.config import parse_config
from controlplane.kernel.errors import ConfigError
from tests.conftest import REGIONS_YAML


def problems(text: str) -> list[str]:
    with pytest.raises(ConfigError) as info:
        parse_config(text, "regions.yaml")
    return info.value.problems


def test_shipped_config_validates(shipped_config):
    assert {h.name for h in shipped_config.hubs} == {"dakhla", "tangier", "dakar"}
    for city in ("casablanca", "dakar", "tunis", "lagos", "nairobi", "johannesburg", "abidjan", "accra", "madrid", "marseille"):
        assert city in shipped_config.region_by_name
        assert set(shipped_config.rtt_ms[city]) == {"dakhla", "tangier", "dakar"}
    assert shipped_config.policy.overflow_budget_ms == 8.0
    assert shipped_config.missing_rtts() == []


def test_every_figure_is_above_the_fibre_floor(shipped_config):
    for region, row in shipped_config.rtt_ms.items():
        for hub, figure in row.items():
            assert figure.ms >= shipped_config.floor_ms(region, hub), (region, hub)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("lat: 23.685", "lat: 123.0", "hubs[0].location.lat: Input should be less than or equal to 90 (got 123.0)"),
        ("overflow_budget_ms: 8.0", "overflow_budget_ms: -1", "policy.overflow_budget_ms: Input should be greater than or equal to 0"),
        ("wide_fallback: false", "wide_fallbak: false", "policy.wide_fallbak: Extra inputs are not permitted"),
        ("tangier: {ms: 10.0", "tanger: {ms: 10.0", "rtt_ms.casablanca.tanger: unknown hub"),
        ("default_region: casablanca", "default_region: paris", "geoip.default_region: 'paris' is not a client region"),
        ("kind: spill-in-time", "kind: fastest", "policy.kind: Input should be 'spill-in-time', 'nearest-overflow' or 'expected-latency'"),
        ("{ms: 10.0,  kind: estimated,", "{ms: ten,  kind: estimated,", "rtt_ms.casablanca.tangier.ms: Input should be a valid number"),
        ("  - {name: tangier, display_name: Tangier", "  - {name: dakhla, display_name: Tangier", "hubs[1].name: duplicate name 'dakhla'"),
        ("kind: measured,  note: \"Fez-Tunis", "kind: guessed,  note: \"Fez-Tunis", "rtt_ms.tunis.tangier.kind: Input should be 'measured' or 'estimated'"),
        ("when_full: queue-nearest", "when_full: panic", "policy.when_full"),
    ],
)
def test_each_mistake_names_its_key_path(shipped_text, old, new, expected):
    assert old in shipped_text
    found = problems(shipped_text.replace(old, new, 1))
    assert any(p.startswith(expected) for p in found), found


def test_all_mistakes_are_reported_together(shipped_text):
    text = shipped_text.replace("lat: 23.685", "lat: 123.0").replace("default_region: casablanca", "default_region: paris")
    found = problems(text)
    assert any(p.startswith("hubs[0].location.lat") for p in found)
    assert any(p.startswith("geoip.default_region") for p in found)


def test_missing_section_and_bad_yaml():
    assert any(p.startswith("hubs: Field required") for p in problems("client_regions: []\ngeoip: {database: x, default_region: a}\n"))
    assert problems("hubs: [")[0].startswith("not valid YAML at line 1")
    assert problems("- a list")[0].startswith("(top level): expected a mapping")


def test_missing_rtt_is_estimated_from_distance_and_reported(shipped_text):
    text = shipped_text.replace('    dakar:   {ms: 100.0, kind: estimated, note: "floor 22.7 ms; realistic 60-140 ms, often via Europe"}\n', "")
    config = parse_config(text)
    missing = config.missing_rtts()
    assert [(r, h) for r, h, _ in missing] == [("casablanca", "dakar")]
    estimate = missing[0][2]
    assert config.floor_ms("casablanca", "dakar") < estimate < 100.0
    from controlplane.kernel.config import summary

    assert "estimated from great-circle distance" in summary(config)


def test_cli_validate(capsys, tmp_path, shipped_text):
    assert main(["config", "validate", str(REGIONS_YAML)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: ") and "nearest hub per region" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text(shipped_text.replace("lat: 23.685", "lat: 123.0"))
    assert main(["config", "validate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}: hubs[0].location.lat" in err
