// Starts `osmosis-lint lsp` for the Osmosis workspace configs and keeps it
// running: restarts it on demand and when its settings change, and shows
// its state in a language status item next to the configs.

import * as vscode from 'vscode';
import {
  CloseAction,
  CloseHandlerResult,
  ErrorAction,
  ErrorHandler,
  ErrorHandlerResult,
  LanguageClient,
  LanguageClientOptions,
  Message,
  RevealOutputChannelOn,
  ServerOptions,
  State,
} from 'vscode-languageclient/node';

import { bundledBinary, describeMissing, ensureExecutable, INSTALL_COMMAND, resolveBinary, SOURCE_LABELS } from './binary';
import { CONFIG_GLOB, DOCUMENT_SELECTOR } from './selectors';
import { SettingTraceChannel } from './trace';

const CLIENT_ID = 'osmosisLint';
const CLIENT_NAME = 'Osmosis Lint';
const OPEN_SETTINGS = 'Open settings';
const SHOW_OUTPUT = 'Show output';
const COPY_INSTALL = 'Copy install command';

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let traceOutput: SettingTraceChannel;
let status: vscode.LanguageStatusItem;
let extensionPath: string;
// Serializes start/stop so that quick successive restarts cannot interleave.
let lifecycle: Promise<void> = Promise.resolve();
// The missing-binary message is shown once per window unless asked for again.
let missingReported = false;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  extensionPath = context.extensionPath;
  output = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  traceOutput = new SettingTraceChannel(`${CLIENT_NAME} Trace`);
  status = vscode.languages.createLanguageStatusItem('osmosisLint.server', DOCUMENT_SELECTOR);
  status.name = CLIENT_NAME;
  status.command = { title: 'Show output', command: 'osmosisLint.showOutput' };
  setStatus('osmosis-lint', 'not started', vscode.LanguageStatusSeverity.Information);
  context.subscriptions.push(output, traceOutput, status);

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
      if (e.affectsConfiguration('osmosisLint.enable')) {
        missingReported = false;
        void queue(async () => {
          await stopClient();
          if (enabled() && (await workspaceHasConfigs())) {
            await startClient();
          }
        });
      } else if (e.affectsConfiguration('osmosisLint.path') || e.affectsConfiguration('osmosisLint.args')) {
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
      if (client === undefined && enabled() && vscode.languages.match(DOCUMENT_SELECTOR, doc) > 0) {
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

function enabled(): boolean {
  return vscode.workspace.getConfiguration(CLIENT_ID).get<boolean>('enable', true);
}

function setStatus(text: string, detail: string, severity: vscode.LanguageStatusSeverity, busy = false): void {
  status.text = text;
  status.detail = detail;
  status.severity = severity;
  status.busy = busy;
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
  if (!enabled()) {
    output.info('osmosisLint.enable is false: the language server is not started.');
    setStatus('osmosis-lint: disabled', 'osmosisLint.enable is false', vscode.LanguageStatusSeverity.Information);
    return;
  }
  const config = vscode.workspace.getConfiguration(CLIENT_ID);
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath;
  // Unpacking an extension can drop the mode bits of its files.
  ensureExecutable(bundledBinary(extensionPath));
  const resolution = resolveBinary({
    configuredPath: config.get<string>('path', ''),
    workspaceFolder: folder,
    extensionPath,
  });
  if (!resolution.found) {
    const message = describeMissing(resolution);
    output.error(`${message} Looked at: ${resolution.tried.join(', ') || '(nothing)'}`);
    setStatus('osmosis-lint: not found', message, vscode.LanguageStatusSeverity.Error);
    if (!missingReported) {
      missingReported = true;
      void reportMissing(message);
    }
    return;
  }

  const extraArgs = config.get<string[]>('args', []).filter((a) => typeof a === 'string');
  const from = SOURCE_LABELS[resolution.source];
  output.info(`Using ${resolution.path}, found via ${from}.`);
  output.info(`Starting ${resolution.path} lsp ${extraArgs.join(' ')}`.trimEnd());
  setStatus('osmosis-lint', `starting ${resolution.path}`, vscode.LanguageStatusSeverity.Information, true);

  const serverOptions: ServerOptions = {
    command: resolution.path,
    args: ['lsp', ...extraArgs],
    // No `transport`: the client would append `--stdio`, which `osmosis-lint lsp` does not take.
    options: folder !== undefined ? { cwd: folder } : {},
  };

  // No synchronize.fileEvents: the server registers its own file watchers
  // (rollouts/, data/, pyproject.toml, configs/, git metadata) through
  // client/registerCapability. Watching here too would deliver every change
  // twice.
  const errorHandler = new StartupErrorHandler();
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    diagnosticCollectionName: 'osmosis-lint',
    outputChannel: output,
    traceOutputChannel: traceOutput,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    errorHandler,
    // A server that fails its initialize is not initialized again: the
    // failure is reported once, below, where start() rejects.
    initializationFailedHandler: () => false,
  };

  const next = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  errorHandler.afterStart = next.createDefaultErrorHandler();
  client = next;
  next.onDidChangeState((e) => {
    if (e.newState === State.Running) {
      errorHandler.ran = true;
    }
    if (client !== next) {
      return;
    }
    if (e.newState === State.Running) {
      const version = next.initializeResult?.serverInfo?.version ?? 'unknown version';
      output.info(`The language server is running: osmosis-lint ${version}.`);
      setStatus(`osmosis-lint ${version}`, `${resolution.path} (via ${from})${folder !== undefined ? ` · workspace ${folder}` : ''}`, vscode.LanguageStatusSeverity.Information);
    } else if (e.newState === State.Stopped) {
      setStatus('osmosis-lint: stopped', 'The language server stopped; run Osmosis Lint: Restart Server.', vscode.LanguageStatusSeverity.Warning);
    }
  });
  try {
    await next.start();
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    output.error(`The language server failed to start: ${detail}`);
    if (client === next) {
      client = undefined;
    }
    // A client whose start failed still holds its process, connection and
    // listeners: stopped and disposed, it cannot start again behind our back.
    await next.dispose(2000).then(undefined, () => undefined);
    setStatus('osmosis-lint: failed', `${resolution.path} lsp failed to start: ${detail}`, vscode.LanguageStatusSeverity.Error);
    void vscode.window
      .showErrorMessage(
        `Osmosis Lint: the language server (${resolution.path} lsp) failed to start (${detail}). Its exit status and error output are in the output.`,
        SHOW_OUTPUT,
        OPEN_SETTINGS,
      )
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
    setStatus('osmosis-lint: stopped', enabled() ? 'not running' : 'osmosisLint.enable is false', vscode.LanguageStatusSeverity.Information);
  }
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

// The error handler of one client. Until the server has answered its
// initialize request, an error or a closed connection ends the client: a
// binary that exits at start (a broken install, another architecture, a
// crash) would exit again on each restart, and every restart would show
// its own notifications. The cause (the exit status and the server's
// stderr) is in the output channel. Once the server has run, the library's
// default handler decides (restarts after a crash, up to its limit).
class StartupErrorHandler implements ErrorHandler {
  ran = false;
  afterStart: ErrorHandler | undefined;

  error(error: Error, message: Message | undefined, count: number | undefined): ErrorHandlerResult | Promise<ErrorHandlerResult> {
    if (this.ran && this.afterStart !== undefined) {
      return this.afterStart.error(error, message, count);
    }
    return { action: ErrorAction.Shutdown, handled: true };
  }

  closed(): CloseHandlerResult | Promise<CloseHandlerResult> {
    if (this.ran && this.afterStart !== undefined) {
      return this.afterStart.closed();
    }
    return { action: CloseAction.DoNotRestart, handled: true, message: 'The language server exited before it answered initialize; it is not restarted.' };
  }
}
