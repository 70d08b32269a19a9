// A build's settings are made once from the environment the commands document, and cross into
// the process that builds the store as one JSON value, checked by the same schema there: a
// misspelled setting is refused by name, never read as unset.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BUILD_SETTINGS_ENV,
  BUILD_VARIABLES,
  buildSettingsFromEnvironment,
  decodeBuildSettings,
  encodeBuildSettings,
  receivedBuildSettings,
  type BuildSettings,
} from '../../../src/pipeline/settings.ts';

const now = new Date('2026-03-04T23:59:00Z');

/** Settings as the build command hands them on over a previous build. */
const overPrevious: BuildSettings = {
  contentDir: 'content',
  asOfDay: '2026-11-01',
  pagesCacheDir: '/cache/pages',
  pagesEntry: '/cache/pages/abc',
  storeId: 'new-store',
  stateDir: '/site/dist.tmp-1.state',
  previous: { dir: '/site/dist', state: '/site/dist.state', store: 'old-store', links: '/site/dist.tmp-1-linked' },
  history: { dir: '/site/dist', state: '/site/dist.state' },
};

describe('the build settings handed to the store step', () => {
  it('arrive as they were sent, the previous build among them', () => {
    expect(receivedBuildSettings({ [BUILD_SETTINGS_ENV]: encodeBuildSettings(overPrevious) })).toEqual(overPrevious);
  });

  it('refuse a misspelled setting, naming it', () => {
    const { previous, ...rest } = overPrevious;
    expect(() => decodeBuildSettings(JSON.stringify({ ...rest, previousBuild: previous }))).toThrow(
      `${BUILD_SETTINGS_ENV}: unknown setting "previousBuild"`,
    );
    expect(() =>
      decodeBuildSettings(JSON.stringify({ ...overPrevious, previous: { ...previous, link: '/x' } })),
    ).toThrow(`${BUILD_SETTINGS_ENV}: unknown setting "previous.link"`);
    // A setting of the previous build left out is no build from nothing either.
    const { links: _, ...withoutLinks } = previous!;
    expect(() => decodeBuildSettings(JSON.stringify({ ...overPrevious, previous: withoutLinks }))).toThrow(
      `${BUILD_SETTINGS_ENV}: previous.links:`,
    );
  });

  it('refuse a value the build cannot use, and text that is not JSON, naming the variable', () => {
    expect(() => decodeBuildSettings(JSON.stringify({ ...overPrevious, exportPartBytes: 0 }))).toThrow(
      `${BUILD_SETTINGS_ENV}: exportPartBytes:`,
    );
    expect(() => decodeBuildSettings(JSON.stringify({ ...overPrevious, asOfDay: '2026-02-30' }))).toThrow(
      `${BUILD_SETTINGS_ENV}: asOfDay:`,
    );
    expect(() => decodeBuildSettings('{"contentDir":')).toThrow(new RegExp(`^${BUILD_SETTINGS_ENV} is not JSON`));
    expect(() => decodeBuildSettings('[]')).toThrow(new RegExp(`^${BUILD_SETTINGS_ENV}: `));
  });

  it('are the documented variables when none are handed on (Astro run on its own)', () => {
    expect(receivedBuildSettings({ CONTENT_DIR: 'elsewhere', AS_OF: '2024-02-29' }, now)).toEqual(
      buildSettingsFromEnvironment({ CONTENT_DIR: 'elsewhere', AS_OF: '2024-02-29' }, now),
    );
  });
});

/** Each variable of the build, a value for it and the setting that value makes. */
const SAMPLES: Record<(typeof BUILD_VARIABLES)[number], [string, Partial<BuildSettings>]> = {
  CONTENT_DIR: ['elsewhere', { contentDir: 'elsewhere' }],
  AS_OF: ['2024-02-29', { asOfDay: '2024-02-29' }],
  BUILD_TIME: ['2026-11-20T06:00:00', { builtAt: Date.parse('2026-11-20T06:00:00Z') / 1000 }],
  EXPORT_PART_BYTES: ['1000', { exportPartBytes: 1000 }],
  PAGES_CACHE_DIR: ['/cache/pages', { pagesCacheDir: '/cache/pages' }],
};

/** The variables docs/commands.md documents that are no setting of the build, and what reads them. */
const NOT_THE_BUILDS: Record<string, string> = {
  PORT: 'the local servers (--port)',
  HOST: 'the local servers (--host)',
  API_KEYS: 'the local servers and the key gate',
  RAPIDAPI_PROXY_SECRET: 'the local servers and the key gate',
  DIST_DIR: 'the local servers: the folder served',
  SKIP_BUILD: 'the local servers: serve without building',
  CHROMIUM_PATH: "the documentation page's test",
  PATH: 'where the emulator finds Deno',
  CI: "every command's progress (src/progress/console.ts)",
  NO_COLOR: "every command's progress",
  PROGRESS_INTERVAL: "every command's progress",
  WEBHOOKS: 'the build command, the live preview and the build plugin, after publishing (src/webhooks/subscribers.ts)',
};

describe('the build settings made from the environment', () => {
  const documented = [
    ...new Set(
      [...readFileSync('docs/commands.md', 'utf8').matchAll(/`([A-Z][A-Z0-9_]+)[`=]/g)].map(([, name]) => name),
    ),
  ];

  it('take every variable docs/commands.md documents for the build, and know what the others are for', () => {
    expect(documented.filter((name) => !(name in SAMPLES) && !(name in NOT_THE_BUILDS))).toEqual([]);
    expect(Object.keys(SAMPLES).filter((name) => !documented.includes(name))).toEqual([]);
    expect([...BUILD_VARIABLES].sort()).toEqual(Object.keys(SAMPLES).sort());
    for (const [name, [value, setting]] of Object.entries(SAMPLES))
      expect(buildSettingsFromEnvironment({ [name]: value }, now), name).toMatchObject(setting);
  });

  it('give each unset or empty variable its default', () => {
    const defaults = buildSettingsFromEnvironment({}, now);
    expect(defaults).toEqual({
      contentDir: 'content',
      asOfDay: '2026-03-04',
      pagesCacheDir: expect.stringMatching(/node_modules\/\.cache\/boxing-pages$/),
    });
    expect(buildSettingsFromEnvironment(Object.fromEntries(BUILD_VARIABLES.map((name) => [name, ''])), now)).toEqual(
      defaults,
    );
  });

  it('refuse a value a variable cannot take, naming the variable', () => {
    const refused = (name: string, value: string) => () => buildSettingsFromEnvironment({ [name]: value }, now);
    expect(refused('AS_OF', '2024-02-30')).toThrow(/^AS_OF must be a calendar day in the form YYYY-MM-DD/);
    expect(refused('EXPORT_PART_BYTES', '10MB')).toThrow(
      'EXPORT_PART_BYTES must be a whole number of bytes from 1 to 10485760, not "10MB"',
    );
    expect(refused('BUILD_TIME', '2026-11-20')).toThrow(
      'BUILD_TIME must be a UTC date and time from 1970 on, YYYY-MM-DDTHH:MM:SS, not "2026-11-20"',
    );
  });
});
