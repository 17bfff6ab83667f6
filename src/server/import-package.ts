/**
 * A CommonJS package's exports, loaded on first use. Node's `import()` gives them by name and as `default`; the server
 * bundle, which carries the package, gives them only as `default`.
 */
export async function importCommonJs<T extends object>(load: () => Promise<T>): Promise<T> {
  const module = await load();
  return 'default' in module ? (module.default as T) : module;
}
