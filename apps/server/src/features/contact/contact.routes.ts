import { adminEndpoints, contactEndpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import { route } from '../../platform/http/route.ts';
import type { ContactService } from './contact.service.ts';

/** HTTP for /contact, and the admin console's reading of the messages. Rules live in ContactService. */
export const contactRoutes =
  (service: ContactService): FastifyPluginAsync =>
  async (app) => {
    route(app, contactEndpoints.send, async (request, reply) => {
      await service.send(request.body, requestMetadataOf(request));
      return reply.status(201).send({ received: true });
    });

    route(app, adminEndpoints.contactMessages, (request) => service.page(request.query));

    route(app, adminEndpoints.markContactMessageHandled, (request) =>
      service.markHandled(callerOf(request), request.params.id),
    );
  };
