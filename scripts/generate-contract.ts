// `npm run contract`: writes the types of the API (common/contract/openapi.d.ts) from the OpenAPI document the
// routes describe. Run it after changing a route's schema; `npm run lint` fails while the file is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { CONTRACT_FILE, renderContractTypes } from './contract-types.js';

mkdirSync(dirname(CONTRACT_FILE), { recursive: true });
writeFileSync(CONTRACT_FILE, await renderContractTypes());
console.log(`Wrote ${relative(process.cwd(), CONTRACT_FILE)}`);
