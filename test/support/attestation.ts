import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throw-away YubiKey-like PIV attestation: a root CA, an intermediate, and the key's certificate. */
export interface TestAttestation {
  /** The root CA certificate (PEM): what the emulator is told to trust. */
  readonly root: string;
  /** The chain to send with the key, leaf first: `[attestation certificate, intermediate]`. */
  readonly chain: string[];
}

/** The YubiKey PIV policies to put in the attestation certificate (1 = never). */
export interface PivPolicy {
  /** 1 never, 2 once, 3 always. @default 2 */
  readonly pin?: 1 | 2 | 3;
  /** 1 never, 2 always, 3 cached. @default 3 */
  readonly touch?: 1 | 2 | 3;
}

/** How to make the chain. */
export interface TestAttestationOptions extends PivPolicy {
  /** Whether the intermediate's basic constraints say it is a CA. @default true */
  readonly intermediateIsCa?: boolean;
}

const CONFIG = (policy: Required<PivPolicy>, intermediateIsCa: boolean): string => `
[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[ca_ext]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
[int_ext]
basicConstraints = critical,CA:${intermediateIsCa ? 'TRUE' : 'FALSE'}
[leaf_ext]
1.3.6.1.4.1.41482.3.8 = DER:0${policy.pin}:0${policy.touch}
`;

/**
 * Makes an attestation chain for the key whose PKCS#8 private key is `subjectPrivatePem`, with the
 * `openssl` command, in a temporary folder removed at once. Each call makes a new root.
 */
export function makeTestAttestation(subjectPrivatePem: string, options: TestAttestationOptions = {}): TestAttestation {
  const dir = mkdtempSync(join(tmpdir(), 'triton-iac-attest-'));
  const ssl = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  };
  try {
    writeFileSync(
      join(dir, 'openssl.cnf'),
      CONFIG({ pin: options.pin ?? 2, touch: options.touch ?? 3 }, options.intermediateIsCa ?? true),
    );
    writeFileSync(join(dir, 'subject.key'), subjectPrivatePem, { mode: 0o600 });
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    const req = ['req', '-config', 'openssl.cnf', '-new'];
    ssl(
      ...req,
      '-x509',
      ...ec,
      '-keyout',
      'root.key',
      '-out',
      'root.pem',
      '-days',
      '3650',
      '-extensions',
      'ca_ext',
      '-subj',
      '/CN=Test PIV Root CA',
    );
    ssl(...req, ...ec, '-keyout', 'int.key', '-out', 'int.csr', '-subj', '/CN=Test PIV Attestation');
    ssl(...req, '-key', 'subject.key', '-out', 'leaf.csr', '-subj', '/CN=YubiKey PIV Attestation 9a');
    const issue = (csr: string, ca: string, serial: string, ext: string, out: string): void =>
      ssl(
        'x509',
        '-req',
        '-in',
        csr,
        '-CA',
        `${ca}.pem`,
        '-CAkey',
        `${ca}.key`,
        '-set_serial',
        serial,
        '-days',
        '3650',
        '-extfile',
        'openssl.cnf',
        '-extensions',
        ext,
        '-out',
        out,
      );
    issue('int.csr', 'root', '2', 'int_ext', 'int.pem');
    issue('leaf.csr', 'int', '3', 'leaf_ext', 'leaf.pem');
    const pem = (file: string): string => readFileSync(join(dir, file), 'utf8').trim();
    return { root: pem('root.pem'), chain: [pem('leaf.pem'), pem('int.pem')] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
