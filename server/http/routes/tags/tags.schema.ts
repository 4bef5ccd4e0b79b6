import { Type } from '@sinclair/typebox';
import { TAG_NAME_MAX_LENGTH } from '../../../../common/limits.js';
import { problemResponses } from '../shared.schema.js';

const Name = Type.String({ minLength: 1, maxLength: TAG_NAME_MAX_LENGTH, pattern: '\\S', format: 'single-line' });
const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'The chip colour, `#rrggbb` (white text is written on it)' });
export const TagReply = Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String(), color: Type.String() });

export const tagListResponse = {
  200: Type.Array(Type.Object({ ...TagReply.properties, tickets: Type.Integer() })),
  ...problemResponses(401, 403),
};

export const CreateTagBody = Type.Object({ name: Name, color: Type.Optional(Color) }, { additionalProperties: false });
export const createTagResponse = { 201: TagReply, ...problemResponses(400, 401, 403) };

export const UpdateTagBody = Type.Object(
  { name: Type.Optional(Name), color: Type.Optional(Color) },
  { additionalProperties: false, minProperties: 1 },
);
export const updateTagResponse = { 200: TagReply, ...problemResponses(400, 401, 403, 404) };

export const deleteTagResponse = { 204: Type.Null(), ...problemResponses(401, 403, 404) };
