// Names for the generated types of the API (openapi.d.ts, `npm run contract`): what the admin app, the server's
// tests and e2e read and send, never written out by hand a second time.
import type { components, operations } from './openapi.js';

export type { components, operations, paths } from './openapi.js';

/** A shared schema of the contract by its name: `Schema<'Problem'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type JsonOf<Message> = Message extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessOf<Responses> = { [Status in keyof Responses]: Status extends 200 | 201 ? JsonOf<Responses[Status]> : never }[keyof Responses];

/** The JSON an operation answers with on success (200 or 201), by its operationId: `ResponseOf<'getTicket'>`. */
export type ResponseOf<Operation extends keyof operations> = SuccessOf<operations[Operation]['responses']>;

/** The JSON body an operation takes, by its operationId. */
export type RequestOf<Operation extends keyof operations> = JsonOf<NonNullable<operations[Operation]['requestBody']>>;

/** The query parameters an operation takes, by its operationId. */
export type QueryOf<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>;

// A member with no fields (`Record<string, never>`) adds no key.
type KeysOfEach<Union> = Union extends unknown ? (string extends keyof Union ? never : keyof Union) : never;
/** Each member of `Union` with the `Keys` it lacks as absent (`?: undefined`), so any of them may be looked at before narrowing. */
type WithKeys<Union, Keys extends PropertyKey> = Union extends unknown
  ? Union & Partial<Record<Exclude<Keys, keyof Union>, undefined>>
  : never;

type GeneratedLiveEvent = components['schemas']['LiveEvent'];
type LiveEventField = KeysOfEach<GeneratedLiveEvent['data']>;
type WithEveryField<Event> = Event extends { name: infer Name; data: infer Data }
  ? { name: Name; data: WithKeys<Data, LiveEventField> }
  : never;
/**
 * One event of the live stream (GET /events) as the contract's LiveEvent says, told apart by `name`; its `data` may be
 * asked for any event's field (`event.data.ticket`), which is undefined where that event has no such field.
 */
export type LiveEvent = WithEveryField<GeneratedLiveEvent>;
