// The subscribers a build's changes are pushed to: WEBHOOKS, a JSON array of
// {"url", "secret", "collections"?}, read here and nowhere else, and checked once, before a build
// or the live preview starts. A value that is not such an array stops it with a line naming the
// entry, never a secret: a subscriber left out quietly would miss every build.
import type { Resource } from '../records/resources.ts';
import { Collection } from '../records/schemas.ts';

/** The variable subscribers are listed in. */
export const WEBHOOKS_VARIABLE = 'WEBHOOKS';

/** A Standard Webhooks secret: whsec_ then the key, in base64. */
const SECRET_PREFIX = 'whsec_';
/** The key's length the Standard Webhooks specification asks for: 24 to 64 bytes. */
const KEY_BYTES = { min: 24, max: 64 };
const MEMBERS = ['url', 'secret', 'collections'];

export interface Subscriber {
  /** Where its deliveries are POSTed. */
  url: string;
  /** How the build log names it: the URL's origin and path (its query may hold a token of the receiver's). */
  name: string;
  /** Each secret's key, decoded: a delivery carries one signature for each (several while a secret is rotated). */
  keys: readonly Buffer[];
  /** The collections whose changes it is told of; null for all. */
  collections: readonly Resource[] | null;
}

type Env = Record<string, string | undefined>;

/** A value as an error may show it: never long, never a secret (no secret is ever passed here). */
const shown = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** The key of a whsec_ secret, or why it is none, in words that never repeat the secret. */
function keyOf(secret: unknown): Buffer | string {
  if (typeof secret !== 'string') return 'is not a string';
  if (!secret.startsWith(SECRET_PREFIX)) return `does not start with ${SECRET_PREFIX}`;
  const encoded = secret.slice(SECRET_PREFIX.length);
  if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded))
    return `is not ${SECRET_PREFIX} followed by base64`;
  const key = Buffer.from(encoded, 'base64');
  if (key.length < KEY_BYTES.min || key.length > KEY_BYTES.max)
    return `holds a key of ${key.length} bytes, not ${KEY_BYTES.min} to ${KEY_BYTES.max}`;
  return key;
}

function subscriber(entry: unknown, at: number): Subscriber {
  const refuse = (why: string, url?: string): never => {
    throw new Error(`${WEBHOOKS_VARIABLE} entry ${at + 1}${url === undefined ? '' : ` (${url})`}: ${why}`);
  };
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return refuse('is not an object {"url", "secret", "collections"?}');
  const member = entry as Record<string, unknown>;
  let url: URL | null = null;
  try {
    url = typeof member.url === 'string' ? new URL(member.url) : null;
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return refuse(`url must be an http or https URL, not ${shown(member.url)}`);
  const name = `${url.origin}${url.pathname}`;
  const unknown = Object.keys(member).filter((key) => !MEMBERS.includes(key));
  if (unknown.length > 0)
    refuse(
      `unknown member ${unknown.map((key) => shown(key)).join(', ')} (an entry holds ${MEMBERS.join(', ')})`,
      name,
    );
  // One secret, or several while one is rotated: every one signs, so either verifies.
  const secrets = Array.isArray(member.secret) ? member.secret : [member.secret];
  if (secrets.length === 0) refuse('secret is an empty list', name);
  const keys = secrets.map((secret, k) => {
    const key = keyOf(secret);
    return typeof key === 'string' ? refuse(`${secrets.length > 1 ? `secret ${k + 1}` : 'secret'} ${key}`, name) : key;
  });
  let collections: Resource[] | null = null;
  if (member.collections !== undefined) {
    const listed = member.collections;
    if (!Array.isArray(listed) || listed.length === 0)
      return refuse(`collections must be a list of collections (${Collection.options.join(', ')})`, name);
    for (const c of listed)
      if (!Collection.safeParse(c).success)
        refuse(`unknown collection ${shown(c)} (the collections: ${Collection.options.join(', ')})`, name);
    collections = [...new Set(listed as Resource[])];
  }
  return { url: url.href, name, keys, collections };
}

/** The subscribers WEBHOOKS lists (none when it is unset or empty); a value that is not such a list throws, naming the entry. */
export function subscribersFromEnvironment(env: Env = process.env): Subscriber[] {
  const text = env[WEBHOOKS_VARIABLE];
  if (text === undefined || text.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The parser's message quotes the text, which holds the secrets.
    throw new Error(`${WEBHOOKS_VARIABLE} is not JSON: give a JSON array of {"url", "secret", "collections"?}`);
  }
  if (!Array.isArray(value))
    throw new Error(`${WEBHOOKS_VARIABLE} must be a JSON array of {"url", "secret", "collections"?}`);
  return value.map(subscriber);
}

/**
 * Whether the build runs on Netlify, whose build plugin delivers once the deploy is live
 * (src/hosts/netlify/build-plugin.ts): the build command then leaves it to the plugin.
 */
export const deliversAfterDeploy = (env: Env = process.env) => env.NETLIFY === 'true';
