// Which files the extension hands to the language server, and which file
// changes it reports. Kept free of `vscode` imports so tests can read them.

/** Config files the server owns: only these three kinds, never every TOML file. */
export const CONFIG_GLOB = '**/configs/{training,eval,benchmark}/**/*.toml';

export const DOCUMENT_SELECTOR = [{ scheme: 'file', language: 'toml', pattern: CONFIG_GLOB }];

/**
 * Files whose changes alter cross-file findings: rollout directories and
 * entrypoints, local data files, workspace settings ([tool.osmosis-lint] in
 * pyproject.toml) and configs that are not open. The server receives them as
 * workspace/didChangeWatchedFiles.
 */
export const WATCHED_GLOBS = ['**/rollouts/**', '**/data/**', '**/pyproject.toml', '**/configs/**/*.toml'];
