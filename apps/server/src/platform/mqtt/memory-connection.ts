/**
 * Two connected streams in memory: what is written to one is read from the other. The server's own
 * MQTT connection to the embedded broker runs on such a pair instead of a loopback socket, so that
 * each message a machine publishes reaches the gateway (and its acknowledgement goes back) without a
 * socket write and read through the kernel on each side: about 1,000 messages a second at the ingest
 * benchmark's rates, and a system call costs tens of µs on the hosts we run on.
 *
 * Back-pressure holds as on a socket: a write is acknowledged only once the other side has room, so a
 * reader that pauses (the gateway, when far behind) makes the broker's writes wait.
 */
import { Duplex } from 'node:stream';

class Half extends Duplex {
  other!: Half;
  /** The callback of a write the other side had no room for, called when it reads again. */
  private waiting: (() => void) | null = null;

  override _read() {
    const go = this.other.waiting;
    this.other.waiting = null;
    go?.();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    if (this.other.push(chunk)) done();
    else this.waiting = () => done();
  }

  override _final(done: (error?: Error | null) => void) {
    this.other.push(null);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    // One side closed is the connection closed, as with a socket.
    if (!this.other.destroyed) this.other.destroy();
    this.waiting = null;
    done(error);
  }
}

export function memoryConnection(): [Duplex, Duplex] {
  const a = new Half();
  const b = new Half();
  a.other = b;
  b.other = a;
  return [a, b];
}
