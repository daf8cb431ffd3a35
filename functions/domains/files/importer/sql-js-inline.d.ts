/**
 * sql.js with its WebAssembly inlined (base64): the Lambda bundle then needs no .wasm file beside
 * it. @types/sql.js types only the package entry; this build has the same API.
 */
declare module 'sql.js/dist/sql-wasm-inline.js' {
  import initSqlJs from 'sql.js';
  export default initSqlJs;
}
