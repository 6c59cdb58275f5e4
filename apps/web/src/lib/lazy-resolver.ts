import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose code (zod and the schema) is fetched on demand. Call `preload()`
 * when the form mounts so it is ready before the first submit. If the code cannot be fetched, the
 * form is sent unvalidated: the server validates anyway.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let pending: Promise<Resolver<T>> | null = null;
  const preload = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const resolver: Resolver<T> = async (values, context, options) => {
    let real: Resolver<T>;
    try {
      real = await preload();
    } catch {
      return { values, errors: {} };
    }
    return real(values, context, options);
  };
  return { resolver, preload };
}
