import { Type } from '@sinclair/typebox';
import { REFUSAL_REASONS } from '../../../intake/guard-intake.js';
import { problemResponses } from '../shared.schema.js';

/** Today's refusals of the public intake, one count per reason. */
export const IntakeStats = Type.Object({
  date: Type.String(),
  refused: Type.Object(Object.fromEntries(REFUSAL_REASONS.map((r) => [r, Type.Integer()]))),
});

export const intakeStatsResponse = { 200: IntakeStats, ...problemResponses(401, 403) };
