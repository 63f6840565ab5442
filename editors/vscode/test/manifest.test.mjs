// The extension manifest and the selectors agree with what the server expects.

import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, '..', 'package.json'), 'utf8'));
const { DOCUMENT_SELECTOR, WATCHED_GLOBS } = require('../out/selectors.js');

test('activation', () => {
  assert.deepEqual(pkg.activationEvents, ['workspaceContains:configs/**/*.toml', 'onLanguage:toml']);
  assert.equal(pkg.main, './out/extension.js');
});

test('only configs of the three kinds are selected', () => {
  assert.deepEqual(DOCUMENT_SELECTOR, [
    { scheme: 'file', language: 'toml', pattern: '**/configs/{training,eval,benchmark}/**/*.toml' },
  ]);
});

test('watched files', () => {
  assert.deepEqual(WATCHED_GLOBS, ['**/rollouts/**', '**/data/**', '**/pyproject.toml', '**/configs/**/*.toml']);
});

test('settings and commands', () => {
  const props = pkg.contributes.configuration.properties;
  assert.deepEqual(Object.keys(props).sort(), ['osmosisLint.args', 'osmosisLint.path', 'osmosisLint.trace.server']);
  assert.deepEqual(props['osmosisLint.trace.server'].enum, ['off', 'messages', 'verbose']);
  const commands = pkg.contributes.commands.map((c) => c.command);
  assert.ok(commands.includes('osmosisLint.restartServer'));
  const restart = pkg.contributes.commands.find((c) => c.command === 'osmosisLint.restartServer');
  assert.equal(`${restart.category}: ${restart.title}`, 'Osmosis Lint: Restart Server');
});

test('dev dependencies are pinned', () => {
  for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
    assert.match(version, /^\d+\.\d+\.\d+$/, `${name} is not pinned: ${version}`);
  }
  // vsce refuses @types/vscode newer than engines.vscode.
  assert.equal(pkg.engines.vscode, `^${pkg.devDependencies['@types/vscode']}`);
});
