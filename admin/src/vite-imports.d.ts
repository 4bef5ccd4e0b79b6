// Vite's `?worker&url` import: the URL of the given module built as a worker script of its own.
declare module '*?worker&url' {
  const url: string;
  export default url;
}

// Vite's `import.meta.glob`: the modules matching a pattern (or any of several), loaded at once (`eager`) or each on first call.
interface ImportMeta {
  glob<T>(pattern: string | string[], options: { eager: true; import: 'default' }): Record<string, T>;
  glob<T>(pattern: string | string[], options: { import: 'default' }): Record<string, () => Promise<T>>;
}

// A stylesheet imported for its side effect (a library's own CSS): Vite adds it with the chunk that imports it.
declare module '*.css';
