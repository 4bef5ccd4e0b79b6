import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers 201 with a `Location` naming the new resource: the collection's path (the request's) plus its id. */
export function replyCreated(request: FastifyRequest, reply: FastifyReply, id: number): FastifyReply {
  const collection = (request.url.split('?')[0] ?? '').replace(/\/?$/, '/');
  return reply.status(201).header('location', `${collection}${id}`);
}
