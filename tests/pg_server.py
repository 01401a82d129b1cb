"""A throw-away PostgreSQL server for the tests and the scale-out bench: Debian's ``postgresql``
package (``initdb`` + ``pg_ctl``) in a temporary folder, on a loopback port, never a mock.

PostgreSQL refuses to run as root (CI runs ``make test`` as root): then the server runs as
``nobody`` (``runuser``), in a folder given to that user."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def pg_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest Debian version installed), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PostgresServer:
    """``start()`` a server in a new temporary folder, ``url`` to connect, ``stop()`` removes it."""

    def __init__(self) -> None:
        self.bin = pg_bin()
        if self.bin is None:
            raise RuntimeError("PostgreSQL is not installed (make test installs Debian's postgresql)")
        self.folder = Path(tempfile.mkdtemp(prefix="bridgebot-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "nobody", "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=self.folder)

    def start(self) -> PostgresServer:
        """Create the cluster and start the server; returns self once it takes connections."""
        if os.geteuid() == 0:
            shutil.chown(self.folder, "nobody")
            os.chmod(self.folder, 0o700)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale",
                  "--no-sync")
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off "
                   "-c max_connections=200 -c shared_buffers=32MB")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)

    def schema_url(self, schema: str) -> str:
        """The URL of this server with ``schema`` first on the search path (one test's own tables)."""
        return f"{self.url}?options=-csearch_path%3D{schema}"
