// A minimal Netlify edge context for running the edge function outside Netlify (local preview,
// tests, benchmarks): next(request) serves the request's path from the built site folder.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export function distContext(distDir: string) {
  const root = path.resolve(distDir);
  return {
    async next(request: Request): Promise<Response> {
      const pathname = decodeURIComponent(new URL(request.url).pathname);
      const file = path.resolve(root, `.${pathname}`);
      if (!file.startsWith(root + path.sep)) return new Response('Not Found', { status: 404 });
      try {
        return new Response(await readFile(file), { status: 200 });
      } catch {
        return new Response('Not Found', { status: 404 });
      }
    },
  };
}
