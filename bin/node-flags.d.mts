/** The V8 flags node is started with for the service (see node-flags.mjs). */
export declare const NODE_FLAGS: string[];
