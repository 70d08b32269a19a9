// npm run check:content [-- --content DIR]: checks a content folder as the build checks it, without
// building: every problem listed at once, in the build's words (file, field, message), and the
// files the build would not read. The build's own reader does the work (its scanner threads, one per
// core for a large folder), told to keep nothing, so a large folder is checked in seconds.
import { formatWarnings } from '../src/content/files.ts';
import { ContentError } from '../src/content/read.ts';
import type { CollectionName } from '../src/content/schemas.ts';
import { SINGULAR } from '../src/records/resources.ts';
import type { Catalog } from '../src/pipeline/catalog.ts';
import { silentProgress } from '../src/pipeline/progress.ts';
import { scanContent } from '../src/pipeline/scan.ts';
import { grouped } from '../src/shared/numbers.ts';
import { existingFolder, parseCommandLine } from '../src/cli/args.ts';

const USAGE = `Usage: npm run check:content -- [--content DIR]
       (or node scripts/check-content.ts [options])

Checks every record of a content folder as the build does (each record's fields and the rules
between fields and between records), without building. Lists every problem at once, as the
build lists them (file, field, what is wrong), and every file the build would not read.
Exit code 0 when there is no problem, with one line counting the records of each collection;
1 when there are problems.

  --content DIR   the content folder to check (default content)
  -h, --help      print this text

Environment:
  CONTENT_DIR     the content folder, when --content is not given`;

const { content } = parseCommandLine(USAGE, {
  content: { type: 'string', default: 'content', env: 'CONTENT_DIR', parse: existingFolder },
});

/** How many records each collection holds, in the order the build reads them. */
function counts(catalog: Catalog): Record<CollectionName, number> {
  return {
    divisions: catalog.divisions.length,
    organizations: catalog.organizations.length,
    titles: catalog.titles.length,
    fighters: catalog.fighters.count,
    events: catalog.events.count,
    fights: catalog.fights.count,
    rankings: catalog.rankings.length,
  };
}

const started = performance.now();
let catalog: Catalog;
try {
  catalog = await scanContent(content, {
    spill: false,
    progress: silentProgress,
    onIgnored: (ignored) => console.warn(formatWarnings(ignored)),
  });
} catch (e) {
  if (!(e instanceof ContentError)) throw e;
  console.error(e.message);
  process.exit(1);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const listed = Object.entries(counts(catalog)).map(
  ([name, n]) => `${grouped(n)} ${n === 1 ? SINGULAR[name as CollectionName] : name}`,
);
console.log(`Content has no problems: ${listed.join(', ')} (${content}, checked in ${seconds} s)`);
