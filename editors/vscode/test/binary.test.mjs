// Binary lookup order of the extension (compiled from src/binary.ts).

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { resolveBinary, expandConfiguredPath, describeMissing, ensureExecutable, bundledBinary, SOURCE_LABELS } = require('../out/binary.js');

function only(...files) {
  const set = new Set(files);
  return (file) => set.has(file);
}

const base = { platform: 'linux', homedir: '/home/u' };

test('PATH comes first', () => {
  const res = resolveBinary({
    ...base,
    env: { PATH: '/usr/bin:/opt/bin', GOPATH: '/gp' },
    isExecutable: only('/opt/bin/osmosis-lint', '/gp/bin/osmosis-lint'),
  });
  assert.deepEqual(res, { found: true, path: '/opt/bin/osmosis-lint', source: 'PATH' });
});

test('then GOBIN, each GOPATH/bin, then ~/go/bin', () => {
  const env = { PATH: '/usr/bin', GOBIN: '/gobin', GOPATH: '/a:/b' };
  assert.equal(resolveBinary({ ...base, env, isExecutable: only('/gobin/osmosis-lint', '/b/bin/osmosis-lint') }).source, 'GOBIN');
  assert.equal(resolveBinary({ ...base, env, isExecutable: only('/b/bin/osmosis-lint') }).path, '/b/bin/osmosis-lint');
  const home = resolveBinary({ ...base, env: { PATH: '/usr/bin' }, isExecutable: only('/home/u/go/bin/osmosis-lint') });
  assert.deepEqual(home, { found: true, path: '/home/u/go/bin/osmosis-lint', source: 'home' });
});

test('nothing found lists what was tried', () => {
  const res = resolveBinary({ ...base, env: { PATH: '/usr/bin' }, isExecutable: () => false });
  assert.equal(res.found, false);
  assert.deepEqual(res.tried, ['/usr/bin/osmosis-lint', '/home/u/go/bin/osmosis-lint']);
  assert.match(describeMissing(res), /pip install osmosis-lint/);
});

test('a configured path is used as is and never falls back', () => {
  const ok = resolveBinary({ ...base, configuredPath: '~/bin/ol', env: { PATH: '/usr/bin' }, isExecutable: only('/home/u/bin/ol') });
  assert.deepEqual(ok, { found: true, path: '/home/u/bin/ol', source: 'setting' });
  const bad = resolveBinary({
    ...base,
    configuredPath: '/nope/osmosis-lint',
    env: { PATH: '/usr/bin' },
    isExecutable: only('/usr/bin/osmosis-lint'),
  });
  assert.equal(bad.found, false);
  assert.match(describeMissing(bad), /osmosisLint\.path is set to "\/nope\/osmosis-lint"/);
});

test('a configured bare name is looked up on PATH', () => {
  const res = resolveBinary({ ...base, configuredPath: 'ol-dev', env: { PATH: '/x:/y' }, isExecutable: only('/y/ol-dev') });
  assert.deepEqual(res, { found: true, path: '/y/ol-dev', source: 'setting' });
});

test('placeholders and relative paths', () => {
  assert.equal(expandConfiguredPath('${workspaceFolder}/bin/ol', '/home/u', '/ws'), '/ws/bin/ol');
  assert.equal(expandConfiguredPath('${userHome}/go/bin/ol', '/home/u'), '/home/u/go/bin/ol');
  assert.equal(expandConfiguredPath('./bin/ol', '/home/u', '/ws'), '/ws/bin/ol');
  assert.equal(expandConfiguredPath('ol', '/home/u', '/ws'), 'ol');
});

test('windows looks for osmosis-lint.exe', () => {
  const res = resolveBinary({
    platform: 'win32',
    homedir: 'C:\\Users\\u',
    env: { Path: 'C:\\tools;C:\\go\\bin' },
    isExecutable: only('C:\\go\\bin\\osmosis-lint.exe'),
  });
  assert.deepEqual(res, { found: true, path: 'C:\\go\\bin\\osmosis-lint.exe', source: 'PATH' });
});

test('the setting, then the bundled binary, then PATH', () => {
  const env = { PATH: '/usr/bin' };
  const ext = '/ext/osmosis-lint-0.1.0';
  const all = only('/opt/ol', '/ext/osmosis-lint-0.1.0/bin/osmosis-lint', '/usr/bin/osmosis-lint');
  assert.deepEqual(resolveBinary({ ...base, env, extensionPath: ext, configuredPath: '/opt/ol', isExecutable: all }), {
    found: true,
    path: '/opt/ol',
    source: 'setting',
  });
  assert.deepEqual(resolveBinary({ ...base, env, extensionPath: ext, isExecutable: all }), {
    found: true,
    path: '/ext/osmosis-lint-0.1.0/bin/osmosis-lint',
    source: 'bundled',
  });
  // The universal extension has no bin/: today's search.
  assert.deepEqual(resolveBinary({ ...base, env, extensionPath: ext, isExecutable: only('/usr/bin/osmosis-lint') }), {
    found: true,
    path: '/usr/bin/osmosis-lint',
    source: 'PATH',
  });
  // A bad setting is an error, not a silent fallback to the bundled binary.
  const bad = resolveBinary({ ...base, env, extensionPath: ext, configuredPath: '/nope', isExecutable: all });
  assert.equal(bad.found, false);
  assert.equal(SOURCE_LABELS.bundled, 'the binary bundled with the extension');
});

test('windows bundles osmosis-lint.exe', () => {
  const res = resolveBinary({
    platform: 'win32',
    homedir: 'C:\\Users\\u',
    env: { Path: 'C:\\tools' },
    extensionPath: 'C:\\ext',
    isExecutable: only('C:\\ext\\bin\\osmosis-lint.exe', 'C:\\tools\\osmosis-lint.exe'),
  });
  assert.deepEqual(res, { found: true, path: 'C:\\ext\\bin\\osmosis-lint.exe', source: 'bundled' });
  assert.equal(bundledBinary('C:\\ext', 'win32'), 'C:\\ext\\bin\\osmosis-lint.exe');
});

test('a bundled binary that lost its mode bits is made executable', { skip: process.platform === 'win32' }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osmosis-lint-ext-'));
  fs.mkdirSync(path.join(dir, 'bin'));
  const bin = bundledBinary(dir);
  fs.writeFileSync(bin, '#!/bin/sh\n', { mode: 0o644 });
  assert.equal(resolveBinary({ ...base, env: { PATH: '' }, extensionPath: dir }).found, false);
  assert.equal(ensureExecutable(bin), true);
  assert.deepEqual(resolveBinary({ ...base, env: { PATH: '' }, extensionPath: dir }), { found: true, path: bin, source: 'bundled' });
  assert.equal(ensureExecutable(path.join(dir, 'bin', 'missing')), false);
  fs.rmSync(dir, { recursive: true });
});
