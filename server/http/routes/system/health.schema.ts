import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '../shared.schema.js';

/** What a load balancer reads: 200 while the database answers, a 503 problem otherwise. */
export const healthResponse = { 200: Type.Object({ status: Type.Literal('ok') }), 503: Type.Ref(ProblemSchema) };
