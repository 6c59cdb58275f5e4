/** Types of scripts/api-build.mjs for the TypeScript that imports it (benchmarks). */
export declare const API_BUNDLE: string;
export declare const SERVER_NODE_OPTIONS: readonly string[];
export declare function buildApi(): Promise<string>;
