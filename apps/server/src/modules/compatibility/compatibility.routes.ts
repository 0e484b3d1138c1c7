import { declaredPathsCalls, NOT_OFFERED } from '@kitchaco/domain';
import { notFound } from '../../http/errors.js';
import { defineRoute, type Module } from '../../http/registry.js';

/**
 * The spec's declared paths with no feature behind them (catering packages, public events): an old
 * client gets the spec's failure shape with the reason (docs/api.md, "Compatibility").
 */
export const compatibilityModule: Module = {
  routes: [
    defineRoute(declaredPathsCalls.cateringPackage, {
      handler: async () => {
        throw notFound(NOT_OFFERED.cateringPackage);
      },
    }),
    defineRoute(declaredPathsCalls.cateringPackageByPost, {
      handler: async () => {
        throw notFound(NOT_OFFERED.cateringPackage);
      },
    }),
    defineRoute(declaredPathsCalls.publicEvent, {
      handler: async () => {
        throw notFound(NOT_OFFERED.publicEvent);
      },
    }),
    defineRoute(declaredPathsCalls.publicEventByPost, {
      handler: async () => {
        throw notFound(NOT_OFFERED.publicEvent);
      },
    }),
  ],
};
