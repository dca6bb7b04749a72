import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a server (PostgreSQL here). While stalled it behaves like a
 * network that went silent: sockets stay open, connections are accepted, and nothing is forwarded
 * in either direction, not even a close. When the stall ends everything held back goes through
 * in order, as a network that comes back would deliver it.
 */
export class StallProxy {
  private server: Server | null = null;
  private stalled = false;
  private held: (() => void)[] = [];
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly upstream: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = createServer((client) => this.pipe(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  stall() {
    this.stalled = true;
  }

  resume() {
    this.stalled = false;
    const held = this.held;
    this.held = [];
    for (const deliver of held) deliver();
  }

  /** Runs now, or when the stall ends. */
  private deliver(action: () => void) {
    if (this.stalled) this.held.push(action);
    else action();
  }

  private pipe(client: Socket) {
    const server = connect(this.upstream.port, this.upstream.host);
    for (const [from, to] of [
      [client, server],
      [server, client],
    ] as const) {
      this.sockets.add(from);
      from.on('data', (chunk) => this.deliver(() => to.write(chunk)));
      from.on('end', () => this.deliver(() => to.end()));
      from.on('error', () => this.deliver(() => to.destroy()));
      from.on('close', () => {
        this.sockets.delete(from);
        this.deliver(() => to.destroy());
      });
    }
  }

  async close(): Promise<void> {
    this.resume();
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
  }
}
