// Vite's `?worker&url` import: the URL of the given module built as a worker script of its own.
declare module '*?worker&url' {
  const url: string;
  export default url;
}
