/**
 * Who may read and change the settings (every tab, secrets included), the statuses that drive the
 * workflow, and the accounts: admins only. Agents work tickets and content; clients neither.
 */
export function mayManageSettings(user: { role: string } | null | undefined): boolean {
  return user?.role === 'admin';
}
