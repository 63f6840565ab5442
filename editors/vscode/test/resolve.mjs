#!/usr/bin/env node
// Prints, as JSON, which osmosis-lint binary the extension would start for an
// unpacked extension directory: the resolution of src/binary.ts (compiled to
// out/ by `npm run compile`), with this process's PATH and home.
//
//   node test/resolve.mjs <extensionPath> [osmosisLint.path]

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { ensureExecutable, bundledBinary, resolveBinary } = require('../out/binary.js');

const [extensionPath, configuredPath] = process.argv.slice(2);
if (!extensionPath) {
  console.error('usage: node test/resolve.mjs <extensionPath> [osmosisLint.path]');
  process.exit(2);
}
ensureExecutable(bundledBinary(extensionPath));
console.log(JSON.stringify(resolveBinary({ extensionPath, configuredPath })));
