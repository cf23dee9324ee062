/**
 * What `triton-iac emulator` prints: the lines once it is ready (the exports to point the vendor
 * tools at it), why it could not start, and the warnings about accounts without a key.
 */
import { EmulatorStartError, type RunningEmulator } from '../../emulator/index.js';
import { shellWord } from './shell-word.js';

export function readyLines(running: RunningEmulator, json: boolean, explicitHost: boolean): string {
  const accounts = running.accounts.map((a) => ({ login: a.login, keys: a.keys.map((k) => k.fingerprint) }));
  if (json) {
    return JSON.stringify({
      cloudapiUrl: running.cloudapiUrl,
      mantaUrl: running.mantaUrl,
      accounts,
      ...(running.context.cloud !== undefined
        ? { datacenters: running.datacenters.map((d) => ({ name: d.name, cloudapiUrl: d.cloudapiUrl })) }
        : {}),
      dataDir: running.dataDir ?? null,
      ...(running.generatedKey !== undefined
        ? {
            generatedKey: {
              privateKeyPath: running.generatedKey.privateKeyPath,
              fingerprint: running.generatedKey.fingerprint,
            },
          }
        : {}),
    });
  }
  // The lines are for signing in: the first account someone can sign as.
  const first = running.accounts.find((a) => a.keys.length > 0) ?? running.accounts[0];
  const lines = [
    `triton-iac emulator: CloudAPI at ${cloudapiAt(running)}, Manta at ${running.mantaUrl}, accounts: ${accounts.map((a) => a.login).join(', ')}; state ${running.dataDir === undefined ? 'in memory' : `in ${running.dataDir}`}${explicitHost && running.cloudapiUrl.startsWith('http:') ? ' (plain HTTP, no TLS)' : ''}`,
    '# Paste the lines below into a shell: the triton and manta tools and triton-iac then use this emulator.',
  ];
  const keyId = running.generatedKey?.fingerprint ?? first?.keys[0]?.fingerprint;
  if (running.generatedKey !== undefined) {
    // No client reads a private key path from the environment (the vendor tools look in ssh-agent
    // and ~/.ssh only), so the generated key goes into the agent, starting one if none runs.
    lines.push(
      `# The key pair of account ${first?.login ?? 'demo'} is ${running.generatedKey.privateKeyPath}${running.dataDir === undefined ? ' (removed when the emulator stops)' : ''}.`,
      '[ -n "$SSH_AUTH_SOCK" ] || eval "$(ssh-agent -s)" >/dev/null',
      // The vendor tools' key search fails outright when ~/.ssh is missing, even with the key in the agent.
      '[ -d ~/.ssh ] || mkdir -m 700 ~/.ssh',
      `ssh-add -q ${shellWord(running.generatedKey.privateKeyPath)}`,
    );
  } else if (keyId !== undefined) {
    lines.push(`# Requests are signed with the private key of ${keyId}: it must be in ssh-agent or ~/.ssh.`);
  }
  const login = first?.login ?? '';
  const keyVar = (name: string): string => (keyId !== undefined ? ` ${name}=${keyId}` : '');
  // triton-iac's own variable rides on the TRITON_ line (the last line is what readers wait for):
  // without it, a plan or drift right after an apply waits out a real cloud's window (15 s) for a
  // second read that an emulator with a smaller window does not need.
  const window = ` TRITON_IAC_CONSISTENCY_WINDOW_MS=${running.context.consistency.windowMs}`;
  lines.push(
    `export TRITON_URL=${running.cloudapiUrl} TRITON_ACCOUNT=${login}${keyVar('TRITON_KEY_ID')} TRITON_TLS_INSECURE=1${window}`,
    `export MANTA_URL=${running.mantaUrl} MANTA_USER=${login}${keyVar('MANTA_KEY_ID')} MANTA_TLS_INSECURE=1`,
  );
  if (running.context.cloud !== undefined) {
    // TRITON_URL above is the first datacenter's; the others are a TRITON_URL away.
    lines.push('# Each datacenter (TRITON_URL above is the first):');
    for (const dc of running.datacenters) lines.push(`#   ${dc.name}: export TRITON_URL=${dc.cloudapiUrl}`);
  }
  return lines.join('\n');
}

/**
 * Why the emulator did not start, worded with this command's flags: a taken port or a damaged data
 * file is for the user to fix, not a bug to report.
 */
export function startFailure(err: EmulatorStartError, rootFiles: readonly string[]): string {
  const p = err.problem;
  switch (p.kind) {
    case 'port-in-use':
    case 'port-not-allowed': {
      // The Manta monitor listens on the Manta port + 800, so --manta-port moves it too.
      const flag = p.service.startsWith('Manta') ? '--manta-port' : '--port';
      const why =
        p.kind === 'port-in-use'
          ? `is already in use by another process; pick another with ${flag} N (${flag} 0 picks a free one), or stop the process that listens on ${p.port}`
          : `may not be used by this user (ports below 1024 need privileges); pick one from 1024 up with ${flag} N (${flag} 0 picks a free one)`;
      return `cannot start the emulator: the ${p.service} port ${p.port} on ${p.host} ${why}.`;
    }
    case 'data-corrupt':
      return `cannot start the emulator: the data file ${p.file} ${p.detail}. Nothing was changed; move that file out of the data directory (the emulator then starts without what it held), or start with a fresh --data-dir.`;
    case 'attestation-root-invalid':
      return `cannot start the emulator: --attestation-root ${rootFiles[p.index] ?? `#${p.index}`}: the certificate ${p.detail}; give the self-signed CA certificate the attestation chains lead to.`;
    case 'account-key-invalid':
      return `cannot start the emulator: key ${p.index + 1} given with --key ${p.login}=FILE is not an OpenSSH public key line; give the key's .pub file.`;
    case 'host-not-loopback':
      // The CLI allows any host it is given explicitly, so only a library caller meets this.
      return `cannot start the emulator: ${err.message}.`;
    case 'datacenter-invalid':
      return `cannot start the emulator: --datacenter ${JSON.stringify(p.name)} (number ${p.index + 1}) is refused: ${p.rule}.`;
  }
}

/** Warnings for accounts nobody can sign as: they exist, but every request to them is refused. */
export function keylessWarnings(running: RunningEmulator): string {
  return running.accounts
    .filter((a) => a.keys.length === 0)
    .map(
      (a) =>
        `warning: account ${a.login} has no key, so no request can be signed as it; give --key ${a.login}=~/.ssh/id_rsa.pub (a public key whose private half is in ssh-agent or ~/.ssh)\n`,
    )
    .join('');
}

/** The CloudAPI URL, or with several datacenters each one's, named. */
function cloudapiAt(running: RunningEmulator): string {
  if (running.context.cloud === undefined) return running.cloudapiUrl;
  return running.datacenters.map((d) => `${d.cloudapiUrl} (${d.name})`).join(', ');
}
