import { CHUNK } from './limits';
import { chunkText as chunkWithSize } from './text-prep.mjs';

/**
 * Splits text into passages of about `min`..`max` characters, cut at paragraph ends
 * where possible and otherwise at sentence ends. The chunks are consecutive slices:
 * joined, they give back the text exactly.
 */
export const chunkText = (text: string, size: { min: number; max: number } = CHUNK): string[] => chunkWithSize(text, size);
