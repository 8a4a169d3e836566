import { coverSheetKindEndpoints, swmsKindEndpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { kernelKindRoutes } from '../../platform/documents/kernel-kind-routes.ts';
import type { SwmsService } from './swms.service.ts';

/** HTTP for SWMS and their cover sheets: each kind's endpoint set, served by its kernel (ADR 0092). */
export const swmsRoutes =
  (service: SwmsService): FastifyPluginAsync =>
  async (app) => {
    await app.register(
      kernelKindRoutes(swmsKindEndpoints, {
        kernel: service.swms,
        create: (caller, input) => service.createSwms(caller, input),
      }),
    );
    await app.register(
      kernelKindRoutes(coverSheetKindEndpoints, {
        kernel: service.coverSheets,
        create: (caller, input) => service.createCoverSheet(caller, input),
      }),
    );
  };
