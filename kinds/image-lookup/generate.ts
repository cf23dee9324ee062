/**
 * Images as look-ups (`Image.lookup` by name and version): the account's own custom images, and
 * each image an instance the program declares runs. A custom image is not declared as `new Image`:
 * the machine it was made from cannot be read back, and `new Image` needs it to make the image again.
 */
import type { FoundItem, KindGenerator } from '../../provider/generators/types.js';

/** Generates `image-lookup` (`generate --kinds image`). */
export const imageLookupGenerator: KindGenerator = {
  names: ['image'],
  kinds: ['image-lookup'],
  // After the instances, whose images it also looks up; written before them, which refer to it.
  readOrder: 60,
  order: 50,
  async read(r) {
    if (!r.wants('image')) return [];
    const { cloudapi } = r.ctx.clients;
    const signal = r.ctx.signal;
    return r.attempt('images', [] as FoundItem[], async () => {
      const owner = await cloudapi.getAccount({ signal }).then(
        (a) => a.id,
        () => undefined,
      );
      const images = await cloudapi.listImages({}, { signal });
      const used = new Set(r.found.flatMap((i) => (i.kind === 'instance' ? [String(i.props['image'])] : [])));
      const wanted = images.filter(
        (i) => used.has(i.id) || (owner !== undefined ? i.owner === owner : i.public !== true),
      );
      for (const id of used)
        if (!images.some((i) => i.id === id)) {
          const one = await cloudapi.getImage(id, { signal }).catch(() => undefined);
          if (one !== undefined) wanted.push(one);
        }
      return wanted
        .map((i) => ({ kind: 'image-lookup', props: { id: i.id, name: i.name, version: i.version } }))
        .sort((a, b) => (`${a.props.name}@${a.props.version}` < `${b.props.name}@${b.props.version}` ? -1 : 1));
    });
  },
  render(items, w) {
    w.section(
      'Images, as look-ups: a custom image cannot be made again from here (the machine it was made',
      'from cannot be read back), so the program finds it by name and version.',
    );
    for (const i of items) {
      const name = String(i.props['name']);
      const version = String(i.props['version']);
      w.construct(
        'Image.lookup',
        `image-${name}-${version}`,
        [`name: ${w.literal(name)}`, `version: ${w.literal(version)}`],
        { kind: 'image-lookup', key: String(i.props['id']), from: name, suffix: 'Image', attribute: 'imageId' },
      );
    }
  },
};
