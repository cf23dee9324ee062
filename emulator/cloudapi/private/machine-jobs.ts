/**
 * A machine's VMAPI jobs: each action CloudAPI answers at once (202 or 204) is a job queued on the
 * machine, run one after the other (VMAPI serialises a VM's jobs), each taking its duration from the
 * timing profile. A job's effect shows when it ends; while it runs the machine shows the state the
 * real one does (`stopping` during a stop); MachineAudit lists it once it ended, under CloudAPI's
 * action name (sdc-cloudapi lib/audit.js `translateAction`) with the caller CloudAPI recorded.
 * Moved along lazily on every read, like provisioning, so an injected clock works.
 */
import type { RequestContext } from '../../core/types.js';
import type { JobKind } from '../../core/timing.js';
import type { AuditCaller, JobEffect, MachineJob, MachineRecord } from './fixtures.js';

export type { JobEffect, MachineJob } from './fixtures.js';

/**
 * The caller CloudAPI records in a job's context (its `getContext`): a signed request's source
 * address and key id.
 */
export function callerOf(rc: RequestContext): AuditCaller {
  return { type: 'signature', ip: rc.sourceIp, ...(rc.auth !== undefined ? { keyId: rc.auth.keyId } : {}) };
}

/**
 * When the machine's last queued job (or its provision) ends: a new job starts then at the soonest.
 * A destroy does not wait for the provision (VMAPI destroys a machine not yet on a server at once).
 */
function busyUntil(machine: MachineRecord, effect: JobEffect): number {
  const last = machine.jobs?.[machine.jobs.length - 1];
  return Math.max(last?.endAt ?? 0, effect.kind === 'destroy' ? 0 : (machine.readyAt ?? 0));
}

/**
 * Queues a job on the machine, starting when the jobs before it ended.
 * @param kind which duration of the profile it takes
 * @returns the job (its `startAt` and `endAt` for the records it moves, a NIC or a snapshot)
 */
export function enqueueJob(
  rc: RequestContext,
  machine: MachineRecord,
  action: string,
  kind: JobKind,
  effect: JobEffect,
): MachineJob {
  const now = rc.ctx.clock();
  const startAt = Math.max(now, busyUntil(machine, effect));
  const job: MachineJob = { action, startAt, endAt: startAt + rc.ctx.timing.ms(kind), effect, caller: callerOf(rc) };
  machine.jobs = [...(machine.jobs ?? []), job];
  return job;
}

/** True when a destroy job is queued or running on the machine (a second DeleteMachine adds none). */
export function destroying(machine: MachineRecord): boolean {
  return (machine.jobs ?? []).some((j) => j.effect.kind === 'destroy');
}

/**
 * Ends the jobs whose time has come, in order, and shows the running one's state.
 * @returns true when something changed
 */
export function runJobs(machine: MachineRecord, now: number): boolean {
  const jobs = machine.jobs;
  if (jobs === undefined || jobs.length === 0) return false;
  let changed = false;
  while (machine.jobs !== undefined && machine.jobs[0] !== undefined && machine.jobs[0].endAt <= now) {
    const job = machine.jobs[0];
    machine.jobs = machine.jobs.slice(1);
    apply(machine, job);
    machine.updated = new Date(job.endAt).toISOString();
    machine.audit = [
      {
        action: job.action,
        parameters: {},
        success: 'yes' as const,
        caller: job.caller,
        time: new Date(job.endAt).toISOString(),
      },
      ...(machine.audit ?? []),
    ].slice(0, 100);
    changed = true;
  }
  if (machine.jobs?.length === 0) delete machine.jobs;
  const running = machine.jobs?.[0];
  // A stop shows `stopping` from the moment vmadm starts halting the zone until it is down.
  if (running !== undefined && running.startAt <= now && running.effect.kind === 'state') {
    if (running.effect.state === 'stopped' && machine.state === 'running') {
      machine.state = 'stopping';
      changed = true;
    }
  }
  return changed;
}

function apply(machine: MachineRecord, job: MachineJob): void {
  const e = job.effect;
  switch (e.kind) {
    case 'state':
      if (machine.state !== 'deleted') machine.state = e.state;
      return;
    case 'resize':
      machine.package = e.package;
      machine.memory = e.memory;
      machine.disk = e.disk;
      return;
    case 'rename':
      machine.name = e.name;
      return;
    case 'firewall':
      machine.firewall_enabled = e.enabled;
      return;
    case 'deletion_protection':
      machine.deletion_protection = e.enabled;
      return;
    case 'destroy':
      machine.state = 'deleted';
      machine.deletedAt = job.endAt;
      delete machine.readyAt;
      // Whatever was still queued behind the destroy never runs.
      machine.jobs = [];
      return;
    case 'delete_snapshot':
      machine.snapshots = (machine.snapshots ?? []).filter((s) => s.name !== e.name);
      return;
    case 'none':
      return;
  }
}
