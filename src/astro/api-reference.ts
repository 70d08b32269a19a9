// The Astro integration that puts the documentation page's renderer into the site: the API
// reference's standalone browser bundle, copied from its package so the page loads nothing from
// another origin.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { REFERENCE_SCRIPT } from '../api/public.ts';

/** The bundle inside the package (which exports no path to it, hence the walk from its entry). */
function bundlePath(): string {
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return path.join(path.dirname(entry), 'browser', 'standalone.js');
}

export function apiReference(): AstroIntegration {
  return {
    name: 'api-reference',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const target = path.join(fileURLToPath(dir), REFERENCE_SCRIPT);
        mkdirSync(path.dirname(target), { recursive: true });
        copyFileSync(bundlePath(), target);
      },
    },
  };
}
