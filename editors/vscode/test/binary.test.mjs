// Binary lookup order of the extension (compiled from src/binary.ts).

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const { resolveBinary, expandConfiguredPath, describeMissing } = require('../out/binary.js');

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
  assert.match(describeMissing(res), /go install github\.com\/osmosis-lint\/osmosis-lint\/cmd\/osmosis-lint@latest/);
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
