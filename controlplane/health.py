"""grpc.health.v1 for routers and edge nodes (the grpcio-health-checking servicer), as orchestrators probe it.

One status covers the server ("") and the inference service: SERVING only when the process can serve
(router: a snapshot with live nodes; edge: Triton ready and the node registered), NOT_SERVING otherwise,
and NOT_SERVING for good once it drains. Kubernetes' `grpc:` probes speak this protocol but not TLS, so a
process may also serve it alone on a plaintext health port (`--health-port`), apart from its TLS front.
The service named "liveness" answers whether the process is alive (SERVING until it drains), for liveness probes.
"""

from __future__ import annotations

import grpc.aio
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1.health import aio as health_aio

from proto import SERVICE_NAME

SERVICES = ("", SERVICE_NAME)
# "is the process alive": SERVING from start until the drain, whatever the readiness. A liveness probe asks this
# name, so a router with no live node in its snapshot is taken out of rotation, not restarted.
LIVENESS = "liveness"


class Health:
    def __init__(self) -> None:
        self.servicer = health_aio.HealthServicer()
        self.serving: bool | None = None  # None until the first set()
        self._plain: grpc.aio.Server | None = None

    async def set(self, serving: bool) -> None:
        """Called on every registry event by a router: only a change reaches the servicer (which ignores
        every set() once draining, so a drained process stays NOT_SERVING)."""
        if serving == self.serving:
            return
        self.serving = serving
        status = health_pb2.HealthCheckResponse.SERVING if serving else health_pb2.HealthCheckResponse.NOT_SERVING
        for service in SERVICES:
            await self.servicer.set(service, status)
        await self.servicer.set(LIVENESS, health_pb2.HealthCheckResponse.SERVING)

    async def drain(self) -> None:
        self.serving = False
        await self.servicer.enter_graceful_shutdown()

    def add_to(self, server: grpc.aio.Server) -> None:
        health_pb2_grpc.add_HealthServicer_to_server(self.servicer, server)

    async def serve_plain(self, listen: str) -> int:
        """Serve only the health service on HOST:PORT, in plaintext; returns the bound port."""
        self._plain = grpc.aio.server()
        self.add_to(self._plain)
        port = self._plain.add_insecure_port(listen)
        await self._plain.start()
        return port

    async def aclose(self) -> None:
        if self._plain is not None:
            await self._plain.stop(None)
            self._plain = None
