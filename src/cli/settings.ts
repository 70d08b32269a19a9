// A command's build settings from the environment (src/pipeline/settings.ts) and the subscribers
// its changes are pushed to (src/webhooks/subscribers.ts), or the process stops
// as it does for a bad command line: one line naming the variable, the usage, exit code 2.
import {
  buildSettingsFromEnvironment,
  contentSettings,
  type BuildSettings,
  type ContentSettings,
} from '../pipeline/settings.ts';
import { subscribersFromEnvironment, type Subscriber } from '../webhooks/subscribers.ts';
import { parseKeys, type ApiKey } from '../api/keys.ts';
import { refuse } from './args.ts';

function orRefuse<T>(usage: string, make: () => T): T {
  try {
    return make();
  } catch (e) {
    return refuse(usage, (e as Error).message);
  }
}

/** Every setting a build takes from the environment. */
export const buildSettingsOrRefuse = (
  usage: string,
  env: Record<string, string | undefined> = process.env,
): BuildSettings => orRefuse(usage, () => buildSettingsFromEnvironment(env));

/** The content folder and the day, for a command that builds or follows a build. */
export const contentSettingsOrRefuse = (usage: string): ContentSettings => orRefuse(usage, () => contentSettings());

/** The subscribers WEBHOOKS lists, for a command that builds or applies changes: checked before it starts. */
export const subscribersOrRefuse = (
  usage: string,
  env: Record<string, string | undefined> = process.env,
): Subscriber[] => orRefuse(usage, () => subscribersFromEnvironment(env));

/**
 * API_KEYS's entries, or the process stops naming the malformed one: a build or a server never
 * starts with keys that would let everyone in or no one.
 */
export const apiKeysOrRefuse = (usage: string, value: string | undefined): ApiKey[] =>
  orRefuse(usage, () => parseKeys(value));
