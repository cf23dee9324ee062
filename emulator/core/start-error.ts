import { TritonIacError, type ErrorHints } from '../../common/errors.js';

/** Why the emulator could not start: each a problem of the machine or the data, not of the emulator. */
export type EmulatorStartProblem =
  /** Another process listens on the port. */
  | { readonly kind: 'port-in-use'; readonly service: string; readonly host: string; readonly port: number }
  /** The system refuses the port to this user (below 1024 without privileges). */
  | { readonly kind: 'port-not-allowed'; readonly service: string; readonly host: string; readonly port: number }
  /** A file of the data directory cannot be read back. */
  | {
      readonly kind: 'data-corrupt';
      readonly file: string;
      /** What is wrong, as a predicate of the file: `is not valid JSON (…)`. */
      readonly detail: string;
    }
  /** A trusted attestation root is not a self-signed CA certificate (as UFDS refuses to start with). */
  | {
      readonly kind: 'attestation-root-invalid';
      /** Its position in `trustedAttestationRoots`. */
      readonly index: number;
      /** What is wrong, as a predicate of the root: `is not a PEM certificate (…)`. */
      readonly detail: string;
    }
  /** A key given for an account is not an OpenSSH public key line. */
  | { readonly kind: 'account-key-invalid'; readonly login: string; readonly index: number }
  /** A host that is not loopback, without `allowNonLoopback` (the emulator serves plain HTTP by default). */
  | { readonly kind: 'host-not-loopback'; readonly host: string }
  /** A datacenter name of `datacenters` that is not usable. */
  | { readonly kind: 'datacenter-invalid'; readonly index: number; readonly name: string; readonly rule: string };

/** The stable codes of {@link EmulatorStartError}, one per problem kind. */
const CODES = {
  'port-in-use': 'EMULATOR_PORT_IN_USE',
  'port-not-allowed': 'EMULATOR_PORT_NOT_ALLOWED',
  'data-corrupt': 'EMULATOR_DATA_CORRUPT',
  'attestation-root-invalid': 'EMULATOR_ATTESTATION_ROOT_INVALID',
  'account-key-invalid': 'EMULATOR_ACCOUNT_KEY_INVALID',
  'host-not-loopback': 'EMULATOR_HOST_NOT_LOOPBACK',
  'datacenter-invalid': 'EMULATOR_DATACENTER_INVALID',
} as const;

function messageOf(problem: EmulatorStartProblem): string {
  switch (problem.kind) {
    case 'port-in-use':
      return `the ${problem.service} port ${problem.port} on ${problem.host} is already in use by another process: choose another port (0 picks a free one) or stop the process that listens on ${problem.port}`;
    case 'port-not-allowed':
      return `the ${problem.service} port ${problem.port} on ${problem.host} may not be used by this user (ports below 1024 need privileges): choose a port from 1024 up (0 picks a free one)`;
    case 'data-corrupt':
      return `the data file ${problem.file} ${problem.detail}. Nothing was changed; move that file away (the emulator then starts without what it held) or start with a fresh data directory`;
    case 'attestation-root-invalid':
      return `trusted attestation root ${problem.index} ${problem.detail}: give the self-signed CA certificate the attestation chains lead to`;
    case 'account-key-invalid':
      return `account "${problem.login}": keys[${problem.index}] is not an OpenSSH public key line (\`ssh-ed25519 AAAA… comment\`): give the key's .pub file, never the private key`;
    case 'host-not-loopback':
      return `refusing to listen on non-loopback host "${problem.host}": the emulator serves plain HTTP unless given a certificate; pass the host explicitly to allow it`;
    case 'datacenter-invalid':
      return `datacenters[${problem.index}] ${JSON.stringify(problem.name)} is refused: ${problem.rule}`;
  }
}

/**
 * The emulator could not start, for a reason the person starting it can fix (a taken port, a
 * damaged data file). The message names the port or file, what is wrong and what to do; `problem`
 * holds the same facts for a caller that words its own advice (the CLI names its flags).
 */
export class EmulatorStartError extends TritonIacError {
  // The message names the port or the file and what to do; these say where the problem comes from.
  static override readonly hints: ErrorHints<(typeof CODES)[keyof typeof CODES]> = {
    EMULATOR_PORT_IN_USE:
      'Another process listens there: give another port (--port, --manta-port) or stop that process.',
    EMULATOR_PORT_NOT_ALLOWED: 'This user may not listen on that port: give a port above 1023 (--port, --manta-port).',
    EMULATOR_DATA_CORRUPT:
      "The emulator's saved data is damaged (for --emulator, in .triton-iac/emulator): move the named file away, or start from a fresh data directory, and run again.",
    EMULATOR_ATTESTATION_ROOT_INVALID:
      'Give --attestation-root the self-signed root CA certificate (PEM) the attestation chains lead to, not an intermediate or a leaf.',
    EMULATOR_ACCOUNT_KEY_INVALID:
      'Give each account the OpenSSH public key (the .pub file, one `ssh-ed25519 AAAA…` or `ssh-rsa AAAA…` line) of a key you sign with.',
    EMULATOR_HOST_NOT_LOOPBACK:
      'Listen on 127.0.0.1 (the default), or pass allowNonLoopback: true (the CLI does when --host is given), with `tls` so that requests cannot be read on the network.',
    EMULATOR_DATACENTER_INVALID:
      'Name each datacenter once (--datacenter, repeatable), with letters, digits, "-" and "_", e.g. us-east-1.',
  };
  override readonly name = 'EmulatorStartError';
  /** One `EMULATOR_*` code per problem kind, e.g. `EMULATOR_PORT_IN_USE`. */
  readonly code: (typeof CODES)[keyof typeof CODES];

  /**
   * @param problem what went wrong
   * @param options.cause the underlying error (the listen or parse failure)
   */
  constructor(
    readonly problem: EmulatorStartProblem,
    options?: { readonly cause?: unknown },
  ) {
    super(messageOf(problem), options);
    this.code = CODES[problem.kind];
  }
}
