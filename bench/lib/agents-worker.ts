// The agents of `npm run bench:load`, in a worker thread of their own: the 200 submitters keep the main
// thread's event loop busy, and an agent's answer would wait there for its turn too, adding the load
// generator's own delay to what the service is measured at.
import { parentPort, workerData } from 'node:worker_threads';
import { type AgentsPlan, recentTicketId } from './agents.js';
import { RequestClass } from './request-class.js';

const plan = workerData as AgentsPlan;
const TICKETS = '/api/helpdesk/v1/tickets/';
const auth = { authorization: `Bearer ${plan.token}` };
const inbox = new RequestClass(`GET ${TICKETS} (inbox, 50 rows + counts)`, plan.agents);
const one = new RequestClass(`GET ${TICKETS}{id} (a ticket just filed)`, plan.agents);
const counts = new RequestClass(`GET ${TICKETS}?per_page=1 (counts per status)`, plan.agents);
const views = new RequestClass(`GET ${TICKETS}views (team views' counts, unread)`, plan.agents);
const classes = [inbox, one, counts, views];

await Promise.all(classes.map((c) => c.connect(`${plan.url}/healthz`)));
// One round first, not counted: the service compiles a route's schemas on its first use (cold start is
// measured on its own), and the load measures the agents' reads once it is warm.
const warmUp = new RequestClass('warm-up', 1);
const firstId = recentTicketId(plan.filed);
for (const path of [TICKETS, ...(firstId ? [`${TICKETS}${firstId}`] : []), `${TICKETS}?per_page=1`, `${TICKETS}views`])
  await warmUp.send(`${plan.url}${path}`, { headers: auth });
warmUp.close();
parentPort?.postMessage({ ready: true });
const start = await new Promise<number>((resolve) => parentPort?.once('message', (message: { start: number }) => resolve(message.start)));
const end = start + plan.seconds * 1000;

// Each agent reads the inbox, opens a ticket just filed, reads the counts and the team views, and starts its
// next round `roundMs` after the last one started (at once when a round took longer): the agents ask at
// the same pace however fast they are answered, so the service's other work is the same in every run.
const agent = async () => {
  while (Date.now() < end) {
    const roundStart = Date.now();
    await inbox.send(`${plan.url}${TICKETS}`, { headers: auth });
    const id = recentTicketId(plan.filed);
    if (id) await one.send(`${plan.url}${TICKETS}${id}`, { headers: auth });
    await counts.send(`${plan.url}${TICKETS}?per_page=1`, { headers: auth });
    await views.send(`${plan.url}${TICKETS}views`, { headers: auth });
    const rest = roundStart + plan.roundMs - Date.now();
    if (rest > 0 && Date.now() + rest < end) await new Promise((resolve) => setTimeout(resolve, rest));
  }
};
await Promise.all(Array.from({ length: plan.agents }, agent));
for (const c of classes) c.close();
parentPort?.postMessage({ recorded: classes.map((c) => c.recorded()) });
