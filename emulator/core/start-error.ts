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
    };

/** The stable codes of {@link EmulatorStartError}, one per problem kind. */
const CODES = {
  'port-in-use': 'EMULATOR_PORT_IN_USE',
  'port-not-allowed': 'EMULATOR_PORT_NOT_ALLOWED',
  'data-corrupt': 'EMULATOR_DATA_CORRUPT',
  'attestation-root-invalid': 'EMULATOR_ATTESTATION_ROOT_INVALID',
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
  }
}

/**
 * The emulator could not start, for a reason the person starting it can fix (a taken port, a
 * damaged data file). The message names the port or file, what is wrong and what to do; `problem`
 * holds the same facts for a caller that words its own advice (the CLI names its flags).
 */
export class EmulatorStartError extends Error {
  override readonly name = 'EmulatorStartError';
  /** `EMULATOR_PORT_IN_USE`, `EMULATOR_PORT_NOT_ALLOWED`, `EMULATOR_DATA_CORRUPT` or `EMULATOR_ATTESTATION_ROOT_INVALID`. */
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
