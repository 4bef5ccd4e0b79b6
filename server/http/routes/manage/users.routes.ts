import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { TICKET_FIELD_LIMITS } from '../../../../common/limits.js';
import { addUser } from '../../../domain/add-user.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { RouteServices } from '../../services.js';
import { BEARER, Label, problemResponses } from '../shared.schema.js';

const Role = Type.Union([Type.Literal('client'), Type.Literal('agent'), Type.Literal('admin')]);
const UserReply = Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String(), role: Role });

/** POST /users — an admin adds an agent, admin or client account. */
export const usersRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.post(
    '/users/',
    {
      schema: {
        summary: 'Add a user (admins only)',
        tags: ['users'],
        security: BEARER,
        body: Type.Object(
          { email: Type.String({ format: 'email', maxLength: TICKET_FIELD_LIMITS.email }), name: Label(TICKET_FIELD_LIMITS.name), role: Role },
          { additionalProperties: false },
        ),
        response: { 201: UserReply, ...problemResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const user = await addUser(ctx, request.body);
      reply.status(201);
      return { id: user.id, email: user.email, name: user.name, role: user.role };
    },
  );
};
