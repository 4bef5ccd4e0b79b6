// Which folders may import which (docs/ARCHITECTURE.md, "Who may import what"). `npm run lint` runs it
// over every folder of code. Type-only imports count as much as runtime ones (tsPreCompilationDeps): a cycle
// through types is still a knot to untie. Test files may reach across layers
// (lower-layers-know-no-http and common-imports-no-app leave them out).

/** Lower layers of the server: business rules know no routes, no Fastify plugins, no HTTP. */
const LOWER_SERVER_LAYERS = '^server/(domain|auth|db|email|jobs)/';

// The business areas of server/domain, in layers: an area imports the domain's root (context, options, text rules)
// and the areas of the layers below it, never one beside or above it. A new area joins a layer here and in
// docs/ARCHITECTURE.md.
/** Areas that need no other area: content, people, notifications, search, business-hours. */
const BASE_AREAS = 'content|people|notifications|search|business-hours';
/** Areas that build on tickets and on the base areas, and never on each other. */
const UPPER_AREAS = 'comments|inbox|ratings|saved-replies|reports';
const NOT_TEST = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, runtime or type-only: move the shared part into a module both may import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lower-layers-know-no-http',
      severity: 'error',
      comment: 'server/domain, auth, db, email and jobs never import server/http: what both need lives lower down.',
      from: { path: LOWER_SERVER_LAYERS, pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/http/' },
    },
    {
      name: 'server-imports-no-admin-or-widget',
      severity: 'error',
      comment:
        'The server serves the built admin app and widget from dist/; only the widget endpoint builds the widget from source ' +
        'when no built copy exists (server/site/embed → widget/build.ts).',
      from: { path: '^server/', pathNot: '^server/site/embed/' },
      to: { path: '^(admin|widget)/' },
    },
    {
      name: 'embed-imports-only-the-widget-build',
      severity: 'error',
      comment: 'server/site/embed may import the widget build (widget/build.ts) and nothing else of widget/ or admin/.',
      from: { path: '^server/site/embed/' },
      to: { path: '^(admin|widget)/', pathNot: '^widget/build\\.ts$' },
    },
    {
      name: 'common-imports-no-app',
      severity: 'error',
      comment: 'common/ is shared by the server, the admin app and the widget, so it imports none of them.',
      from: { path: '^common/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(server|admin|widget)/' },
    },
    {
      name: 'domain-root-imports-no-area',
      severity: 'error',
      comment: "server/domain's root (context, options, text rules) is what every area shares, so it imports no area.",
      from: { path: '^server/domain/[^/]+$', pathNot: NOT_TEST },
      to: { path: '^server/domain/[^/]+/' },
    },
    {
      name: 'base-areas-import-only-the-root',
      severity: 'error',
      comment: `A base area of server/domain (${BASE_AREAS}) imports the domain's root and its own files only.`,
      from: { path: `^server/domain/(${BASE_AREAS})/`, pathNot: NOT_TEST },
      to: { path: '^server/domain/[^/]+/', pathNot: '^server/domain/$1/' },
    },
    {
      name: 'sla-imports-only-business-hours',
      severity: 'error',
      comment: 'server/domain/sla (service levels) imports the root, business-hours and its own files; tickets calls it.',
      from: { path: '^server/domain/sla/', pathNot: NOT_TEST },
      to: { path: '^server/domain/[^/]+/', pathNot: '^server/domain/(sla|business-hours)/' },
    },
    {
      name: 'report-facts-imports-only-sla-and-business-hours',
      severity: 'error',
      comment:
        'server/domain/report-facts (what reports measure, kept on each change) imports the root, sla and business-hours; ' +
        'tickets calls it.',
      from: { path: '^server/domain/report-facts/', pathNot: NOT_TEST },
      to: { path: '^server/domain/[^/]+/', pathNot: '^server/domain/(report-facts|sla|business-hours)/' },
    },
    {
      name: 'tickets-import-no-upper-area',
      severity: 'error',
      comment: `server/domain/tickets builds on the base areas; the areas above it (${UPPER_AREAS}, assignment) build on it.`,
      from: { path: '^server/domain/tickets/', pathNot: NOT_TEST },
      to: { path: `^server/domain/(${UPPER_AREAS}|assignment)/` },
    },
    {
      name: 'assignment-imports-tickets-and-below',
      severity: 'error',
      comment:
        'server/domain/assignment (fair assignment) imports tickets, the base areas and the root; tickets never calls it ' +
        "(the filing's job and the worker do), and any area above tickets may.",
      from: { path: '^server/domain/assignment/', pathNot: NOT_TEST },
      to: { path: '^server/domain/[^/]+/', pathNot: `^server/domain/(assignment|tickets|sla|report-facts|${BASE_AREAS})/` },
    },
    {
      name: 'upper-areas-import-no-sibling',
      severity: 'error',
      comment: `The upper areas of server/domain (${UPPER_AREAS}) import tickets, the base areas and the root, not each other.`,
      from: { path: `^server/domain/(${UPPER_AREAS})/`, pathNot: NOT_TEST },
      to: { path: `^server/domain/(${UPPER_AREAS})/`, pathNot: '^server/domain/$1/' },
    },
    {
      name: 'no-area-imports-rules',
      severity: 'error',
      comment:
        'server/domain/rules (automations) builds on tickets, comments and the base areas; no other area imports it: the ' +
        'rules a change triggers run from the jobs its transaction queues (server/jobs/queue-rule-run.ts).',
      from: { path: '^server/domain/', pathNot: `^server/domain/rules/|${NOT_TEST}` },
      to: { path: '^server/domain/rules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Count `import type` too, so a cycle through types alone is found.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
