import { type TObject, type TProperties, Type } from '@sinclair/typebox';
import { SLUG_MAX_LENGTH } from '../../../../common/limits.js';
import { Label, PostReply, problemResponses } from '../shared.schema.js';

export const PostsQuery = Type.Object(
  { type: Type.Union([Type.Literal('doc'), Type.Literal('product')]) },
  { additionalProperties: false },
);
export const postsListResponse = { 200: Type.Array(PostReply), ...problemResponses(400, 401, 403) };

export const AssignProductBody = Type.Object(
  { product: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]) },
  { additionalProperties: false },
);
export const assignProductResponse = { 200: PostReply, ...problemResponses(400, 401, 403, 404) };

const postFields = {
  content: Type.Optional(Type.String({ maxLength: 200_000 })),
  slug: Type.Optional(Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' })),
  status: Type.Optional(Type.Union([Type.Literal('publish'), Type.Literal('draft')])),
  menu_order: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
};

/** The bodies that create and change a post of one collection (docs or products). */
export interface PostWriteBodies {
  titleName: 'title' | 'name';
  create: TObject;
  update: TObject;
}

/** A collection's bodies: its title field (required to create), the fields every post has, and its own `extra`. */
export function postWriteBodies(titleName: 'title' | 'name', extra: TProperties = {}): PostWriteBodies {
  return {
    titleName,
    create: Type.Object({ [titleName]: Label(), ...postFields, ...extra }, { additionalProperties: false }),
    update: Type.Object({ [titleName]: Type.Optional(Label()), ...postFields, ...extra }, { additionalProperties: false }),
  };
}
