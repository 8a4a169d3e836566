// The smallest build of exifr has no type declarations of its own: it is the package's API.
declare module 'exifr/dist/mini.esm.mjs' {
  export { parse } from 'exifr';
}
