import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCodeSentResponse, ZSubscribeCodeQuery, ZSubscribeRequest, ZSubscribeResponse } from '@cubeshop/shared';
import { callerOf, signedInUserId } from '../../lib/session.js';
import type { NewsletterService } from './newsletter.service.js';

// eslint-disable-next-line @typescript-eslint/require-await -- FastifyPluginAsyncZod: the plugin returns a promise
export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (app, { newsletter }) => {
  app.get(
    '/user/subscribe/code',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['newsletter'],
        summary: 'Send a newsletter confirmation code',
        description:
          'E-mails a 6-digit code to ?email=E (10 minutes, once, 60 s between codes). Besides the limits of every code (10 an hour per address, 30 per IP), one account may ask for 5 an hour and for 3 different addresses a day: 429 with details.retryAfter (docs/accounts.md).',
        security: [{ bearer: [] }],
        querystring: ZSubscribeCodeQuery,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (request) => newsletter.requestCode(await signedInUserId(request), request.query.email, await callerOf(request)),
  );

  app.post(
    '/user/subscribe',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe to the newsletter',
        security: [{ bearer: [] }],
        body: ZSubscribeRequest,
        response: { 200: ZSubscribeResponse },
      },
    },
    async (request) => newsletter.subscribe(await signedInUserId(request), request.body.email, request.body.otp),
  );

  app.delete(
    '/user/subscribe',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe from the newsletter',
        security: [{ bearer: [] }],
        response: { 200: ZSubscribeResponse },
      },
    },
    async (request) => newsletter.unsubscribe(await signedInUserId(request)),
  );
};
