#!/usr/bin/env node
// A stand-in for `osmosis-lint lsp` that speaks just enough of the protocol to
// test the editor clients (e2e-lsp.mjs, the Neovim module) without the real
// server. It reports every `lerning_rate` key as an unknown key.
//
// FAKE_LSP_MODE selects a misbehaviour for the client's failure paths:
//   silent    never publishes diagnostics
//   crash     exits with status 3 when a document is opened
//   bad-exit  exits with status 1 on `exit` even after `shutdown`

import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentDiagnosticRequest,
  ExitNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

if (process.argv[2] !== 'lsp') {
  process.stderr.write('usage: fake-osmosis-lint lsp\n');
  process.exit(2);
}

const mode = process.env.FAKE_LSP_MODE ?? '';
const connection = createProtocolConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
const documents = new Map();
let shutdownReceived = false;

function lint(text) {
  const diagnostics = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const m = /^(\s*)(lerning_rate)\s*=/.exec(line);
    if (m) {
      const start = m[1].length;
      diagnostics.push({
        range: { start: { line: index, character: start }, end: { line: index, character: start + m[2].length } },
        severity: 1,
        code: 'unknown-key',
        source: 'osmosis-lint',
        message: 'unknown key `lerning_rate` in [training]; did you mean `lr`?',
      });
    }
  });
  return diagnostics;
}

function publish(uri) {
  const doc = documents.get(uri);
  if (mode === 'silent' || doc === undefined) {
    return;
  }
  void connection.sendNotification(PublishDiagnosticsNotification.type, {
    uri,
    version: doc.version,
    diagnostics: lint(doc.text),
  });
}

connection.onRequest(InitializeRequest.type, () => ({
  capabilities: {
    positionEncoding: 'utf-16',
    textDocumentSync: { openClose: true, change: 1 },
    diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: false },
  },
  serverInfo: { name: 'fake-osmosis-lint', version: '0' },
}));

connection.onNotification(DidOpenTextDocumentNotification.type, ({ textDocument }) => {
  process.stderr.write(`fake-osmosis-lint: opened ${textDocument.uri}\n`);
  if (mode === 'crash') {
    process.exit(3);
  }
  documents.set(textDocument.uri, { version: textDocument.version, text: textDocument.text });
  publish(textDocument.uri);
});

connection.onNotification(DidChangeTextDocumentNotification.type, ({ textDocument, contentChanges }) => {
  const last = contentChanges[contentChanges.length - 1];
  if (last !== undefined && !('range' in last)) {
    documents.set(textDocument.uri, { version: textDocument.version, text: last.text });
    publish(textDocument.uri);
  }
});

connection.onRequest(DocumentDiagnosticRequest.type, ({ textDocument }) => {
  const doc = documents.get(textDocument.uri);
  return { kind: 'full', items: doc === undefined ? [] : lint(doc.text) };
});

connection.onRequest(ShutdownRequest.type, () => {
  shutdownReceived = true;
  return null;
});

connection.onNotification(ExitNotification.type, () => {
  process.exit(mode === 'bad-exit' || !shutdownReceived ? 1 : 0);
});

connection.onClose(() => process.exit(shutdownReceived ? 0 : 1));
connection.listen();
