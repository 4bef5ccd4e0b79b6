import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, TICKET_FIELD_LIMITS } from '../../../../common/limits.js';
import { addUser } from '../../../domain/people/add-user.js';
import { inviteStaff } from '../../../domain/people/invite-staff.js';
import { pendingInvitations } from '../../../domain/people/pending-invitations.js';
import { resendInvitation } from '../../../domain/people/resend-invitation.js';
import { findUserByEmail } from '../../../domain/people/resolve-user.js';
import { setAccountDisabled } from '../../../domain/people/set-account-disabled.js';
import { listStaff, updateUser } from '../../../domain/people/staff-users.js';
import { invalidField } from '../../../errors.js';
import { requireAdmin, requireStaff } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams, Label, problemResponses } from '../shared.schema.js';

const Role = Type.Union([Type.Literal('client'), Type.Literal('agent'), Type.Literal('admin')]);
const UserReply = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
  disabled_at: Type.Union([Type.String(), Type.Null()], { description: 'When an admin disabled the account; null: it may sign in' }),
  invitation_sent_at: Type.Union([Type.String(), Type.Null()], {
    description: 'When the latest invitation was sent, while the person has not chosen a password yet; null otherwise',
  }),
});

const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });
type PresentedUser = { id: number; email: string; name: string; role: 'client' | 'agent' | 'admin'; disabled_at: string | null };
const present = (u: PresentedUser, invitations: Map<number, string>) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  disabled_at: u.disabled_at,
  invitation_sent_at: invitations.get(u.id) ?? null,
});

/** Users: an admin adds accounts and manages agents; agents may list the staff (the assignee list). */
export const usersRoutes: FastifyPluginAsyncTypebox<RouteServices> = async (app, { ctx }) => {
  /** One account, with its pending invitation if it has one. */
  const presentOne = async (u: PresentedUser) => present(u, await pendingInvitations(ctx.db, [u.id]));
  app.post(
    '/users/',
    {
      schema: {
        summary: 'Add a user (admins only)',
        tags: ['users'],
        body: Type.Object(
          {
            email: Type.String({ format: 'email', maxLength: TICKET_FIELD_LIMITS.email }),
            name: Label(TICKET_FIELD_LIMITS.name),
            role: Role,
            password: Type.Optional(Password),
            invite: Type.Optional(
              Type.Boolean({ description: 'Mail the new agent or admin a link to choose their own password (instead of `password`)' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 201: UserReply, ...problemResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { password, invite, ...fields } = request.body;
      if (invite && password !== undefined) throw invalidField('invite', 'send either a password or invite: true, not both');
      if (invite && fields.role === 'client') throw invalidField('invite', 'invitations are for agents and admins');
      let user = await addUser(ctx, fields);
      if (password !== undefined) user = await updateUser(ctx, user.id, { password });
      // The invitee chooses their own password through the mailed link; nobody else ever knows it.
      if (invite) await inviteStaff(ctx.db, user.id);
      replyCreated(request, reply, user.id);
      return presentOne(user);
    },
  );

  app.get(
    '/users/',
    {
      schema: {
        summary:
          'Agents and admins (any agent: the assignee list); with ?email=, the one account of any role with that address (admins only)',
        tags: ['users'],
        // Not strict: this list took no query before, and a caller's extra parameter must not start failing.
        querystring: Type.Object({ email: Type.Optional(Type.String({ format: 'email', maxLength: TICKET_FIELD_LIMITS.email })) }),
        response: { 200: Type.Array(UserReply), ...problemResponses(400, 401, 403) },
      },
    },
    async (request) => {
      if (request.query.email === undefined) {
        requireStaff(request);
        const [staff, invitations] = await Promise.all([listStaff(ctx), pendingInvitations(ctx.db)]);
        return staff.map((u) => present(u, invitations));
      }
      requireAdmin(request);
      const user = await findUserByEmail(ctx.db, request.query.email);
      return user ? [await presentOne(user)] : [];
    },
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/users/:id/${action}`,
      {
        schema: {
          summary: disabled
            ? 'Disable an account: sign-in refused, its sessions and API tokens ended at once, its tickets kept (admins only)'
            : 'Enable a disabled account again (admins only)',
          tags: ['users'],
          params: IdParams,
          response: { 200: UserReply, ...problemResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return presentOne(await setAccountDisabled(ctx, request.params.id, disabled, admin));
      },
    );
  }

  app.post(
    '/users/:id/invitation',
    {
      schema: {
        summary:
          'Send an agent or admin who has not chosen a password yet a new invitation; the earlier link stops working ' +
          '(admins only; a few per account and per admin each hour)',
        tags: ['users'],
        params: IdParams,
        response: { 200: UserReply, ...problemResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await resendInvitation(ctx, request.params.id, admin);
      const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', request.params.id).executeTakeFirstOrThrow();
      return presentOne(user);
    },
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        summary: "Rename a user, change the role or set a password (admins only; a new password ends the user's other sessions)",
        tags: ['users'],
        params: IdParams,
        body: Type.Object(
          { name: Type.Optional(Label(TICKET_FIELD_LIMITS.name)), role: Type.Optional(Role), password: Type.Optional(Password) },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: UserReply, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireAdmin(request);
      // The admin's own browser stays signed in when they change their own password.
      return presentOne(await updateUser(ctx, request.params.id, request.body, request.sessionToken));
    },
  );
};
