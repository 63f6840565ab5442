// vscode-languageclient traces protocol messages only while its trace
// channel's log level is Trace, and reads `<id>.trace.server` only to choose
// between messages and verbose. This channel derives its log level from the
// `osmosisLint.trace.server` setting, so that setting alone turns tracing on
// and off, as users of other language extensions expect.

import * as vscode from 'vscode';

type TraceSetting = 'off' | 'messages' | 'verbose';

function readSetting(): TraceSetting {
  const value = vscode.workspace.getConfiguration('osmosisLint').get<string>('trace.server', 'off');
  return value === 'messages' || value === 'verbose' ? value : 'off';
}

function levelFor(setting: TraceSetting): vscode.LogLevel {
  return setting === 'off' ? vscode.LogLevel.Info : vscode.LogLevel.Trace;
}

function format(message: string | Error, args: unknown[]): string {
  const text = message instanceof Error ? (message.stack ?? message.message) : message;
  if (args.length === 0) {
    return text;
  }
  return `${text} ${args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}`;
}

export class SettingTraceChannel implements vscode.LogOutputChannel {
  private readonly channel: vscode.OutputChannel;
  private readonly levelEmitter = new vscode.EventEmitter<vscode.LogLevel>();
  private readonly configListener: vscode.Disposable;
  private level: vscode.LogLevel;

  readonly onDidChangeLogLevel = this.levelEmitter.event;

  constructor(readonly name: string) {
    this.channel = vscode.window.createOutputChannel(name);
    this.level = levelFor(readSetting());
    this.configListener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('osmosisLint.trace.server')) {
        return;
      }
      const next = levelFor(readSetting());
      if (next !== this.level) {
        this.level = next;
        this.levelEmitter.fire(next);
      }
    });
  }

  get logLevel(): vscode.LogLevel {
    return this.level;
  }

  private write(kind: string, message: string | Error, args: unknown[]): void {
    this.channel.appendLine(`${new Date().toISOString()} [${kind}] ${format(message, args)}`);
  }

  trace(message: string, ...args: unknown[]): void {
    if (this.level === vscode.LogLevel.Trace) {
      this.write('trace', message, args);
    }
  }
  debug(message: string, ...args: unknown[]): void {
    if (this.level <= vscode.LogLevel.Debug) {
      this.write('debug', message, args);
    }
  }
  info(message: string, ...args: unknown[]): void {
    this.write('info', message, args);
  }
  warn(message: string, ...args: unknown[]): void {
    this.write('warning', message, args);
  }
  error(error: string | Error, ...args: unknown[]): void {
    this.write('error', error, args);
  }

  append(value: string): void {
    this.channel.append(value);
  }
  appendLine(value: string): void {
    this.channel.appendLine(value);
  }
  replace(value: string): void {
    this.channel.replace(value);
  }
  clear(): void {
    this.channel.clear();
  }
  show(columnOrPreserveFocus?: vscode.ViewColumn | boolean, preserveFocus?: boolean): void {
    if (typeof columnOrPreserveFocus === 'boolean') {
      this.channel.show(columnOrPreserveFocus);
    } else {
      this.channel.show(columnOrPreserveFocus, preserveFocus);
    }
  }
  hide(): void {
    this.channel.hide();
  }
  dispose(): void {
    this.configListener.dispose();
    this.levelEmitter.dispose();
    this.channel.dispose();
  }
}
