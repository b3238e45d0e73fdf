/** Values shared by the runner and its child processes. */

/** Upstream channel keys; the fake upstream picks its behaviour by the key it receives. */
export const UPSTREAM_KEYS = { fast: 'sk-bench-fast', slow: 'sk-bench-slow' };

/** Models the gateway routes to the fast and the slow (chunk-delayed) upstream behaviour. */
export const MODELS = { fast: 'bench-model', slow: 'bench-model-slow' };

/** Cores: the system under test alone on one, the upstream and the load generator on the other. */
export const CORES = { sut: 0, load: 1 };
