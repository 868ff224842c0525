/**
 * Orders for the specs: a machine reports them as one taking orders on its screen does (device
 * protocol v1 `order`, `order-status` and `production` events; contracts order-protocol.ts), through
 * the server's broker with the secret its registration answered. The server prices and stores them;
 * the specs then find them in the console like any other order.
 */
import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts/device-protocol';
import type { OrderStatus } from '@brewfleet/contracts/order-status';
import type { PaymentMethod } from '@brewfleet/contracts/order-protocol';
import type { AdminApi } from './api';
import type { Registered } from './fleet';

export interface SoldLine {
  productCode: string;
  /** The price of one as the machine shows it: "3.50". */
  unitPrice: string;
  quantity: number;
}

export interface Sale {
  orderNo: string;
  pickupCode: string;
  lines: SoldLine[];
  method?: PaymentMethod;
  /** Where the order ends: completed (paid, made, cups handed out) or cancelled before payment. */
  end: Extract<OrderStatus, 'completed' | 'cancelled'>;
}

const cents = (money: string) => Math.round(Number(money) * 100);
const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** The events of one sale, minutes ago: the order, its payment, the cups of each line, the end. */
function saleEvents(sale: Sale, at: number): Array<Record<string, unknown>> {
  const ts = (offsetS: number) => new Date(at + offsetS * 1000).toISOString();
  const event = (offsetS: number, body: Record<string, unknown>) => ({
    eventId: crypto.randomUUID(),
    ts: ts(offsetS),
    ...body,
  });
  const total = money(sale.lines.reduce((sum, l) => sum + cents(l.unitPrice) * l.quantity, 0));
  const events = [
    event(0, {
      type: 'order',
      orderNo: sale.orderNo,
      pickupCode: sale.pickupCode,
      orderType: 'dine-in',
      lines: sale.lines.map((l, i) => ({ line: i + 1, ...l })),
      payment: { method: sale.method ?? 'card-machine', amount: total },
      status: 'waiting-payment',
    }),
  ];
  if (sale.end === 'cancelled') {
    events.push(
      event(20, {
        type: 'order-status',
        orderNo: sale.orderNo,
        status: 'cancelled',
        reason: 'Customer left',
      }),
    );
    return events;
  }
  events.push(event(10, { type: 'order-status', orderNo: sale.orderNo, status: 'paid', received: total }));
  events.push(event(12, { type: 'order-status', orderNo: sale.orderNo, status: 'processing' }));
  let offset = 15;
  sale.lines.forEach((l, i) => {
    for (let n = 0; n < l.quantity; n++) {
      offset += 40;
      events.push(
        event(offset, {
          type: 'production',
          productCode: l.productCode,
          method: 'manual',
          result: 'completed',
          startedAt: ts(offset - 40),
          cupOutSeconds: 38,
          extractionSeconds: 26,
          order: { orderNo: sale.orderNo, line: i + 1 },
        }),
      );
    }
  });
  events.push(event(offset + 5, { type: 'order-status', orderNo: sale.orderNo, status: 'completed' }));
  return events;
}

/** The machine connects, says it is online and reports the sales (a few minutes apart, oldest first). */
export async function reportSales(mqttUrl: string | undefined, device: Registered, sales: Sale[]) {
  if (!mqttUrl) throw new Error('no MQTT broker address: run the specs through e2e/run.mjs');
  const client = await mqtt.connectAsync(mqttUrl, {
    clientId: device.serialNumber,
    username: device.serialNumber,
    password: device.secret,
    reconnectPeriod: 0,
  });
  try {
    const now = Date.now();
    await client.publishAsync(
      topicFor(device.serialNumber, 'status'),
      JSON.stringify({ v: PROTOCOL_VERSION, online: true, state: 'idle', ts: new Date(now).toISOString() }),
      { qos: 1, retain: true },
    );
    const events = sales.flatMap((sale, i) => saleEvents(sale, now - (sales.length - i) * 5 * 60_000));
    await client.publishAsync(
      topicFor(device.serialNumber, 'events'),
      JSON.stringify({ v: PROTOCOL_VERSION, events }),
      { qos: 1 },
    );
  } finally {
    await client.endAsync();
  }
}

/** Polls the order list until these order numbers are there in their final status. */
export async function waitForOrders(api: AdminApi, sales: Sale[], timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let seen: Array<{ orderNo: string; status: string }> = [];
  while (Date.now() < until) {
    seen = await api.list<{ orderNo: string; status: string }>('order', { limit: 100 });
    const done = sales.every((sale) => seen.some((o) => o.orderNo === sale.orderNo && o.status === sale.end));
    if (done) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for the orders; the list has ${JSON.stringify(seen)}`);
}
