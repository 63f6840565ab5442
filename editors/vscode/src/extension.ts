// Starts `osmosis-lint lsp` for the Osmosis workspace configs and keeps it
// running: restarts it on demand and when its settings change.

import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, RevealOutputChannelOn, ServerOptions } from 'vscode-languageclient/node';

import { describeMissing, INSTALL_COMMAND, resolveBinary } from './binary';
import { CONFIG_GLOB, DOCUMENT_SELECTOR, WATCHED_GLOBS } from './selectors';
import { SettingTraceChannel } from './trace';

const CLIENT_ID = 'osmosisLint';
const CLIENT_NAME = 'Osmosis Lint';
const OPEN_SETTINGS = 'Open settings';
const SHOW_OUTPUT = 'Show output';
const COPY_INSTALL = 'Copy install command';

let client: LanguageClient | undefined;
let clientDisposables: vscode.Disposable[] = [];
let output: vscode.LogOutputChannel;
let traceOutput: SettingTraceChannel;
// Serializes start/stop so that quick successive restarts cannot interleave.
let lifecycle: Promise<void> = Promise.resolve();
// The missing-binary message is shown once per window unless asked for again.
let missingReported = false;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  traceOutput = new SettingTraceChannel(`${CLIENT_NAME} Trace`);
  context.subscriptions.push(output, traceOutput);

  context.subscriptions.push(
    vscode.commands.registerCommand('osmosisLint.restartServer', () => {
      missingReported = false;
      return queue(async () => {
        await stopClient();
        await startClient();
      });
    }),
    vscode.commands.registerCommand('osmosisLint.showOutput', () => output.show(true)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('osmosisLint.path') || e.affectsConfiguration('osmosisLint.args')) {
        missingReported = false;
        void queue(async () => {
          if (client !== undefined || (await workspaceHasConfigs())) {
            await stopClient();
            await startClient();
          }
        });
      }
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      void queue(async () => {
        if (client !== undefined) {
          await stopClient();
          await startClient();
        }
      });
    }),
    // Activation on any TOML file must not start the server for a workspace
    // without Osmosis configs: wait until such a config is opened.
    vscode.workspace.onDidOpenTextDocument((doc) => {
      if (client === undefined && vscode.languages.match(DOCUMENT_SELECTOR, doc) > 0) {
        void queue(startClient);
      }
    }),
  );

  const hasOpenConfig = vscode.workspace.textDocuments.some((doc) => vscode.languages.match(DOCUMENT_SELECTOR, doc) > 0);
  if (hasOpenConfig || (await workspaceHasConfigs())) {
    void queue(startClient);
  }
}

export function deactivate(): Thenable<void> | undefined {
  return queue(stopClient);
}

function queue(step: () => Promise<void>): Promise<void> {
  lifecycle = lifecycle.then(step, step);
  return lifecycle;
}

async function workspaceHasConfigs(): Promise<boolean> {
  if (!vscode.workspace.workspaceFolders?.length) {
    return false;
  }
  const found = await vscode.workspace.findFiles(CONFIG_GLOB, '**/node_modules/**', 1);
  return found.length > 0;
}

async function startClient(): Promise<void> {
  if (client !== undefined) {
    return;
  }
  const config = vscode.workspace.getConfiguration(CLIENT_ID);
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath;
  const resolution = resolveBinary({
    configuredPath: config.get<string>('path', ''),
    workspaceFolder: folder,
  });
  if (!resolution.found) {
    const message = describeMissing(resolution);
    output.error(`${message} Looked at: ${resolution.tried.join(', ') || '(nothing)'}`);
    if (!missingReported) {
      missingReported = true;
      void reportMissing(message);
    }
    return;
  }

  const extraArgs = config.get<string[]>('args', []).filter((a) => typeof a === 'string');
  output.info(`Starting ${resolution.path} lsp ${extraArgs.join(' ')} (found via ${resolution.source})`);

  const serverOptions: ServerOptions = {
    command: resolution.path,
    args: ['lsp', ...extraArgs],
    // No `transport`: the client would append `--stdio`, which `osmosis-lint lsp` does not take.
    options: folder !== undefined ? { cwd: folder } : {},
  };

  const watchers = WATCHED_GLOBS.map((glob) => vscode.workspace.createFileSystemWatcher(glob));
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    synchronize: { fileEvents: watchers },
    diagnosticCollectionName: 'osmosis-lint',
    outputChannel: output,
    traceOutputChannel: traceOutput,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
  };

  const next = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  client = next;
  clientDisposables = watchers;
  try {
    await next.start();
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    output.error(`The language server failed to start: ${detail}`);
    client = undefined;
    disposeWatchers();
    void vscode.window
      .showErrorMessage(`Osmosis Lint: the language server (${resolution.path} lsp) failed to start: ${detail}`, SHOW_OUTPUT, OPEN_SETTINGS)
      .then((choice) => handleChoice(choice));
  }
}

async function stopClient(): Promise<void> {
  const current = client;
  client = undefined;
  if (current !== undefined) {
    try {
      await current.stop(2000);
    } catch (err) {
      output.warn(`Stopping the language server: ${err instanceof Error ? err.message : String(err)}`);
    }
    await current.dispose().then(undefined, () => undefined);
  }
  disposeWatchers();
}

function disposeWatchers(): void {
  for (const d of clientDisposables) {
    d.dispose();
  }
  clientDisposables = [];
}

async function reportMissing(message: string): Promise<void> {
  const choice = await vscode.window.showErrorMessage(`Osmosis Lint: ${message}`, OPEN_SETTINGS, COPY_INSTALL, SHOW_OUTPUT);
  await handleChoice(choice);
}

async function handleChoice(choice: string | undefined): Promise<void> {
  switch (choice) {
    case OPEN_SETTINGS:
      await vscode.commands.executeCommand('workbench.action.openSettings', 'osmosisLint.path');
      break;
    case COPY_INSTALL:
      await vscode.env.clipboard.writeText(INSTALL_COMMAND);
      break;
    case SHOW_OUTPUT:
      output.show(true);
      break;
  }
}
