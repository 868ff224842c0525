/**
 * Domain events: what happened, as the module that owns the fact says it (docs/architecture.md,
 * "Events"). The owner emits them inside the transaction that writes the fact; subscribers of other
 * modules run in that same transaction, so what they derive is committed with the fact or not at
 * all. After commit every server process hears of them (PostgreSQL NOTIFY, ids and kinds only) and
 * its live view reads what changed.
 *
 * An event names the rows it is about by id; `deviceId` is on every fleet event. Times are ISO 8601.
 */
import type { CommandType } from './device-protocol.ts';
import type { CommandState } from './enums.ts';
import type { OrderCause, OrderStatus } from './order-status.ts';

/** One cup a machine made (a `production` event stored for the first time). */
export interface CupRecorded {
  deviceId: string;
  merchantId: string | null;
  storeId: string | null;
  /** The machine's event id: with deviceId, the production record's key. */
  eventId: string;
  productCode: string;
  result: 'completed' | 'failed';
  badCup: boolean;
  /** The order line it was made for, as the machine said (orders find their order by it). */
  order: { orderNo: string; line: number } | null;
  /** When it was made. */
  at: string;
}

export interface FaultRaised {
  deviceId: string;
  code: string;
  severity: string;
  at: string;
}

export interface FaultCleared {
  deviceId: string;
  code: string;
  at: string;
}

export interface CleaningDone {
  deviceId: string;
  kind: 'rinse' | 'basic' | 'deep';
  result: string;
  at: string;
}

/** A machine reported its material levels (one `material` event). */
export interface LevelsChanged {
  deviceId: string;
  at: string;
  levels: Array<{ channel: number; grams: number; capacityG: number }>;
}

/** What asked for a command (a menu release, …): its owner finds its own rows by it. */
export interface CommandRef {
  /** A menu release (menus), or an order the ordering app placed at a machine (orders). */
  kind: 'menu-release' | 'order';
  id: string;
}

/** A command reached a final state: the machine answered succeeded or failed, or it expired. */
export interface CommandFinished {
  deviceId: string;
  /** The command's row id. */
  commandId: string;
  type: CommandType;
  state: Extract<CommandState, 'succeeded' | 'failed' | 'expired'>;
  reason: string | null;
  ref: CommandRef | null;
  /** The command's parameters (a menu's version, a layout's channels): what the machine took. */
  params: Record<string, unknown> | null;
}

/** A command moved on without finishing (queued, sent, acknowledged). */
export interface CommandChanged {
  deviceId: string;
  commandId: string;
  state: Extract<CommandState, 'queued' | 'sent' | 'acknowledged'>;
}

/**
 * What the console shows of a machine changed: online/offline, its state, lock, alarm, shortage,
 * maintenance or menu status. `menuReported`: an online status said which menu it runs.
 */
export interface MachineStatusChanged {
  deviceId: string;
  online?: boolean;
  menuReported?: boolean;
}

/** An order was taken (a machine reported it, or the app placed it) and stored for the first time. */
export interface OrderPlaced {
  orderId: string;
  deviceId: string | null;
  merchantId: string | null;
  storeId: string | null;
  orderNo: string;
  status: OrderStatus;
  /** What the customer is to pay, a decimal string. */
  actualPayment: string;
  memberNo: string | null;
  at: string;
  /** 'app' for an order the ordering app placed (paid by the app itself); absent for a machine's own. */
  source?: 'app' | 'delivery';
}

/** An order moved along an arrow of its life (contracts order-status.ts). */
export interface OrderStatusChanged {
  orderId: string;
  deviceId: string | null;
  merchantId: string | null;
  storeId: string | null;
  from: OrderStatus;
  to: OrderStatus;
  cause: OrderCause;
  at: string;
}

/** Money went back to the customer for an order (whole or some lines). */
export interface OrderRefunded {
  orderId: string;
  refundId: string;
  deviceId: string | null;
  merchantId: string | null;
  storeId: string | null;
  amount: string;
  /** What each line got back (by its seq): a whole refund shares the amount over the lines. */
  lines: Array<{ seq: number; amount: string }>;
  at: string;
}

/** Every event by name: the platform's dispatcher is typed by it. */
export interface DomainEventMap {
  'fleet.cupRecorded': CupRecorded;
  'fleet.faultRaised': FaultRaised;
  'fleet.faultCleared': FaultCleared;
  'fleet.cleaningDone': CleaningDone;
  'fleet.levelsChanged': LevelsChanged;
  'fleet.commandFinished': CommandFinished;
  'fleet.commandChanged': CommandChanged;
  'fleet.machineStatusChanged': MachineStatusChanged;
  'orders.orderPlaced': OrderPlaced;
  'orders.orderStatusChanged': OrderStatusChanged;
  'orders.orderRefunded': OrderRefunded;
}

export type DomainEventName = keyof DomainEventMap;

/**
 * The ids an event's notification carries to the live views of every process: the machine, and the
 * command when it is about one. Small on purpose (NOTIFY payloads are limited to 8000 bytes).
 */
export function eventKeys(event: DomainEventMap[DomainEventName]): {
  device: string | null;
  command?: string;
  order?: string;
} {
  if ('commandId' in event) return { device: event.deviceId, command: event.commandId };
  // No live view follows orders yet: their events tell no machine's view to read again.
  if ('orderId' in event) return { device: null, order: event.orderId };
  return { device: event.deviceId };
}
