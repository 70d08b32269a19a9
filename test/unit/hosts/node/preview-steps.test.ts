// The preview's answers are made on one build: an answer made while another build was swapped in
// is made again, the API's GETs and the MCP endpoint's POSTs alike (a POST's body is read by its
// first answer, so the caller makes each attempt's request; the MCP endpoint's replay of its
// body is tested over HTTP in serve.test.ts).
import { describe, expect, it } from 'vitest';
import { chain } from '../../../../src/hosts/chain.ts';
import { onOneBuild, oneBuild } from '../../../../src/hosts/node/preview-steps.ts';

/** A build number that moves on while the answers listed in `swapDuring` are made. */
function swaps(swapDuring: number[]) {
  let build = 1;
  let answers = 0;
  return {
    build: () => build,
    answer: async (request: Request) => {
      const n = ++answers;
      const body = request.method === 'POST' ? await request.text() : '';
      if (swapDuring.includes(n)) build++;
      return new Response(`answer ${n} on build ${build}: ${body}`);
    },
    answers: () => answers,
  };
}

describe('answers made on one build', () => {
  it('are made again when a build was swapped in while they were made, and once when none was', async () => {
    const quiet = swaps([]);
    const once = await chain([oneBuild(quiet.build)], quiet.answer)(new Request('http://preview/v2/fights/'));
    expect([await once.text(), quiet.answers()]).toEqual(['answer 1 on build 1: ', 1]);

    const swapped = swaps([1]);
    const again = await chain([oneBuild(swapped.build)], swapped.answer)(new Request('http://preview/v2/fights/'));
    expect([await again.text(), swapped.answers()]).toEqual(['answer 2 on build 2: ', 2]);
  });

  it('give up after three attempts, and answer the last', async () => {
    const busy = swaps([1, 2, 3, 4]);
    const response = await chain([oneBuild(busy.build)], busy.answer)(new Request('http://preview/v2/fights/'));
    expect([await response.text(), busy.answers()]).toEqual(['answer 3 on build 4: ', 3]);
  });

  it("are each made by the caller's answer, which gives every attempt what it reads (an MCP call its body)", async () => {
    const swapped = swaps([1]);
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const response = await onOneBuild(swapped.build, () =>
      swapped.answer(new Request('http://preview/mcp', { method: 'POST', body: call })),
    );
    expect([await response.text(), swapped.answers()]).toEqual([`answer 2 on build 2: ${call}`, 2]);
  });
});
