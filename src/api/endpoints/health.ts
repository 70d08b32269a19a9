// The service's health, for monitors: whether it can read the build it serves, the build's day,
// and how many records each collection holds, from one small file the build writes. No key is
// needed (the path is public, src/api/public.ts) and the answer is never kept by any cache: a
// monitor must see the service as it is now.
import { z } from 'zod';
import { ONE_READ } from '../budget/budget.ts';
import { Health } from '../../records/schemas.ts';
import { lists, paths } from '../../store/layout.ts';
import { readRequired, StoreInconsistent } from '../../store/store.ts';
import { oneBody } from '../envelope.ts';
import { HEALTH_PATH } from '../public.ts';
import { endpoint } from './endpoint.ts';

export const getHealth = endpoint({
  name: 'health',
  path: HEALTH_PATH,
  // One record, though no id names it.
  kind: 'one',
  caching: 'never',
  // Monitors ask it, not models: no MCP tool.
  tool: false,
  params: z.object({}),
  record: Health,
  summary: 'Service health',
  description:
    "Whether the service can read its data: 200 with the build's day (as_of) and how many records each collection holds, " +
    'or 503 ServiceUnavailable when the data cannot be read just now. Needs no API key, and is never cached. Takes no parameters.',
  reads: [lists.health],
  budget: ONE_READ,
  example: () => ({}),
  answer: async (_, { store }) => {
    const text = await readRequired(store, paths.health, 'every build writes it');
    // A file cut short or garbled is no health to report.
    let valid = false;
    try {
      valid = Health.safeParse(JSON.parse(text)).success;
    } catch {}
    if (!valid) throw new StoreInconsistent(paths.health, 'it is not a whole health record');
    return oneBody(text);
  },
});

export const healthService = {
  service: 'health',
  about:
    "The service's health, for monitors: the build it serves and how much data it holds. No key needed, never cached.",
  endpoints: [getHealth],
} as const;
