// A published build pushed to its subscribers (see subscribers.ts): one thin POST each, signed as
// the Standard Webhooks specification says (sign.ts), telling which build it was, how many records
// of each collection it created, changed and deleted, and the sync token that gets exactly those
// changes from the changes feed. A try that gets no 2xx within its timeout is made again after a
// wait that doubles, a few times in all; the build log gets one line per subscriber, never a secret.
// npm run build, Netlify's build plugin and the live preview all deliver through here.
import { setTimeout as sleep } from 'node:timers/promises';
import { encodeSyncToken } from '../api/sync-token.ts';
import { stateFolder } from '../shared/build-folders.ts';
import { readPublished, type PublishedBuild } from './published.ts';
import { webhookSignature } from './sign.ts';
import type { Subscriber } from './subscribers.ts';

/** When a delivery is tried: the waits before each try after the first, and how long one try may take. */
export interface DeliverySchedule {
  delaysMs: readonly number[];
  timeoutMs: number;
}

/** 5 tries, 2, 4, 8 and 16 s apart, each given 15 s: a subscriber down for under two minutes still gets it. */
export const DELIVERY_SCHEDULE: DeliverySchedule = { delaysMs: [2_000, 4_000, 8_000, 16_000], timeoutMs: 15_000 };

/** The one kind of event there is. */
export const DATA_CHANGED = 'data.changed';

export interface DeliveryOptions {
  log(line: string): void;
  schedule?: DeliverySchedule;
}

/** How one subscriber's delivery ended: sent or not, after how many tries, and the last try's status (or what went wrong). */
export interface DeliveryOutcome {
  subscriber: string;
  delivered: boolean;
  tries: number;
  last: number | string;
}

/** A subscriber's message of a build: its id (one per build, the same on every try) and its body; null when none of its collections changed. */
export function webhookMessage(published: PublishedBuild, subscriber: Subscriber): { id: string; body: string } | null {
  const counts = Object.fromEntries(
    Object.entries(published.counts).filter(
      ([collection]) => subscriber.collections === null || (subscriber.collections as string[]).includes(collection),
    ),
  );
  if (Object.keys(counts).length === 0) return null;
  const since = encodeSyncToken({ history: published.history, position: published.from, build: published.after });
  const body = JSON.stringify({
    type: DATA_CHANGED,
    timestamp: new Date(published.at * 1000).toISOString(),
    data: { build: published.build, counts, since },
  });
  // The build's name is unique to it (each is made from the one before and its changes).
  return { id: `msg_${published.name}`, body };
}

/** One try: the status it got, or what went wrong. */
async function attempt(
  subscriber: Subscriber,
  message: { id: string; body: string },
  timeoutMs: number,
): Promise<number | string> {
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const response = await fetch(subscriber.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': message.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(subscriber.keys, message.id, timestamp, message.body),
      },
      body: message.body,
      // A redirect is no delivery: the signature was made for this URL's receiver.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    return response.status;
  } catch (e) {
    const error = e as Error & { cause?: { code?: string } };
    if (error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
    return `no connection (${error.cause?.code ?? error.message})`;
  }
}

async function deliverOne(
  subscriber: Subscriber,
  message: { id: string; body: string },
  schedule: DeliverySchedule,
): Promise<DeliveryOutcome> {
  let last: number | string = 0;
  const tries = schedule.delaysMs.length + 1;
  for (let t = 0; t < tries; t++) {
    if (t > 0) await sleep(schedule.delaysMs[t - 1]);
    last = await attempt(subscriber, message, schedule.timeoutMs);
    if (typeof last === 'number' && last >= 200 && last < 300)
      return { subscriber: subscriber.name, delivered: true, tries: t + 1, last };
  }
  return { subscriber: subscriber.name, delivered: false, tries, last };
}

const lastOf = (last: number | string) => (typeof last === 'number' ? `status ${last}` : last);

/**
 * Delivers what a build published to each subscriber, side by side, and logs how each ended.
 * `published` null (the build added no change to the feed) sends nothing.
 */
export async function deliverPublished(
  subscribers: readonly Subscriber[],
  published: PublishedBuild | null,
  options: DeliveryOptions,
): Promise<DeliveryOutcome[]> {
  if (subscribers.length === 0) return [];
  if (published === null) {
    options.log('Webhooks: the build added no change to the changes feed; nothing delivered.');
    return [];
  }
  const schedule = options.schedule ?? DELIVERY_SCHEDULE;
  const outcomes = await Promise.all(
    subscribers.map(async (subscriber): Promise<DeliveryOutcome | null> => {
      let message: { id: string; body: string } | null;
      try {
        message = webhookMessage(published, subscriber);
      } catch (e) {
        // A saved note that makes no token (a state written by hand): logged, never a failed build.
        options.log(`Webhook ${subscriber.name}: build ${published.build} not sent (${(e as Error).message}).`);
        return null;
      }
      if (message === null) {
        options.log(
          `Webhook ${subscriber.name}: none of its collections changed in build ${published.build}; not sent.`,
        );
        return null;
      }
      const outcome = await deliverOne(subscriber, message, schedule);
      const tries = `${outcome.tries} ${outcome.tries === 1 ? 'try' : 'tries'}`;
      options.log(
        outcome.delivered
          ? `Webhook ${subscriber.name}: build ${published.build} delivered after ${tries} (${lastOf(outcome.last)}).`
          : `Webhook ${subscriber.name}: gave up on build ${published.build} after ${tries} (last: ${lastOf(outcome.last)}); it catches up from the changes feed.`,
      );
      return outcome;
    }),
  );
  return outcomes.filter((o): o is DeliveryOutcome => o !== null);
}

/** Delivers what the build published whose folder is `builtDir` (it saved it beside its state, see published.ts). */
export const deliverBuild = (builtDir: string, subscribers: readonly Subscriber[], options: DeliveryOptions) =>
  subscribers.length === 0
    ? Promise.resolve([])
    : deliverPublished(subscribers, readPublished(stateFolder(builtDir)), options);
