/**
 * The in-memory pair the server's own MQTT connection runs on (platform/mqtt/memory-connection.ts):
 * bytes cross in order, a paused reader holds the writer back as a socket would, and closing one side
 * closes the other.
 */
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { memoryConnection } from '../src/platform/mqtt/memory-connection.ts';

describe('memory connection', () => {
  it('carries bytes both ways, in order', async () => {
    const [a, b] = memoryConnection();
    const got: string[] = [];
    b.on('data', (chunk: Buffer) => got.push(chunk.toString()));
    a.write('PUBLISH 1;');
    a.write('PUBLISH 2;');
    const back = once(a, 'data');
    b.write('PUBACK 1;');
    expect(String((await back)[0])).toBe('PUBACK 1;');
    await new Promise((r) => setImmediate(r));
    expect(got.join('')).toBe('PUBLISH 1;PUBLISH 2;');
  });

  it('holds the writer back while the reader is paused, and lets it go when it reads again', async () => {
    const [a, b] = memoryConnection();
    b.pause();
    const chunk = Buffer.alloc(64 * 1024, 1);
    // Writes are taken until both sides' buffers are full; then write() answers false.
    let written = 0;
    while (a.write(chunk) && written < 100) written++;
    expect(written).toBeLessThan(100);
    let drained = false;
    const drain = once(a, 'drain').then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(drained).toBe(false);
    let read = 0;
    b.on('data', (c: Buffer) => (read += c.length));
    b.resume();
    await drain;
    await new Promise((r) => setTimeout(r, 20));
    expect(read).toBe((written + 1) * chunk.length);
  });

  it('closes the other side when one side is destroyed or ended', async () => {
    const [a, b] = memoryConnection();
    const closed = once(b, 'close');
    a.destroy();
    await closed;
    expect(b.destroyed).toBe(true);

    const [c, d] = memoryConnection();
    d.resume();
    const ended = once(d, 'end');
    c.end();
    await ended;
  });
});
