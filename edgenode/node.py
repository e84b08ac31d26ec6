"""`edgeroute edge`: one edge node: its Triton, its gRPC front, and its registration in etcd."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import socket

import grpc.aio

from controlplane.policy import NodeState
from controlplane.registry import DEFAULT_LEASE_TTL_S, NodeRegistration
from edgenode.front import EdgeFront
from edgenode.models import DEFAULT_MODELS
from edgenode.reporter import LoadReporter
from edgenode.triton import ExternalTriton, ManagedTriton, TritonBackend
from proto import SERVER_OPTIONS

LOG = logging.getLogger(__name__)
READY_WAIT_S = 60.0
DRAIN_GRACE_S = 10.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hub", required=True, help="hub this node belongs to (a hub name in regions.yaml)")
    parser.add_argument("--node-id", default=None, help="unique within the hub (default: hub-hostname-port)")
    parser.add_argument("--etcd", required=True, help="etcd endpoint HOST:PORT")
    parser.add_argument("--listen", default="127.0.0.1:0", help="front address HOST:PORT (port 0 picks one)")
    parser.add_argument("--advertise-host", default=None, help="host to register (default: the listen host)")
    parser.add_argument("--triton-url", default=None, help="front an already-running Triton (grpc HOST:PORT)")
    parser.add_argument("--triton-metrics-url", default=None, help="its metrics URL (default HOST:8002/metrics)")
    parser.add_argument("--models", default=None, help="models served, comma-separated (default: all bound)")
    parser.add_argument("--lease-ttl", type=int, default=DEFAULT_LEASE_TTL_S, help="registry lease TTL in seconds")
    parser.add_argument("--max-queue-depth", type=int, default=0,
                        help="admission control: with this many calls in flight here, answer RESOURCE_EXHAUSTED at "
                             "once (with retry-after-ms) so the router tries another hub; 0 turns it off")


async def _serve(args: argparse.Namespace, backend: TritonBackend, models: frozenset[str]) -> None:
    validators = {}
    if "ensemble" in models and isinstance(backend, ManagedTriton):  # our model: check requests at the front
        from edgenode.lm.serving import check_request

        validators["ensemble"] = check_request
    front = EdgeFront(
        backend.grpc_target, node_label=f"{args.hub}/{args.node_id or '?'}", validators=validators,
        max_queue_depth=args.max_queue_depth,
    )
    server = grpc.aio.server(options=SERVER_OPTIONS)
    server.add_generic_rpc_handlers((front.handler(),))
    host, _, port = args.listen.rpartition(":")
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    advertise = f"{args.advertise_host or host}:{bound}"
    node_id = args.node_id or f"{args.hub}-{socket.gethostname()}-{bound}"

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)

    registration = NodeRegistration(args.etcd, args.hub, node_id, ttl_s=args.lease_ttl)
    identity = NodeState(args.hub, node_id, advertise, models, 0, 0, 0.0)
    reporter = LoadReporter(registration, identity, backend.metrics_url, lambda: front.in_flight, front.load_changed)
    try:
        # register only once Triton answers ready: a registered node must be able to serve
        deadline = loop.time() + READY_WAIT_S
        while not await front.triton_ready():
            if loop.time() > deadline or stop.is_set():
                raise SystemExit(f"edge node {node_id}: Triton at {backend.grpc_target} not ready within {READY_WAIT_S:.0f}s")
            await asyncio.sleep(0.2)
        await front.learn_models(models)  # which are decoupled: asked once here, not on a client's first call
        await reporter.start()
        print(f"edge ready on {advertise} hub={args.hub} node={node_id} triton={backend.grpc_target}", flush=True)
        await stop.wait()
        LOG.info("edge node %s stopping: deregistering, then draining", node_id)
    finally:
        await reporter.aclose()
        await registration.aclose()  # deregister first, so routers stop sending before we stop serving
        await server.stop(DRAIN_GRACE_S)
        await front.aclose()


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
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
    # Triton is started on the main thread (PDEATHSIG is per thread) and stopped on every exit path
    backend.start()
    try:
        asyncio.run(_serve(args, backend, models))
    except KeyboardInterrupt:
        pass
    finally:
        backend.stop()
    return 0
