import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteServices } from '../../services.js';
import { addPostCollectionRoutes } from '../posts/post-collection-routes.js';
import { ProductWriteBodies } from './products.schema.js';

/**
 * Products: created, updated and deleted by agents and admins. The widget's public list of products is a
 * lookup (GET /tickets/products/, routes/lookups/).
 */
export const productsRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  addPostCollectionRoutes(app, ctx, 'products', ProductWriteBodies);
};
