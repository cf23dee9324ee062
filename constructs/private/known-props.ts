/**
 * Unknown props fail synth. TypeScript catches a misspelt prop only when the app is type-checked,
 * and the CLI loads apps without that (tsx strips types): `new Role(s, 'ops', { defaultMember: [u] })`
 * would otherwise synthesize a role with no members and say nothing.
 */
import { didYouMean } from '../../common/did-you-mean.js';
import { ValidationError } from '../errors.js';
import type { ResourceOptionProps } from '../resource-options.js';

/**
 * The prop names of a props interface `T`, as data. Taking an object with every key of `T` set to
 * `true` makes the compiler check that the list is complete and has nothing else. The lifecycle
 * options every resource takes ({@link ResourceOptionProps}) are checked by the resource base.
 */
export function propNames<T>(names: {
  readonly [K in Exclude<keyof Required<T>, keyof ResourceOptionProps>]: true;
}): readonly string[] {
  return Object.keys(names);
}

/**
 * Throws naming the construct path, each unknown prop and the closest known one.
 * @param what the construct class, e.g. `Role`
 */
export function checkKnownProps(path: string, props: object, known: readonly string[], what: string): void {
  const problems = Object.keys(props)
    .filter((name) => !known.includes(name))
    .map(
      (name) =>
        `${path}: prop ${JSON.stringify(name)}: ${what} has no such prop${didYouMean(name, known)}; its props are ${known.join(', ') || 'none'}`,
    );
  if (problems.length > 0) throw new ValidationError(problems.join('\n'));
}
