"""TLS for every hop: a development CA (`edgeroute certs init DIR`), and the credentials each process builds
from a --tls-dir.

One folder, fixed file names (a production PKI puts its own files under the same names):
  ca.crt                      the CA every process trusts (ca.key stays with whoever issues certificates)
  router.crt / router.key     routers: server certificate to clients; client certificate to edge nodes and etcd
  edge.crt / edge.key         edge nodes: server certificate to routers; client certificate to etcd
  etcd.crt / etcd.key         etcd members: server and peer certificate
  client.crt / client.key     operators' commands (status, route, config push): client certificate to etcd

An edge node takes calls only from a certificate whose common name is ROUTER_NAME, so a client, an edge node
or an operator holding another certificate of the same CA cannot call it directly.

Servers reload their certificate and key when the files change: gRPC asks for the current pair at each new
handshake (grpc.dynamic_ssl_server_credentials) and the HTTP front's SSLContext is loaded again in place, so
connections already open, and the calls on them, are not dropped.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import ssl
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from controlplane.kernel.errors import TlsError, quoted

ROLES = ("router", "edge", "etcd", "client")
ROUTER_NAME = "edgeroute-router"
DEFAULT_HOSTS = ("localhost", "127.0.0.1", "::1")
DEFAULT_DAYS = 365


def common_name(role: str) -> str:
    return f"edgeroute-{role}"


# ---- making certificates -----------------------------------------------------------------------------------
def _name(cn: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "edgeroute"),
                      x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


def _write(path: Path, data: bytes, private: bool = False) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    if private:
        tmp.chmod(0o600)
    os.replace(tmp, path)  # a reader (a reloading server) sees the old file or the new one, never half of one


def _sans(hosts: Sequence[str]) -> x509.SubjectAlternativeName:
    names: list[x509.GeneralName] = []
    for host in hosts:
        try:
            names.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            names.append(x509.DNSName(host))
    return x509.SubjectAlternativeName(names)


def init_certs(folder: Path, hosts: Sequence[str] = DEFAULT_HOSTS, days: int = DEFAULT_DAYS,
               force: bool = False) -> list[Path]:
    """A new CA and a certificate per role in `folder`; refuses to overwrite unless `force`."""
    folder.mkdir(parents=True, exist_ok=True)
    if not force and (folder / "ca.crt").exists():
        raise TlsError(f"{folder}/ca.crt exists: pass --force to replace the CA and every certificate, "
                       f"or `edgeroute certs issue` to renew one role's certificate from it")
    now = datetime.datetime.now(datetime.UTC)
    key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder().subject_name(_name("edgeroute development CA")).issuer_name(_name("edgeroute development CA"))
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
                                     key_encipherment=False, data_encipherment=False, key_agreement=False,
                                     encipher_only=False, decipher_only=False), critical=True)
        .sign(key, hashes.SHA256())
    )
    _write(folder / "ca.key", _key_pem(key), private=True)
    _write(folder / "ca.crt", ca.public_bytes(serialization.Encoding.PEM))
    written = [folder / "ca.crt", folder / "ca.key"]
    for role in ROLES:
        written += issue(folder, role, hosts, days)
    return written


def issue(folder: Path, role: str, hosts: Sequence[str] = DEFAULT_HOSTS, days: int = DEFAULT_DAYS) -> list[Path]:
    """A new key and certificate for `role`, signed by folder/ca.key (renewal and rotation)."""
    if role not in ROLES:
        raise TlsError(f"unknown role {quoted(role)}: one of {', '.join(ROLES)}")
    try:
        ca = x509.load_pem_x509_certificate((folder / "ca.crt").read_bytes())
        ca_key = serialization.load_pem_private_key((folder / "ca.key").read_bytes(), password=None)
    except (OSError, ValueError) as exc:
        raise TlsError(f"cannot read the CA in {folder} ({exc}); run `edgeroute certs init {folder}` first") from exc
    now = datetime.datetime.now(datetime.UTC)
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder().subject_name(_name(common_name(role))).issuer_name(ca.subject)
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]),
                       critical=False)
        .add_extension(_sans([common_name(role), *hosts]), critical=False)  # the role's name: see --edge-server-name
        .sign(ca_key, hashes.SHA256())  # type: ignore[arg-type]
    )
    _write(folder / f"{role}.key", _key_pem(key), private=True)
    _write(folder / f"{role}.crt", cert.public_bytes(serialization.Encoding.PEM))
    return [folder / f"{role}.crt", folder / f"{role}.key"]


# ---- using them --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TlsDir:
    """A --tls-dir, checked when it is given: a missing file is an error at start, not at the first call."""

    path: Path

    @classmethod
    def open(cls, folder: str | Path | None, *roles: str) -> TlsDir | None:
        if folder is None:
            return None
        tls = cls(Path(folder))
        missing = [name for name in ["ca.crt", *(f"{r}.{ext}" for r in roles for ext in ("crt", "key"))]
                   if not (tls.path / name).is_file()]
        if missing:
            raise TlsError(f"--tls-dir {str(folder)[:200]}: missing {', '.join(missing)}; make a development set with "
                           f"`edgeroute certs init {str(folder)[:200]}`, or put your PKI's files there under these names")
        return tls

    @property
    def ca(self) -> Path:
        return self.path / "ca.crt"

    def pair(self, role: str) -> tuple[Path, Path]:
        return self.path / f"{role}.crt", self.path / f"{role}.key"

    def read(self, role: str) -> tuple[bytes, bytes, bytes]:
        """(ca, certificate chain, private key) as bytes."""
        cert, key = self.pair(role)
        return self.ca.read_bytes(), cert.read_bytes(), key.read_bytes()

    def stamp(self, role: str) -> tuple[int, ...]:
        """Changes when any of the role's files (or the CA) changes."""
        cert, key = self.pair(role)
        stamps = []
        for path in (self.ca, cert, key):
            try:
                stat = path.stat()
                stamps += [stat.st_mtime_ns, stat.st_ino]
            except OSError:
                stamps += [0, 0]
        return tuple(stamps)

    # gRPC
    def server_credentials(self, role: str, require_client_cert: bool) -> grpc.ServerCredentials:
        """Server credentials that pick up new files at the next handshake (calls in flight are untouched)."""
        ca, chain, key = self.read(role)
        seen = [self.stamp(role)]

        def config(ca: bytes, chain: bytes, key: bytes) -> grpc.ServerCertificateConfiguration:
            return grpc.ssl_server_certificate_configuration([(key, chain)], root_certificates=ca)

        def fetch() -> grpc.ServerCertificateConfiguration | None:
            stamp = self.stamp(role)
            if stamp == seen[0]:
                return None  # unchanged: keep the current pair
            try:
                fresh = config(*self.read(role))
            except (OSError, ValueError):
                return None  # half-written or unreadable: keep serving the old pair, try again next handshake
            seen[0] = stamp
            return fresh

        return grpc.dynamic_ssl_server_credentials(config(ca, chain, key), fetch, require_client_cert)

    def channel_credentials(self, role: str) -> grpc.ChannelCredentials:
        ca, chain, key = self.read(role)
        return grpc.ssl_channel_credentials(root_certificates=ca, private_key=key, certificate_chain=chain)

    # HTTP (aiohttp)
    def server_ssl_context(self, role: str) -> ReloadingSSLContext:
        return ReloadingSSLContext(self, role)


class ReloadingSSLContext:
    """An SSLContext for a server that loads the role's pair again when its files change (check() is polled):
    new handshakes get the new pair, open connections keep theirs."""

    def __init__(self, tls: TlsDir, role: str) -> None:
        self._tls, self._role = tls, role
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.minimum_version = ssl.TLSVersion.TLSv1_2
        self._stamp: tuple[int, ...] = ()
        self.check()

    def check(self) -> bool:
        stamp = self._tls.stamp(self._role)
        if stamp == self._stamp:
            return False
        cert, key = self._tls.pair(self._role)
        try:
            self.context.load_cert_chain(cert, key)
        except (OSError, ssl.SSLError):
            if not self._stamp:
                raise
            return False  # keep the pair already loaded
        self._stamp = stamp
        return True


def peer_common_names(auth_context: dict[str, list[bytes]]) -> list[str]:
    return [name.decode(errors="replace") for name in auth_context.get("x509_common_name", [])]


def is_router(auth_context: Callable[[], dict[str, list[bytes]]]) -> bool:
    return ROUTER_NAME in peer_common_names(auth_context())
