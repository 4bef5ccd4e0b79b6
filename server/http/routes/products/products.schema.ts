import { postWriteBodies } from '../posts/posts.schema.js';

/** A product is named (not titled) and belongs to no product. */
export const ProductWriteBodies = postWriteBodies('name');
