// Finding the osmosis-lint binary. This module does not import `vscode` so
// that it can be unit-tested with plain node.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The name `go install` gives the binary. */
export const BINARY_NAME = 'osmosis-lint';

/** The command users are told to run when the binary is missing. */
export const INSTALL_COMMAND = 'go install github.com/osmosis-lint/osmosis-lint/cmd/osmosis-lint@latest';

export interface ResolveOptions {
  /** Raw value of the `osmosisLint.path` setting ('' or undefined: search). */
  configuredPath?: string;
  /** First workspace folder, for `${workspaceFolder}` and relative paths. */
  workspaceFolder?: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  homedir?: string;
  /** Overridable for tests. */
  isExecutable?: (file: string) => boolean;
}

export type Resolution =
  | { found: true; path: string; source: 'setting' | 'PATH' | 'GOBIN' | 'GOPATH' | 'home' }
  | { found: false; configuredPath?: string; tried: string[] };

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
 * name is looked up on PATH), else `osmosis-lint` on PATH, then `$GOBIN`,
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

  const search: Array<[string, 'PATH' | 'GOBIN' | 'GOPATH' | 'home']> = [];
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
  return `The osmosis-lint binary was not found on PATH, in $GOBIN, $GOPATH/bin or ~/go/bin. Install it with \`${INSTALL_COMMAND}\` or set osmosisLint.path.`;
}
