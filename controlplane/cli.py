"""`edgeroute`: the command line. The control plane's own commands (config, router, auth, up, status, route, certs)
are here; the packages built on it add theirs through the `edgeroute.commands` entry points (pyproject.toml):
edgenode.cli (edge, trtllm-repo) and simulator.cli (simulate, demo)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import signal
import sys
import time
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING

from controlplane.kernel.config import DEFAULT_CONFIG, ETCD_HELP

if TYPE_CHECKING:
    from controlplane.tls import TlsDir

TLS_CLIENT_HELP = "certificates (edgeroute certs init): reach etcd over TLS with client.crt"
COMMANDS_GROUP = "edgeroute.commands"  # entry points: a callable that adds its subparsers to the command parser


def _config_validate(args: argparse.Namespace) -> int:
    from controlplane.kernel.config import load_config, resolve_database_path, summary
    from controlplane.kernel.errors import ConfigError

    try:
        config = load_config(args.file)
    except ConfigError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    database = resolve_database_path(config, args.file)
    print(f"ok: {args.file}")
    print(summary(config))
    if not database.exists():
        print(f"warning: geoip.database {database} does not exist yet", file=sys.stderr)
    return 0


def _config_push(args: argparse.Namespace) -> int:
    from controlplane.kernel.config import parse_config
    from controlplane.kernel.errors import ConfigError
    from controlplane.registry import CONFIG_KEY, push_config

    text = Path(args.file).read_bytes()
    try:
        parse_config(text.decode("utf-8", errors="replace"), args.file)
    except ConfigError as exc:
        if not args.force:
            print(exc.report(), file=sys.stderr)
            print("not pushed: fix the errors above (routers would reject it anyway)", file=sys.stderr)
            return 1
    revision = asyncio.run(push_config(args.etcd, text, _tls(args, "client")))
    print(f"pushed {args.file} to {CONFIG_KEY} at revision {revision}; routers validate it before applying")
    return 0


def _tls(args: argparse.Namespace, role: str) -> TlsDir | None:
    from controlplane.tls import TlsDir

    return TlsDir.open(args.tls_dir, role)


def _router(args: argparse.Namespace) -> int:
    from controlplane.kernel.errors import ConfigError, TlsError

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        via = dict(_parse_via(item) for item in args.via)
        from controlplane.auth import load_hop_secret

        secret = load_hop_secret(args.hop_secret_file)
        if args.http_listen is not None:
            host, _, port = args.http_listen.rpartition(":")
            if not host or not port.isdigit() or int(port) > 65535:
                raise ValueError(f"--http-listen {args.http_listen[:80]!r}: expected HOST:PORT (PORT 0: any free port)")
        tls = _tls(args, "router")
        asyncio.run(_serve_router(args.config, args.etcd, args.listen, args.metrics_port, via, secret, args.http_listen,
                                  _health_listen(args.listen, args.health_port), tls, args.edge_server_name))
    except (ValueError, TlsError) as exc:
        print(f"router not started: {exc}", file=sys.stderr)
        return 2
    except ConfigError as exc:
        print(exc.report(), file=sys.stderr)
        print("router not started: fix the config (edgeroute config validate FILE)", file=sys.stderr)
        return 2
    return 0


def _auth_hash_key(args: argparse.Namespace) -> int:
    from controlplane.auth import key_digest

    key = args.key if args.key is not None else sys.stdin.readline().strip()
    if not key:
        print("no key given: pass it as an argument or on stdin", file=sys.stderr)
        return 2
    print(key_digest(key))
    return 0


def _auth_new_key(args: argparse.Namespace) -> int:
    import secrets

    from controlplane.auth import key_digest

    key = f"er_{secrets.token_urlsafe(32)}"
    print(f"key:        {key}\nkey_sha256: {key_digest(key)}   (put this in regions.yaml; give the key to the tenant)")
    return 0


def _parse_via(item: str) -> tuple[str, str]:
    node, sep, dial = item.partition("=")
    if not sep or ":" not in node or ":" not in dial:
        raise ValueError(f"--via {item!r}: expected NODE_HOST:PORT=DIAL_HOST:PORT")
    return node, dial


def _health_listen(listen: str, port: int | None) -> str | None:
    return None if port is None else f"{listen.rpartition(':')[0] or '127.0.0.1'}:{port}"


async def _serve_router(
    config: str, etcd: str, listen: str, metrics_port: int | None, via: dict[str, str] | None = None,
    hop_secret: bytes | None = None, http_listen: str | None = None, health_listen: str | None = None,
    tls: TlsDir | None = None, edge_server_name: str | None = None,
) -> None:
    from controlplane.service import RouterService

    service = RouterService(config, etcd, listen, metrics_port, via=via, hop_secret=hop_secret, http_listen=http_listen,
                            health_listen=health_listen, tls=tls, edge_server_name=edge_server_name)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    try:
        port = await service.start()
        host = listen.rpartition(":")[0]
        extra = f" metrics on :{service.metrics_port}" if service.metrics_port else ""
        if service.http_port is not None:
            extra += f" http={http_listen.rpartition(':')[0] or '127.0.0.1'}:{service.http_port}"  # type: ignore[union-attr]
        if service.health_port is not None:
            extra += f" health={health_listen.rpartition(':')[0]}:{service.health_port}"  # type: ignore[union-attr]
        print(f"router ready on {host}:{port}{extra}{' tls' if tls is not None else ''}", flush=True)
        await stop.wait()
    finally:
        await service.aclose()


def _up(args: argparse.Namespace) -> int:
    from controlplane.kernel.config import load_config
    from controlplane.stack import Stack

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from controlplane.kernel.errors import ConfigError, TlsError

    try:
        config = load_config(args.config)
        tls = _tls(args, "router")
        for role in ("edge", "etcd"):  # every file the stack will need, checked before anything starts
            _tls(args, role)
    except ConfigError as exc:
        print(exc.report(), file=sys.stderr)
        return 2
    except TlsError as exc:
        print(f"not started: {exc}", file=sys.stderr)
        return 2
    # SIGTERM becomes KeyboardInterrupt so every exit path runs the same teardown
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    import secrets

    with Stack(args.config, echo=args.verbose, tls_dir=args.tls_dir) as stack:
        # the edge nodes take calls only through this stack's router: by its certificate under TLS, else by a
        # hop secret made fresh for this run
        hop_args: list[str] = []
        secret = None
        if tls is None:
            secret_file = stack.temp_dir / "hop.secret"
            secret_file.write_text(secrets.token_hex(32))
            secret_file.chmod(0o600)
            hop_args, secret = ["--hop-secret-file", str(secret_file)], secret_file.read_bytes()
        try:
            stack.start_etcd()
            print(f"etcd ready on {stack.endpoint}{' (TLS)' if tls else ''}", flush=True)
            edges = stack.start_edges([(hub.name, f"{hub.name}-1") for hub in config.hubs], extra_args=hop_args)
            for edge in edges:
                print(f"edge node {edge.node_id} ready on {edge.address} (Triton {edge.triton})", flush=True)
            http_listen = f"{args.host}:{args.http_port}" if args.http_port is not None else None
            asyncio.run(_serve_router(args.config, stack.endpoint, f"{args.host}:{args.port}", args.metrics_port,
                                      hop_secret=secret, http_listen=http_listen, tls=tls))
        except KeyboardInterrupt:
            pass
        finally:
            print("stopping: router, edge nodes, etcd", flush=True)
    return 0


def _status(args: argparse.Namespace) -> int:
    from controlplane.registry import read_registry

    while True:
        state = asyncio.run(read_registry(args.etcd, _tls(args, "client")))
        now = time.time()
        rows = sorted(state.nodes.values(), key=lambda n: n.key)
        if args.json:
            hubs: dict[str, list[dict[str, object]]] = {}
            for node in rows:
                hubs.setdefault(node.hub, []).append(
                    {
                        "node_id": node.node_id, "address": node.address, "models": sorted(node.models),
                        "queue_depth": node.queue_depth, "in_flight": node.in_flight,
                        "report_age_ms": round((now - node.reported_at) * 1000, 1),
                    }
                )
            print(json.dumps({"revision": state.revision, "hubs": hubs}, indent=2), flush=True)
        else:
            if args.watch:
                print("\033[2J\033[H", end="")
            print(f"registry at {args.etcd}, revision {state.revision}, {len(rows)} node(s)")
            print(f"{'hub':<10} {'node':<16} {'address':<22} {'queue':>5} {'flight':>6} {'age ms':>8}  models")
            for node in rows:
                print(
                    f"{node.hub:<10} {node.node_id:<16} {node.address:<22} {node.queue_depth:>5} {node.in_flight:>6} "
                    f"{(now - node.reported_at) * 1000:>8.0f}  {','.join(sorted(node.models))}", flush=True
                )
        if not args.watch:
            return 0
        time.sleep(args.interval)


def _route(args: argparse.Namespace) -> int:
    from controlplane.geoip import Locator
    from controlplane.kernel.config import load_config, parse_config, resolve_database_path
    from controlplane.kernel.policy import RequestFacts, Snapshot, choose
    from controlplane.registry import read_registry

    state = asyncio.run(read_registry(args.etcd, _tls(args, "client")))
    config = load_config(args.config)
    if state.config_text is not None:
        config = parse_config(state.config_text.decode(), "etcd config")
    locator = Locator(config, resolve_database_path(config, args.config))
    region, how = locator.region_for_address(args.ip)
    print(f"address {args.ip}: region {region} ({how})")
    decision = choose(
        Snapshot.build(config, state.nodes, state.revision), RequestFacts(region, args.model),
        now=time.time(), rng=random.Random(0), explain=True,
    )
    print(decision.explain())
    return 0


def _certs_init(args: argparse.Namespace) -> int:
    from controlplane.tls import DEFAULT_HOSTS, init_certs

    written = init_certs(Path(args.dir), args.host or DEFAULT_HOSTS, args.days, args.force)  # TlsError: main()
    for path in written:
        print(f"wrote {path}")
    print(f"next: edgeroute up --tls-dir {args.dir}; clients trust {Path(args.dir) / 'ca.crt'} "
          f"(tritonclient: ssl=True, root_certificates=...); keep ca.key off the serving hosts")
    return 0


def _certs_issue(args: argparse.Namespace) -> int:
    from controlplane.tls import DEFAULT_HOSTS, issue

    for path in issue(Path(args.dir), args.role, args.host or DEFAULT_HOSTS, args.days):  # TlsError: main()
        print(f"wrote {path} (running processes pick it up at their next handshake)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="edgeroute", description="Multi-region edge routing for Triton inference")
    commands = parser.add_subparsers(dest="command", required=True)

    config = commands.add_parser("config", help="validate or push regions.yaml").add_subparsers(dest="action", required=True)
    validate = config.add_parser("validate", help="check a regions.yaml; print a summary or every error")
    validate.add_argument("file")
    validate.set_defaults(func=_config_validate)
    push = config.add_parser("push", help="write a regions.yaml to etcd for every router")
    push.add_argument("file")
    push.add_argument("--etcd", required=True, help=ETCD_HELP)
    push.add_argument("--tls-dir", default=None, help=TLS_CLIENT_HELP)
    push.add_argument("--force", action="store_true", help="push even if it does not validate (for testing routers)")
    push.set_defaults(func=_config_push)

    router = commands.add_parser("router", help="run a router")
    router.add_argument("--config", default=DEFAULT_CONFIG)
    router.add_argument("--etcd", required=True, help=ETCD_HELP)
    router.add_argument("--tls-dir", default=None,
                        help="certificates (edgeroute certs init): serve clients over TLS (gRPC and HTTP), call edge "
                             "nodes over mutual TLS, reach etcd over TLS, all with router.crt")
    router.add_argument("--listen", default="127.0.0.1:8001")
    router.add_argument("--metrics-port", type=int, default=None)
    router.add_argument("--http-listen", default=None, metavar="HOST:PORT",
                        help="also serve KServe v2 HTTP/REST and the OpenAI API here (port 0: any free port)")
    router.add_argument("--edge-server-name", default=None,
                        help="with --tls-dir: the name edge certificates must hold (certs init puts edgeroute-edge in "
                             "edge.crt), instead of each node's registered host, e.g. when nodes register pod IPs")
    router.add_argument("--health-port", type=int, default=None,
                        help="also serve grpc.health.v1 alone, in plaintext, on this port of the --listen host "
                             "(Kubernetes grpc probes do not speak TLS; 0: any free port)")
    router.add_argument("--via", action="append", default=[], metavar="NODE=DIAL",
                        help="dial node address NODE at DIAL instead (repeatable): a tunnel, sidecar or delay relay")
    router.add_argument("--hop-secret-file", default=None,
                        help="secret shared with the edge nodes, to sign the tenant on every call "
                             "(default: $EDGEROUTE_HOP_SECRET; unset: calls to nodes are not signed)")
    router.set_defaults(func=_router)

    auth = commands.add_parser("auth", help="API keys for regions.yaml").add_subparsers(dest="action", required=True)
    hash_key = auth.add_parser("hash-key", help="print the SHA-256 that regions.yaml stores for an API key")
    hash_key.add_argument("key", nargs="?", default=None, help="the key (default: read one line from stdin)")
    hash_key.set_defaults(func=_auth_hash_key)
    new_key = auth.add_parser("new-key", help="make a random API key and print it with its hash")
    new_key.set_defaults(func=_auth_new_key)

    up = commands.add_parser("up", help="run etcd, one edge node per hub and a router until Ctrl-C")
    up.add_argument("--config", default=DEFAULT_CONFIG)
    up.add_argument("--host", default="127.0.0.1")
    up.add_argument("--port", type=int, default=8001)
    up.add_argument("--metrics-port", type=int, default=None)
    up.add_argument("--http-port", type=int, default=None, help="also serve KServe v2 HTTP/REST and the OpenAI API")
    up.add_argument("--verbose", action="store_true", help="echo child process output")
    up.add_argument("--tls-dir", default=None,
                    help="certificates (edgeroute certs init): TLS on every hop, etcd included")
    up.set_defaults(func=_up)

    status = commands.add_parser("status", help="hubs and nodes with queue depth and report age")
    status.add_argument("--etcd", required=True, help=ETCD_HELP)
    status.add_argument("--tls-dir", default=None, help=TLS_CLIENT_HELP)
    status.add_argument("--json", action="store_true")
    status.add_argument("--watch", action="store_true", help="refresh until Ctrl-C")
    status.add_argument("--interval", type=float, default=1.0)
    status.set_defaults(func=_status)

    route = commands.add_parser("route", help="explain where a call from an address would go, from live state")
    route.add_argument("--ip", required=True)
    route.add_argument("--model", default="simple")
    route.add_argument("--etcd", required=True, help=ETCD_HELP)
    route.add_argument("--tls-dir", default=None, help=TLS_CLIENT_HELP)
    route.add_argument("--config", default=DEFAULT_CONFIG)
    route.set_defaults(func=_route)

    certs = commands.add_parser("certs", help="a development CA and certificates for --tls-dir").add_subparsers(
        dest="action", required=True)
    init = certs.add_parser("init", help="write a new CA and a certificate for routers, edge nodes, etcd and operators")
    init.add_argument("dir")
    init.add_argument("--host", action="append", default=[],
                      help="a DNS name or IP the certificates are valid for (repeatable; default localhost, 127.0.0.1, ::1)")
    init.add_argument("--days", type=int, default=365)
    init.add_argument("--force", action="store_true", help="replace an existing CA and every certificate")
    init.set_defaults(func=_certs_init)
    renew = certs.add_parser("issue", help="a new certificate for one role from the CA in DIR (renewal, rotation)")
    renew.add_argument("dir")
    renew.add_argument("role", choices=("router", "edge", "etcd", "client"))
    renew.add_argument("--host", action="append", default=[])
    renew.add_argument("--days", type=int, default=365)
    renew.set_defaults(func=_certs_issue)

    # the commands of the packages above this one (edge, trtllm-repo: edgenode.cli; simulate, demo: simulator.cli),
    # declared as entry points in pyproject.toml: the control plane never imports the packages built on it
    plugins = sorted(entry_points(group=COMMANDS_GROUP), key=lambda e: e.name)
    for plugin in plugins:
        plugin.load()(commands)
    if not plugins:  # run from a source tree that was never installed, or installed before the entry points
        parser.epilog = (f"edge, trtllm-repo, simulate and demo are missing: no '{COMMANDS_GROUP}' entry points are "
                         "installed; run `make setup` (or `pip install -e .`) in the checkout")
    return parser


def main(argv: list[str] | None = None) -> int:
    from controlplane.kernel.errors import RegistryError, TlsError

    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except (TlsError, RegistryError) as exc:
        print(f"edgeroute {args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
