"""The router process: config (file and etcd, hot-reloaded), Geo-IP, the registry watch, gRPC and metrics."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from pathlib import Path

from controlplane import metrics
from controlplane.geoip import Locator
from controlplane.health import Health
from controlplane.http_front import HttpFront
from controlplane.kernel.config import RegionsConfig, load_config, parse_config, resolve_database_path
from controlplane.kernel.errors import ConfigError
from controlplane.kernel.ledger import LoadLedger
from controlplane.registry import RegistryState, RegistryWatcher
from controlplane.router import Router, RouterState, build_state, make_server
from controlplane.tls import ReloadingSSLContext, TlsDir
from controlplane.transport import GrpcTransport

LOG = logging.getLogger(__name__)
FILE_POLL_S = 1.0


class RouterService:
    """Owns every background task of one router; start() then aclose()."""

    def __init__(
        self, config_path: str | Path, etcd: str, listen: str = "127.0.0.1:0", metrics_port: int | None = None,
        rng: random.Random | None = None, via: dict[str, str] | None = None, hop_secret: bytes | None = None,
        http_listen: str | None = None, health_listen: str | None = None, tls: TlsDir | None = None,
        edge_server_name: str | None = None,
    ) -> None:
        self._config_path = Path(config_path)
        self._etcd = etcd
        self._listen = listen
        self._metrics_port = metrics_port
        config = load_config(self._config_path)
        self._config_mtime = self._mtime()
        self._config_text = self._config_path.read_bytes()
        self._pushed_text: bytes | None = None
        locator = Locator(config, resolve_database_path(config, self._config_path))
        self.ledger = LoadLedger(config.policy.outlier_detection, on_eject=lambda node: metrics.EJECTIONS.labels(node.hub).inc())
        self.tls = tls
        self.transport = GrpcTransport(via=via, tls=tls, edge_server_name=edge_server_name)
        self.router = Router(build_state(config, locator, {}, 0), self.ledger, self.transport, rng, hop_secret=hop_secret)
        self.watcher = RegistryWatcher(etcd, self._on_registry, tls)
        self._server = make_server(self.router)
        self.health = Health()  # SERVING while the snapshot holds a live node; NOT_SERVING for good on aclose
        self.health.add_to(self._server)
        self._health_listen = health_listen
        self.health_port: int | None = None
        self._http_listen = http_listen
        self.http: HttpFront | None = None
        self.http_port: int | None = None
        self._http_ssl: ReloadingSSLContext | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.port = 0
        self.metrics_port: int | None = None

    @property
    def config(self) -> RegionsConfig:
        return self.router.state.snapshot.config

    def _mtime(self) -> float:
        try:
            return self._config_path.stat().st_mtime
        except OSError:
            return 0.0

    async def start(self, wait_registry_s: float = 10.0) -> int:
        await self.health.set(False)
        if self._health_listen is not None:  # first: a probe sees NOT_SERVING while the router starts
            self.health_port = await self.health.serve_plain(self._health_listen)
        await self.watcher.start()
        # serve only once the first registry read is in: calls before it would all fail
        # (not wait_for: on Python 3.11 it can drop a cancel that lands in the loop step the wait ends in)
        async with asyncio.timeout(wait_registry_s):
            await self.watcher.ready.wait()
        if self.tls is None:
            self.port = self._server.add_insecure_port(self._listen)
        else:  # clients need only the CA; the certificate is read again at each handshake after it changes
            self.port = self._server.add_secure_port(self._listen, self.tls.server_credentials("router", False))
        await self._server.start()
        if self._http_listen is not None:
            host, _, port = self._http_listen.rpartition(":")
            self.http = HttpFront(self.router)
            self._http_ssl = self.tls.server_ssl_context("router") if self.tls is not None else None
            self.http_port = await self.http.start(host or "127.0.0.1", int(port),
                                                   self._http_ssl.context if self._http_ssl else None)
        if self._metrics_port is not None:
            self.metrics_port = metrics.serve_metrics(self._metrics_port)
        self._tasks.append(asyncio.create_task(self._watch_file(), name="config-file-watch"))
        if self.tls is not None:
            self._tasks.append(asyncio.create_task(self._watch_certificates(), name="certificate-watch"))
        self._tasks.append(asyncio.create_task(self._gauges(), name="router-gauges"))
        return self.port

    # ---- registry and config -----------------------------------------------------------------
    async def _on_registry(self, registry: RegistryState) -> None:
        if registry.config_text is not None and registry.config_text != self._pushed_text:
            self._pushed_text = registry.config_text
            self.reload_from_text(registry.config_text, "etcd")
        state = self.router.state
        self.ledger.on_registry(registry.nodes)
        self.transport.on_registry(registry.nodes)
        self.router.state = build_state(state.snapshot.config, state.locator, registry.nodes, registry.revision)
        self._update_hub_gauges()
        await self.health.set(bool(registry.nodes))

    def _reloaded(self, state: RouterState, text: bytes, source: str) -> RouterState | None:
        """A validated new state, or None (old config kept) with the errors logged and counted."""
        label = str(self._config_path) if source == "file" else "etcd /edgeroute/v1/config/regions.yaml"
        try:
            config = parse_config(text.decode("utf-8", errors="replace"), label)
            locator = state.locator
            if config.geoip != state.snapshot.config.geoip or config.client_regions != state.snapshot.config.client_regions:
                locator = Locator(config, resolve_database_path(config, self._config_path))
        except ConfigError as exc:
            LOG.error("rejected config from %s; keeping the running one\n%s", source, exc.report())
            metrics.CONFIG_RELOADS.labels(source, "rejected").inc()
            return None
        metrics.CONFIG_RELOADS.labels(source, "applied").inc()
        self.ledger.configure(config.policy.outlier_detection)
        LOG.info("applied new config from %s", source)
        return RouterState(state.snapshot.with_config(config), locator)

    def reload_from_text(self, text: bytes, source: str) -> bool:
        new_state = self._reloaded(self.router.state, text, source)
        if new_state is None:
            return False
        old_locator = self.router.state.locator
        self.router.state = new_state  # one assignment: calls in flight keep the state they started with
        self.router.auth.reconfigure(new_state.snapshot.config.auth)  # tenants and keys; buckets kept per tenant
        if new_state.locator is not old_locator:
            old_locator.close()  # safe: lookups are synchronous, so no call is inside the old one now
        return True

    async def _watch_file(self) -> None:
        while True:
            await asyncio.sleep(FILE_POLL_S)
            mtime = self._mtime()
            if mtime == self._config_mtime:
                continue
            self._config_mtime = mtime
            try:
                text = await asyncio.to_thread(self._config_path.read_bytes)
            except OSError as exc:
                LOG.error("cannot read %s (%s); keeping the running config", self._config_path, exc)
                continue
            if text != self._config_text:
                self._config_text = text
                self.reload_from_text(text, "file")

    async def _watch_certificates(self) -> None:
        """New router certificate files: the HTTP front loads them in place, the channels to edge nodes are
        rebuilt (gRPC's server side reads them itself at its next handshake). Open connections keep theirs."""
        while True:
            await asyncio.sleep(FILE_POLL_S)
            if self._http_ssl is not None and self._http_ssl.check():
                LOG.info("HTTP front: new certificate loaded")
            if self.transport.reload_credentials():
                LOG.info("new router certificate: channels to edge nodes rebuilt")

    def _update_hub_gauges(self) -> None:
        snapshot = self.router.state.snapshot
        for hub in snapshot.config.hubs:
            nodes = [n for n in snapshot.nodes.values() if n.hub == hub.name]
            metrics.HUB_NODES.labels(hub.name).set(len(nodes))
            metrics.HUB_QUEUE_DEPTH.labels(hub.name).set(sum(n.queue_depth for n in nodes))

    async def _gauges(self) -> None:
        while True:
            metrics.SNAPSHOT_AGE.set(time.monotonic() - self.watcher.last_update_monotonic)
            await asyncio.sleep(1.0)

    async def aclose(self, grace_s: float = 5.0) -> None:
        await self.health.drain()  # probes see NOT_SERVING while calls in flight finish
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()
        if self.http is not None:
            await self.http.aclose()
        await self._server.stop(grace_s)
        await self.watcher.aclose()
        await self.transport.aclose()
        await self.health.aclose()
        self.router.state.locator.close()
