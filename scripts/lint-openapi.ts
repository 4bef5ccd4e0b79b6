// `npm run lint`, second half: Redocly's recommended rules (redocly.yaml) over the OpenAPI document the
// server serves. Exits non-zero on any error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config/load-config.js';
import { renderOpenApiDocument } from '../server/http/openapi/render-document.js';

const dir = mkdtempSync(join(tmpdir(), 'helpdesk-openapi-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await renderOpenApiDocument(await loadConfig())));
  const run = spawnSync('npx', ['redocly', 'lint', file, '--config', 'redocly.yaml'], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
