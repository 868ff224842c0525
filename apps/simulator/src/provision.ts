/**
 * Registering simulated machines with a BrewFleet server, as an operator would through its API, so
 * that they connect with real credentials: sign in, find or create a device type and model per
 * family, register the machines that are missing, and issue a new secret for each (the server keeps
 * only its hash, so a secret is only known right after it is issued).
 */
import { encryptLongText } from '@brewfleet/contracts';
import type { Family as MachineFamily } from './families.ts';
import type { FleetMachine } from './fleet.ts';

export interface ProvisionOptions {
  /** Base URL of the server, e.g. http://127.0.0.1:8080 */
  server: string;
  account: string;
  password: string;
  serialNumbers: string[];
  familyOf: (index: number) => MachineFamily;
}

interface Envelope<T> {
  code: number;
  msg?: string;
  data: T;
}

export async function provision(opts: ProvisionOptions): Promise<FleetMachine[]> {
  let token = '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(new URL(`/api${path}`, opts.server), {
      method,
      headers: { 'content-type': 'application/json', loginType: 'MachineSys', ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Envelope<T>;
    if (json.code !== 200) throw new Error(`${method} ${path}: ${json.msg ?? res.status}`);
    return json.data;
  };
  const { publicKey } = await call<{ publicKey: string }>('GET', '/auth/publicKey');
  ({ tokenValue: token } = await call<{ tokenValue: string }>('POST', '/auth/doLogin', {
    account: opts.account,
    password: encryptLongText(publicKey, opts.password),
    agreement: true,
  }));

  const models = new Map<MachineFamily, string>();
  const modelFor = async (family: MachineFamily) => {
    const known = models.get(family);
    if (known) return known;
    const code = `SIM-${family.toUpperCase()}`;
    const found = await call<{ list: Array<{ id: string }> }>('POST', '/coffee/device-model/list', { code });
    let id = found.list[0]?.id;
    if (!id) {
      const type = await call<{ id: string }>('POST', '/coffee/device-type', {
        name: `Simulated ${family}`,
        family,
        automation: 'automatic',
      });
      ({ id } = await call<{ id: string }>('POST', '/coffee/device-model', {
        name: `Simulator ${family}`,
        code,
        deviceTypeId: type.id,
        manufacturer: 'BrewFleet simulator',
      }));
    }
    models.set(family, id);
    return id;
  };

  const machines: FleetMachine[] = [];
  for (const [i, serialNumber] of opts.serialNumbers.entries()) {
    const family = opts.familyOf(i);
    const existing = await call<{ list: Array<{ id: string; serialNumber: string; family: MachineFamily }> }>(
      'POST',
      '/coffee/device/list',
      { serialNumber },
    );
    const same = existing.list.find((d) => d.serialNumber === serialNumber);
    const id =
      same?.id ??
      (
        await call<{ id: string }>('POST', '/coffee/device', {
          name: `Simulated ${family} ${serialNumber}`,
          serialNumber,
          modelId: await modelFor(family),
        })
      ).id;
    const { secret } = await call<{ secret: string }>('POST', '/coffee/device/credentials', { id });
    machines.push({ serialNumber, secret, family: same?.family ?? family });
  }
  return machines;
}
