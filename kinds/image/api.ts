/**
 * CloudAPI images (list, get, delete, export, create from a machine) and the read-only machine
 * look-ups images need.
 */
import type { CallOptions } from '../../provider/http/api-caller.js';
import { accountPath, requireId, type CloudApiContext } from '../../provider/cloudapi/private/context.js';
import type {
  CreateImageInput,
  ExportImageResult,
  Image,
  ListImagesFilter,
  Machine,
} from '../../provider/cloudapi/types.js';
import { IMAGE_FIELDS } from '../../provider/cloudapi/private/response-fields.js';

/** Image and machine operations. */
export interface ImagesApi {
  /** ListImages with optional filters (active images only unless `state: 'all'`). */
  listImages(filter?: ListImagesFilter, options?: CallOptions): Promise<Image[]>;
  /** GetImage. */
  getImage(id: string, options?: CallOptions): Promise<Image>;
  /** DeleteImage (caller must own it). */
  deleteImage(id: string, options?: CallOptions): Promise<void>;
  /** ExportImage to an object-store path prefix. */
  exportImage(id: string, storePath: string, options?: CallOptions): Promise<ExportImageResult>;
  /** CreateImageFromMachine (POST, never retried). */
  createImageFromMachine(input: CreateImageInput, options?: CallOptions): Promise<Image>;
  /** ListMachines, with optional filters passed as query parameters. */
  listMachines(filter?: Readonly<Record<string, string | number | boolean>>, options?: CallOptions): Promise<Machine[]>;
  /** GetMachine. */
  getMachine(id: string, options?: CallOptions): Promise<Machine>;
}

/** Builds the images section. */
export function imagesApi(ctx: CloudApiContext): ImagesApi {
  const { caller } = ctx;
  return {
    async listImages(filter = {}, options = {}) {
      return (
        await caller.json<Image[]>({
          expect: 'list',
          operation: 'ListImages',
          fields: IMAGE_FIELDS,
          method: 'GET',
          path: accountPath(ctx, 'images'),
          query: { ...filter },
          signal: options.signal,
        })
      ).data;
    },
    async getImage(id, options = {}) {
      return (
        await caller.json<Image>({
          expect: 'object',
          operation: 'GetImage',
          fields: IMAGE_FIELDS,
          method: 'GET',
          path: accountPath(ctx, 'images', requireId(id, 'id')),
          signal: options.signal,
        })
      ).data;
    },
    async deleteImage(id, options = {}) {
      await caller.empty({
        operation: 'DeleteImage',
        method: 'DELETE',
        path: accountPath(ctx, 'images', requireId(id, 'id')),
        signal: options.signal,
      });
    },
    async exportImage(id, storePath, options = {}) {
      requireId(storePath, 'storePath');
      const res = await caller.json<ExportImageResult>({
        expect: 'object',
        operation: 'ExportImage',
        method: 'POST',
        path: accountPath(ctx, 'images', requireId(id, 'id')),
        query: { action: 'export' },
        // The spec writes `store_path` for a wire name that carries the store's brand
        // (`manta_path` on real servers); sending both works with either.
        json: { store_path: storePath, manta_path: storePath },
        signal: options.signal,
      });
      return res.data;
    },
    async createImageFromMachine(input, options = {}) {
      for (const field of ['machine', 'name', 'version'] as const) requireId(input?.[field], field);
      return (
        await caller.json<Image>({
          expect: 'object',
          operation: 'CreateImageFromMachine',
          fields: IMAGE_FIELDS,
          method: 'POST',
          path: accountPath(ctx, 'images'),
          json: input,
          signal: options.signal,
        })
      ).data;
    },
    async listMachines(filter = {}, options = {}) {
      return (
        await caller.json<Machine[]>({
          expect: 'list',
          operation: 'ListMachines',
          method: 'GET',
          path: accountPath(ctx, 'machines'),
          query: { ...filter },
          signal: options.signal,
        })
      ).data;
    },
    async getMachine(id, options = {}) {
      return (
        await caller.json<Machine>({
          expect: 'object',
          operation: 'GetMachine',
          method: 'GET',
          path: accountPath(ctx, 'machines', requireId(id, 'id')),
          signal: options.signal,
        })
      ).data;
    },
  };
}
