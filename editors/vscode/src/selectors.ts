// Which files the extension hands to the language server. Kept free of
// `vscode` imports so tests can read them. File changes on disk reach the
// server through the watchers it registers itself.

/** Config files the server owns: only these three kinds, never every TOML file. */
export const CONFIG_GLOB = '**/configs/{training,eval,benchmark}/**/*.toml';

/**
 * A rollout's Python files: the server reports on those the import of a
 * config's entrypoint executes (syntax errors, imports of what the rollout
 * does not have) and publishes nothing for the others.
 */
export const ROLLOUT_PYTHON_GLOB = '**/rollouts/**/*.py';

export const DOCUMENT_SELECTOR = [
  { scheme: 'file', language: 'toml', pattern: CONFIG_GLOB },
  { scheme: 'file', language: 'python', pattern: ROLLOUT_PYTHON_GLOB },
];
