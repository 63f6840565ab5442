#!/usr/bin/env node
// End-to-end language server client: starts `<binary> lsp`, initializes it as
// an editor would, opens one config file, waits for its diagnostics (pushed by
// default, pulled with --pull), prints them as JSON on stdout, then shuts the
// server down per the protocol.
//
//   node e2e-lsp.mjs [options] <binary> <file.toml>
//
// Exit status: 0 diagnostics received and clean shutdown; 1 timeout, protocol
// error or server failure (stderr says which); 2 usage error.

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import {
  DidOpenTextDocumentNotification,
  DocumentDiagnosticRequest,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';

const USAGE = `usage: node e2e-lsp.mjs [options] <binary> <file.toml>

options:
  --timeout MS        give up after MS milliseconds in all (default 15000)
  --settle MS         after the first diagnostics for the file, wait MS more
                      for later publications and keep the last (default 250)
  --root DIR          workspace root sent to the server (default: the nearest
                      ancestor of the file that has a configs/ directory)
  --pull              ask with textDocument/diagnostic instead of waiting for
                      textDocument/publishDiagnostics
  --encoding ENC      position encoding offered: utf-16 (default) or utf-8
  --arg ARG           extra argument after "lsp" (repeatable)
  --verbose           copy server stderr and window/logMessage to stderr`;

class UsageError extends Error {}

function parseCli(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        timeout: { type: 'string', default: '15000' },
        settle: { type: 'string', default: '250' },
        root: { type: 'string' },
        pull: { type: 'boolean', default: false },
        encoding: { type: 'string', default: 'utf-16' },
        arg: { type: 'string', multiple: true, default: [] },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    throw new UsageError(err.message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (positionals.length !== 2) {
    throw new UsageError('expected exactly two arguments: <binary> <file.toml>');
  }
  const timeout = Number(values.timeout);
  const settle = Number(values.settle);
  if (!Number.isFinite(timeout) || timeout <= 0 || !Number.isFinite(settle) || settle < 0) {
    throw new UsageError('--timeout must be a positive number and --settle a non-negative one');
  }
  if (values.encoding !== 'utf-16' && values.encoding !== 'utf-8') {
    throw new UsageError('--encoding must be utf-16 or utf-8');
  }
  const [binary, file] = positionals;
  const filePath = path.resolve(file);
  if (!fs.existsSync(filePath)) {
    throw new UsageError(`no such file: ${file}`);
  }
  return {
    // A path (not a bare name looked up on PATH) is taken relative to the
    // current directory, not to the workspace root the server runs in.
    binary: /[\\/]/.test(binary) ? path.resolve(binary) : binary,
    filePath: fs.realpathSync(filePath),
    timeout,
    settle,
    root: values.root !== undefined ? fs.realpathSync(path.resolve(values.root)) : undefined,
    pull: values.pull,
    encoding: values.encoding,
    extraArgs: values.arg,
    verbose: values.verbose,
  };
}

/** The nearest ancestor of file that contains a configs/ directory, else its directory. */
function findRoot(file) {
  let dir = path.dirname(file);
  for (;;) {
    try {
      if (fs.statSync(path.join(dir, 'configs')).isDirectory()) {
        return dir;
      }
    } catch {
      // not here; keep walking up
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      return path.dirname(file);
    }
    dir = parent;
  }
}

/** Compares URIs by the file they name, so percent-encoding differences do not matter. */
function sameFile(uri, filePath) {
  if (typeof uri !== 'string' || !uri.startsWith('file:')) {
    return false;
  }
  let p;
  try {
    p = fileURLToPath(uri);
  } catch {
    return false;
  }
  if (p === filePath) {
    return true;
  }
  try {
    return fs.realpathSync(p) === filePath;
  } catch {
    return false;
  }
}

function clientCapabilities(opts) {
  const textDocument = {
    synchronization: { dynamicRegistration: false, didSave: true, willSave: false, willSaveWaitUntil: false },
    publishDiagnostics: {
      relatedInformation: true,
      versionSupport: true,
      tagSupport: { valueSet: [1, 2] },
      codeDescriptionSupport: true,
      dataSupport: true,
    },
  };
  if (opts.pull) {
    textDocument.diagnostic = { dynamicRegistration: false, relatedDocumentSupport: false };
  }
  return {
    general: { positionEncodings: [opts.encoding] },
    textDocument,
    workspace: {
      workspaceFolders: true,
      configuration: true,
      didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
    },
    window: { workDoneProgress: true, showMessage: {} },
  };
}

function fail(message) {
  const err = new Error(message);
  err.isFailure = true;
  return err;
}

async function run(opts, state) {
  const root = opts.root ?? findRoot(opts.filePath);
  const rootUri = pathToFileURL(root).href;
  const fileUri = pathToFileURL(opts.filePath).href;
  const text = fs.readFileSync(opts.filePath, 'utf8');
  const started = Date.now();
  const remaining = () => Math.max(0, opts.timeout - (Date.now() - started));

  const child = spawn(opts.binary, ['lsp', ...opts.extraArgs], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  state.child = child;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    if (opts.verbose) {
      process.stderr.write(chunk);
    }
    state.stderrTail = (state.stderrTail + chunk).slice(-16384);
  });
  // A server that dies makes writes fail with EPIPE; the exit handler reports it.
  child.stdin.on('error', () => undefined);

  let stage = 'starting the server';
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });

  // Everything that can end the run early rejects this one promise.
  let rejectEarly;
  const early = new Promise((_, reject) => {
    rejectEarly = reject;
  });
  early.catch(() => undefined);
  child.on('error', (err) => rejectEarly(fail(`cannot start ${opts.binary}: ${err.message}`)));
  exitPromise.then(({ code, signal }) => {
    rejectEarly(fail(`server exited (${signal ?? `code ${code}`}) while ${stage}`));
  });
  const timer = setTimeout(() => rejectEarly(fail(`timed out after ${opts.timeout} ms while ${stage}`)), opts.timeout);

  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onError(([err]) => rejectEarly(fail(`protocol error while ${stage}: ${err?.message ?? err}`)));
  // Give the exit event a moment to arrive first: its status says more.
  connection.onClose(() => setTimeout(() => rejectEarly(fail(`connection closed while ${stage}`)), 200).unref());

  // Answer every server-to-client request the way a minimal editor would.
  connection.onRequest((method, params) => {
    if (method === 'workspace/configuration') {
      return (params?.items ?? []).map(() => null);
    }
    if (method === 'workspace/workspaceFolders') {
      return [{ uri: rootUri, name: path.basename(root) }];
    }
    return null;
  });
  connection.onNotification((method, params) => {
    if (opts.verbose && (method === 'window/logMessage' || method === 'window/showMessage')) {
      process.stderr.write(`[server ${method}] ${params?.message ?? ''}\n`);
    }
  });

  let opened = false;
  let resolveDiagnostics;
  const diagnosticsReceived = new Promise((resolve) => {
    resolveDiagnostics = resolve;
  });
  let latest;
  let settleTimer;
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    if (opts.pull || !opened || !sameFile(params.uri, opts.filePath)) {
      return;
    }
    if (params.version !== undefined && params.version !== null && params.version !== 1) {
      rejectEarly(fail(`diagnostics published for version ${params.version}, but only version 1 was opened`));
      return;
    }
    latest = params;
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => resolveDiagnostics(latest), Math.min(opts.settle, remaining()));
  });
  connection.listen();

  const race = (p) => Promise.race([p, early]);

  stage = 'waiting for the initialize result';
  const init = await race(
    connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      clientInfo: { name: 'osmosis-lint-e2e', version: '1' },
      locale: 'en',
      rootPath: root,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: path.basename(root) }],
      capabilities: clientCapabilities(opts),
      initializationOptions: {},
      trace: 'off',
    }),
  );
  if (!init || typeof init.capabilities !== 'object' || init.capabilities === null) {
    throw fail('initialize result has no capabilities object');
  }
  const caps = init.capabilities;
  const encoding = caps.positionEncoding ?? 'utf-16';
  if (encoding !== opts.encoding && encoding !== 'utf-16') {
    throw fail(`server chose position encoding ${encoding}, which the client did not offer`);
  }
  if (opts.pull && !caps.diagnosticProvider) {
    throw fail('--pull given, but the server does not advertise diagnosticProvider');
  }
  await race(connection.sendNotification(InitializedNotification.type, {}));

  stage = 'opening the document';
  await race(
    connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: fileUri, languageId: 'toml', version: 1, text },
    }),
  );
  opened = true;

  let result;
  if (opts.pull) {
    stage = 'waiting for the textDocument/diagnostic result';
    const report = await race(connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: fileUri } }));
    if (!report || report.kind !== 'full' || !Array.isArray(report.items)) {
      throw fail(`expected a full document diagnostic report, got ${JSON.stringify(report)}`);
    }
    result = { uri: fileUri, version: 1, diagnostics: report.items };
  } else {
    stage = 'waiting for textDocument/publishDiagnostics';
    const params = await race(diagnosticsReceived);
    result = { uri: params.uri, version: params.version ?? null, diagnostics: params.diagnostics };
  }
  if (!Array.isArray(result.diagnostics)) {
    throw fail('diagnostics is not an array');
  }

  stage = 'waiting for the shutdown result';
  await race(connection.sendRequest(ShutdownRequest.type));
  stage = 'exiting';
  // From here on the server is expected to exit: only a bad exit status fails.
  const exitWait = Promise.race([
    exitPromise,
    new Promise((resolve) => setTimeout(() => resolve(null), Math.max(remaining(), 2000))),
  ]);
  await connection.sendNotification(ExitNotification.type);
  const status = exited ?? (await exitWait);
  clearTimeout(timer);
  connection.dispose();
  if (status === null) {
    child.kill('SIGKILL');
    throw fail('server did not exit after shutdown and exit');
  }
  if (status.code !== 0) {
    throw fail(`server exited with ${status.signal ?? `code ${status.code}`} after shutdown and exit, expected 0`);
  }

  return {
    uri: result.uri,
    version: result.version,
    mode: opts.pull ? 'pull' : 'push',
    positionEncoding: encoding,
    serverInfo: init.serverInfo ?? null,
    diagnostics: result.diagnostics,
  };
}

async function main() {
  let opts;
  try {
    opts = parseCli(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`e2e-lsp: ${err.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  const state = { child: null, stderrTail: '' };
  try {
    const out = await run(opts, state);
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    process.exit(0);
  } catch (err) {
    process.stderr.write(`e2e-lsp: ${err.isFailure ? err.message : (err.stack ?? err)}\n`);
    if (!opts.verbose && state.stderrTail) {
      process.stderr.write(`--- server stderr (last ${state.stderrTail.length} bytes) ---\n${state.stderrTail}\n`);
    }
    if (state.child && state.child.exitCode === null) {
      state.child.kill('SIGKILL');
    }
    process.exit(1);
  }
}

main();
