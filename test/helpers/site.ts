// The test build: the default content built once per run by the integration and hosts projects'
// global setup (build-setup.ts). The unit project makes none, so a unit test that reaches for it
// stops here with what to do, rather than failing somewhere on a missing folder.
import { inject } from 'vitest';

export const WITHOUT_BUILD =
  'This test reads the test build, which the unit project does not make: it belongs in test/integration/ (see CONTRIBUTING.md).';

/** The folder of the test build. */
export function builtSite(): string {
  const distDir: string | undefined = inject('distDir');
  if (distDir === undefined) throw new Error(WITHOUT_BUILD);
  return distDir;
}

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
    /** The shipped content, read and checked once per run (build-setup.ts), as JSON. */
    shippedContent: string;
  }
}
