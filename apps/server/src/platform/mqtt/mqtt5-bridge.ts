/**
 * MQTT 5 for the embedded broker. Aedes speaks MQTT 3.1 and 3.1.1 only, while machines may speak 3.1.1
 * or 5 (CONTRACT.md §6). Each new connection's CONNECT is read first: a 3.x client is handed to Aedes
 * as it is; a version 5 client is handed to Aedes through a bridge that translates packet by packet —
 * the client's v5 packets become 3.1.1 packets for Aedes, and Aedes's answers become v5 packets with
 * the reason codes a v5 client expects (0x86 bad user name or password, 0x87 not authorized, a SUBACK
 * 0x87 for a refused subscription). So credentials, topic access, sessions, retained status and the
 * last will work exactly as for a 3.1.1 machine.
 *
 * What v5 adds beyond 3.1.1 is not offered, and the CONNACK says so where the protocol has a flag for
 * it: no shared or identified subscriptions, no topic aliases from the server, no enhanced
 * authentication (a CONNECT that asks for it is refused with 0x8C). The client's Maximum Packet Size
 * and Receive Maximum are kept: a packet too large for the client is discarded as if sent (MQTT 5
 * §3.1.2.25), so it holds no place in the client's window, and reported. A publish to a topic the
 * client may not use is answered PUBACK (or PUBREC) 0x87 "not authorized" and dropped, the
 * connection kept. Message properties (expiry, content type, user properties …) are dropped; the
 * device protocol uses none of them.
 */
import crypto from 'node:crypto';
import type net from 'node:net';
import { Duplex } from 'node:stream';
import mqttPacket, { type Packet } from 'mqtt-packet';

/** A client that has not sent its CONNECT by then is dropped. */
const CONNECT_TIMEOUT_MS = 30_000;

/**
 * The protocol level of a CONNECT at the start of `head` (3: MQTT 3.1, 4: 3.1.1, 5: MQTT 5), null when
 * `head` does not start with a CONNECT, undefined when more bytes are needed to tell.
 */
export function connectProtocolLevel(head: Buffer): number | null | undefined {
  if (head.length === 0) return undefined;
  if (head[0] !== 0x10) return null;
  // The remaining length: 1 to 4 bytes of 7 bits each, the high bit saying another follows.
  let offset = 1;
  while (offset < head.length && head[offset] & 0x80) offset++;
  if (offset >= head.length || offset > 4) return offset > 4 ? null : undefined;
  offset++;
  if (head.length < offset + 2) return undefined;
  const nameLength = head.readUInt16BE(offset);
  const levelAt = offset + 2 + nameLength;
  return head.length > levelAt ? head[levelAt] : undefined;
}

/** A packet the bridge did not send because the client said it cannot take one that large. */
export interface Discarded {
  clientId: string;
  topic: string;
  payload: Buffer;
  bytes: number;
  maxPacketSize: number;
}

export interface BridgeHooks {
  /** Whether the client may publish there (the broker's own rule, asked before Aedes sees it). */
  mayPublish(clientId: string, topic: string, retain: boolean): boolean;
  discarded(packet: Discarded): void;
}

/**
 * Accepts one TCP connection for Aedes's `handle`: MQTT 3.x directly, MQTT 5 through the bridge.
 */
export function acceptConnection(
  socket: net.Socket,
  handle: (stream: Duplex) => void,
  hooks?: BridgeHooks,
): void {
  let head: Buffer = Buffer.alloc(0);
  const timer = setTimeout(() => socket.destroy(), CONNECT_TIMEOUT_MS);
  const ignore = () => {};
  socket.on('error', ignore);
  const onData = (chunk: Buffer) => {
    head = head.length ? Buffer.concat([head, chunk]) : chunk;
    const level = connectProtocolLevel(head);
    if (level === undefined && head.length < 1024) return;
    clearTimeout(timer);
    socket.off('data', onData);
    socket.pause();
    socket.unshift(head);
    handle(level === 5 ? bridgeV5(socket, hooks) : socket);
  };
  socket.on('data', onData);
  socket.once('close', () => clearTimeout(timer));
}

/** CONNACK return codes of MQTT 3.1.1 → reason codes of MQTT 5. */
const CONNACK_REASON: Record<number, number> = {
  0: 0x00,
  1: 0x84, // unsupported protocol version
  2: 0x85, // client identifier not valid
  3: 0x88, // server unavailable
  4: 0x86, // bad user name or password
  5: 0x87, // not authorized
};

interface BridgeState {
  /** Topic aliases the client set (client → server). */
  aliases: Map<number, string>;
  /** How many topic filters each UNSUBSCRIBE carried, for the v5 UNSUBACK's reason codes. */
  unsubscribes: Map<number, number>;
  /** The client's Maximum Packet Size: larger packets are not sent to it. */
  maxPacketSize: number;
  /** The client's Receive Maximum: how many QoS 1 and 2 publishes it takes unacknowledged. */
  receiveMaximum: number;
  /** The id given to a client that connected without one. */
  assignedClientId?: string;
  /** The client id Aedes knows the client by. */
  clientId?: string;
  mayPublish?: BridgeHooks['mayPublish'];
}

type Outcome = { toBroker?: Packet; toClient?: Packet; close?: boolean };

/** A v5 packet from the client → what Aedes gets (3.1.1), or an answer and/or a close. */
export function fromClient(packet: Packet, state: BridgeState): Outcome {
  switch (packet.cmd) {
    case 'connect': {
      const props = packet.properties ?? {};
      if (props.authenticationMethod)
        return { toClient: { cmd: 'connack', sessionPresent: false, reasonCode: 0x8c }, close: true };
      if (props.maximumPacketSize) state.maxPacketSize = props.maximumPacketSize;
      if (props.receiveMaximum) state.receiveMaximum = props.receiveMaximum;
      let clientId = packet.clientId;
      if (!clientId) clientId = state.assignedClientId = `auto-${crypto.randomUUID()}`;
      state.clientId = clientId;
      const will = packet.will && {
        topic: packet.will.topic,
        payload: packet.will.payload,
        qos: packet.will.qos,
        retain: packet.will.retain,
      };
      return {
        toBroker: {
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: packet.clean,
          keepalive: packet.keepalive,
          clientId,
          username: packet.username,
          password: packet.password,
          ...(will ? { will } : {}),
        } as Packet,
      };
    }
    case 'publish': {
      const alias = packet.properties?.topicAlias;
      let topic = packet.topic;
      if (alias !== undefined) {
        if (topic) state.aliases.set(alias, topic);
        else topic = state.aliases.get(alias) ?? '';
      }
      if (!topic) return { toClient: { cmd: 'disconnect', reasonCode: 0x82 }, close: true };
      const { cmd, qos, retain, dup, payload, messageId } = packet;
      if (state.mayPublish && !state.mayPublish(state.clientId ?? '', topic, retain)) {
        // Refused and dropped with a reason, the connection kept: closing it made a client with a
        // session resend the refused publish on every reconnect, for ever.
        if (qos === 1) return { toClient: { cmd: 'puback', messageId, reasonCode: 0x87 } };
        if (qos === 2) return { toClient: { cmd: 'pubrec', messageId, reasonCode: 0x87 } };
        return {};
      }
      return { toBroker: { cmd, topic, payload, qos, retain, dup, messageId } as Packet };
    }
    case 'puback':
    case 'pubrec':
    case 'pubrel':
    case 'pubcomp':
      return { toBroker: { cmd: packet.cmd, messageId: packet.messageId } as Packet };
    case 'subscribe':
      return {
        toBroker: {
          cmd: 'subscribe',
          messageId: packet.messageId,
          subscriptions: packet.subscriptions.map(({ topic, qos }) => ({ topic, qos })),
        },
      };
    case 'unsubscribe':
      state.unsubscribes.set(packet.messageId!, packet.unsubscriptions.length);
      return {
        toBroker: {
          cmd: 'unsubscribe',
          messageId: packet.messageId,
          unsubscriptions: packet.unsubscriptions,
        },
      };
    case 'pingreq':
      return { toBroker: { cmd: 'pingreq' } };
    case 'disconnect':
      // 0x04 "disconnect with will message": end without a DISCONNECT, so that Aedes sends the will.
      return packet.reasonCode === 0x04 ? { close: true } : { toBroker: { cmd: 'disconnect' } };
    default:
      // AUTH (enhanced authentication is not offered) or a packet a client never sends.
      return { toClient: { cmd: 'disconnect', reasonCode: 0x82 }, close: true };
  }
}

/** A 3.1.1 packet from Aedes → what the v5 client gets. */
export function fromBroker(packet: Packet, state: BridgeState): Packet | null {
  switch (packet.cmd) {
    case 'connack': {
      const reasonCode = CONNACK_REASON[packet.returnCode ?? 0] ?? 0x80;
      return {
        cmd: 'connack',
        sessionPresent: packet.sessionPresent,
        reasonCode,
        ...(reasonCode === 0 && {
          properties: {
            sharedSubscriptionAvailable: false,
            subscriptionIdentifiersAvailable: false,
            ...(state.assignedClientId && { assignedClientIdentifier: state.assignedClientId }),
          },
        }),
      };
    }
    case 'suback':
      // 0x80 is the only refusal Aedes gives, and here it always means the topic is not the machine's.
      return { ...packet, granted: (packet.granted as number[]).map((g) => (g === 0x80 ? 0x87 : g)) };
    case 'unsuback': {
      const count = state.unsubscribes.get(packet.messageId!) ?? 1;
      state.unsubscribes.delete(packet.messageId!);
      return { cmd: 'unsuback', messageId: packet.messageId, granted: Array(count).fill(0) } as Packet;
    }
    default:
      return packet;
  }
}

/** The stream Aedes handles for a v5 client: 3.1.1 bytes on its side, v5 bytes on the socket. */
function bridgeV5(socket: net.Socket, hooks?: BridgeHooks): Duplex {
  const state: BridgeState = {
    aliases: new Map(),
    unsubscribes: new Map(),
    maxPacketSize: Infinity,
    receiveMaximum: 65_535,
    mayPublish: hooks?.mayPublish,
  };
  const clientParser = mqttPacket.parser({ protocolVersion: 5 });
  const brokerParser = mqttPacket.parser({ protocolVersion: 4 });
  /** Sends a packet; false when it is too large for the client (it is not sent). */
  const send = (packet: Packet): boolean => {
    const bytes = mqttPacket.generate(packet, { protocolVersion: 5 });
    if (bytes.length > state.maxPacketSize) {
      if (packet.cmd === 'publish')
        hooks?.discarded({
          clientId: state.clientId ?? '',
          topic: packet.topic,
          payload: Buffer.from(packet.payload),
          bytes: bytes.length,
          maxPacketSize: state.maxPacketSize,
        });
      return false;
    }
    socket.write(bytes);
    return true;
  };
  /** Told to Aedes as if the client had taken it (QoS 1: PUBACK; QoS 2: PUBREC, then PUBCOMP). */
  const discardedQos2 = new Set<number>();
  const completeForClient = (packet: Packet & { cmd: 'publish' }) => {
    if (packet.qos === 2) discardedQos2.add(packet.messageId!);
    const answer = { cmd: packet.qos === 2 ? 'pubrec' : 'puback', messageId: packet.messageId } as Packet;
    if (!stream.push(mqttPacket.generate(answer))) socket.pause();
  };
  // Aedes (3.1.1) knows no Receive Maximum: QoS 1 and 2 publishes past the client's window wait
  // here until it acknowledges earlier ones (MQTT 5 §4.9), in order. A publish too large for the
  // client is discarded as if sent (MQTT 5 §3.1.2.25): it takes no place in the window, and Aedes
  // hears it was delivered, so that it neither waits for it nor sends it again at the next session.
  const unacknowledged = new Set<number>();
  const waiting: Array<Packet & { cmd: 'publish' }> = [];
  const deliver = (packet: Packet & { cmd: 'publish' }) => {
    if (send(packet)) unacknowledged.add(packet.messageId!);
    else completeForClient(packet);
  };
  const toClient = (packet: Packet) => {
    if (packet.cmd === 'pubrel' && discardedQos2.delete(packet.messageId!)) {
      if (!stream.push(mqttPacket.generate({ cmd: 'pubcomp', messageId: packet.messageId }))) socket.pause();
      return;
    }
    if (packet.cmd !== 'publish' || !packet.qos) return void send(packet);
    if (unacknowledged.size >= state.receiveMaximum || waiting.length) return void waiting.push(packet);
    deliver(packet);
  };
  const acknowledged = (messageId: number | undefined) => {
    if (messageId === undefined || !unacknowledged.delete(messageId)) return;
    while (waiting.length && unacknowledged.size < state.receiveMaximum) deliver(waiting.shift()!);
  };

  const stream: Duplex = new Duplex({
    read: () => void socket.resume(),
    write(chunk: Buffer, _encoding, done) {
      brokerParser.parse(chunk);
      if (socket.writableNeedDrain) socket.once('drain', () => done());
      else done();
    },
    final(done) {
      socket.end();
      done();
    },
    destroy(error, done) {
      socket.destroy();
      done(error);
    },
  });

  let ended = false;
  clientParser.on('packet', (packet: Packet) => {
    if (ended) return;
    // A QoS 1 publish ends with the client's PUBACK, a QoS 2 one with its PUBCOMP.
    if (packet.cmd === 'puback' || packet.cmd === 'pubcomp') acknowledged(packet.messageId);
    const out = fromClient(packet, state);
    if (out.toClient) send(out.toClient);
    if (out.toBroker && !stream.push(mqttPacket.generate(out.toBroker))) socket.pause();
    if (out.close) {
      ended = true;
      socket.end();
      stream.push(null);
    }
  });
  brokerParser.on('packet', (packet: Packet) => {
    const out = fromBroker(packet, state);
    if (out) toClient(out);
  });
  const fail = (error: Error) => stream.destroy(error);
  clientParser.on('error', fail);
  brokerParser.on('error', fail);
  socket.on('data', (chunk: Buffer) => clientParser.parse(chunk));
  socket.on('end', () => stream.push(null));
  socket.on('close', () => stream.destroy());
  socket.on('error', fail);
  return stream;
}
