// A build's settings, made and checked once. The build commands make them from the environment
// variables they document (CONTENT_DIR, AS_OF, ...), read here and nowhere else, and add where
// the build's state goes and which previous build it may take files from; the process that builds
// the store (Astro's, or the store step's) receives them as one JSON value, BOXING_BUILD_SETTINGS,
// checked there by the same schema. A setting misspelled or missing on either side is refused by
// name: read as unset, a previous build's would quietly mean a build from nothing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { asOfDay } from '../content/as-of.ts';
import { isRealDate, isRealDateTime } from '../shared/dates.ts';
import { EXPORT_PART_BYTES } from '../store/exports/format.ts';

/** The environment variable the settings cross a process in. */
export const BUILD_SETTINGS_ENV = 'BOXING_BUILD_SETTINGS';

/** The variables a build reads (docs/commands.md; each build command's --help). */
export const BUILD_VARIABLES = ['CONTENT_DIR', 'AS_OF', 'BUILD_TIME', 'EXPORT_PART_BYTES', 'PAGES_CACHE_DIR'] as const;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const named = z.string().min(1);

export const BuildSettings = z.strictObject({
  /** The content folder, as given (the summary line names it so). */
  contentDir: named,
  /** The day fighters' ages are computed for, taken once for the whole build. */
  asOfDay: z.string().refine(isRealDate, 'not a calendar day YYYY-MM-DD'),
  /** The time the changes feed records for the build, in epoch seconds (now unless given). */
  builtAt: z.number().int().min(0).optional(),
  /** The most NDJSON bytes an export part holds (the layout's EXPORT_PART_BYTES unless given). */
  exportPartBytes: z.number().int().min(1).max(EXPORT_PART_BYTES).optional(),
  /** Where the pages Astro made are kept, a folder for each version of the code. */
  pagesCacheDir: named,
  /** This code's folder under pagesCacheDir, where a build that runs Astro keeps its pages. */
  pagesEntry: named.optional(),
  /** Where to save the catalog for later builds and the live preview (not saved when absent). */
  stateDir: named.optional(),
  /** Names this store in its state. */
  storeId: named.optional(),
  /** A previous build to take unchanged files from (see BuildStoreOptions.previous). */
  previous: z.strictObject({ dir: named, state: named, store: named, links: named }).optional(),
  /** The build before, for the changes feed (see BuildStoreOptions.history). */
  history: z.strictObject({ dir: named, state: named }).optional(),
});
export type BuildSettings = z.infer<typeof BuildSettings>;
/** What a build is made from besides the code: the content folder and the day. */
export type ContentSettings = Pick<BuildSettings, 'contentDir' | 'asOfDay'>;

type Env = Record<string, string | undefined>;

/** A variable's value, or undefined when it is unset or empty (empty is how a shell unsets it for one command). */
const given = (env: Env, name: (typeof BUILD_VARIABLES)[number]) => (env[name] === '' ? undefined : env[name]);

/**
 * EXPORT_PART_BYTES caps export parts lower than the layout does, so that a small dataset is
 * exported in several parts (the tests' builds). A value that is no such number is refused.
 */
function exportPartBytes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const bytes = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(bytes >= 1 && bytes <= EXPORT_PART_BYTES))
    throw new Error(`EXPORT_PART_BYTES must be a whole number of bytes from 1 to ${EXPORT_PART_BYTES}, not "${value}"`);
  return bytes;
}

/** BUILD_TIME, YYYY-MM-DDTHH:MM:SS in UTC (a reproducible build, or a test of the history's span). */
function builtAt(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  // From 1970 on: the history keeps times as epoch seconds.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value) || !isRealDateTime(value) || value < '1970')
    throw new Error(`BUILD_TIME must be a UTC date and time from 1970 on, YYYY-MM-DDTHH:MM:SS, not "${value}"`);
  return Date.parse(`${value}Z`) / 1000;
}

/** The content folder and the day a build with `env` would take; a bad AS_OF is refused, naming it. */
export function contentSettings(env: Env = process.env, now = new Date()): ContentSettings {
  return { contentDir: given(env, 'CONTENT_DIR') ?? 'content', asOfDay: asOfDay(given(env, 'AS_OF'), now) };
}

/**
 * The settings the documented variables make, each unset one its default; a value a variable
 * cannot take is refused with a line naming it. What only the build command knows (its state,
 * the previous build) it adds itself.
 */
export function buildSettingsFromEnvironment(env: Env = process.env, now = new Date()): BuildSettings {
  const settings: BuildSettings = {
    ...contentSettings(env, now),
    pagesCacheDir: given(env, 'PAGES_CACHE_DIR') ?? path.join(ROOT, 'node_modules', '.cache', 'boxing-pages'),
  };
  const bytes = exportPartBytes(given(env, 'EXPORT_PART_BYTES'));
  const time = builtAt(given(env, 'BUILD_TIME'));
  // Absent rather than undefined: the settings are the same object on both sides of a process.
  if (bytes !== undefined) settings.exportPartBytes = bytes;
  if (time !== undefined) settings.builtAt = time;
  return settings;
}

/** The settings as one JSON value, for BOXING_BUILD_SETTINGS; checked first, so a bad one stops the sender. */
export function encodeBuildSettings(settings: BuildSettings): string {
  return JSON.stringify(BuildSettings.parse(settings));
}

/** BOXING_BUILD_SETTINGS read back: anything the schema does not take is refused, naming the setting. */
export function decodeBuildSettings(text: string): BuildSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${BUILD_SETTINGS_ENV} is not JSON (${(e as Error).message})`);
  }
  const parsed = BuildSettings.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const at = (keys: PropertyKey[]) => keys.map(String).join('.');
  if (issue.code === 'unrecognized_keys')
    throw new Error(
      `${BUILD_SETTINGS_ENV}: unknown setting ${issue.keys.map((key) => `"${at([...issue.path, key])}"`).join(', ')}`,
    );
  throw new Error(`${BUILD_SETTINGS_ENV}: ${issue.path.length > 0 ? `${at(issue.path)}: ` : ''}${issue.message}`);
}

/**
 * The settings in the process that builds the store: those the build command handed on, or,
 * when Astro is run on its own, those the documented variables make.
 */
export function receivedBuildSettings(env: Env = process.env, now = new Date()): BuildSettings {
  const text = env[BUILD_SETTINGS_ENV];
  return text === undefined || text === '' ? buildSettingsFromEnvironment(env, now) : decodeBuildSettings(text);
}
