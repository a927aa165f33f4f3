// What the build gives RJSF in place of fast-uri (vite.config.ts `resolve.alias`, 7 KB gzip of a form step's script).
// RJSF's utilities use it only to make a form's `$ref`s absolute against the schema's `$id` and to compare `$id`s.
// A form reaches the browser with its list files inlined (src/shared/forms/inline-list-refs.ts), and the
// meta-schema lets its other `$ref`s point only inside the form (`#...`), so resolving a reference is joining a
// fragment to the base without its own fragment. Any other reference is returned as written, and RJSF then
// reports it not found, as it would for a reference to a file the browser does not have.
// CommonJS, as fast-uri is: the build runs CommonJS modules through a helper the first page already has, where an
// ES module in the form chunks would add one to the first page's script.
'use strict';

function withoutFragment(uri) {
  const hash = uri.indexOf('#');
  return hash < 0 ? uri : uri.slice(0, hash);
}

/** @param {string} base @param {string} ref @returns {string} */
function resolve(base, ref) {
  return ref.startsWith('#') ? withoutFragment(base) + ref : ref;
}

/** Whether two `$id`s name the same schema: the same text, an empty fragment ("x#") counted as none. @param {string} a @param {string} b */
function equal(a, b) {
  return a.replace(/#$/, '') === b.replace(/#$/, '');
}

module.exports = { resolve, equal };
module.exports.default = module.exports;
