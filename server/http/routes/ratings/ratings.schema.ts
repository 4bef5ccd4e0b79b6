import { Type } from '@sinclair/typebox';
import { SATISFACTION_DAYS } from '../../../domain/ratings/get-satisfaction.js';
import { problemResponses } from '../shared.schema.js';

export const SatisfactionQuery = Type.Object(
  { days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: SATISFACTION_DAYS })) },
  { additionalProperties: false },
);

export const Satisfaction = Type.Object({
  days: Type.Integer(),
  yes: Type.Integer(),
  no: Type.Integer(),
  reopened: Type.Integer({
    description: '"Yes" answers for a resolution that was reopened since: among the answers, not counted as satisfied',
  }),
  percent_yes: Type.Union([Type.Integer(), Type.Null()], { description: 'Null while there is no answer in the period' }),
});

export const satisfactionResponse = { 200: Satisfaction, ...problemResponses(400, 401, 403) };
