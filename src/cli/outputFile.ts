/**
 * Writing an output (`-o`, `-i`, `--report-file`, `--svg`) without destroying what was there.
 *
 * A regular file is replaced atomically: the text goes to a temporary file beside it, which
 * takes the old file's mode and owner and is then renamed over it, so a reader (or a run
 * killed half-way) sees the old content or the new, never a mix. What is not a regular file
 * is written into, never replaced: a rename would put a regular file in place of a device
 * node (`-o /dev/null` as root), of a FIFO whose reader then gets nothing, or of
 * `/dev/stdout`. A symbolic link is followed: its target gets the text, the link stays.
 *
 * Why not the npm package write-file-atomic (4.x, what the ecosystem uses): it renames over
 * device nodes and FIFOs too, replaces a dangling symbolic link by a file, and as a
 * non-root user silently gives a file it cannot chown back to the writer; nor does it refuse
 * a read-only file, which root can rename over. Those are the cases this module exists for.
 *
 * Synchronous calls (issue 17, start-up): one or two files are written per command.
 */
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from './errors.js';

/** Links followed before giving up, as the kernel's own limit (ELOOP). */
const MAX_LINKS = 40;

/** Where the text goes: a regular file replaced by rename, or any other file written into. */
type Target =
  | { kind: 'new'; path: string }
  | { kind: 'regular'; path: string; stat: fs.Stats }
  | { kind: 'other'; path: string };

/**
 * An output's text: one string, or its pieces in order (a report too large to hold as one
 * string, jsonPieces.ts), written as they come.
 */
export type OutputText = string | Iterable<string>;

/** Pieces are gathered into writes of about this many characters. */
const BATCH = 1 << 20;

/** The bytes of `text`: one buffer for a string, buffers of about BATCH for pieces. */
function* bytesOf(text: OutputText, encoding: 'utf8' | 'latin1'): Generator<Buffer> {
  if (typeof text === 'string') {
    yield Buffer.from(text, encoding);
    return;
  }
  let batch = '';
  for (const piece of text) {
    batch += piece;
    if (batch.length < BATCH) continue;
    yield Buffer.from(batch, encoding);
    batch = '';
  }
  if (batch !== '') yield Buffer.from(batch, encoding);
}

/** Writes all of `data` at the descriptor's position. */
function writeAll(fd: number, data: Buffer): void {
  for (let at = 0; at < data.length;) at += fs.writeSync(fd, data, at);
}

/**
 * Writes `text` to `file` (see the module's comment); throws InputError with a message that
 * names the file and the reason when it cannot, leaving the file as it was.
 */
export async function writeOutput(
  file: string,
  text: OutputText,
  encoding: 'utf8' | 'latin1' = 'utf8',
): Promise<void> {
  const data = bytesOf(text, encoding);
  const fd = ownDescriptor(file);
  if (fd !== undefined) return writeDescriptor(file, fd, data);
  const target = resolveTarget(file);
  if (target.kind === 'other') return writeInto(file, data);
  if (target.kind === 'regular') refuseUnwritable(file, target.stat);
  replaceAtomically(file, target, data);
}

/**
 * Writes several files as one edit set (`contract -i` over a file set, issue 27): all or
 * none. Every text goes first to a temporary file beside its target (with the target's mode
 * and owner, on disk); only when all are written are they renamed over their targets, each
 * target kept meanwhile as a hard link (a copy where links are refused) so that a rename
 * that fails puts every file renamed so far back. SIGINT, SIGTERM and SIGHUP that arrive
 * during the renames wait for them (or for the restore) to finish, then take effect: an
 * interruption leaves the old tree or the new one, never a mix. (A SIGKILL or a crash of the
 * machine during the renames, a few system calls, is outside this.) What is not a regular
 * file (a device, a FIFO) cannot take part: it is written as `writeOutput` does, first.
 */
export async function writeOutputs(
  entries: readonly { readonly file: string; readonly text: string }[],
  encoding: 'utf8' | 'latin1' = 'utf8',
): Promise<void> {
  const staged: Staged[] = [];
  try {
    for (const e of entries) {
      const data = [Buffer.from(e.text, encoding)];
      const target = ownDescriptor(e.file) === undefined ? resolveTarget(e.file) : undefined;
      if (!target || target.kind === 'other') {
        await writeOutput(e.file, e.text, encoding);
        continue;
      }
      if (target.kind === 'regular') refuseUnwritable(e.file, target.stat);
      staged.push({ file: e.file, target: target.path, tmp: writeTemporary(e.file, target, data) });
    }
  } catch (e) {
    for (const s of staged) fs.rmSync(s.tmp, { force: true });
    throw e;
  }
  commitAll(staged);
}

interface Staged {
  readonly file: string;
  readonly target: string;
  readonly tmp: string;
}

const DEFERRED: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The renames of an edit set, with signals held until the tree is whole again. */
function commitAll(staged: readonly Staged[]): void {
  const held: NodeJS.Signals[] = [];
  const hold = (sig: NodeJS.Signals) => held.push(sig);
  for (const sig of DEFERRED) process.on(sig, hold);
  const backups: { target: string; backup: string | undefined }[] = [];
  try {
    for (const s of staged) backups.push({ target: s.target, backup: keepOld(s.target) });
    const done: number[] = [];
    try {
      for (const [k, s] of staged.entries()) {
        fs.renameSync(s.tmp, s.target);
        done.push(k);
      }
    } catch (e) {
      for (const k of done.reverse()) restore(backups[k]!);
      throw cannotWrite(staged[done.length]?.file ?? staged[0]!.file, e);
    }
  } catch (e) {
    for (const s of staged) fs.rmSync(s.tmp, { force: true });
    throw e;
  } finally {
    for (const b of backups) if (b.backup) fs.rmSync(b.backup, { force: true });
    for (const sig of DEFERRED) process.off(sig, hold);
    // The signal the user sent, now that the tree is whole.
    if (held.length > 0) process.kill(process.pid, held[0]);
  }
}

/** The old file kept under another name (a hard link, else a copy), or none when new. */
function keepOld(target: string): string | undefined {
  if (!fs.existsSync(target)) return undefined;
  const backup = path.join(
    path.dirname(target),
    `.${path.basename(target)}.beeclak-${process.pid}.old`,
  );
  fs.rmSync(backup, { force: true });
  try {
    fs.linkSync(target, backup);
  } catch {
    fs.copyFileSync(target, backup);
  }
  return backup;
}

/** Puts the old file back (or removes a file that was new). */
function restore(b: { target: string; backup: string | undefined }): void {
  if (b.backup) fs.renameSync(b.backup, b.target);
  else fs.rmSync(b.target, { force: true });
}

/**
 * Makes the folder `dir` (and its missing parents) for outputs, or throws InputError saying
 * why not: a file is in the way, permission denied. Not `mkdir -p` through Node's
 * `{ recursive: true }`, which never returns where the kernel refuses a folder with ENOENT
 * (`--svg /proc/x` hung).
 */
export function makeOutputFolder(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw cannotMakeFolder(dir, e);
    }
    if (stat) {
      if (!stat.isDirectory())
        throw new InputError(
          `cannot make the folder '${dir}': ${at === path.resolve(dir) ? 'it' : `'${at}'`} is a file, not a folder`,
        );
      break;
    }
    missing.push(at);
    if (path.dirname(at) === at) break;
    at = path.dirname(at);
  }
  for (const d of missing.reverse()) {
    try {
      fs.mkdirSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw cannotMakeFolder(dir, e);
    }
  }
}

function cannotMakeFolder(dir: string, e: unknown): InputError {
  const code = (e as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT'
      ? 'the system does not allow a folder there'
      : ((code && REASONS.get(code)) ?? (e as Error).message);
  return new InputError(`cannot make the folder '${dir}': ${reason}`);
}

/** `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`: names of this process's own descriptors. */
const FD_NAME = /^\/(?:dev|proc\/self)\/fd\/(\d+)$|^\/dev\/std(out|err)$/;

/**
 * The descriptor `file` names, through symbolic links, if it names one of this process's:
 * written as such (as a shell's `> /dev/stdout` is). Opened by name, a descriptor that is
 * a socket (how Node's parent processes often give a child its stdout) cannot be opened.
 */
function ownDescriptor(file: string): number | undefined {
  let at = path.resolve(file);
  for (let k = 0; k < MAX_LINKS; k++) {
    const m = FD_NAME.exec(at);
    if (m) return m[2] === 'out' ? 1 : m[2] === 'err' ? 2 : Number(m[1]);
    try {
      if (!fs.lstatSync(at).isSymbolicLink()) return undefined;
      at = path.resolve(path.dirname(at), fs.readlinkSync(at));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Writes to a descriptor of this process: stdout and stderr through their streams. */
async function writeDescriptor(file: string, fd: number, data: Iterable<Buffer>): Promise<void> {
  const stream = fd === 1 ? process.stdout : fd === 2 ? process.stderr : undefined;
  try {
    for (const bytes of data)
      if (stream)
        await new Promise<void>((resolve, reject) =>
          stream.write(bytes, (e) => (e ? reject(e) : resolve())),
        );
      else writeAll(fd, bytes);
  } catch (e) {
    throw cannotWrite(file, e);
  }
}

/** The file a write to `file` reaches, through symbolic links. */
function resolveTarget(file: string): Target {
  let stat: fs.Stats;
  try {
    // Followed by the kernel: also /dev/stdout's link to /proc/self/fd/1, whose text
    // (`pipe:[123]`) names no path.
    stat = fs.statSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'new', path: danglingTarget(file) };
    throw cannotWrite(file, e);
  }
  if (stat.isDirectory()) throw new InputError(`cannot write '${file}': it is a directory`);
  if (!stat.isFile()) return { kind: 'other', path: file };
  return { kind: 'regular', path: fs.realpathSync(file), stat };
}

/** `file` itself when nothing is there, or the missing file a dangling link points to. */
function danglingTarget(file: string): string {
  let at = path.resolve(file);
  for (let k = 0; k < MAX_LINKS; k++) {
    let link: string;
    try {
      if (!fs.lstatSync(at).isSymbolicLink()) return at;
      link = fs.readlinkSync(at);
    } catch {
      break;
    }
    at = path.resolve(path.dirname(at), link);
  }
  const dir = path.dirname(at);
  if (!isDirectory(dir))
    throw new InputError(`cannot write '${file}': directory '${dir}' does not exist`);
  return at;
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Refuses a file its permissions do not let this process write. Root may write anything
 * and could rename over anything: a file with no write bit at all is refused for root too,
 * as a user would be refused (`chmod u+w` says it may be changed).
 */
function refuseUnwritable(file: string, stat: fs.Stats): void {
  const mode = (stat.mode & 0o7777).toString(8).padStart(3, '0');
  const readOnly = `cannot write '${file}': it is read-only (mode ${mode}); make it writable (chmod u+w) to rewrite it`;
  if ((stat.mode & 0o222) === 0) throw new InputError(readOnly);
  try {
    fs.accessSync(file, fs.constants.W_OK);
  } catch {
    throw new InputError(readOnly);
  }
  const uid = process.getuid?.();
  // A rename gives the file to whoever renames it; only root can give it back.
  if (uid !== undefined && uid !== 0 && stat.uid !== uid)
    throw new InputError(
      `cannot write '${file}': it belongs to another user (uid ${stat.uid}), ` +
        `and rewriting it would make it yours; run as its owner`,
    );
}

/** Writes into a device, a FIFO or a terminal, as a shell redirection would. */
function writeInto(file: string, data: Iterable<Buffer>): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'w');
    for (const bytes of data) writeAll(fd, bytes);
    const done = fd;
    fd = undefined;
    fs.closeSync(done);
  } catch (e) {
    if (fd !== undefined) fs.closeSync(fd);
    throw cannotWrite(file, e);
  }
}

/** A temporary file beside the target, with its mode and owner, renamed over it. */
function replaceAtomically(file: string, target: Target, data: Iterable<Buffer>): void {
  const tmp = writeTemporary(file, target, data);
  try {
    fs.renameSync(tmp, target.path);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw cannotWrite(file, e);
  }
}

/** The text in a temporary file beside the target, with its mode and owner, on disk. */
function writeTemporary(file: string, target: Target, data: Iterable<Buffer>): string {
  const dir = path.dirname(target.path);
  if (!isDirectory(dir))
    throw new InputError(`cannot write '${file}': directory '${dir}' does not exist`);
  const tmp = path.join(dir, `.${path.basename(target.path)}.beeclak-${process.pid}.tmp`);
  const stat = target.kind === 'regular' ? target.stat : undefined;
  let fd: number | undefined;
  try {
    fd = fs.openSync(tmp, 'wx', stat ? stat.mode & 0o7777 : 0o666);
    if (stat) {
      // The mode given to open() went through the umask; the owner is the writer's.
      fs.fchmodSync(fd, stat.mode & 0o7777);
      if (stat.uid !== process.getuid?.() || stat.gid !== process.getgid?.())
        fs.fchownSync(fd, stat.uid, stat.gid);
    }
    for (const bytes of data) writeAll(fd, bytes);
    // On disk before the rename: a crash right after it leaves the new text, not an empty file.
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    return tmp;
  } catch (e) {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw cannotWrite(file, e);
  }
}

/** Words for the errors of the file system (a Map: keys are error codes, not C names). */
const REASONS = new Map<string, string>([
  ['EACCES', 'permission denied'],
  ['EPERM', 'operation not permitted'],
  ['EROFS', 'read-only file system'],
  ['ENOSPC', 'no space left on the device'],
  ['EDQUOT', 'disk quota exceeded'],
  ['EFBIG', 'file too large'],
  ['ENOTDIR', 'a part of the path is not a directory'],
  ['ELOOP', 'too many levels of symbolic links'],
  ['ENXIO', 'no reader (a socket or a FIFO nobody opened)'],
  ['EISDIR', 'it is a directory'],
  ['EIO', 'input/output error'],
]);

function cannotWrite(file: string, e: unknown): InputError {
  if (e instanceof InputError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  const reason = (code && REASONS.get(code)) ?? (e as Error).message;
  return new InputError(`cannot write '${file}': ${reason}`);
}
