#!/usr/bin/env node
// End-to-end client for the workspace features: starts `<binary> lsp` on a
// workspace, opens one config, and asks what an editor asks at a position:
// references, prepareRename and rename, document links, workspace symbols
// and completion. Prints the answers as JSON on stdout, then shuts the
// server down per the protocol.
//
//   node e2e-features.mjs <binary> <workspace> <file.toml> <line> <character> <newName> <query> <completeLine> [--no-snippets]
//
// Positions are 0-based, in UTF-16. Exit status: 0 answers printed; 1 a
// protocol error, a server failure or the time limit (20 s); 2 usage.

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

import {
  CompletionRequest,
  DidOpenTextDocumentNotification,
  DocumentLinkRequest,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  WorkspaceSymbolRequest,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';

const args = process.argv.slice(2);
const snippets = !args.includes('--no-snippets');
const pos = args.filter((a) => a !== '--no-snippets');
if (pos.length !== 8) {
  process.stderr.write('usage: node e2e-features.mjs <binary> <workspace> <file.toml> <line> <character> <newName> <query> <completeLine> [--no-snippets]\n');
  process.exit(2);
}
const [binary, root, file, line, character, newName, query, completeLine] = pos;
const rootUri = pathToFileURL(path.resolve(root)).href;
const fileUri = pathToFileURL(path.resolve(file)).href;
const text = fs.readFileSync(file, 'utf8');

const child = spawn(path.resolve(binary), ['lsp'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
child.stdin.on('error', () => undefined);
const timer = setTimeout(() => {
  process.stderr.write('e2e-features: timed out\n');
  child.kill();
  process.exit(1);
}, 20000);

const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
const messages = [];
connection.onNotification((method, params) => {
  if (method === 'window/showMessage') {
    messages.push(params.message);
  }
});
connection.onRequest(() => null);
connection.listen();

const capabilities = {
  general: { positionEncodings: ['utf-16'] },
  textDocument: {
    synchronization: { didSave: true },
    completion: { completionItem: { snippetSupport: snippets, documentationFormat: ['markdown', 'plaintext'] } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    rename: { prepareSupport: true },
    documentLink: {},
  },
  workspace: {
    workspaceFolders: true,
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
    symbol: {},
  },
};

try {
  const init = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: path.basename(root) }],
    capabilities,
  });
  await connection.sendNotification(InitializedNotification.type, {});
  await connection.sendNotification(DidOpenTextDocumentNotification.type, {
    textDocument: { uri: fileUri, languageId: 'toml', version: 1, text },
  });
  const at = { textDocument: { uri: fileUri }, position: { line: Number(line), character: Number(character) } };
  const out = {
    capabilities: init.capabilities,
    references: await connection.sendRequest(ReferencesRequest.type, { ...at, context: { includeDeclaration: true } }),
    prepareRename: await connection.sendRequest(PrepareRenameRequest.type, at),
    rename: await connection.sendRequest(RenameRequest.type, { ...at, newName }),
    links: await connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri: fileUri } }),
    symbols: await connection.sendRequest(WorkspaceSymbolRequest.type, { query }),
    completion: await connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri: fileUri },
      position: { line: Number(completeLine), character: 0 },
    }),
    messages,
  };
  await connection.sendRequest(ShutdownRequest.type);
  await connection.sendNotification(ExitNotification.type);
  process.stdout.write(`${JSON.stringify(out)}\n`);
  clearTimeout(timer);
  child.on('exit', (code) => process.exit(code === 0 ? 0 : 1));
} catch (err) {
  process.stderr.write(`e2e-features: ${err?.message ?? err}\n`);
  child.kill();
  process.exit(1);
}
