import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { TICKET_FIELD_LIMITS } from '../../../../common/limits.js';
import { addUser } from '../../../domain/add-user.js';
import { listStaff, MIN_PASSWORD_LENGTH, updateUser } from '../../../domain/staff-users.js';
import { requireAdmin, requireStaff } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { BEARER, IdParams, Label, problemResponses } from '../shared.schema.js';

const Role = Type.Union([Type.Literal('client'), Type.Literal('agent'), Type.Literal('admin')]);
const UserReply = Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String(), role: Role });

const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 200 });
const present = (u: { id: number; email: string; name: string; role: 'client' | 'agent' | 'admin' }) => ({ id: u.id, email: u.email, name: u.name, role: u.role });

/** Users: an admin adds accounts and manages agents; agents may list the staff (the assignee list). */
export const usersRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  app.post(
    '/users/',
    {
      schema: {
        summary: 'Add a user (admins only)',
        tags: ['users'],
        security: BEARER,
        body: Type.Object(
          { email: Type.String({ format: 'email', maxLength: TICKET_FIELD_LIMITS.email }), name: Label(TICKET_FIELD_LIMITS.name), role: Role, password: Type.Optional(Password) },
          { additionalProperties: false },
        ),
        response: { 201: UserReply, ...problemResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { password, ...fields } = request.body;
      let user = await addUser(ctx, fields);
      if (password !== undefined) user = await updateUser(ctx, user.id, { password });
      replyCreated(request, reply, user.id);
      return present(user);
    },
  );

  app.get(
    '/users/',
    { schema: { summary: 'Agents and admins (any agent: the assignee list)', tags: ['users'], security: BEARER, response: { 200: Type.Array(UserReply), ...problemResponses(401, 403) } } },
    async (request) => {
      requireStaff(request);
      return (await listStaff(ctx)).map(present);
    },
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        summary: "Rename a user, change the role or set a password (admins only; a new password ends the user's other sessions)",
        tags: ['users'],
        security: BEARER,
        params: IdParams,
        body: Type.Object({ name: Type.Optional(Label(TICKET_FIELD_LIMITS.name)), role: Type.Optional(Role), password: Type.Optional(Password) }, { additionalProperties: false, minProperties: 1 }),
        response: { 200: UserReply, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireAdmin(request);
      // The admin's own browser stays signed in when they change their own password.
      return present(await updateUser(ctx, request.params.id, request.body, request.sessionToken));
    },
  );
};
