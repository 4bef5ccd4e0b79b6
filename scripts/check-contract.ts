// `npm run lint`: the committed types of the API (common/contract/openapi.d.ts) are those the routes generate now.
import { renderContractTypes } from './contract-types.js';
import { findStaleContract } from './find-stale-contract.js';

const stale = findStaleContract(await renderContractTypes());
if (stale) {
  console.error(stale);
  process.exitCode = 1;
}
