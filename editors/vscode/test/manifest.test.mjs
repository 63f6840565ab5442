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
const { DOCUMENT_SELECTOR } = require('../out/selectors.js');

test('activation', () => {
  assert.deepEqual(pkg.activationEvents, ['workspaceContains:configs/**/*.toml', 'onLanguage:toml']);
  // The bundle esbuild writes (npm run bundle): the package has no node_modules.
  assert.equal(pkg.main, './dist/extension.js');
  assert.ok(fs.existsSync(path.join(here, '..', pkg.main)), `${pkg.main} was not built`);
});

test('only configs of the three kinds and rollouts\' Python files are selected', () => {
  assert.deepEqual(DOCUMENT_SELECTOR, [
    { scheme: 'file', language: 'toml', pattern: '**/configs/{training,eval,benchmark}/**/*.toml' },
    { scheme: 'file', language: 'python', pattern: '**/rollouts/**/*.py' },
  ]);
});

test('file events come from the server\'s own watchers only', () => {
  // The server registers workspace/didChangeWatchedFiles itself; the client
  // must not add synchronize.fileEvents, or every change arrives twice.
  const src = fs.readFileSync(path.join(here, '..', 'src', 'extension.ts'), 'utf8');
  assert.doesNotMatch(src, /synchronize\s*:/);
  assert.doesNotMatch(src, /createFileSystemWatcher\(/);
});

test('the package ships the bundle, never sources or node_modules', () => {
  const ignore = fs.readFileSync(path.join(here, '..', '.vscodeignore'), 'utf8').split('\n');
  for (const entry of ['src/**', 'out/**', 'node_modules/**', 'test/**', 'scripts/**']) {
    assert.ok(ignore.includes(entry), `.vscodeignore lacks ${entry}`);
  }
  assert.ok(pkg.dependencies['vscode-languageclient'], 'the client library is a dependency, bundled by esbuild');
  assert.match(pkg.scripts.bundle, /--external:vscode/);
});

test('settings and commands', () => {
  const props = pkg.contributes.configuration.properties;
  assert.deepEqual(Object.keys(props).sort(), ['osmosisLint.args', 'osmosisLint.enable', 'osmosisLint.path', 'osmosisLint.trace.server']);
  assert.equal(props['osmosisLint.enable'].default, true);
  assert.deepEqual(props['osmosisLint.trace.server'].enum, ['off', 'messages', 'verbose']);
  const commands = pkg.contributes.commands.map((c) => c.command);
  assert.ok(commands.includes('osmosisLint.restartServer'));
  assert.ok(commands.includes('osmosisLint.showOutput'));
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
