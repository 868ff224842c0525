/** The machine log of the past weeks: what the gateway would have written for each thing that happened. */
import type { Db } from '../../../platform/db/client.ts';
import { appendDeviceLog, type LogLine } from '../device-log.ts';
import { DEMO_ISSUER } from './commands.ts';
import type { MachineHistory } from './timeline.ts';

export async function writeLog(db: Db, histories: MachineHistory[]): Promise<void> {
  const lines: LogLine[] = [];
  for (const h of histories) {
    const deviceId = h.machine.id;
    for (const f of h.faults) {
      const { code, message } = f.fault;
      lines.push({
        deviceId,
        kind: 'fault',
        key: 'fault',
        params: { code, message },
        message: `${code}: ${message}`,
        at: f.raisedAt.toISOString(),
      });
      if (f.clearedAt)
        lines.push({
          deviceId,
          kind: 'fault-cleared',
          key: 'faultCleared',
          params: { code },
          message: code,
          at: f.clearedAt.toISOString(),
        });
    }
    for (const c of h.cleanings)
      lines.push({
        deviceId,
        kind: 'cleaning',
        key: 'cleaning',
        params: { kind: c.kind, result: c.result },
        message: `${c.kind}: ${c.result}`,
        at: c.at.toISOString(),
      });
    for (const r of h.refills)
      lines.push({
        deviceId,
        kind: 'channel-refill',
        key: 'channelRefill',
        params: { channel: r.channel },
        message: `channel ${r.channel}`,
        at: r.at.toISOString(),
      });
    for (const o of h.offline) {
      lines.push({ deviceId, kind: 'offline', key: 'offline', message: 'offline', at: o.from.toISOString() });
      if (o.to)
        lines.push({ deviceId, kind: 'online', key: 'online', message: 'online', at: o.to.toISOString() });
    }
    for (const c of h.commands) {
      lines.push({
        deviceId,
        kind: 'command',
        key: 'commandQueued',
        params: { type: c.type, account: DEMO_ISSUER },
        message: `${c.type}: queued by ${DEMO_ISSUER}`,
        at: c.createdAt.toISOString(),
      });
      lines.push({
        deviceId,
        kind: 'command',
        key: 'commandFinished',
        params: { type: c.type, state: c.state },
        message: `${c.type}: ${c.state}`,
        at: c.finishedAt.toISOString(),
      });
    }
  }
  await appendDeviceLog(db, lines);
}
