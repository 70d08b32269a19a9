// A webhook receiver on this machine: a node:http server on a free port that answers each delivery
// as a test scripts it (a status, after a delay) and checks every one with the standardwebhooks
// package's Webhook.verify, a verifier written apart from the code that signs.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** How the receiver answers one try: a status, after `delayMs`. */
export interface Answer {
  status: number;
  delayMs?: number;
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The body Webhook.verify gave back, for each secret the receiver holds (null where it refused). */
  verified: Array<unknown | null>;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A random whsec_ secret of 32 bytes. */
export const newSecret = () => `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`;

/** Starts a receiver holding `secrets`; the n-th try is answered as `answers[n]` says (the last one for every try after). */
export async function startReceiver(
  secrets: readonly string[],
  answers: readonly Answer[] = [{ status: 204 }],
): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = request.headers;
      const verified = secrets.map((secret) => {
        try {
          return new Webhook(secret).verify(body, headers as Record<string, string>);
        } catch {
          return null;
        }
      });
      const answer = answers[Math.min(received.length, answers.length - 1)];
      received.push({ headers, body, verified });
      const reply = () => {
        if (!response.destroyed) response.writeHead(answer.status).end();
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/boxing?token=receiver-own`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
