"""TLS on every hop (edgeroute certs init, --tls-dir): clients over TLS only, edge nodes only for routers,
etcd only with a client certificate, and certificates rotated under load without losing a call."""

from __future__ import annotations

import asyncio
import socket
import ssl
import subprocess
import sys
import threading
import time

import grpc
import httpx
import numpy as np
import pytest
import tritonclient.grpc as tc
from cryptography import x509
from tritonclient.utils import InferenceServerException

from controlplane.kernel.errors import RegistryError
from controlplane.processes import ManagedProcess, edgeroute_argv, free_port
from controlplane.registry import read_registry
from controlplane.stack import ROUTER_READY, Stack
from controlplane.tls import TlsDir, init_certs, issue
from proto import service_pb2
from tests.conftest import REGIONS_YAML
from tests.integration.conftest import leftover_processes
from tests.integration.test_end_to_end import simple_inputs

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tls")
    init_certs(folder)
    return folder


@pytest.fixture(scope="module")
def tls_stack(certs):
    with Stack(REGIONS_YAML, tls_dir=certs) as stack:
        stack.start_etcd()
        stack.start_edges([("tangier", "tangier-1")], models="simple")
        stack.start_router(extra_args=["--http-listen", "127.0.0.1:0"])
        yield stack


def tls_client(stack, certs, ca=None) -> tc.InferenceServerClient:
    return tc.InferenceServerClient(stack.routers[0].address, ssl=True, root_certificates=str(ca or certs / "ca.crt"))


def add(client: tc.InferenceServerClient, seed: int = 1) -> None:
    inputs, a, b = simple_inputs(seed)
    np.testing.assert_array_equal(client.infer("simple", inputs, client_timeout=10).as_numpy("OUTPUT0"), a + b)


def test_clients_reach_the_router_over_tls_and_plaintext_is_refused(tls_stack, certs):
    client = tls_client(tls_stack, certs)
    add(client)
    client.close()
    plain = tc.InferenceServerClient(tls_stack.routers[0].address)
    with pytest.raises(InferenceServerException, match="UNAVAILABLE|unavailable"):
        plain.infer("simple", simple_inputs(1)[0], client_timeout=5)
    plain.close()


def test_a_router_certificate_from_another_ca_is_not_trusted(tls_stack, certs, tmp_path):
    init_certs(tmp_path)
    client = tls_client(tls_stack, certs, ca=tmp_path / "ca.crt")
    with pytest.raises(InferenceServerException, match="UNAVAILABLE|unavailable"):
        client.infer("simple", simple_inputs(1)[0], client_timeout=5)
    client.close()


def _edge_call(stack, certs_dir, role: str | None) -> grpc.RpcError | None:
    """ServerLive on the edge node directly, with `role`'s client certificate from certs_dir (None: no
    certificate); the channel trusts the stack's CA. Returns the error, or None when it was served."""
    ca = (stack.tls.ca).read_bytes()
    if role is None:
        credentials = grpc.ssl_channel_credentials(root_certificates=ca)
    else:
        chain, key = ((certs_dir / f"{role}.crt").read_bytes(), (certs_dir / f"{role}.key").read_bytes())
        credentials = grpc.ssl_channel_credentials(root_certificates=ca, private_key=key, certificate_chain=chain)
    with grpc.secure_channel(stack.edges[0].address, credentials) as channel:
        call = channel.unary_unary("/inference.GRPCInferenceService/ServerLive",
                                   request_serializer=None, response_deserializer=None)
        try:
            call(service_pb2.ServerLiveRequest().SerializeToString(), timeout=5)
        except grpc.RpcError as exc:
            return exc
    return None


def test_an_edge_node_takes_calls_only_from_a_router_certificate(tls_stack, certs, tmp_path):
    assert _edge_call(tls_stack, certs, "router") is None  # the router's certificate: served
    no_cert = _edge_call(tls_stack, certs, None)
    assert no_cert is not None and no_cert.code() == grpc.StatusCode.UNAVAILABLE  # handshake refused
    operator = _edge_call(tls_stack, certs, "client")  # same CA, not a router
    assert operator is not None and operator.code() == grpc.StatusCode.UNAUTHENTICATED
    assert "only from an edgeroute router" in operator.details()
    init_certs(tmp_path)
    foreign = _edge_call(tls_stack, tmp_path, "router")  # a router certificate of another CA
    assert foreign is not None and foreign.code() == grpc.StatusCode.UNAVAILABLE


def test_the_http_front_serves_tls_only(tls_stack, certs):
    http = tls_stack.routers[0].http_address
    ready = httpx.get(f"https://{http}/v2/health/ready", verify=ssl.create_default_context(cafile=str(certs / "ca.crt")))
    assert ready.status_code == 200
    with pytest.raises(httpx.HTTPError):
        httpx.get(f"http://{http}/v2/health/ready", timeout=5)


def test_etcd_requires_a_client_certificate(tls_stack, certs):
    assert asyncio.run(read_registry(tls_stack.endpoint, TlsDir(certs))).nodes  # client.crt: reads the registry
    with pytest.raises(RegistryError):
        asyncio.run(read_registry(tls_stack.endpoint))  # plaintext to an https member
    status = subprocess.run([sys.executable, "-m", "controlplane.cli", "status", "--etcd", tls_stack.endpoint,
                             "--tls-dir", str(certs), "--json"], capture_output=True, text=True, timeout=30)
    assert status.returncode == 0 and "tangier-1" in status.stdout
    missing = subprocess.run([sys.executable, "-m", "controlplane.cli", "status", "--etcd", tls_stack.endpoint,
                              "--tls-dir", "/nonexistent"], capture_output=True, text=True, timeout=30)
    assert missing.returncode == 2 and "edgeroute certs init" in missing.stderr


def _served_serial(address: str, ca: str, alpn: str) -> int:
    context = ssl.create_default_context(cafile=ca)
    context.set_alpn_protocols([alpn])
    host, port = address.rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=5) as raw, context.wrap_socket(raw, server_hostname=host) as tls:
        return x509.load_der_x509_certificate(tls.getpeercert(binary_form=True)).serial_number


def test_certificates_rotated_under_load_lose_no_call(tls_stack, certs):
    """Calls run on an open connection and on fresh ones while the router's and the edge's certificates are
    replaced; every call succeeds and new handshakes get the new certificates."""
    router, ca = tls_stack.routers[0], str(certs / "ca.crt")
    old_serial = _served_serial(router.address, ca, "h2")
    failures: list[str] = []
    done = threading.Event()
    calls = [0]

    def load(fresh: bool) -> None:
        client = tls_client(tls_stack, certs)
        seed = 0
        while not done.is_set():
            seed += 1
            try:
                if fresh:  # a new connection per call: each one a handshake with whatever pair is current
                    client.close()
                    client = tls_client(tls_stack, certs)
                add(client, seed)
                calls[0] += 1
            except Exception as exc:  # noqa: BLE001 - collected and reported
                failures.append(repr(exc)[:300])
        client.close()

    threads = [threading.Thread(target=load, args=(fresh,)) for fresh in (False, True)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(1.0)
        issue(certs, "router")
        issue(certs, "edge")
        deadline = time.monotonic() + 10
        while _served_serial(router.address, ca, "h2") == old_serial:
            assert time.monotonic() < deadline, "the router still serves its old certificate"
            time.sleep(0.2)
        time.sleep(2.5)  # the router's channels to the edge are rebuilt with its new certificate (polled at 1 s)
    finally:
        done.set()
        for thread in threads:
            thread.join(30)
    new_router = x509.load_pem_x509_certificate((certs / "router.crt").read_bytes()).serial_number
    assert _served_serial(router.address, ca, "h2") == new_router
    assert _served_serial(router.http_address, ca, "http/1.1") == new_router
    assert failures == [] and calls[0] > 20, (calls[0], failures[:3])


def test_edge_certificates_can_be_checked_against_a_fixed_name(tls_stack, certs):
    """Nodes that register addresses no certificate holds (pod IPs): the router checks edge.crt's name instead."""
    named = tls_stack.start_router(extra_args=["--edge-server-name", "edgeroute-edge"])
    wrong = tls_stack.start_router(extra_args=["--edge-server-name", "not-the-edge"])
    client = tc.InferenceServerClient(named.address, ssl=True, root_certificates=str(certs / "ca.crt"))
    add(client)
    client.close()
    client = tc.InferenceServerClient(wrong.address, ssl=True, root_certificates=str(certs / "ca.crt"))
    with pytest.raises(InferenceServerException, match="UNAVAILABLE|unavailable"):
        client.infer("simple", simple_inputs(1)[0], client_timeout=10)
    client.close()


def test_config_push_over_tls(tls_stack, certs):
    pushed = subprocess.run([sys.executable, "-m", "controlplane.cli", "config", "push", str(REGIONS_YAML),
                             "--etcd", tls_stack.endpoint, "--tls-dir", str(certs)], capture_output=True, text=True, timeout=30)
    assert pushed.returncode == 0 and "pushed" in pushed.stdout, pushed.stderr


def test_up_with_tls_dir_serves_over_tls(certs):
    before = {line.split()[0] for line in leftover_processes()}
    up = ManagedProcess("up-tls", edgeroute_argv("up", "--config", str(REGIONS_YAML), "--port", str(free_port()),
                                                 "--tls-dir", str(certs)), ready_pattern=ROUTER_READY)
    try:
        match = up.start(timeout_s=120)
        assert match["tls"]
        client = tc.InferenceServerClient(match["address"], ssl=True, root_certificates=str(certs / "ca.crt"))
        add(client)
        client.close()
    finally:
        up.stop(grace_s=60)  # its stack gives routers 10 s and edge nodes 20 s
    # an edge node once outlived `up` here: a SIGTERM to its group killed its Triton, the restart it began hung
    left = [line for line in leftover_processes() if line.split()[0] not in before]
    assert left == [], f"{len(left)} process(es) outlived `up`: {left}"
