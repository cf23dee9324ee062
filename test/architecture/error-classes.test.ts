/**
 * One error base class: every error the library throws on purpose is a `TritonIacError` with a code
 * in one style and a hint. A class that starts a new root (`extends Error`) fails here unless it is
 * one of the few listed below, each with the reason it is not one of ours.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_PATTERN, TritonIacError } from '../../common/errors.js';
import { classDeclarations, libraryErrorClasses, libraryErrorCodes } from '../support/error-classes.js';

/** Error classes that may extend a built-in error directly, by file and name, with why. */
const NOT_OURS: Readonly<Record<string, string>> = {
  'common/errors.ts TritonIacError': 'the base itself',
  'emulator/core/errors.ts EmulatorError':
    "the emulator's server-side error bodies, which mimic the real servers' wire codes (restCode)",
  'emulator/core/auth/auth-failure.ts AuthFailure': "the emulator's verdict on a signature, answered as a wire error",
  'emulator/core/attestation.ts RootProblem': 'caught by startEmulator and thrown as an EmulatorStartError',
  'provider/http/private/whole-body.ts RequestAbortedError':
    "stands for undici's own abort error (UND_ERR_ABORTED) so callers treat both alike",
  'common/policy-language/private/actual-value.ts MissingRequestValue':
    'a signal inside the policy evaluator, caught there (the rule then does not match)',
  'cli/command.ts UsageError':
    'printed as its bare message, with no code or hint; kept out of common/ so that --version loads nothing outside cli/',
  'cli/private/app-exit-guard.ts AppExitError':
    "stands for a loaded program's process.exit; the app loader always turns it into a usage error",
};

const BUILT_IN_ERRORS = /^(Error|TypeError|RangeError|SyntaxError|AggregateError|EvalError|ReferenceError|URIError)$/;

describe('error classes', () => {
  it('extend TritonIacError, not Error, apart from the listed classes that are not ours', () => {
    const roots = classDeclarations()
      .filter((c) => BUILT_IN_ERRORS.test(c.parent))
      .map((c) => `${c.file} ${c.name}`);
    expect(roots).toContain('common/errors.ts TritonIacError');
    expect(roots.filter((r) => NOT_OURS[r] === undefined)).toEqual([]);
    // An entry whose class is gone or now extends the base would hide the next root of that name.
    expect(Object.keys(NOT_OURS).filter((r) => !roots.includes(r))).toEqual([]);
  });

  it('each declare their codes in one style, with a hint for each', async () => {
    const classes = await libraryErrorClasses();
    expect(classes.map((c) => c.name)).toEqual(
      expect.arrayContaining(['ReconcilerError', 'TritonApiError', 'ValidationError', 'KindError']),
    );
    // A class without hints of its own or a parent's would print no advice for its codes (an abstract
    // base such as TritonError throws nothing itself: its subclasses declare theirs).
    const isBase = (c: (typeof classes)[number]): boolean => classes.some((o) => o.cls.prototype instanceof c.cls);
    const silent = classes.filter((c) => Object.keys(c.cls.hints).length === 0 && !isBase(c)).map((c) => c.name);
    expect(silent).toEqual([]);
    const codes = await libraryErrorCodes();
    expect([...codes.keys()].filter((code) => !ERROR_CODE_PATTERN.test(code))).toEqual([]);
    const withoutHint = [...codes].filter(([, { hint }]) => hint.trim() === '');
    expect(withoutHint).toEqual([]);
    // One code, one meaning: two classes declaring the same code would give it two hints.
    const shared = [...codes].filter(([, { classes: declaring }]) => declaring.length > 1);
    expect(shared).toEqual([]);
  });

  it('carry the hint for their code, unless the place that throws gives its own', async () => {
    const { ReconcilerError } = await import('../../reconciler/errors.js');
    const locked = new ReconcilerError('STATE_LOCKED', 'the state is locked');
    expect(locked).toBeInstanceOf(TritonIacError);
    expect(locked.hint).toBe(ReconcilerError.hints.STATE_LOCKED);
    const own = new ReconcilerError('STATE_LOCKED', 'the state is locked', { hint: 'Wait for run 7.' });
    expect(own.hint).toBe('Wait for run 7.');
    const { ValidationError, ConstructError } = await import('../../constructs/errors.js');
    const invalid = new ValidationError('Stack/u: login: "x y" has a space');
    expect(invalid).toBeInstanceOf(ConstructError);
    expect(invalid.code).toBe('VALIDATION_ERROR');
    expect(invalid.hint).toContain('Fix the prop');
  });
});
