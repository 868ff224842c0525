/**
 * Machine accounts in Mosquitto's dynamic-security plugin (MQTT_DYNSEC=1 with MQTT_URL), so that a
 * stock Mosquitto 2 authenticates machines and keeps each to its own topics without an HTTP-auth
 * plugin. The server's connection must be a dynsec administrator (the user `mosquitto_ctrl dynsec init`
 * makes). For each machine whose secret the console issues there is a client (user name and client id
 * = serial number) and a role `bf-machine-<sn>` that may publish to the machine's four topics and
 * subscribe to its `cmd` and `rejected` topics (Mosquitto 2.0's dynsec has no %c pattern, hence a role per machine).
 * A new secret replaces the password, and Mosquitto drops the connection that used the old one; a
 * deleted machine's client and role go. The server's own client gets the role `brewfleet-server`
 * (publish commands, hear every machine topic) at start.
 *
 * Only the secret's hash is in the database, so machines registered before MQTT_DYNSEC was turned on
 * (or imported, whose secrets nobody saw) need a new secret from the console to get an account:
 * "New secrets" on the selected machines (POST /api/coffee/device/credentials/bulk) does a batch.
 */
import crypto from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { MACHINE_PUBLISHES, MACHINE_SUBSCRIBES, TOPIC_ROOT, topicFor } from '@brewfleet/contracts';
import type { FleetBus } from './fleet-bus.ts';

const CONTROL = '$CONTROL/dynamic-security/v1';
const SERVER_ROLE = 'brewfleet-server';
const ANSWER_TIMEOUT_MS = 10_000;
/**
 * Account changes the bus asks for that are sent at once; the rest wait their turn. A bulk re-key
 * announces up to 1000 secrets together, and Mosquitto works through control messages one by one
 * (saving its config file after each change): all in flight at once, the last ones outlived their
 * answer timeout. A few in flight still hide the round trip to a remote broker.
 */
const IN_FLIGHT = 16;

type Command = Record<string, unknown> & { command: string };
interface Answer {
  command: string;
  error?: string;
  correlationData?: string;
  data?: { client?: { roles?: Array<{ rolename: string }> } };
}

export interface Dynsec {
  /** Create or re-key the machine's account; resolves when Mosquitto has it. */
  issue(serialNumber: string, secret: string): Promise<void>;
  remove(serialNumber: string): Promise<void>;
  close(): Promise<void>;
}

const machineRole = (serialNumber: string) => `bf-machine-${serialNumber}`;

export async function startDynsec(opts: {
  client: MqttClient;
  /** The server's own user name in the broker (from MQTT_URL). */
  username: string;
  log: FastifyBaseLogger;
  bus: FleetBus;
}): Promise<Dynsec> {
  const { client, log } = opts;
  const waiting = new Map<string, (answer: Answer) => void>();
  const onMessage = (topic: string, payload: Buffer) => {
    if (topic !== `${CONTROL}/response`) return;
    let answers: Answer[] = [];
    try {
      answers = (JSON.parse(payload.toString('utf8')) as { responses?: Answer[] }).responses ?? [];
    } catch {
      return;
    }
    for (const a of answers) if (a.correlationData) waiting.get(a.correlationData)?.(a);
  };
  client.on('message', onMessage);
  // The server's session may be new after a reconnect (and dynsec drops it when its roles change).
  const listen = () => client.subscribeAsync(`${CONTROL}/response`, { qos: 1 });
  const relisten = () => void listen().catch(() => {});
  client.on('connect', relisten);
  await listen();

  /** Sends commands in one message; answers each command's error (undefined: done). */
  async function send(commands: Command[]): Promise<Array<string | undefined>> {
    return (await ask(commands)).map((a) => a.error);
  }
  async function ask(commands: Command[]): Promise<Answer[]> {
    const ids = commands.map(() => crypto.randomUUID());
    const answers = ids.map(
      (id) =>
        new Promise<Answer>((resolve, reject) => {
          const timer = setTimeout(() => {
            waiting.delete(id);
            reject(new Error('MQTT_DYNSEC: no answer from the dynamic-security plugin'));
          }, ANSWER_TIMEOUT_MS);
          waiting.set(id, (answer) => {
            clearTimeout(timer);
            waiting.delete(id);
            resolve(answer);
          });
        }),
    );
    // Watched from now on: a timeout that fires while the publish still waits for its PUBACK would
    // otherwise be an unhandled rejection, which ends the process.
    const all = Promise.all(answers);
    all.catch(() => {});
    await client.publishAsync(
      CONTROL,
      JSON.stringify({ commands: commands.map((c, i) => ({ ...c, correlationData: ids[i] })) }),
      { qos: 1 },
    );
    return all;
  }
  /** Errors that only say the thing is already as wanted. */
  const fine = (error: string | undefined) => !error || /already|not found/i.test(error);
  async function must(commands: Command[], what: string) {
    const errors = await send(commands);
    const failed = errors.find((e) => !fine(e));
    if (failed) throw new Error(`MQTT_DYNSEC: ${what}: ${failed}`);
  }

  await must(
    [
      {
        command: 'createRole',
        rolename: SERVER_ROLE,
        acls: [
          ...MACHINE_SUBSCRIBES.map((c) => ({
            acltype: 'publishClientSend',
            topic: `${TOPIC_ROOT}/+/${c}`,
            allow: true,
          })),
          { acltype: 'subscribePattern', topic: `${TOPIC_ROOT}/#`, allow: true },
          { acltype: 'publishClientReceive', topic: `${TOPIC_ROOT}/#`, allow: true },
        ],
      },
      // A role made before `rejected` existed gets it now ("already" when it has it).
      {
        command: 'addRoleACL',
        rolename: SERVER_ROLE,
        acltype: 'publishClientSend',
        topic: `${TOPIC_ROOT}/+/rejected`,
        allow: true,
      },
    ],
    'the server role',
  );
  const hasServerRole = async () => {
    const [answer] = await ask([{ command: 'getClient', username: opts.username }]);
    if (answer.error) throw new Error(`MQTT_DYNSEC: ${opts.username}: ${answer.error}`);
    return (answer.data?.client?.roles ?? []).some((r) => r.rolename === SERVER_ROLE);
  };
  if (!(await hasServerRole())) {
    // Mosquitto drops a connection whose roles change, before it answers: the answer is the reconnect.
    const back = new Promise<void>((resolve) => client.once('connect', () => resolve()));
    await client.publishAsync(
      CONTROL,
      JSON.stringify({
        commands: [
          { command: 'addClientRole', username: opts.username, rolename: SERVER_ROLE, priority: 10 },
        ],
      }),
      { qos: 1 },
    );
    await back;
    await listen();
    if (!(await hasServerRole())) throw new Error(`MQTT_DYNSEC: ${opts.username} did not get ${SERVER_ROLE}`);
  }

  async function issue(serialNumber: string, secret: string) {
    const role = machineRole(serialNumber);
    const acls = [
      ...MACHINE_PUBLISHES.map((c) => ({
        acltype: 'publishClientSend',
        topic: topicFor(serialNumber, c),
        allow: true,
      })),
      ...MACHINE_SUBSCRIBES.flatMap((c) => [
        { acltype: 'subscribeLiteral', topic: topicFor(serialNumber, c), allow: true },
        { acltype: 'publishClientReceive', topic: topicFor(serialNumber, c), allow: true },
      ]),
    ];
    const [, created] = await send([
      { command: 'createRole', rolename: role, acls },
      {
        command: 'createClient',
        username: serialNumber,
        clientid: serialNumber,
        password: secret,
        roles: [{ rolename: role }],
      },
      // A role made before `rejected` existed gets it now (an error, ignored, when it has it).
      ...acls
        .filter((a) => a.topic === topicFor(serialNumber, 'rejected'))
        .map((a) => ({ command: 'addRoleACL', rolename: role, ...a })),
    ]);
    // Known already: a new secret. Mosquitto drops the connection made with the old one.
    if (created && /already/i.test(created))
      await must([{ command: 'setClientPassword', username: serialNumber, password: secret }], serialNumber);
    else if (created) throw new Error(`MQTT_DYNSEC: ${serialNumber}: ${created}`);
  }

  async function remove(serialNumber: string) {
    await must(
      [
        { command: 'deleteClient', username: serialNumber },
        { command: 'deleteRole', rolename: machineRole(serialNumber) },
      ],
      serialNumber,
    );
  }

  // The routes announce new secrets and deleted machines; a failure is logged, never thrown at them.
  const report = (serialNumber: string) => (error: Error) =>
    log.error({ serialNumber, err: error.message }, 'machine account in Mosquitto not updated');
  // In the order announced, at most IN_FLIGHT at a time.
  let running = 0;
  const waitingTurn: Array<() => void> = [];
  async function inTurn(serialNumber: string, change: () => Promise<void>) {
    if (running < IN_FLIGHT) running++;
    else await new Promise<void>((resolve) => waitingTurn.push(resolve)); // the slot is handed over
    try {
      await change();
    } catch (error) {
      report(serialNumber)(error as Error);
    } finally {
      const next = waitingTurn.shift();
      if (next) next();
      else running--;
    }
  }
  const onIssued = (serialNumber: string, secret: string) =>
    void inTurn(serialNumber, () => issue(serialNumber, secret));
  const onRemoved = (serialNumber: string) => void inTurn(serialNumber, () => remove(serialNumber));
  opts.bus.on('secretIssued', onIssued);
  opts.bus.on('deviceRemoved', onRemoved);

  return {
    issue,
    remove,
    async close() {
      opts.bus.off('secretIssued', onIssued);
      opts.bus.off('deviceRemoved', onRemoved);
      client.off('message', onMessage);
      client.off('connect', relisten);
      await client.unsubscribeAsync(`${CONTROL}/response`).catch(() => {});
    },
  };
}
