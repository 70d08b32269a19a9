// The local preview: the edge functions on Node, chained as Netlify chains them. Each request
// is counted against its address's rate limit where one is given, then passes the key gate; then, as on Netlify, the CDN cache answers what it holds, and only a miss
// runs the answering function, reading the built files. Each of these is a web-standard step
// (src/hosts/chain.ts); this file only composes them and serves the chain through the Node bridge.
import { chain, type Step } from '../chain.ts';
import { apiFunction, type StaticOrigin } from '../netlify/functions.ts';
import { gateFunction } from '../netlify/gate-function.ts';
import { mcpFunction, mcpStep } from '../netlify/mcp.ts';
import { replayable } from '../../mcp/server.ts';
import { cdnStandIn } from './cdn-step.ts';
import { folderOrigin } from './folder-origin.ts';
import { listen } from './bridge.ts';
import { perAddressLimit } from './rate-limit.ts';
import { oneBuild, onOneBuild, tryItKey } from './preview-steps.ts';

/** Built files the preview keeps in memory by default: the hot pages and indexes, not a whole large site. */
export const PREVIEW_CACHE_BYTES = 64 * 1024 * 1024;

/** Answers the preview's CDN stand-in keeps by default. */
const PREVIEW_CDN_BYTES = 64 * 1024 * 1024;

/**
 * Where the built files come from: a built site's folder, or any origin that serves them (a
 * test's store in memory). `build()` names the build it serves, when builds can be swapped in.
 */
type BuiltFiles =
  | {
      distDir: string;
      /** Bytes of built files kept in memory (0: read every file from disk). */
      cacheBytes?: number;
    }
  | { context: StaticOrigin & { build?: () => number } };

/** An MCP request answered on one build: its body read once, within the endpoint's limit, and replayed to each attempt. */
async function mcpOnOneBuild(
  build: () => number,
  request: Request,
  answer: (copy: Request) => Promise<Response>,
): Promise<Response> {
  const read = await replayable(request);
  return 'refused' in read ? read.refused : onOneBuild(build, () => answer(read.copy()));
}

export async function startServer(
  options: BuiltFiles & {
    port: number;
    host?: string;
    env?: Record<string, string | undefined>;
    /** Bytes of answers the CDN stand-in keeps (0: none; every request runs the answering function). */
    cdnBytes?: number;
    /** A key to fill in the documentation page's try-it console with (none by default). */
    tryItKey?: string;
    /**
     * Requests each client address may make in a minute, answered 429 beyond it as Netlify
     * answers the gate's (npm start and npm run dev give RATE_LIMIT_PER_MINUTE); none by default,
     * for the tests and benchmarks that send thousands from one address.
     */
    perAddressLimit?: number;
    /** Where the gate's usage log goes (npm start and npm run dev: standard output); nowhere by default. */
    log?: (line: string) => void;
  },
) {
  const env = options.env ?? process.env;
  const settings = { get: (name: string) => env[name] };
  const origin =
    'context' in options
      ? options.context
      : folderOrigin(options.distDir, { cacheBytes: options.cacheBytes ?? PREVIEW_CACHE_BYTES });
  const build = origin.build?.bind(origin);
  const cdnBytes = options.cdnBytes ?? PREVIEW_CDN_BYTES;
  const api = apiFunction(settings);
  const mcp = mcpFunction(settings);
  const limit = options.perAddressLimit === undefined ? undefined : perAddressLimit(options.perAddressLimit);
  const steps: Step[] = [
    // As on Netlify, the rate limit counts before the gate runs: a request over it never reaches the gate.
    ...(limit ? [limit.step] : []),
    gateFunction(settings, { log: options.log ?? (() => {}), limitLeft: limit?.left }),
    // The MCP endpoint, as on Netlify: its own function after the gate, never cached. Its tools
    // read the store as the API does, so their answers too are made on one build, each attempt
    // over the body read once.
    mcpStep(build ? (request, from) => mcpOnOneBuild(build, request, (copy) => mcp(copy, from)) : mcp, origin),
    // Outside the CDN stand-in: a page it keeps never holds the key, which goes only to the Host that asked.
    ...(options.tryItKey !== undefined ? [tryItKey(options.tryItKey)] : []),
    // Without a budget there is no CDN in front, as under the emulator: the functions' headers go out as they are.
    ...(cdnBytes > 0 ? [cdnStandIn({ maxBytes: cdnBytes, deploy: build })] : []),
    ...(build ? [oneBuild(build)] : []),
  ];
  return listen(
    chain(steps, (request) => api(request, origin)),
    { port: options.port, host: options.host },
  );
}
