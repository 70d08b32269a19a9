// npm run client:build (and client/'s prepack, so `npm pack client` and `npm publish` build it
// first): the typed client as a package needs it, in client/dist/. Its JavaScript is one ES module
// bundled by esbuild; its declarations one file bundled by rollup-plugin-dts, with the API's types
// and the zod types they are inferred from written into it, so the package needs nothing outside
// itself (no zod, no src/). A file that would still import anything is refused.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { parseCommandLine } from '../src/cli/args.ts';

const USAGE = `Usage: npm run client:build
       (or node scripts/client-build.ts)

Builds the typed client's package into client/dist/: index.js, an ES module, and index.d.ts, its
declarations, which hold every type they need (the records, the endpoints' parameters and answers)
and import nothing. npm pack and npm publish in client/ run it first.

  -h, --help   print this text`;

parseCommandLine(USAGE, {});
const client = fileURLToPath(new URL('../client/', import.meta.url));
const entry = path.join(client, 'src/index.ts');
const out = path.join(client, 'dist');
const tsconfig = path.join(client, 'tsconfig.json');

rmSync(out, { recursive: true, force: true });
// The sources take only types from src/, which vanish here; a package they imported at run time
// would stay an import and be refused below, not bundled in.
await build({
  entryPoints: [entry],
  outfile: path.join(out, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  packages: 'external',
  tsconfig,
  logLevel: 'warning',
});
// respectExternal: nothing is left external (rollup's default), zod's declarations included.
const bundle = await rollup({ input: entry, plugins: [dts({ respectExternal: true, tsconfig })] });
// zod's declarations are copied into the file, and its licence asks that its notice go with them.
const zodLicence = readFileSync(fileURLToPath(new URL('../node_modules/zod/LICENSE', import.meta.url)), 'utf8').trim();
const banner = `/*!\n * Declarations of zod (https://zod.dev) are included below, under its licence:\n *\n${zodLicence.replace(/^/gm, ' * ').replace(/ +$/gm, '')}\n */`;
await bundle.write({ file: path.join(out, 'index.d.ts'), format: 'es', banner });
await bundle.close();

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;
for (const file of ['index.js', 'index.d.ts']) {
  const imports = [...readFileSync(path.join(out, file), 'utf8').matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
  if (imports.length > 0) {
    console.error(
      `client:build: client/dist/${file} imports ${imports.join(', ')}: the package must hold everything it needs`,
    );
    process.exit(1);
  }
}
console.log('Built client/dist/index.js and client/dist/index.d.ts');
