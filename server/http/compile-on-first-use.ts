import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compiled<Args extends unknown[], Result, Errors> = ((...args: Args) => Result) & { errors?: Errors };

/**
 * A schema's code generated when a request first needs it, not at start. Fastify compiles a validator
 * and a serializer for every route schema before it listens: a few hundred routes made that the
 * largest part of the cold start and kept code for routes an install never calls.
 * The wrapper passes on `errors`, which Fastify reads after a failed validation.
 */
export function compileOnFirstUse<Args extends unknown[], Result, Errors = unknown>(
  compile: () => Compiled<Args, Result, Errors>,
): Compiled<Args, Result, Errors> {
  let compiled: Compiled<Args, Result, Errors> | undefined;
  const firstUse: Compiled<Args, Result, Errors> = (...args: Args): Result => {
    compiled ??= compile();
    const result = compiled(...args);
    firstUse.errors = compiled.errors;
    return result;
  };
  return firstUse;
}

type SerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];

/** Fastify's own serializer factory (fast-json-stringify), each route's serializer built on first use. */
export const buildSerializerOnFirstUse: SerializerFactory = (externalSchemas, serializerOptions) => {
  const compileFor = SerializerSelector()(externalSchemas as never, serializerOptions as never);
  return (routeSchema) => compileOnFirstUse(() => compileFor(routeSchema as never));
};
