"""The pure routing kernel: the regions.yaml model, geo maths, the routing policy, the router's per-node
books (load between reports, outlier ejection) and the project's one exception tree.

Imported by the router, the edge node and the simulator; imports no gRPC, etcd, HTTP or CLI code.
"""

from controlplane.kernel.config import RegionsConfig, load_config, parse_config
from controlplane.kernel.errors import ConfigError, EdgerouteError, RegistryError
from controlplane.kernel.ledger import LoadLedger
from controlplane.kernel.policy import NodeState, RequestFacts, RouteDecision, Snapshot, choose

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
