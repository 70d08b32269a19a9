// Deterministic dataset generator: writes the content/ collections for a number of fights.
//   node scripts/generate.ts [--fights N] [--seed S] [--out DIR] [--as-of YYYY-MM-DD] (--help says more)
// All randomness comes from a PRNG seeded by --seed, and the as-of day is an argument (never the
// clock), so the same arguments give byte-identical files.
import { commandLine, USAGE } from './generate/cli.ts';
import { eventCount, eventRecord, makeEvents, requiredDays, titleEvents } from './generate/events.ts';
import { fighterCount, fighterRecord, finishStats, makeFighters } from './generate/fighters.ts';
import { makeFights } from './generate/fights.ts';
import { makeRankings } from './generate/rankings.ts';
import { divisions, organizations, titles } from './generate/reference.ts';
import { dayNumber, formatDateTime } from './generate/time.ts';
import { writeCollections } from './generate/write.ts';
import { refuse } from '../src/cli/args.ts';
import { commandProgress } from '../src/cli/progress.ts';

async function main(): Promise<void> {
  const opts = commandLine();
  const started = performance.now();
  const asOfDay = dayNumber(opts.asOf);
  const asOfYear = Number(opts.asOf.slice(0, 4));
  // Every event needs a fight, so there are never more events than fights.
  const events = Math.min(eventCount(opts.fights), opts.fights);
  const needed = requiredDays(null, asOfDay).length;
  if (events < needed)
    refuse(
      USAGE,
      `--fights must be at least ${needed} with --as-of ${opts.asOf}: every month from the as-of month through 2031-12 needs an event`,
    );
  // On standard error, so that standard output keeps only the summary line.
  const progress = commandProgress(USAGE);

  const fighters = makeFighters(opts.seed, opts.fighters ?? fighterCount(opts.fights), divisions, opts.asOf, progress);
  const eventList = makeEvents(opts.seed, events, asOfDay, progress);
  const { fights, mainEvents, titleWinners } = makeFights(
    opts.seed,
    opts.fights,
    eventList,
    fighters,
    divisions,
    asOfDay,
    progress,
  );
  titleEvents(opts.seed, eventList, mainEvents);
  finishStats(opts.seed, fighters, asOfYear);
  const rankings = makeRankings(opts.seed, fighters, divisions, titleWinners, asOfDay);

  const collections: [string, { id: string }[]][] = [
    ['divisions', divisions.map((d) => d.record)],
    ['organizations', organizations],
    ['titles', titles],
    ['fighters', fighters.map(fighterRecord)],
    ['events', eventList.map((e) => eventRecord(e, formatDateTime))],
    ['fights', fights],
    ['rankings', rankings],
  ];
  const written = await writeCollections(opts.out, collections, progress);
  const counts = collections.map(([name, records]) => `${name} ${records.length}`).join(', ');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Wrote ${written} files to ${opts.out} (${counts}) in ${seconds}s\n`);
}

await main();
