"""edgeroute control plane: the pure routing kernel (controlplane.kernel), Geo-IP, the registry, the
router and its transport, and the CLI on top of everything."""

from controlplane.kernel import (
    ConfigError,
    EdgerouteError,
    LoadLedger,
    NodeState,
    RegionsConfig,
    RegistryError,
    RequestFacts,
    RouteDecision,
    Snapshot,
    choose,
    load_config,
    parse_config,
)

__all__ = [
    "ConfigError",
    "EdgerouteError",
    "LoadLedger",
    "NodeState",
    "RegionsConfig",
    "RegistryError",
    "RequestFacts",
    "RouteDecision",
    "Snapshot",
    "choose",
    "load_config",
    "parse_config",
]
