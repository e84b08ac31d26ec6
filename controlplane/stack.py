"""The embedded default stack: a real etcd, one edge node (real Triton) per hub, and routers, all owned here.

Used by `edgeroute up`, the demo, the integration tests and the benchmarks. stop() (or leaving the
`with` block, including on an exception or Ctrl-C) stops every process it started.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from controlplane.processes import (
    EtcdCluster,
    EtcdServer,
    ManagedProcess,
    edgeroute_argv,
    owned_temp_dir,
    remove_triton_leftovers,
    stop_all,
    stop_processes_under,
)
from controlplane.tls import TlsDir

EDGE_READY = (r"edge ready on (?P<address>\S+) hub=(?P<hub>\S+) node=(?P<node>\S+) triton=(?P<triton>\S+)"
              r"(?: metrics=(?P<metrics>\S+))?(?: triton_http=(?P<triton_http>\S+))?(?: health=(?P<health>\S+))?")
ROUTER_READY = (r"router ready on (?P<address>\S+)(?: metrics on :\d+)?(?: http=(?P<http>\S+))?(?: health=(?P<health>\S+))?"
                r"(?P<tls> tls)?")


@dataclass
class EdgeHandle:
    hub: str
    node_id: str
    address: str
    triton: str
    process: ManagedProcess
    metrics_url: str | None = None
    triton_http: str | None = None  # the node's Triton's own HTTP port (a managed Triton only)
    health: str | None = None  # host:port of its plaintext grpc.health.v1 port (--health-port)


@dataclass
class RouterHandle:
    address: str
    process: ManagedProcess
    metrics_url: str | None = None
    http_address: str | None = None  # host:port of the KServe v2 / OpenAI HTTP front, when started
    health: str | None = None  # host:port of its plaintext grpc.health.v1 port (--health-port)


class Stack:
    """With `tls_dir`, every process it starts uses TLS (etcd included); with `etcd_members` > 1, etcd is a
    cluster on loopback and the others get every member's address."""

    def __init__(self, config_path: str | Path, echo: bool = False, tls_dir: str | Path | None = None,
                 etcd_members: int = 1) -> None:
        self.config_path = str(config_path)
        self.echo = echo
        self.tls = TlsDir.open(tls_dir, "router", "edge", "etcd") if tls_dir is not None else None
        self._tls_args = ["--tls-dir", str(tls_dir)] if tls_dir is not None else []
        self._etcd_members = etcd_members
        self.etcd: EtcdServer | EtcdCluster | None = None
        self.edges: list[EdgeHandle] = []
        self.routers: list[RouterHandle] = []
        # every child's temporary files (PyTriton workspaces, ...) go here, and the folder goes on stop(): a
        # child that was SIGKILLed and could not clean up after itself leaves nothing behind either
        self.temp_dir = owned_temp_dir("stack")
        self._child_env = {**os.environ, "TMPDIR": str(self.temp_dir)}

    @property
    def endpoint(self) -> str:
        assert self.etcd is not None, "start_etcd() first"
        return self.etcd.endpoint

    def start_etcd(self) -> EtcdServer | EtcdCluster:
        if self._etcd_members > 1:
            self.etcd = EtcdCluster(self._etcd_members, echo=self.echo, tls=self.tls)
        else:
            self.etcd = EtcdServer(echo=self.echo, tls=self.tls)
        self.etcd.start()
        return self.etcd

    def start_edges(
        self, nodes: Sequence[tuple[str, str]], models: str | None = None, lease_ttl: int | None = None,
        extra_args: Sequence[str] = (),
    ) -> list[EdgeHandle]:
        """Start (hub, node_id) edge nodes in parallel; return once all are registered."""
        spawned = []
        for hub, node_id in nodes:
            # the node reads its cache settings from the same regions.yaml as the routers
            argv = ["edge", "--hub", hub, "--node-id", node_id, "--etcd", self.endpoint, "--config", self.config_path,
                    *self._tls_args, *extra_args]
            if models:
                argv += ["--models", models]
            if lease_ttl:
                argv += ["--lease-ttl", str(lease_ttl)]
            process = ManagedProcess(f"edge-{node_id}", edgeroute_argv(*argv), ready_pattern=EDGE_READY, echo=self.echo,
                                     env=self._child_env)
            process.spawn()
            spawned.append(process)
        started = []
        try:
            for process in spawned:
                match = process.wait_ready(timeout_s=90)
                started.append(
                    EdgeHandle(match["hub"], match["node"], match["address"], match["triton"], process, match["metrics"],
                               match["triton_http"], match["health"])
                )
        except BaseException:
            stop_all(spawned)
            raise
        self.edges.extend(started)
        return started

    def start_router(
        self, metrics_port: int | None = None, config_path: str | None = None, via: dict[str, str] | None = None,
        extra_args: Sequence[str] = (),
    ) -> RouterHandle:
        argv = ["router", "--config", config_path or self.config_path, "--etcd", self.endpoint, "--listen", "127.0.0.1:0",
                *self._tls_args, *extra_args]
        for node, dial in (via or {}).items():
            argv += ["--via", f"{node}={dial}"]
        if metrics_port is not None:
            argv += ["--metrics-port", str(metrics_port)]
        process = ManagedProcess(
            f"router-{len(self.routers)}", edgeroute_argv(*argv), ready_pattern=ROUTER_READY, echo=self.echo,
            env=self._child_env,
        )
        match = process.start(timeout_s=30)
        metrics_url = f"http://127.0.0.1:{metrics_port}/metrics" if metrics_port else None
        handle = RouterHandle(match["address"], process, metrics_url, match["http"], match["health"])
        self.routers.append(handle)
        return handle

    def edge(self, node_id: str) -> EdgeHandle:
        return next(e for e in self.edges if e.node_id == node_id)

    def stop(self) -> None:
        try:
            stop_all([r.process for r in self.routers], grace_s=10)
            stop_all([e.process for e in self.edges], grace_s=20)
        finally:
            try:
                if self.etcd is not None:
                    self.etcd.stop()
            finally:
                stop_processes_under(Path(self.temp_dir))  # Triton's Python backend stubs: not in the edge's group
                shutil.rmtree(self.temp_dir, ignore_errors=True)
                # an edge node stopped the hard way (past its grace) leaves its Triton's model copies in /tmp
                # (their workspace, inside temp_dir, is gone now, which marks them as orphans) and its Python
                # backend's empty folder
                remove_triton_leftovers()

    def __enter__(self) -> Stack:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
