// A folder laid out as a Netlify site for the local emulator, around a built site. The emulator
// reads only <its root>/netlify.toml, refuses folders outside its root, and gives its edge
// functions no variables but the resolved config's. So the folder holds a netlify.toml with the
// project's own edge function declarations (as `netlify build` bundles them) and API_KEYS in the
// dev context, and links to the built site, the edge functions, the code they import and the
// packages it imports.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'smol-toml';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface EmulatorSite {
  root: string;
  remove(): void;
}

/** The emulator's netlify.toml for a project's: its edge functions, with API_KEYS for them to see. */
export function emulatorConfig(projectConfig: string, keys: string): string {
  const { edge_functions } = parse(projectConfig);
  return stringify({
    build: { publish: 'dist', edge_functions: 'netlify/edge-functions' },
    edge_functions,
    context: { dev: { environment: { API_KEYS: keys } } },
  });
}

export function emulatorSite(distDir: string, keys: string): EmulatorSite {
  const root = mkdtempSync(path.join(tmpdir(), 'boxing-netlify-emulator-'));
  writeFileSync(
    path.join(root, 'netlify.toml'),
    emulatorConfig(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8'), keys),
  );
  // Directory junctions on Windows need no privileges; elsewhere the type is ignored.
  symlinkSync(path.resolve(distDir), path.join(root, 'dist'), 'junction');
  for (const folder of ['netlify', 'src', 'node_modules'])
    symlinkSync(path.join(ROOT, folder), path.join(root, folder), 'junction');
  // The code's npm imports (zod) resolve as on Netlify, where the edge bundler takes them from the
  // project's package.json and node_modules.
  symlinkSync(path.join(ROOT, 'package.json'), path.join(root, 'package.json'), 'file');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
