import type { Translator } from '../common/i18n/translator.js';
import type { DomainContext } from './domain/context.js';
import { issueApiToken, TOKEN_EXPIRY_MAX_DAYS } from './domain/people/issue-api-token.js';
import { listApiTokens } from './domain/people/list-api-tokens.js';
import { findUserByEmail } from './domain/people/resolve-user.js';
import { revokeApiToken } from './domain/people/revoke-api-token.js';
import { setAccountDisabled } from './domain/people/set-account-disabled.js';
import { english } from './i18n/translators.js';

/** The account commands' lines of the usage text: each command as typed, then what it does in `t`'s language. */
export function accountCommandsUsage(t: Translator): string {
  return usageLines([
    ['user disable <email>', t.t('cli.usage.user_disable')],
    ['user enable <email>', t.t('cli.usage.user_enable')],
    ['token create --email E --name N [--expires-in-days D]', t.t('cli.usage.token_create')],
    ['token list [--email E]', t.t('cli.usage.token_list')],
    ['token revoke <id>', t.t('cli.usage.token_revoke')],
  ]);
}

/** Commands in a column of 45, their words beside them (a longer command has its words on the next line). */
export function usageLines(rows: Array<[command: string, words: string]>): string {
  const column = 45;
  return rows
    .map(([command, words]) =>
      command.length + 2 < column ? `  ${command.padEnd(column)}${words}` : `  ${command}\n${' '.repeat(column + 2)}${words}`,
    )
    .join('\n');
}

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
  t: Translator = english,
): Promise<number | null> {
  const verb = command.split(' ')[1];
  const usage = () => (err(`${t.t('cli.usage.heading')}\n${accountCommandsUsage(t)}`), 2);
  switch (command) {
    case 'token create': {
      if (!values.email) return usage();
      const days = values['expires-in-days'];
      if (days !== undefined && !/^\d{1,6}$/.test(days)) return (err(t.t('cli.token.days', { max: TOKEN_EXPIRY_MAX_DAYS })), 2);
      const user = await findUserByEmail(ctx.db, values.email);
      if (!user) {
        // i18n-exempt: a command to type
        const example = 'helpdesk user add --email … --name … --role agent';
        return (err(t.t('cli.token.no_user_add', { email: values.email, example })), 1);
      }
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
      if (values.email && !user) return (err(t.t('cli.token.no_user', { email: values.email })), 1);
      const tokens = await listApiTokens(ctx, { userId: user?.id });
      if (tokens.length === 0) out(t.t('cli.token.none'));
      for (const token of tokens) {
        out(
          [
            `#${token.id}`,
            token.name,
            token.user.email,
            t.t('cli.token.created', { when: token.created }),
            t.t('cli.token.last_used', { when: token.last_used ?? t.t('cli.token.never') }),
            t.t('cli.token.expires', { when: token.expires ?? t.t('cli.token.never') }),
          ].join('\t'),
        );
      }
      return 0;
    }
    case 'token revoke': {
      if (!argument || extra.length > 0 || !/^\d{1,12}$/.test(argument))
        return (err(t.t('cli.token.name_one', { example: 'helpdesk token list' })), 2);
      await revokeApiToken(ctx, Number(argument));
      out(t.t('cli.token.revoked', { id: argument }));
      return 0;
    }
    case 'user disable':
    case 'user enable': {
      const email = argument ?? values.email;
      if (!email || extra.length > 0) return usage();
      const user = await findUserByEmail(ctx.db, email);
      if (!user) return (err(t.t('cli.account.no_account', { email: email.trim().toLowerCase() })), 1);
      const disable = verb === 'disable';
      await setAccountDisabled(ctx, user.id, disable, null);
      out(disable ? t.t('cli.account.disabled', { email: user.email }) : t.t('cli.account.enabled', { email: user.email }));
      return 0;
    }
    default:
      return null;
  }
}
