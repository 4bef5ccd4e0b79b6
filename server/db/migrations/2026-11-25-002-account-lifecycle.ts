import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// Account lifecycle: an admin can disable an account (sign-in refused, sessions and tokens ended,
// tickets kept), and API tokens can carry an expiry. api_tokens already has its name (`label`),
// creation and last-use times.

export async function up(db: Kysely<any>): Promise<void> {
  // Null while the account may sign in; the time an admin disabled it otherwise.
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  // Null: the token never expires. Compared with the ISO-8601 time on every Bearer request.
  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'text').execute();
  // Disabling an account deletes its tokens by owner (sessions_user exists already).
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('api_tokens_user').ifExists().execute();
  await db.schema.alterTable('api_tokens').dropColumn('expires_at').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
