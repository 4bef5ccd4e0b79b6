import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '../shared.schema.js';

/** `/healthz`: the process serves. */
export const healthResponse = { 200: Type.Object({ status: Type.Literal('ok') }) };

const Check = Type.Union([
  Type.Literal('ok'),
  Type.Literal('down'),
  Type.Literal('pending'),
  Type.Literal('stopped'),
  Type.Literal('elsewhere'),
  Type.Literal('unknown'),
]);
const Checks = Type.Object({ database: Check, migrations: Check, mail_worker: Check });

/** `/readyz`: 200 with every check `ok` (or the worker `elsewhere`), else a 503 problem naming the checks. */
export const readyResponse = {
  200: Type.Object({ status: Type.Literal('ready'), checks: Checks }),
  503: Type.Intersect([Type.Ref(ProblemSchema), Type.Object({ checks: Checks })]),
};
