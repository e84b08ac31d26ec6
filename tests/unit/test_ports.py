"""Ports chosen for one server's several listeners are distinct and free."""

from __future__ import annotations

import socket

from controlplane.processes import free_ports


def test_free_ports_are_distinct_and_bindable_together():
    for _ in range(200):  # asked one at a time, the kernel can hand back the port it just released
        ports = free_ports(3)
        assert len(set(ports)) == 3
    sockets = []
    try:
        for port in free_ports(6):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sockets.append(sock)
            sock.bind(("127.0.0.1", port))
    finally:
        for sock in sockets:
            sock.close()
