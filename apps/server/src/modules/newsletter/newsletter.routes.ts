import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCodeSentResponse, ZSubscribeCodeQuery, ZSubscribeRequest, ZSubscribeResponse } from '@cubeshop/shared';
import { callerOf, signedInUserId } from '../../lib/session.js';
import type { NewsletterService } from './newsletter.service.js';

export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (app, { newsletter }) => {
  app.get(
    '/user/subscribe/code',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['newsletter'],
        summary: 'Send a newsletter confirmation code',
        description: 'E-mails a 6-digit code to ?email=E (10 minutes, once, 60 s between codes).',
        security: [{ bearer: [] }],
        querystring: ZSubscribeCodeQuery,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (request) => newsletter.requestCode(request.query.email, await callerOf(request)),
  );

  app.post(
    '/user/subscribe',
    {
      preHandler: app.requireUser,
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
      preHandler: app.requireUser,
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
