/** The field samples of the account's own kinds: its profile, keys, users, access control, firewall. */
import {
  Account,
  AccountConfig,
  FirewallRule,
  Key,
  Policy,
  Role,
  RoleTag,
  Secret,
  User,
  UserKey,
} from '../../../index.js';
import { ATTESTATION, KEYS, accessKeySample, pick, profile, type Sample } from './field-sample-kit.js';

/** Samples by kind. */
export const ACCOUNT_SAMPLES: Readonly<Record<string, Sample>> = {
  'access-key': {
    declare: (s, changed) => accessKeySample(s, changed),
    list: async (world) => (await world.clients.cloudapi.listAccessKeys()).map((k) => k.description ?? ''),
  },
  'user-access-key': {
    declare: (s, changed) => accessKeySample(s, changed, 'sub-user'),
    async list(world) {
      const out: string[] = [];
      for (const u of await world.clients.cloudapi.listUsers())
        for (const k of await world.clients.cloudapi.listAccessKeys(u.login))
          out.push(`${u.login.toLowerCase()}/${k.description ?? ''}`);
      return out;
    },
  },
  account: {
    declare(s, changed) {
      return new Account(s, 'account', {
        ...profile(changed),
        email: pick(changed('email'), 'owner@acme.example', 'owner2@acme.example'),
        nameServiceEnabled: changed('svc_cns_enabled'),
      }).node.path;
    },
  },
  'account-config': {
    declare(s, changed) {
      return new AccountConfig(s, 'config', {
        // Networks the account may use: UpdateConfig refuses any other (`unknown network`).
        defaultNetwork: pick(
          changed('default_network'),
          'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10',
          '9ec60129-9034-47b4-b111-3026f9b1a10f',
        ),
      }).node.path;
    },
  },
  key: {
    declare(s, changed) {
      return new Key(s, 'key', {
        key: pick(changed('key'), KEYS[0]!, KEYS[1]!),
        name: pick(changed('name'), 'sweep-a', 'sweep-b'),
        // Only KEYS[0] is attested, so the chain goes with it (a changed key drops the attestation).
        ...(changed('attestation') ? { attestation: ATTESTATION.chain } : {}),
      }).node.path;
    },
    emulator: { trustedAttestationRoots: [ATTESTATION.root] },
    list: async (world) => (await world.clients.cloudapi.listKeys()).map((k) => k.fingerprint),
  },
  user: {
    declare(s, changed) {
      return new User(s, 'user', {
        login: pick(changed('login'), 'sweep', 'sweep2'),
        email: pick(changed('email'), 'sweep@acme.example', 'sweep2@acme.example'),
        ...profile(changed),
        password: Secret.fromEnv(changed('password') ? 'SWEEP_PASSWORD_B' : 'SWEEP_PASSWORD_A'),
      }).node.path;
    },
    list: async (world) => (await world.clients.cloudapi.listUsers()).map((u) => u.login.toLowerCase()),
  },
  'user-key': {
    declare(s, changed) {
      const a = new User(s, 'ownera', { login: 'ownera', email: 'ownera@acme.example' });
      const b = new User(s, 'ownerb', { login: 'ownerb', email: 'ownerb@acme.example' });
      return new UserKey(s, 'user-key', {
        user: pick(changed('user'), a, b),
        key: pick(changed('key'), KEYS[2]!, KEYS[3]!),
        name: pick(changed('name'), 'k-a', 'k-b'),
      }).node.path;
    },
    async list(world) {
      const out: string[] = [];
      for (const u of await world.clients.cloudapi.listUsers())
        for (const k of await world.clients.cloudapi.listUserKeys(u.login))
          out.push(`${u.login.toLowerCase()}/${k.fingerprint}`);
      return out;
    },
  },
  policy: {
    declare(s, changed) {
      return new Policy(s, 'policy', {
        name: pick(changed('name'), 'sweep-p', 'sweep-p2'),
        rules: [pick(changed('rules'), 'CAN getmachine', 'CAN listmachines')],
        description: pick(changed('description'), 'a', 'b'),
      }).node.path;
    },
    list: async (world) => (await world.clients.cloudapi.listPolicies()).map((p) => p.name),
  },
  'firewall-rule': {
    declare(s, changed) {
      return new FirewallRule(s, 'fwrule', {
        rule: pick(
          changed('rule'),
          'FROM any TO tag role = web ALLOW tcp PORT 443',
          'FROM any TO all vms ALLOW tcp PORT 22',
        ),
        enabled: changed('enabled'),
        log: changed('log'),
        description: pick(changed('description'), 'a', 'b'),
      }).node.path;
    },
    skip: {
      vms: 'made by the construct from an Instance target in the rule (test/reconciler/firewall-instance-target.test.ts)',
    },
    list: async (world) => (await world.clients.cloudapi.listFirewallRules()).map((r) => r.rule),
  },
  role: {
    declare(s, changed) {
      const a = new User(s, 'membera', { login: 'membera', email: 'membera@acme.example' });
      const b = new User(s, 'memberb', { login: 'memberb', email: 'memberb@acme.example' });
      const p = new Policy(s, 'p-a', { name: 'p-a', rules: ['CAN getmachine'] });
      const q = new Policy(s, 'p-b', { name: 'p-b', rules: ['CAN listmachines'] });
      return new Role(s, 'role', {
        name: pick(changed('name'), 'sweep-r', 'sweep-r2'),
        members: [pick(changed('members'), a, b)],
        policies: [pick(changed('policies'), p, q)],
      }).node.path;
    },
    list: async (world) => (await world.clients.cloudapi.listRoles()).map((r) => r.name),
  },
  'role-tag': {
    declare(s, changed) {
      const p = new Policy(s, 'tag-p', { name: 'tag-p', rules: ['CAN getmachine'] });
      const a = new Role(s, 'tag-a', { name: 'tag-a', policies: [p] });
      const b = new Role(s, 'tag-b', { name: 'tag-b', policies: [p] });
      return new RoleTag(s, 'role-tag', {
        resource: pick(changed('path'), '/acme/users', '/acme/policies'),
        roles: [pick(changed('roles'), a, b)],
        exclusive: changed('exclusive'),
      }).node.path;
    },
    async list(world) {
      const out: string[] = [];
      for (const path of ['/acme/users', '/acme/policies'])
        if ((await world.clients.cloudapi.getRoleTags(path)).length > 0) out.push(path);
      return out;
    },
  },
};
