// Runs e2e-lsp.mjs against the fake server: the success paths (push and pull)
// and each failure path must end with the documented exit status.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const client = path.join(here, 'e2e-lsp.mjs');
const fake = path.join(here, 'fake-osmosis-lint.mjs');

function workspace() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'osmosis-lint-e2e-'));
  fs.mkdirSync(path.join(root, 'configs', 'training'), { recursive: true });
  const file = path.join(root, 'configs', 'training', 'run.toml');
  fs.writeFileSync(file, '[experiment]\nrollout = "demo"\n\n[training]\n  lerning_rate = 1e-6\n');
  return { root, file };
}

function runClient(args, env = {}) {
  return spawnSync(process.execPath, [client, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30000,
  });
}

test('push diagnostics are printed as JSON', () => {
  const { file } = workspace();
  const res = runClient([fake, file]);
  assert.equal(res.status, 0, res.stderr);
  const out = JSON.parse(res.stdout);
  assert.equal(out.mode, 'push');
  assert.equal(out.version, 1);
  assert.equal(fileURLToPath(out.uri), fs.realpathSync(file));
  assert.equal(out.diagnostics.length, 1);
  assert.deepEqual(out.diagnostics[0].range, { start: { line: 4, character: 2 }, end: { line: 4, character: 14 } });
  assert.equal(out.diagnostics[0].code, 'unknown-key');
});

test('pull diagnostics with --pull', () => {
  const { file } = workspace();
  const res = runClient(['--pull', fake, file]);
  assert.equal(res.status, 0, res.stderr);
  const out = JSON.parse(res.stdout);
  assert.equal(out.mode, 'pull');
  assert.equal(out.diagnostics.length, 1);
});

test('timeout when nothing is published', () => {
  const { file } = workspace();
  const res = runClient(['--timeout', '1500', fake, file], { FAKE_LSP_MODE: 'silent' });
  assert.equal(res.status, 1);
  assert.match(res.stderr, /timed out after 1500 ms while waiting for textDocument\/publishDiagnostics/);
});

test('server crash is a failure', () => {
  const { file } = workspace();
  const res = runClient([fake, file], { FAKE_LSP_MODE: 'crash' });
  assert.equal(res.status, 1);
  assert.match(res.stderr, /server exited \(code 3\)/);
});

test('non-zero exit after shutdown is a failure', () => {
  const { file } = workspace();
  const res = runClient([fake, file], { FAKE_LSP_MODE: 'bad-exit' });
  assert.equal(res.status, 1);
  assert.match(res.stderr, /after shutdown and exit, expected 0/);
});

test('missing binary is a failure, bad usage exits 2', () => {
  const { file } = workspace();
  const missing = runClient([path.join(os.tmpdir(), 'no-such-osmosis-lint'), file]);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /cannot start/);
  const usage = runClient([fake]);
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /usage:/);
});
