// s3rver ships no types: the part of its API the tests use.
declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
  }
  /** What s3rver emits as `event` when an object is made or removed (S3's notification record). */
  export interface S3rverEvent {
    Records: Array<{ eventName: string; s3: { object: { key: string } } }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    on(name: 'event', listener: (event: S3rverEvent) => void): this;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
