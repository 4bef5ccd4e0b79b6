import type { DomainContext } from './domain/context.js';
import { issueApiToken, TOKEN_EXPIRY_MAX_DAYS } from './domain/people/issue-api-token.js';
import { listApiTokens } from './domain/people/list-api-tokens.js';
import { findUserByEmail } from './domain/people/resolve-user.js';
import { revokeApiToken } from './domain/people/revoke-api-token.js';
import { setAccountDisabled } from './domain/people/set-account-disabled.js';

// The backslash ends the first source line without putting a newline into the text.
export const ACCOUNT_COMMANDS_USAGE = `\
  user disable <email>                         Disable an account: sign-in refused, sessions and tokens ended, tickets kept
  user enable <email>                          Let a disabled account sign in again
  token create --email E --name N [--expires-in-days D]
                                               Print a new API token for that user (shown once)
  token list [--email E]                       List API tokens: id, name, owner, created, last used, expires
  token revoke <id>                            Revoke an API token at once`;

interface CommandInput {
  /** The word after the two-word command ("user disable <email>", "token revoke <id>"). */
  argument: string | undefined;
  extra: string[];
  values: { email?: string; name?: string; label?: string; 'expires-in-days'?: string };
}

/**
 * The account lifecycle and API token commands. Returns the exit code, or null when `command` is
 * not one of them. Errors the domain raises (AppError) are printed by the caller.
 */
export async function runAccountCommand(
  command: string,
  { argument, extra, values }: CommandInput,
  ctx: DomainContext,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number | null> {
  const verb = command.split(' ')[1];
  const usage = () => (err(`Usage:\n${ACCOUNT_COMMANDS_USAGE}`), 2);
  switch (command) {
    case 'token create': {
      if (!values.email) return usage();
      const days = values['expires-in-days'];
      if (days !== undefined && !/^\d{1,6}$/.test(days))
        return (err(`--expires-in-days must be a whole number of days from 1 to ${TOKEN_EXPIRY_MAX_DAYS}.`), 2);
      const user = await findUserByEmail(ctx.db, values.email);
      if (!user) return (err(`No user has the email ${values.email}. Add one with: helpdesk user add --email … --name … --role agent`), 1);
      const created = await issueApiToken(ctx, {
        userId: user.id,
        name: values.name ?? values.label ?? 'cli',
        expiresInDays: days === undefined ? undefined : Number(days),
      });
      out(created.token);
      return 0;
    }
    case 'token list': {
      const user = values.email ? await findUserByEmail(ctx.db, values.email) : undefined;
      if (values.email && !user) return (err(`No user has the email ${values.email}.`), 1);
      const tokens = await listApiTokens(ctx, { userId: user?.id });
      if (tokens.length === 0) out('No API tokens.');
      for (const t of tokens) {
        out(
          [
            `#${t.id}`,
            t.name,
            t.user.email,
            `created ${t.created}`,
            `last used ${t.last_used ?? 'never'}`,
            `expires ${t.expires ?? 'never'}`,
          ].join('\t'),
        );
      }
      return 0;
    }
    case 'token revoke': {
      if (!argument || extra.length > 0 || !/^\d{1,12}$/.test(argument))
        return (err(`Name one token by its id (see: helpdesk token list).`), 2);
      await revokeApiToken(ctx, Number(argument));
      out(`Token #${argument} revoked; it is refused from now on.`);
      return 0;
    }
    case 'user disable':
    case 'user enable': {
      const email = argument ?? values.email;
      if (!email || extra.length > 0) return usage();
      const user = await findUserByEmail(ctx.db, email);
      if (!user) return (err(`No account has the email ${email.trim().toLowerCase()}.`), 1);
      const disable = verb === 'disable';
      await setAccountDisabled(ctx, user.id, disable, null);
      out(
        disable
          ? `Disabled ${user.email}: sign-in refused, sessions and API tokens ended, tickets kept.`
          : `Enabled ${user.email}: it can sign in again.`,
      );
      return 0;
    }
    default:
      return null;
  }
}
