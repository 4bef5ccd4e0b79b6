// Which folders may import which (docs/ARCHITECTURE.md, "Who may import what"). `npm run lint` runs it
// over every folder of code. Type-only imports count as much as runtime ones (tsPreCompilationDeps): a cycle
// through types is still a knot to untie. Test files may reach across layers
// (lower-layers-know-no-http and common-imports-no-app leave them out).

/** Lower layers of the server: business rules know no routes, no Fastify plugins, no HTTP. */
const LOWER_SERVER_LAYERS = '^server/(domain|auth|db|email|jobs)/';

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
