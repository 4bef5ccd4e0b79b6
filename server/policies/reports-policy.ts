/**
 * Who may read report figures per agent: admins always; agents only when the site allows it
 * (`tickets.agents_see_per_agent_reports`), since figures per person are a manager's to share. Everyone staff
 * reads the team's figures.
 */
export function mayReadPerAgentReports(user: { role: string }, settings: { tickets: { agents_see_per_agent_reports: boolean } }): boolean {
  return user.role === 'admin' || settings.tickets.agents_see_per_agent_reports;
}
