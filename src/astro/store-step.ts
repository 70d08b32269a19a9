// The second half of `npm run build` when the pages of this code are kept from an earlier build
// (see src/astro/pages-cache.ts): started by scripts/build.ts in Astro's place, with the
// environment Astro's process would have had (the build's settings in BOXING_BUILD_SETTINGS), it
// copies the kept pages into the build's folder and runs the store step the integration runs
// (src/astro/site-store.ts). Its lines read as Astro's logger prints the integration's.
//   node src/astro/store-step.ts PAGES_FOLDER OUT_DIR
import { receivedBuildSettings, type BuildSettings } from '../pipeline/settings.ts';
import { ContentError } from '../content/read.ts';
import { buildWithKeptPages } from './site-store.ts';

const [pages, outDir] = process.argv.slice(2);
const time = () => new Date().toTimeString().slice(0, 8);
const logger = {
  info: (message: string) => console.log(`${time()} [boxing-store] ${message}`),
  warn: (message: string) => console.log(`${time()} [WARN] [boxing-store] ${message}`),
};

let settings: BuildSettings;
try {
  settings = receivedBuildSettings();
} catch (e) {
  // Settings it cannot read stop it before it does any work, in a line naming the setting.
  console.error(`${time()} [ERROR] [boxing-store] ${(e as Error).message}`);
  process.exit(1);
}
try {
  console.log(`${time()} [build] pages taken from an earlier build of this code: ${pages}`);
  await buildWithKeptPages(pages, outDir, settings, logger);
  console.log(`${time()} [build] Complete!`);
} catch (e) {
  // Content problems are the maintainer's to fix, listed in full; anything else is ours, with its stack.
  console.error(
    `${time()} [ERROR] [boxing-store] ${e instanceof ContentError ? e.message : ((e as Error).stack ?? String(e))}`,
  );
  process.exitCode = 1;
}
