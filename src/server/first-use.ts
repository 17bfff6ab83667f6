/** A loader that runs `load` on its first call only; every later call shares that call's promise. */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/**
 * A CommonJS package's exports, imported where first used. Node's `import()` gives them by name and as `default`; the
 * server bundle, which carries the package, gives them only as `default`.
 */
export async function importCommonJs<T extends object>(load: () => Promise<T>): Promise<T> {
  const module = await load();
  return 'default' in module ? (module.default as T) : module;
}
