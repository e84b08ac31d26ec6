"""edgeroute control plane: the pure routing kernel (controlplane.kernel), Geo-IP, the registry, the
router and its transport, and the CLI on top of everything. Its public surface is the kernel's."""

from controlplane import kernel
from controlplane.kernel import *  # noqa: F403

__all__ = list(kernel.__all__)
