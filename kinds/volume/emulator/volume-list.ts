/**
 * ListVolumes as sdc-cloudapi `lib/endpoints/volumes.js` (`validateListVolumesInput`,
 * `listVolumes`) and VOLAPI answer it: only the parameters `name`, `predicate`, `size`, `state`,
 * `type`, each checked; a field in both the predicate and the query refused; without a predicate
 * or a state, `failed` volumes are left out (PUBAPI-1371).
 */
import type { RequestContext, Reply } from '../../../emulator/core/types.js';
import type { VolumeRecord } from './volume-store.js';
import { volumeJson } from './volume-store.js';
import { matches, nameMatches, readPredicate, type VolumePredicate } from './volume-predicate.js';
import {
  nameSearchErrors,
  refuse,
  sizeSearchErrors,
  volumeStateErrors,
  volumeTypeErrors,
} from './volume-validation.js';

const PARAMS = ['name', 'predicate', 'size', 'state', 'type'];

/** The answer of ListVolumes over the account's volumes. */
export function listVolumes(rc: RequestContext, owned: readonly VolumeRecord[]): Reply {
  const q = (k: string): string | undefined => rc.query.get(k) ?? undefined;
  const errors: string[] = [...rc.query.keys()]
    .filter((k) => !PARAMS.includes(k))
    .map((k) => `Error: invalid parameter: ${k}`);
  if (q('name') !== undefined) errors.push(...nameSearchErrors(q('name')));
  if (q('type') !== undefined) errors.push(...volumeTypeErrors(q('type')));
  if (q('size') !== undefined) errors.push(...sizeSearchErrors(q('size')));
  if (q('state') !== undefined) errors.push(...volumeStateErrors(q('state')));
  let predicate: VolumePredicate | undefined;
  const text = q('predicate');
  if (text !== undefined) {
    const reading = readPredicate(text);
    if ('error' in reading) errors.push(reading.error);
    else {
      predicate = reading.predicate;
      for (const field of reading.fields)
        if (q(field) !== undefined)
          errors.push(`Error: predicate has "${field}" which conflicts with parameter with same name`);
    }
  }
  refuse(errors);
  const list = owned.filter(
    (v) =>
      (text !== undefined || q('state') !== undefined || v.state !== 'failed') &&
      matches(predicate, v) &&
      (q('name') === undefined || nameMatches(q('name')!, v.name)) &&
      (q('type') === undefined || v.type === q('type')) &&
      (q('size') === undefined || String(v.size) === q('size')) &&
      (q('state') === undefined || v.state === q('state')),
  );
  return {
    status: 200,
    body: list.map(volumeJson),
    headers: { 'x-query-limit': '1000', 'x-resource-count': String(list.length) },
  };
}
