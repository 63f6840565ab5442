// Finding the osmosis-lint binary. This module does not import `vscode` so
// that it can be unit-tested with plain node.
//
// Order: the osmosisLint.path setting, then the binary bundled in a
// platform-specific extension (bin/ of the extension), then osmosis-lint on
// PATH (pip, uv tool, pipx, a release archive), then where `go install`
// puts it ($GOBIN, each $GOPATH/bin, ~/go/bin).

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The name `go install` gives the binary. */
export const BINARY_NAME = 'osmosis-lint';

/** The command users are told to run when the binary is missing. */
export const INSTALL_COMMAND = 'pip install osmosis-lint';

/** The directory of a platform-specific extension that holds its binary. */
export const BUNDLED_DIR = 'bin';

export interface ResolveOptions {
  /** Raw value of the `osmosisLint.path` setting ('' or undefined: search). */
  configuredPath?: string;
  /** First workspace folder, for `${workspaceFolder}` and relative paths. */
  workspaceFolder?: string;
  /** The extension's own directory; its bin/ holds the bundled binary, if any. */
  extensionPath?: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  homedir?: string;
  /** Overridable for tests. */
  isExecutable?: (file: string) => boolean;
}

export type Source = 'setting' | 'bundled' | 'PATH' | 'GOBIN' | 'GOPATH' | 'home';

export type Resolution =
  | { found: true; path: string; source: Source }
  | { found: false; configuredPath?: string; tried: string[] };

/** How each source is named in the output channel. */
export const SOURCE_LABELS: Record<Source, string> = {
  setting: 'the osmosisLint.path setting',
  bundled: 'the binary bundled with the extension',
  PATH: 'PATH',
  GOBIN: '$GOBIN',
  GOPATH: '$GOPATH/bin',
  home: '~/go/bin',
};

/** Reports whether file is a regular file this process may execute. */
export function isExecutableFile(file: string, platform: NodeJS.Platform = process.platform): boolean {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) {
      return false;
    }
    if (platform !== 'win32') {
      fs.accessSync(file, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Expands `~`, `${userHome}` and `${workspaceFolder}` in a configured path and
 * makes a relative result absolute against the workspace folder.
 */
export function expandConfiguredPath(raw: string, homedir: string, workspaceFolder?: string): string {
  let p = raw.trim();
  p = p.replace(/\$\{userHome\}/g, homedir);
  if (workspaceFolder !== undefined) {
    p = p.replace(/\$\{workspaceFolder\}/g, workspaceFolder);
  }
  if (p === '~') {
    p = homedir;
  } else if (p.startsWith('~/') || p.startsWith('~\\')) {
    p = path.join(homedir, p.slice(2));
  }
  if (!path.isAbsolute(p) && workspaceFolder !== undefined && /[\\/]/.test(p)) {
    p = path.resolve(workspaceFolder, p);
  }
  return p;
}

function executableNames(platform: NodeJS.Platform): string[] {
  return platform === 'win32' ? [`${BINARY_NAME}.exe`] : [BINARY_NAME];
}

function splitList(value: string | undefined, platform: NodeJS.Platform): string[] {
  if (!value) {
    return [];
  }
  const sep = platform === 'win32' ? ';' : ':';
  return value.split(sep).filter((entry) => entry.length > 0);
}

/**
 * Resolves the server binary: the `osmosisLint.path` setting when set (a bare
 * name is looked up on PATH; a setting that names nothing executable is an
 * error, never a silent fallback), else the bundled `bin/osmosis-lint` of a
 * platform-specific extension, else `osmosis-lint` on PATH, then `$GOBIN`,
 * each `$GOPATH/bin`, and `~/go/bin` (where `go install` puts it by default).
 */
export function resolveBinary(opts: ResolveOptions = {}): Resolution {
  const env = opts.env ?? process.env;
  const platform = opts.platform ?? process.platform;
  const homedir = opts.homedir ?? os.homedir();
  const isExec = opts.isExecutable ?? ((file: string) => isExecutableFile(file, platform));
  const tried: string[] = [];
  const names = executableNames(platform);
  const pathJoin = platform === 'win32' ? path.win32.join : path.posix.join;

  const configured = opts.configuredPath?.trim();
  if (configured) {
    const expanded = expandConfiguredPath(configured, homedir, opts.workspaceFolder);
    const isBareName = !/[\\/]/.test(expanded);
    if (!isBareName) {
      tried.push(expanded);
      if (isExec(expanded)) {
        return { found: true, path: expanded, source: 'setting' };
      }
      if (platform === 'win32' && !expanded.toLowerCase().endsWith('.exe') && isExec(`${expanded}.exe`)) {
        return { found: true, path: `${expanded}.exe`, source: 'setting' };
      }
      return { found: false, configuredPath: configured, tried };
    }
    // A bare command name: look it up on PATH like a shell would.
    const bare = platform === 'win32' && !expanded.toLowerCase().endsWith('.exe') ? [expanded, `${expanded}.exe`] : [expanded];
    for (const dir of splitList(env.PATH ?? env.Path, platform)) {
      for (const name of bare) {
        const candidate = pathJoin(dir, name);
        tried.push(candidate);
        if (isExec(candidate)) {
          return { found: true, path: candidate, source: 'setting' };
        }
      }
    }
    return { found: false, configuredPath: configured, tried };
  }

  const search: Array<[string, Source]> = [];
  if (opts.extensionPath) {
    search.push([pathJoin(opts.extensionPath, BUNDLED_DIR), 'bundled']);
  }
  for (const dir of splitList(env.PATH ?? env.Path, platform)) {
    search.push([dir, 'PATH']);
  }
  if (env.GOBIN) {
    search.push([env.GOBIN, 'GOBIN']);
  }
  for (const dir of splitList(env.GOPATH, platform)) {
    search.push([pathJoin(dir, 'bin'), 'GOPATH']);
  }
  search.push([pathJoin(homedir, 'go', 'bin'), 'home']);

  const seen = new Set<string>();
  for (const [dir, source] of search) {
    for (const name of names) {
      const candidate = pathJoin(dir, name);
      if (seen.has(candidate)) {
        continue;
      }
      seen.add(candidate);
      tried.push(candidate);
      if (isExec(candidate)) {
        return { found: true, path: candidate, source };
      }
    }
  }
  return { found: false, tried };
}

/** A one-paragraph explanation of a failed resolution, for the user. */
export function describeMissing(res: Extract<Resolution, { found: false }>): string {
  if (res.configuredPath !== undefined) {
    return `osmosisLint.path is set to "${res.configuredPath}", but no executable osmosis-lint binary is there.`;
  }
  return `The osmosis-lint binary was not found on PATH, in $GOBIN, $GOPATH/bin or ~/go/bin, and this build of the extension bundles none. Install it with \`${INSTALL_COMMAND}\` (or \`uv tool install osmosis-lint\`), install the extension for your platform, or set osmosisLint.path.`;
}

/**
 * Makes a bundled binary executable when unpacking lost its mode bits; a
 * no-op when it already is, on Windows, or when the file is not ours to
 * change. Reports whether the file is executable afterwards.
 */
export function ensureExecutable(file: string, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32' || isExecutableFile(file, platform)) {
    return isExecutableFile(file, platform);
  }
  try {
    const st = fs.statSync(file);
    if (st.isFile()) {
      fs.chmodSync(file, st.mode | 0o755);
    }
  } catch {
    return false;
  }
  return isExecutableFile(file, platform);
}

/** The path of the bundled binary of an extension directory. */
export function bundledBinary(extensionPath: string, platform: NodeJS.Platform = process.platform): string {
  const pathJoin = platform === 'win32' ? path.win32.join : path.posix.join;
  return pathJoin(extensionPath, BUNDLED_DIR, executableNames(platform)[0]);
}
