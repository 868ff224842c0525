/**
 * The environment contract (CONTRACT §2), validated once at start-up. A bad value stops start-up
 * with one line naming the variable.
 */
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const port = (name: string, allowZero: boolean) =>
  z.coerce
    .number({ error: `${name} must be a port number` })
    .int(`${name} must be a whole number`)
    .min(allowZero ? 0 : 1, `${name} must be between ${allowZero ? 0 : 1} and 65535`)
    .max(65535, `${name} must be between ${allowZero ? 0 : 1} and 65535`);

const flag = (name: string) =>
  z.enum(['0', '1'], { error: `${name} must be 0 or 1` }).transform((v) => v === '1');

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`);

const pem = (name: string) =>
  z
    .string()
    .refine((v) => v.includes('-----BEGIN'), `${name} must be a PEM key`)
    .transform((v) => v.replace(/\\n/g, '\n'))
    .optional();

const httpUrl = (name: string) =>
  z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, `${name} must be an http(s) URL`)
    .transform((v) => v.replace(/\/+$/, ''));

/** A host name as DNS writes it (labels of letters, digits and inner hyphens, joined by dots). */
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const schema = z.object({
  PORT: port('PORT', true).default(8080),
  HOST: z
    .string()
    .refine(
      (v) => net.isIP(v) !== 0 || HOST_NAME.test(v),
      'HOST must be an IP address (0.0.0.0 for every interface) or a host name',
    )
    .default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\//, 'MQTT_URL must start with mqtt://, mqtts://, ws:// or wss://')
    .optional(),
  MQTT_PORT: port('MQTT_PORT', true).default(1883),
  /**
   * With MQTT_URL: the group of the shared subscriptions through which the processes of one deployment
   * split the machines' messages. Deployments sharing a broker need groups of their own.
   */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'MQTT_SHARE_GROUP must be 1 to 64 letters, digits, _ or -')
    .default('brewfleet'),
  /**
   * With MQTT_URL: keep machine accounts (secret, own topics) in Mosquitto's dynamic-security plugin;
   * the user in MQTT_URL must be a dynsec administrator.
   */
  MQTT_DYNSEC: flag('MQTT_DYNSEC').default(false),
  /** The map's tile layer ({z}/{x}/{y} template); without it the map shows machines on a plain grid. */
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/,
      'MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}',
    )
    .optional(),
  ADMIN_PASSWORD: z.string().optional(),
  DEMO: flag('DEMO').optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /** Sessions end after this many idle minutes, and at the latest after SESSION_MAX_HOURS. */
  SESSION_IDLE_MINUTES: positiveInt('SESSION_IDLE_MINUTES').default(120),
  SESSION_MAX_HOURS: positiveInt('SESSION_MAX_HOURS').default(12),
  /** RSA key pair shared by several servers; unset: made on first start and kept under DATA_DIR. */
  RSA_PRIVATE_KEY: pem('RSA_PRIVATE_KEY'),
  /** 32 random bytes, base64: seals secret fields at rest; unset: made on first start under DATA_DIR/keys. */
  DATA_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'DATA_KEY must be 32 bytes, base64-encoded')
    .optional(),
  /** Where the built console is; unset: apps/web/dist of this checkout. */
  WEB_DIST: z.string().optional(),
  /** Megabytes of uploads kept per merchant (the platform's own have no quota); 0: no quota. */
  UPLOAD_QUOTA_MB: z.coerce
    .number({ error: 'UPLOAD_QUOTA_MB must be a number' })
    .int('UPLOAD_QUOTA_MB must be a whole number')
    .min(0, 'UPLOAD_QUOTA_MB must be 0 or more')
    .default(1024),
  /** Where machines and display screens reach this server (links handed out); unset: the caller's origin. */
  PUBLIC_URL: httpUrl('PUBLIC_URL').optional(),
  /** The Uber Eats Marketplace API's base (issue 13); the demo's simulated Uber server when unset with DEMO=1. */
  UBER_API_URL: httpUrl('UBER_API_URL').optional(),
  /** The base of Uber's OAuth 2.0 token endpoint (`/oauth/v2/token`). */
  UBER_AUTH_URL: httpUrl('UBER_AUTH_URL').optional(),
  /** 0: the data center counts every query afresh, keeping no answers (its benchmark's uncached figures). */
  DATACENTER_ANSWER_CACHE: flag('DATACENTER_ANSWER_CACHE').default(true),
  /** Behind a reverse proxy: trust X-Forwarded-For for the client address (throttling, logs). */
  TRUST_PROXY: flag('TRUST_PROXY').default(false),
});

export type Config = Omit<z.infer<typeof schema>, 'DEMO'> & { DEMO: boolean; DATA_DIR: string };

export class ConfigError extends Error {}

/** Where the Uber Eats API and its token endpoint are (CONTRACT §2): the documented defaults when unset. */
export const UBER_DEFAULTS = { apiUrl: 'https://api.uber.com', authUrl: 'https://auth.uber.com' } as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Blank values count as unset, as in most deployment tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name}: ${issue.message}`);
  }
  const c = parsed.data;
  if (c.MQTT_DYNSEC && !c.MQTT_URL?.match(/^[a-z]+:\/\/[^/@:]+(:[^/@]*)?@/))
    throw new ConfigError(
      'Invalid configuration: MQTT_DYNSEC: needs MQTT_URL with the user and password of a dynamic-security administrator',
    );
  return {
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    // DEMO defaults to on with the embedded database, off with PostgreSQL (CONTRACT §2).
    DEMO: c.DEMO ?? !c.DATABASE_URL,
  };
}
