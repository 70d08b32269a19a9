// One server of the throughput comparison, in its own process so the load generator never shares
// its event loop. Every kind exits as soon as its stdin closes, so a parent that dies, however it
// dies, leaves no server behind.
//   node scripts/bench/server-child.ts preview <distDir> [cdnBytes]   (prints "port <n>")
//   node scripts/bench/server-child.ts bare <bytes>          (prints "port <n>")
//   node scripts/bench/server-child.ts json-server <json-server CLI arguments...>
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { startServer } from '../../src/hosts/node/serve.ts';

process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();

const [kind, ...args] = process.argv.slice(2);

if (kind === 'preview') {
  const cdnBytes = args[1] === undefined ? undefined : Number(args[1]);
  const server = await startServer({ distDir: args[0]!, port: 0, env: { API_KEYS: 'bench' }, cdnBytes });
  console.log(`port ${server.port}`);
} else if (kind === 'bare') {
  // The ceiling for any Node server here: no routing, no files, the same bytes every time.
  const body = Buffer.alloc(Number(args[0]), ' ');
  body.write('{"data":"');
  body.write('"}', body.length - 2);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length }).end(body);
  });
  server.listen(0, '127.0.0.1', () => console.log(`port ${(server.address() as AddressInfo).port}`));
} else if (kind === 'json-server') {
  // json-server's own command line, run in this process so the stdin watch above applies to it.
  const require = createRequire(import.meta.url);
  const bin = require.resolve('json-server/lib/cli/bin.js');
  process.argv = [process.argv[0]!, bin, ...args];
  require(bin);
} else {
  console.error(`unknown server kind: ${kind}`);
  process.exit(2);
}
