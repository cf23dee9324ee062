/** One measured run of one tool in one scenario, and how runs are summarised. */
import { loadavg } from 'node:os';
import type { RequestCounts } from './cloud.js';
import type { Measured } from './proc.js';

/** One run. */
export interface Sample {
  readonly wallMs: number;
  readonly peakRssMb: number | null;
  readonly exitCode: number;
  readonly requests: RequestCounts;
  /** The first error line when the tool failed. */
  readonly error: string | null;
  /** Scenario-specific observations (errors counted, changes left, …). */
  readonly notes?: Readonly<Record<string, unknown>>;
  /** The machine's 1-minute load average when the run ended (the machine may be shared). */
  readonly load1?: number;
}

/** The samples of one tool in one scenario at one size. */
export interface ScenarioSamples {
  readonly scenario: string;
  readonly n: number;
  readonly tool: string;
  readonly samples: Sample[];
}

/** Builds a sample from a measured run and the emulator's counts. */
export function sampleOf(
  m: Measured,
  requests: RequestCounts,
  error: string | null,
  notes?: Record<string, unknown>,
): Sample {
  return {
    wallMs: Math.round(m.wallMs),
    peakRssMb: m.peakRssMb,
    exitCode: m.code,
    requests,
    error,
    ...(notes ? { notes } : {}),
    load1: Math.round(loadavg()[0]! * 10) / 10,
  };
}

/** The median of `values` (the lower middle for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Collects samples by scenario, size and tool. */
export class SampleSet {
  readonly all: ScenarioSamples[] = [];

  /** Adds one run. */
  add(scenario: string, n: number, tool: string, sample: Sample): void {
    let entry = this.all.find((e) => e.scenario === scenario && e.n === n && e.tool === tool);
    if (!entry) {
      entry = { scenario, n, tool, samples: [] };
      this.all.push(entry);
    }
    entry.samples.push(sample);
  }
}
