import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { message } from '../../../../common/i18n/translator.js';
import { recordAudit } from '../../../audit/record-audit.js';
import { addUser } from '../../../domain/people/add-user.js';
import { inviteStaff } from '../../../domain/people/invite-staff.js';
import { pendingInvitations } from '../../../domain/people/pending-invitations.js';
import { resendInvitation } from '../../../domain/people/resend-invitation.js';
import { findUserByEmail } from '../../../domain/people/resolve-user.js';
import { setAccountDisabled } from '../../../domain/people/set-account-disabled.js';
import { setOwnPreferences } from '../../../domain/people/set-own-preferences.js';
import { listStaff, updateUser } from '../../../domain/people/staff-users.js';
import { invalidField } from '../../../errors.js';
import { auditOf } from '../../audit-of.js';
import { requireAdmin, requireStaff } from '../../plugins/auth.js';
import { replyCreated } from '../../reply-created.js';
import type { RouteServices } from '../../services.js';
import { IdParams } from '../shared.schema.js';
import {
  AddUserBody,
  addUserResponse,
  disableUserResponse,
  resendInvitationResponse,
  UpdateMeBody,
  UpdateUserBody,
  UsersQuery,
  updateMeResponse,
  updateUserResponse,
  userListResponse,
} from './users.schema.js';

type PresentedUser = { id: number; email: string; name: string; role: 'client' | 'agent' | 'admin'; disabled_at: string | null };
const present = (u: PresentedUser, invitations: Map<number, string>) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  disabled_at: u.disabled_at,
  invitation_sent_at: invitations.get(u.id) ?? null,
});

/** An invitation as the audit log records it: who was invited, as what, and whether it was sent again. */
const invitedEntry = (user: PresentedUser, again = false) => ({
  action: 'user.invited' as const,
  targetType: 'user',
  targetId: user.id,
  targetLabel: `${user.name} <${user.email}>`,
  details: { role: user.role, again },
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
        body: AddUserBody,
        response: addUserResponse,
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const { password, invite, ...fields } = request.body;
      if (invite && password !== undefined) throw invalidField('invite', message('problems.users.password_or_invite'));
      if (invite && fields.role === 'client') throw invalidField('invite', message('problems.users.invite_staff_only'));
      let user = await addUser(ctx, fields);
      if (password !== undefined) user = await updateUser(ctx, user.id, { password });
      // The invitee chooses their own password through the mailed link; nobody else ever knows it.
      if (invite) {
        await inviteStaff(ctx.db, user.id);
        await recordAudit(ctx.db, auditOf(request), invitedEntry(user));
      }
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
        querystring: UsersQuery,
        response: userListResponse,
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
          response: disableUserResponse,
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return presentOne(await setAccountDisabled(ctx, request.params.id, disabled, admin, auditOf(request)));
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
        response: resendInvitationResponse,
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await resendInvitation(ctx, request.params.id, admin);
      const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', request.params.id).executeTakeFirstOrThrow();
      await recordAudit(ctx.db, auditOf(request), invitedEntry(user, true));
      return presentOne(user);
    },
  );

  app.patch(
    '/users/me',
    {
      schema: {
        summary: "Set the signed-in agent's or admin's own language and time zone (null: the site's)",
        tags: ['users'],
        body: UpdateMeBody,
        response: updateMeResponse,
      },
    },
    async (request) => {
      const actor = requireStaff(request);
      const user = await setOwnPreferences(ctx, actor.id, request.body);
      return { id: user.id, name: user.name, email: user.email, language: user.language, time_zone: user.time_zone };
    },
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        summary: "Rename a user, change the role or set a password (admins only; a new password ends the user's other sessions)",
        tags: ['users'],
        params: IdParams,
        body: UpdateUserBody,
        response: updateUserResponse,
      },
    },
    async (request) => {
      requireAdmin(request);
      // The admin's own browser stays signed in when they change their own password.
      return presentOne(await updateUser(ctx, request.params.id, request.body, request.sessionToken, auditOf(request)));
    },
  );
};
