// A delivery's signature, as the Standard Webhooks specification makes it: HMAC-SHA256 over
// "id.timestamp.body", keyed by the secret's decoded key, in base64 after "v1,"; one for each key,
// space-separated, so a receiver that holds either secret of a rotation verifies it.
import { createHmac } from 'node:crypto';

/** The webhook-signature header of a message `id` sent at `timestamp` (epoch seconds) with `body`. */
export function webhookSignature(keys: readonly Buffer[], id: string, timestamp: number, body: string): string {
  return keys
    .map((key) => `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`)
    .join(' ');
}
