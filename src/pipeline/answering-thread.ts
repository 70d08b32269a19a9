// A build's thread that does one share of the work and answers once (the resolving thread, the
// fighters' files' thread): its progress heard as it comes, its answer awaited, its failure
// heard between two turns of this thread's own share, and a way to end it when that share failed.
import type { Worker } from 'node:worker_threads';

export interface AnsweringThread<T> {
  /** The thread's answer; rejects with its failure, or when it stops before answering. */
  done: Promise<T>;
  /** Throws the thread's failure once it has failed. */
  check(): void;
  /** Ends the thread, if it has not ended; resolves once it has. */
  stop(): Promise<void>;
}

/** `worker`, whose messages are progress (`heard` returns undefined) or its answer; `what` names it in the failure of a thread that stopped without one. */
export function answeringThread<M, T>(
  worker: Worker,
  what: string,
  heard: (message: M) => T | undefined,
): AnsweringThread<T> {
  let failure: { error: unknown } | null = null;
  const done = new Promise<T>((resolve, reject) => {
    worker.on('message', (message: M) => {
      const answer = heard(message);
      if (answer !== undefined) resolve(answer);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the thread ${what} stopped (${code}) before it answered`)));
  });
  // Heard as soon as it comes (check), or when the answer is awaited; stopped early, no one's to hear.
  done.catch((error) => (failure ??= { error }));
  return {
    done,
    check: () => {
      if (failure) throw failure.error;
    },
    stop: () => worker.terminate().then(() => {}),
  };
}
