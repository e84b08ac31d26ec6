"""`edgeroute edge`: one edge node: its Triton, its gRPC front, and its registration in etcd.

Lifecycle:
- start Triton (managed) or find it (external); register in etcd only once it answers ready;
- supervise it: if Triton stops answering, deregister at once, restart it (managed) or wait for it
  (external), and register again when it is ready;
- on SIGTERM/SIGINT drain: deregister at once, refuse new calls with UNAVAILABLE (a router retries them on
  another node), let the calls in flight finish within the grace period, save the cache snapshot, then
  stop Triton.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import signal
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import grpc.aio

from controlplane import metrics
from controlplane.auth import load_hop_secret
from controlplane.health import Health
from controlplane.kernel.config import CacheSettings, load_config
from controlplane.kernel.errors import ConfigError, TlsError, TritonStuck
from controlplane.kernel.policy import NodeState
from controlplane.registry import NodeRegistration
from controlplane.tls import TlsDir
from edgenode.front import EdgeFront
from edgenode.models import DEFAULT_MODELS
from edgenode.reporter import LoadReporter
from edgenode.triton import ExternalTriton, ManagedTriton, TritonBackend
from proto import SERVER_OPTIONS

LOG = logging.getLogger(__name__)
READY_WAIT_S = 60.0
PROBE_INTERVAL_S = 0.5  # how often the supervisor asks Triton whether it is ready
PROBE_TIMEOUT_S = 1.0
CLOSE_WAIT_S = 10.0  # how long a stopping node waits for a Triton restart under way before it kills that Triton


def cache_settings(args: argparse.Namespace) -> CacheSettings:
    if args.config:
        try:
            settings = load_config(Path(args.config)).cache
        except ConfigError as exc:
            raise SystemExit(f"edge node: {exc}") from exc
    else:
        settings = CacheSettings()
    if args.no_cache:
        settings = settings.model_copy(update={"enabled": False})
    return settings


class Supervisor:
    """Watches Triton; on its death takes the node out of the registry, brings Triton back, and re-registers."""

    def __init__(
        self, backend: TritonBackend, front: EdgeFront, reporter: LoadReporter, registration: NodeRegistration,
        models: frozenset[str], health: Health,
    ) -> None:
        self.backend, self.front, self.reporter, self.registration, self.models, self.health = (
            backend, front, reporter, registration, models, health)
        self.restarts = 0
        # the thread that restarts a managed Triton, made on the first restart and kept until close(): off the
        # event loop, so the node keeps refusing calls fast (UNAVAILABLE: the router retries them elsewhere) and
        # answering health checks while Triton comes back; one thread that lives on, because Triton's PDEATHSIG
        # follows the thread that forked it
        self._owner: ThreadPoolExecutor | None = None

    async def wait_ready(self, stop: asyncio.Event, deadline_s: float | None) -> bool:
        loop = asyncio.get_running_loop()
        deadline = None if deadline_s is None else loop.time() + deadline_s
        while not await self.front.triton_ready(PROBE_TIMEOUT_S):
            if stop.is_set() or (deadline is not None and loop.time() > deadline):
                return False
            await asyncio.sleep(0.2)
        await self.front.learn_models(self.models)  # which are decoupled: asked here, not on a client's call
        return True

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                async with asyncio.timeout(PROBE_INTERVAL_S):  # (not wait_for: see LoadReporter._run)
                    await self.front.triton_trouble.wait()
            except TimeoutError:
                pass
            self.front.triton_trouble.clear()
            if stop.is_set() or await self.front.triton_ready(PROBE_TIMEOUT_S):
                continue
            if await self.front.triton_ready(PROBE_TIMEOUT_S):  # a second look before acting
                continue
            await self.recover(stop)

    async def recover(self, stop: asyncio.Event) -> None:
        LOG.warning("Triton at %s is not answering: deregistering and bringing it back", self.front.triton_target)
        self.front.not_serving = "has lost its Triton and is bringing it back"
        # the calls in flight there fail UNAVAILABLE now, and routers retry them on another node: a frozen Triton
        # keeps its connections open, and they would wait out their deadlines
        if abandoned := await self.front.abandon_triton():
            LOG.warning("%d call(s) in flight at that Triton answered UNAVAILABLE, to be retried elsewhere", abandoned)
        await self.health.set(False)
        await self.reporter.pause()
        await self.registration.deregister()
        if stop.is_set():
            # the node is stopping: a SIGTERM to its process group stops its Triton too, and a restart begun now
            # would hold the way out (close() waits for the thread that owns it)
            return
        metrics.EDGE_TRITON_RESTARTS.inc()
        self.restarts += 1
        if isinstance(self.backend, ManagedTriton):
            if self._owner is None:
                self._owner = ThreadPoolExecutor(max_workers=1, thread_name_prefix="triton-owner")
            await asyncio.get_running_loop().run_in_executor(self._owner, self._restart)
            await self.front.connect(self.backend.grpc_target)
            self.reporter.scrape_from(self.backend.metrics_url)
        if not await self.wait_ready(stop, None if isinstance(self.backend, ExternalTriton) else READY_WAIT_S):
            if not stop.is_set():
                raise SystemExit(f"Triton did not come back within {READY_WAIT_S:.0f}s")
            return
        self.front.not_serving = None
        await self.reporter.start()
        await self.health.set(True)
        LOG.info("Triton back on %s; registered again", self.front.triton_target)

    def _restart(self) -> None:
        self.backend.stop(hard=True)  # it stopped answering: no grace
        self.backend.start()

    async def close(self, wait_s: float = CLOSE_WAIT_S) -> None:
        """Stop a Triton that a restart started, on the thread that owns it, then let that thread go (a restart
        still under way finishes first, so its Triton is stopped too, not left to its PDEATHSIG).

        A restart that does not finish within `wait_s` is one whose new Triton died as it started (a SIGTERM to
        the node's whole group): PyTriton would wait minutes for it. Its processes and folder are removed here and
        TritonStuck is raised: the node must then leave without waiting for that thread (see run())."""
        if self._owner is None:
            return
        owner, self._owner = self._owner, None
        stopping = asyncio.get_running_loop().run_in_executor(owner, self.backend.stop)
        try:
            async with asyncio.timeout(wait_s):  # (not wait_for: see LoadReporter._run)
                await stopping
        except TimeoutError:
            assert isinstance(self.backend, ManagedTriton)  # the only backend with an owner thread
            self.backend.kill()
            owner.shutdown(wait=False, cancel_futures=True)
            raise TritonStuck(f"a Triton restart was still under way {wait_s:.0f}s after the node began stopping; "
                              "its processes and folder were removed") from None
        owner.shutdown(wait=True)


async def _serve(
    args: argparse.Namespace, backend: TritonBackend, models: frozenset[str], settings: CacheSettings
) -> None:
    validators = {}
    if "ensemble" in models and isinstance(backend, ManagedTriton):  # our model: check requests at the front
        from edgenode.lm.serving import check_request

        validators["ensemble"] = check_request
    cache = None
    if settings.enabled and any(settings.for_model(m) for m in models):
        from edgenode.cache.edge import EdgeCache

        cache = EdgeCache.build(settings)
        try:
            loaded = cache.load_snapshot()
            if loaded:
                LOG.info("cache: %d entries loaded from %s", loaded, cache.snapshot_path)
        except ValueError as exc:
            LOG.warning("cache: %s; starting empty", exc)
    # what start-up loaded (the guard's word tables: about 400,000 objects) leaves the cyclic collector's walk: a
    # full collection holds the event loop for as long as it walks (bench.cache_lookup measures it)
    gc.collect()
    gc.freeze()
    tls = TlsDir.open(args.tls_dir, "edge")
    front = EdgeFront(
        backend.grpc_target, node_label=f"{args.hub}/{args.node_id or '?'}", validators=validators,
        max_queue_depth=args.max_queue_depth, cache=cache, hop_secret=load_hop_secret(args.hop_secret_file),
        require_router_cert=tls is not None,
    )
    server = grpc.aio.server(options=SERVER_OPTIONS)
    server.add_generic_rpc_handlers((front.handler(),))
    health = Health()  # SERVING once Triton is ready and the node registered; NOT_SERVING from the drain on
    await health.set(False)
    health.add_to(server)
    host, _, port = args.listen.rpartition(":")
    health_note = ""
    if args.health_port is not None:
        health_note = f" health={host}:{await health.serve_plain(f'{host}:{args.health_port}')}"
    if tls is None:
        bound = server.add_insecure_port(f"{host}:{port}")
    else:  # mutual TLS: a caller without a certificate of our CA fails the handshake; the front checks it is a router
        bound = server.add_secure_port(f"{host}:{port}", tls.server_credentials("edge", require_client_cert=True))
    await server.start()
    advertise = f"{args.advertise_host or host}:{bound}"
    node_id = args.node_id or f"{args.hub}-{socket.gethostname()}-{bound}"
    metrics_note = ""
    if args.metrics_port is not None:
        metrics_note = f" metrics=http://{host}:{metrics.serve_metrics(args.metrics_port, host)}/metrics"

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)

    registration = NodeRegistration(args.etcd, args.hub, node_id, ttl_s=args.lease_ttl, tls=tls)
    identity = NodeState(args.hub, node_id, advertise, models, 0, 0, 0.0)
    reporter = LoadReporter(
        registration, identity, backend.metrics_url, lambda: front.in_flight, front.load_changed,
        cache_hit_rate=(lambda: cache.hit_rate) if cache is not None else (lambda: 0.0),
        slots=args.slots, received=lambda: front.received,
    )
    supervisor = Supervisor(backend, front, reporter, registration, models, health)
    watching: asyncio.Task[None] | None = None
    try:
        # register only once Triton answers ready: a registered node must be able to serve
        if not await supervisor.wait_ready(stop, READY_WAIT_S):
            raise SystemExit(f"edge node {node_id}: Triton at {backend.grpc_target} not ready within {READY_WAIT_S:.0f}s")
        await reporter.start()
        await health.set(True)
        watching = asyncio.create_task(supervisor.run(stop), name="triton-supervisor")
        http_note = f" triton_http={backend.http_target}" if backend.http_target else ""
        print(f"edge ready on {advertise} hub={args.hub} node={node_id} triton={backend.grpc_target}{metrics_note}{http_note}"
              f"{health_note}", flush=True)
        stopped = asyncio.create_task(stop.wait())
        await asyncio.wait({stopped, watching}, return_when=asyncio.FIRST_COMPLETED)
        stopped.cancel()
        if watching.done():
            watching.result()  # the supervisor gave up: raise its SystemExit
        LOG.info("edge node %s stopping: deregistering, then draining %d call(s)", node_id, front.in_flight)
    finally:
        # drain: out of the registry first, so routers stop sending; refuse what still arrives; finish the rest
        front.not_serving = "is draining"
        await health.drain()
        if watching is not None:
            watching.cancel()
            await asyncio.gather(watching, return_exceptions=True)
        await reporter.aclose()
        await registration.aclose()
        deadline = loop.time() + args.drain_grace
        while front.in_flight and loop.time() < deadline:
            await asyncio.sleep(0.02)
        await server.stop(max(0.0, deadline - loop.time()))
        if cache is not None and cache.snapshot_path is not None:
            LOG.info("cache: %d entries saved to %s", cache.save_snapshot(), cache.snapshot_path)
        await front.aclose()
        await health.aclose()
        await supervisor.close()


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # httpx logs a line per metrics scrape (up to 20 a second), which buries the rest
    logging.getLogger("httpx").setLevel(logging.WARNING)
    backend: TritonBackend
    if args.triton_url:
        backend = ExternalTriton(args.triton_url, args.triton_metrics_url)
        models = frozenset((args.models or "").split(",")) - {""}
        if not models:
            raise SystemExit("--triton-url needs --models NAME[,NAME...] (the models that Triton serves)")
    else:
        wanted = set((args.models or ",".join(s.name for s in DEFAULT_MODELS)).split(","))
        specs = [s for s in DEFAULT_MODELS if s.name in wanted]
        unknown = wanted - {s.name for s in specs}
        if unknown:
            raise SystemExit(f"--models: unknown model(s) {sorted(unknown)}; available: {[s.name for s in DEFAULT_MODELS]}")
        backend = ManagedTriton(specs)
        models = frozenset(s.name for s in specs)
        if "ensemble" in models:  # load the language model now, not inside the first request
            from edgenode.lm.serving import LanguageModel

            LanguageModel.shared()
    settings = cache_settings(args)  # a bad --config fails here, before Triton starts
    try:
        TlsDir.open(args.tls_dir, "edge")  # and so does a --tls-dir without the node's files
    except TlsError as exc:
        raise SystemExit(f"edge node not started: {exc}") from exc
    # Triton is started on the main thread (PDEATHSIG is per thread; a restart runs on the supervisor's own thread, and
    # Supervisor.close stops what it started) and stopped on every exit path
    backend.start()
    try:
        asyncio.run(_serve(args, backend, models, settings))
    except KeyboardInterrupt:
        pass
    except TritonStuck as exc:
        # the stuck start's thread holds PyTriton's lock, and PyTriton's exit hook (and the join of that thread) would
        # wait for it: everything of ours is already stopped and removed, so leave without running them
        LOG.warning("edge node stopped: %s", exc)
        logging.shutdown()
        os._exit(0)
    finally:
        backend.stop()
    return 0
