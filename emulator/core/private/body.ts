import type { IncomingMessage } from 'node:http';
import { EmulatorError } from '../errors.js';

/**
 * Reads and parses a request body: JSON, or form-urlencoded, as CloudAPI accepts both.
 * @throws EmulatorError 413 RequestTooLarge above `maxBytes`, 400 InvalidContent for bad JSON
 */
export async function readParsedBody(req: IncomingMessage, maxBytes: number): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes)
      throw new EmulatorError(413, 'RequestTooLarge', `request body is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  if (size === 0) return {};
  const text = Buffer.concat(chunks).toString('utf8');
  const type = (req.headers['content-type'] ?? 'application/json').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(text)) {
      const prev = out[k];
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    return out;
  }
  if (type.startsWith('multipart/')) {
    throw new EmulatorError(
      415,
      'UnsupportedMediaType',
      'multipart/form-data bodies are not supported by the emulator; send JSON',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new EmulatorError(400, 'InvalidContent', `Invalid JSON: ${(err as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new EmulatorError(400, 'InvalidContent', 'the request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
