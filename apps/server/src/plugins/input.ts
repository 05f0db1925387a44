import fp from 'fastify-plugin';
import { findInputProblem } from '@cubeshop/shared';
import { badRequest } from '../lib/app-error.js';

/**
 * The text rule of every input, at the edge (packages/shared/src/validation/text.ts): before any
 * route's own validation, every string in the path parameters, the query and a JSON body (keys
 * too) is checked for NUL and other control characters, and bodies for absurd nesting. One hook
 * for all routes, so a new route cannot forget it; the answer is 400 in the request's language,
 * naming the field. Chat frames get the same rule in parseChatClientFrame.
 */
export const inputPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin is async or calls done()
  async (app) => {
    // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify hook is async or calls done()
    app.addHook('preValidation', async (request) => {
      for (const [where, value] of [
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        const found = findInputProblem(value);
        if (!found) continue;
        const field = found.path ? `${where}.${found.path}` : where;
        if (found.problem === 'depth') throw badRequest('inputTooDeep', { field }, { field, rule: 'v.depth' });
        throw badRequest('textNotAllowed', { field }, { field, rule: 'v.text.control' });
      }
    });
  },
  { name: 'input', dependencies: ['errors'] },
);
