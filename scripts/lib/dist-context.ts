// A minimal Netlify edge context for running the edge function outside Netlify (local preview,
// tests, benchmarks): next(request) serves the request's path from the built site folder.
// Like the static origin, it answers 404 only when there is no such file; any other failure to
// read is a 500, so the handler sees a broken disk as a failure, never as missing data.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The errors that mean "no such file" (ENOTDIR: a path component is a file). */
export function isNoSuchFile(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function distContext(distDir: string) {
  const root = path.resolve(distDir);
  return {
    async next(request: Request): Promise<Response> {
      const pathname = decodeURIComponent(new URL(request.url).pathname);
      const file = path.resolve(root, `.${pathname}`);
      if (!file.startsWith(root + path.sep)) return new Response('Not Found', { status: 404 });
      try {
        return new Response(await readFile(file), { status: 200 });
      } catch (e) {
        if (isNoSuchFile(e)) return new Response('Not Found', { status: 404 });
        return new Response('Internal Server Error', { status: 500 });
      }
    },
  };
}
