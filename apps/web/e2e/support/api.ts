/** Calls the real API from Node, as the platform administrator or any account (set-up and revocation). */
import { encryptLongText } from '@brewfleet/contracts/long-text-crypto';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export class AdminApi {
  private constructor(
    readonly base: string,
    readonly token: string,
    private readonly publicKey: string,
  ) {}

  static async publicKey(base: string): Promise<string> {
    const res = await fetch(`${base}/api/auth/publicKey`);
    return ((await res.json()) as Envelope<{ publicKey: string }>).data.publicKey;
  }

  static async signIn(base: string, account: string, password: string): Promise<AdminApi> {
    const publicKey = await AdminApi.publicKey(base);
    const res = await fetch(`${base}/api/auth/doLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password: encryptLongText(publicKey, password), agreement: true }),
    });
    const body = (await res.json()) as Envelope<{ tokenValue: string }>;
    if (body.code !== 200) throw new Error(`sign-in of ${account} failed: ${body.code} ${body.msg}`);
    return new AdminApi(base, body.data.tokenValue, publicKey);
  }

  encrypt(text: string): string {
    return encryptLongText(this.publicKey, text);
  }

  async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}/api${url}`, {
      method,
      headers: {
        token: this.token,
        loginType: 'MachineSys',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }

  /** A role granting exactly these menu ids (pages and buttons; their directories are added). */
  async createRole(roleName: string, menuIdList: string[]): Promise<string> {
    const role = await this.call<{ id: string }>('POST', '/coffee/role', {
      roleName,
      roleTitle: roleName,
      remark: 'e2e',
    });
    await this.call('POST', '/coffee/role/authorize', { id: role.id, menuIdList });
    return role.id;
  }

  async createAccount(account: string, password: string, roleIds: string[]): Promise<string> {
    const created = await this.call<{ id: string }>('POST', '/coffee/account', {
      account,
      name: `E2E ${account}`,
      password: this.encrypt(password),
      confirmPassword: this.encrypt(password),
      roleIds,
    });
    return created.id;
  }

  /** A merchant and its administrator (`loginAccount`, `password`); `parentId` makes it a sub-merchant. */
  async createMerchant(
    name: string,
    loginAccount: string,
    password: string,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const created = await this.call<{ id: string }>('POST', '/coffee/merchant', {
      name,
      loginAccount,
      password: this.encrypt(password),
      ...extra,
    });
    return created.id;
  }

  async createStore(name: string, merchantId: string | null, extra: Record<string, unknown> = {}) {
    const created = await this.call<{ id: string }>('POST', '/coffee/store', {
      name,
      type: 'self-service',
      ...(merchantId ? { merchantId } : {}),
      ...extra,
    });
    return created.id;
  }

  /** The first rows of a resource's list with these filters. */
  async list<T = Record<string, unknown>>(resource: string, filters: Record<string, unknown> = {}) {
    return (await this.call<{ list: T[] }>('POST', `/coffee/${resource}/list`, { limit: 100, ...filters }))
      .list;
  }

  resetPassword(id: string, password: string): Promise<unknown> {
    return this.call('POST', '/coffee/account/resetPassword', { id, password: this.encrypt(password) });
  }
}
