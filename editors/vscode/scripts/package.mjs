// Packages the extension as .vsix files: one per platform with that
// platform's osmosis-lint binary in bin/, and a universal one without a
// binary (which finds the server on PATH like before). Each package is
// staged in a scratch directory, so the working tree never holds a binary.
//
//   node scripts/package.mjs --version 0.1.0 --out DIR \
//     [--target linux-x64=PATH/osmosis-lint ...] [--universal]
//
// Run `npm run bundle` first: the packages carry dist/extension.js, the
// bundled extension, and no node_modules.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');

/** The targets `vsce package --target` takes that a release ships. */
export const TARGETS = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64', 'win32-arm64'];

/** The files of the extension itself, relative to editors/vscode. */
const FILES = ['README.md', 'LICENSE', 'language-configuration.json', 'dist/extension.js'];

export function vsixName(target) {
  return target === undefined ? 'osmosis-lint-vscode.vsix' : `osmosis-lint-vscode-${target}.vsix`;
}

function usage(message) {
  console.error(`package.mjs: ${message}`);
  console.error('usage: node scripts/package.mjs --version V --out DIR [--target TARGET=BINARY ...] [--universal]');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { targets: [], universal: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i] ?? usage(`${arg} needs a value`);
    if (arg === '--version') opts.version = value();
    else if (arg === '--out') opts.out = value();
    else if (arg === '--universal') opts.universal = true;
    else if (arg === '--target') {
      const [target, binary] = value().split(/=(.*)/s);
      if (!TARGETS.includes(target) || !binary) usage(`--target ${target}: want one of ${TARGETS.join(', ')}, then =BINARY`);
      opts.targets.push({ target, binary: path.resolve(binary) });
    } else usage(`unknown argument ${arg}`);
  }
  if (!opts.version || !opts.out) usage('--version and --out are required');
  if (!opts.universal && opts.targets.length === 0) usage('nothing to package');
  return opts;
}

// The staged manifest: the release's version, and no scripts (vsce would run
// vscode:prepublish, which needs the dev dependencies the stage lacks).
function stagedManifest(version) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  pkg.version = version;
  delete pkg.scripts;
  delete pkg.devDependencies;
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

function packageOne(opts, entry) {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'osmosis-lint-vsix-'));
  try {
    for (const file of FILES) {
      const src = path.join(root, file);
      if (!fs.existsSync(src)) {
        throw new Error(`${file} is missing (run \`npm run bundle\` first)`);
      }
      fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
      fs.copyFileSync(src, path.join(stage, file));
    }
    fs.writeFileSync(path.join(stage, 'package.json'), stagedManifest(opts.version));
    fs.writeFileSync(path.join(stage, '.vscodeignore'), '.vscodeignore\n');
    const args = [vsce, 'package', '--no-dependencies', '--out', path.join(path.resolve(opts.out), vsixName(entry?.target))];
    if (entry !== undefined) {
      const exe = entry.target.startsWith('win32-') ? 'osmosis-lint.exe' : 'osmosis-lint';
      fs.mkdirSync(path.join(stage, 'bin'));
      fs.copyFileSync(entry.binary, path.join(stage, 'bin', exe));
      fs.chmodSync(path.join(stage, 'bin', exe), 0o755);
      args.push('--target', entry.target);
    }
    const res = spawnSync(process.execPath, args, { cwd: stage, encoding: 'utf8' });
    if (res.status !== 0) {
      throw new Error(`vsce package ${entry?.target ?? '(universal)'} failed:\n${res.stdout}${res.stderr}`);
    }
    console.log(path.join(opts.out, vsixName(entry?.target)));
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const opts = parseArgs(process.argv.slice(2));
  fs.mkdirSync(opts.out, { recursive: true });
  try {
    for (const entry of opts.targets) {
      packageOne(opts, entry);
    }
    if (opts.universal) {
      packageOne(opts, undefined);
    }
  } catch (err) {
    console.error(`package.mjs: ${err.message}`);
    process.exit(1);
  }
}
