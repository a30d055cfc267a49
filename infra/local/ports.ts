import type { Server } from "node:http";
import { createServer } from "node:net";

/** The HTTP port asked for is held by another process (CONTRACT.md 1: told with `PORT=…`). */
export class PortTakenError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} is already in use`);
    this.name = "PortTakenError";
  }
}

/** Whether nothing listens on loopback `port` now (another process may take it right after). */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Listens on loopback `port`; a taken port rejects with a PortTakenError. */
export function listening(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new PortTakenError(port) : error),
    );
    server.listen(port, "127.0.0.1", () => resolve());
  });
}
