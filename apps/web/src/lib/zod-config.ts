/**
 * zod probes `new Function` when a schema is built (to compile fast parsers), which a CSP without
 * 'unsafe-eval' reports as a violation. zod reads its global config from this globalThis key, so
 * setting it before any schema module loads (zod only arrives in lazy chunks) keeps it interpreted.
 */
export function disableZodJit(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
