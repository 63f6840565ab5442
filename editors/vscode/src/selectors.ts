// Which files the extension hands to the language server. Kept free of
// `vscode` imports so tests can read them. File changes on disk reach the
// server through the watchers it registers itself.

/** Config files the server owns: only these three kinds, never every TOML file. */
export const CONFIG_GLOB = '**/configs/{training,eval,benchmark}/**/*.toml';

export const DOCUMENT_SELECTOR = [{ scheme: 'file', language: 'toml', pattern: CONFIG_GLOB }];
