// Where the writer puts files: the build's file writer (src/pipeline/file-writer.ts) writes them to
// disk on a thread of its own.
import type { Body } from './lists/make.ts';

export interface Sink {
  write(path: string, body: Body): Promise<void>;
}
