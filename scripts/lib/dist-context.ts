// A minimal Netlify edge context for running the edge function outside Netlify (local preview,
// tests, benchmarks): next(request) serves the request's path from the built site folder.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A rebuild swaps its folder in by renaming the old one aside and the new one in straight after
 * (scripts/lib/build-output.ts). A read that falls between the two finds no folder at all: it
 * waits for the new one rather than answer from nothing. By the time a failed read is seen the
 * swap may have finished, so a miss is read once more while the folder is there.
 */
async function readServed(root: string, file: string): Promise<Buffer<ArrayBuffer>> {
  for (let waited = 0; ; waited += 5) {
    try {
      return await readFile(file);
    } catch (e) {
      if (existsSync(root)) return await readFile(file);
      if (waited >= 1000) throw e;
      await sleep(5);
    }
  }
}

export function distContext(distDir: string) {
  const root = path.resolve(distDir);
  return {
    async next(request: Request): Promise<Response> {
      const pathname = decodeURIComponent(new URL(request.url).pathname);
      const file = path.resolve(root, `.${pathname}`);
      if (!file.startsWith(root + path.sep)) return new Response('Not Found', { status: 404 });
      try {
        return new Response(await readServed(root, file), { status: 200 });
      } catch {
        return new Response('Not Found', { status: 404 });
      }
    },
  };
}
