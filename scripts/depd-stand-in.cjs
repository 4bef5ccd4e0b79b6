// Stands in for the `depd` package in the server bundle (scripts/build.mjs). depd('name') reads a stack
// trace with call-site positions when it is created (to name its caller's file), which makes V8 build the
// table of line ends of the whole 4 MB bundle: 1 MiB kept for good, at start, for a module (http-errors,
// through @fastify/send) whose one deprecation is a status code outside 4xx/5xx, which we never pass.
// Warnings still go out, once per message, as Node's own DeprecationWarning.
'use strict';

module.exports = function depd(namespace) {
  const warned = new Set();
  function deprecate(message) {
    if (warned.has(message)) return;
    warned.add(message);
    process.emitWarning(`${namespace}: ${message}`, 'DeprecationWarning');
  }
  deprecate.function = (fn, message) =>
    function deprecated(...args) {
      deprecate(message ?? `${fn.name || 'function'} is deprecated`);
      return fn.apply(this, args);
    };
  deprecate.property = () => {};
  return deprecate;
};
